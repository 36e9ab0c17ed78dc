/**
 * The whole-episode L0 loop for any two-seat program (`PlayoutKernel` of `api.ts`), used by
 * `simulate()` when both seats are L0 and the program leaves the poker subset of
 * `poker-kernel.ts` — the generated games (choices, wagers, loops, sub-phases, auctions, side
 * bets, …).
 *
 * It drives one machine of the program (an `InterpreterState`, on whichever backend the game
 * runs: the compiled run loop of `compiled-run.ts` or the interpreter's `run.ts`) through the
 * same step modules as the general loop of `simulate()`: each decision it picks is applied by
 * `applyAction`'s path without the legality check (`applyLegalDecision`; or, for the decisions
 * and deals the generated code applies itself, by that code, which is what `applyAction` calls
 * first), each chance outcome is `sampleChance`'s (on a deck that stays in type order,
 * `deckStaysSorted`, the same card read at its index and dealt from there by `applyDealAt`, which
 * leaves the piles taking the first card of that type leaves), so the episodes are the general
 * loop's — the same random numbers in the same order (one per chance node, one per decision), the
 * same returns, moves, phases and showdowns; `test/interpreter/machine-kernel.test.ts` checks
 * both the episodes and the two unchecked paths state for state. What it leaves out:
 * - the contract around a decision: the agent call, `currentPlayer`/`isTerminal`, and L0's legal
 *   lists ({@link l0Decision} picks L0's action from the registers and the program's tables,
 *   without listing the legal actions, for every decision but a variable-betting one);
 * - the event log: the machine's log is in tally mode (`EventLog.tally`), which keeps only the
 *   phases entered, whether the showdown began and the side-bet answers the showdown settles;
 * - the per-episode reset of the state's keys and log: registers and piles are copied from the
 *   game's initial state, the tally restarted.
 */
import { FOLD, l0VariablePick, variableLegal } from './betting.js';
import { EventLog } from './eventlog.js';
import { EV, NODE, R } from './layout.js';
import type { PlayoutKernel } from './api.js';
import { DECK_PILE, INSTR_WIDTH, OP, handPile, type ChoiceTable, type PileArray } from './program.js';
import { run } from './run.js';
import type { GeneratedCode } from './compiled-run.js';
import { deckStaysSorted } from './chance-nodes.js';
import { pileBase } from './machine.js';
import { addEpisode } from './playout-sums.js';
import type { InterpreterState } from './state.js';
import { optionOffered, wagerMax } from './steps.js';
import type { KeyedStream } from '../util/rng.js';

/** `legal[min(n − 1, ⌊u·n⌋)]` for the run of ids `lo … lo + n − 1`: L0's uniform pick among them. */
function pickInRange(u: number, lo: number, n: number): number {
  return lo + Math.min(n - 1, Math.floor(u * n));
}

/** Scratch: the options a choice offers (single-threaded, never held across calls). */
let offered = new Int32Array(16);

/**
 * L0's action (`l0Pick` of `algorithms/l0.ts`) at the decision `s` waits for, from one uniform
 * number `u` in [0, 1) that it draws from `rng` (not drawn by the caller: a number passed to a call
 * that is not inlined is boxed, one heap allocation per decision): fixed-limit betting
 * `first + ⌊u·n⌋` over its run of ids; a variable round by move kinds (from its legal list); every
 * other decision `legal[⌊u·n⌋]`, its legal list (`legalActions()`, in that order) counted in place
 * from the registers and the program's tables.
 * @param allOffered per choice, whether it offers every option ({@link choiceOffersAll}); omitted,
 *   the offered options are counted
 */
export function l0Decision(s: InterpreterState, rng: () => number, allOffered?: Uint8Array): number {
  const u = rng();
  const p = s.program;
  const r = s.r;
  const code = p.code;
  const o = r[R.PC] * INSTR_WIDTH;
  const op = code[o];
  switch (op) {
    case OP.CHOICE: {
      // The offered options, in order (`choice.legal` of `decisions.ts`).
      const c = p.choices[code[o + 1]];
      if (allOffered !== undefined && allOffered[code[o + 1]] === 1) return pickInRange(u, 0, c.options.length);
      const stack = r[R.STACK + c.seat];
      const options = c.options;
      if (options.length > offered.length) offered = new Int32Array(options.length);
      let n = 0;
      for (let i = 0; i < options.length; i++) if (optionOffered(s, options[i], stack)) offered[n++] = i;
      return offered[Math.min(n - 1, Math.floor(u * n))];
    }
    case OP.WAGER:
      return pickInRange(u, code[o + 2], wagerMax(s) - code[o + 2] + 1);
    case OP.BETTING:
      return fixedBettingPick(s, u);
    case OP.VARBET: {
      if (r[R.STEP] === 1) return fixedBettingPick(s, u);
      const legal = variableLegal(s);
      const n = legal.length;
      if (n <= 2) return legal[Math.min(n - 1, Math.floor(u * n))];
      const moves = legal[0] === FOLD ? 2 : 1;
      return legal[l0VariablePick(u, moves, n - moves, 0, moves)];
    }
    case OP.SIMUL:
      return pickInRange(u, 0, p.simultaneous[code[o + 1]].options.length);
    case OP.AUCTION: {
      const t = p.auctions[code[o + 1]];
      return pickInRange(u, t.min, t.max - t.min + 1);
    }
    case OP.PEEK:
      return pickInRange(u, 0, s.piles[handPile(code[o + 2])]);
    case OP.DISCARD: {
      // The card types in the hand, ascending.
      const counts = s.countTypes(handPile(code[o + 1]));
      let n = 0;
      for (let t = 0; t < p.numCardTypes; t++) if (counts[t] > 0) n++;
      let k = Math.min(n - 1, Math.floor(u * n));
      for (let t = 0; t < p.numCardTypes; t++) if (counts[t] > 0 && k-- === 0) return t;
      return -1;
    }
    case OP.SIDEBET:
      return pickInRange(u, 0, 2);
    default:
      return -1;
  }
}

/**
 * Whether a choice offers every option in any state: each option's cost is uncertain (drawn
 * after the pick, so `optionOffered` holds whatever the stack) or certain and of 0 chips.
 */
export function choiceOffersAll(c: ChoiceTable): boolean {
  return c.options.every((o) => o.costChance < 1 || (o.costExpr <= 0 && o.cost <= 0));
}

/** L0 in a fixed-limit betting decision: `first + ⌊u·n⌋` over its run of ids (fold, check/call, bet/raise). */
function fixedBettingPick(s: InterpreterState, u: number): number {
  const first = s.fixedBettingFirst();
  return pickInRange(u, first, 3 - first - (s.fixedBettingCanRaise() ? 0 : 1));
}

/**
 * Plays L0 episodes of one game on a machine of its own (see the module comment). After
 * {@link MachineKernel.play}, the episode's outcome is in `returns0`/`returns1` (chips),
 * `moves0`/`moves1`, `showdown`, {@link MachineKernel.entered} and the variables' final values
 * ({@link MachineKernel.addVariables}: the acceptance filter's probe counters).
 */
export class MachineKernel implements PlayoutKernel {
  /** The kernel's machine; its log is in tally mode. */
  private readonly state: InterpreterState;
  private readonly initialR: Int32Array;
  private readonly initialPiles: PileArray;
  /** The phases entered before the first node (in every episode). */
  private readonly before: number[] = [];
  /** Per phase: episodes that entered it since `playMany` last took the counts (written by the tally log). */
  private readonly counts: Float64Array;
  /** Whether the showdown came before the first node (then every episode reaches it). */
  private readonly showdownBefore: boolean;
  /** Whether the deck stays in type order all game (`deckStaysSorted`), and the index of its first card. */
  private readonly sortedDeck: boolean;
  private readonly deckBase: number;
  /** Per choice: 1 when it offers every option whatever the stacks ({@link choiceOffersAll}). */
  private readonly allOffered: Uint8Array;
  returns0 = 0;
  returns1 = 0;
  moves0 = 0;
  moves1 = 0;
  showdown = false;

  /**
   * @param initial the game's initial state (read, never changed)
   * @param state a state of the same program that the kernel takes over (its log is replaced)
   * @throws RangeError when the initial state holds a side-bet answer (a decision before the first node: impossible)
   */
  constructor(initial: InterpreterState, state: InterpreterState) {
    const p = initial.program;
    this.state = state;
    this.initialR = initial.r.slice();
    this.initialPiles = initial.piles.slice();
    const seen = new Uint8Array(p.phaseNames.length);
    // A game with no node before its showdown (no shuffle, no decision) has reached it in every episode.
    this.showdownBefore = initial.markPhases(seen);
    seen.forEach((x, i) => x && this.before.push(i));
    for (let i = 0; i < initial.log.count; i++)
      if (initial.log.kind(i) === EV.SIDEBET) throw new RangeError('machine kernel: the initial state holds a side-bet answer');
    this.counts = new Float64Array(p.phaseNames.length);
    this.sortedDeck = deckStaysSorted(p);
    this.deckBase = pileBase(p, DECK_PILE);
    this.allOffered = Uint8Array.from(p.choices, (c) => (choiceOffersAll(c) ? 1 : 0));
    state.log = EventLog.tally(this.counts);
  }

  /** Index of the program's variable `name`, for {@link addVariables}. @throws RangeError for an unknown name */
  variableIndex(name: string): number {
    return this.state.variableIndex(name);
  }

  /**
   * Add the last episode's final values of the variables `indexes` (from {@link variableIndex};
   * not checked) to `totals`, and 1 to `positive[k]` for each of them above 0.
   */
  addVariables(indexes: Int32Array, totals: Float64Array, positive: Float64Array): void {
    const r = this.state.r;
    const base = this.state.program.varBase;
    for (let k = 0; k < indexes.length; k++) {
      const v = r[base + indexes[k]];
      totals[k] += v;
      if (v > 0) positive[k]++;
    }
  }

  /** Whether the last episode entered phase `p` (an index of `Program.phaseNames`). */
  entered(p: number): boolean {
    return this.state.log.tallied(p);
  }

  /** Play one episode from the initial state with the numbers of `rng` (see the module comment). */
  play(rng: () => number): void {
    const s = this.state;
    const r = s.r;
    r.set(this.initialR);
    s.piles.set(this.initialPiles);
    const log = s.log;
    log.restartTally(this.before);
    log.showdownSeen = this.showdownBefore;
    const piles = s.piles;
    const code = s.program.code;
    const runner = s.program.runner as GeneratedCode | null;
    const sortedDeck = this.sortedDeck;
    const deckBase = this.deckBase;
    const allOffered = this.allOffered;
    for (;;) {
      const node = r[R.NODE];
      if (node === NODE.TERMINAL) break;
      // One number per node, decisions included (l0Decision draws its own).
      if (node === NODE.DECISION) {
        const a = l0Decision(s, rng, allOffered);
        // `applyAction`'s first path for the decisions the generated code applies itself (the action is legal), else its path without the legality check.
        if (runner !== null && runner.decide(s, a)) {
          if (r[R.NODE] === NODE.RUNNING) run(s);
        } else s.applyLegalDecision(a);
        continue;
      }
      const u = rng();
      if (sortedDeck && node === NODE.CHANCE_CARD && code[r[R.PC] * INSTR_WIDTH] === OP.DEAL && code[r[R.PC] * INSTR_WIDTH + 1] === DECK_PILE) {
        // `sampleChance` on a deck in type order: the k-th card (see `deckStaysSorted`).
        const len = piles[DECK_PILE];
        const k = Math.min(len - 1, Math.floor(u * len));
        const t = piles[deckBase + k];
        // `applyAction`'s first path for a card dealt by a deal step the generated code deals itself, else its path for the card at k.
        if (runner !== null && runner.deal(s, t)) {
          if (r[R.NODE] === NODE.RUNNING) run(s);
        } else s.applyDealAt(k);
      } else s.applyAction(s.sampleChance(u));
    }
    this.returns0 = s.stackChange(0);
    this.returns1 = s.stackChange(1);
    this.moves0 = r[R.MOVES];
    this.moves1 = r[R.MOVES + 1];
    this.showdown = log.showdownSeen;
  }

  /**
   * See `PlayoutKernel.playMany` (the phase counts are whole numbers, added once at the end).
   * @throws Error when an episode's returns do not sum to 0 (an engine bug, as in `simulate()`'s general loop)
   */
  playMany(stream: KeyedStream, seed: number, first: number, end: number, acc: Float64Array, fired: Float64Array): void {
    const rng = stream.next;
    const counts = this.counts;
    counts.fill(0);
    for (let i = first; i < end; i++) {
      stream.restart(seed, i);
      this.play(rng);
      const r0 = this.returns0;
      const r1 = this.returns1;
      if (r0 + r1 !== 0) throw new Error(`simulate: episode ${i} does not conserve chips: its returns sum to ${r0 + r1} (${r0}, ${r1})`);
      addEpisode(acc, this);
    }
    for (const p of this.before) counts[p] += end - first;
    for (let p = 0; p < counts.length; p++) fired[p] += counts[p];
    counts.fill(0);
  }
}
