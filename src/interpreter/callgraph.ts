/**
 * Static facts about a game's step blocks, computed before code generation: how deep sub-phase
 * calls nest (the frame stack's size), which sub-phases run in a private context, and whether
 * the game needs the extended registers.
 */
import type { GameIR, Step } from '../ir/schema.js';
import { ProgramError } from './program.js';

/** The blocks of steps nested directly in a step, each with whether it is private to the seats. */
export function childBlocks(step: Step, priv: boolean): { steps: Step[]; priv: boolean }[] {
  switch (step.kind) {
    case 'if': {
      const last = step.branches[step.branches.length - 1];
      return [
        ...step.branches.map((b) => ({ steps: b.steps, priv: priv || b.check === 'private' })),
        // `otherwise` runs when the last check failed: public when that failure was announced.
        { steps: step.otherwise, priv: priv || last.check === 'private' },
      ];
    }
    case 'triggers':
      return step.items.map((it) => ({ steps: it.steps, priv: priv || it.check === 'private' }));
    case 'repeat':
      return [{ steps: step.steps, priv }];
    case 'choice':
      return step.options.map((o) => ({ steps: o.steps, priv: priv || step.announce === 'private' }));
    case 'simultaneous':
      return [...step.outcomes.map((o) => ({ steps: o.steps, priv })), { steps: step.otherwise, priv }];
    case 'auction':
      return [{ steps: step.prize, priv }];
    default:
      return [];
  }
}

/** What the code generator needs to know before it starts. */
export interface CallGraphFacts {
  /** Deepest nesting of sub-phase calls (0 without calls). */
  maxFrames: number;
  /** Sub-phases called (directly or not) from a private context. */
  privateSubphases: Set<string>;
  /** Whether any step needs the extended registers (anything beyond shuffle, deal, ante, fixed betting, call). */
  needsExt: boolean;
}

const POKER_STEPS = new Set<Step['kind']>(['shuffle', 'deal', 'ante', 'betting', 'call']);

/**
 * Analyse the call graph of a game.
 * @throws ProgramError when a `call` names no sub-phase or sub-phases call each other in a cycle
 *   (the compiler's checks report both first).
 */
export function analyseCalls(ir: GameIR): CallGraphFacts {
  const subs = new Map(ir.subphases.map((p) => [p.name, p]));
  const depth = new Map<string, number>();
  const onPath = new Set<string>();
  let needsExt = ir.variables.length > 0 || ir.positions.length > 0 || ir.showdown.metric === 'sum-of-ranks';

  /** Deepest call nesting below a block. */
  const blockDepth = (steps: Step[]): number => {
    let d = 0;
    for (const st of steps) {
      if (!POKER_STEPS.has(st.kind)) needsExt = true;
      if (st.kind === 'deal' && st.to.kind === 'winner') needsExt = true;
      if (st.kind === 'betting' && typeof st.betSize === 'object') needsExt = true;
      if (st.kind === 'call') d = Math.max(d, 1 + subDepth(st.phase));
      for (const child of childBlocks(st, false)) d = Math.max(d, blockDepth(child.steps));
    }
    return d;
  };
  const subDepth = (name: string): number => {
    const known = depth.get(name);
    if (known !== undefined) return known;
    const sub = subs.get(name);
    if (!sub) throw new ProgramError(`no sub-phase named '${name}'`);
    if (onPath.has(name)) throw new ProgramError(`sub-phase '${name}' calls itself`);
    onPath.add(name);
    const d = blockDepth(sub.steps);
    onPath.delete(name);
    depth.set(name, d);
    return d;
  };
  let maxFrames = 0;
  for (const p of ir.phases) maxFrames = Math.max(maxFrames, blockDepth(p.steps));
  for (const p of ir.subphases) subDepth(p.name);

  // Private contexts: flags only grow, so the walk ends.
  const privateSubphases = new Set<string>();
  const publicVisited = new Set<string>();
  const visit = (steps: Step[], priv: boolean): void => {
    for (const st of steps) {
      if (st.kind === 'call') {
        const sub = subs.get(st.phase)!;
        if (priv && !privateSubphases.has(st.phase)) {
          privateSubphases.add(st.phase);
          visit(sub.steps, true);
        } else if (!priv && !publicVisited.has(st.phase)) {
          publicVisited.add(st.phase);
          visit(sub.steps, false);
        }
      }
      for (const child of childBlocks(st, priv)) visit(child.steps, child.priv);
    }
  };
  for (const p of ir.phases) visit(p.steps, false);
  return { maxFrames, privateSubphases, needsExt };
}
