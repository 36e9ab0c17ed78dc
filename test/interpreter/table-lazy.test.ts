/**
 * The table engine's fast paths against their definitions: the event log kept only once read
 * (a hand read from its first node and one read only at its end, or from a copy taken before any
 * read, give equal information-state keys and observations), and chance sampled without listing
 * the outcomes (`sampleChance` equals the inverse CDF over `chanceOutcomes()` at every uniform
 * number that sits on or next to a boundary of it, for a deck of one copy and one of two copies).
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { compileSource } from '../../src/compiler/index.js';
import { CHANCE, compileTableGame, type TableState } from '../../src/interpreter/index.js';
import { l0Sample } from '../../src/algorithms/l0.js';
import { rngFromKeys } from '../../src/util/rng.js';

function tableGame(src: string) {
  const r = compileSource(src);
  if (!r.ir) throw new Error(r.diagnostics.map((d) => d.message).join('\n'));
  return compileTableGame(r.ir);
}

const league = tableGame(readFileSync('examples/league-holdem.gbg', 'utf8'));
/** Four seats, two copies of a 12-card deck, one card each and a board card, pot-limit. */
const doubled = tableGame(`game "Doubled" {
  players A, B, C, D
  stack 50 each
  button
  odd chip left of button
  deck { ranks 2 = 2, 3 = 3, 4 = 4; suits c, d, h, s; copies 2 }
  pile board public
  phase Deal { shuffle deck; blinds 1, 2; deal 1 to each }
  phase Pre { betting variable { first left of big-blind; raises pot-limit; bet 2 } }
  phase Flop { deal 1 to board face up; betting variable { first left of button; raises pot-limit; bet 2 } }
  showdown high-card
}`);

/** Everything every seat may know at `s`. */
function knowledge(s: TableState) {
  return Array.from({ length: s.p.n }, (_, seat) => ({ key: s.informationStateKey(seat), log: s.observation(seat).log }));
}

describe('the event log, kept once read', () => {
  for (const [name, game] of [
    ['league-holdem', league],
    ['four seats, two copies', doubled],
  ] as const)
    it(`${name}: read at every node, read only at the end, and from a copy taken before any read agree`, () => {
      for (let h = 0; h < 25; h++) {
        const rng = rngFromKeys(5, h);
        const eager = game.newInitialState({ button: h % game.numSeats });
        const lazy = game.newInitialState({ button: h % game.numSeats });
        let copy: TableState | null = null;
        let steps = 0;
        while (!eager.isTerminal()) {
          const before = knowledge(eager);
          expect(before.length).toBe(game.numSeats);
          const a = eager.currentPlayer() === CHANCE ? eager.sampleChance(rng()) : l0Sample(eager, rng);
          eager.applyAction(a);
          lazy.applyAction(a);
          copy?.applyAction(a);
          if (++steps === 8) copy = lazy.clone();
        }
        expect(lazy.isTerminal()).toBe(true);
        expect(knowledge(lazy)).toEqual(knowledge(eager));
        if (copy) expect(knowledge(copy)).toEqual(knowledge(eager));
        expect(lazy.returns()).toEqual(eager.returns());
      }
    });
});

describe('chance sampled without listing the outcomes', () => {
  for (const [name, game] of [
    ['one copy (52 cards)', league],
    ['two copies (24 cards)', doubled],
  ] as const)
    it(`${name}: sampleChance equals the inverse CDF over chanceOutcomes() on and next to its boundaries`, () => {
      const s = game.newInitialState();
      let nodes = 0;
      while (s.currentPlayer() === CHANCE) {
        const outs = s.chanceOutcomes();
        const actions = new Int32Array(s.maxChanceOutcomes());
        const probs = new Float64Array(s.maxChanceOutcomes());
        const k = s.chanceOutcomesInto(actions, probs);
        expect(Array.from(actions.subarray(0, k))).toEqual(outs.map((o) => o[0]));
        expect(Array.from(probs.subarray(0, k))).toEqual(outs.map((o) => o[1]));
        const inverse = (u: number) => {
          let acc = 0;
          for (const [a, q] of outs) if (u < (acc += q)) return a;
          return outs[outs.length - 1][0];
        };
        const us: number[] = [0, 1 - 2 ** -32, 0.5];
        let acc = 0;
        for (const [, q] of outs) {
          acc += q;
          us.push(acc, acc - 2 ** -52, acc + 2 ** -52, Math.max(0, acc - 2 ** -32));
        }
        for (const u of us) if (u >= 0 && u < 1) expect(s.sampleChance(u), `u = ${u}`).toBe(inverse(u));
        s.applyAction(s.sampleChance(0.37));
        nodes++;
      }
      expect(nodes).toBe(game === league ? 6 : 4); // the hole cards: two each at the league table, one each here
    });
});
