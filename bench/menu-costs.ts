/**
 * Full-size check of issue 10 item 1 (the quick version is `test/render/menu-costs.test.ts`): for
 * every two-seat example, the fixtures whose amounts are expressions, and GAMES sampled games at each complexity 0, 0.5 and 1, at every decision of
 * EPISODES random episodes, the cost the turn prompt prints for each menu entry contains what
 * playing the entry moves from the seat's stack. Prints the decisions checked and every mismatch;
 * exits 1 when there is one. Not a timing: run it whenever the interpreter or the prompt changes.
 *
 * Run: `npx tsx bench/menu-costs.ts [GAMES] [EPISODES]` (defaults 200 and 200). Figure
 * `menu-costs/mismatches`: mismatches per decision checked (a count against the decisions checked,
 * target 0), reported through `bench/lib/figures.ts`.
 */
import { readdirSync } from 'node:fs';
import { loadGame } from '../src/cli/load.js';
import { compileGame } from '../src/interpreter/index.js';
import { sampleIR } from '../src/sampler/index.js';
import { rngFromKeys } from '../src/util/rng.js';
import { checkGame, EXPRESSION_FIXTURES } from '../test/render/menu-costs.js';
import { isTableExample } from '../test/support/table-examples.js';
import { figure, report as reportFigures } from './lib/figures.js';

const games = Number(process.argv[2] ?? 200);
const episodes = Number(process.argv[3] ?? 200);
let decisions = 0;
let bad = 0;
const report = (what: string, r: ReturnType<typeof checkGame>): void => {
  decisions += r.decisions;
  bad += r.mismatches.length;
  for (const m of r.mismatches.slice(0, 3)) console.log(`MISMATCH ${what}: ${JSON.stringify(m)}`);
};
// The table games (3 to 6 seats, a button) are played by the table engine, not the two-seat machine checked here.
for (const file of readdirSync('examples')
  .filter((f) => f.endsWith('.gbg') && !isTableExample(f))
  .sort()) {
  report(file, checkGame(compileGame(loadGame(`examples/${file}`).ir), episodes, rngFromKeys(12, file.length)));
}
// Amounts from expressions (bet sizes, payments, wager ranges, option costs), worked out at play time.
for (const file of EXPRESSION_FIXTURES) report(file, checkGame(compileGame(loadGame(file).ir), episodes, rngFromKeys(12, file.length)));
for (const c of [0, 0.5, 1]) {
  for (let seed = 0; seed < games; seed++) report(`sample(${seed}, ${c})`, checkGame(compileGame(sampleIR(seed, c)), episodes, rngFromKeys(13, seed, c * 10)));
  console.log(`complexity ${c}: done; ${decisions} decisions checked so far, ${bad} mismatches`);
}
console.log(`menu costs: ${decisions} decisions checked, ${bad} mismatches`);
reportFigures('menu-costs', [
  figure({
    id: 'mismatches',
    kind: 'size',
    name: `turn-prompt menu entries whose printed cost differs from the stack change (every example, the expression fixtures, ${games} sampled games at each c ∈ {0, 0.5, 1}, ${episodes} random episodes each)`,
    value: bad,
    unit: 'mismatches',
    reference: { name: 'decisions checked', value: decisions, unit: 'decisions' },
    ratioMeaning: 'mismatches / decisions checked',
    target: { max: 0 },
  }),
]);
// Under `npm run bench` a mismatch is a missed target in the figures, not a failed run.
if (bad > 0 && !process.env['GBGC_BENCH_FIGURES']) process.exitCode = 1;
