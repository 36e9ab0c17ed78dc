/**
 * Saved policies are gzip-compressed and read back transparently (old plain JSON still loads);
 * `gbgc policy show` prints them readably; `--agents cfr` without `--policy` solves once and
 * caches the policy next to the game, keyed by ruleset hash.
 */
import { copyFileSync, existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from './run-cli.js';
import { compileSource } from '../../src/compiler/index.js';
import { compileGame } from '../../src/interpreter/game.js';
import { CHANCE } from '../../src/interpreter/api.js';
import { loadPolicyFile, readPolicyFile, type SavedPolicy } from '../../src/algorithms/policy-file.js';
import { policyCachePath } from '../../src/cli/policy-cache.js';

const dir = mkdtempSync(join(tmpdir(), 'gbgc-policy-cli-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const KUHN_SRC = readFileSync('examples/kuhn.gbg', 'utf8');
const kuhn = compileGame(compileSource(KUHN_SRC).ir!);
const saved = join(dir, 'kuhn.policy');
let policy: SavedPolicy;

beforeAll(async () => {
  expect((await runCli(['solve', 'examples/kuhn.gbg', '--iterations', '300', '--save', saved])).code).toBe(0);
  policy = readPolicyFile(saved, kuhn.rulesetHash);
});

describe('compact policy files', () => {
  it('--save writes gzip of the JSON, smaller than the JSON, and it loads back', () => {
    const bytes = readFileSync(saved);
    expect([bytes[0], bytes[1]]).toEqual([0x1f, 0x8b]);
    const json = gunzipSync(bytes).toString('utf8');
    expect(JSON.parse(json)).toEqual(policy);
    expect(bytes.length).toBeLessThan(JSON.stringify(policy, null, 1).length / 2);
    expect(policy.iterations).toBe(300);
    expect(Object.keys(policy.policy)).toHaveLength(12);
  });

  it('an old uncompressed JSON policy still loads and plays', async () => {
    const old = join(dir, 'old.json');
    writeFileSync(old, `${JSON.stringify(policy, null, 1)}\n`);
    expect(loadPolicyFile(old)).toEqual(policy);
    const r = await runCli(['simulate', 'examples/kuhn.gbg', '--agents', 'cfr,random', '--policy', old, '--episodes', '100']);
    expect(r.code).toBe(0);
  });

  it('damaged gzip is a user error (exit 1), not a crash', async () => {
    const bad = join(dir, 'bad.policy');
    writeFileSync(bad, readFileSync(saved).subarray(0, 30));
    const r = await runCli(['policy', 'show', bad]);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(new RegExp(`^gbgc: error: ${bad.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}: damaged gzip data`));
  });
});

describe('gbgc policy show', () => {
  it("describes each information state by the seat's cards and moves, with the saved probabilities", async () => {
    const r = await runCli(['policy', 'show', saved, '--game', 'examples/kuhn.gbg']);
    expect(r.code).toBe(0);
    expect(r.stdout.split('\n')[0]).toBe(
      `Kuhn poker: 300 iterations, exploitability ${policy.exploitability.toPrecision(3)} chips/game, ruleset ${kuhn.rulesetHash.slice(0, 12)}…; 12 information states`,
    );
    // Walk the game: at each decision the printed block for its information state lists the seat's
    // hand and the probabilities saved under its key.
    let checked = 0;
    for (const deal of [0, 1, 2]) {
      const s = kuhn.newInitialState();
      while (s.currentPlayer() === CHANCE) s.applyAction(s.chanceOutcomes()[(deal + (checked % 2)) % s.chanceOutcomes().length][0]);
      const p = s.currentPlayer() as number;
      const obs = s.observation(p);
      const entry = policy.policy[s.informationStateKey(p)];
      const block = `${obs.seatNames[p]} holds ${obs.hand.join(', ')}; first to act\n${Object.entries(entry)
        .map(([a, q]) => `  ${a.padEnd(5)}  ${q.toFixed(4)}`)
        .join('\n')}`;
      expect(r.stdout).toContain(block);
      checked++;
    }
    expect(checked).toBe(3);
  });

  it('--infostate filters by text of the description; --json carries keys and probabilities', async () => {
    const r = await runCli(['policy', 'show', saved, '--game', 'examples/kuhn.gbg', '--infostate', 'Bob holds K of hearts', '--json']);
    expect(r.code).toBe(0);
    const j = JSON.parse(r.stdout) as { infoStates: { key: string; seat: string; description: string; actions: Record<string, number> }[] };
    expect(j.infoStates).toHaveLength(2);
    for (const row of j.infoStates) {
      expect(row.seat).toBe('Bob');
      expect(row.actions).toEqual(policy.policy[row.key]);
    }
    expect(j.infoStates.map((x) => x.description).sort()).toEqual([
      'Bob holds K of hearts; after: Alice bets 1 chip',
      'Bob holds K of hearts; after: Alice checks',
    ]);
    const none = await runCli(['policy', 'show', saved, '--infostate', 'nothing like this']);
    expect(none.code).toBe(1);
  });

  it('a game of other rules is refused', async () => {
    const r = await runCli(['policy', 'show', saved, '--game', 'examples/leduc.gbg']);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('the policy was computed for ruleset');
  });
});

describe('--agents cfr without --policy', () => {
  it('solves once, says so with the time, caches by ruleset hash; the next run uses the cache', async () => {
    const game = join(dir, 'kuhn.gbg');
    copyFileSync('examples/kuhn.gbg', game);
    const first = await runCli(['simulate', game, '--agents', 'cfr,random', '--episodes', '200', '--seed', '2', '--json']);
    expect(first.code).toBe(0);
    const cache = policyCachePath(game, kuhn.rulesetHash);
    expect(cache).toBe(join(dir, '.gbgc-cache', `${kuhn.rulesetHash}.policy.json.gz`));
    expect(first.stderr).toMatch(
      new RegExp(
        `^cfr: no policy given; solving Kuhn poker with CFR\\+ \\(1000 iterations\\)…\\ncfr: solved in \\d+\\.\\d s \\(exploitability [0-9.e-]+ chips/game\\); policy cached in ${cache.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\n$`,
      ),
    );
    const cached = readPolicyFile(cache, kuhn.rulesetHash);
    expect(cached.iterations).toBe(1000);
    const mtime = statSync(cache).mtimeMs;
    const second = await runCli(['simulate', game, '--agents', 'cfr,random', '--episodes', '200', '--seed', '2', '--json']);
    expect(second.stderr).toBe(`cfr: using the cached policy ${cache}\n`);
    expect(statSync(cache).mtimeMs).toBe(mtime);
    // the same policy plays the same games
    const { episodesPerSecond: _a, ...a } = JSON.parse(first.stdout);
    const { episodesPerSecond: _b, ...b } = JSON.parse(second.stdout);
    expect(b).toEqual(a);
    // --quiet keeps stderr clean
    expect((await runCli(['simulate', game, '--agents', 'cfr', '--episodes', '10', '--quiet'])).stderr).toBe('');
  });

  it('an edited game (another ruleset hash) never uses the old cache', async () => {
    const game = join(dir, 'kuhn.gbg');
    const edited = KUHN_SRC.replace('stack 10 each', 'stack 12 each');
    writeFileSync(game, edited);
    const hash = compileSource(edited).rulesetHash!;
    expect(hash).not.toBe(kuhn.rulesetHash);
    const r = await runCli(['play', game, '--vs', 'cfr', '--seed', '1'], 'check\ncall\ncall\n');
    expect(r.code).toBe(0);
    expect(r.stderr).toContain('cfr: no policy given; solving');
    expect(readdirSync(join(dir, '.gbgc-cache')).sort()).toEqual([`${hash}.policy.json.gz`, `${kuhn.rulesetHash}.policy.json.gz`].sort());
    // a cache file named for this hash but holding other rules is refused, not played
    copyFileSync(policyCachePath(game, kuhn.rulesetHash), policyCachePath(game, hash));
    const wrong = await runCli(['simulate', game, '--agents', 'cfr', '--episodes', '10']);
    expect(wrong.code).toBe(1);
    expect(wrong.stderr).toContain('the policy was computed for ruleset');
    expect(existsSync(join('examples', '.gbgc-cache'))).toBe(false);
  });
});
