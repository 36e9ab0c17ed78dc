/**
 * Generator statistics (not a speed benchmark: every figure is a count, reproducible from the
 * seeds). Prints JSON.
 * 1. Betting rounds per game (`bettingRounds`: the most rounds one episode can play) per
 *    complexity, over games of seeds 0..N−1 (default 400 per c).
 * 2. Degenerate constructs over `--games` games (default 2,000) at c spread evenly over [0, 1]:
 *    warnings of the first draw (no repairs) by code, how many games needed a redraw, and the
 *    warnings of the emitted games (must be zero).
 * 3. Acceptance rates of the v2 filter (2,000 episodes) per complexity, over candidate seeds
 *    0..M−1 (default 100 per c), with and without the repairs, and how often each check rejects.
 * Run: `npx tsx bench/generator-stats.ts [--rounds N] [--games N] [--candidates M] [--episodes E]`.
 */
import { acceptance, filterOptions, sampleIR } from '../src/sampler/index.js';
import { drawsNeeded } from '../src/sampler/sample.js';
import { bettingRounds } from '../src/sampler/stats.js';
import { irDiagnostics } from '../src/compiler/checks/index.js';

const argv = process.argv.slice(2);
const arg = (name: string, dflt: number) => {
  const i = argv.indexOf(name);
  return i >= 0 ? Number(argv[i + 1]) : dflt;
};
const ROUNDS = arg('--rounds', 400);
const GAMES = arg('--games', 2000);
const CANDIDATES = arg('--candidates', 100);
const EPISODES = arg('--episodes', 2000);
const CS = [0, 0.1, 0.3, 0.5, 0.7, 0.9, 1];

const rounds: Record<string, { games: number; histogram: Record<number, number>; twoOrMore: number; mean: number }> = {};
for (const c of CS) {
  const histogram: Record<number, number> = {};
  let total = 0;
  for (let s = 0; s < ROUNDS; s++) {
    const k = bettingRounds(sampleIR(s, c));
    histogram[k] = (histogram[k] ?? 0) + 1;
    total += k;
  }
  const two = Object.entries(histogram).reduce((n, [k, v]) => n + (Number(k) >= 2 ? v : 0), 0);
  rounds[String(c)] = { games: ROUNDS, histogram, twoOrMore: two / ROUNDS, mean: total / ROUNDS };
}
let twoHigh = 0;
let high = 0;

const raw: Record<string, number> = {};
let flaggedFirst = 0;
let redrawn = 0;
let emittedWarnings = 0;
for (let i = 0; i < GAMES; i++) {
  const c = Math.round((i / Math.max(1, GAMES - 1)) * 1000) / 1000;
  const first = irDiagnostics(sampleIR(i, c, { repair: false }));
  if (first.length > 0) flaggedFirst++;
  for (const d of new Set(first.map((x) => x.code))) raw[d] = (raw[d] ?? 0) + 1;
  if (drawsNeeded(i, c) > 1) redrawn++;
  const ir = sampleIR(i, c);
  emittedWarnings += irDiagnostics(ir).length;
  if (c >= 0.5) {
    high++;
    if (bettingRounds(ir) >= 2) twoHigh++;
  }
}

const acceptanceRates: Record<string, { candidates: number; repaired: { accepted: number; rejectedBy: Record<string, number> }; raw: { accepted: number; rejectedBy: Record<string, number> } }> = {};
for (const c of [0, 0.3, 0.5, 0.7, 1]) {
  const row = { candidates: CANDIDATES, repaired: { accepted: 0, rejectedBy: {} as Record<string, number> }, raw: { accepted: 0, rejectedBy: {} as Record<string, number> } };
  for (let s = 0; s < CANDIDATES; s++)
    for (const repair of [true, false]) {
      const r = acceptance(sampleIR(s, c, { repair }), filterOptions('v2', {}, EPISODES));
      const slot = repair ? row.repaired : row.raw;
      if (r.accepted) slot.accepted++;
      for (const ch of r.checks) if (!ch.pass) slot.rejectedBy[ch.name] = (slot.rejectedBy[ch.name] ?? 0) + 1;
    }
  acceptanceRates[String(c)] = row;
}

console.log(
  JSON.stringify(
    {
      bettingRounds: rounds,
      degenerate: { games: GAMES, complexity: '0..1 evenly', firstDrawFlagged: flaggedFirst, firstDrawFlaggedByCode: raw, redrawn, emittedWarnings, atLeastTwoRoundsAtCge05: { games: high, share: high ? twoHigh / high : 0 } },
      acceptance: { filter: 'v2', episodes: EPISODES, perComplexity: acceptanceRates },
    },
    null,
    2,
  ),
);
