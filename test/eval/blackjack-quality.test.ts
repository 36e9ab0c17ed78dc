/**
 * Blackjack's decision quality (src/eval/stats/blackjack-quality.ts): a stored round's EV loss is
 * the best legal action's value minus the chosen one's in the basic-strategy chart's values
 * (`basicStrategyValues()`), per initial bet; a basic-strategy bot loses nothing and always agrees;
 * a random bot loses; `gbgc analyze` shows the section, labelled Preview.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../cli/run-cli.js';
import { compileSource } from '../../src/compiler/index.js';
import { CHANCE, type Action, type GameState } from '../../src/interpreter/api.js';
import { compileGame } from '../../src/interpreter/game.js';
import { basicStrategyTable, blackjackView, valuesByRank, type BlackjackView } from '../../src/eval/agents/basic-strategy.js';
import { randomAgent } from '../../src/eval/agents/random.js';
import type { Agent, AgentView } from '../../src/eval/agents/agent.js';
import { handChanceKeys, playSlotNow, slotChance, type SlotOutcome } from '../../src/eval/match/play.js';
import { storedSlotOf } from '../support/slot-store.js';
import { playSessions } from '../support/session-store.js';
import { blackjackDecisionReference, blackjackMoveValues } from '../../src/eval/stats/blackjack-quality.js';

const source = readFileSync('examples/blackjack.gbg', 'utf8');
const ir = compileSource(source).ir!;
const game = compileGame(ir);
const values = valuesByRank(game);

/** The player's first decision under a play seed (a fresh shoe), or null when the round has none. */
function firstView(seed: number): BlackjackView | null {
  const state = game.newInitialState();
  const chance = slotChance(game, handChanceKeys(seed, 0), false);
  while (!state.isTerminal()) {
    if (state.currentPlayer() !== CHANCE) return blackjackView(state.observation(0), values);
    state.applyAction(chance.sample(state));
  }
  return null;
}

/** A player taking `first` at its first decision, then standing. */
function scripted(first: string): Agent {
  let n = 0;
  const pick = (labels: readonly string[]): number => labels.indexOf(n++ === 0 ? first : 'stand');
  return {
    name: `${first}-then-stand`,
    act: (v: AgentView): Action => v.legal[pick(v.labels)]!,
    actFast: (state: GameState, seat: number): Action => {
      const legal = state.legalActions();
      return legal[pick(legal.map((a) => state.actionToString(seat, a)))]!;
    },
  };
}

/** The store's record of a one-hand slot played under `seed`. */
const slotOf = (seed: number, o: SlotOutcome) => storedSlotOf(o, { id: `s${seed}`, game: game.rulesetHash, seats: ['player', 'house'], playSeed: seed });

describe("blackjack's decision quality", () => {
  it('hard 16 against a dealer 10: EV loss = max − chosen of the chart values basicStrategyValues() gives, per initial bet', () => {
    // A play seed whose fresh shoe deals the player a hard 16 of two different ranks (no ace) against a 10.
    let seed = 1;
    for (; seed < 20_000; seed++) {
      const v = firstView(seed);
      if (v && v.up === 10 && v.hand.length === 2 && v.hand[0] !== v.hand[1] && !v.hand.includes(1) && v.hand[0] + v.hand[1] === 16) break;
    }
    expect(seed).toBeLessThan(20_000);
    // basicStrategyTable('shoe') is BlackjackReference({ deck: 'shoe' }).basicStrategyValues(), computed once per process.
    const table = basicStrategyTable('shoe');
    const cell = table.hard['16'][table.upCards.indexOf(10)];
    // Standing on 16 against a 10 loses a little more than half a bet; hitting is the chart's play.
    expect(cell.stand!).toBeGreaterThan(-0.6);
    expect(cell.stand!).toBeLessThan(-0.5);
    expect(cell.hit!).toBeGreaterThan(cell.stand!);
    const best = Math.max(cell.stand!, cell.hit!, cell.double!);
    const ref = blackjackDecisionReference(ir)!;
    for (const chosen of ['hit', 'stand', 'double'] as const) {
      const o = playSlotNow(game, [scripted(chosen), randomAgent], seed, 0) as SlotOutcome;
      expect(o.records[0].label).toBe(chosen);
      const r = blackjackMoveValues(ref, slotOf(seed, o), o.records);
      expect(r.stopped).toBeNull();
      expect(r.values[0]!.loss).toBeCloseTo(best - cell[chosen]!, 12);
      expect(r.values[0]!.agrees).toBe(chosen === 'hit');
    }
    // The hit's loss is 0; standing gives up the difference between hit and stand.
    const stand = playSlotNow(game, [scripted('stand'), randomAgent], seed, 0) as SlotOutcome;
    expect(blackjackMoveValues(ref, slotOf(seed, stand), stand.records).values[0]!.loss).toBeCloseTo(cell.hit! - cell.stand!, 12);
  });

  it('gbgc analyze: the basic-strategy bot loses 0 and always agrees on every covered decision, a random bot loses; Preview', async () => {
    const { db } = await playSessions({
      games: [resolve('examples/blackjack.gbg')],
      participants: ['{kind: basic-strategy}', '{kind: random}'],
      runs: 2,
      seed: 11,
      hands: 12,
    });
    const a = await runCli(['analyze', db, '--json', '-B', '200']);
    expect(a.code, a.stderr).toBe(0);
    const dq = JSON.parse(a.stdout).decisionQuality;
    const [refInfo] = dq.references;
    expect(refInfo.reference).toMatch(/^basic strategy/);
    expect(refInfo.unit).toMatch(/^expected value per initial bet/);
    expect(refInfo.preview).toMatch(/^blackjack's decision measures stay Preview/);
    const row = (name: string) => dq.rows.find((r: { name: string }) => r.name === name);
    const bs = row('basic-strategy');
    const rnd = row('random');
    for (const r of [bs, rnd]) {
      expect(r.blocks).toBe(2);
      expect(r.covered).toBeGreaterThan(0);
      expect(r.covered).toBeLessThanOrEqual(r.decisions);
    }
    // Losses are ≥ 0, so a mean of 0 is a loss of 0 on every covered decision.
    expect(bs.meanLoss).toBe(0);
    expect(bs.agreement).toBe(1);
    expect(rnd.meanLoss).toBeGreaterThan(0);
    expect(rnd.agreement).toBeLessThan(1);
    expect(rnd.meanLossCi.lo).toBeLessThanOrEqual(rnd.meanLoss);
    expect(rnd.meanLossCi.hi).toBeGreaterThanOrEqual(rnd.meanLoss);
    const text = await runCli(['analyze', db, '-B', '200']);
    expect(text.code, text.stderr).toBe(0);
    expect(text.stdout).toMatch(
      /reference {2}League blackjack: basic strategy.*EV loss in expected value per initial bet.*Preview: blackjack's decision measures stay Preview/,
    );
    expect(text.stdout).toMatch(/basic-strategy +0\.0000 +\[0\.0000, 0\.0000\] +100\.0%/);
  }, 60_000);
});
