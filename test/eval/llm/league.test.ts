/**
 * A league on examples/leduc.gbg through the real OpenAI SDK and the local server: 200 slots
 * (100 runs, seats swapped) between a scripted model that always answers well and one that answers
 * malformed 10 % of the time (and stays malformed on the format-fix re-ask). Checks the fallback
 * rates (GENSTRAT v2 Appendix F definitions), that no output contains the key, that a slot resumed
 * after a crash makes no repeated provider call for what it had already received, and the
 * `--dry-run` input-token estimate against the tokens the server counted.
 */
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLlmAgent, type LlmAgent } from '../../../src/eval/llm/agent.js';
import { sqliteCache, type ResponseCache } from '../../../src/eval/llm/cache.js';
import { parseLlmSettings } from '../../../src/eval/llm/config.js';
import { estimateLlmParticipant } from '../../../src/eval/llm/dry-run.js';
import { llmMetrics } from '../../../src/eval/llm/metrics.js';
import { BudgetReachedError, SpendGuard } from '../../../src/eval/llm/spend.js';
import { llmUsage } from '../../../src/eval/llm/usage.js';
import { RunStore, type MoveRecord } from '../../../src/eval/store/index.js';
import type { LlmMoveRecord } from '../../../src/eval/llm/types.js';
import { CHANCE, type Game } from '../../../src/interpreter/api.js';
import { sampleChanceOutcome } from '../../../src/interpreter/chance.js';
import { compileGame } from '../../../src/interpreter/game.js';
import { rngFromKeys } from '../../../src/util/rng.js';
import { loadGame } from '../../../src/cli/load.js';
import { startFakeServer, type FakeServer, type Scripted, type SeenRequest } from './fake-server.js';
import { SECRET_KEY, setFakeKeys } from './helpers.js';

const SLOTS = 200;
let server: FakeServer;
let game: Game;
let dir: string;
const serverRng = rngFromKeys(2026);

/** The scripted models: `good` picks a legal reply from the prompt's menu; `flaky` is malformed 10 % of the time. */
function script(req: SeenRequest): Scripted {
  const firstUser = req.messages[0].content;
  const replies = [...firstUser.matchAll(/reply `(\{"action": [^`]+\})`/g)].map((m) => m[1]);
  const pick = replies[Math.floor(serverRng() * replies.length)];
  if (req.model === 'flaky') {
    const isFix = req.messages.length > 1;
    if (isFix) return { reply: 'Still thinking about whether to call or fold.' };
    if (serverRng() < 0.1) return { reply: 'I would call here, probably.' };
  }
  return { reply: `My hand is decent.\n${pick}` };
}

interface LeagueResult {
  slots: Record<string, LlmMoveRecord[][]>;
}

/** Play slots [from, to) with fresh agents over `cache`; `crashAfter` makes one slot stop after that many LLM moves. */
async function playSlots(
  cache: ResponseCache,
  from: number,
  to: number,
  spend?: SpendGuard,
  crashAfter?: { slot: number; moves: number },
): Promise<LeagueResult> {
  const mk = (model: string): Promise<LlmAgent> =>
    createLlmAgent(game, parseLlmSettings(`llm:openai/${model}`, { base_url: server.openaiBase, deadline_ms: 30_000, price: { input: 0.5, output: 1.5 } }), {
      cache,
      spend,
      backoffMs: 0,
    });
  const good = await mk('good');
  const flaky = await mk('flaky');
  const out: LeagueResult = { slots: { good: [], flaky: [] } };
  for (let slot = from; slot < to; slot++) {
    if (spend && !spend.canStartSlot()) break;
    const run = Math.floor(slot / 2);
    const goodSeat = slot % 2;
    const seats = goodSeat === 0 ? [good, flaky] : [flaky, good];
    const chance = rngFromKeys(11, run); // the same deal in both slots of a run
    const agentRng = [rngFromKeys(12, slot, 0), rngFromKeys(12, slot, 1)];
    good.beginSlot(`slot-${slot}`);
    flaky.beginSlot(`slot-${slot}`);
    const state = game.newInitialState();
    let moves = 0;
    while (!state.isTerminal()) {
      const p = state.currentPlayer();
      if (p === CHANCE) state.applyAction(sampleChanceOutcome(state, chance));
      else {
        if (crashAfter && crashAfter.slot === slot && moves === crashAfter.moves) throw new Error('crash');
        try {
          state.applyAction(await seats[p].act(state, p, agentRng[p]));
        } catch (e) {
          // The budget is checked before each request: the slot under way stops unfinished.
          if (e instanceof BudgetReachedError) return out;
          throw e;
        }
        moves++;
      }
    }
    out.slots.good.push(good.endSlot());
    out.slots.flaky.push(flaky.endSlot());
  }
  return out;
}

let league: LeagueResult;
let cachePath: string;

beforeAll(async () => {
  setFakeKeys();
  server = await startFakeServer(script);
  game = compileGame(loadGame('examples/leduc.gbg').ir);
  dir = mkdtempSync(join(tmpdir(), 'gbgc-llm-'));
  cachePath = join(dir, 'runs.llm-cache.db');
  const cache = sqliteCache(cachePath);
  league = await playSlots(cache, 0, SLOTS);
  cache.close?.();
  // the records go to the run store as the tournament writes them: each move's `extra` (kind llm), one slot per transaction
  const store = RunStore.open(join(dir, 'runs.db'));
  for (const who of ['good', 'flaky'])
    store.putParticipant({ id: who, name: who, kind: 'llm', config: JSON.stringify({ kind: 'llm', params: { model: `openai/${who}` } }) });
  league.slots.good.forEach((goodRecs, i) => {
    const [seat0, seat1] = i % 2 === 0 ? ['good', 'flaky'] : ['flaky', 'good'];
    const recs = [...goodRecs, ...league.slots.flaky[i]];
    const moves: MoveRecord[] = recs.map((r, ply) => ({
      ply,
      seat: r.seat,
      obsDigest: '0'.repeat(16),
      action: r.action,
      label: r.label,
      fallback: r.fallbackReason ?? null,
      latencyMs: r.latencyMs,
      extra: { kind: 'llm', ...r },
    }));
    const count = (seat: number, f: (r: LlmMoveRecord) => boolean) => recs.filter((r) => r.seat === seat && f(r)).length;
    store.recordSlot(
      {
        id: `slot-${i}`,
        seq: i,
        game: game.rulesetHash,
        run: Math.floor(i / 2),
        slot: i % 2,
        seat0,
        seat1,
        play_seed: Math.floor(i / 2),
        status: 'done',
        return0: 0,
        return1: 0,
        moves0: count(0, () => true),
        moves1: count(1, () => true),
        fallbacks0: count(0, (r) => r.path === 'fallback'),
        fallbacks1: count(1, (r) => r.path === 'fallback'),
        wall_ms: 0,
        error: null,
        notes: null,
        finished_at: 'now',
      },
      moves,
    );
  });
  store.close();
});
afterAll(async () => {
  await server.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('a 200-slot Leduc league between a good and a flaky scripted model', () => {
  it('fallback move rate: 0 for the good model, 10 % ± 3 % for the flaky one; slot rates by Appendix F', () => {
    const good = llmMetrics(league.slots.good);
    const flaky = llmMetrics(league.slots.flaky);
    expect(good.slots).toBe(SLOTS);
    expect(good.moves).toBeGreaterThan(300);
    expect(good.fallbackMoveRate).toBe(0);
    expect(good.validActionRate).toBe(1);
    expect(good.paths.lenient).toBe(good.moves); // prose first, JSON last
    expect(flaky.fallbackMoveRate).toBeGreaterThan(0.07);
    expect(flaky.fallbackMoveRate).toBeLessThan(0.13);
    expect(flaky.fallbackReasons.format).toBe(flaky.paths.fallback);
    expect(flaky.formatFixes).toBe(flaky.paths.fallback); // every malformed reply got its one re-ask
    const slotsWithFallback = league.slots.flaky.filter((s) => s.some((m) => m.path === 'fallback')).length;
    expect(flaky.fallbackSlotRate).toBeCloseTo(slotsWithFallback / SLOTS, 12);
    expect(flaky.fallbackSlotRate).toBeGreaterThan(flaky.fallbackMoveRate);
    // tokens and cost are the server's counts priced by the config
    const serverInput = server.requests.filter((r) => r.model === 'good').reduce((n, r) => n + r.inputTokens, 0);
    expect(good.tokens.input).toBe(serverInput);
    expect(good.costUsd).toBeCloseTo((good.tokens.input * 0.5 + good.tokens.output * 1.5) / 1e6, 12);
    expect(good.latencyP95Ms).toBeGreaterThanOrEqual(good.latencyP50Ms!);
  });

  it('the run store keeps every record: metrics from the store equal the metrics in memory', () => {
    const store = RunStore.openReadOnly(join(dir, 'runs.db'), { engine: true });
    const usage = llmUsage(store);
    expect(usage.participants.map((p) => p.participant)).toEqual(['flaky', 'good']);
    for (const { participant, id, model, discardedSlots, ...metrics } of usage.participants) {
      expect([id, model, discardedSlots]).toEqual([participant, `openai/${participant}`, 0]);
      expect(metrics.slots).toBe(SLOTS);
      expect(metrics).toEqual(llmMetrics(league.slots[participant]));
    }
    // slot 0: good in seat 0, flaky in seat 1; the move records read back with their calls
    const flaky0 = store.readMoves('slot-0').filter((m) => m.seat === 1);
    expect(flaky0.map((m) => m.extra)).toEqual(league.slots.flaky[0].map((r) => JSON.parse(JSON.stringify({ kind: 'llm', ...r }))));
    expect((flaky0[0].extra as unknown as LlmMoveRecord).calls[0].text).toBe(league.slots.flaky[0][0].calls[0].text);
    store.close();
  });

  it('no record, metric, store, cache file or error contains the key', () => {
    const outputs = [JSON.stringify(league), JSON.stringify(llmMetrics(league.slots.good)), JSON.stringify(llmMetrics(league.slots.flaky))];
    for (const f of readdirSync(dir)) outputs.push(readFileSync(join(dir, f)).toString('latin1'));
    expect(outputs.join('\n').length).toBeGreaterThan(10_000);
    for (const o of outputs) expect(o).not.toContain(SECRET_KEY);
    // it did travel, in the auth header only
    expect(server.requests.every((r) => r.headers.authorization === `Bearer ${SECRET_KEY}`)).toBe(true);
  });

  it('resuming: finished slots replayed from the cache make no provider call; a crashed slot pays only for what it had not received', async () => {
    const cache = sqliteCache(cachePath);
    const before = server.requests.length;
    const replay = await playSlots(cache, 0, 10);
    expect(server.requests.length).toBe(before); // every reply came from the cache
    expect(replay.slots.good.flat().every((m) => m.calls.every((c) => c.fromCache))).toBe(true);
    expect(replay.slots.good.map((s) => s.map((m) => m.action))).toEqual(league.slots.good.slice(0, 10).map((s) => s.map((m) => m.action)));
    // a new slot killed after its first move, then run again from the start
    await expect(playSlots(cache, SLOTS, SLOTS + 1, undefined, { slot: SLOTS, moves: 1 })).rejects.toThrow('crash');
    const afterCrash = server.requests.length;
    expect(afterCrash - before).toBeGreaterThanOrEqual(1);
    const resumed = await playSlots(cache, SLOTS, SLOTS + 1);
    const calls = [...resumed.slots.good[0], ...resumed.slots.flaky[0]].flatMap((m) => m.calls);
    const fresh = calls.filter((c) => !c.fromCache).length;
    expect(calls.filter((c) => c.fromCache).length).toBe(afterCrash - before);
    expect(server.requests.length - afterCrash).toBe(fresh);
    cache.close?.();
  });

  it('the spend guard stops before the request that would pass the budget; the slot under way and the rest stay missing', async () => {
    const cache = sqliteCache(join(dir, 'spend.db'));
    const spend = new SpendGuard(0.01);
    const r = await playSlots(cache, 1000, 1100, spend);
    expect(r.slots.good.length).toBeGreaterThan(0);
    expect(r.slots.good.length).toBeLessThan(100);
    expect(spend.spent).toBeGreaterThanOrEqual(0.01);
    // no request was sent once the budget was reached: the overshoot is less than one call
    const calls = [...r.slots.good, ...r.slots.flaky].flat().flatMap((m) => m.calls.map((c) => c.costUsd));
    expect(spend.spent - 0.01).toBeLessThan(Math.max(...calls));
    // the cache holds every paid reply, so a later run counts this spend (its cost column)
    expect(cache.spentUsd!()).toBeCloseTo(spend.spent, 12);
    // a new guard over the same cache starts from what was spent: no slot may start
    expect(new SpendGuard(0.01, cache.spentUsd!()).canStartSlot()).toBe(false);
    cache.close?.();
  });

  it('--dry-run estimates the input tokens within 10 % of what the server counted', () => {
    const settings = parseLlmSettings('llm:openai/good', { base_url: server.openaiBase });
    const est = estimateLlmParticipant(game, settings, [SLOTS / 2, SLOTS / 2]);
    const goodRequests = server.requests
      .filter((r) => r.model === 'good' && !r.messages.some((m) => m.role === 'assistant'))
      .slice(0, llmMetrics(league.slots.good).httpAttempts);
    const counted = goodRequests.reduce((n, r) => n + r.inputTokens, 0);
    const moves = llmMetrics(league.slots.good).moves;
    expect(Math.abs(est.calls - moves) / moves).toBeLessThan(0.1);
    expect(Math.abs(est.inputTokens - counted) / counted).toBeLessThan(0.1);
  });
});
