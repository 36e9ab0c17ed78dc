/**
 * Shared static analyses for the degenerate-construct warnings (W01xx): which seat a block of
 * steps favours, which steps are decisions, what a block shows to both seats (its public
 * signature), and what a condition reads.
 */
import type { BoolExpr, GameIR, IntExpr, Party, Step } from '../../ir/schema.js';
import { childBlocks, visitSteps } from '../../ir/walk.js';

/** Every phase and sub-phase. */
export function allBlocks(ir: GameIR): { name: string; steps: Step[] }[] {
  return [...ir.phases, ...ir.subphases];
}

/** The sub-phases by name. */
export function subphaseMap(ir: GameIR): Map<string, Step[]> {
  return new Map(ir.subphases.map((p) => [p.name, p.steps]));
}

/**
 * Whether a step asks a seat to decide: betting rounds, choices, wagers, simultaneous picks,
 * sealed bids, side bets, chosen discards and chosen peeks.
 */
export function isDecision(st: Step): boolean {
  switch (st.kind) {
    case 'betting':
    case 'varbet':
    case 'choice':
    case 'wager':
    case 'simultaneous':
    case 'auction':
    case 'sidebet':
      return true;
    case 'discard':
    case 'peek':
      return st.pick === 'chosen';
    default:
      return false;
  }
}

/** Whether a block holds a decision anywhere (following `call`s into sub-phases). */
export function hasDecision(steps: readonly Step[], subs: Map<string, Step[]>, seen = new Set<string>()): boolean {
  let found = false;
  visitSteps(steps, (st) => {
    if (found) return;
    if (isDecision(st)) found = true;
    else if (st.kind === 'call' && !seen.has(st.phase)) {
      seen.add(st.phase);
      if (hasDecision(subs.get(st.phase) ?? [], subs, seen)) found = true;
    }
  });
  return found;
}

const partySeat = (p: Party): number | null => (p.kind === 'seat' ? p.seat : null);

/**
 * The seats a block of steps favours (0, 1, or both): a payment favours the payee (or, into the
 * pot, the payer's opponent); a card dealt to a hand, a peek, a steal, a gained score, a position
 * given to a seat or an `end` won by it favour that seat; a reveal, a discard or a lost score
 * favour the opponent. Branches count with all their possibilities. Neutral steps (shuffles,
 * counters, swaps, deals to both) favour nobody.
 */
export function favoured(steps: readonly Step[], subs: Map<string, Step[]>, out = new Set<number>(), seen = new Set<string>()): Set<number> {
  for (const st of steps) {
    switch (st.kind) {
      case 'pay': {
        const to = partySeat(st.to);
        const from = partySeat(st.from);
        if (to !== null) out.add(to);
        else if (st.to.kind === 'pot' && from !== null) out.add(1 - from);
        break;
      }
      case 'peek':
      case 'steal':
        if (st.seat.kind === 'seat') out.add(st.seat.seat);
        break;
      case 'deal':
        if (st.to.kind === 'hand') out.add(st.to.seat);
        break;
      case 'reveal':
      case 'discard':
        out.add(1 - st.seat);
        break;
      case 'score':
        if (st.delta !== 0) out.add(st.delta > 0 ? st.seat : 1 - st.seat);
        break;
      case 'assign':
        if (st.criterion.kind === 'seat') out.add(st.criterion.seat);
        break;
      case 'end':
        if (st.winner !== null) out.add(st.winner);
        break;
      case 'call':
        if (!seen.has(st.phase)) {
          seen.add(st.phase);
          favoured(subs.get(st.phase) ?? [], subs, out, seen);
        }
        break;
      default:
        for (const block of childBlocks(st)) favoured(block, subs, out, seen);
    }
  }
  return out;
}

const ref = (x: { kind: string; seat?: number; name?: string }): string => (x.kind === 'seat' ? `s${x.seat}` : x.kind === 'pile' ? `p:${x.name}` : x.kind);

/**
 * What both seats observe when a block runs, as a string: chips moved, cards dealt (hand and
 * pile sizes), counters set, scores, face-up cards, announced peeks, public checks, decisions
 * asked, the end of the game. Two blocks with the same signature look the same to the opponent;
 * a fully private peek leaves no trace. Private checks inside contribute their alternatives.
 */
export function publicSignature(steps: readonly Step[], subs: Map<string, Step[]>, seen = new Set<string>()): string {
  const out: string[] = [];
  for (const st of steps) {
    switch (st.kind) {
      case 'pay':
        out.push(`pay ${JSON.stringify(st.amount)} ${ref(st.from)}>${ref(st.to)}`);
        break;
      case 'deal':
        out.push(`deal ${st.count} ${ref(st.from)}>${ref(st.to)}${st.faceUp ? ' up' : ''}`);
        break;
      case 'peek':
        if (st.visibility === 'occurrence') out.push(`peek ${ref(st.seat)}>${st.target}`);
        break;
      case 'set':
        out.push(`set ${st.variable}`);
        break;
      case 'call':
        if (seen.has(st.phase)) out.push(`call ${st.phase}`);
        else {
          seen.add(st.phase);
          out.push(publicSignature(subs.get(st.phase) ?? [], subs, seen));
          seen.delete(st.phase);
        }
        break;
      case 'if':
        out.push(`if(${[...st.branches.map((b) => publicSignature(b.steps, subs, seen)), publicSignature(st.otherwise, subs, seen)].join('|')})`);
        break;
      default: {
        const blocks = childBlocks(st);
        const { kind } = st;
        const head = JSON.stringify({ ...st, ...Object.fromEntries(['steps', 'options', 'outcomes', 'otherwise', 'prize', 'branches', 'items'].map((k) => [k, undefined])) });
        out.push(blocks.length ? `${kind}(${head};${blocks.map((b) => publicSignature(b, subs, seen)).join('|')})` : head);
      }
    }
  }
  return out.filter((x) => x !== '').join(';');
}

/** Every integer expression read by a condition (recursively). */
export function intsOf(c: BoolExpr, out: IntExpr[] = []): IntExpr[] {
  const ints = (e: IntExpr) => {
    out.push(e);
    if (e.kind === 'add' || e.kind === 'sub' || e.kind === 'mul') {
      ints(e.left);
      ints(e.right);
    }
  };
  switch (c.kind) {
    case 'cmp':
      ints(c.left);
      ints(c.right);
      break;
    case 'and':
    case 'or':
      for (const a of c.args) intsOf(a, out);
      break;
    case 'not':
      intsOf(c.arg, out);
      break;
    default:
  }
  return out;
}

/** Every atom of a condition: comparisons' operands, `has`, `hasPair`, `holds`. */
export function atomsOf(c: BoolExpr, out: BoolExpr[] = []): BoolExpr[] {
  if (c.kind === 'and' || c.kind === 'or') for (const a of c.args) atomsOf(a, out);
  else if (c.kind === 'not') atomsOf(c.arg, out);
  else out.push(c);
  return out;
}

/** Every condition of a block with the step that checks it (ifs, events, loop exits, side bets). */
export function conditionsOf(steps: readonly Step[]): { cond: BoolExpr; step: Step; check: 'public' | 'private' | null }[] {
  const out: { cond: BoolExpr; step: Step; check: 'public' | 'private' | null }[] = [];
  visitSteps(steps, (st) => {
    if (st.kind === 'if') for (const b of st.branches) out.push({ cond: b.cond, step: st, check: b.check });
    else if (st.kind === 'triggers') for (const i of st.items) out.push({ cond: i.cond, step: st, check: i.check });
    else if (st.kind === 'repeat' && st.until) out.push({ cond: st.until, step: st, check: null });
    else if (st.kind === 'sidebet') out.push({ cond: st.cond, step: st, check: null });
  });
  return out;
}
