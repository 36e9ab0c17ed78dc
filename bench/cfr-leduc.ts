/**
 * Bench: 1,000 CFR+ iterations on `examples/leduc.gbg` with the generic solver (compact tree built
 * once from the interpreter) against the hand-written Leduc CFR+ of `bench/direct/leduc-cfr.ts`,
 * measured in the same run. Prints both times, their ratio (generic / hand-written; the target is
 * at most 3, ideally about 1), the tree-building time (excluded from the ratio) and both game
 * values, which must agree.
 *
 * Run: `npx tsx bench/cfr-leduc.ts [ITERATIONS] [REPEATS]` (defaults 1000 and 3; the best of the
 * repeats is reported, runs of the two solvers alternate so machine load hits both alike).
 */
import { fileURLToPath } from 'node:url';
import { loadGame } from '../src/cli/load.js';
import { compileGame } from '../src/interpreter/index.js';
import { buildTree } from '../src/algorithms/tree.js';
import { CfrPlusSolver } from '../src/algorithms/cfr-plus.js';
import { policyValue } from '../src/algorithms/best-response.js';
import { LeducCfrPlus } from './direct/leduc-cfr.js';
import { figure, report, round } from './lib/figures.js';

const iterations = Number(process.argv[2] ?? 1000);
const repeats = Number(process.argv[3] ?? 3);
const file = fileURLToPath(new URL('../examples/leduc.gbg', import.meta.url));

const { ir } = loadGame(file);
const game = compileGame(ir);
const tb = performance.now();
const tree = buildTree(game);
const treeMs = performance.now() - tb;

let genericMs = Infinity;
let directMs = Infinity;
let genericValue = NaN;
let directValue = NaN;
for (let r = 0; r < repeats; r++) {
  const g = new CfrPlusSolver(tree);
  let t = performance.now();
  g.run(iterations);
  genericMs = Math.min(genericMs, performance.now() - t);
  genericValue = policyValue(tree, g.averagePolicy());

  const d = new LeducCfrPlus();
  t = performance.now();
  d.run(iterations);
  directMs = Math.min(directMs, performance.now() - t);
  directValue = d.averageValue();
}

const fmt = (ms: number) => `${ms.toFixed(1)} ms`;
console.log(`CFR+ on Leduc hold'em, ${iterations} iterations (best of ${repeats})`);
console.log(`  tree build (once, excluded): ${fmt(treeMs)}  (${tree.numNodes} nodes, ${tree.numInfosets} information states)`);
console.log(`  generic (examples/leduc.gbg): ${fmt(genericMs)}  (${((genericMs / iterations) * 1000).toFixed(1)} µs/iteration)`);
console.log(`  hand-written direct:          ${fmt(directMs)}  (${((directMs / iterations) * 1000).toFixed(1)} µs/iteration)`);
console.log(`  ratio generic / direct: ${(genericMs / directMs).toFixed(2)}×  (required ≤ 3×)`);
console.log(
  `  game value, seat 0: generic ${genericValue.toFixed(9)}, direct ${directValue.toFixed(9)}, |Δ| ${Math.abs(genericValue - directValue).toExponential(1)}`,
);
report('cfr-leduc', [
  figure({
    id: 'cfr-plus',
    kind: 'time',
    name: `${iterations} CFR+ iterations on examples/leduc.gbg (generic solver)`,
    value: round(genericMs, 1),
    unit: 'ms',
    reference: { name: 'hand-written Leduc CFR+ (bench/direct/leduc-cfr.ts)', value: round(directMs, 1), unit: 'ms' },
    ratioMeaning: 'times the hand-written solver',
    target: { max: 3 },
    note: `best of ${repeats}; tree build excluded (${round(treeMs, 1)} ms, ${tree.numNodes} nodes)`,
  }),
]);
if (genericMs / directMs > 3) process.exitCode = 1;
