/**
 * Rendering speed: 1,000 rulebooks through the Handlebars renderer, against the hand-written
 * template-literal renderer `bench/direct/rulebook.ts` in the same run (both build the same view
 * model from the IR; the ratio is the cost of the template layer). The direct renderer knows
 * only the steps of Kuhn and Leduc, so the ratio is measured on the examples it covers (it must
 * render them to the same text; the bench says which examples are covered and which are not).
 * Separately, 1,000 rulebooks of every example (alternating) through the templates, which must
 * take under 1 s in total (cold), and 1,000 turn prompts of Leduc states.
 * Run: `npx tsx bench/render.ts [--json]`.
 */
import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { loadGame } from '../src/cli/load.js';
import type { GameIR } from '../src/ir/schema.js';
import { CHANCE, compileGame, type Observation } from '../src/interpreter/index.js';
import { renderRulebook } from '../src/render/rulebook.js';
import { renderTurnPrompt } from '../src/render/prompt.js';
import { directSupports, renderRulebookDirect } from './direct/rulebook.js';
import { figure, report } from './lib/figures.js';

const N = 1000;
const LIMIT_MS = 1000;
const json = process.argv.includes('--json');

const dir = fileURLToPath(new URL('../examples/', import.meta.url));
const games: GameIR[] = readdirSync(dir)
  .filter((f) => f.endsWith('.gbg'))
  .sort()
  .map((f) => loadGame(`${dir}${f}`).ir);

const covered = games.filter(directSupports);
const skipped = games.filter((g) => !directSupports(g));
if (covered.length === 0) throw new Error('bench: no example is covered by the direct renderer');
for (const ir of covered) {
  if (renderRulebook(ir) !== renderRulebookDirect(ir)) throw new Error(`bench: the direct renderer disagrees with the templates on '${ir.name}'`);
}

/** Milliseconds for `n` calls of `f(i)` (best of 3 runs after the first, cold one). */
function time(n: number, f: (i: number) => string): { cold: number; best: number } {
  let bytes = 0;
  const run = () => {
    const t0 = performance.now();
    for (let i = 0; i < n; i++) bytes += f(i).length;
    return performance.now() - t0;
  };
  const cold = run();
  const best = Math.min(run(), run(), run());
  if (bytes === 0) throw new Error('bench: nothing rendered');
  return { cold, best };
}

const all = time(N, (i) => renderRulebook(games[i % games.length]));
const hbs = time(N, (i) => renderRulebook(covered[i % covered.length]));
const direct = time(N, (i) => renderRulebookDirect(covered[i % covered.length]));

// 1,000 prompts: observations of every seat along random Leduc playouts
const leduc = compileGame(games.find((g) => g.name.startsWith('Leduc')) ?? games[0]);
const observations: Observation[] = [];
let seed = 12345;
const rand = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
while (observations.length < N) {
  const s = leduc.newInitialState();
  while (!s.isTerminal()) {
    const options = s.currentPlayer() === CHANCE ? s.chanceOutcomes().map(([a]) => a) : s.legalActions();
    s.applyAction(options[Math.floor(rand() * options.length)]);
    observations.push(s.observation(0), s.observation(1));
  }
}
const prompts = time(N, (i) => renderTurnPrompt(observations[i]));

const figures = {
  rulebooks: N,
  examples: games.map((g) => g.name),
  allExamplesMs: { cold: +all.cold.toFixed(1), best: +all.best.toFixed(1) },
  directCovers: covered.map((g) => g.name),
  directSkips: skipped.map((g) => g.name),
  handlebarsMs: { cold: +hbs.cold.toFixed(1), best: +hbs.best.toFixed(1) },
  directMs: { cold: +direct.cold.toFixed(1), best: +direct.best.toFixed(1) },
  ratio: +(hbs.best / direct.best).toFixed(2),
  limitMs: LIMIT_MS,
  ok: all.cold < LIMIT_MS,
  promptsMs: { cold: +prompts.cold.toFixed(1), best: +prompts.best.toFixed(1) },
};
if (json) console.log(JSON.stringify(figures));
else {
  console.log(
    `${N} rulebooks of all ${games.length} examples (alternating), Handlebars templates: ${all.cold.toFixed(1)} ms cold, ${all.best.toFixed(1)} ms best of 3; limit ${LIMIT_MS} ms (cold): ${figures.ok ? 'OK' : 'TOO SLOW'}`,
  );
  console.log(`${N} rulebooks of the examples the direct renderer covers: ${covered.map((g) => g.name).join(', ')}`);
  console.log(`  (not covered, steps beyond shuffle/deal/ante/fixed betting: ${skipped.length ? skipped.map((g) => g.name).join(', ') : 'none'})`);
  console.log(`  Handlebars templates  ${hbs.cold.toFixed(1).padStart(8)} ms cold   ${hbs.best.toFixed(1).padStart(8)} ms best of 3`);
  console.log(`  direct TypeScript     ${direct.cold.toFixed(1).padStart(8)} ms cold   ${direct.best.toFixed(1).padStart(8)} ms best of 3`);
  console.log(`  ratio                 ${figures.ratio}× the direct renderer`);
  console.log(`${N} turn prompts of Leduc states: ${prompts.cold.toFixed(1)} ms cold, ${prompts.best.toFixed(1)} ms best of 3`);
}
report('render', [
  figure({
    id: 'rulebooks',
    kind: 'time',
    name: `${N} rulebooks (Handlebars templates) of ${covered.map((g) => g.name).join(', ')}`,
    value: figures.handlebarsMs.best,
    unit: 'ms',
    reference: { name: 'the same rulebooks by the hand-written renderer (bench/direct/rulebook.ts)', value: figures.directMs.best, unit: 'ms' },
    ratioMeaning: 'times the hand-written renderer',
    note: 'best of 3',
  }),
  // The 1 s limit is absolute, so it holds only on an idle machine: reported, not a same-run ratio.
  figure({
    id: 'rulebooks-all-cold',
    kind: 'time',
    name: `${N} rulebooks of all ${games.length} examples, cold (first run: templates compiled)`,
    value: figures.allExamplesMs.cold,
    unit: 'ms',
    reference: { name: 'the same rulebooks, warm (best of 3)', value: figures.allExamplesMs.best, unit: 'ms' },
    ratioMeaning: 'times the warm runs',
    note: `cold limit ${LIMIT_MS} ms on an idle machine: ${figures.ok ? 'met' : 'missed'} in this run`,
  }),
]);
