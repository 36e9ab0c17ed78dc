/**
 * One mistake, one diagnostic (issue 20): compile COUNT one-token mutants (deleted, replaced or
 * inserted token) of every example and of three generated games, and count those that break the
 * rule of docs/language.md (Errors), judged by `judgeMutant` of `test/support/mutants.ts`: a
 * still-valid mutant has no error, any other exactly one, on the changed line, or where the text
 * stops being a prefix of a valid program, or at a use of a renamed name, or with the changed line
 * among its notes (a clash of two declarations, an ante against the stack, a deal against the
 * deck). Prints the failures by class and the first failing mutants.
 *
 *     npx tsx bench/mutants.ts [COUNT=10000] [SEED=1] [--show N]
 *
 * Figure `mutants/failures`: failing mutants against the mutants judged (a count, target 0),
 * reported through `bench/lib/figures.ts`. Not a timing; 10,000 mutants take about 20 s of CPU.
 */
import { mutantPrograms } from '../test/support/mutant-programs.js';
import { drawMutants, judgeMutant } from '../test/support/mutants.js';
import { figure, report } from './lib/figures.js';

const args = process.argv.slice(2);
const showAt = args.indexOf('--show');
const show = showAt >= 0 ? Number(args.splice(showAt, 2)[1]) : 10;
const count = Number(args[0] ?? 10000);
const seed = Number(args[1] ?? 1);
const programs = await mutantPrograms(3);
const mutants = drawMutants(programs, count, seed);
let failures = 0;
let valid = 0;
const classes = new Map<string, number>();
const shown: string[] = [];
for (const m of mutants) {
  const v = judgeMutant(m);
  if (v.errors.length === 0 && v.ok) valid++;
  if (v.ok) continue;
  failures++;
  const cls = `${m.kind}: ${v.reason!.replace(/\d+/g, 'N')}${v.errors[0] ? ` [${v.errors.map((e) => e.code).join(',')}]` : ''}`;
  classes.set(cls, (classes.get(cls) ?? 0) + 1);
  if (shown.length < show) {
    shown.push(
      `${m.origin}:${m.line} ${m.kind} '${m.before}' → '${m.after}': ${v.reason}\n${v.errors.map((e) => `    ${e.range.line}:${e.range.column} ${e.code} ${e.message}`).join('\n')}`,
    );
  }
}
console.log(
  `${count} mutants of ${programs.length} programs (seed ${seed}): ${valid} still valid, ${failures} failures (${((100 * failures) / count).toFixed(2)}%)`,
);
for (const [c, n] of [...classes].sort((a, b) => b[1] - a[1])) console.log(`  ${String(n).padStart(5)}  ${c}`);
if (shown.length) console.log(`\nfirst failures:\n${shown.join('\n')}`);
report('mutants', [
  figure({
    id: 'failures',
    kind: 'size',
    name: `one-token mutants (seed ${seed}) of every example and 3 sampled games that do not get exactly one error at the change (${valid} still valid)`,
    value: failures,
    unit: 'mutants',
    reference: { name: 'mutants judged', value: count, unit: 'mutants' },
    ratioMeaning: 'failing mutants / mutants judged',
    target: { max: 0 },
  }),
]);
// Under `npm run bench` a failure is a missed target in the figures, not a failed run.
if (failures > 0 && !process.env['GBGC_BENCH_FIGURES']) process.exitCode = 1;
