/**
 * The issue's acceptance runs through `gbgc tournament` against the local server, as a user chains
 * the commands: a key the server echoes back reaches no table, file or output (every wire format);
 * three runs of one config with a budget spend at most the budget plus one slot; a budget with an
 * unpriced participant is refused; prices by participant name and PROVIDER/MODEL; a model replying
 * `call` in plain text to every prompt plays no fallback on Kuhn and Leduc; Gemini's bad-key 400
 * stops the run; `on_failure: replay` and `discard`; the declared frozen fallback; `records usage`
 * and the report's execution section agree.
 */
import { mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LlmUsage } from '../../../src/eval/llm/usage.js';
import { runCli } from '../../cli/run-cli.js';
import { startFakeServer, type FakeServer, type Scripted, type SeenRequest } from './fake-server.js';
import { SECRET_KEY, setFakeKeys } from './helpers.js';

let dir: string;
const outputs: string[] = [];

beforeAll(() => {
  setFakeKeys();
  dir = mkdtempSync(join(tmpdir(), 'gbgc-llm-f-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The first reply the turn prompt offers (`{"action": "check"}` …). */
const firstOffered = (req: SeenRequest): string => /reply `(\{"action": [^`]+\})`/.exec(req.messages[0].content)?.[1] ?? '{"action": "call"}';

/** The key the request carried, from whichever header its SDK uses. */
function keyOf(req: SeenRequest): string {
  const h = req.headers;
  return String(h['x-api-key'] ?? h['x-goog-api-key'] ?? String(h.authorization ?? '').replace(/^Bearer /, ''));
}

function writeConfig(name: string, lines: string[]): string {
  const path = join(dir, `${name}.yaml`);
  writeFileSync(path, `${lines.join('\n')}\n`);
  return path;
}

async function cli(args: string[]) {
  const r = await runCli(args);
  outputs.push(r.stdout, r.stderr);
  return r;
}

/** Every row of every table of a store, as text. */
function dump(path: string): string {
  const db = new Database(path, { readonly: true });
  try {
    const tables = db.prepare("SELECT name FROM sqlite_master WHERE type IN ('table', 'view')").pluck().all() as string[];
    return tables.map((t) => JSON.stringify(db.prepare(`SELECT * FROM "${t}"`).all())).join('\n');
  } finally {
    db.close();
  }
}

function usageOf(stdout: string): LlmUsage {
  return JSON.parse(stdout) as LlmUsage;
}

describe('a key the server echoes back', () => {
  let server: FakeServer;
  beforeAll(async () => {
    let n = 0;
    server = await startFakeServer((req): Scripted => {
      n++;
      // Every reply echoes the key; every 7th request fails with the key in its error message.
      if (n % 7 === 0) return { status: 503, message: `overloaded (request by ${keyOf(req)})`, headers: { 'retry-after-ms': '1' } };
      return { reply: `Your key is ${keyOf(req)}. ${firstOffered(req)}` };
    });
  });
  afterAll(async () => server.close());

  it('reaches no table of the store, no file and no output of any command (four wire formats)', async () => {
    const cfg = writeConfig('echo', [
      `games: {files: [${JSON.stringify(resolve('examples/kuhn.gbg'))}]}`,
      'participants:',
      `  - {kind: llm, name: chat, model: openai/m1, base_url: ${JSON.stringify(server.openaiBase)}}`,
      `  - {kind: llm, name: resp, model: openai-responses/m2, base_url: ${JSON.stringify(server.openaiBase)}}`,
      `  - {kind: llm, name: claude, model: anthropic/m3, base_url: ${JSON.stringify(server.anthropicBase)}}`,
      `  - {kind: llm, name: gem, model: gemini/m4, base_url: ${JSON.stringify(server.geminiBase)}}`,
      'runs: 2',
      'store: echo.db',
    ]);
    const t = await cli(['tournament', cfg, '--json']);
    expect(t.code).toBe(0);
    expect(server.responses.join('\n')).toContain(SECRET_KEY); // the server did echo it
    const store = join(dir, 'echo.db');
    for (const args of [
      ['records', 'usage', store],
      ['records', 'usage', store, '--json'],
      ['records', 'summary', store],
      ['records', 'export', store, '--jsonl', '--table', 'moves'],
      ['records', 'export', store, '--csv'],
    ]) {
      const r = await cli(args);
      expect(r.code, args.join(' ')).toBe(0);
    }
    const rep = await cli(['report', store, '--out', join(dir, 'echo-report'), '-B', '50', '--secondary', '20']);
    expect(rep.code).toBe(0);
    const files: string[] = [];
    const walk = (d: string): void => {
      for (const f of readdirSync(d)) statSync(join(d, f)).isDirectory() ? walk(join(d, f)) : files.push(join(d, f));
    };
    walk(dir);
    const everything = [dump(store), ...outputs, ...files.map((f) => readFileSync(f).toString('latin1'))].join('\n');
    expect(everything).toContain('[redacted]'); // the echoed key was there, replaced
    expect(everything).not.toContain(SECRET_KEY);
    // The cache table in particular (it once held echoed keys in clear).
    const db = new Database(store, { readonly: true });
    const cached = db.prepare('SELECT reply FROM llm_cache').pluck().all() as string[];
    db.close();
    expect(cached.length).toBeGreaterThan(10);
    expect(cached.join('\n')).not.toContain(SECRET_KEY);
  });
});

describe('the budget across runs', () => {
  let server: FakeServer;
  beforeAll(async () => {
    server = await startFakeServer((req) => ({ reply: firstOffered(req), outputTokens: 20 }));
  });
  afterAll(async () => server.close());

  it('three runs of one config with budget_usd X record at most X plus one slot in total', async () => {
    const X = 0.02;
    const cfg = writeConfig('budget', [
      `games: {files: [${JSON.stringify(resolve('examples/leduc.gbg'))}]}`,
      'participants:',
      // priced by participant name in the table
      `  - {kind: llm, name: spender, model: openai/m, base_url: ${JSON.stringify(server.openaiBase)}}`,
      '  - {kind: random}',
      'runs: 100',
      'store: budget.db',
      `budget_usd: ${X}`,
      'prices: {spender: {input: 1, output: 3}}',
    ]);
    const reports = [];
    for (let i = 0; i < 3; i++) {
      const r = await cli(['tournament', cfg, '--json']);
      expect(r.code).toBe(0);
      reports.push(JSON.parse(r.stdout) as { played: number; stoppedByBudget?: boolean; spentUsd: number });
    }
    expect(reports[0].stoppedByBudget).toBe(true);
    expect(reports[0].played).toBeGreaterThan(0);
    // The second and third runs start from what the store says was spent: nothing more is played.
    expect(reports[1].played).toBe(0);
    expect(reports[2].played).toBe(0);
    const db = new Database(join(dir, 'budget.db'), { readonly: true });
    const spent = db.prepare('SELECT SUM(cost_usd) FROM llm_cache').pluck().get() as number;
    const slotCosts = (db.prepare('SELECT slot, extra FROM moves WHERE extra IS NOT NULL').all() as { slot: string; extra: string }[]).reduce(
      (m, r) => m.set(r.slot, (m.get(r.slot) ?? 0) + (JSON.parse(r.extra) as { costUsd: number }).costUsd),
      new Map<string, number>(),
    );
    db.close();
    const oneSlot = Math.max(...slotCosts.values());
    expect(spent).toBeGreaterThanOrEqual(X);
    expect(spent).toBeLessThanOrEqual(X + oneSlot);
    expect(reports[2].spentUsd).toBeCloseTo(spent, 12);
  });

  it('a budget with a participant that has no price is refused before anything is played', async () => {
    const cfg = writeConfig('unpriced', [
      `games: {files: [${JSON.stringify(resolve('examples/kuhn.gbg'))}]}`,
      'participants:',
      `  - {kind: llm, name: free, model: openai/m, base_url: ${JSON.stringify(server.openaiBase)}}`,
      '  - {kind: random}',
      'store: unpriced.db',
      'budget_usd: 1',
      'prices: {other: {input: 1, output: 1}}',
    ]);
    const before = server.requests.length;
    const r = await cli(['tournament', cfg]);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/budget_usd is set but 'free' has no price/);
    expect(server.requests.length).toBe(before);
  });

  it('prices by PROVIDER/MODEL are used (cost recorded)', async () => {
    const cfg = writeConfig('pm', [
      `games: {files: [${JSON.stringify(resolve('examples/kuhn.gbg'))}]}`,
      'participants:',
      `  - {kind: llm, name: p, model: openai/some-model, base_url: ${JSON.stringify(server.openaiBase)}}`,
      '  - {kind: random}',
      'runs: 2',
      'store: pm.db',
      'prices: {openai/some-model: {input: 1, output: 2}}',
    ]);
    expect((await cli(['tournament', cfg])).code).toBe(0);
    const u = usageOf((await cli(['records', 'usage', join(dir, 'pm.db'), '--json'])).stdout);
    expect(u.participants[0].costUsd).toBeCloseTo((u.participants[0].tokens.input * 1 + u.participants[0].tokens.output * 2) / 1e6, 12);
    expect(u.participants[0].costUsd).toBeGreaterThan(0);
  });
});

describe('plain text, a bad Gemini key, on_failure, the declared fallback, the report', () => {
  let server: FakeServer;
  let failEvery = 0;
  let n = 0;
  beforeAll(async () => {
    server = await startFakeServer((req): Scripted => {
      if (req.model === 'badkey')
        return {
          status: 400,
          body: {
            error: {
              code: 400,
              message: 'API key not valid. Please pass a valid API key.',
              status: 'INVALID_ARGUMENT',
              details: [{ '@type': 'type.googleapis.com/google.rpc.ErrorInfo', reason: 'API_KEY_INVALID' }],
            },
          },
        };
      if (req.model === 'caller') return { reply: 'call' };
      if (req.model === 'nousage') return { reply: firstOffered(req), noUsage: true };
      n++;
      // Two failures in a row (a call and its one retry) lose the move; the advised wait is 1 ms.
      if (failEvery > 0 && n % failEvery < 2) return { status: 503, headers: { 'retry-after-ms': '1' } };
      return { reply: firstOffered(req) };
    });
  });
  afterAll(async () => server.close());

  for (const game of ['kuhn', 'leduc'])
    it(`a model replying \`call\` to every prompt plays 0 fallbacks on ${game}`, async () => {
      const cfg = writeConfig(`call-${game}`, [
        `games: {files: [${JSON.stringify(resolve(`examples/${game}.gbg`))}]}`,
        'participants:',
        `  - {kind: llm, name: caller, model: openai/caller, base_url: ${JSON.stringify(server.openaiBase)}}`,
        '  - {kind: random}',
        'runs: 20',
        `store: call-${game}.db`,
      ]);
      expect((await cli(['tournament', cfg])).code).toBe(0);
      const u = usageOf((await cli(['records', 'usage', join(dir, `call-${game}.db`), '--json'])).stdout).participants[0];
      expect(u.moves).toBeGreaterThan(40);
      expect(u.fallbackMoveRate).toBe(0);
      expect(u.paperFallbackMoveRate).toBe(0);
      expect(u.paths.plain).toBe(u.moves);
      expect(u.httpAttempts).toBe(u.moves); // no re-ask
      const summary = await cli(['records', 'summary', join(dir, `call-${game}.db`)]);
      expect(summary.stdout).toMatch(/caller\s+[-+]\d+\.\d+ {2}over 40 slots, fallback moves 0\.0 %/);
    });

  it('answers without token usage: the tournament warns, naming the participant and the calls', async () => {
    const cfg = writeConfig('nousage', [
      `games: {files: [${JSON.stringify(resolve('examples/kuhn.gbg'))}]}`,
      'participants:',
      `  - {kind: llm, name: quiet, model: openai/nousage, base_url: ${JSON.stringify(server.openaiBase)}, price: {input: 1, output: 1}}`,
      '  - {kind: random}',
      'runs: 2',
      'store: nousage.db',
    ]);
    const r = await cli(['tournament', cfg]);
    expect(r.code).toBe(0);
    const u = usageOf((await cli(['records', 'usage', join(dir, 'nousage.db'), '--json'])).stdout).participants[0];
    expect(u.usageMissing).toBe(u.httpAttempts);
    expect(r.stderr).toContain(`warning: quiet: ${u.usageMissing} calls were answered without token usage; counted as 0 tokens and US$0`);
  });

  it("Gemini's 400 API_KEY_INVALID stops the tournament: exit 1, no slot recorded", async () => {
    const cfg = writeConfig('badkey', [
      `games: {files: [${JSON.stringify(resolve('examples/kuhn.gbg'))}]}`,
      'participants:',
      `  - {kind: llm, name: g, model: gemini/badkey, base_url: ${JSON.stringify(server.geminiBase)}}`,
      '  - {kind: random}',
      'runs: 10',
      'store: badkey.db',
    ]);
    const r = await cli(['tournament', cfg]);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/gemini\/badkey: the provider rejected the key/);
    const db = new Database(join(dir, 'badkey.db'), { readonly: true });
    expect(db.prepare('SELECT COUNT(*) FROM slots').pluck().get()).toBe(0);
    db.close();
  });

  it('on_failure replay: slots with a lost move are played again with the same seed; discard: set aside and counted', async () => {
    const mk = (mode: string) =>
      writeConfig(`of-${mode}`, [
        `games: {files: [${JSON.stringify(resolve('examples/kuhn.gbg'))}]}`,
        'participants:',
        `  - {kind: llm, name: m, model: openai/of-${mode}, base_url: ${JSON.stringify(server.openaiBase)}, on_failure: ${mode}, deadline_ms: 5000}`,
        '  - {kind: random}',
        'runs: 10',
        `store: of-${mode}.db`,
        'fallback: passive',
      ]);
    failEvery = 7;
    const rep = await cli(['tournament', mk('replay'), '--json']);
    expect(rep.code).toBe(0);
    const rr = JSON.parse(rep.stdout) as { replayed?: number; alreadyDone: number; played: number };
    expect(rr.replayed ?? 0).toBeGreaterThan(0);
    failEvery = 7;
    const dis = await cli(['tournament', mk('discard'), '--json']);
    expect(dis.code).toBe(0);
    const dr = JSON.parse(dis.stdout) as { discarded?: number };
    expect(dr.discarded ?? 0).toBeGreaterThan(0);
    failEvery = 0;
    const u = usageOf((await cli(['records', 'usage', join(dir, 'of-discard.db'), '--json'])).stdout);
    expect(u.participants[0].discardedSlots).toBe(dr.discarded);
    expect(u.participants[0].fallbackReasons.provider).toBe(0); // no lost move was played by the fallback
    expect(u.fallback).toEqual([{ game: resolve('examples/kuhn.gbg'), policy: 'passive', declared: true }]);
    // A rerun does not replay discarded slots.
    const again = JSON.parse((await cli(['tournament', mk('discard'), '--json'])).stdout) as { played: number };
    expect(again.played).toBe(0);
  });

  it("the report's execution section equals records usage", async () => {
    const store = join(dir, 'of-replay.db');
    const u = usageOf((await cli(['records', 'usage', store, '--json'])).stdout);
    const text = (await cli(['records', 'usage', store])).stdout;
    const out = join(dir, 'exec-report');
    expect((await cli(['report', store, '--out', out, '-B', '50', '--secondary', '20'])).code).toBe(0);
    const html = readFileSync(join(out, 'index.html'), 'utf8');
    expect(html).toContain('<section id="execution">');
    const { usageCells } = await import('../../../src/eval/llm/usage.js');
    for (const p of u.participants) {
      const cells = usageCells(p);
      expect(cells.length).toBeGreaterThan(20);
      for (const [key, label, value] of cells) {
        const m = new RegExp(`data-participant="${p.participant}" data-key="${key.replace('.', '\\.')}">([^<]*)<`).exec(html);
        expect(m?.[1], key).toBe(value);
        const re = (x: string) => x.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
        expect(text).toMatch(new RegExp(`${re(label)}\\s+${re(value)}\\n`));
      }
    }
    expect(html).toContain('<span class="fallback-policy">passive</span>');
    expect(text).toContain('frozen fallback: passive');
  });
});
