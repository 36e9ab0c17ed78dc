/** `gbgc play FILE --vs llm:openai/MODEL` against the local server (the SDK's OPENAI_BASE_URL override). */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { runCli } from '../../cli/run-cli.js';
import { startFakeServer, type FakeServer } from './fake-server.js';
import { SECRET_KEY, setFakeKeys } from './helpers.js';

let server: FakeServer;
let mode: 'good' | 'garbage' = 'good';
beforeAll(async () => {
  setFakeKeys();
  server = await startFakeServer((req) => {
    if (mode === 'garbage') return { reply: 'hmm' };
    const replies = [...req.messages[0].content.matchAll(/reply `(\{"action": [^`]+\})`/g)].map((m) => m[1]);
    return { reply: replies[0] };
  });
  process.env.OPENAI_BASE_URL = server.openaiBase;
});
afterAll(async () => {
  delete process.env.OPENAI_BASE_URL;
  await server.close();
});

it('a person plays Kuhn against a model; the model saw the rulebook and its turn prompt', async () => {
  const r = await runCli(['play', 'examples/kuhn.gbg', '--as', 'Bob', '--vs', 'llm:openai/test-model', '--seed', '3'], 'check\ncall\ncall\ncall\n');
  expect(r.stderr).toBe('');
  expect(r.code).toBe(0);
  expect(r.stdout).toContain('against llm:openai/test-model');
  expect(r.stdout).toMatch(/Result: you (won|lost|broke even)/);
  expect(server.requests.length).toBeGreaterThan(0);
  expect(server.requests[0].system).toContain('## Overview');
  expect(server.requests[0].messages[0].content).toContain('{"action":');
  expect(r.stdout + r.stderr).not.toContain(SECRET_KEY);
});

it('a model whose replies cannot be used plays random legal moves, and the person is told', async () => {
  mode = 'garbage';
  const r = await runCli(['play', 'examples/kuhn.gbg', '--as', 'Bob', '--vs', 'llm:openai/test-model', '--seed', '3'], 'check\ncall\ncall\ncall\n');
  expect(r.code).toBe(0);
  expect(r.stdout).toContain('(llm:openai/test-model: no usable reply (format); a random legal action was played)');
});

it('an unknown provider in an LLM spec: exit 1 with a clear message', async () => {
  const r = await runCli(['play', 'examples/kuhn.gbg', '--vs', 'llm:bard/x'], '1\n');
  expect(r.code).toBe(1);
  expect(r.stderr).toContain("unknown LLM provider 'bard'");
});
