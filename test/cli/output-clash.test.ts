/**
 * No command writes its output over one of its inputs: every command that writes files, run with the
 * output path equal to an input (by the same path, another spelling of it, a symbolic link or a hard
 * link), exits 1 with one line naming both, and the input's bytes are unchanged.
 */
import { copyFileSync, linkSync, mkdirSync, mkdtempSync, readFileSync, renameSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { runCli } from './run-cli.js';
import { plantedTable } from '../../src/eval/stats/simulate.js';
import { writeSlotStore } from '../support/slot-store.js';
import { refuseOutputOverInput } from '../../src/util/fs.js';

const tmp = mkdtempSync(join(tmpdir(), 'gbgc-clash-'));
let fresh = 0;
/** A new folder holding a copy of each named fixture. */
function folder(files: Record<string, string>): string {
  const d = join(tmp, `case-${fresh++}`);
  mkdirSync(d);
  for (const [name, from] of Object.entries(files)) copyFileSync(from, join(d, name));
  return d;
}

const kuhn = 'examples/kuhn.gbg';
const store = join(tmp, 'runs.db');
const t = plantedTable({ alpha: [1, -1], games: 2, runs: 2, pairsPerGame: 'all', axes: 3, seed: 3 });
writeSlotStore(store, t.rows, { commitment: 'ab'.repeat(32) });
const axes = join(tmp, 'axes.jsonl');
writeFileSync(axes, t.axes.map((a) => JSON.stringify(a)).join('\n') + '\n');
const config = join(tmp, 'tournament.yaml');
writeFileSync(config, 'games:\n  files: [kuhn.gbg]\nparticipants:\n  - kind: random\n  - kind: l1\nruns: 1\nseed: 1\nstore: t.db\n');
const ladder = join(tmp, 'ladder.json');
writeFileSync(ladder, '{"format": "gbgc-ladder/1", "games": []}\n');
const pool = join(tmp, 'pool');
mkdirSync(pool);
writeFileSync(join(pool, 'index.jsonl'), '');

/**
 * One writing command: the fixtures it reads (copied into a fresh folder), the input its output is
 * aimed at, and its arguments given that folder and the output path.
 */
interface Case {
  name: string;
  files: Record<string, string>;
  /** The fixture the output is aimed at. */
  target: string;
  args: (d: string, out: string) => string[];
  /** For commands whose output is a folder: the file name inside it the clash goes through. */
  inFolder?: string;
  stdin?: string;
}

const CASES: Case[] = [
  { name: 'compile -o', files: { 'k.gbg': kuhn }, target: 'k.gbg', args: (d, o) => ['compile', join(d, 'k.gbg'), '-o', o] },
  { name: 'render -o', files: { 'k.gbg': kuhn }, target: 'k.gbg', args: (d, o) => ['render', join(d, 'k.gbg'), '-o', o] },
  { name: 'solve --save', files: { 'k.gbg': kuhn }, target: 'k.gbg', args: (d, o) => ['solve', join(d, 'k.gbg'), '--iterations', '5', '--save', o] },
  {
    name: 'play --record',
    files: { 'k.gbg': kuhn },
    target: 'k.gbg',
    args: (d, o) => ['play', join(d, 'k.gbg'), '--seed', '3', '--record', o],
    stdin: 'bet\ncall\n',
  },
  { name: 'view -o (record)', files: { 'rec.json': join(tmp, 'rec.json') }, target: 'rec.json', args: (d, o) => ['view', join(d, 'rec.json'), '-o', o] },
  { name: 'view --out (store)', files: { 's.db': store }, target: 's.db', args: (d, o) => ['view', join(d, 's.db'), '--slot', '0', '--out', o] },
  { name: 'records export -o', files: { 's.db': store }, target: 's.db', args: (d, o) => ['records', 'export', join(d, 's.db'), '--csv', '-o', o] },
  { name: 'analyze --out (store)', files: { 's.db': store }, target: 's.db', args: (d, o) => ['analyze', join(d, 's.db'), '--out', o] },
  {
    name: 'analyze --out (axes)',
    files: { 's.db': store, 'a.jsonl': axes },
    target: 'a.jsonl',
    args: (d, o) => ['analyze', join(d, 's.db'), '--axes', join(d, 'a.jsonl'), '--out', o],
  },
  { name: 'report --out (store)', files: { 's.db': store }, target: 's.db', inFolder: 'index.html', args: (d, o) => ['report', join(d, 's.db'), '--out', o] },
  {
    name: 'report --out (axes)',
    files: { 's.db': store, 'a.jsonl': axes },
    target: 'a.jsonl',
    inFolder: 'estimates.json',
    args: (d, o) => ['report', join(d, 's.db'), '--axes', join(d, 'a.jsonl'), '--out', o],
  },
  { name: 'ladder build -o', files: { 'k.gbg': kuhn }, target: 'k.gbg', args: (d, o) => ['ladder', 'build', join(d, 'k.gbg'), '-o', o] },
  { name: 'ladder rate --store', files: { 'l.json': ladder }, target: 'l.json', args: (d, o) => ['ladder', 'rate', join(d, 'l.json'), 'random', '--store', o] },
  { name: 'select --out', files: { 'a.jsonl': axes }, target: 'a.jsonl', args: (d, o) => ['select', '--pool', pool, '--axes', join(d, 'a.jsonl'), '--out', o] },
  {
    name: 'select --plots',
    files: { 'a.jsonl': axes },
    target: 'a.jsonl',
    inFolder: 'scatter.svg',
    args: (d, o) => ['select', '--pool', pool, '--axes', join(d, 'a.jsonl'), '--plots', o],
  },
  { name: 'axes --out', files: { 'k.gbg': kuhn }, target: 'k.gbg', args: (d, o) => ['axes', join(d, 'k.gbg'), '--jobs', '1', '--out', o] },
  {
    name: 'tournament --store (config)',
    files: { 't.yaml': config, 'kuhn.gbg': kuhn },
    target: 't.yaml',
    args: (d, o) => ['tournament', join(d, 't.yaml'), '--store', o],
  },
  {
    name: 'tournament --store (game)',
    files: { 't.yaml': config, 'kuhn.gbg': kuhn },
    target: 'kuhn.gbg',
    args: (d, o) => ['tournament', join(d, 't.yaml'), '--store', o],
  },
];

/** How the output path reaches the input. */
type Alias = 'same path' | 'symbolic link' | 'hard link';
const ALIASES: Alias[] = ['same path', 'symbolic link', 'hard link'];

/**
 * Run one case with its output reaching the input by `alias`, spelled through `spelling` (a path
 * with `.`, `..` and doubled separators that resolves to the same place). For a folder output the
 * folder holds the input (same path) or a link to it under a name the command writes.
 */
async function clash(c: Case, alias: Alias, spelling: (p: string) => string = (p) => p): Promise<void> {
  const d = folder(c.files);
  let input = join(d, c.target);
  let out: string;
  if (c.inFolder !== undefined) {
    out = join(d, `out-${fresh++}`);
    mkdirSync(out);
    const inside = join(out, c.inFolder);
    if (alias === 'same path') {
      renameSync(input, inside);
      input = inside;
    } else if (alias === 'symbolic link') symlinkSync(input, inside);
    else linkSync(input, inside);
  } else if (alias === 'same path') out = input;
  else {
    out = join(d, `alias-${fresh++}`);
    if (alias === 'symbolic link') symlinkSync(input, out);
    else linkSync(input, out);
  }
  const args = c.args(d, spelling(out)).map((a) => (a === join(d, c.target) ? input : a));
  const before = readFileSync(input);
  const r = await runCli(args, c.stdin);
  const what = `${c.name} via ${alias} (${spelling(out)})`;
  expect(r.code, `${what}: ${r.stderr}`).toBe(1);
  expect(r.stderr.trimEnd().split('\n'), what).toHaveLength(1);
  expect(r.stderr, what).toMatch(/^gbgc: error: refusing to write .*: it is the input .*; choose another output path$/m);
  if (alias === 'hard link') expect(r.stderr, what).toContain('a hard link to it');
  expect(readFileSync(input).equals(before), what).toBe(true);
}

/** A spelling of a path: each separator may gain `./` or a doubled `/`. */
const spellings = fc.array(fc.constantFrom('', './', '/', '././'), { minLength: 1, maxLength: 8 }).map((parts) => (p: string) => {
  let i = 0;
  return p.replace(/\//g, () => `/${parts[i++ % parts.length]}`);
});

describe('outputs never overwrite inputs', () => {
  it('play --record writes a record the view cases read', async () => {
    const r = await runCli(['play', kuhn, '--seed', '3', '--record', join(tmp, 'rec.json')], 'bet\ncall\n');
    expect(r.code).toBe(0);
  });

  it('every writing command, with its output at an input by the same path, a symbolic link or a hard link: exit 1, one line, input bytes unchanged', async () => {
    for (const c of CASES) for (const alias of ALIASES) await clash(c, alias);
  });

  it('property: any spelling of the output path that reaches an input is refused', async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...CASES), fc.constantFrom(...ALIASES), spellings, async (c, alias, spell) => clash(c, alias, spell)),
      { numRuns: 60, seed: 34 },
    );
  });

  it('a distinct output next to the input is written (the guard refuses only clashes)', async () => {
    const d = folder({ 'k.gbg': kuhn });
    const r = await runCli(['compile', join(d, 'k.gbg'), '-o', join(d, 'k.ir.json')]);
    expect(r.code).toBe(0);
    // Inputs or outputs that do not exist, standard input and devices never clash.
    expect(() => refuseOutputOverInput([join(d, 'new.json'), '-', '/dev/null'], [join(d, 'k.gbg'), '-', join(d, 'missing')])).not.toThrow();
    expect(() => refuseOutputOverInput([join(d, 'k.gbg')], [join(d, 'k.gbg')])).toThrow(
      /refusing to write .*k\.gbg: it is the input .*k\.gbg; choose another output path/,
    );
  });
});
