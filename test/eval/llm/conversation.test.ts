/** Conversation modes and the cache across retries, through the agent on examples/kuhn.gbg. */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createLlmAgent } from '../../../src/eval/llm/agent.js';
import { memoryCache } from '../../../src/eval/llm/cache.js';
import { decide } from '../../../src/eval/llm/decide.js';
import { createProvider } from '../../../src/eval/llm/providers/index.js';
import { CHANCE, type Game } from '../../../src/interpreter/api.js';
import { sampleChanceOutcome } from '../../../src/interpreter/chance.js';
import { compileGame } from '../../../src/interpreter/game.js';
import { loadGame } from '../../../src/cli/load.js';
import { renderRulebook } from '../../../src/render/rulebook.js';
import { OBJECTIVE } from '../../../src/eval/llm/agent.js';
import { rngFromKeys } from '../../../src/util/rng.js';
import { startFakeServer, type FakeServer, type Scripted } from './fake-server.js';
import { setFakeKeys, settingsFor } from './helpers.js';

let server: FakeServer;
let game: Game;
const pending: Scripted[] = [];
beforeAll(async () => {
  setFakeKeys();
  game = compileGame(loadGame('examples/kuhn.gbg').ir);
  server = await startFakeServer((req) => {
    const next = pending.shift();
    if (next) return next;
    const replies = [...req.messages[req.messages.length - 1].content.matchAll(/reply `(\{"action": [^`]+\})`/g)].map((m) => m[1]);
    return { reply: replies[replies.length - 1] }; // the last option: bet or call, so games run long
  });
});
afterAll(async () => server.close());

/** Play one game with the agent at both seats; returns the requests it caused. */
async function playGame(agent: Awaited<ReturnType<typeof createLlmAgent>>, slot: string | undefined, deal: number) {
  const n0 = server.requests.length;
  if (slot) agent.beginSlot(slot);
  const state = game.newInitialState();
  const rng = rngFromKeys(5, deal);
  while (!state.isTerminal()) {
    const p = state.currentPlayer();
    state.applyAction(p === CHANCE ? sampleChanceOutcome(state, rng) : await agent.act(state, p, rng));
  }
  if (slot) agent.endSlot();
  return server.requests.slice(n0);
}

it('fresh (default): every move is one system prompt (the rulebook, then the objective) and one user message', async () => {
  const agent = await createLlmAgent(game, settingsFor('chat', server), { backoffMs: 0 });
  const reqs = await playGame(agent, 'k-1', 1);
  expect(reqs.length).toBeGreaterThanOrEqual(2);
  for (const r of reqs) {
    expect(r.system).toBe(`${renderRulebook(game.ir).trimEnd()}\n\n${OBJECTIVE}\n`);
    // GENSTRAT v2 §9 / v1 §5: the models are told to maximise expected chips.
    expect(r.system).toMatch(/maximise your expected chips/);
    expect(r.messages).toHaveLength(1);
    expect(r.messages[0].content).toMatch(/^# Your turn/);
  }
});

it('match: the game so far is kept per seat (prompts and replies), and a new slot starts empty', async () => {
  const agent = await createLlmAgent(game, settingsFor('chat', server, { conversation: 'match' }), { backoffMs: 0 });
  pending.push({ reply: '{"action": "check"}' }, { reply: '{"action": "bet"}' }, { reply: '{"action": "call"}' });
  const reqs = await playGame(agent, 'k-2', 1);
  const seats = agent.records.map((r) => r.seat);
  const seen = [0, 0];
  expect(reqs.map((r) => r.messages.length)).toEqual(seats.map((s) => 2 * seen[s]++ + 1));
  const firstOfSeat0 = agent.records.findIndex((r) => r.seat === 0);
  const secondOfSeat0 = agent.records.findIndex((r, i) => r.seat === 0 && i > firstOfSeat0);
  expect(seats).toEqual([0, 1, 0]); // check, bet, call
  expect(reqs[secondOfSeat0].messages[1]).toEqual({ role: 'assistant', content: agent.records[firstOfSeat0].raw });
  const next = await playGame(agent, 'k-3', 2);
  expect(next[0].messages).toHaveLength(1);
  // without beginSlot (gbgc play) a new game is seen from the seat's log starting again
  const solo = await createLlmAgent(game, settingsFor('chat', server, { conversation: 'match' }), { backoffMs: 0 });
  await playGame(solo, undefined, 1);
  const again = await playGame(solo, undefined, 2);
  expect(again[0].messages).toHaveLength(1);
});

it('the cache key does not depend on failed attempts: a decision that needed a retry replays from the cache', async () => {
  const settings = settingsFor('messages', server);
  const provider = await createProvider(settings);
  const cache = memoryCache();
  const menu = [
    { action: 0, label: 'check' },
    { action: 1, label: 'bet' },
  ];
  const input = { seat: 0, system: 'S', history: [], prompt: 'reply `{"action": "bet"}`', menu, rng: rngFromKeys(1), occurrence: 'slot-9#0#0' };
  pending.push({ status: 500 }, { reply: 'thinking…' }, { reply: '{"action": "bet"}' });
  const first = await decide({ provider, settings, cache, backoffMs: 0 }, input);
  expect(first.record).toMatchObject({ path: 'format-fix', httpAttempts: 3, transportRetries: 1 });
  const n = server.requests.length;
  const replay = await decide({ provider, settings, cache, backoffMs: 0 }, input);
  expect(server.requests.length).toBe(n);
  expect(replay.record).toMatchObject({ path: 'format-fix', action: 1, httpAttempts: 0 });
  expect(replay.record.calls.map((c) => c.fromCache)).toEqual([true, true]);
});

it('decideView: the agent-interface face returns the action, the fallback reason and the record as JSON extra', async () => {
  const { SECRET_KEY } = await import('./helpers.js');
  const agent = await createLlmAgent(game, settingsFor('gemini', server), { backoffMs: 0 });
  const state = game.newInitialState();
  const rng = rngFromKeys(8);
  while (state.currentPlayer() === CHANCE) state.applyAction(sampleChanceOutcome(state, rng));
  const obs = state.observation(0);
  const view = { seat: 0, ply: 0, menu: obs.decision!.menu, prompt: 'reply `{"action": "bet"}`', rulebook: 'R', rng, slotId: 'slot-x' };
  const good = await agent.decideView(view);
  expect(good).toMatchObject({ action: obs.decision!.menu.find((m) => m.label === 'bet')!.action, fallback: null, extra: { kind: 'llm', path: 'strict' } });
  pending.push({ reply: 'no' }, { reply: 'still no' });
  const bad = await agent.decideView({ ...view, ply: 1 });
  expect(bad.fallback).toBe('format');
  const json = JSON.stringify([good, bad]);
  expect(JSON.parse(json)[1].extra.fallbackReason).toBe('format');
  expect(json).not.toContain(SECRET_KEY);
});
