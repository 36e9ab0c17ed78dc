/**
 * Fuzz run of the command line: mutated `.gbg` sources (`check -`), tournament configs
 * (`tournament --dry-run`), policies (`policy show`, plain and gzip), replay records (`view`) and run
 * stores (`records summary`, bytes of the SQLite file changed) are fed to `gbgc` in-process; every
 * exit code is counted and any exit 70 (an internal error) is a failure, saved with its input under
 * the output folder. Not in the test suite: it is a long measurement.
 *
 * Usage: `tsx bench/fuzz.ts [TOTAL] [SEED] [--shards N] [--only KIND]` (default 100000 inputs, seed 1,
 * 2 shards, each its own process; `--only store` runs one kind). Prints per kind the inputs run and the exit codes seen; exits 1 when any
 * input reached exit 70.
 */
import { spawn } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { gunzipSync } from 'node:zlib';
import { main } from '../src/cli/main.js';
import { rngFromKeys } from '../src/util/rng.js';
import { buildPlan, makeAgents, openStoreFor, readConfig, runTournament } from '../src/eval/tournament/index.js';

type Kind = 'gbg' | 'config' | 'policy' | 'record' | 'store';
/** Share of the inputs per kind. */
const SHARES: Record<Kind, number> = { gbg: 0.4, config: 0.2, policy: 0.2, record: 0.1, store: 0.1 };

/** Fragments a mutation may insert: nesting, huge and non-finite numbers, NUL, quotes, BOM, YAML tags. */
const VOCAB = [
  '{',
  '}',
  '[',
  ']',
  '"',
  "'",
  ':',
  ',',
  '-',
  '1e999',
  '.inf',
  '.nan',
  'NaN',
  '-1',
  '0',
  '999999999999',
  'null',
  'true',
  '\u0000',
  '\uFEFF',
  '\\u0000',
  '&a',
  '*a',
  '!!binary',
  '['.repeat(200),
  '{"a":'.repeat(100),
  ' + 0'.repeat(300),
  '\n',
  '  ',
  '#',
  'phase',
  'game',
  'each',
  'if',
  '(',
  ')',
  'deal',
  'bet',
  'x'.repeat(1000),
];

/** One random mutation of `bytes` (delete, replace, insert a fragment, duplicate or truncate). */
function mutate(bytes: Buffer, rng: () => number): Buffer {
  let b = bytes;
  const n = 1 + Math.floor(rng() * 4);
  for (let k = 0; k < n; k++) {
    const at = Math.floor(rng() * (b.length + 1));
    const r = rng();
    if (r < 0.25 && b.length > 0) b = Buffer.concat([b.subarray(0, at), b.subarray(Math.min(b.length, at + 1 + Math.floor(rng() * 16)))]);
    else if (r < 0.45 && b.length > 0) {
      const c = Buffer.from(b);
      c[Math.min(at, c.length - 1)] = Math.floor(rng() * 256);
      b = c;
    } else if (r < 0.85) b = Buffer.concat([b.subarray(0, at), Buffer.from(VOCAB[Math.floor(rng() * VOCAB.length)]), b.subarray(at)]);
    else if (r < 0.95) {
      const from = Math.floor(rng() * b.length);
      b = Buffer.concat([b.subarray(0, at), b.subarray(from, from + Math.floor(rng() * 64)), b.subarray(at)]);
    } else b = b.subarray(0, at);
  }
  return b;
}

/** Change a few bytes of a SQLite file (header or pages). */
function damage(bytes: Buffer, rng: () => number): Buffer {
  const c = Buffer.from(bytes);
  const n = 1 + Math.floor(rng() * 8);
  for (let k = 0; k < n; k++) {
    const at = rng() < 0.3 ? Math.floor(rng() * 100) : Math.floor(rng() * c.length);
    c[at] = Math.floor(rng() * 256);
  }
  return rng() < 0.1 ? c.subarray(0, Math.floor(rng() * c.length)) : c;
}

async function run(args: string[], stdin = ''): Promise<number> {
  return main(args, { stdout: () => {}, stderr: () => {}, stderrIsTTY: false, stdin: Readable.from([stdin]), env: {} });
}

/** The seed inputs, written once into `dir`. */
async function seeds(dir: string): Promise<Record<Kind, Buffer[]> & { store: Buffer[] }> {
  const games = ['kuhn', 'leduc', 'duel', 'genstrat-4643'].map((g) => readFileSync(join('examples', `${g}.gbg`)));
  copyFileSync('examples/kuhn.gbg', join(dir, 'kuhn.gbg'));
  const configYaml = Buffer.from(
    'games:\n  files: [kuhn.gbg]\nparticipants:\n  - kind: random\n  - kind: heuristic\n    raise: 0.5\nprices:\n  m: {input: 1, output: 2}\nschedule: round-robin\nruns: 2\nseed: 1\nstore: s.db\n',
  );
  const configJson = Buffer.from(
    JSON.stringify({ games: { files: ['kuhn.gbg'] }, participants: [{ kind: 'random' }, { kind: 'l1' }], runs: 2, seed: 1, store: 's.db' }),
  );
  const policyFile = join(dir, 'p.json.gz');
  if ((await run(['solve', 'examples/kuhn.gbg', '--iterations', '50', '--save', policyFile])) !== 0) throw new Error('solve failed');
  const policyGz = readFileSync(policyFile);
  const policyJson = gunzipSync(policyGz);
  const recordFile = join(dir, 'r.json');
  if ((await run(['play', 'examples/kuhn.gbg', '--seed', '3', '--record', recordFile], 'bet\ncall\n')) !== 0) throw new Error('play failed');
  const cfg = join(dir, 'seed.yaml');
  writeFileSync(cfg, configYaml);
  const plan = buildPlan(cfg, readConfig(cfg), join(dir, 'seed.db'));
  const store = openStoreFor(plan);
  await runTournament(plan, store, await makeAgents(plan));
  store.close();
  return {
    gbg: games,
    config: [configYaml, configJson],
    policy: [policyGz, policyJson],
    record: [readFileSync(recordFile)],
    store: [readFileSync(join(dir, 'seed.db'))],
  };
}

/** Run `count` inputs of shard `shard`; returns exit-code counts per kind and the inputs that reached 70. */
async function shardRun(
  count: number,
  seed: number,
  shard: number,
  out: string,
  only?: Kind,
): Promise<{ counts: Record<string, Record<number, number>>; crashes: string[] }> {
  const dir = mkdtempSync(join(tmpdir(), `gbgc-fuzz-${shard}-`));
  const s = await seeds(dir);
  const rng = rngFromKeys(seed, shard);
  const counts: Record<string, Record<number, number>> = {};
  const crashes: string[] = [];
  const kinds = Object.keys(SHARES) as Kind[];
  for (let i = 0; i < count; i++) {
    let r = only ? 0 : rng();
    let kind: Kind = only ?? 'gbg';
    for (const k of only ? [] : kinds) {
      if (r < SHARES[k]) {
        kind = k;
        break;
      }
      r -= SHARES[k];
    }
    const pool = s[kind];
    const base = pool[Math.floor(rng() * pool.length)];
    const input = kind === 'store' ? damage(base, rng) : mutate(base, rng);
    let code: number;
    const file = join(
      dir,
      kind === 'config' ? (base === s.config[1] ? 'c.json' : 'c.yaml') : kind === 'policy' ? 'p.bin' : kind === 'record' ? 'r.json' : 'x.db',
    );
    if (kind !== 'gbg') writeFileSync(file, input);
    const args =
      kind === 'gbg'
        ? ['check', '-']
        : kind === 'config'
          ? ['tournament', file, '--dry-run']
          : kind === 'policy'
            ? ['policy', 'show', file]
            : kind === 'record'
              ? ['view', file]
              : ['records', 'summary', file];
    try {
      code = await run(args, kind === 'gbg' ? input.toString('utf8') : '');
    } catch {
      code = -1;
    }
    (counts[kind] ??= {})[code] = ((counts[kind] ??= {})[code] ?? 0) + 1;
    if (code === 70 || code === -1) {
      const saved = join(out, `crash-${shard}-${i}-${kind}`);
      writeFileSync(saved, input);
      crashes.push(`${saved}: ${args.join(' ')}`);
    }
  }
  return { counts, crashes };
}

const argv = process.argv.slice(2);
if (argv[0] === '--shard') {
  const [, shard, count, seed, out, only] = argv;
  const r = await shardRun(Number(count), Number(seed), Number(shard), out, (only || undefined) as Kind | undefined);
  process.stdout.write(JSON.stringify(r));
} else {
  const flags = argv.filter((a) => a.startsWith('--'));
  const pos = argv.filter((a, i) => !a.startsWith('--') && argv[i - 1] !== '--shards' && argv[i - 1] !== '--only');
  const only = flags.includes('--only') ? argv[argv.indexOf('--only') + 1] : '';
  const total = Number(pos[0] ?? 100_000);
  const seed = Number(pos[1] ?? 1);
  const shards = flags.includes('--shards') ? Number(argv[argv.indexOf('--shards') + 1]) : 2;
  const out = mkdtempSync(join(tmpdir(), 'gbgc-fuzz-out-'));
  mkdirSync(out, { recursive: true });
  const t0 = performance.now();
  const results = await Promise.all(
    Array.from({ length: shards }, (_, k) => {
      const n = Math.floor(total / shards) + (k < total % shards ? 1 : 0);
      return new Promise<{ counts: Record<string, Record<number, number>>; crashes: string[] }>((res, rej) => {
        const child = spawn(process.execPath, ['--import', 'tsx', 'bench/fuzz.ts', '--shard', String(k), String(n), String(seed), out, only], {
          stdio: ['ignore', 'pipe', 'inherit'],
        });
        let text = '';
        child.stdout.on('data', (d) => (text += d));
        child.on('exit', (c) => (c === 0 ? res(JSON.parse(text)) : rej(new Error(`shard ${k} exited with ${c}`))));
      });
    }),
  );
  const counts: Record<string, Record<number, number>> = {};
  for (const r of results)
    for (const [k, byCode] of Object.entries(r.counts))
      for (const [c, n] of Object.entries(byCode)) (counts[k] ??= {})[Number(c)] = ((counts[k] ??= {})[Number(c)] ?? 0) + n;
  const crashes = results.flatMap((r) => r.crashes);
  const ran = Object.values(counts).reduce((a, byCode) => a + Object.values(byCode).reduce((x, y) => x + y, 0), 0);
  const seconds = (performance.now() - t0) / 1000;
  console.log(`fuzz: ${ran} inputs (seed ${seed}, ${shards} shards) in ${seconds.toFixed(0)} s`);
  for (const [k, byCode] of Object.entries(counts))
    console.log(`  ${k.padEnd(7)} ${Object.values(byCode).reduce((x, y) => x + y, 0)} inputs, exit codes ${JSON.stringify(byCode)}`);
  console.log(`  exit 70: ${crashes.length}${crashes.length ? ` (inputs saved under ${out})` : ''}`);
  for (const c of crashes.slice(0, 20)) console.log(`    ${c}`);
  writeFileSync(join(out, 'summary.json'), JSON.stringify({ ran, seed, shards, seconds, counts, crashes }, null, 2));
  process.exitCode = crashes.length > 0 ? 1 : 0;
}
