/**
 * Kuhn poker for n seats written by hand on the engine's contract (`Game`, `GameState`), with the
 * rules of OpenSpiel's `kuhn_poker(players=n)`: a deck of n + 1 cards (ranks 0 … n), each seat
 * antes 1 chip and is dealt one card (chance deals seat 0's first, then seat 1's, …); seats act in
 * turn with pass (action 0) or bet (action 1, one chip). Before any bet, pass is a check; when
 * every seat has checked, the highest card takes the pot. After the first bet, each other seat
 * acts once in turn: pass folds, bet calls; then the highest card among the bettor and the
 * callers takes the pot. For tests of the n-seat code paths before the language declares more
 * than two seats.
 */
import { CHANCE, TERMINAL, type Action, type ChanceOutcome, type Game, type GameState, type Observation } from '../../src/interpreter/api.js';
import type { GameIR } from '../../src/ir/schema.js';

class KuhnNState implements GameState {
  constructor(
    readonly n: number,
    /** Card of each seat dealt so far. */
    readonly cards: number[] = [],
    /** Betting actions so far (0 pass, 1 bet). */
    readonly moves: number[] = [],
  ) {}

  private firstBet(): number {
    return this.moves.indexOf(1);
  }

  isTerminal(): boolean {
    if (this.cards.length < this.n) return false;
    const f = this.firstBet();
    return f < 0 ? this.moves.length === this.n : this.moves.length === f + this.n;
  }

  currentPlayer(): number {
    if (this.cards.length < this.n) return CHANCE;
    if (this.isTerminal()) return TERMINAL;
    return this.moves.length % this.n;
  }

  legalActions(): Action[] {
    if (this.isTerminal()) return [];
    if (this.cards.length < this.n) return this.chanceOutcomes().map(([a]) => a);
    return [0, 1];
  }

  chanceOutcomes(): ChanceOutcome[] {
    const left: number[] = [];
    for (let c = 0; c <= this.n; c++) if (!this.cards.includes(c)) left.push(c);
    return left.map((c) => [c, 1 / left.length] as const);
  }

  applyAction(a: Action): void {
    if (!this.legalActions().includes(a)) throw new Error(`illegal action ${a}`);
    if (this.cards.length < this.n) this.cards.push(a);
    else this.moves.push(a);
  }

  clone(): KuhnNState {
    return new KuhnNState(this.n, this.cards.slice(), this.moves.slice());
  }

  /** Chips each seat put in: the ante, plus 1 for a bet or a call. */
  private contributions(): number[] {
    const c = new Array<number>(this.n).fill(1);
    this.moves.forEach((m, i) => (c[i % this.n] += m));
    return c;
  }

  returns(): number[] {
    const put = this.contributions();
    if (!this.isTerminal()) return put.map(() => 0);
    const f = this.firstBet();
    const inHand = put.map((_, seat) => f < 0 || this.moves.some((m, i) => m === 1 && i % this.n === seat));
    let winner = -1;
    for (let seat = 0; seat < this.n; seat++) if (inHand[seat] && (winner < 0 || this.cards[seat] > this.cards[winner])) winner = seat;
    const pot = put.reduce((a, b) => a + b, 0);
    return put.map((p, seat) => (seat === winner ? pot - p : -p));
  }

  informationStateKey(seat: number): string {
    return `${seat}:${this.cards[seat] ?? '?'}:${this.moves.map((m) => (m ? 'b' : 'p')).join('')}`;
  }

  observation(): Observation {
    throw new Error('not used by these tests');
  }

  actionToString(player: number, a: Action): string {
    return player === CHANCE ? `card ${a}` : a === 1 ? 'bet' : 'pass';
  }

  chips(): { stacks: number[]; pot: number } {
    const put = this.contributions();
    return { stacks: put.map((p) => 10 - p), pot: put.reduce((a, b) => a + b, 0) };
  }
}

/** Kuhn poker for `n` seats (OpenSpiel's `kuhn_poker(players=n)`); `ir` and `rulesetHash` are placeholders. */
export function kuhnN(n: number): Game {
  return { ir: {} as GameIR, rulesetHash: `kuhn-${n}p`, numSeats: n, newInitialState: () => new KuhnNState(n) };
}
