/**
 * Conditions as compiled closures (`src/interpreter/expr.ts`) against the same conditions
 * written by hand in TypeScript, evaluated on the same states in the same run: the conditions of
 * `examples/genstrat-4643.gbg` (stack(any) <= 2, betRound > 0, size(deck) >= 2, highest-card
 * comparisons, hand(Bob) has K or J, pot > 2, …) on states sampled from uniform-random playouts.
 * Prints nanoseconds per evaluation and the ratio; a flat expression table could at best close
 * this gap, so a ratio near 1 means closures are the right form. Run: `npx tsx bench/expressions.ts [seconds]`.
 */
import { fileURLToPath } from 'node:url';
import seedrandom from 'seedrandom';
import { loadGame } from '../src/cli/load.js';
import { CHANCE, compileGame, sampleChanceOutcome, type InterpreterState } from '../src/interpreter/index.js';
import type { Memory } from '../src/interpreter/program.js';
import { figure, report, round } from './lib/figures.js';

const seconds = Number(process.argv[2] ?? 1);
const path = fileURLToPath(new URL('../examples/genstrat-4643.gbg', import.meta.url));
const game = compileGame(loadGame(path).ir);
const p = game.program;

/** States met along uniform-random playouts (copies, so they stay put). */
function sampleStates(n: number): InterpreterState[] {
  const rng = seedrandom.alea('expressions');
  const out: InterpreterState[] = [];
  while (out.length < n) {
    const s = game.newInitialState();
    while (!s.isTerminal() && out.length < n) {
      out.push(s.clone());
      if (s.currentPlayer() === CHANCE) s.applyAction(sampleChanceOutcome(s, rng));
      else {
        const legal = s.legalActions();
        s.applyAction(legal[Math.floor(rng() * legal.length)]);
      }
    }
  }
  return out;
}

// Hand-written equivalents, by the conditions' text (registers: pot 3, stacks 4 and 5; piles: sizes first).
const base = (pile: number): number => p.pileNames.length + pile * p.pileCapacity;
const highest = (m: Memory, seat: number): number => {
  let best = 0;
  for (let i = 0; i < m.piles[1 + seat]; i++) best = Math.max(best, p.cardValue[m.piles[base(1 + seat) + i]]);
  return best;
};
const hasRank = (m: Memory, seat: number, ranks: number[]): boolean => {
  for (let i = 0; i < m.piles[1 + seat]; i++) if (ranks.includes(p.cardRank[m.piles[base(1 + seat) + i]])) return true;
  return false;
};
const betRound = p.varBase + p.variableNames.indexOf('betRound');
const DIRECT: Record<string, (m: Memory) => boolean> = {
  "either seat's stack is at most 2": (m) => m.r[4] <= 2 || m.r[5] <= 2,
  '«bet round» is more than 0': (m) => m.r[betRound] > 0,
  '«bet round» is 0': (m) => m.r[betRound] === 0,
  "Alice's stack is more than 0 and Bob's stack is more than 0": (m) => m.r[4] > 0 && m.r[5] > 0,
  'the number of cards in the deck is at least 2': (m) => m.piles[0] >= 2,
  "Bob's highest card is more than Alice's highest card": (m) => highest(m, 1) > highest(m, 0),
  'Bob holds a card of rank K or J': (m) => hasRank(m, 1, [2, 0]),
  "Alice's highest card is more than Bob's highest card": (m) => highest(m, 0) > highest(m, 1),
  'the pot is more than 2': (m) => m.r[3] > 2,
  'Alice holds a card of rank K': (m) => hasRank(m, 0, [2]),
};

const compiled = p.conds.map((f, i) => ({ text: p.condText[i], f }));
const direct = compiled.map(({ text }) => {
  const f = DIRECT[text];
  if (!f) throw new Error(`no hand-written version of '${text}'`);
  return f;
});
const states = sampleStates(4096);
for (const s of states)
  compiled.forEach(({ f }, i) => {
    if (f(s) !== direct[i](s)) throw new Error(`'${compiled[i].text}' disagrees with its hand-written version`);
  });

/** Nanoseconds per evaluation of `fns` over all states, best of 3 runs of about `seconds`. */
function measure(fns: ((m: Memory) => boolean)[]): number {
  let best = Infinity;
  for (let rep = 0; rep < 3; rep++) {
    let evals = 0;
    let sink = 0;
    const t0 = performance.now();
    let t = t0;
    while (t - t0 < seconds * 1000) {
      for (const s of states) for (const f of fns) sink += f(s) ? 1 : 0;
      evals += states.length * fns.length;
      t = performance.now();
    }
    if (sink < 0) console.log(sink);
    best = Math.min(best, ((t - t0) * 1e6) / evals);
  }
  return best;
}

measure(direct);
measure(compiled.map((c) => c.f));
const d = measure(direct);
const c = measure(compiled.map((x) => x.f));
console.log(`GENSTRAT seed 4643: ${compiled.length} conditions on ${states.length} sampled states (best of 3 × ${seconds}s)`);
console.log(`  hand-written TypeScript  ${d.toFixed(1).padStart(6)} ns/evaluation`);
console.log(`  compiled closures        ${c.toFixed(1).padStart(6)} ns/evaluation`);
console.log(`  ratio                    ${(c / d).toFixed(2)}×`);
report('expressions', [
  figure({
    id: 'conditions',
    kind: 'time',
    name: 'compiled condition closures (genstrat-4643)',
    value: round(c, 2),
    unit: 'ns/evaluation',
    reference: { name: 'the same conditions hand-written in TypeScript', value: round(d, 2), unit: 'ns/evaluation' },
    ratioMeaning: 'times the hand-written conditions',
    note: `${compiled.length} conditions on ${states.length} sampled states; best of 3 × ${seconds} s`,
  }),
]);
