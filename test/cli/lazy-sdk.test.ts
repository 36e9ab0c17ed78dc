/**
 * The LLM SDKs (`openai`, `@anthropic-ai/sdk`, `@google/genai`) load only when an LLM participant
 * is made: a bot-only `gbgc match` or `gbgc tournament` process never resolves them, and making one LLM agent loads its
 * provider's SDK and no other. Each case runs in a child process (`node --import tsx`) whose
 * resolution hooks log every module URL it resolves.
 */
import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const ROOT = new URL('../../', import.meta.url).pathname;
const REGISTER = new URL('../support/resolve-log/register.mjs', import.meta.url).pathname;
const dir = mkdtempSync(join(tmpdir(), 'gbgc-lazy-sdk-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const SDKS = { openai: /\/node_modules\/openai\//, anthropic: /\/node_modules\/@anthropic-ai\/sdk\//, gemini: /\/node_modules\/@google\/genai\// };

/** Run `script` (an ES module body, from the package root) in a child process; the module URLs it resolved. */
function resolvedBy(name: string, script: string, env: Record<string, string> = {}): { urls: string[]; stdout: string } {
  const log = join(dir, `${name}.log`);
  const stdout = execFileSync(process.execPath, ['--import', 'tsx', '--import', REGISTER, '--input-type=module', '-e', script], {
    cwd: ROOT,
    encoding: 'utf8',
    env: { ...process.env, ...env, RESOLVE_LOG: log },
  });
  return { urls: readFileSync(log, 'utf8').split('\n').filter(Boolean), stdout };
}

describe('LLM SDKs load only with an LLM participant', () => {
  it('a bot-only gbgc match loads the agent registry and no SDK', () => {
    const { urls, stdout } = resolvedBy(
      'match',
      "import { main } from './src/cli/main.ts'; process.exitCode = await main(['match', 'examples/kuhn.gbg', '--agents', 'random,l1', '--runs', '2']);",
    );
    expect(stdout).toContain('Kuhn poker: random vs l1, 2 runs');
    // the hooks saw the path that used to pull the SDKs in: agents → llm kind → llm agent → providers
    for (const m of ['src/eval/agents/index.ts', 'src/eval/llm/kind.ts', 'src/eval/llm/agent.ts', 'src/eval/llm/providers/index.ts'])
      expect(
        urls.some((u) => u.endsWith(m)),
        m,
      ).toBe(true);
    for (const [sdk, re] of Object.entries(SDKS))
      expect(
        urls.filter((u) => re.test(u)),
        sdk,
      ).toEqual([]);
    expect(urls.some((u) => /\/providers\/(openai-chat|openai-responses|anthropic|gemini)\.ts$/.test(u))).toBe(false);
  }, 60_000);

  it('a bot-only tournament into a run store loads no SDK', () => {
    copyFileSync(join(ROOT, 'examples/kuhn.gbg'), join(dir, 'kuhn.gbg'));
    const config = join(dir, 't.yaml');
    writeFileSync(config, 'games:\n  files: [kuhn.gbg]\nparticipants:\n  - kind: random\n  - kind: heuristic\nruns: 2\nseed: 1\nstore: t.db\n');
    const { urls, stdout } = resolvedBy(
      'tournament',
      `import { main } from './src/cli/main.ts'; process.exitCode = await main(['--quiet', 'tournament', ${JSON.stringify(config)}]);`,
    );
    expect(stdout).toContain('t.db');
    for (const m of ['src/eval/tournament/run.ts', 'src/eval/llm/agent.ts'])
      expect(
        urls.some((u) => u.endsWith(m)),
        m,
      ).toBe(true);
    for (const [sdk, re] of Object.entries(SDKS))
      expect(
        urls.filter((u) => re.test(u)),
        sdk,
      ).toEqual([]);
  }, 60_000);

  it('making an openai participant loads the openai SDK only', () => {
    const { urls, stdout } = resolvedBy(
      'llm',
      "import { createAgent } from './src/eval/agents/index.ts'; import { compileGame } from './src/interpreter/game.ts'; import { loadGame } from './src/cli/load.ts';" +
        "const a = await createAgent('llm:openai/gpt-test', compileGame(loadGame('examples/kuhn.gbg').ir)); console.log(a.name);",
      { OPENAI_API_KEY: 'sk-test-not-a-key' },
    );
    expect(stdout.trim()).toBe('llm:openai/gpt-test');
    expect(urls.some((u) => SDKS.openai.test(u))).toBe(true);
    expect(urls.some((u) => SDKS.anthropic.test(u))).toBe(false);
    expect(urls.some((u) => SDKS.gemini.test(u))).toBe(false);
  }, 60_000);
});
