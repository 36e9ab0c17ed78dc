/**
 * Bench: the flat game tree and `gbgc tree --stats` (issue 17, item 3).
 *
 * 1. Tree building (`buildTree`: the undo walk, information states, the compact arrays) on
 *    `examples/genstrat-4643.gbg` (48,292 histories) and `examples/leduc.gbg` (9,457), in µs of
 *    CPU time per node, against one CFR+ iteration per node on the same tree, measured in the same
 *    run, interleaved; median of REPEATS rounds each (the criterion, ≤ 1 µs per node on
 *    genstrat-4643, is an absolute figure: read it from a quiet machine). Those rounds are the
 *    process's 2nd to (REPEATS+1)th builds, so they still pay for the JIT compiling the walk; the
 *    `-build-warm` figures time WARM_BUILDS more builds after WARM_SKIP unmeasured ones (the walk's
 *    steady state). Also the bytes per node of the compact tree's arrays.
 * 2. What `gbgc tree --stats` does (size estimate, refusal or enumeration within the default
 *    budget) on every game of `sample(seed, c)`, seeds 1–12 at c ∈ {0.3, 0.5, 0.7, 1}: seconds per
 *    game (compilation excluded) and the slowest; the criterion is 10 s.
 *
 * Run: `npx tsx bench/tree.ts [REPEATS]` (default 5).
 */
import { fileURLToPath } from 'node:url';
import { loadGame } from '../src/cli/load.js';
import { compileGame } from '../src/interpreter/index.js';
import { buildTree, countWithinBudget, treeBytesPerNode, type GameTree } from '../src/algorithms/tree.js';
import { CfrPlusSolver } from '../src/algorithms/cfr-plus.js';
import { TREE_DEFAULT_MAX_NODES, TREE_ESTIMATE_PROBES } from '../src/cli/commands/tree.js';
import { sampleIR } from '../src/sampler/index.js';
import { rngFromKeys } from '../src/util/rng.js';
import { figure, median, report, round, type Figure } from './lib/figures.js';

const repeats = Number(process.argv[2] ?? 5);
const CFR_ITERATIONS = 20;
/** Builds run unmeasured before the `-build-warm` figures, then builds measured for them. */
const WARM_SKIP = 6;
const WARM_BUILDS = 3;

/** CPU milliseconds used by this process so far. */
function cpuMs(): number {
  const c = process.cpuUsage();
  return (c.user + c.system) / 1000;
}

const figures: Figure[] = [];
const treeBuild: Record<string, unknown> = {};
for (const name of ['genstrat-4643', 'leduc']) {
  const game = compileGame(loadGame(fileURLToPath(new URL(`../examples/${name}.gbg`, import.meta.url))).ir);
  let tree: GameTree = buildTree(game); // warm-up (JIT), not measured
  new CfrPlusSolver(tree).run(2);
  const build: number[] = [];
  const cfr: number[] = [];
  for (let r = 0; r < repeats; r++) {
    let t = cpuMs();
    tree = buildTree(game);
    build.push(((cpuMs() - t) * 1000) / tree.numNodes);
    const s = new CfrPlusSolver(tree);
    t = cpuMs();
    s.run(CFR_ITERATIONS);
    cfr.push(((cpuMs() - t) * 1000) / CFR_ITERATIONS / tree.numNodes);
  }
  const buildUs = median(build);
  const cfrUs = median(cfr);
  for (let r = 0; r < WARM_SKIP; r++) buildTree(game);
  const warm: number[] = [];
  for (let r = 0; r < WARM_BUILDS; r++) {
    const t = cpuMs();
    tree = buildTree(game);
    warm.push(((cpuMs() - t) * 1000) / tree.numNodes);
  }
  treeBuild[name] = { nodes: tree.numNodes, infoStates: tree.numInfosets, bytesPerNode: round(treeBytesPerNode(tree), 1) };
  figures.push(
    figure({
      id: `${name}-build`,
      kind: 'time',
      name: `tree building on examples/${name}.gbg (${tree.numNodes.toLocaleString('en-US')} nodes)`,
      value: round(buildUs, 3),
      unit: 'µs CPU/node',
      reference: { name: 'one CFR+ iteration on the same tree', value: round(cfrUs, 4), unit: 'µs CPU/node' },
      ratioMeaning: 'building time per node / one CFR+ iteration per node',
      note: `median of ${repeats} interleaved rounds (a build, then ${CFR_ITERATIONS} CFR+ iterations); the issue's criterion for genstrat-4643 is ≤ 1 µs per node in absolute terms`,
    }),
    figure({
      id: `${name}-build-warm`,
      kind: 'time',
      name: `tree building on examples/${name}.gbg once the walk is compiled (${WARM_SKIP} builds unmeasured first)`,
      value: round(median(warm), 3),
      unit: 'µs CPU/node',
      reference: { name: 'one CFR+ iteration on the same tree', value: round(cfrUs, 4), unit: 'µs CPU/node' },
      ratioMeaning: 'building time per node / one CFR+ iteration per node',
      note: `median of ${WARM_BUILDS} builds after ${WARM_SKIP} unmeasured ones (following the ${repeats} rounds of the \`${name}-build\` figure)`,
    }),
    figure({
      id: `${name}-bytes`,
      kind: 'size',
      name: `bytes per node of the compact tree of examples/${name}.gbg (key strings and labels excluded)`,
      value: round(treeBytesPerNode(tree), 1),
      unit: 'bytes/node',
      reference: { name: 'the budget of issue 17', value: 40, unit: 'bytes/node' },
      ratioMeaning: 'bytes per node / 40',
      target: { max: 1 },
    }),
  );
}

const games: { seed: number; c: number; seconds: number; answer: string; histories?: number; estimate: number; standardError: number }[] = [];
for (const c of [0.3, 0.5, 0.7, 1]) {
  for (let seed = 1; seed <= 12; seed++) {
    const g = compileGame(sampleIR(seed, c));
    const t = performance.now();
    const r = countWithinBudget(g, TREE_DEFAULT_MAX_NODES, rngFromKeys(seed), TREE_ESTIMATE_PROBES);
    const seconds = (performance.now() - t) / 1000;
    games.push({
      seed,
      c,
      seconds: Number(seconds.toFixed(3)),
      answer: r.kind === 'count' ? 'count' : `refused (${r.when})`,
      ...(r.kind === 'count' ? { histories: r.stats.histories } : {}),
      estimate: Math.round(r.estimate.histories),
      standardError: Math.round(r.estimate.standardError),
    });
  }
}
const slowest = games.reduce((a, b) => (b.seconds > a.seconds ? b : a));

figures.push(
  figure({
    id: 'tree-stats-slowest',
    kind: 'time',
    name: `gbgc tree --stats, slowest of ${games.length} sampled games (sample(${slowest.seed}, ${slowest.c}): ${slowest.answer})`,
    value: slowest.seconds,
    unit: 's',
    reference: { name: 'the criterion of issue 17', value: 10, unit: 's' },
    ratioMeaning: 'seconds / 10 s',
    target: { max: 1 },
    note: `default budget ${TREE_DEFAULT_MAX_NODES.toLocaleString('en-US')} nodes, ${TREE_ESTIMATE_PROBES} probes; wall-clock time`,
  }),
);
report('tree', figures, {
  treeBuild,
  treeStats: {
    maxNodes: TREE_DEFAULT_MAX_NODES,
    probes: TREE_ESTIMATE_PROBES,
    games: games.length,
    counted: games.filter((g) => g.answer === 'count').length,
    refused: games.filter((g) => g.answer !== 'count').length,
    slowest: { seed: slowest.seed, c: slowest.c, answer: slowest.answer, seconds: slowest.seconds },
    perGame: games,
  },
});
