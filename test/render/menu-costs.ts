/**
 * Shared by `menu-costs.test.ts` and `bench/menu-costs.ts`: checks that the cost a turn prompt
 * PRINTS for each menu entry is what the rules move from the seat's stack when the entry is played.
 *
 * The printed cost is parsed from the rendered prompt's text. The realised cost is measured on a
 * copy of the state: the entry is applied, then the copy follows random chance outcomes (and random
 * replies of the other seat in the second half of a simultaneous step) to the next decision, and
 * the seat's stack change is read from the chip events of the log up to the settlement of the pot
 * (showdown, award, split, end). Where no settlement happened, that figure is also checked against
 * the state's real stacks.
 */
import { CHANCE, type Game, type GameState } from '../../src/interpreter/api.js';
import { EV, NODE, R } from '../../src/interpreter/layout.js';
import { INSTR_WIDTH, OP } from '../../src/interpreter/program.js';
import type { InterpreterState } from '../../src/interpreter/state.js';
import { renderTurnPrompt } from '../../src/render/prompt.js';
import { menuEntries } from '../../src/render/menu.js';
import type { Rng } from '../../src/util/rng.js';

/** A printed cost: `[min, max]` chips paid; `perN` when stated per amount N (`costs you N chips`, `between 0 and N chips`). */
interface Printed {
  lo: number;
  hi: number | 'N';
  /** `costs you N − less chips` (a raise to a total N): exactly N − less. */
  less?: number;
}

/** Parse one menu line's cost phrase. @throws when the line states no cost */
export function parseCost(line: string): Printed {
  let m: RegExpExecArray | null;
  if (/\(costs no chips[),]/.test(line)) return { lo: 0, hi: 0 };
  if ((m = /\(costs you N chips[),]/.exec(line))) return { lo: 0, hi: 'N' } as Printed & { exactN: true };
  if ((m = /\(costs you N − (\d+) chips, as you have already put in/.exec(line))) return { lo: 0, hi: 'N', less: Number(m[1]) } as Printed;
  if ((m = /\(costs you between (-?\d+) and (N|-?\d+) chips?, depending on/.exec(line))) return { lo: Number(m[1]), hi: m[2] === 'N' ? 'N' : Number(m[2]) };
  if ((m = /\(costs you (\d+) chips?[),]/.exec(line))) return { lo: Number(m[1]), hi: Number(m[1]) };
  if ((m = /\(gives you (\d+) chips?[),]/.exec(line))) return { lo: -Number(m[1]), hi: -Number(m[1]) };
  if ((m = /\(changes your stack by between ([+-]?\d+) and ([+-]?\d+) chips?, depending on/.exec(line))) return { lo: -Number(m[2]), hi: -Number(m[1]) };
  throw new Error(`no cost stated in: ${line}`);
}

/** The seat's stack change over events `from..` up to the settlement (test-local accounting of the chip events). */
function measured(s: InterpreterState, from: number, seat: number): { change: number; settled: boolean } {
  const log = s.log;
  let change = 0;
  for (let i = from; i < log.count; i++) {
    const k = log.kind(i);
    if (k === EV.SHOWDOWN || k === EV.WIN || k === EV.SPLIT || k === EV.ODD_CHIP || k === EV.END) return { change, settled: true };
    const payer = [EV.ANTE, EV.BLIND, EV.CALL, EV.BET, EV.RAISE, EV.WAGER, EV.MATCH].includes(k as never);
    if (payer && log.seat(i) === seat) change -= log.a(i);
    if (k === EV.REFUND && log.seat(i) === seat) change += log.a(i);
    if (k === EV.TRANSFER) {
      if (log.seat(i) === seat) change -= log.a(i);
      if (log.b(i) === seat) change += log.a(i);
    }
  }
  return { change, settled: false };
}

/** Play `action` on a copy of `state` to the seat's next decision (random chance and simultaneous replies); chips it cost. */
export function realisedCost(state: InterpreterState, action: number, rng: Rng): number {
  const seat = state.r[R.ACTOR];
  const s = state.clone();
  const stack0 = s.r[R.STACK + seat];
  let from = s.log.count;
  s.applyAction(action);
  let paid = 0;
  for (;;) {
    const { change, settled } = measured(s, from, seat);
    paid -= change;
    if (settled) return paid;
    const node = s.r[R.NODE];
    const simulHalf = node === NODE.DECISION && s.r[R.ACTOR] !== seat && (s.op() === OP.SIMUL || s.op() === OP.AUCTION) && s.r[R.STEP] !== 0;
    if (node === NODE.TERMINAL || (node === NODE.DECISION && !simulHalf)) {
      if (stack0 - s.r[R.STACK + seat] !== paid) throw new Error(`chip events disagree with the stack: ${stack0 - s.r[R.STACK + seat]} vs ${paid}`);
      return paid;
    }
    const options = s.currentPlayer() === CHANCE ? s.chanceOutcomes().map(([a]) => a) : s.legalActions();
    from = s.log.count;
    s.applyAction(options[Math.floor(rng() * options.length)]);
  }
}

/** Fixtures whose amounts are expressions (bet sizes, payments, wager ranges, option costs): the menu's costs are worked out at play time. */
export const EXPRESSION_FIXTURES = ['test/fixtures/games/expr-amounts.gbg', 'test/fixtures/games/expr-costs.gbg'];

/** One mismatch between a printed cost and a realised one. */
export interface CostMismatch {
  line: string;
  amount: number | null;
  realised: number;
}

/**
 * At the decision `state` is at: for every menu entry (every amount of a range), the realised cost
 * lies in the printed range. @returns the mismatches (empty when all hold)
 */
export function checkPrintedCosts(state: GameState, rng: Rng): CostMismatch[] {
  const s = state as InterpreterState;
  const seat = s.currentPlayer();
  const obs = s.observation(seat);
  const text = renderTurnPrompt(obs, 'txt');
  const lines = text.split('\n').filter((l) => l.startsWith('- ') && l.includes(': reply '));
  const entries = menuEntries(obs.decision!.menu);
  if (lines.length !== entries.length) throw new Error(`the prompt lists ${lines.length} actions, the menu has ${entries.length}:\n${text}`);
  const out: CostMismatch[] = [];
  entries.forEach((e, i) => {
    const printed = parseCost(lines[i]);
    const amounts = e.amounts ?? [null];
    // every amount of a small range; a sample of a large one (its ends included)
    const pick =
      amounts.length <= 12 ? amounts.map((_, k) => k) : [0, amounts.length - 1, ...Array.from({ length: 10 }, () => Math.floor(rng() * amounts.length))];
    const depends = /depending on ([^)]*)\)/.exec(lines[i])?.[1] ?? null;
    // A range never names a simultaneous choice in a game without one.
    if (
      depends?.includes('your opponent’s simultaneous choice') &&
      !s.program.code.some((op, pc) => pc % INSTR_WIDTH === 0 && (op === OP.SIMUL || op === OP.AUCTION))
    )
      out.push({ line: lines[i], amount: null, realised: NaN });
    for (const k of pick) {
      const n = amounts[k];
      const realised = realisedCost(s, e.items[k].action, rng);
      const lo = printed.lo;
      const exactN = /\(costs you N chips/.test(lines[i]);
      const hi = printed.hi === 'N' ? n! : printed.hi;
      const ok = exactN ? realised === n : printed.less !== undefined ? realised === n! - printed.less : realised >= lo && realised <= hi;
      if (!ok) out.push({ line: lines[i], amount: n, realised });
    }
  });
  return out;
}

/** Play `episodes` random episodes of `game`; at every decision check every entry's printed cost. */
export function checkGame(game: Game, episodes: number, rng: Rng): { decisions: number; mismatches: CostMismatch[] } {
  let decisions = 0;
  const mismatches: CostMismatch[] = [];
  for (let e = 0; e < episodes; e++) {
    const s = game.newInitialState();
    while (!s.isTerminal()) {
      const p = s.currentPlayer();
      if (p !== CHANCE) {
        decisions++;
        mismatches.push(...checkPrintedCosts(s, rng));
      }
      const options = p === CHANCE ? s.chanceOutcomes().map(([a]) => a) : s.legalActions();
      s.applyAction(options[Math.floor(rng() * options.length)]);
    }
  }
  return { decisions, mismatches };
}
