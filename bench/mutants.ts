/**
 * One mistake, one diagnostic: compile N one-token mutants (deleted, replaced or inserted token)
 * of every example and of a few generated games, and print the share that breaks the rule of
 * docs/language.md (Diagnostics): a still-valid mutant has no error, any other exactly one, on
 * the changed line, or where the text stops being a prefix of a valid program, or at a use of a
 * renamed name. Prints the failure rate, the failures by class, and the first failing mutants.
 *
 *     npx tsx bench/mutants.ts [COUNT=10000] [SEED=1] [--show N]
 */
import { mutantPrograms } from '../test/support/mutant-programs.js';
import { drawMutants, judgeMutant } from '../test/support/mutants.js';

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
console.log(`${count} mutants of ${programs.length} programs (seed ${seed}): ${valid} still valid, ${failures} failures (${((100 * failures) / count).toFixed(2)}%)`);
for (const [c, n] of [...classes].sort((a, b) => b[1] - a[1])) console.log(`  ${String(n).padStart(5)}  ${c}`);
if (shown.length) console.log(`\nfirst failures:\n${shown.join('\n')}`);
