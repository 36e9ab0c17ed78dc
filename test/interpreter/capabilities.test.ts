/**
 * The contract's optional capabilities (`api.ts`) on the interpreter's states and games: the type
 * guards, rewinding, chance sampling against the generic inverse CDF, move shapes, decision sites
 * and information-state fields on hand-played Kuhn, the information-state indexer against the
 * keys, the hand judge on hand-picked Kuhn and Leduc showdowns, and duplicate chance from a play seed. A state without them (a plain
 * `GameState` wrapper) is refused by every guard.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { kthSmallestType } from '../../src/interpreter/chance-nodes.js';
import {
  CHANCE,
  TERMINAL,
  canIndexInfosets,
  canJudgeHands,
  canPlayDuplicate,
  canRunFastPlayouts,
  canRewind,
  canSampleChance,
  hasInfoParts,
  hasMoveShapes,
  type Action,
  type GameState,
} from '../../src/interpreter/api.js';
import { compileGame } from '../../src/interpreter/index.js';
import { KUHN_IR, LEDUC_IR } from '../fixtures/ir.js';
import { example } from './helpers.js';

const kuhn = compileGame(KUHN_IR);
const leduc = compileGame(LEDUC_IR);

/** A `GameState` that offers nothing beyond the contract (forwards to an interpreter state). */
function plain(s: GameState): GameState {
  return {
    currentPlayer: () => s.currentPlayer(),
    legalActions: () => s.legalActions(),
    chanceOutcomes: () => s.chanceOutcomes(),
    applyAction: (a) => s.applyAction(a),
    clone: () => plain(s.clone()),
    isTerminal: () => s.isTerminal(),
    returns: () => s.returns(),
    informationStateKey: (seat) => s.informationStateKey(seat),
    observation: (seat) => s.observation(seat),
    actionToString: (p, a) => s.actionToString(p, a),
    chips: () => s.chips(),
  };
}

describe('capability guards', () => {
  it('accept the interpreter states and compiled games, refuse a plain GameState and game', () => {
    const s = kuhn.newInitialState();
    expect([canRewind(s), canSampleChance(s), hasMoveShapes(s), hasInfoParts(s), canIndexInfosets(s)]).toEqual([true, true, true, true, true]);
    const p = plain(s);
    expect([canRewind(p), canSampleChance(p), hasMoveShapes(p), hasInfoParts(p), canIndexInfosets(p)]).toEqual([false, false, false, false, false]);
    expect(canJudgeHands(kuhn)).toBe(true);
    const bare = { ir: KUHN_IR, rulesetHash: kuhn.rulesetHash, numSeats: 2 as const, newInitialState: () => kuhn.newInitialState() };
    expect([canJudgeHands(bare), canPlayDuplicate(bare), canRunFastPlayouts(bare)]).toEqual([false, false, false]);
    expect([canPlayDuplicate(kuhn), canRunFastPlayouts(kuhn)]).toEqual([true, true]);
  });
});

describe('rewinding', () => {
  it('brings a Leduc state back to the saved node after a whole hand', () => {
    const s = leduc.newInitialState();
    s.applyAction(0);
    s.applyAction(4);
    const mark = s.newMark();
    s.saveTo(mark);
    const before = {
      keys: [s.informationStateKey(0), s.informationStateKey(1)],
      legal: s.legalActions(),
      chips: s.chips(),
      depth: s.depth(),
      events: s.historyLength(),
    };
    // check, bet, fold: seat 1 wins the antes.
    for (const a of [1, 2, 0]) s.applyAction(a);
    expect(s.currentPlayer()).toBe(TERMINAL);
    expect([s.stackChange(0), s.stackChange(1)]).toEqual([-1, 1]); // seat 0 folds its ante
    s.rewind(mark);
    expect({
      keys: [s.informationStateKey(0), s.informationStateKey(1)],
      legal: s.legalActions(),
      chips: s.chips(),
      depth: s.depth(),
      events: s.historyLength(),
    }).toEqual(before);
    expect([s.stackChange(0), s.stackChange(1), s.chips().pot]).toEqual([-1, -1, 2]); // the antes are in
  });
});

describe('chance sampling', () => {
  it('gives the outcome the inverse CDF over chanceOutcomes() gives, and lists the same outcomes', () => {
    const s = leduc.newInitialState();
    const actions = new Int32Array(s.maxChanceOutcomes());
    const probs = new Float64Array(s.maxChanceOutcomes());
    for (const prefix of [[], [0], [0, 4, 1, 1]] as Action[][]) {
      const t = leduc.newInitialState();
      for (const a of prefix) t.applyAction(a);
      expect(t.currentPlayer()).toBe(CHANCE);
      const outcomes = t.chanceOutcomes();
      const k = t.chanceOutcomesInto(actions, probs);
      expect(Array.from({ length: k }, (_, i) => [actions[i], probs[i]])).toEqual(outcomes);
      for (let i = 0; i < 100; i++) {
        const u = (i + 0.5) / 100;
        let rest = u;
        let generic = outcomes[outcomes.length - 1][0];
        for (const [a, p] of outcomes) {
          rest -= p;
          if (rest < 0) {
            generic = a;
            break;
          }
        }
        expect(t.sampleChance(u)).toBe(generic);
      }
    }
  });
});

describe('the k-th smallest card type of a small pile (sampleChance on a hand)', () => {
  it('is the k-th card of the pile sorted by type: [3, 1, 3, 0] gives 0, 1, 3, 3', () => {
    const piles = [9, 9, 3, 1, 3, 0, 9];
    expect([0, 1, 2, 3].map((k) => kthSmallestType(piles, 2, 4, k))).toEqual([0, 1, 3, 3]);
    expect(() => kthSmallestType(piles, 2, 4, 4)).toThrow(RangeError);
  });

  it('equals the sorted pile at k for any pile and k (property)', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 51 }), { minLength: 1, maxLength: 8 }), fc.nat(), fc.nat({ max: 5 }), (cards, kRaw, pad) => {
        const piles = new Uint8Array([...Array<number>(pad).fill(60), ...cards, 60]);
        const k = kRaw % cards.length;
        expect(kthSmallestType(piles, pad, cards.length, k)).toBe([...cards].sort((a, b) => a - b)[k]);
      }),
      { numRuns: 500 },
    );
  });
});

describe('move shapes, decision sites and information-state fields', () => {
  it('Kuhn: K to Alice, J to Bob, Alice checks', () => {
    const s = kuhn.newInitialState();
    expect(s.moveShape()).toBeNull();
    s.applyAction(2); // K of hearts to Alice
    s.applyAction(0); // J of hearts to Bob
    expect(s.moveShape()).toBe('fixed-betting');
    expect([s.fixedBettingFirst(), s.fixedBettingCanRaise()]).toEqual([1, true]); // check or bet
    const site = s.decisionSite();
    expect(site).toMatchObject({ betting: true });
    // Own card (its id), nothing seen yet beyond the deal, 10 + 10 chips in play.
    expect(s.infoStateParts(0)).toEqual({ hand: '2', path: '', signals: '', roles: '', chipsInPlay: 20 });
    expect(s.infoStateParts(1)).toEqual({ hand: '0', path: '', signals: '', roles: '', chipsInPlay: 20 });
    s.applyAction(1); // check
    // Both saw one action, a check by seat 0, whatever its encoding.
    expect(s.infoStateParts(0).path).toBe(s.infoStateParts(1).path);
    expect(s.infoStateParts(0).path.split(' ')).toHaveLength(1);
    // Bob decides in the same betting round: the same rule of the same phase.
    expect(s.decisionSite()).toEqual(site);
    expect(() => s.infoStateParts(2)).toThrow(RangeError);
  });

  it('no-limit hold’em offers variable betting; the generated example offers options and amounts', () => {
    const nl = example('nlhe-short.gbg').newInitialState();
    while (nl.currentPlayer() === CHANCE) nl.applyAction(nl.legalActions()[0]);
    expect(nl.moveShape()).toBe('variable-betting');
    const g = example('genstrat-4643.gbg');
    const shapes = new Set<string | null>();
    for (let ep = 0; ep < 40; ep++) {
      const s = g.newInitialState();
      let x = ep + 1;
      while (!s.isTerminal()) {
        const legal = s.legalActions();
        if (s.currentPlayer() >= 0) shapes.add(s.moveShape());
        x = (x * 1103515245 + 12345) % 2147483648;
        s.applyAction(legal[x % legal.length]);
      }
    }
    expect(shapes.has('options')).toBe(true);
    expect(shapes.has('amount')).toBe(true);
  });
});

describe('information-state indexer', () => {
  it('gives equal canonical ids exactly to decisions with equal keys, and their keys (every Kuhn history)', () => {
    const s = kuhn.newInitialState();
    const indexers = [s.infosetIndexer(0), s.infosetIndexer(1)];
    const byCanon = [new Map<number, string>(), new Map<number, string>()];
    let decisions = 0;
    const walk = (nodes: number[], from: number[]): void => {
      const cp = s.currentPlayer();
      if (cp === TERMINAL) return;
      const mark = s.newMark();
      s.saveTo(mark);
      let next = nodes;
      let upTo = from;
      if (cp !== CHANCE) {
        decisions++;
        const t = indexers[cp].advance(nodes[cp], from[cp]);
        const c = indexers[cp].canonicalOf(t);
        const key = s.informationStateKey(cp);
        expect(indexers[cp].key(c)).toBe(key);
        const known = byCanon[cp].get(c);
        if (known !== undefined) expect(known).toBe(key);
        byCanon[cp].set(c, key);
        next = cp === 0 ? [t, nodes[1]] : [nodes[0], t];
        upTo = cp === 0 ? [s.historyLength(), from[1]] : [from[0], s.historyLength()];
      }
      s.legalActions().forEach((a, i) => {
        if (i > 0) s.rewind(mark);
        s.applyAction(a);
        walk(next, upTo);
      });
      s.rewind(mark);
    };
    walk([0, 0], [0, 0]);
    // 6 deals × 4 decision nodes (seat 0 first; seat 1 after a check or a bet; seat 0 after check, bet);
    // 6 information states per seat (3 cards × 2 pasts).
    expect(decisions).toBe(24);
    const keys = (seat: number): number => new Set(byCanon[seat].values()).size;
    expect([byCanon[0].size, byCanon[1].size, keys(0), keys(1)]).toEqual([6, 6, 6, 6]);
  });
});

describe('hand judge', () => {
  it('Kuhn: high card (K beats Q, equal cards tie); no board', () => {
    const j = kuhn.handJudge();
    const [J, Q, K] = ['J of hearts', 'Q of hearts', 'K of hearts'].map((n) => j.cardId(n));
    expect([J, Q, K]).toEqual([0, 1, 2]);
    expect(j.cardId('A of hearts')).toBe(-1);
    expect(j.deck).toEqual([0, 1, 2]);
    expect(j.boardPile).toBeNull();
    expect(j.compare([K], [Q], [], 0, 0)).toBeGreaterThan(0);
    expect(j.compare([J], [Q], [], 0, 0)).toBeLessThan(0);
    expect(j.compare([Q], [Q], [], 0, 0)).toBe(0);
  });

  it('Leduc: a pair with the board beats a higher card', () => {
    const j = leduc.handJudge();
    const id = (n: string): number => j.cardId(n);
    expect(j.boardPile).toBe('board');
    expect(j.compare([id('J of hearts')], [id('K of hearts')], [id('J of spades')], 0, 0)).toBeGreaterThan(0);
    expect(j.compare([id('Q of hearts')], [id('K of hearts')], [id('J of spades')], 0, 0)).toBeLessThan(0);
    expect(j.compare([id('K of spades')], [id('K of hearts')], [id('J of spades')], 0, 0)).toBe(0);
  });
});

describe('duplicate chance', () => {
  /** Play Kuhn with seat 0 always checking/calling (action 1) and chance from `keys`; the chance records. */
  function deal(keys: number[]) {
    const chance = kuhn.duplicateChance(keys, true);
    const s = kuhn.newInitialState();
    while (!s.isTerminal()) s.applyAction(s.currentPlayer() === CHANCE ? chance.sample(s) : 1);
    return chance.records!;
  }

  it('Kuhn: two deck draws, one card to each hand (piles 1 and 2), the same for the same play seed', () => {
    const a = deal([7]);
    expect(a.map((r) => [r.stream, r.target])).toEqual([
      ['deck', 1],
      ['deck', 2],
    ]);
    expect(a[0]!.outcome).not.toBe(a[1]!.outcome);
    expect(deal([7])).toEqual(a);
    // Over 60 play seeds each of the 6 deals of three cards comes up.
    const deals = new Set(
      Array.from({ length: 60 }, (_, k) =>
        deal([k])
          .map((r) => r.outcome)
          .join(),
      ),
    );
    expect(deals.size).toBe(6);
  });

  it('records nothing unless asked, and refuses a state of another implementation', () => {
    const chance = kuhn.duplicateChance([1]);
    expect(chance.records).toBeNull();
    expect(() => chance.sample(plain(kuhn.newInitialState()))).toThrow(TypeError);
  });
});
