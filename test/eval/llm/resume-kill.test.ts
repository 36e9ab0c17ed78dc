/**
 * `gbgc tournament` with LLM participants killed with SIGKILL mid-run, then run again: finished
 * slots make no provider call, and the interrupted slot replays the replies already received (the
 * response cache in the run store), so the server sees at most the one request that was in flight
 * more than an uninterrupted run makes.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { hashString } from '../../../src/util/rng.js';
import { runCli } from '../../cli/run-cli.js';
import { startFakeServer, type FakeServer, type Scripted, type SeenRequest } from './fake-server.js';
import { SECRET_KEY, setFakeKeys } from './helpers.js';
import { ensureBuilt } from '../../support/kill-resume.js';

const BIN = resolve(import.meta.dirname, '..', '..', '..', 'bin', 'gbgc.js');

/** A deterministic model: its reply is a function of the conversation (so two runs can be compared). */
function script(req: SeenRequest): Scripted {
  const text = req.messages.map((m) => m.content).join('\n');
  const replies = [...req.messages[0].content.matchAll(/reply `(\{"action": [^`]+\})`/g)].map((m) => m[1]);
  const h = hashString(`${req.model}\n${text}`);
  return { reply: `ok ${replies[h % replies.length]}` };
}

let dir: string;
const servers: FakeServer[] = [];
beforeAll(() => {
  setFakeKeys();
  dir = mkdtempSync(join(tmpdir(), 'gbgc-llm-k-'));
});
afterAll(async () => {
  for (const s of servers) await s.close();
  rmSync(dir, { recursive: true, force: true });
});

function writeConfig(name: string, server: FakeServer): string {
  const path = join(dir, `${name}.yaml`);
  writeFileSync(
    path,
    [
      `games: {files: [${JSON.stringify(resolve('examples/leduc.gbg'))}]}`,
      'participants:',
      `  - {kind: llm, name: a, model: openai/a, base_url: ${JSON.stringify(server.openaiBase)}}`,
      `  - {kind: llm, name: b, model: openai/b, base_url: ${JSON.stringify(server.openaiBase)}}`,
      'runs: 10',
      `store: ${name}.db`,
      '',
    ].join('\n'),
  );
  return path;
}

it('kill -9 mid-run, then resume: no repeated call for finished slots, at most the in-flight request again', async () => {
  // the reference: one uninterrupted run (same endpoint, so the same participants, slots and deals)
  // While the killed run is going, the server leaves every request after the 16th unanswered, so
  // the run is still in the middle when it is killed however slow or fast the machine is.
  let holdAfter = Infinity;
  const server: FakeServer = await startFakeServer((req) => (server.requests.length > holdAfter ? { hang: true } : script(req)));
  servers.push(server);
  expect((await runCli(['tournament', writeConfig('ref', server)])).code).toBe(0);
  const uninterrupted = server.requests.length;
  server.requests.length = 0;

  // the same tournament into another store, killed after 15 requests once a slot is committed
  // (finished slots are committed in batches, at most 250 ms after they end; the 17th request waits)
  const config = writeConfig('killed', server);
  holdAfter = 16;
  const committed = (): number => {
    try {
      const d = new Database(join(dir, 'killed.db'), { readonly: true, fileMustExist: true });
      try {
        return (d.prepare("SELECT count(*) AS n FROM slots WHERE status = 'done'").get() as { n: number }).n;
      } finally {
        d.close();
      }
    } catch {
      return 0;
    }
  };
  // The built CLI (one bundle) starts in a fraction of the CPU time the TypeScript sources take through a loader.
  ensureBuilt();
  const child = spawn(process.execPath, [BIN, 'tournament', config], { env: { ...process.env }, stdio: 'ignore' });
  await new Promise<void>((done, fail) => {
    const timer = setInterval(() => {
      if (server.requests.length >= 15 && committed() > 0) {
        clearInterval(timer);
        child.kill('SIGKILL');
      }
    }, 5);
    child.on('exit', () => {
      clearInterval(timer);
      done();
    });
    child.on('error', fail);
  });
  holdAfter = Infinity;
  const beforeResume = server.requests.length;
  expect(beforeResume).toBeGreaterThanOrEqual(15);
  const db = new Database(join(dir, 'killed.db'), { readonly: true });
  const finished = (db.prepare("SELECT count(*) AS n FROM slots WHERE status = 'done'").get() as { n: number }).n;
  const cached = (db.prepare('SELECT count(*) AS n FROM llm_cache').get() as { n: number }).n;
  db.close();
  expect(finished).toBeGreaterThan(0);
  expect(finished).toBeLessThan(20);
  expect(cached).toBeGreaterThanOrEqual(beforeResume - 1); // every reply received was kept

  const r = await runCli(['tournament', config, '--json']);
  expect(r.code).toBe(0);
  expect(JSON.parse(r.stdout)).toMatchObject({ total: 20, alreadyDone: finished, played: 20 - finished, errors: 0 });
  const extra = server.requests.length - uninterrupted;
  expect(extra).toBeGreaterThanOrEqual(0);
  expect(extra).toBeLessThanOrEqual(1);

  // the resumed store equals the uninterrupted one, slot by slot
  const rows = (name: string) => {
    const d = new Database(join(dir, `${name}.db`), { readonly: true });
    const out = d.prepare('SELECT id, return0, return1, moves0, moves1 FROM slots ORDER BY id').all();
    d.close();
    return out;
  };
  expect(rows('killed')).toEqual(rows('ref'));
  expect(JSON.stringify(server.requests.map((q) => q.body))).not.toContain(SECRET_KEY);
});
