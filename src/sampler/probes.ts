/**
 * Probes for the acceptance filter: an instrumented copy of a game's IR in which every phase,
 * every sub-phase and every conditional branch starts by adding 1 to a counter variable of its
 * own, and every `if` and every `events` item is preceded by a counter of how often it was
 * reached. Reading the counters at the end of an episode (`InterpreterState.variable`) tells
 * which phases fired and which branches ran, how often each condition was checked and how often
 * it held — for private checks too, which announce nothing in the event log.
 *
 * The copy plays exactly like the original under any agent that reads only legal actions (the
 * uniform random agent): `set` steps are neither decisions nor chance nodes, and an `events`
 * block is played as the equivalent sequence of `if` steps (each item checked in order, after the
 * previous item's steps ran). Only the event log differs (the counters' public `set` events), so
 * information states are measured on the original game, never on the copy.
 */
import type { GameIR, Phase, Step } from '../ir/schema.js';
import { childBlocks, mapChildBlocks } from '../ir/walk.js';

/** A phase or sub-phase whose firing is counted. */
export interface PhaseProbe {
  name: string;
  sub: boolean;
  /** Counter: times the phase's first step ran. */
  counter: string;
}

/** A conditional branch: a branch of an `if`, its `else` when it has steps, or an `events` item. */
export interface BranchProbe {
  /** Where it is, e.g. `Roles: if 1, branch 2` or `Upheaval: events 1, item 1`. */
  label: string;
  /** Counter: times the branch ran. */
  hits: string;
  /** Counter: times its condition was checked (null for an `else`, which has no condition). */
  checked: string | null;
  /** Counters subtracted from `reached` to get the checks: earlier branches of the same `if`. */
  earlier: string[];
  /** Counter: times the `if` or `events` item was reached (the first condition's checks). */
  reached: string;
}

/** An instrumented game: the IR with counters, and what each counter measures. */
export interface Instrumented {
  ir: GameIR;
  phases: PhaseProbe[];
  branches: BranchProbe[];
}

/** Probe variable names contain `#`, which no `.gbg` name can, so they never collide with the game's. */
const PREFIX = '#probe';

/** Instrument a game (the input is not modified). */
export function instrument(ir: GameIR): Instrumented {
  let n = 0;
  const variables: string[] = [];
  const fresh = (): string => {
    const name = `${PREFIX}${n++}`;
    variables.push(name);
    return name;
  };
  const bump = (name: string): Step => ({ kind: 'set', variable: name, value: { kind: 'add', left: { kind: 'var', name }, right: { kind: 'int', value: 1 } } });
  const phases: PhaseProbe[] = [];
  const branches: BranchProbe[] = [];

  // Numbering of the `if` and `events` steps of the phase being instrumented, in reading order.
  let ifs = 0;
  let evs = 0;
  const block = (steps: Step[], where: string): Step[] => {
    const out: Step[] = [];
    for (const st of steps) {
      if (st.kind === 'if') {
        const label = `${where}: if ${++ifs}`;
        const reached = fresh();
        const earlier: string[] = [];
        const newBranches = st.branches.map((br, i) => {
          const hits = fresh();
          branches.push({ label: `${label}, branch ${i + 1}`, hits, checked: reached, earlier: [...earlier], reached });
          earlier.push(hits);
          return { ...br, steps: [bump(hits), ...block(br.steps, where)] };
        });
        let otherwise = block(st.otherwise, where);
        if (st.otherwise.length > 0) {
          const hits = fresh();
          branches.push({ label: `${label}, else`, hits, checked: null, earlier: [...earlier], reached });
          otherwise = [bump(hits), ...otherwise];
        }
        out.push(bump(reached), { ...st, branches: newBranches, otherwise });
      } else if (st.kind === 'triggers') {
        const label = `${where}: events ${++evs}`;
        st.items.forEach((item, i) => {
          const reached = fresh();
          const hits = fresh();
          branches.push({ label: `${label}, item ${i + 1}`, hits, checked: reached, earlier: [], reached });
          out.push(bump(reached), {
            kind: 'if',
            branches: [{ cond: item.cond, check: item.check, steps: [bump(hits), ...block(item.steps, where)] }],
            otherwise: [],
          });
        });
      } else out.push(mapChildBlocks(st, (b) => block(b, where)));
    }
    return out;
  };

  const phase = (p: Phase, sub: boolean): Phase => {
    ifs = 0;
    evs = 0;
    const counter = fresh();
    phases.push({ name: p.name, sub, counter });
    return { name: p.name, steps: [bump(counter), ...block(p.steps, p.name)] };
  };
  const newPhases = ir.phases.map((p) => phase(p, false));
  const newSubs = ir.subphases.map((p) => phase(p, true));
  return {
    ir: { ...ir, phases: newPhases, subphases: newSubs, variables: [...ir.variables, ...variables.map((name) => ({ name, initial: 0 }))] },
    phases,
    branches,
  };
}

/**
 * A conditional branch of {@link probeSites}: its label (as {@link instrument} names it) and the
 * IR objects whose compiled `IF` instructions count it (`compileProgram`'s `ifOf` keys): the branch
 * ran when the `IF` of `hitAt` held (`hitOnFail`: failed, for an `else`, at the `if`'s last branch);
 * its condition was checked each time the `IF` of `checkedAt` ran (null for an `else`).
 */
export interface BranchSite {
  label: string;
  hitAt: object;
  hitOnFail: boolean;
  checkedAt: object | null;
}

/** The phases and branches {@link instrument} would probe, in its order, located by IR object instead of counter. */
export interface ProbeSites {
  phases: { name: string; sub: boolean }[];
  branches: BranchSite[];
}

/**
 * What {@link instrument} probes, without instrumenting: the same phases and conditional
 * branches with the same labels in the same order, each branch located by the IR branch or item
 * whose `IF` instruction counts it (for counting on the plain game, `instruction-counts.ts`).
 */
export function probeSites(ir: GameIR): ProbeSites {
  const phases: { name: string; sub: boolean }[] = [];
  const branches: BranchSite[] = [];
  let ifs = 0;
  let evs = 0;
  const block = (steps: readonly Step[], where: string): void => {
    for (const st of steps) {
      if (st.kind === 'if') {
        const label = `${where}: if ${++ifs}`;
        st.branches.forEach((br, i) => {
          branches.push({ label: `${label}, branch ${i + 1}`, hitAt: br, hitOnFail: false, checkedAt: br });
          block(br.steps, where);
        });
        block(st.otherwise, where);
        if (st.otherwise.length > 0) branches.push({ label: `${label}, else`, hitAt: st.branches[st.branches.length - 1], hitOnFail: true, checkedAt: null });
      } else if (st.kind === 'triggers') {
        const label = `${where}: events ${++evs}`;
        st.items.forEach((item, i) => {
          branches.push({ label: `${label}, item ${i + 1}`, hitAt: item, hitOnFail: false, checkedAt: item });
          block(item.steps, where);
        });
      } else for (const b of childBlocks(st)) block(b, where);
    }
  };
  const phase = (p: Phase, sub: boolean): void => {
    ifs = 0;
    evs = 0;
    phases.push({ name: p.name, sub });
    block(p.steps, p.name);
  };
  ir.phases.forEach((p) => phase(p, false));
  ir.subphases.forEach((p) => phase(p, true));
  return { phases, branches };
}
