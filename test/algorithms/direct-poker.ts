/**
 * Kuhn poker and Leduc hold'em written directly against the `GameState` API (OpenSpiel rules, action
 * ids fold = 0, check/call = 1, bet/raise = 2), so the solvers can be tested on their own, apart
 * from the interpreter. The interpreter-based tests run the same checks on the compiled examples.
 */
import { CHANCE, IllegalActionError, TERMINAL, type Game, type GameState, type Observation } from '../../src/interpreter/api.js';
import { KUHN_IR, LEDUC_IR } from '../fixtures/ir.js';

interface Rules {
  /** Cards are 0 .. numCards-1; card c has rank c / suits (integer division). */
  numCards: number;
  suits: number;
  /** Bet size per round (one entry per round; a public card is dealt before every round after the first). */
  bets: number[];
  raiseCap: number;
}

const KUHN: Rules = { numCards: 3, suits: 1, bets: [1], raiseCap: 1 };
const LEDUC: Rules = { numCards: 6, suits: 2, bets: [2, 4], raiseCap: 2 };

class PokerState implements GameState {
  cards: number[] = [];
  board = -1;
  round = 0;
  /** Actions of the current round. */
  moves: number[] = [];
  history = '';
  contrib: [number, number] = [1, 1];
  folded = -1;
  done = false;

  constructor(readonly rules: Rules) {}

  private actor(): number {
    return this.moves.length % 2;
  }
  private raises(): number {
    return this.moves.filter((m) => m === 2).length;
  }
  private facing(): boolean {
    return this.contrib[0] !== this.contrib[1];
  }
  currentPlayer(): number {
    if (this.done) return TERMINAL;
    if (this.cards.length < 2) return CHANCE;
    if (this.round > 0 && this.board < 0) return CHANCE;
    return this.actor();
  }
  legalActions(): number[] {
    const cp = this.currentPlayer();
    if (cp === TERMINAL) return [];
    if (cp === CHANCE) return this.chanceOutcomes().map(([a]) => a);
    const out = this.facing() ? [0, 1] : [1];
    if (this.raises() < this.rules.raiseCap) out.push(2);
    return out;
  }
  chanceOutcomes(): [number, number][] {
    if (this.currentPlayer() !== CHANCE) throw new IllegalActionError(-1, this.legalActions(), 'not a chance node');
    const left: number[] = [];
    for (let c = 0; c < this.rules.numCards; c++) if (!this.cards.includes(c)) left.push(c);
    return left.map((c) => [c, 1 / left.length]);
  }
  applyAction(a: number): void {
    const legal = this.legalActions();
    if (!legal.includes(a)) throw new IllegalActionError(a, legal);
    if (this.currentPlayer() === CHANCE) {
      if (this.cards.length < 2) this.cards.push(a);
      else {
        this.board = a;
        this.cards.push(a);
      }
      return;
    }
    const p = this.actor();
    this.history += 'fcr'[a];
    this.moves.push(a);
    if (a === 0) {
      this.folded = p;
      this.done = true;
      return;
    }
    const other = this.contrib[1 - p];
    this.contrib[p] = a === 1 ? other : other + this.rules.bets[this.round];
    if (a === 1 && this.moves.length >= 2) {
      this.round++;
      this.moves = [];
      this.history += '/';
      if (this.round === this.rules.bets.length) this.done = true;
    }
  }
  clone(): PokerState {
    const s = new PokerState(this.rules);
    Object.assign(s, this, { cards: [...this.cards], moves: [...this.moves], contrib: [...this.contrib] });
    return s;
  }
  isTerminal(): boolean {
    return this.done;
  }
  returns(): [number, number] {
    if (!this.done) return [0, 0];
    if (this.folded >= 0) {
      const f = this.folded;
      const r: [number, number] = [0, 0];
      r[f] = -this.contrib[f];
      r[1 - f] = this.contrib[f];
      return r;
    }
    const rank = (c: number) => Math.floor(c / this.rules.suits);
    const [r0, r1] = [rank(this.cards[0]), rank(this.cards[1])];
    const rb = this.board >= 0 ? rank(this.board) : -1;
    let w = r0 === rb ? 1 : r1 === rb ? -1 : Math.sign(r0 - r1);
    const k = this.contrib[0];
    return [w * k, -w * k];
  }
  informationStateKey(seat: number): string {
    return `${seat}|${this.cards[seat] ?? '?'}|${this.board}|${this.history}`;
  }
  observation(): Observation {
    throw new Error('not used by the solver tests');
  }
  actionToString(player: number, a: number): string {
    if (player === CHANCE) return `card ${a}`;
    return this.facing() ? ['fold', 'call', 'raise'][a] : ['', 'check', 'bet'][a];
  }
  chips(): { stacks: [number, number]; pot: number } {
    return { stacks: [100 - this.contrib[0], 100 - this.contrib[1]], pot: this.contrib[0] + this.contrib[1] };
  }
}

function makeGame(rules: Rules, ir: Game['ir']): Game {
  return { ir, rulesetHash: `direct-${ir.name}`, numSeats: 2, newInitialState: () => new PokerState(rules) };
}

/** Kuhn poker (OpenSpiel `kuhn_poker` rules). */
export const directKuhn = (): Game => makeGame(KUHN, KUHN_IR);
/** Leduc hold'em (OpenSpiel `leduc_poker` rules). */
export const directLeduc = (): Game => makeGame(LEDUC, LEDUC_IR);
