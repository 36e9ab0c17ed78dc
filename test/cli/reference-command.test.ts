/**
 * `gbgc reference blackjack|roulette`: the printed values are the library's, `--json` round-trips,
 * and bad input exits 2 with a clear message.
 */
import { describe, expect, it } from 'vitest';
import { runCli } from './run-cli.js';
import { BlackjackReference } from '../../src/algorithms/casino/blackjack.js';
import { RouletteTargetReference } from '../../src/algorithms/casino/roulette.js';

describe('gbgc reference blackjack', () => {
  it('--hand --up --json: the action values of the library, the best action named', async () => {
    const r = await runCli(['reference', 'blackjack', '--hand', '8,8', '--up', 'A', '--json']);
    expect(r.code, r.stderr).toBe(0);
    const out = JSON.parse(r.stdout);
    const want = Object.fromEntries(new BlackjackReference().actionValues({ hand: [8, 8], dealerUp: 1 })!);
    expect(out.values).toEqual(want);
    expect(out.best).toEqual(['split']);
    expect(out.reference).toBe('blackjack-6deck-s17-peek');
  });

  it('the text form marks the best action; face cards are tens; a blackjack has no decision', async () => {
    const r = await runCli(['reference', 'blackjack', '--hand', 'K,6', '--up', '10']);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/hit\s+-0\.534676\s+best/);
    const bj = await runCli(['reference', 'blackjack', '--hand', 'A,Q', '--up', '10']);
    expect(bj.stdout).toMatch(/no decision/);
  });

  it('--infinite: the chart and the house edge of the infinite deck', async () => {
    const r = await runCli(['reference', 'blackjack', '--infinite', '--json']);
    expect(r.code, r.stderr).toBe(0);
    const out = JSON.parse(r.stdout);
    expect(out.houseEdge).toBeCloseTo(new BlackjackReference({ deck: 'infinite' }).houseEdge().houseEdge, 15);
    expect(out.basicStrategy.hard['16'].join('')).toBe('SSSSSHHHHH');
  });

  it('bad input exits 2 with the reason', async () => {
    for (const [args, msg] of [
      [['--hand', '10,6'], /go together/],
      [['--hand', 'X,6', '--up', '10'], /cards like/],
      [['--decks', '0'], /--decks must be a whole number/],
      [['--hand', '8,8', '--up', '6', '--hands-in-play', '9'], /--hands-in-play/],
    ] as const) {
      const r = await runCli(['reference', 'blackjack', ...args]);
      expect(r.code, r.stderr).toBe(2);
      expect(r.stderr).toMatch(msg);
    }
  });
});

describe('gbgc reference roulette', () => {
  it('--json: the success probability, action and target regret of the library', async () => {
    const r = await runCli(['reference', 'roulette', '--target', '1200', '--spins', '10', '--at', '900:5', '--bets', 'straight_up:0:5', '--json']);
    expect(r.code, r.stderr).toBe(0);
    const out = JSON.parse(r.stdout);
    const ref = new RouletteTargetReference({ target: 1200, spins: 10 });
    expect(out.successProbability).toBe(ref.successProbability(900, 5));
    expect(out.action).toEqual(ref.policy(900, 5));
    const bets = [{ type: 'straight_up' as const, selection: '0', stake: 5 }];
    expect(out.scored.targetRegret).toBeCloseTo(ref.targetRegret({ bankroll: 900, spinsLeft: 5, bets }), 15);
  });

  it('bad input exits 2 with the reason', async () => {
    for (const [args, msg] of [
      [[], /--target/],
      [['--target', '1500', '--bets', 'red_black:red:150'], /from 1 to 100/],
      [['--target', '1500', '--bets', 'red_black:red:100,dozen:1:100,column:1:1'], /limit of 200/],
      [['--target', '1500', '--at', '900'], /BANKROLL:SPINS_LEFT/],
      [['--target', '1500', '--at', '900:51'], /spins left/],
      [['--target', '1500', '--bets', 'red'], /type:selection:stake/],
    ] as const) {
      const r = await runCli(['reference', 'roulette', ...args]);
      expect(r.code, r.stderr).toBe(2);
      expect(r.stderr).toMatch(msg);
    }
  });
});
