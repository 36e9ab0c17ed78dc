/**
 * Regression tests of what outside testing found, each through the real SDK against the local
 * server on every wire format: a key rejected with 400 (Gemini's `API_KEY_INVALID`), a 200 HTML
 * page, a permanent 400 (context too long), an answer without usage, Gemini's retry hint in a 429
 * body, plain-text replies as the turn prompt offers them, a reply cut by the output limit, the
 * frozen fallback policies.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { decide } from '../../../src/eval/llm/decide.js';
import { fallbackAction } from '../../../src/eval/llm/legal.js';
import { createProvider } from '../../../src/eval/llm/providers/index.js';
import type { FallbackPolicy } from '../../../src/eval/llm/types.js';
import type { MenuItem } from '../../../src/interpreter/api.js';
import { rngFromKeys } from '../../../src/util/rng.js';
import type { Api, FakeServer } from './fake-server.js';
import { queuedServer, SECRET_KEY, settingsFor } from './helpers.js';

const menu: MenuItem[] = [
  { action: 0, label: 'check', cost: 0 },
  { action: 1, label: 'bet', cost: 1 },
];
const { q, server: serverOf } = queuedServer();
let server: FakeServer;
beforeEach(() => void (server = serverOf()));

async function run(api: Api, extra: Record<string, unknown> = {}, m: MenuItem[] = menu, maxRetryAfterMs = 1000) {
  const settings = settingsFor(api, server, extra);
  const ctx = { provider: await createProvider(settings), settings, backoffMs: 0, maxRetryAfterMs };
  const out = await decide(ctx, { seat: 0, system: 'RULEBOOK', history: [], prompt: 'Your turn.', menu: m, rng: rngFromKeys(3) });
  return out.record;
}

const APIS: Api[] = ['chat', 'responses', 'messages', 'gemini'];

/** Gemini's answer to a bad key (status 400, reason API_KEY_INVALID). */
const GEMINI_BAD_KEY = {
  error: {
    code: 400,
    message: 'API key not valid. Please pass a valid API key.',
    status: 'INVALID_ARGUMENT',
    details: [{ '@type': 'type.googleapis.com/google.rpc.ErrorInfo', reason: 'API_KEY_INVALID', domain: 'googleapis.com' }],
  },
};

describe.each(APIS)('%s through its SDK', (api) => {
  it('a key rejected with 400 API_KEY_INVALID stops the run (UserError), one request, no fallback', async () => {
    q.push({ status: 400, body: GEMINI_BAD_KEY }, { reply: '{"action": "bet"}' });
    const err = await run(api).catch((e: unknown) => e as Error);
    expect((err as Error).name).toBe('UserError');
    expect((err as Error).message).toMatch(/rejected the key/);
    expect(server.requests).toHaveLength(1);
  });

  it('a 200 HTML page is a transport failure: retried once, never a format re-ask', async () => {
    q.push({ html: true }, { reply: '{"action": "bet"}' });
    const ok = await run(api);
    expect(ok).toMatchObject({ path: 'strict', action: 1, httpAttempts: 2, transportRetries: 1, formatFixes: 0 });
    expect(ok.calls[0].outcome).toBe('bad-body');
    expect(ok.parseFailure).toBeUndefined();
    q.push({ html: true }, { html: true });
    const r = await run(api);
    expect(r).toMatchObject({ path: 'fallback', fallbackReason: 'transport', httpAttempts: 2, formatFixes: 0 });
    expect(r.calls.map((c) => c.outcome)).toEqual(['bad-body', 'bad-body']);
  });

  it('a permanent 400 (context too long) stops the run naming the problem, without a retry', async () => {
    q.push({ status: 400, message: 'This model maximum context length is 8192 tokens. However, your messages resulted in 9000 tokens.' });
    const err = await run(api).catch((e: unknown) => e as Error);
    expect((err as Error).name).toBe('UserError');
    expect((err as Error).message).toMatch(/context window/);
    expect((err as Error).message).toMatch(/maximum context length/);
    expect(server.requests).toHaveLength(1);
  });

  it('an answer without usage is marked (0 tokens, $0, usageMissing) for the warning', async () => {
    q.push({ reply: '{"action": "check"}', noUsage: true });
    const r = await run(api, { price: { input: 1, output: 1 } });
    expect(r).toMatchObject({ path: 'strict', action: 0 });
    expect(r.calls[0].usageMissing).toBe(true);
    expect(r.usage).toEqual({ input: 0, output: 0, reasoning: 0, cached: 0 });
  });

  it('plain-text replies as the prompt offers them are played (path plain); `call` with nothing to call is the check', async () => {
    for (const [reply, action] of [
      ['bet', 1],
      ['Check.', 0],
      ['`bet`', 1],
      ['call', 0],
    ] as const) {
      q.push({ reply });
      const r = await run(api);
      expect(r, reply).toMatchObject({ path: 'plain', action, httpAttempts: 1, formatFixes: 0 });
      expect(r.parseFailure).toBeUndefined();
    }
    const raise: MenuItem[] = [
      { action: 0, label: 'fold', cost: 0 },
      { action: 1, label: 'call', cost: 2 },
      ...Array.from({ length: 9 }, (_, i) => ({ action: 2 + i, label: `raise ${4 + i}` })),
    ];
    q.push({ reply: 'raise 12' });
    expect(await run(api, {}, raise)).toMatchObject({ path: 'plain', action: 10, label: 'raise 12' });
  });

  it('a reply cut by the output limit after listing options is a length cut, not its last option', async () => {
    q.push({ reply: 'Options: {"action": "check"} keeps the pot small; {"action": "bet"} would', stop: 'length' });
    const r = await run(api);
    expect(r).toMatchObject({ path: 'fallback', fallbackReason: 'length', httpAttempts: 1, formatFixes: 0 });
    expect(r.calls[0].stop).toBe('length');
  });

  it('prose that no parser reads: Appendix F parse failure, recorded even when the re-ask mends it', async () => {
    q.push({ reply: 'Hmm, hard to say.' }, { reply: '{"action": "bet"}' });
    expect(await run(api)).toMatchObject({ path: 'format-fix', parseFailure: true });
  });
});

it('Gemini: the retry hint of a 429 body (RetryInfo retryDelay) is waited for; a hint past the limit is not retried early', async () => {
  const limited = (delay: string) => ({
    status: 429,
    body: {
      error: {
        code: 429,
        message: 'Resource has been exhausted',
        status: 'RESOURCE_EXHAUSTED',
        details: [{ '@type': 'type.googleapis.com/google.rpc.RetryInfo', retryDelay: delay }],
      },
    },
  });
  q.push(limited('0.05s'), { reply: '{"action": "bet"}' });
  const r = await run('gemini');
  expect(r).toMatchObject({ path: 'strict', transportRetries: 1, httpAttempts: 2 });
  expect(r.calls[0].waitMs).toBe(50);
  q.push(limited('120s'), { reply: '{"action": "bet"}' });
  const late = await run('gemini');
  expect(late).toMatchObject({ path: 'fallback', fallbackReason: 'provider', httpAttempts: 1, transportRetries: 0 });
  expect(late.calls[0].waitMs).toBeUndefined();
});

it('an error message echoing the key is redacted in the record', async () => {
  q.push({ status: 503, message: `upstream failed for key ${SECRET_KEY}` }, { status: 503, message: `upstream failed for key ${SECRET_KEY}` });
  const r = await run('chat');
  expect(JSON.stringify(r)).not.toContain(SECRET_KEY);
  expect(r.calls[0].error).toContain('[redacted]');
});

describe('the frozen fallback policies', () => {
  const nl: MenuItem[] = [
    { action: 0, label: 'fold', cost: 0 },
    { action: 1, label: 'call', cost: 1 },
    ...Array.from({ length: 17 }, (_, i) => ({ action: 2 + i, label: `raise ${4 + i}` })),
  ];
  const pick = (m: MenuItem[], p: FallbackPolicy) => fallbackAction(m, rngFromKeys(9), p).label;
  it('uniform: a random legal action; minimum: the smallest amount (v1); passive: check, else no chips, else fold (the league)', () => {
    const counts = new Map<string, number>();
    const rng = rngFromKeys(1);
    for (let i = 0; i < 1900; i++) {
      const l = fallbackAction(nl, rng, 'uniform').label;
      counts.set(l, (counts.get(l) ?? 0) + 1);
    }
    expect(counts.size).toBe(19); // every action, about 100 times each
    for (const n of counts.values()) expect(Math.abs(n - 100)).toBeLessThan(45);
    expect(pick(nl, 'minimum')).toBe('raise 4');
    expect(pick(nl, 'passive')).toBe('fold');
    expect(pick(menu, 'passive')).toBe('check');
    expect(
      pick(
        [
          { action: 0, label: 'hit', cost: 0 },
          { action: 1, label: 'stand', cost: 0 },
        ],
        'passive',
      ),
    ).toBe('stand'); // the league's blackjack fallback, though hit puts in no chips either
    expect(
      pick(
        [
          { action: 0, label: 'double', cost: 2 },
          { action: 1, label: 'stand', cost: 0 },
        ],
        'passive',
      ),
    ).toBe('stand');
    // minimum without amounts: a random legal action, as uniform
    expect(pick(menu, 'minimum')).toBe(pick(menu, 'uniform'));
  });

  it('the policy is recorded with a fallback move', async () => {
    q.push({ reply: 'no idea' }, { reply: 'still none' });
    const settings = settingsFor('chat', server);
    const out = await decide(
      { provider: await createProvider(settings), settings, backoffMs: 0, fallbackPolicy: 'passive' },
      { seat: 0, system: 'R', history: [], prompt: 'P', menu, rng: rngFromKeys(2) },
    );
    expect(out.record).toMatchObject({ path: 'fallback', fallbackReason: 'format', fallbackPolicy: 'passive', label: 'check' });
  });
});

describe.each(APIS)('%s streamed (stream: true)', (api) => {
  it('a streamed reply gives the record of the same reply unstreamed: text, stop, tokens', async () => {
    q.push({ reply: 'Thinking it over.\n{"action": "bet"}', outputTokens: 9 });
    const plain = await run(api);
    q.push({ reply: 'Thinking it over.\n{"action": "bet"}', outputTokens: 9 });
    const streamed = await run(api, { stream: true });
    expect(server.requests.map((r) => r.stream)).toEqual([false, true]);
    expect(streamed).toMatchObject({ path: 'lenient', action: 1, httpAttempts: 1, raw: plain.raw, usage: plain.usage });
    expect(streamed.calls[0].stop).toBe(plain.calls[0].stop);
    expect(streamed.usage.input).toBe(server.requests[1].inputTokens);
  });

  it('a cut stream is a transport failure: retried once, then the fallback (transport); never a format re-ask', async () => {
    q.push({ reply: '{"action": "bet"}', cut: true }, { reply: '{"action": "check"}' });
    const ok = await run(api, { stream: true });
    expect(ok).toMatchObject({ path: 'strict', action: 0, transportRetries: 1, formatFixes: 0 });
    expect(ok.calls[0].outcome).toBe('bad-body');
    q.push({ reply: '{"action": "bet"}', cut: true }, { reply: '{"action": "bet"}', cut: true });
    expect(await run(api, { stream: true })).toMatchObject({ path: 'fallback', fallbackReason: 'transport', httpAttempts: 2, formatFixes: 0 });
  });

  it('an error event inside a 200 stream is a transport failure', async () => {
    q.push({ reply: '{"action": "bet"}', streamError: true }, { reply: '{"action": "bet"}', streamError: true });
    const r = await run(api, { stream: true });
    expect(r).toMatchObject({ path: 'fallback', fallbackReason: 'transport', httpAttempts: 2, transportRetries: 1, formatFixes: 0 });
    expect(r.calls[0].error).toMatch(/overloaded|stream/);
  });

  it('a streamed reply cut by the output limit is a length cut; a refusal is a refusal; missing usage is marked', async () => {
    q.push({ reply: 'Options: {"action": "check"} or {"action": "bet"} wh', stop: 'length' });
    expect(await run(api, { stream: true })).toMatchObject({ path: 'fallback', fallbackReason: 'length', httpAttempts: 1 });
    if (api !== 'gemini') {
      q.push({ reply: 'I will not play.', stop: 'refusal' });
      expect(await run(api, { stream: true })).toMatchObject({ path: 'fallback', fallbackReason: 'refusal' });
    }
    q.push({ reply: '{"action": "check"}', noUsage: true });
    const r = await run(api, { stream: true });
    if (api === 'messages')
      expect(r.calls[0].usageMissing).toBeUndefined(); // Anthropic's stream always opens with usage
    else expect(r.calls[0].usageMissing).toBe(true);
  });

  it('the deadline ends a hanging stream (timeout, no retry)', async () => {
    q.push({ hang: true });
    expect(await run(api, { stream: true, deadline_ms: 150 })).toMatchObject({ path: 'fallback', fallbackReason: 'timeout', httpAttempts: 1 });
  });
});
