/**
 * IR → step program. Each phase starts with a `PHASE` instruction; the program ends with
 * `SHOWDOWN` and `HALT`; sub-phases follow, each ending with `RET`. Conditions, loops, options,
 * outcomes and prizes become jumps over blocks laid out in line. The step compiler is a
 * `StepHandlers` table, so a new step kind in the IR is a compile error here until handled.
 */
import { pokerRankOrder } from '../ir/poker.js';
import type { PokerRules } from './poker-hand.js';
import type { GameIR, PileRef, Step, StepHandlers } from '../ir/schema.js';
import { analyseCalls, childBlocks } from './callgraph.js';
import { canonicalDeck, cardName, numCardTypes, rankOf } from './cards.js';
import { compileBool, compileInt, describeBool, type ExprContext } from './expr.js';
import { R, X } from './layout.js';
import {
  RAISES,
  CRITERION,
  DECK_PILE,
  INSTR_WIDTH,
  MAX_CARDS,
  MAX_PILES,
  METRIC,
  OP,
  PARTY,
  ProgramError,
  handPile,
  programRecord,
  type AuctionTable,
  type BoolFn,
  type ChoiceTable,
  type IntFn,
  type LoopTable,
  type OpCode,
  type Program,
  type SimultaneousTable,
  UNLIMITED_BANK,
} from './program.js';

/** The tables filled while compiling steps (expressions, options, loops, …). */
export interface DynamicTables {
  conds: BoolFn[];
  condText: string[];
  ints: IntFn[];
  loops: LoopTable[];
  choices: ChoiceTable[];
  simultaneous: SimultaneousTable[];
  auctions: AuctionTable[];
  sidebets: { seat: number; amount: number; cond: number }[];
  reasons: string[];
}

/** A program's constant tables (everything but the code and what depends on it). */
export type ProgramTables = Omit<
  Program,
  'code' | 'numInstructions' | 'maxFrames' | 'registerCount' | 'pileBytes' | 'ext' | 'varBase' | 'posBase' | 'privateAt' | 'blockOf' | 'runner' | 'counts'
>;

/** Where the extended registers, variables and positions sit for a frame-stack size. */
export function registerLayout(
  maxFrames: number,
  needsExt: boolean,
  numVars: number,
  numPositions: number,
): Pick<Program, 'ext' | 'varBase' | 'posBase' | 'registerCount'> {
  const after = R.FRAMES + maxFrames;
  if (!needsExt) return { ext: -1, varBase: after, posBase: after, registerCount: after };
  const varBase = after + X.COUNT;
  const posBase = varBase + numVars;
  return { ext: after, varBase, posBase, registerCount: posBase + numPositions };
}

/**
 * Builds instruction arrays: `emit` appends an instruction and returns its index; `patch`
 * rewrites an operand (for forward jumps). Each instruction records the block it belongs to and
 * whether it runs in a private context (`block`, `priv` at the time of `emit`). Used by the
 * compiler and by tests that assemble control flow by hand.
 */
export class Assembler {
  private readonly words: number[] = [];
  private readonly privFlags: number[] = [];
  private readonly blocks: number[] = [];
  /** Phase (index) or sub-phase (number of phases + index) of the next instructions. */
  block = 0;
  /** Whether the next instructions run in a private context. */
  priv = false;

  /** Index the next emitted instruction will get. */
  get here(): number {
    return this.words.length / INSTR_WIDTH;
  }

  emit(op: OpCode, ...operands: number[]): number {
    if (operands.length >= INSTR_WIDTH) throw new ProgramError(`too many operands for opcode ${op}`);
    const at = this.here;
    this.words.push(op, ...operands);
    for (let i = operands.length + 1; i < INSTR_WIDTH; i++) this.words.push(0);
    this.privFlags.push(this.priv ? 1 : 0);
    this.blocks.push(this.block);
    return at;
  }

  /** Set operand `index` (0-based, after the opcode) of instruction `at`. */
  patch(at: number, index: number, value: number): void {
    this.words[at * INSTR_WIDTH + 1 + index] = value;
  }

  /**
   * The finished program. `maxFrames`: deepest sub-phase nesting (frame stack size); `needsExt`:
   * whether to allocate the extended registers, variables and positions.
   */
  finish(tables: ProgramTables, maxFrames = 0, needsExt = false): Program {
    const layout = registerLayout(maxFrames, needsExt, tables.variableNames.length, tables.positions.length);
    const pileBytes = tables.pileNames.length * (1 + tables.pileCapacity);
    return programRecord({
      ...tables,
      ...layout,
      code: Int32Array.from(this.words),
      numInstructions: this.here,
      maxFrames,
      pileBytes,
      privateAt: Uint8Array.from(this.privFlags),
      blockOf: Int16Array.from(this.blocks),
      runner: null,
      counts: null,
    });
  }
}

/**
 * The constant tables of a game: pile indices and visibility, card names and values, stacks,
 * the showdown metric, names of variables and positions; the tables that code generation fills
 * start empty.
 * @throws ProgramError when the showdown's board pile does not exist, the deck has more than
 *   {@link MAX_CARDS} cards or the game more than {@link MAX_PILES} piles.
 */
const METRIC_OF = {
  'high-card': METRIC.HIGH_CARD,
  'pair-with-board': METRIC.PAIR_WITH_BOARD,
  'sum-of-ranks': METRIC.SUM_OF_RANKS,
  'poker-hand': METRIC.POKER_HAND,
} as const;

export function programTables(ir: GameIR): ProgramTables {
  const nTypes = numCardTypes(ir.deck);
  if (nTypes * ir.deck.copies > MAX_CARDS)
    throw new ProgramError(`the deck has ${nTypes * ir.deck.copies} cards; the interpreter handles at most ${MAX_CARDS}`);
  if (ir.piles.length + 4 > MAX_PILES) throw new ProgramError(`the game has ${ir.piles.length + 4} piles; the interpreter handles at most ${MAX_PILES}`);
  const cardNames: string[] = [];
  const cardRank = new Int32Array(nTypes);
  const cardValue = new Int32Array(nTypes);
  for (let t = 0; t < nTypes; t++) {
    cardNames.push(cardName(ir.deck, t));
    cardRank[t] = rankOf(ir.deck, t);
    cardValue[t] = ir.deck.ranks[cardRank[t]].value;
  }
  const pileNames = ['deck', `${ir.seats[0]}'s hand`, `${ir.seats[1]}'s hand`, ...ir.piles.map((p) => p.name), 'out of play'];
  const pilePublic = Uint8Array.from(pileNames.map((_, i) => (i >= 3 && i < 3 + ir.piles.length && ir.piles[i - 3].visibility === 'public' ? 1 : 0)));
  const pileOwner = Int8Array.from(pileNames.map((_, i) => (i === 1 ? 0 : i === 2 ? 1 : -1)));
  let boardPile = -1;
  if ((ir.showdown.metric === 'pair-with-board' || ir.showdown.metric === 'poker-hand') && ir.showdown.board !== null) {
    const name = ir.showdown.board;
    boardPile = ir.piles.findIndex((p) => p.name === name) + 3;
    if (name === undefined || boardPile < 3) throw new ProgramError(`showdown ${ir.showdown.metric}: no pile named '${name ?? ''}'`);
  }
  const order = pokerRankOrder(ir);
  const position = new Int32Array(order.length);
  order.forEach((rank, i) => (position[rank] = i));
  const pokerRank = new Int32Array(nTypes);
  const cardSuit = new Int32Array(nTypes);
  for (let t = 0; t < nTypes; t++) {
    pokerRank[t] = position[cardRank[t]];
    cardSuit[t] = t % ir.deck.suits.length;
  }
  let poker: PokerRules | null = null;
  if (ir.showdown.metric === 'poker-hand') {
    if (new Set(ir.deck.ranks.map((r) => r.value)).size !== ir.deck.ranks.length) throw new ProgramError('showdown poker-hand: the ranks need distinct values');
    poker = { numRanks: order.length, suited: ir.showdown.suited, flushBeatsFullHouse: ir.showdown.flushBeatsFullHouse };
  }
  const nRanks = ir.deck.ranks.length;
  const pairPoints = new Int32Array(nRanks);
  const eachPoints = new Int32Array(nRanks);
  if (ir.showdown.metric === 'sum-of-ranks')
    for (const rule of ir.showdown.rules) {
      if (rule.rank >= nRanks) throw new ProgramError(`scoring rule names rank index ${rule.rank}; the deck has ${nRanks} ranks`);
      (rule.kind === 'pair' ? pairPoints : eachPoints)[rule.rank] += rule.points;
    }
  const initialDeck = canonicalDeck(ir.deck);
  return {
    seatNames: [ir.seats[0], ir.seats[1]],
    phaseNames: ir.phases.map((p) => p.name),
    subphaseNames: ir.subphases.map((p) => p.name),
    pileNames,
    pilePublic,
    pileOwner,
    outPile: pileNames.length - 1,
    pileCapacity: initialDeck.length,
    initialDeck,
    numCardTypes: nTypes,
    cardNames,
    cardRank,
    cardValue,
    rankNames: ir.deck.ranks.map((r) => r.name),
    startStacks: [0, 1].map((i) => (ir.house?.seat === i && ir.house.bank === 'unlimited' ? UNLIMITED_BANK : ir.stacks[i])) as [number, number],
    unlimitedSeat: ir.house?.bank === 'unlimited' ? ir.house.seat : -1,
    houseSeat: ir.house?.seat ?? -1,
    shoeCut: ir.shoe?.cut ?? 0,
    metric: METRIC_OF[ir.showdown.metric],
    boardPile,
    pokerRank,
    cardSuit,
    poker,
    pairPoints,
    eachPoints,
    variableNames: ir.variables.map((v) => v.name),
    variableInitial: ir.variables.map((v) => v.initial),
    positions: ir.positions.map((p) => ({ name: p.name, hidden: p.visibility === 'hidden' })),
    conds: [],
    condText: [],
    ints: [],
    loops: [],
    choices: [],
    simultaneous: [],
    auctions: [],
    sidebets: [],
    reasons: [],
  };
}

/** Call the handler of a step's kind. */
function dispatch<R>(handlers: StepHandlers<R>, step: Step): R {
  return (handlers[step.kind] as (s: Step) => R)(step);
}

/** The first `deal` of a block in reading order (an auction's prize: its cancellation test). */
function firstDeal(steps: Step[]): Extract<Step, { kind: 'deal' }> | null {
  for (const st of steps) {
    if (st.kind === 'deal') return st;
    for (const child of childBlocks(st, false)) {
      const found = firstDeal(child.steps);
      if (found) return found;
    }
  }
  return null;
}

/**
 * Compile a game's IR into a step program.
 * @throws ProgramError on a name that does not resolve (pile, variable, position, sub-phase,
 *   option), a deal from a pile into itself, sub-phases that call each other in a cycle, or an
 *   auction inside an auction's prize.
 * @param ifOf when given, filled with the IF instruction that checks each branch of an `if` step
 *   and each item of an `events` step, keyed by the IR branch or item object
 */
export function compileProgram(ir: GameIR, ifOf?: Map<object, number>): Program {
  const base = programTables(ir);
  const facts = analyseCalls(ir);
  const layout = registerLayout(facts.maxFrames, facts.needsExt, ir.variables.length, ir.positions.length);
  const t: DynamicTables = { conds: [], condText: [], ints: [], loops: [], choices: [], simultaneous: [], auctions: [], sidebets: [], reasons: [] };
  const pile = (ref: PileRef): number => {
    if (ref.kind === 'deck') return DECK_PILE;
    if (ref.kind === 'hand') return handPile(ref.seat);
    const i = ir.piles.findIndex((p) => p.name === ref.name);
    if (i < 0) throw new ProgramError(`no pile named '${ref.name}'`);
    return 3 + i;
  };
  const varIndex = (name: string): number => {
    const i = base.variableNames.indexOf(name);
    if (i < 0) throw new ProgramError(`no variable named '${name}'`);
    return i;
  };
  const posIndex = (name: string): number => {
    const i = base.positions.findIndex((p) => p.name === name);
    if (i < 0) throw new ProgramError(`no position named '${name}'`);
    return i;
  };
  let inPrize = false;
  const ctx: ExprContext = {
    seatNames: base.seatNames,
    rankNames: base.rankNames,
    pileNames: base.pileNames,
    pile,
    varReg: (name) => layout.varBase + varIndex(name),
    posReg: (name) => layout.posBase + posIndex(name),
    posHidden: (name) => base.positions[posIndex(name)].hidden,
    get winnerReg() {
      return inPrize ? layout.ext + X.WINNER : -1;
    },
    scoreReg: layout.ext + X.SCORE,
    pileBase: (p) => base.pileNames.length + p * base.pileCapacity,
    cardValue: base.cardValue,
    cardRank: base.cardRank,
    numRanks: base.rankNames.length,
  };
  const cond = (c: Parameters<typeof compileBool>[0]): number => {
    t.conds.push(compileBool(c, ctx));
    t.condText.push(describeBool(c, ctx));
    return t.conds.length - 1;
  };
  const actor = (a: { kind: 'seat'; seat: number } | { kind: 'winner' }): number => {
    if (a.kind === 'seat') return a.seat;
    if (!inPrize) throw new ProgramError("'winner' used outside an auction's prize");
    return -1;
  };
  const party = (p: { kind: 'seat'; seat: number } | { kind: 'winner' } | { kind: 'pot' }): number => {
    if (p.kind === 'pot') return PARTY.POT;
    if (p.kind === 'seat') return p.seat;
    actor(p);
    return PARTY.WINNER;
  };

  const asm = new Assembler();
  const calls: { at: number; name: string }[] = [];
  /** Emit a block of steps with a privacy flag, restoring the flag after. */
  const block = (steps: Step[], priv: boolean): void => {
    const saved = asm.priv;
    asm.priv = priv;
    for (const step of steps) dispatch(handlers, step);
    asm.priv = saved;
  };
  const handlers: StepHandlers<void> = {
    shuffle: (s) => void asm.emit(OP.SHUFFLE, pile(s.pile)),
    deal: (s) => {
      const from = pile(s.from);
      let to: number;
      if (s.to.kind === 'each') to = -1;
      else if (s.to.kind === 'winner')
        to = actor(s.to) - 1; // -2: the auction winner's hand
      else to = pile(s.to);
      if (from === to || (to < 0 && (from === handPile(0) || from === handPile(1))))
        throw new ProgramError(`deal from ${base.pileNames[from]} into the same pile`);
      asm.emit(OP.DEAL, from, to, s.count, s.faceUp ? 1 : 0);
    },
    ante: (s) =>
      void asm.emit(
        OP.ANTE,
        s.amount,
        s.payers.reduce((m, seat) => m | (1 << seat), 0),
      ),
    betting: (s) => {
      if (typeof s.betSize === 'object') {
        // A bet size from an expression: operand 4 is 1 + its index in `ints` (0: none), worked out when the round opens.
        t.ints.push(compileInt(s.betSize, ctx));
        asm.emit(OP.BETTING, 0, s.raiseCap, fixedSeat(s.firstSeat), t.ints.length);
      } else asm.emit(OP.BETTING, s.betSize, s.raiseCap, fixedSeat(s.firstSeat));
    },
    blinds: (s) => void asm.emit(OP.BLINDS, fixedSeat(s.small), s.smallAmount, fixedSeat(s.big), s.bigAmount),
    varbet: (s) =>
      void asm.emit(
        OP.VARBET,
        s.fallbackBet,
        1,
        fixedSeat(s.firstSeat),
        s.max === 'stack' ? -1 : s.max,
        s.raises === 'no-limit' ? RAISES.NO_LIMIT : s.raises === 'pot-limit' ? RAISES.POT_LIMIT : RAISES.NONE,
        s.minBet ?? 1,
      ),
    call: (s) => {
      const sub = base.subphaseNames.indexOf(s.phase);
      if (sub < 0) throw new ProgramError(`no sub-phase named '${s.phase}'`);
      calls.push({ at: asm.emit(OP.CALL, -1, sub, asm.priv ? 0 : 1), name: s.phase });
    },
    if: (s) => {
      const ends: number[] = [];
      for (const b of s.branches) {
        const at = asm.emit(OP.IF, cond(b.cond), -1, b.check === 'public' ? 1 : 0);
        ifOf?.set(b, at);
        block(b.steps, asm.priv || b.check === 'private');
        ends.push(asm.emit(OP.JUMP, -1));
        asm.patch(at, 1, asm.here);
      }
      block(s.otherwise, asm.priv || s.branches[s.branches.length - 1].check === 'private');
      for (const e of ends) asm.patch(e, 0, asm.here);
    },
    triggers: (s) => {
      for (const item of s.items) {
        const at = asm.emit(OP.IF, cond(item.cond), -1, item.check === 'public' ? 1 : 0);
        ifOf?.set(item, at);
        block(item.steps, asm.priv || item.check === 'private');
        asm.patch(at, 1, asm.here);
      }
    },
    repeat: (s) => {
      const variable = varIndex(s.counter);
      const loop = t.loops.length;
      t.loops.push({ counter: layout.varBase + variable, variable, max: s.max, until: s.until ? cond(s.until) : -1 });
      asm.emit(OP.LOOP_INIT, loop);
      const test = asm.emit(OP.LOOP_TEST, loop, -1);
      block(s.steps, asm.priv);
      asm.emit(OP.LOOP_NEXT, loop, test);
      asm.patch(test, 1, asm.here);
    },
    end: (s) => {
      t.reasons.push(s.reason);
      asm.emit(OP.END, s.winner ?? -1, t.reasons.length - 1);
    },
    choice: (s) => {
      const table: ChoiceTable = { seat: s.seat, announced: s.announce === 'public', options: [], end: -1 };
      t.choices.push(table);
      asm.emit(OP.CHOICE, t.choices.length - 1);
      const jumps: number[] = [];
      for (const o of s.options) {
        // A cost from an expression: 1 + its index in `ints`, worked out when the choice is offered.
        let costExpr = 0;
        if (typeof o.cost === 'object') {
          t.ints.push(compileInt(o.cost, ctx));
          costExpr = t.ints.length;
        }
        table.options.push({ name: o.name, cost: typeof o.cost === 'number' ? o.cost : 0, costExpr, costChance: o.costChance, start: asm.here });
        block(o.steps, asm.priv || s.announce === 'private');
        jumps.push(asm.emit(OP.JUMP, -1));
      }
      table.end = asm.here;
      for (const j of jumps) asm.patch(j, 0, table.end);
    },
    wager: (s) => {
      if (typeof s.max === 'object') {
        // The largest wager from an expression: operand 3 is 1 + its index in `ints` (0: none), worked out when the step runs.
        t.ints.push(compileInt(s.max, ctx));
        asm.emit(OP.WAGER, s.seat, s.min, 0, t.ints.length);
      } else asm.emit(OP.WAGER, s.seat, s.min, s.max === 'stack' ? -1 : s.max);
    },
    match: (s) => void asm.emit(OP.MATCH, s.seat),
    simultaneous: (s) => {
      const n = s.options.length;
      const table: SimultaneousTable = { options: [...s.options], targets: new Int32Array(n * n) };
      t.simultaneous.push(table);
      asm.emit(OP.SIMUL, t.simultaneous.length - 1);
      const jumps: number[] = [];
      const seen = new Set<number>();
      for (const o of s.outcomes) {
        const first = s.options.indexOf(o.first);
        const second = s.options.indexOf(o.second);
        if (first < 0 || second < 0) throw new ProgramError(`outcome ${o.first}/${o.second} names an option that is not listed`);
        if (!seen.has(first * n + second)) table.targets[first * n + second] = asm.here;
        seen.add(first * n + second);
        block(o.steps, asm.priv);
        jumps.push(asm.emit(OP.JUMP, -1));
      }
      const otherwise = asm.here;
      for (let i = 0; i < n * n; i++) if (!seen.has(i)) table.targets[i] = otherwise;
      block(s.otherwise, asm.priv);
      for (const j of jumps) asm.patch(j, 0, asm.here);
    },
    auction: (s) => {
      if (inPrize) throw new ProgramError("an auction inside an auction's prize is not supported");
      const deal = firstDeal(s.prize);
      const table: AuctionTable = {
        min: s.min,
        max: s.max,
        payTo: s.payTo,
        prizePile: deal ? pile(deal.from) : -1,
        prizeCards: deal ? deal.count * (deal.to.kind === 'each' ? 2 : 1) : 0,
        end: -1,
      };
      t.auctions.push(table);
      asm.emit(OP.AUCTION, t.auctions.length - 1);
      inPrize = true;
      block(s.prize, asm.priv);
      inPrize = false;
      table.end = asm.here;
    },
    peek: (s) => void asm.emit(OP.PEEK, actor(s.seat), s.target, s.pick === 'chosen' ? 1 : 0, s.visibility === 'occurrence' ? 1 : 0),
    reveal: (s) => void asm.emit(OP.REVEAL, s.seat, s.what === 'random' ? 1 : 0),
    swap: (s) => void asm.emit(OP.SWAP, s.first, s.second, s.visibility === 'public' ? 1 : 0),
    steal: (s) => void asm.emit(OP.STEAL, actor(s.seat), s.from, s.visibility === 'public' ? 1 : 0),
    discard: (s) => void asm.emit(OP.DISCARD, s.seat, s.count, s.pick === 'chosen' ? 1 : 0, s.to ? pile(s.to) : base.outPile, s.faceUp ? 1 : 0),
    pay: (s) => {
      if (typeof s.amount === 'object') {
        // An amount from an expression: operand 3 is 1 + its index in `ints` (0: none), evaluated when the step runs.
        t.ints.push(compileInt(s.amount, ctx));
        asm.emit(OP.PAY, 0, party(s.from), party(s.to), t.ints.length);
      } else asm.emit(OP.PAY, s.amount === 'all' ? -1 : s.amount, party(s.from), party(s.to));
    },
    sidebet: (s) => {
      t.sidebets.push({ seat: s.seat, amount: s.amount, cond: cond(s.cond) });
      asm.emit(OP.SIDEBET, t.sidebets.length - 1);
    },
    score: (s) => void asm.emit(OP.SCORE, s.seat, s.delta),
    assign: (s) => {
      const c = s.criterion;
      const kind =
        c.kind === 'highest-card'
          ? CRITERION.HIGHEST
          : c.kind === 'lowest-card'
            ? CRITERION.LOWEST
            : c.kind === 'chip-leader'
              ? CRITERION.CHIP_LEADER
              : CRITERION.SEAT;
      asm.emit(OP.ASSIGN, posIndex(s.position), kind, c.kind === 'seat' ? c.seat : -1);
    },
    set: (s) => {
      t.ints.push(compileInt(s.value, ctx));
      asm.emit(OP.SET, varIndex(s.variable), t.ints.length - 1);
    },
  };

  ir.phases.forEach((phase, i) => {
    asm.block = i;
    asm.emit(OP.PHASE, i);
    block(phase.steps, false);
  });
  asm.emit(OP.SHOWDOWN);
  asm.emit(OP.HALT);
  const starts = new Map<string, number>();
  ir.subphases.forEach((sub, i) => {
    asm.block = ir.phases.length + i;
    starts.set(sub.name, asm.here);
    block(sub.steps, facts.privateSubphases.has(sub.name));
    asm.emit(OP.RET);
  });
  for (const c of calls) asm.patch(c.at, 0, starts.get(c.name)!);
  return asm.finish({ ...base, ...t }, facts.maxFrames, facts.needsExt);
}

/**
 * A seat the two-seat machine plays: a seat index. Table positions belong to games with a button,
 * which the table engine plays (`table.ts`). @throws ProgramError for a table position
 */
function fixedSeat(seat: number | string | object): number {
  if (typeof seat !== 'number') throw new ProgramError('a table position (a game with a button) is played by the table engine');
  return seat;
}
