/**
 * The table engine (3 to 6 seats, a button): multiway all-ins with side pots, payouts computed by
 * hand; the no-reopen rule of a short all-in; positions; chips conserved and zero-sum over random
 * 3-seat and 6-seat hands; an always-fold seat loses exactly its blinds; two-seat games keep
 * their engine and ruleset hashes.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { compileSource } from '../../src/compiler/index.js';
import { CHANCE, compileAnyGame, compileGame, compileTableGame, type TableState } from '../../src/interpreter/index.js';
import { buildPots, awardPot } from '../../src/interpreter/table-pots.js';
import { rngFromKeys } from '../../src/util/rng.js';
import { randomHand } from '../support/table-play.js';

const RANKS = '2 = 2, 3 = 3, 4 = 4, 5 = 5, 6 = 6, 7 = 7, 8 = 8, 9 = 9, T = 10, J = 11, Q = 12, K = 13, A = 14';

/** A table of `seats` (names A, B, C, D …) with these stacks, blinds 5/`bb`, one card each, one or two no-limit rounds, high card. */
function table(stacks: number[], opts: { bb?: number; rounds?: number } = {}) {
  const names = 'ABCDEF'.slice(0, stacks.length).split('');
  const flop = opts.rounds === 2 ? 'phase Flop { betting variable { first left of button; raises no-limit; bet 10 } }' : '';
  const src = `game "T" {
  players ${names.join(', ')}
  stack ${names.map((n, i) => `${n} ${stacks[i]}`).join(', ')}
  button
  odd chip left of button
  deck { ranks ${RANKS}; suits c, d, h, s }
  phase Deal { shuffle deck; blinds 5, ${opts.bb ?? 10}; deal 1 to each }
  phase Pre { betting variable { first left of big-blind; raises no-limit; bet 10 } }
  ${flop}
  showdown high-card
}`;
  const r = compileSource(src);
  if (!r.ir) throw new Error(r.diagnostics.map((d) => d.message).join('\n'));
  return compileTableGame(r.ir);
}

/**
 * Play a script on a state: at a chance node the next card name, at a decision the next label
 * (`fold`, `check`, `call`, `raise 100`, `bet 50`); the seat to act is checked against `who`.
 */
function play(s: TableState, script: string[]): void {
  for (const step of script) {
    if (s.currentPlayer() === CHANCE) {
      const id = s.p.cardNames.indexOf(step);
      expect(id, step).toBeGreaterThanOrEqual(0);
      s.applyAction(id);
      continue;
    }
    const [who, label] = step.split(': ');
    expect(s.p.seatNames[s.currentPlayer()], step).toBe(who);
    const a = s.legalActions().find((x) => s.actionToString(s.currentPlayer(), x) === label);
    expect(
      a,
      `${step}: legal ${s
        .legalActions()
        .slice(0, 4)
        .map((x) => s.actionToString(s.currentPlayer(), x))}`,
    ).toBeDefined();
    s.applyAction(a!);
  }
}

describe('side pots (pure), by hand', () => {
  it('three different stacks all-in: main pot of three, side pot of two', () => {
    expect(buildPots([100, 200, 200], [false, false, false])).toEqual([
      { amount: 300, eligible: [0, 1, 2] },
      { amount: 200, eligible: [1, 2] },
    ]);
  });
  it('a folded seat’s chips stay in the pots it reached', () => {
    expect(buildPots([50, 5, 100, 100], [false, true, false, false])).toEqual([
      { amount: 155, eligible: [0, 2, 3] },
      { amount: 100, eligible: [2, 3] },
    ]);
  });
  it('a split pot’s odd chips go clockwise from the button', () => {
    // 301 chips among seats 0 and 2, button on seat 2: seat 0 is the first winner left of it.
    expect(awardPot({ amount: 301, eligible: [0, 1, 2] }, [5, 1, 5], 2)).toEqual({ winners: [0, 2], paid: [151, 0, 150], oddChips: [0] });
    // 3-way tie of 302 chips, button on seat 0: 100 each, the two odd chips to seats 1 and 2.
    expect(awardPot({ amount: 302, eligible: [0, 1, 2] }, [7, 7, 7], 0)).toEqual({ winners: [0, 1, 2], paid: [100, 101, 101], oddChips: [1, 2] });
  });
});

describe('multiway all-ins on the table engine, payouts by hand', () => {
  it('three different stacks all-in preflop: A wins the main pot, B the side pot', () => {
    const s = table([100, 200, 300]).newInitialState();
    // Button A (seat 0): B posts 5, C posts 10; cards go B, C, A; A acts first.
    play(s, ['K of c', 'Q of c', 'A of c', 'A: raise 100', 'B: raise 200', 'C: call']);
    expect(s.isTerminal()).toBe(true);
    // Pots: main 3 × 100 = 300 (A, B, C) to A's ace; side 2 × 100 = 200 (B, C) to B's king.
    expect(s.returns()).toEqual([200, 0, -200]);
    expect(s.chips()).toEqual({ stacks: [300, 200, 100], pot: 0 });
  });

  it('three stacks all-in, the biggest stack holds the best hand and takes everything', () => {
    const s = table([100, 200, 300]).newInitialState();
    play(s, ['K of c', 'A of c', 'Q of c', 'A: raise 100', 'B: raise 200', 'C: call']);
    expect(s.returns()).toEqual([-100, -200, 300]);
  });

  it('a short all-in that is not a full raise does not reopen the betting', () => {
    const s = table([1000, 1000, 150]).newInitialState();
    // A raises to 100 (a full raise of 90), B calls, C goes all-in to 150 (50 more: short).
    play(s, ['2 of c', '3 of c', '4 of c', 'A: raise 100', 'B: call', 'C: raise 150']);
    expect(s.p.seatNames[s.currentPlayer()]).toBe('A');
    expect(s.legalActions().map((a) => s.actionToString(0, a))).toEqual(['fold', 'call']);
    play(s, ['A: call', 'B: call']);
    // Cards go B, C, A: A's 4 beats 2 and 3: 3 × 150 = 450 to A.
    expect(s.returns()).toEqual([300, -150, -150]);
  });

  it('an all-in that is a full raise reopens the betting', () => {
    const s = table([1000, 1000, 190]).newInitialState();
    play(s, ['2 of c', '3 of c', '4 of c', 'A: raise 100', 'B: call', 'C: raise 190']);
    const labels = s.legalActions().map((a) => s.actionToString(0, a));
    expect(labels.slice(0, 3)).toEqual(['fold', 'call', 'raise 280']);
  });

  it('folds with side pots: the folded seat’s chips stay in, the uncalled bet goes back', () => {
    const s = table([100, 500, 500], { rounds: 2 }).newInitialState();
    // Pre: A all-in 100, B raises to 300, C calls. Flop: B bets 200 (all-in), C folds: the 200 go back to B.
    play(s, ['K of c', 'Q of c', 'A of c', 'A: raise 100', 'B: raise 300', 'C: call', 'B: bet 200', 'C: fold']);
    expect(s.isTerminal()).toBe(true);
    // Pots: main 3 × 100 = 300 (A, B) to A's ace; side 200 + 200 = 400 (B only) to B.
    expect(s.returns()).toEqual([200, 100, -300]);
    expect(s.observation(2).log.some((e) => e.kind === 'refund' && e.seat === 1 && e.amount === 200)).toBe(true);
  });

  it('split pot and split side pot with odd chips, four seats', () => {
    const s = table([50, 75, 300, 300], { bb: 11 }).newInitialState();
    // Button A; B posts 5, C 11; cards go B, C, D, A; D acts first.
    // D calls 11, A all-in 50 (a full raise), B all-in 75 (short), C calls 75, D calls 75.
    play(s, ['J of c', 'K of c', 'K of d', 'Q of c', 'D: call', 'A: raise 50', 'B: raise 75', 'C: call', 'D: call']);
    expect(s.isTerminal()).toBe(true);
    // Main 4 × 50 = 200 (all four): C and D tie with kings, 100 each.
    // Side 3 × 25 = 75 (B, C, D): C and D split 37 each, the odd chip to C (first winner left of the button).
    expect(s.returns()).toEqual([-50, -75, 63, 62]);
    const log = s.observation(0).log;
    expect(log.filter((e) => e.kind === 'odd-chip').map((e) => e.seat)).toEqual([2]);
  });

  it('a pot with an odd chip split between the two hands left', () => {
    const s = table([101, 300, 300], { bb: 11 }).newInitialState();
    play(s, ['K of c', 'Q of c', 'K of d', 'A: raise 101', 'B: call', 'C: fold']);
    // Pot 101 + 101 + 11 = 213: A and B tie, 106 each, the odd chip to B (left of A's button).
    expect(s.returns()).toEqual([5, 6, -11]);
  });
});

describe('what each seat sees', () => {
  it('a seat’s key and observation hold its own cards and the public play, never another seat’s cards before the showdown', () => {
    const game = table([100, 100, 100]);
    const a = game.newInitialState();
    const b = game.newInitialState();
    // Cards go B, C, A: the states differ only in C's card.
    play(a, ['K of c', 'Q of c', 'A of c', 'A: call', 'B: call']);
    play(b, ['K of c', 'J of c', 'A of c', 'A: call', 'B: call']);
    for (const seat of [0, 1]) expect(a.informationStateKey(seat)).toBe(b.informationStateKey(seat));
    expect(a.informationStateKey(2)).not.toBe(b.informationStateKey(2));
    const obs = a.observation(0);
    expect(obs.hand).toEqual(['A of c']);
    expect(obs.stacks).toEqual([90, 90, 90]);
    expect(obs.pot).toBe(30);
    expect(JSON.stringify(obs.log)).not.toContain('Q of c');
    expect(obs.decision).toBeNull();
    expect(
      a
        .observation(2)
        .decision?.menu.map((m) => m.label)
        .slice(0, 3),
    ).toEqual(['check', 'raise 20', 'raise 21']);
    // At the showdown every remaining hand is shown to every seat.
    play(a, ['C: check']);
    expect(a.isTerminal()).toBe(true);
    const shown = a
      .observation(0)
      .log.filter((e) => e.kind === 'reveal')
      .map((e) => [e.seat, e.cards]);
    expect(shown).toEqual([
      [0, ['A of c']],
      [1, ['K of c']],
      [2, ['Q of c']],
    ]);
    expect(a.returns()).toEqual([20, -10, -10]);
  });

  it('cards of one deal step are one set: the order they were drawn in does not change the key', () => {
    const src = readFileSync('examples/league-holdem.gbg', 'utf8');
    const game = compileTableGame(compileSource(src).ir!);
    const a = game.newInitialState();
    const b = game.newInitialState();
    // Two rounds of one card: B, C, A, B, C, A. A receives 2c then 3c in one state, 3c then 2c in the other.
    play(a, ['4 of clubs', '5 of clubs', '2 of clubs', '6 of clubs', '7 of clubs', '3 of clubs']);
    play(b, ['4 of clubs', '5 of clubs', '3 of clubs', '6 of clubs', '7 of clubs', '2 of clubs']);
    expect(a.informationStateKey(0)).toBe(b.informationStateKey(0));
    expect(a.observation(0).hand).toEqual(['2 of clubs', '3 of clubs']);
  });
});

describe('positions follow the button', () => {
  const game = table([1000, 1000, 1000]);
  for (const button of [0, 1, 2])
    it(`button on seat ${button}: small blind left of it, big blind next, the seat after the big blind acts first`, () => {
      const s = game.newInitialState({ button });
      const blinds = s.observation(0).log.filter((e) => e.kind === 'blind');
      expect(blinds.map((e) => [e.seat, e.amount])).toEqual([
        [(button + 1) % 3, 5],
        [(button + 2) % 3, 10],
      ]);
      while (s.currentPlayer() === CHANCE) s.applyAction(s.legalActions()[0]);
      expect(s.currentPlayer()).toBe(button);
    });

  it('heads-up with a button: the button posts the small blind, acts first before the flop and last after it', () => {
    const src = readFileSync('examples/league-holdem.gbg', 'utf8').replace('players A, B, C', 'players A, B');
    const game = compileTableGame(compileSource(src).ir!);
    for (const button of [0, 1]) {
      const s = game.newInitialState({ button });
      expect(s.observation(0).log.find((e) => e.kind === 'blind')?.seat).toBe(button);
      while (s.currentPlayer() === CHANCE) s.applyAction(s.legalActions()[0]);
      expect(s.currentPlayer()).toBe(button);
      s.applyAction(1); // call
      expect(s.currentPlayer()).toBe(1 - button); // the big blind's option
      s.applyAction(1); // check
      while (s.currentPlayer() === CHANCE) s.applyAction(s.legalActions()[0]);
      expect(s.currentPlayer()).toBe(1 - button); // after the flop the button acts last
    }
  });

  it('refuses a button outside the table, and a button in a game that declares none', () => {
    expect(() => table([10, 10, 10]).newInitialState({ button: 3 })).toThrow(RangeError);
    const kuhn = compileGame(compileSource(readFileSync('examples/kuhn.gbg', 'utf8')).ir!);
    expect(() => kuhn.newInitialState({ button: 1 })).toThrow(/declares no button/);
  });
});

describe('chips conserved and zero-sum on random hands', () => {
  const league = compileSource(readFileSync('examples/league-holdem.gbg', 'utf8')).ir!;
  const six = compileSource(readFileSync('examples/league-holdem.gbg', 'utf8').replace('players A, B, C', 'players A, B, C, D, E, F')).ir!;
  // 10^5 hands of each run in bench/table-conservation.ts; the test plays 3,000 of each.
  for (const [name, ir, hands] of [
    ['3 seats', league, 3000],
    ['6 seats', six, 3000],
  ] as const)
    it(`${name}: every stack ≥ 0, stacks + pot constant at every node, returns sum to 0`, () => {
      const game = compileTableGame(ir);
      const rng = rngFromKeys(31, ir.seats.length);
      const n = ir.seats.length;
      for (let h = 0; h < hands; h++) {
        const stacks = Array.from({ length: n }, () => 100 + Math.floor(rng() * 9900));
        const s = game.newInitialState({ button: h % n, stacks });
        const total = stacks.reduce((a, b) => a + b, 0);
        randomHand(s, rng);
        const c = s.chips();
        expect(c.pot).toBe(0);
        expect(c.stacks.reduce((a, b) => a + b, 0)).toBe(total);
        expect(c.stacks.every((x) => x >= 0)).toBe(true);
        expect(s.returns().reduce((a, b) => a + b, 0)).toBe(0);
      }
    });
});

describe('an always-fold seat', () => {
  it('loses exactly its blinds on league-holdem whenever it folds, and never puts in more', () => {
    const game = compileTableGame(compileSource(readFileSync('examples/league-holdem.gbg', 'utf8')).ir!);
    const rng = rngFromKeys(7);
    let folds = 0;
    for (let h = 0; h < 600; h++) {
      const button = h % 3;
      const s = game.newInitialState({ button });
      const seat = (h >> 1) % 3;
      randomHand(s, rng, seat);
      const posted = seat === (button + 1) % 3 ? 50 : seat === (button + 2) % 3 ? 100 : 0;
      // It never puts in more than its blind; when it folds it loses exactly that. (Folding is not
      // offered without a bet to face: it then checks, and may win a pot checked down to the showdown.)
      expect(s.total[seat]).toBeLessThanOrEqual(posted);
      if (s.folded[seat]) {
        expect(s.returns()[seat] + posted).toBe(0);
        folds++;
      }
    }
    expect(folds).toBeGreaterThan(300);
  });
});

describe('two-seat games keep their engine and hashes', () => {
  // The ruleset hashes of the examples as computed before the language had tables (commit 536ce5c).
  const BEFORE: Record<string, string> = {
    kuhn: 'f4da7477b87954d434ac0c958b1330705606110790ff629096190306cff86a2b',
    leduc: '146cfa7afc6210c15e77fecc2ee1dbb09f4f9c9029df2954c73dae42db3e4513',
    'genstrat-4643': 'edc918a47b2604c9439ede7845b1d6f15030a855fa20571c98653b9db9604dc8',
    'genstrat-4643-v1': '2e87903852cab1a49925057d6de6c31198b04c839a8ba85f433db17ac4be6821',
    'nlhe-short': 'cb879aa61259baa906a5d600c1deaf8b8f3fa80d25c31b2e7ef6f26478f5d8a2',
    'royal-holdem': '64f7a84b3d229bcab5997cafc1ba0e93e54479755ca6038c60c2e5d89aee6613',
    duel: '249e3143275be0bddf7e69c8bc405ea95704b41b2ccc021d79f3297fb7c66dd4',
    oracle: '5a0e9696a632a5d0bf40f004cd345cb02ce527e412f7092f27d1d42bd1d81489',
    rounds: 'fe77da2582948668269abe8fdbc727c7044df93ab3ea60d1d46f00915cbd73aa',
    thieves: '5f3e29ab3d3ec41ef0f99504d4804acf27cffcc84dd76b27c6abcf30536495f7',
    // Added with the language's shoe (`shoe cut 78`): the league's blackjack as first landed with it.
    blackjack: '5bbc2bd6e1853017dc82f10dc10cb840f249cbc816f4ba59c57358c891daea3d',
  };
  for (const [file, hash] of Object.entries(BEFORE))
    it(`${file}: the same ruleset hash, played by the two-seat machine`, () => {
      const r = compileSource(readFileSync(`examples/${file}.gbg`, 'utf8'));
      expect(r.rulesetHash).toBe(hash);
      expect(r.ir!.button).toBeUndefined();
      expect(compileAnyGame(r.ir!).constructor.name).toBe('CompiledGame');
    });

  it('the league table is a table game, and the two-seat machine refuses it clearly', () => {
    const ir = compileSource(readFileSync('examples/league-holdem.gbg', 'utf8')).ir!;
    expect(compileAnyGame(ir).numSeats).toBe(3);
    expect(() => compileGame(ir)).toThrow(/table game/);
  });
});
