/** Shared pieces of the LLM tests: a scripted server queue, settings for each API, a fake key. */
import { parseLlmSettings, type LlmSettings } from '../../../src/eval/llm/config.js';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { resetEndpointQueues } from '../../../src/eval/llm/limits.js';
import { startFakeServer, type Api, type FakeServer, type Scripted } from './fake-server.js';

/** The key every test sets; no output may ever contain it. */
export const SECRET_KEY = 'sk-test-SECRET-7f3a9c2e1b4d6f80';

export function setFakeKeys(): void {
  process.env.OPENAI_API_KEY = SECRET_KEY;
  process.env.ANTHROPIC_API_KEY = SECRET_KEY;
  process.env.GEMINI_API_KEY = SECRET_KEY;
}

/** The provider kind and base URL that reach `api` on the fake server. */
export function settingsFor(api: Api, server: FakeServer, extra: Record<string, unknown> = {}, model = 'test-model'): LlmSettings {
  const [kind, base] =
    api === 'chat'
      ? ['openai', server.openaiBase]
      : api === 'responses'
        ? ['openai-responses', server.openaiBase]
        : api === 'messages'
          ? ['anthropic', server.anthropicBase]
          : ['gemini', server.geminiBase];
  return parseLlmSettings(`llm:${kind}/${model}`, { base_url: base, deadline_ms: 30_000, ...extra });
}

/** A script that answers from a queue (then a fixed default). */
export function queued(): { script: (..._: unknown[]) => Scripted; push: (...s: Scripted[]) => void; clear: () => void } {
  const q: Scripted[] = [];
  return {
    script: () => q.shift() ?? { status: 500, message: 'script exhausted' },
    push: (...s) => void q.push(...s),
    clear: () => void q.splice(0),
  };
}

/**
 * A scripted server for a test file: started before its tests (with the fake keys set), closed
 * after, its queue, request log and the endpoint queues cleared before each test.
 */
export function queuedServer(): { q: ReturnType<typeof queued>; server: () => FakeServer } {
  const q = queued();
  let server: FakeServer;
  beforeAll(async () => {
    setFakeKeys();
    server = await startFakeServer(q.script);
  });
  afterAll(async () => server.close());
  beforeEach(() => {
    q.clear();
    server.requests.length = 0;
    resetEndpointQueues();
  });
  return { q, server: () => server };
}
