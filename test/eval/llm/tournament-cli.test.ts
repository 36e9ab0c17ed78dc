/**
 * The acceptance run through `gbgc tournament`: 200 slots on examples/leduc.gbg between two
 * scripted models behind the local server (one answers well, one malformed 10 % of the time and
 * again on the re-ask). Fallback move rates from the run store, the key in no output, no provider
 * call when the finished tournament is run again, and `--dry-run` against the server's token count.
 */
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { llmMetrics } from '../../../src/eval/llm/metrics.js';
import type { LlmMoveRecord } from '../../../src/eval/llm/types.js';
import { rngFromKeys } from '../../../src/util/rng.js';
import { runCli } from '../../cli/run-cli.js';
import { startFakeServer, type FakeServer, type Scripted, type SeenRequest } from './fake-server.js';
import { SECRET_KEY, setFakeKeys } from './helpers.js';

let server: FakeServer;
let dir: string;
let config: string;
const outputs: string[] = [];
const rng = rngFromKeys(77);

function script(req: SeenRequest): Scripted {
  const replies = [...req.messages[0].content.matchAll(/reply `(\{"action": [^`]+\})`/g)].map((m) => m[1]);
  const pick = replies[Math.floor(rng() * replies.length)];
  if (req.model === 'flaky') {
    if (req.messages.length > 1) return { reply: 'Let me think about it more.' };
    if (rng() < 0.1) return { reply: 'I call, I suppose' };
  }
  return { reply: `Thinking... ${pick}` };
}

beforeAll(async () => {
  setFakeKeys();
  server = await startFakeServer(script);
  dir = mkdtempSync(join(tmpdir(), 'gbgc-llm-t-'));
  config = join(dir, 'llm.yaml');
  const leduc = resolve('examples/leduc.gbg');
  writeFileSync(
    config,
    [
      `games: {files: [${JSON.stringify(leduc)}]}`,
      'participants:',
      `  - {kind: llm, name: good, model: openai/good, base_url: ${JSON.stringify(server.openaiBase)}}`,
      `  - {kind: llm, name: flaky, model: openai/flaky, base_url: ${JSON.stringify(server.openaiBase)}}`,
      'runs: 100',
      'seed: 5',
      'store: runs.db',
      'prices: {good: {input: 0.5, output: 1.5}, flaky: {input: 0.5, output: 1.5}}',
      '',
    ].join('\n'),
  );
  const r = await runCli(['tournament', config, '--json']);
  outputs.push(r.stdout, r.stderr);
  expect(r.code).toBe(0);
});
afterAll(async () => {
  await server.close();
  rmSync(dir, { recursive: true, force: true });
});

/** Each participant's LLM records per slot, from the store. */
function fromStore(): Record<string, LlmMoveRecord[][]> {
  const db = new Database(join(dir, 'runs.db'), { readonly: true });
  const names = new Map((db.prepare('SELECT id, name FROM participants').all() as { id: string; name: string }[]).map((p) => [p.id, p.name]));
  const slots = db.prepare('SELECT id, seat0, seat1, status FROM slots').all() as { id: string; seat0: string; seat1: string; status: string }[];
  const out: Record<string, LlmMoveRecord[][]> = { good: [], flaky: [] };
  const moves = db.prepare('SELECT seat, fallback, extra FROM moves WHERE slot = ? ORDER BY ply');
  for (const s of slots) {
    expect(s.status).toBe('done');
    const per: [LlmMoveRecord[], LlmMoveRecord[]] = [[], []];
    for (const m of moves.all(s.id) as { seat: number; fallback: string | null; extra: string }[]) {
      const rec = JSON.parse(m.extra) as LlmMoveRecord;
      expect(m.fallback).toBe(rec.fallbackReason ?? null);
      per[m.seat].push(rec);
    }
    out[names.get(s.seat0)!].push(per[0]);
    out[names.get(s.seat1)!].push(per[1]);
  }
  db.close();
  return out;
}

it('200 slots: fallback move rate 0 for the good model, 10 % ± 3 % for the flaky one, from the run store', () => {
  const recs = fromStore();
  const good = llmMetrics(recs.good);
  const flaky = llmMetrics(recs.flaky);
  expect(good.slots).toBe(200);
  expect(flaky.slots).toBe(200);
  expect(good.fallbackMoveRate).toBe(0);
  expect(flaky.fallbackMoveRate).toBeGreaterThan(0.07);
  expect(flaky.fallbackMoveRate).toBeLessThan(0.13);
  expect(flaky.fallbackReasons.format).toBe(flaky.paths.fallback);
  expect(good.costUsd).toBeGreaterThan(0);
});

it('running the finished tournament again makes no provider call', async () => {
  const before = server.requests.length;
  const r = await runCli(['tournament', config, '--json']);
  outputs.push(r.stdout, r.stderr);
  expect(r.code).toBe(0);
  expect(JSON.parse(r.stdout)).toMatchObject({ total: 200, alreadyDone: 200, played: 0 });
  expect(server.requests.length).toBe(before);
});

it('--dry-run: calls and input tokens within 10 % of what the server counted for the good model', async () => {
  const r = await runCli(['tournament', config, '--dry-run', '--json']);
  outputs.push(r.stdout, r.stderr);
  expect(r.code).toBe(0);
  const est = JSON.parse(r.stdout) as { slots: number; participants: { participant: string; estimate: { calls: number; inputTokens: number } }[] };
  const good = est.participants.find((p) => p.participant === 'good')!.estimate;
  const served = server.requests.filter((q) => q.model === 'good');
  const counted = served.reduce((n, q) => n + q.inputTokens, 0);
  expect(Math.abs(good.calls - served.length) / served.length).toBeLessThan(0.1);
  expect(Math.abs(good.inputTokens - counted) / counted).toBeLessThan(0.1);
  const text = await runCli(['tournament', config, '--dry-run']);
  expect(text.stdout).toMatch(/^200 slots \(estimate: no call is made\)\nparticipant\s+slots\s+calls/);
});

it('no output, store or export contains the key', async () => {
  for (const t of ['slots', 'moves']) {
    const r = await runCli(['records', 'export', join(dir, 'runs.db'), '--jsonl', '--table', t]);
    expect(r.code).toBe(0);
    outputs.push(r.stdout, r.stderr);
  }
  for (const f of readdirSync(dir)) outputs.push(readFileSync(join(dir, f)).toString('latin1'));
  const all = outputs.join('\n');
  expect(all).toContain('"kind":"llm"'); // the records are there
  expect(all).not.toContain(SECRET_KEY);
});

it('a rejected API key stops the tournament at once: exit 1, one line without the key, no slot recorded as an error', async () => {
  const denied = await startFakeServer(() => ({ status: 401, message: 'invalid api key' }));
  try {
    const cfg = join(dir, 'denied.yaml');
    writeFileSync(
      cfg,
      [
        `games: {files: [${JSON.stringify(resolve('examples/kuhn.gbg'))}]}`,
        'participants:',
        `  - {kind: llm, name: nokey, model: openai/nokey, base_url: ${JSON.stringify(denied.openaiBase)}}`,
        '  - {kind: random}',
        'runs: 20',
        'store: denied.db',
        '',
      ].join('\n'),
    );
    const r = await runCli(['tournament', cfg]);
    expect(r.code).toBe(1);
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
    expect(r.stderr).toMatch(/^gbgc: error: .*401/);
    expect(r.stdout + r.stderr).not.toContain(SECRET_KEY);
    // The run stopped at the first rejected request: no slot is stored as an error.
    const db = new Database(join(dir, 'denied.db'), { readonly: true });
    const errors = (db.prepare("SELECT count(*) AS n FROM slots WHERE status = 'error'").get() as { n: number }).n;
    db.close();
    expect(errors).toBe(0);
    expect(denied.requests.length).toBeLessThanOrEqual(2);
  } finally {
    await denied.close();
  }
});
