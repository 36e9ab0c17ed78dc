/**
 * Every provider through its real SDK against a local server speaking its wire format: correct
 * replies, prose with the JSON last, malformed JSON (fixed, and not fixed), an empty reply cut by
 * the length limit, a refusal or safety block, 429 with retry-after, 500 then success, a hang past
 * the deadline, a connection reset; each case checks the recorded path, retries, fallback and counts.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { decide } from '../../../src/eval/llm/decide.js';
import { createProvider } from '../../../src/eval/llm/providers/index.js';
import type { MenuItem } from '../../../src/interpreter/api.js';
import { rngFromKeys } from '../../../src/util/rng.js';
import type { Api, FakeServer } from './fake-server.js';
import { queuedServer, SECRET_KEY, settingsFor } from './helpers.js';

const menu: MenuItem[] = [
  { action: 0, label: 'check' },
  { action: 1, label: 'bet' },
];
const { q, server: serverOf } = queuedServer();
let server: FakeServer;
beforeEach(() => void (server = serverOf()));

async function run(api: Api, extra: Record<string, unknown> = {}) {
  const settings = settingsFor(api, server, extra);
  const ctx = { provider: await createProvider(settings), settings, backoffMs: 0, maxRetryAfterMs: 1000 };
  const out = await decide(ctx, {
    seat: 0,
    system: 'RULEBOOK',
    history: [],
    prompt: 'Your turn. Reply {"action": "check"} or {"action": "bet"}.',
    menu,
    rng: rngFromKeys(3),
  });
  return out.record;
}

const APIS: Api[] = ['chat', 'responses', 'messages', 'gemini'];

describe.each(APIS)('%s through its SDK', (api) => {
  it('a correct reply: strict, one request, rulebook as system prompt and the turn prompt as user message', async () => {
    q.push({ reply: '{"action": "bet"}', outputTokens: 7 });
    const r = await run(api);
    expect(r).toMatchObject({ path: 'strict', action: 1, label: 'bet', httpAttempts: 1, transportRetries: 0, formatFixes: 0, raw: '{"action": "bet"}' });
    expect(r.fallbackReason).toBeUndefined();
    expect(server.requests).toHaveLength(1);
    expect(server.requests[0].system).toBe('RULEBOOK');
    expect(server.requests[0].messages).toEqual([{ role: 'user', content: 'Your turn. Reply {"action": "check"} or {"action": "bet"}.' }]);
    expect(r.usage.input).toBe(server.requests[0].inputTokens);
    expect(r.usage.output).toBe(7);
    expect(r.calls[0]).toMatchObject({ kind: 'initial', outcome: 'ok', fromCache: false, stop: 'stop' });
  });

  it('prose with the JSON last: lenient, the last object wins, any case', async () => {
    q.push({ reply: 'Checking {"action": "check"} is safe, but my hand is strong.\n\n{"action": "BET"}\nThat is my move.' });
    const r = await run(api);
    expect(r).toMatchObject({ path: 'lenient', action: 1, httpAttempts: 1 });
  });

  it('malformed JSON: one format-fix re-ask quoting the problem, then the fixed reply', async () => {
    q.push({ reply: 'I would like to raise the stakes.' }, { reply: '{"action": "check"}' });
    const r = await run(api);
    expect(r).toMatchObject({ path: 'format-fix', action: 0, httpAttempts: 2, formatFixes: 1, formatError: 'the reply contains no JSON object' });
    const fix = server.requests[1].messages;
    expect(fix.map((m) => m.role)).toEqual(['user', 'assistant', 'user']);
    expect(fix[1].content).toBe('I would like to raise the stakes.');
    expect(fix[2].content).toContain('the reply contains no JSON object');
    expect(fix[2].content).toContain('check, bet');
  });

  it('malformed twice: frozen fallback (format), two requests', async () => {
    q.push({ reply: '{"action": "raise"}' }, { reply: 'still raising' });
    const r = await run(api);
    expect(r).toMatchObject({ path: 'fallback', fallbackReason: 'format', httpAttempts: 2, formatFixes: 1 });
    expect([0, 1]).toContain(r.action);
    expect(server.requests[1].messages[2].content).toContain("'raise' is not a legal action here");
  });

  it('empty content stopped by the length limit: counted fallback (length), no re-ask', async () => {
    q.push({ reply: '', stop: 'length', outputTokens: 64, reasoningTokens: 64 });
    const r = await run(api);
    expect(r).toMatchObject({ path: 'fallback', fallbackReason: 'length', httpAttempts: 1, formatFixes: 0 });
    expect(r.calls[0].stop).toBe('length');
    expect(r.usage.output).toBe(64);
    if (api !== 'messages') expect(r.usage.reasoning).toBe(64);
  });

  it(`${api === 'gemini' ? 'a safety block' : 'a refusal'}: counted fallback with its reason, no re-ask`, async () => {
    q.push(api === 'gemini' ? { reply: '', stop: 'safety' } : { reply: 'I cannot help with gambling.', stop: 'refusal' });
    const r = await run(api);
    expect(r).toMatchObject({ path: 'fallback', fallbackReason: api === 'gemini' ? 'safety' : 'refusal', httpAttempts: 1 });
  });

  it('429 with retry-after: one transport retry after the advised wait', async () => {
    q.push({ status: 429, headers: { 'retry-after-ms': '25', 'retry-after': '0.025' } }, { reply: '{"action": "check"}' });
    const r = await run(api);
    expect(r).toMatchObject({ path: 'strict', action: 0, httpAttempts: 2, transportRetries: 1 });
    expect(r.calls.map((c) => [c.kind, c.outcome])).toEqual([
      ['initial', 'http-429'],
      ['transport-retry', 'ok'],
    ]);
    // Gemini's SDK does not expose response headers: the backoff (0 here) applies instead.
    expect(r.calls[0].waitMs).toBe(api === 'gemini' ? 0 : 25);
  });

  it('500 then success: one retry; 500 twice: fallback (provider) after two requests', async () => {
    q.push({ status: 500 }, { reply: '{"action": "bet"}' });
    expect(await run(api)).toMatchObject({ path: 'strict', action: 1, httpAttempts: 2, transportRetries: 1 });
    q.push({ status: 503 }, { status: 500 });
    const r = await run(api);
    expect(r).toMatchObject({ path: 'fallback', fallbackReason: 'provider', httpAttempts: 2, transportRetries: 1 });
    expect(r.calls.map((c) => c.outcome)).toEqual(['http-503', 'http-500']);
  });

  it('a hang past the deadline: fallback (timeout), no retry', async () => {
    q.push({ hang: true });
    const r = await run(api, { deadline_ms: 150 });
    expect(r).toMatchObject({ path: 'fallback', fallbackReason: 'timeout', httpAttempts: 1, transportRetries: 0 });
    expect(r.calls[0].outcome).toBe('timeout');
  });

  it('a connection reset: retried; reset twice: fallback (transport)', async () => {
    q.push({ reset: true }, { reply: '{"action": "check"}' });
    expect(await run(api)).toMatchObject({ path: 'strict', action: 0, httpAttempts: 2, transportRetries: 1 });
    q.push({ reset: true }, { reset: true });
    const r = await run(api);
    expect(r).toMatchObject({ path: 'fallback', fallbackReason: 'transport', httpAttempts: 2 });
    expect(r.calls.map((c) => c.outcome)).toEqual(['connection', 'connection']);
  });

  it('never more than three HTTP requests: 500, malformed, 500 ends in fallback', async () => {
    q.push({ status: 500 }, { reply: 'no idea' }, { status: 500 }, { reply: '{"action": "bet"}' });
    const r = await run(api);
    expect(r).toMatchObject({ path: 'fallback', fallbackReason: 'provider', httpAttempts: 3, transportRetries: 1, formatFixes: 1, parseFailure: true });
    expect(server.requests).toHaveLength(3);
  });

  it('a rejected key (401) stops the run with an error that does not show the key', async () => {
    q.push({ status: 401, message: `Incorrect API key provided: ${SECRET_KEY}` });
    const err = await run(api).catch((e: unknown) => e as Error);
    expect(err).toBeInstanceOf(Error);
    expect((err as Error).name).toBe('UserError');
    expect((err as Error).message).toContain('[redacted]');
    expect((err as Error).message).not.toContain(SECRET_KEY);
  });
});

it('the key reaches the server only in its auth header', async () => {
  q.push({ reply: '{"action": "bet"}' }, { reply: '{"action": "bet"}' }, { reply: '{"action": "bet"}' }, { reply: '{"action": "bet"}' });
  for (const api of APIS) await run(api);
  for (const r of server.requests) {
    const carrying = Object.entries(r.headers)
      .filter(([, v]) => String(v).includes(SECRET_KEY))
      .map(([k]) => k);
    expect(carrying).toHaveLength(1);
    expect(['authorization', 'x-api-key', 'x-goog-api-key']).toContain(carrying[0]);
  }
  for (const r of server.requests) expect(JSON.stringify(r.body)).not.toContain(SECRET_KEY);
});

it('compat: an OpenAI-compatible endpoint by base URL, max_tokens and seed sent', async () => {
  q.push({ reply: '{"action": "check"}' });
  const { parseLlmSettings } = await import('../../../src/eval/llm/config.js');
  const settings = parseLlmSettings('llm:compat/meta-llama/Llama-3-8B', { base_url: server.openaiBase, max_output_tokens: 50, seed: 9, temperature: 0 });
  const r = await decide(
    { provider: await createProvider(settings), settings, backoffMs: 0 },
    { seat: 1, system: 'R', history: [], prompt: 'P', menu, rng: rngFromKeys(1) },
  );
  expect(r.record.path).toBe('strict');
  expect(server.requests[0].body).toMatchObject({ model: 'meta-llama/Llama-3-8B', max_tokens: 50, seed: 9, temperature: 0 });
});

it('settings reach each wire format under its own name', async () => {
  q.push({ reply: '{"action": "check"}' }, { reply: '{"action": "check"}' }, { reply: '{"action": "check"}' }, { reply: '{"action": "check"}' });
  await run('chat', { reasoning_effort: 'low', max_output_tokens: 100, seed: 4, temperature: 0.5 });
  await run('responses', { reasoning_effort: 'high', max_output_tokens: 100 });
  await run('messages', { thinking_budget: 1024, max_output_tokens: 2048 });
  await run('gemini', { thinking_budget: 0, max_output_tokens: 100, seed: 4 });
  const [chat, resp, msgs, gem] = server.requests.map((r) => r.body);
  expect(chat).toMatchObject({ reasoning_effort: 'low', max_completion_tokens: 100, seed: 4, temperature: 0.5 });
  expect(resp).toMatchObject({ reasoning: { effort: 'high' }, max_output_tokens: 100, instructions: 'RULEBOOK', store: false });
  expect(msgs).toMatchObject({ thinking: { type: 'enabled', budget_tokens: 1024 }, max_tokens: 2048, system: 'RULEBOOK' });
  expect(gem).toMatchObject({ generationConfig: { thinkingConfig: { thinkingBudget: 0 }, maxOutputTokens: 100, seed: 4 } });
});
