/**
 * Keeps the figures of `docs/performance.md` equal to `bench/results.json`: the block between
 * `<!-- bench:start -->` and `<!-- bench:end -->` is generated from the results (which run, on what
 * machine, and one table row per figure: value, reference, ratio, target).
 *
 * `npm run bench:docs` rewrites the block from `bench/results.json`; `npm run bench:check-docs`
 * (and `test/bench/docs.test.ts`) fails when the block differs from what the results give, and
 * when any page of `docs/` cites a figure (`` `bench/figure-id` ``, e.g. `` `tournament/orchestration-overhead` ``)
 * that `bench/results.json` does not hold. Pages other than performance.md cite figures by that
 * key instead of copying numbers. `--results FILE` reads FILE instead of `bench/results.json`.
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { BenchResults } from '../bench/run-all.js';
import { targetText } from '../bench/lib/figures.js';

export const DOCS_PATH = fileURLToPath(new URL('../docs/performance.md', import.meta.url));
export const RESULTS_PATH = fileURLToPath(new URL('../bench/results.json', import.meta.url));
export const DOCS_DIR = fileURLToPath(new URL('../docs/', import.meta.url));
const START = '<!-- bench:start -->';
const END = '<!-- bench:end -->';

/** A number as the docs print it: at most 4 significant digits, thousands separated. */
export function formatNumber(x: number): string {
  if (!Number.isFinite(x)) return String(x);
  const abs = Math.abs(x);
  if (abs >= 1000) return Math.round(x).toLocaleString('en-US');
  return String(Number(x.toPrecision(4)));
}

/** The generated block (markers included) for the given results. */
export function renderBlock(r: BenchResults): string {
  const m = r.machine;
  const lines = [
    START,
    `Figures of the run of ${r.date} (commit ${r.commit ?? 'unknown'}${r.quick ? ', quick settings' : ''}) on ${m.cpuModel}, ${m.cores} cores, Node ${m.node}; load average ${m.loadAverageStart.join(' / ')} at the start and ${m.loadAverageEnd.join(' / ')} at the end (1 / 5 / 15 minutes).`,
    '',
    '| figure | measured | reference (same run) | ratio | target |',
    '| --- | --- | --- | --- | --- |',
  ];
  for (const b of r.benches) {
    if (!b.ok) lines.push(`| \`${b.name}\` | did not run to the end (exit code ${b.exitCode}) | | | |`);
    for (const f of b.figures) {
      const target = f.target ? `${targetText(f.target)} (${f.pass ? 'met' : 'missed'})` : '—';
      lines.push(
        `| \`${b.name}/${f.id}\` ${f.name} | ${formatNumber(f.value)} ${f.unit} | ${f.reference.name}: ${formatNumber(f.reference.value)} ${f.reference.unit} | ${formatNumber(f.ratio)}× | ${target} |`,
      );
    }
  }
  lines.push(END);
  return lines.join('\n');
}

/** The docs text with its block replaced by the one the results give. @throws Error when the markers are missing */
export function updatedDocs(docs: string, r: BenchResults): string {
  const a = docs.indexOf(START);
  const b = docs.indexOf(END);
  if (a < 0 || b < a) throw new Error(`${DOCS_PATH}: no ${START} … ${END} block`);
  return docs.slice(0, a) + renderBlock(r) + docs.slice(b + END.length);
}

/**
 * Figures a text cites that the results do not hold: every `` `bench/id` `` whose bench is one of
 * `benches` (the registered names) and whose figure is not in `r`, as `bench/id`.
 */
export function missingCitations(text: string, r: BenchResults, benches: readonly string[]): string[] {
  const have = new Set(r.benches.flatMap((b) => b.figures.map((f) => `${b.name}/${f.id}`)));
  const missing = new Set<string>();
  for (const m of text.matchAll(/`([a-z0-9-]+)\/([a-z0-9-]+)`/g)) if (benches.includes(m[1]) && !have.has(`${m[1]}/${m[2]}`)) missing.add(`${m[1]}/${m[2]}`);
  return [...missing];
}

/** Citations of figures missing from `r` in every page of docs/, as `page: bench/id`. */
export function missingInDocs(r: BenchResults, benches: readonly string[], dir = DOCS_DIR): string[] {
  return readdirSync(dir)
    .filter((f) => f.endsWith('.md'))
    .sort()
    .flatMap((f) => missingCitations(readFileSync(join(dir, f), 'utf8'), r, benches).map((k) => `docs/${f}: ${k}`));
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const { BENCHES } = await import('../bench/run-all.js');
  // `--results FILE` reads another results file (e.g. of `npm run bench -- --quick --out FILE`).
  const at = process.argv.indexOf('--results');
  const resultsPath = at >= 0 && process.argv[at + 1] ? process.argv[at + 1]! : RESULTS_PATH;
  const results = JSON.parse(readFileSync(resultsPath, 'utf8')) as BenchResults;
  const docs = readFileSync(DOCS_PATH, 'utf8');
  const want = updatedDocs(docs, results);
  if (process.argv.includes('--check')) {
    const missing = missingInDocs(
      results,
      BENCHES.map((b) => b.name),
    );
    for (const m of missing) console.error(`${m}: cited, but not in ${resultsPath}`);
    if (want !== docs) {
      console.error(`docs/performance.md does not quote ${resultsPath}: run npm run bench:docs`);
      process.exitCode = 1;
    } else if (missing.length > 0) process.exitCode = 1;
    else console.log('docs/performance.md quotes bench/results.json; every figure docs/ cites is in it');
  } else writeFileSync(DOCS_PATH, want);
}
