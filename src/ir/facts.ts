/**
 * Facts about a game's IR that no single step knows, shared by the compiler's checks, the
 * rulebook and the generator: its blocks and steps, the conditions it checks and what they read,
 * which steps are decisions, which seat a block favours, and what a block shows both seats (its
 * public signature and trace), with which private steps give themselves away (W0105 and the
 * generator's visibility repair). Walks descend into nested blocks (`visitSteps`); those that
 * follow `call` into sub-phases cut call cycles (the compiler rejects them; a hand-written IR
 * might not).
 */
import type { BoolExpr, FirstSeat, GameIR, IntExpr, Party, Step, StepKind, TablePosition } from './schema.js';
import { childBlocks, visitSteps } from './walk.js';

/**
 * Whether a game is played by the table engine (`src/interpreter/table-*.ts`): more than two
 * seats, or a button. Its steps are the table steps (E0252).
 */
export function isTableGame(ir: GameIR): boolean {
  return ir.seats.length > 2 || ir.button === true;
}

/** The seats that are players: every seat but the house (`house`), in seat order. */
export function playerSeats(ir: GameIR): number[] {
  return ir.seats.map((_, i) => i).filter((i) => ir.house?.seat !== i);
}

/** A seat as the rules write it: a seat index, a table position (the blinds of `blinds SMALL, BIG`) or the first seat left of one. */
export type SeatInRules = number | TablePosition | Exclude<FirstSeat, number>;

/** A table position in words: `the button`, `the small blind`, `the big blind`, `the first seat left of the big blind`. */
export function tableSeatWords(p: Exclude<SeatInRules, number>): string {
  if (typeof p === 'object') return `the first seat left of ${tableSeatWords(p.leftOf)}`;
  return p === 'button' ? 'the button' : p === 'small-blind' ? 'the small blind' : 'the big blind';
}

/** Every phase and sub-phase, phases first. */
export function allBlocks(ir: GameIR): { name: string; steps: Step[] }[] {
  return [...ir.phases, ...ir.subphases];
}

/** The sub-phases' steps by name. */
export function subphaseMap(ir: GameIR): Map<string, Step[]> {
  return new Map(ir.subphases.map((p) => [p.name, p.steps]));
}

/** Every step of the game in reading order: phases, then sub-phases, nested blocks included. */
export function allSteps(ir: GameIR): Step[] {
  const out: Step[] = [];
  for (const p of allBlocks(ir)) visitSteps(p.steps, (s) => out.push(s));
  return out;
}

/**
 * The steps of `name`'s sub-phase run through `expand`, unless a call to it is already being
 * expanded (a call cycle): then `cut()`. `active` holds the sub-phases being expanded.
 */
function throughCall<T>(name: string, subs: Map<string, Step[]>, active: Set<string>, expand: (steps: Step[]) => T, cut: () => T): T {
  if (active.has(name)) return cut();
  active.add(name);
  try {
    return expand(subs.get(name) ?? []);
  } finally {
    active.delete(name);
  }
}

// ── Conditions ────────────────────────────────────────────────────────────────────────────────

/** A condition of the game, the step that checks it, and how. */
export interface ConditionUse {
  cond: BoolExpr;
  step: Step;
  /** `public`/`private` for `if` and `events`; `loop` for a loop's early exit; `sidebet` for a side bet's condition. */
  use: 'public' | 'private' | 'loop' | 'sidebet';
}

/**
 * The conditions the given steps check themselves, in order (a list of steps as {@link allSteps}
 * gives it: nested blocks are not entered here; pass `allSteps(ir)` for the whole game).
 */
export function conditionsOf(steps: readonly Step[]): ConditionUse[] {
  const out: ConditionUse[] = [];
  for (const step of steps) {
    if (step.kind === 'if') for (const b of step.branches) out.push({ cond: b.cond, step, use: b.check });
    else if (step.kind === 'triggers') for (const i of step.items) out.push({ cond: i.cond, step, use: i.check });
    else if (step.kind === 'repeat' && step.until) out.push({ cond: step.until, step, use: 'loop' });
    else if (step.kind === 'sidebet') out.push({ cond: step.cond, step, use: 'sidebet' });
  }
  return out;
}

/** An integer expression and every expression inside it (sums, differences, products), outermost first. */
export function intTerms(e: IntExpr, out: IntExpr[] = []): IntExpr[] {
  out.push(e);
  if (e.kind === 'add' || e.kind === 'sub' || e.kind === 'mul') {
    intTerms(e.left, out);
    intTerms(e.right, out);
  }
  return out;
}

/** Every integer expression read by a condition (recursively). */
export function intsOf(c: BoolExpr, out: IntExpr[] = []): IntExpr[] {
  switch (c.kind) {
    case 'cmp':
      intTerms(c.left, out);
      intTerms(c.right, out);
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

/** Whether an integer expression is known to both seats (everything but cards in hands). */
const publicInt = (e: IntExpr): boolean => e.kind !== 'highest' && e.kind !== 'total';

/** Whether a condition reads only public quantities (no card in a hand, no hidden position). */
export function publicCondition(c: BoolExpr, ir: GameIR): boolean {
  const hidden = new Set(ir.positions.filter((p) => p.visibility === 'hidden').map((p) => p.name));
  return intsOf(c).every(publicInt) && atomsOf(c).every((a) => a.kind === 'cmp' || a.kind === 'bool' || (a.kind === 'holds' && !hidden.has(a.position)));
}

// ── Decisions and who a block favours ────────────────────────────────────────────────────────

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

/**
 * The seats a decision step asks to decide (see {@link isDecision}): the seat of a choice, wager,
 * side bet, chosen discard or chosen peek (null for a peek by an auction's winner: either seat);
 * every seat for betting rounds, simultaneous picks and sealed bids; none for other steps.
 */
export function decidingSeats(st: Step, numSeats: number): (number | null)[] {
  if (!isDecision(st)) return [];
  switch (st.kind) {
    case 'choice':
    case 'wager':
    case 'sidebet':
    case 'discard':
      return [st.seat];
    case 'peek':
      return [st.seat.kind === 'seat' ? st.seat.seat : null];
    default:
      return Array.from({ length: numSeats }, (_, i) => i);
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

// ── What a block shows both seats ────────────────────────────────────────────────────────────

const ref = (x: { kind: string; seat?: number; name?: string }): string => (x.kind === 'seat' ? `s${x.seat}` : x.kind === 'pile' ? `p:${x.name}` : x.kind);

/**
 * What both seats observe when a block runs, as a string, for telling a private step's
 * alternatives apart (W0105): chips moved, cards dealt (hand and pile sizes), counters set,
 * scores, face-up cards, announced peeks, public checks, decisions asked, the end of the game.
 * Two blocks with the same signature look the same to the opponent; a fully private peek leaves
 * no trace. Private checks inside contribute their alternatives. (The rulebook's
 * {@link publicTrace} is finer: it keeps public conditions and names the kinds of change.)
 */
export function publicSignature(steps: readonly Step[], subs: Map<string, Step[]>, active = new Set<string>()): string {
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
        out.push(
          throughCall(
            st.phase,
            subs,
            active,
            (body) => publicSignature(body, subs, active),
            () => `call ${st.phase}`,
          ),
        );
        break;
      case 'if':
        out.push(`if(${[...st.branches.map((b) => publicSignature(b.steps, subs, active)), publicSignature(st.otherwise, subs, active)].join('|')})`);
        break;
      default: {
        const blocks = childBlocks(st);
        const { kind } = st;
        const head = JSON.stringify({
          ...st,
          ...Object.fromEntries(['steps', 'options', 'outcomes', 'otherwise', 'prize', 'branches', 'items'].map((k) => [k, undefined])),
        });
        out.push(blocks.length ? `${kind}(${head};${blocks.map((b) => publicSignature(b, subs, active)).join('|')})` : head);
      }
    }
  }
  return out.filter((x) => x !== '').join(';');
}

/** What a block of steps shows both seats: a canonical signature and the kinds of public change. */
export interface PublicTrace {
  /** Equal for two blocks whose public effects cannot be told apart. */
  signature: string;
  /** `chips`, `cards`, `announcements`, `counters`, `scores`, `positions`. */
  changes: Set<string>;
}

/** The kinds of public change each step kind makes (peeks, calls and blocks are handled apart). */
const CHANGE: Partial<Record<StepKind, string[]>> = {
  shuffle: ['announcements'],
  deal: ['cards'],
  ante: ['chips'],
  blinds: ['chips'],
  betting: ['chips', 'announcements'],
  varbet: ['chips', 'announcements'],
  end: ['chips'],
  choice: ['announcements'],
  wager: ['chips'],
  match: ['chips'],
  simultaneous: ['announcements'],
  auction: ['announcements'],
  reveal: ['announcements'],
  swap: ['cards'],
  steal: ['cards'],
  discard: ['cards'],
  pay: ['chips'],
  sidebet: ['announcements'],
  score: ['scores'],
  assign: ['positions'],
  set: ['counters'],
};

/**
 * The public trace of a block of steps (sub-phase calls followed, cycles cut), for the
 * rulebook's inferability notes: every step but private peeks, with public checks' conditions.
 */
export function publicTrace(ir: GameIR, steps: readonly Step[]): PublicTrace {
  const subs = subphaseMap(ir);
  const changes = new Set<string>();
  const active = new Set<string>();
  const sig = (block: readonly Step[]): unknown[] =>
    block.flatMap((s): unknown[] => {
      if (s.kind === 'call') return throughCall(s.phase, subs, active, sig, () => [`call ${s.phase}`]);
      if (s.kind === 'peek') {
        if (s.visibility === 'private') return [];
        changes.add('announcements');
        return [{ peek: s.seat, of: s.target }];
      }
      for (const c of CHANGE[s.kind] ?? []) changes.add(c);
      if (s.kind === 'if')
        return [
          { if: s.branches.map((b) => ({ check: b.check, cond: b.check === 'public' ? b.cond : null, steps: sig(b.steps) })), otherwise: sig(s.otherwise) },
        ];
      if (s.kind === 'triggers') return [{ events: s.items.map((i) => ({ check: i.check, steps: sig(i.steps) })) }];
      if (s.kind === 'repeat') return [{ repeat: s.max, steps: sig(s.steps) }];
      if (s.kind === 'choice') return [{ choice: s.seat, options: s.options.map((o) => ({ cost: o.cost, steps: sig(o.steps) })) }];
      if (s.kind === 'simultaneous') return [{ simultaneous: s.options, outcomes: s.outcomes.map((o) => sig(o.steps)), otherwise: sig(s.otherwise) }];
      if (s.kind === 'auction') return [{ auction: s.max, prize: sig(s.prize) }];
      return [s];
    });
  const signature = JSON.stringify(sig(steps));
  return { signature, changes };
}

/** Indices of alternatives (public signatures) that no other alternative shares. */
export function giveaways(alternatives: string[]): number[] {
  return alternatives.flatMap((sig, i) => (alternatives.filter((x) => x === sig).length === 1 ? [i] : []));
}

/**
 * How a private step gives itself away the moment it runs (W0105; the generator makes such steps
 * public): an `if` whose private branch reads only public numbers (`alternative` null) or one of
 * whose alternatives (branch index, or `branches.length` for the `else` block or running none)
 * has public effects no other has; an event (`item`) that reads only public numbers or has
 * public effects; a choice one of whose options has a cost or public effects no other has.
 */
export type Giveaway =
  | { kind: 'if'; publicCondition: boolean; alternative: number | null }
  | { kind: 'event'; item: number; publicCondition: boolean }
  | { kind: 'choice'; option: number };

/** The ways `st` (when private) gives itself away; empty when it hides something or is not private. */
export function giveawaysOf(st: Step, ir: GameIR, subs: Map<string, Step[]>): Giveaway[] {
  const sig = (steps: Step[]) => publicSignature(steps, subs);
  if (st.kind === 'if' && st.branches.some((b) => b.check === 'private')) {
    if (st.branches.some((b) => b.check === 'private' && publicCondition(b.cond, ir))) return [{ kind: 'if', publicCondition: true, alternative: null }];
    const g = giveaways([...st.branches.map((b) => sig(b.steps)), sig(st.otherwise)]);
    return g.length > 0 ? [{ kind: 'if', publicCondition: false, alternative: g[0]! }] : [];
  }
  if (st.kind === 'triggers') {
    return st.items.flatMap((item, i): Giveaway[] => {
      if (item.check !== 'private') return [];
      if (publicCondition(item.cond, ir)) return [{ kind: 'event', item: i, publicCondition: true }];
      return sig(item.steps) !== '' ? [{ kind: 'event', item: i, publicCondition: false }] : [];
    });
  }
  if (st.kind === 'choice' && st.announce === 'private') {
    const g = giveaways(st.options.map((o) => `${JSON.stringify(o.cost)}@${o.costChance};${sig(o.steps)}`));
    return g.length > 0 ? [{ kind: 'choice', option: g[0]! }] : [];
  }
  return [];
}
