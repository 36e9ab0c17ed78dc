/**
 * Rendering speed: 1,000 rulebooks of the examples (alternating `examples/*.gbg`) through the
 * Handlebars renderer, against the hand-written template-literal renderer
 * `bench/direct/rulebook.ts` in the same run (both build the same view model from the IR; the
 * ratio is the cost of the template layer). Also times 1,000 turn prompts of Leduc states.
 * The 1,000 rulebooks must take under 1 s in total.
 * Run: `npx tsx bench/render.ts [--json]`.
 */
import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { loadGame } from '../src/cli/load.js';
import type { GameIR } from '../src/ir/schema.js';
import { CHANCE, compileGame, type Observation } from '../src/interpreter/index.js';
import { renderRulebook } from '../src/render/rulebook.js';
import { renderTurnPrompt } from '../src/render/prompt.js';
import { renderRulebookDirect } from './direct/rulebook.js';

const N = 1000;
const LIMIT_MS = 1000;
const json = process.argv.includes('--json');

const dir = fileURLToPath(new URL('../examples/', import.meta.url));
const games: GameIR[] = readdirSync(dir)
  .filter((f) => f.endsWith('.gbg'))
  .sort()
  .map((f) => loadGame(`${dir}${f}`).ir);

for (const ir of games) {
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

const hbs = time(N, (i) => renderRulebook(games[i % games.length]));
const direct = time(N, (i) => renderRulebookDirect(games[i % games.length]));

// 1,000 prompts: observations of every seat along random Leduc playouts
const leduc = compileGame(games.find((g) => g.name.startsWith('Leduc')) ?? games[0]);
const observations: Observation[] = [];
let seed = 12345;
const rand = () => ((seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648);
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
  handlebarsMs: { cold: +hbs.cold.toFixed(1), best: +hbs.best.toFixed(1) },
  directMs: { cold: +direct.cold.toFixed(1), best: +direct.best.toFixed(1) },
  ratio: +(hbs.best / direct.best).toFixed(2),
  limitMs: LIMIT_MS,
  ok: hbs.cold < LIMIT_MS,
  promptsMs: { cold: +prompts.cold.toFixed(1), best: +prompts.best.toFixed(1) },
};
if (json) console.log(JSON.stringify(figures));
else {
  console.log(`${N} rulebooks of ${games.map((g) => g.name).join(', ')} (alternating)`);
  console.log(`  Handlebars templates  ${hbs.cold.toFixed(1).padStart(8)} ms cold   ${hbs.best.toFixed(1).padStart(8)} ms best of 3`);
  console.log(`  direct TypeScript     ${direct.cold.toFixed(1).padStart(8)} ms cold   ${direct.best.toFixed(1).padStart(8)} ms best of 3`);
  console.log(`  ratio                 ${figures.ratio}× the direct renderer; limit ${LIMIT_MS} ms for the ${N} (cold): ${figures.ok ? 'OK' : 'TOO SLOW'}`);
  console.log(`${N} turn prompts of Leduc states: ${prompts.cold.toFixed(1)} ms cold, ${prompts.best.toFixed(1)} ms best of 3`);
}
if (!figures.ok) process.exitCode = 1;
