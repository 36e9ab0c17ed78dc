/**
 * Helpers for the interpreter tests: playing action sequences, replaying histories, small IR
 * games written by hand, the examples compiled from `examples/*.gbg`.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { GameIR, Phase, Step } from '../../src/ir/schema.js';
import { compileSource } from '../../src/compiler/index.js';
import { compileGame, CHANCE, type CompiledGame, type InterpreterState } from '../../src/interpreter/index.js';
import { BOTH, EV } from '../../src/interpreter/layout.js';
import { KUHN_IR } from '../fixtures/ir.js';
import { isTableExample } from '../support/table-examples.js';

/** One applied action and whether it was a card type (a card chance outcome or a chosen discard). */
export interface Move {
  action: number;
  card: boolean;
}

/**
 * Play from the initial state, taking `legal[choice % legal.length]` at every node (chance
 * included) for each choice in turn; stops at the end of the choices or of the game.
 */
export function playChoices(
  game: CompiledGame,
  choices: readonly number[],
  onStep?: (s: InterpreterState) => void,
): { state: InterpreterState; history: Move[] } {
  const state = game.newInitialState();
  const history: Move[] = [];
  for (const c of choices) {
    if (state.isTerminal()) break;
    const legal = state.legalActions();
    const action = legal[c % legal.length];
    history.push({ action, card: state.actionsAreCards() });
    state.applyAction(action);
    onStep?.(state);
  }
  return { state, history };
}

/** Replay a history, mapping the card types of card actions through `mapCard`. */
export function replay(game: CompiledGame, history: readonly Move[], mapCard: (t: number) => number = (t) => t): InterpreterState {
  const state = game.newInitialState();
  for (const m of history) state.applyAction(m.card ? mapCard(m.action) : m.action);
  return state;
}

/** Apply actions given as numbers, or as card names at card chance nodes and chosen discards (e.g. `'K of hearts'`). */
export function applyAll(state: InterpreterState, actions: readonly (number | string)[]): InterpreterState {
  for (const a of actions) {
    if (typeof a === 'number') state.applyAction(a);
    else {
      if (!state.actionsAreCards()) throw new Error(`'${a}' given at a node whose actions are not cards`);
      const t = state.program.cardNames.indexOf(a);
      if (t < 0) throw new Error(`no card named '${a}'`);
      state.applyAction(t);
    }
  }
  return state;
}

/** Kuhn poker with some fields replaced. */
export function kuhnVariant(patch: Partial<GameIR>): GameIR {
  return { ...KUHN_IR, ...patch };
}

/** Compile a Kuhn variant whose phases are `phases`. */
export function gameWithPhases(phases: Phase[], patch: Partial<GameIR> = {}): CompiledGame {
  return compileGame(kuhnVariant({ phases, ...patch }));
}

/**
 * A small hand-written game: seats Alice and Bob, stacks 10/10, the deck J=11, Q=12, K=13 of
 * hearts, high-card showdown, no piles, variables or positions; one phase `Main` holding
 * `steps` (override anything with `patch`).
 */
export function tinyGame(steps: Step[], patch: Partial<GameIR> = {}): CompiledGame {
  return compileGame(kuhnVariant({ phases: [{ name: 'Main', steps }], ...patch }));
}

/** The steps that shuffle the deck and deal `n` cards face down to each seat. */
export function shuffleAndDeal(n: number): Step[] {
  return [
    { kind: 'shuffle', pile: { kind: 'deck' } },
    { kind: 'deal', count: n, from: { kind: 'deck' }, to: { kind: 'each' }, faceUp: false },
  ];
}

/** A seat reference of an expression. */
export const seatRef = (seat: 0 | 1) => ({ kind: 'seat' as const, seat });

/** Event kinds of a seat's observation log. */
export function kinds(s: InterpreterState, seat: number): string[] {
  return s.observation(seat).log.map((e) => e.kind);
}

/** Texts of a seat's observation log. */
export function texts(s: InterpreterState, seat: number): string[] {
  return s.observation(seat).log.map((e) => e.text);
}

/** Menu labels of the decision the seat to act faces. */
export function menu(s: InterpreterState): string[] {
  const seat = s.currentPlayer();
  return s.observation(seat).decision?.menu.map((m) => m.label) ?? [];
}

const EXAMPLES = fileURLToPath(new URL('../../examples/', import.meta.url));

/** Every `examples/*.gbg`, compiled: file name and IR. @throws Error when one does not compile */
export function exampleIRs(): { file: string; ir: GameIR }[] {
  return readdirSync(EXAMPLES)
    .filter((f) => f.endsWith('.gbg') && !isTableExample(f))
    .sort()
    .map((file) => {
      const r = compileSource(readFileSync(EXAMPLES + file, 'utf8'));
      if (!r.ir) throw new Error(`${file} does not compile: ${r.diagnostics.map((d) => d.message).join('; ')}`);
      return { file, ir: r.ir };
    });
}

/** One example, compiled. */
export function example(file: string): CompiledGame {
  const found = exampleIRs().find((e) => e.file === file);
  if (!found) throw new Error(`no example ${file}`);
  return compileGame(found.ir);
}

/** Whether a state is at a chance node. */
export const atChance = (s: InterpreterState): boolean => s.currentPlayer() === CHANCE;

/**
 * Card types the rules let `seat` know at `state`, from what physically happened (the log's
 * ground-truth fields, not its visibility masks, except face-up moves): cards that were ever in
 * its hand or in a public pile, moved face up, peeked at by it, revealed, or shown down.
 */
export function entitledCards(state: InterpreterState, seat: number): Set<number> {
  const p = state.program;
  const own = 1 + seat;
  const known = new Set<number>();
  for (const [kind, who, a, b, c, , content] of state.log.rows()) {
    if (kind === EV.DEAL) {
      const from = c & 0xff;
      if (a === own || from === own || p.pilePublic[a] || p.pilePublic[from] || content === BOTH) known.add(b);
    } else if ((kind === EV.PEEK && who === seat && b >= 0) || ((kind === EV.SHOW || kind === EV.REVEAL) && b >= 0)) known.add(b);
  }
  return known;
}

/** Card types `seat` may not know that lie where it cannot see: the deck, the opponent's hand, hidden piles. */
export function unseenCards(state: InterpreterState, seat: number): number[] {
  const p = state.program;
  const known = entitledCards(state, seat);
  const out: number[] = [];
  for (let pile = 0; pile < p.pileNames.length; pile++) {
    if (pile === 1 + seat || p.pilePublic[pile]) continue;
    for (const t of state.pileCards(pile)) if (!known.has(t)) out.push(t);
  }
  return out;
}

/** A card name as a whole phrase (so `2 of red` does not match inside `12 of red`). */
export const cardPattern = (name: string): RegExp => new RegExp(`(^|[^\\w])${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}($|[^\\w])`);

/** The log with its card fields mapped (deals, peeks, shows, reveals), for comparing two histories' shapes. */
function mappedRows(state: InterpreterState, map: (t: number) => number): number[][] {
  return state.log.rows().map((row) => {
    const [kind, , , b] = row;
    const isCard = kind === EV.DEAL || kind === EV.REVEAL || ((kind === EV.PEEK || kind === EV.SHOW) && b >= 0);
    return isCard ? [...row.slice(0, 3), map(b), ...row.slice(4)] : row;
  });
}

/**
 * `history` replayed with card types `x` and `y` exchanged, when play keeps its shape: the same
 * moves are legal and the log is the original's with only those two cards exchanged. Null when
 * the exchange changed what is legal (another path of play) or the log's public numbers (a
 * private check on those cards may change them, and the rules let a seat infer from them).
 */
export function replayWithCardsSwapped(game: CompiledGame, state: InterpreterState, history: readonly Move[], x: number, y: number): InterpreterState | null {
  const swap = (t: number) => (t === x ? y : t === y ? x : t);
  let other: InterpreterState;
  try {
    other = replay(game, history, swap);
  } catch {
    return null;
  }
  return JSON.stringify(mappedRows(state, swap)) === JSON.stringify(other.log.rows()) ? other : null;
}
