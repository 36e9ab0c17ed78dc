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
 *
 * Figures (through `bench/lib/figures.ts`; `c<k>` is c = k/100): `rounds-two-plus-c<k>` games with
 * two or more betting rounds against the games drawn; `rounds-mean-c<k>` the mean rounds against one
 * round; `high-c-two-plus` games at c ≥ 0.5 with two or more rounds against
 * those games; `emitted-diagnostics` compiler diagnostics of the emitted games against the games
 * (target 0); `first-draw-flagged` and `redrawn` against the games; `accepted-repaired-c<k>` and
 * `accepted-raw-c<k>` candidates the v2 filter accepts against the candidates.
 */
import { acceptance, filterOptions, sampleIR } from '../src/sampler/index.js';
import { drawsNeeded } from '../src/sampler/sample.js';
import { bettingRounds } from '../src/sampler/stats.js';
import { irDiagnostics } from '../src/compiler/checks/index.js';
import { figure, report, round, type Figure } from './lib/figures.js';

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

const acceptanceRates: Record<
  string,
  { candidates: number; repaired: { accepted: number; rejectedBy: Record<string, number> }; raw: { accepted: number; rejectedBy: Record<string, number> } }
> = {};
for (const c of [0, 0.3, 0.5, 0.7, 1]) {
  const row = {
    candidates: CANDIDATES,
    repaired: { accepted: 0, rejectedBy: {} as Record<string, number> },
    raw: { accepted: 0, rejectedBy: {} as Record<string, number> },
  };
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
      degenerate: {
        games: GAMES,
        complexity: '0..1 evenly',
        firstDrawFlagged: flaggedFirst,
        firstDrawFlaggedByCode: raw,
        redrawn,
        emittedWarnings,
        atLeastTwoRoundsAtCge05: { games: high, share: high ? twoHigh / high : 0 },
      },
      acceptance: { filter: 'v2', episodes: EPISODES, perComplexity: acceptanceRates },
    },
    null,
    2,
  ),
);

const ck = (c: number | string): string => `c${Math.round(Number(c) * 100)}`;
const figures: Figure[] = [];
for (const c of CS.map(String)) {
  const r = rounds[c]!;
  const two = Math.round(r.twoOrMore * r.games);
  figures.push(
    figure({
      id: `rounds-two-plus-${ck(c)}`,
      kind: 'size',
      name: `games with two or more betting rounds at c = ${c} (seeds 0–${r.games - 1}; rounds 1/2/3/4…: ${Object.entries(r.histogram)
        .map(([k, v]) => `${k}: ${v}`)
        .join(', ')})`,
      value: two,
      unit: 'games',
      reference: { name: 'games drawn', value: r.games, unit: 'games' },
      ratioMeaning: 'share of the games',
    }),
    figure({
      id: `rounds-mean-${ck(c)}`,
      kind: 'size',
      name: `mean betting rounds per game at c = ${c}`,
      value: round(r.mean, 3),
      unit: 'rounds',
      reference: { name: 'one round', value: 1, unit: 'rounds' },
      ratioMeaning: 'mean rounds / 1',
    }),
  );
}
const games = { name: 'games drawn (c spread evenly over [0, 1])', value: GAMES, unit: 'games' };
figures.push(
  figure({
    id: 'high-c-two-plus',
    kind: 'size',
    name: 'games at c ≥ 0.5 with two or more betting rounds',
    value: twoHigh,
    unit: 'games',
    reference: { name: 'games at c ≥ 0.5', value: high, unit: 'games' },
    ratioMeaning: 'share of the games at c ≥ 0.5',
  }),
  figure({
    id: 'emitted-diagnostics',
    kind: 'size',
    name: 'compiler diagnostics of the emitted games',
    value: emittedWarnings,
    unit: 'diagnostics',
    reference: games,
    ratioMeaning: 'diagnostics per game',
    target: { max: 0 },
  }),
  figure({
    id: 'first-draw-flagged',
    kind: 'size',
    name: `games whose first draw without repairs is flagged (by code: ${Object.entries(raw)
      .sort()
      .map(([k, v]) => `${k} ${v}`)
      .join(', ')})`,
    value: flaggedFirst,
    unit: 'games',
    reference: games,
    ratioMeaning: 'share of the games',
  }),
  figure({
    id: 'redrawn',
    kind: 'size',
    name: 'games that needed a redraw (repairs on)',
    value: redrawn,
    unit: 'games',
    reference: games,
    ratioMeaning: 'share of the games',
  }),
);
for (const c of Object.keys(acceptanceRates).sort((a, b) => Number(a) - Number(b))) {
  const row = acceptanceRates[c]!;
  for (const kind of ['repaired', 'raw'] as const) {
    const slot = row[kind];
    const by =
      Object.entries(slot.rejectedBy)
        .map(([k, v]) => `${k} ${v}`)
        .join(', ') || 'none';
    figures.push(
      figure({
        id: `accepted-${kind}-${ck(c)}`,
        kind: 'size',
        name: `candidates the v2 filter (${EPISODES} episodes) accepts at c = ${c}, ${kind === 'raw' ? 'without repairs (--no-repair)' : 'with the repairs'} (rejected by: ${by})`,
        value: slot.accepted,
        unit: 'candidates',
        reference: { name: 'candidates (seeds 0–' + (CANDIDATES - 1) + ')', value: CANDIDATES, unit: 'candidates' },
        ratioMeaning: 'share accepted',
      }),
    );
  }
}
report('generator-stats', figures);
