import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { costUsd, llmIdentity, parseLlmSettings, parseLlmSpec } from '../../../src/eval/llm/config.js';
import { decide } from '../../../src/eval/llm/decide.js';
import { endpointQueue, resetEndpointQueues } from '../../../src/eval/llm/limits.js';
import { createProvider } from '../../../src/eval/llm/providers/index.js';
import { redactSecrets } from '../../../src/eval/llm/redact.js';
import { memoryCache } from '../../../src/eval/llm/cache.js';
import { UserError } from '../../../src/util/errors.js';
import { rngFromKeys } from '../../../src/util/rng.js';
import { startFakeServer, type FakeServer } from './fake-server.js';
import { SECRET_KEY, setFakeKeys, settingsFor } from './helpers.js';

const err = (f: () => unknown): string => {
  try {
    f();
  } catch (e) {
    expect(e).toBeInstanceOf(UserError);
    return (e as Error).message;
  }
  throw new Error('no error');
};
/** {@link err} for a function whose error is a rejection. */
const errAsync = async (f: () => Promise<unknown>): Promise<string> => {
  try {
    await f();
  } catch (e) {
    expect(e).toBeInstanceOf(UserError);
    return (e as Error).message;
  }
  throw new Error('no error');
};

describe('participant settings', () => {
  it('spec: llm:PROVIDER/MODEL, models may contain slashes', () => {
    expect(parseLlmSpec('llm:openai/gpt-4o-mini')).toEqual({ provider: 'openai', model: 'gpt-4o-mini' });
    expect(parseLlmSpec('llm:compat/meta-llama/Llama-3-8B')).toEqual({ provider: 'compat', model: 'meta-llama/Llama-3-8B' });
    expect(err(() => parseLlmSpec('llm:bard/x'))).toContain("unknown LLM provider 'bard'");
    expect(err(() => parseLlmSpec('openai/x'))).toContain('expected llm:PROVIDER/MODEL');
  });

  it('defaults: fresh context, 60 s deadline', () => {
    expect(parseLlmSettings('llm:openai/m')).toMatchObject({ provider: 'openai', model: 'm', conversation: 'fresh', deadlineMs: 60_000 });
  });

  it('unsupported parameters are reported at load, naming the key and the provider', () => {
    expect(err(() => parseLlmSettings('llm:anthropic/claude', { seed: 1 }))).toBe(
      "llm:anthropic/claude: 'seed' is not supported by provider anthropic (supported: thinking_budget, max_output_tokens, temperature)",
    );
    expect(err(() => parseLlmSettings('llm:openai/m', { thinking_budget: 100 }))).toContain("'thinking_budget' is not supported by provider openai");
    expect(err(() => parseLlmSettings('llm:gemini/m', { reasoning_effort: 'low' }))).toContain("'reasoning_effort' is not supported by provider gemini");
    expect(err(() => parseLlmSettings('llm:openai-responses/m', { seed: 3 }))).toContain("'seed' is not supported by provider openai-responses");
    expect(err(() => parseLlmSettings('llm:openai/m', { temprature: 1 }))).toContain("unknown key 'temprature'");
  });

  it('bad values and configured keys are errors; a key value is never echoed', () => {
    expect(err(() => parseLlmSettings('llm:openai/m', { temperature: 3 }))).toContain("'temperature' must be a number ≥ 0 ≤ 2");
    expect(err(() => parseLlmSettings('llm:openai/m', { reasoning_effort: 'max' }))).toContain("'reasoning_effort' must be one of minimal, low, medium, high");
    expect(err(() => parseLlmSettings('llm:compat/m'))).toContain("needs 'base_url'");
    expect(err(() => parseLlmSettings('llm:anthropic/m', { thinking_budget: 2000, max_output_tokens: 1000 }))).toContain(
      "'max_output_tokens' must exceed 'thinking_budget'",
    );
    const m = err(() => parseLlmSettings('llm:openai/m', { api_key: SECRET_KEY }));
    expect(m).toContain('API keys are read from the environment only');
    expect(m).not.toContain(SECRET_KEY);
  });

  it('prices: from the block or the table; cost in USD per million tokens, cached input at its own price', () => {
    const s = parseLlmSettings('llm:openai/m', {}, { m: { input: 2, output: 8, cached_input: 0.5 } });
    expect(s.price).toEqual({ input: 2, output: 8, cachedInput: 0.5 });
    expect(costUsd(s.price, { input: 1_000_000, output: 500_000, cached: 200_000 })).toBeCloseTo(0.8 * 2 + 0.2 * 0.5 + 0.5 * 8, 12);
    expect(costUsd(undefined, { input: 5, output: 5, cached: 0 })).toBe(0);
  });

  it('identity: a changed generation setting is a different participant; limits and prices are not', () => {
    const a = llmIdentity(parseLlmSettings('llm:openai/m', { temperature: 0, rpm: 10, price: { input: 1, output: 1 } }));
    const b = llmIdentity(parseLlmSettings('llm:openai/m', { temperature: 0 }));
    const c = llmIdentity(parseLlmSettings('llm:openai/m', { temperature: 1 }));
    expect(a).toEqual(b);
    expect(a).not.toEqual(c);
  });

  it('a missing key variable is an error naming the variable', async () => {
    const saved = process.env.ANTHROPIC_API_KEY;
    delete process.env.ANTHROPIC_API_KEY;
    try {
      expect(await errAsync(() => createProvider(parseLlmSettings('llm:anthropic/claude')))).toBe(
        'anthropic/claude: the API key variable ANTHROPIC_API_KEY is not set',
      );
    } finally {
      if (saved !== undefined) process.env.ANTHROPIC_API_KEY = saved;
    }
  });

  it('redaction replaces key values wherever they appear', () => {
    setFakeKeys();
    expect(redactSecrets(`x ${SECRET_KEY} y ${SECRET_KEY}`)).toBe('x [redacted] y [redacted]');
  });
});

describe('limits and cache', () => {
  let server: FakeServer;
  let inFlight = 0;
  let maxInFlight = 0;
  let pairUp = false;
  let releasePair: (() => void) | undefined;
  beforeAll(async () => {
    setFakeKeys();
    server = await startFakeServer(async () => {
      inFlight++;
      maxInFlight = Math.max(maxInFlight, inFlight);
      if (pairUp) {
        // Hold each request until a second one is in flight (event-driven, so a slow machine cannot
        // serialise them by accident), then a moment more in which a third could arrive.
        if (inFlight < 2) await new Promise<void>((r) => (releasePair = r));
        else releasePair?.();
        await new Promise((r) => setTimeout(r, 5));
      }
      inFlight--;
      return { reply: '{"action": "a"}' };
    });
  });
  afterAll(async () => server.close());

  const menu = [
    { action: 0, label: 'a' },
    { action: 1, label: 'b' },
  ];

  it('concurrency per endpoint: never more requests in flight than configured', async () => {
    resetEndpointQueues();
    const settings = settingsFor('chat', server, { concurrency: 2 });
    const provider = await createProvider(settings);
    pairUp = true;
    try {
      await Promise.all(
        Array.from({ length: 8 }, (_, i) =>
          decide({ provider, settings, backoffMs: 0 }, { seat: 0, system: 'S', history: [], prompt: `P${i}`, menu, rng: rngFromKeys(i) }),
        ),
      );
    } finally {
      pairUp = false;
    }
    expect(maxInFlight).toBe(2);
    expect(endpointQueue(provider.endpoint, 99).concurrency).toBe(2); // one queue per endpoint, first limits kept
  });

  it('the cache: the same request and occurrence is served without a call; another occurrence is a new sample', async () => {
    const settings = settingsFor('chat', server);
    const provider = await createProvider(settings);
    const cache = memoryCache();
    const input = { seat: 0, system: 'S', history: [], prompt: 'P', menu, rng: rngFromKeys(1), occurrence: 'slot-1#0#0' };
    const n0 = server.requests.length;
    const first = await decide({ provider, settings, cache }, input);
    const again = await decide({ provider, settings, cache }, input);
    expect(server.requests.length - n0).toBe(1);
    expect(again.record.calls[0].fromCache).toBe(true);
    expect(again.record.httpAttempts).toBe(0);
    expect(again.record.action).toBe(first.record.action);
    await decide({ provider, settings, cache }, { ...input, occurrence: 'slot-2#0#0' });
    expect(server.requests.length - n0).toBe(2);
    await decide({ provider, settings: { ...settings, temperature: 1 }, cache }, input);
    expect(server.requests.length - n0).toBe(3); // a changed setting is a different key
  });
});

describe('the llm kind for tournament configs', () => {
  it('model PROVIDER/MODEL plus the documented keys; an unsupported key is an error naming it', async () => {
    const { createLlmKindAgent, LLM_KIND_PARAMS } = await import('../../../src/eval/llm/kind.js');
    const { compileGame } = await import('../../../src/interpreter/game.js');
    const { loadGame } = await import('../../../src/cli/load.js');
    setFakeKeys();
    const game = compileGame(loadGame('examples/kuhn.gbg').ir);
    const a = await createLlmKindAgent(
      game,
      { kind: 'llm', model: 'anthropic/claude-x', thinking_budget: 512, max_output_tokens: 2048 },
      {},
      {},
      't.yaml: participants[1]',
    );
    expect(a.name).toBe('llm:anthropic/claude-x');
    expect(a.llm.settings).toMatchObject({ provider: 'anthropic', model: 'claude-x', thinkingBudget: 512, maxOutputTokens: 2048 });
    expect(await errAsync(() => createLlmKindAgent(game, { kind: 'llm', model: 'anthropic/claude-x', seed: 1 }, {}, {}, 't.yaml: participants[1]'))).toBe(
      "t.yaml: participants[1]: 'seed' is not supported by provider anthropic (supported: thinking_budget, max_output_tokens, temperature)",
    );
    // the schema lists every key parseLlmSettings accepts
    const { SUPPORTED_PARAMETERS } = await import('../../../src/eval/llm/config.js');
    for (const keys of Object.values(SUPPORTED_PARAMETERS)) for (const k of keys) expect(Object.keys(LLM_KIND_PARAMS.properties)).toContain(k);
  });
});
