/**
 * The table bots (src/eval/agents/fold.ts, equity.ts, table.ts): the round's chips read from the
 * observation, an always-folding agent losing exactly its blinds, the league's check-fold fallback,
 * Monte Carlo equity against known values (two and three seats), the equity bot's pot-odds rule on
 * hand-made decisions, and the fast path choosing exactly as the view path.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { compileSource } from '../../src/compiler/index.js';
import { compileGame } from '../../src/interpreter/game.js';
import { CHANCE, canJudgeHands, type Action, type Game, type GameState, type Observation } from '../../src/interpreter/api.js';
import { rngFromKeys, type Rng } from '../../src/util/rng.js';
import { alwaysFoldAgent, checkFoldAgent } from '../../src/eval/agents/fold.js';
import { equityChoice, finalBoardSize, monteCarloEquity, type EquityParams } from '../../src/eval/agents/equity.js';
import { roundChips } from '../../src/eval/agents/table.js';
import { randomAgent } from '../../src/eval/agents/random.js';
import { handStrength } from '../../src/eval/agents/heuristic.js';
import { LazyView } from '../../src/eval/agents/view.js';
import { createAgent, type Agent } from '../../src/eval/agents/index.js';

function load(name: string): Game {
  const r = compileSource(readFileSync(`examples/${name}.gbg`, 'utf8'));
  if (!r.ir) throw new Error(`${name} does not compile`);
  return compileGame(r.ir);
}

const nlhe = load('nlhe-short');

/** An opponent that bets or raises the smallest amount whenever it may, else checks or calls. */
const raiser: Agent = {
  name: 'raiser',
  act: () => {
    throw new Error('unused');
  },
  actFast(state: GameState, seat: number): Action {
    const legal = state.legalActions();
    const labels = legal.map((a) => state.actionToString(seat, a));
    const i = labels.findIndex((l) => /^(bet|raise)/.test(l));
    return i >= 0 ? legal[i] : legal[labels.findIndex((l) => l === 'check' || l === 'call')];
  },
};

/** Play one hand with agents per seat; returns the final state. */
function playHand(game: Game, agents: Agent[], rng: Rng, onDecision?: (s: GameState, seat: number, a: Action) => void): GameState {
  const s = game.newInitialState();
  while (!s.isTerminal()) {
    const p = s.currentPlayer();
    if (p === CHANCE) {
      const o = s.chanceOutcomes();
      s.applyAction(o[Math.min(o.length - 1, Math.floor(rng() * o.length))][0]);
      continue;
    }
    const a = agents[p].actFast!(s, p, rng);
    onDecision?.(s, p, a);
    s.applyAction(a);
  }
  return s;
}

const blindsOf = (obs: Observation, seat: number): number =>
  obs.log.filter((e) => e.kind === 'blind' && e.seat === seat).reduce((t, e) => t + (e.amount ?? 0), 0);

describe("the round's chips from the observation", () => {
  it('counts live blinds in the first round and each later round from zero (hand-computed)', () => {
    const s = nlhe.newInitialState();
    const rng = rngFromKeys(1);
    const toDecision = () => {
      while (s.currentPlayer() === CHANCE) s.applyAction(s.chanceOutcomes()[Math.floor(rng() * s.chanceOutcomes().length)][0]);
    };
    const play = (label: string) => {
      const p = s.currentPlayer();
      s.applyAction(s.legalActions().find((a) => s.actionToString(p, a) === label)!);
      toDecision();
    };
    toDecision();
    // Alice (small blind 1) faces Bob's big blind 2: 1 to call, pot 3, stack 19.
    expect(roundChips(s.observation(0))).toEqual({ inRound: [1, 2], toCall: 1, pot: 3, stack: 19, active: [0, 1] });
    play('raise 6'); // Alice's total this round becomes 6: she adds 5.
    expect(roundChips(s.observation(1))).toEqual({ inRound: [6, 2], toCall: 4, pot: 8, stack: 18, active: [0, 1] });
    play('call');
    // Flop: a new round, Bob first.
    expect(roundChips(s.observation(1))).toEqual({ inRound: [0, 0], toCall: 0, pot: 12, stack: 14, active: [0, 1] });
    play('bet 5');
    expect(roundChips(s.observation(0))).toEqual({ inRound: [0, 5], toCall: 5, pot: 17, stack: 14, active: [0, 1] });
    play('fold');
    expect(s.isTerminal()).toBe(true);
    expect(roundChips(s.observation(0)).active).toEqual([1]);
  });
});

describe('always-fold and check-fold', () => {
  it('always-fold against an opponent that always raises loses exactly the blinds it posts, hand after hand, in either seat', () => {
    for (const seat of [0, 1]) {
      let lost = 0;
      let blinds = 0;
      for (let h = 0; h < 200; h++) {
        const agents = seat === 0 ? [alwaysFoldAgent, raiser] : [raiser, alwaysFoldAgent];
        const s = playHand(nlhe, agents, rngFromKeys(7, h));
        lost -= s.returns()[seat];
        blinds += blindsOf(s.observation(seat), seat);
      }
      // Seat 0 posts the small blind (1), seat 1 the big blind (2).
      expect(blinds).toBe(200 * (seat === 0 ? 1 : 2));
      expect(lost).toBe(blinds);
    }
  });

  it('always-fold never puts a chip in by choice: against random play it loses its blind, or wins a hand it never had to call', () => {
    let wins = 0;
    for (let h = 0; h < 300; h++) {
      const seat = h % 2;
      const agents = seat === 0 ? [alwaysFoldAgent, randomAgent] : [randomAgent, alwaysFoldAgent];
      const s = playHand(nlhe, agents, rngFromKeys(8, h), (st, p, a) => {
        if (p === seat) expect(['fold', 'check']).toContain(st.actionToString(p, a));
      });
      const r = s.returns()[seat];
      const blind = blindsOf(s.observation(seat), seat);
      if (r > 0) wins++;
      else expect(r).toBe(-blind);
    }
    // Bob checks his option when Alice limps and then wins some showdowns.
    expect(wins).toBeGreaterThan(0);
  });

  it('check-fold checks whenever it may and folds only facing a bet', () => {
    let folds = 0;
    for (let h = 0; h < 100; h++)
      playHand(nlhe, h % 2 ? [randomAgent, checkFoldAgent] : [checkFoldAgent, randomAgent], rngFromKeys(9, h), (st, p, a) => {
        if (p !== (h % 2 ? 1 : 0)) return;
        const labels = st.legalActions().map((x) => st.actionToString(p, x));
        const chosen = st.actionToString(p, a);
        if (labels.includes('check')) expect(chosen).toBe('check');
        else {
          expect(chosen).toBe('fold');
          folds++;
        }
      });
    expect(folds).toBeGreaterThan(0);
  });
});

describe('Monte Carlo equity', () => {
  const judge = canJudgeHands(nlhe) ? nlhe.handJudge() : null!;
  /** An observation of seat 0 holding `hand` before the flop at a table of `seats` (others face down). */
  const preflop = (hand: string[], seats: number): Observation =>
    ({
      seat: 0,
      hand,
      publicPiles: { board: [] },
      handSizes: new Array(seats).fill(2),
      stacks: new Array(seats).fill(100),
      pot: 3,
      log: [],
      terminal: false,
      returns: null,
      decision: null,
    }) as unknown as Observation;

  it("reads the board's final size from the rules", () => {
    expect(finalBoardSize(nlhe, judge.boardPile)).toBe(5);
    const kuhn = load('kuhn');
    expect(finalBoardSize(kuhn, canJudgeHands(kuhn) ? kuhn.handJudge().boardPile : null)).toBe(0);
  });

  it('Kuhn: K beats every hand, J none, Q half (exact)', () => {
    const kuhn = load('kuhn');
    if (!canJudgeHands(kuhn)) throw new Error('kuhn judges hands');
    const j = kuhn.handJudge();
    const obs = (card: string) => ({ seat: 0, hand: [card], publicPiles: {}, handSizes: [1, 1], scores: [0, 0] }) as unknown as Observation;
    expect(j.deck.length).toBe(3);
    const suit = kuhn.ir.deck.suits[0];
    const eq = (rank: string) => monteCarloEquity(j, obs(`${rank} of ${suit}`), [0, 1], 0, 400, 1);
    expect(eq('K')).toBe(1);
    expect(eq('J')).toBe(0);
    expect(Math.abs(eq('Q') - 0.5)).toBeLessThan(0.08);
  });

  it("hold'em: pocket aces win about 85 % against one random hand and 73 % against two (published values)", () => {
    const aa = ['A of spades', 'A of hearts'];
    const one = monteCarloEquity(judge, preflop(aa, 2), [0, 1], 5, 3000, 1);
    const two = monteCarloEquity(judge, preflop(aa, 3), [0, 1, 2], 5, 3000, 2);
    // 85.2 % and 73.4 %; 3,000 deals give a standard error under 0.007.
    expect(Math.abs(one - 0.852)).toBeLessThan(0.025);
    expect(Math.abs(two - 0.734)).toBeLessThan(0.03);
    // 7-2 offsuit: about 34.6 % heads-up; a folded seat no longer counts.
    const sevenTwo = monteCarloEquity(judge, preflop(['7 of spades', '2 of hearts'], 3), [0, 2], 5, 3000, 3);
    expect(Math.abs(sevenTwo - 0.346)).toBeLessThan(0.03);
  });
});

describe('the equity bot', () => {
  const obsFacing = (inRound: number[], pot: number, stacks: number[]): Observation =>
    ({
      seat: 0,
      stacks,
      pot,
      log: [
        { kind: 'blind', seat: 1, amount: inRound[1], text: '' },
        { kind: 'phase', text: '' },
        ...(inRound[0] ? [{ kind: 'call', seat: 0, amount: inRound[0], text: '' }] : []),
        ...inRound.slice(2).map((a, k) => ({ kind: 'raise', seat: k + 2, amount: a, text: '' })),
      ],
    }) as unknown as Observation;
  const params: EquityParams = { samples: 1, raise: 1.6, betFraction: 0.75 };
  const legal = [0, 1, 10, 11, 12, 13];
  const labels = ['fold', 'call', 'raise 10', 'raise 20', 'raise 30', 'raise 40'];
  const choose = (e: number, obs: Observation) =>
    labels[
      legal.indexOf(
        equityChoice(
          params,
          e,
          obs,
          legal,
          (i) => labels[i],
          () => [],
          0.5,
        ),
      )
    ];

  it('calls by pot odds, folds below them, raises for value to about 3/4 of the pot (hand-computed)', () => {
    // Three seats in; seat 0 has put in nothing, seat 1 a blind of 2, seat 2 raised to 6: 6 to call into a pot of 8.
    const obs = obsFacing([0, 2, 6], 8, [100, 98, 94]);
    // Pot odds 6 / (8 + 6) = 0.4286.
    expect(choose(0.43, obs)).toBe('call');
    expect(choose(0.42, obs)).toBe('fold');
    // Value: e · 3 ≥ 1.6, i.e. e ≥ 0.5334; target total = 0 + 6 + 0.75 · (8 + 6) = 16.5 → raise 20 (nearest of 10, 20).
    expect(choose(0.54, obs)).toBe('raise 20');
    expect(choose(0.53, obs)).toBe('call');
  });

  it('checks when not facing a bet unless its equity is worth a bet', () => {
    const l = [1, 3, 4, 5];
    const lab = ['check', 'bet 2', 'bet 4', 'bet 6'];
    const obs = { seat: 0, stacks: [20, 20], pot: 4, log: [{ kind: 'phase', text: '' }] } as unknown as Observation;
    const pick = (e: number) =>
      lab[
        l.indexOf(
          equityChoice(
            params,
            e,
            obs,
            l,
            (i) => lab[i],
            () => [],
            0.5,
          ),
        )
      ];
    expect(pick(0.79)).toBe('check');
    // 0.75 · 4 = 3 chips: bet 2 and bet 4 are equally near; the smaller wins the tie.
    expect(pick(0.8)).toBe('bet 2');
  });
});

describe('the heuristic bot at a table', () => {
  it('raises its one-opponent percentile to the power of the opponents still in (exact on Leduc)', () => {
    const leduc = load('leduc');
    if (!canJudgeHands(leduc)) throw new Error('leduc judges hands');
    const j = leduc.handJudge();
    const suit = leduc.ir.deck.suits[0];
    const obs = (seats: number, folded: number[] = []) =>
      ({
        seat: 0,
        hand: [`Q of ${suit}`],
        publicPiles: { board: [] },
        handSizes: new Array(seats).fill(1),
        log: folded.map((seat) => ({ kind: 'fold', seat, text: '' })),
      }) as unknown as Observation;
    const two = handStrength(j, obs(2));
    // A queen beats the two jacks, ties the other queen and loses to the two kings of the five unseen cards: (2 + ½) / 5.
    expect(two).toBeCloseTo(0.5, 12);
    expect(handStrength(j, obs(3))).toBeCloseTo(two ** 2, 12);
    expect(handStrength(j, obs(3, [2]))).toBeCloseTo(two, 12);
  });
});

describe('the fast path chooses as the view path', () => {
  it.each(['always-fold', 'check-fold', 'equity', 'heuristic'])("%s on short-stack hold'em and Leduc", async (kind) => {
    for (const game of [nlhe, load('leduc')]) {
      const agent = await createAgent(kind, game, kind === 'equity' ? { samples: 50 } : {});
      for (let h = 0; h < 15; h++) {
        const rng = rngFromKeys(11, h);
        playHand(game, [agent, randomAgent], rng, (s, p, a) => {
          if (p !== 0) return;
          const view = new LazyView(s, p, game, rngFromKeys(12, h), 0);
          const viaView = agent.act(view);
          // The fast path consumed one number of its stream; so does the view path.
          const again = agent.actFast!(s, p, rngFromKeys(12, h));
          expect(viaView).toBe(again);
          expect(s.legalActions()).toContain(a);
        });
      }
    }
  });
});
