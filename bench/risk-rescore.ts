/**
 * Recompute the risk axis of every line of an axes JSONL file (`gbgc axes --out`, fast tier) on
 * the same 1,000-episode L0 log (its axes seed) and write the file with the new risk values, with
 * w_I as `--weights qualifying` (default, the axis as gbgc reports it: visit fractions among the
 * states that meet the thresholds) or `--weights all-visits` (the option of risk.ts: shares of all
 * the seat's visits); each line records the choice (`riskWeights`). Prints the CPU seconds used.
 * Run: `npx tsx bench/risk-rescore.ts IN.jsonl OUT.jsonl [--weights qualifying|all-visits]`.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { compileSource } from '../src/compiler/index.js';
import { compileGame } from '../src/interpreter/game.js';
import { sampleL0Episodes } from '../src/eval/axes/episodes.js';
import { risk, type RiskWeights } from '../src/eval/axes/risk.js';
const [inp, out] = process.argv.slice(2);
const weights = (process.argv.includes('--weights') ? process.argv[process.argv.indexOf('--weights') + 1] : 'qualifying') as RiskWeights;
const lines = readFileSync(inp!, 'utf8')
  .trim()
  .split('\n')
  .map((l) => JSON.parse(l));
const t = process.cpuUsage();
for (const l of lines) {
  const g = compileGame(compileSource(readFileSync(l.file, 'utf8')).ir!);
  l.axes.risk = risk(sampleL0Episodes(g, 1000, l.axesSeed), weights);
  l.riskWeights = weights;
}
writeFileSync(out!, lines.map((l) => JSON.stringify(l)).join('\n') + '\n');
console.log('cpu', process.cpuUsage(t).user / 1e6);
