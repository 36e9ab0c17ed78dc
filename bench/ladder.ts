/**
 * Bench: the full acceptance run of graded ladders (docs/ladder.md). For each game (default
 * kuhn, leduc, genstrat-4643): build its ladder with the default candidates, then place every
 * level's own agent on the ladder with two other seeds, and report
 * - the calibration table (levels, exploitability, chips won and win rate against the level below with
 *   95 % intervals) and whether every step separates (chips-won interval excludes 0);
 * - for every level placed: the rating under each seed, whether it recovers its level within one,
 *   and whether the two ratings agree (same level, each progress inside the other's 95 % interval).
 *
 * Run: `npx tsx bench/ladder.ts [--runs N] [--rate-runs N] [--levels K] [--out FILE] [FILE…]`
 * (defaults 2000, 1000, 6, `gbgc-ladder-bench.json` in the system's temporary directory; the
 * ladder is written to FILE and the Markdown tables to stdout). Exit code 1 when an acceptance check
 * fails. `npm run bench` runs it with fewer runs per duel (see `bench/run-all.ts`).
 *
 * Figures (through `bench/lib/figures.ts`), per game `<g>` (kuhn, leduc, genstrat-4643):
 * `<g>-levels` levels above Lv0 against the 4 the acceptance asks; `<g>-steps-separate` steps whose
 * chips-won interval excludes 0 against the steps (target 1); `<g>-self-placed` ratings of a level's own
 * agent within one of its level against the ratings made (target 1); `<g>-seeds-agree` participants
 * whose two ratings agree ("yes" or "boundary") against the participants rated (target 1).
 */
import { fileURLToPath } from 'node:url';
import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, relative, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { loadGame } from '../src/cli/load.js';
import { compileGame } from '../src/interpreter/index.js';
import { ENGINE_VERSION } from '../src/util/version.js';
import { figure, report, type Figure } from './lib/figures.js';
import {
  buildLadderGame,
  formatRating,
  LADDER_FORMAT,
  LADDER_VERSION,
  levelParticipant,
  rateOnGame,
  type GameRating,
  type Ladder,
} from '../src/eval/ladder/index.js';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    runs: { type: 'string', default: '2000' },
    'rate-runs': { type: 'string', default: '1000' },
    levels: { type: 'string', default: '6' },
    out: { type: 'string', default: resolve(tmpdir(), 'gbgc-ladder-bench.json') },
    seed: { type: 'string', default: '1' },
  },
});
const runs = Number(values.runs);
const rateRuns = Number(values['rate-runs']);
const levels = Number(values.levels);
const seed = Number(values.seed);
const ex = (f: string) => fileURLToPath(new URL(`../examples/${f}`, import.meta.url));
const files = positionals.length ? positionals : [ex('kuhn.gbg'), ex('leduc.gbg'), ex('genstrat-4643.gbg')];
const rateSeeds = [seed + 1, seed + 2];

const ladder: Ladder = { format: LADDER_FORMAT, version: LADDER_VERSION, engineVersion: ENGINE_VERSION, seed, runs, maxLevels: levels, games: [] };
const pct = (x: number) => `${(100 * x).toFixed(1)} %`;
const f3 = (x: number) => (x >= 0 ? '+' : '') + x.toFixed(3);
let failures = 0;
const figures: Figure[] = [];

/** Whether two ratings of one participant under different seeds agree within their intervals (see the note printed under the tables). */
function agreement(a: GameRating, b: GameRating): 'yes' | 'boundary' | 'NO' {
  const [x, y] = [a.rating, b.rating];
  if (x.level === y.level)
    return x.progress >= y.progressCI[0] && x.progress <= y.progressCI[1] && y.progress >= x.progressCI[0] && y.progress <= x.progressCI[1] ? 'yes' : 'NO';
  if (Math.abs(x.level - y.level) !== 1) return 'NO';
  const low = Math.min(x.level, y.level);
  const contains = (r: GameRating) => {
    const s = r.steps.find((t) => t.level === low)!;
    return s.winRateCI[0] <= 0.5 && s.winRateCI[1] >= 0.5;
  };
  return contains(a) && contains(b) ? 'boundary' : 'NO';
}
const lines: string[] = [
  `Ladder bench: ${runs} runs per calibration duel, ${rateRuns} runs per rating duel, calibration seed ${seed}, rating seeds ${rateSeeds.join(' and ')}, engine ${ENGINE_VERSION}, ${new Date().toISOString().slice(0, 10)}`,
];
for (const file of files) {
  const t0 = performance.now();
  const { ir } = loadGame(file);
  const game = compileGame(ir);
  const lg = await buildLadderGame(game, relative(dirname(resolve(values.out!)), file), { levels, runs, seed });
  ladder.games.push(lg);
  const buildS = (performance.now() - t0) / 1000;
  lines.push(
    '',
    `### ${lg.game} (ruleset \`${lg.rulesetHash.slice(0, 16)}…\`)`,
    '',
    `${lg.candidates.length} candidates, ${lg.levels.length - 1} levels above Lv0, ${lg.levels.reduce((t, v) => t + v.bots.length, 0)} bots; win rates per game, draws excluded.`,
    '',
  );
  lines.push(
    '| level | bot | participant id | policy hash | exploitability | chips won vs below, chips/game (95 % CI) | win rate vs below (95 % CI) |',
    '|---|---|---|---|---|---|---|',
  );
  for (const v of lg.levels) {
    if (v.vsBelow && !(v.vsBelow.meanReturnCI[0] > 0)) failures++;
    // A step outside the band must be named by the build.
    if (v.vsBelow && !v.inBand && !lg.outOfBand.some((o) => o.level === v.level)) failures++;
    for (const [i, bot] of v.bots.entries()) {
      const b = bot.vsBelow;
      lines.push(
        `| ${i === 0 ? `Lv${v.level}` : ''} | ${bot.name} | \`${bot.participantId.slice(0, 12)}\` | ${bot.policyHash ? `\`${bot.policyHash.slice(0, 12)}\`` : '—'} | ${bot.exploitability === null ? '—' : bot.exploitability.toFixed(4)} | ${b ? `${f3(b.meanReturn)} [${f3(b.meanReturnCI[0])}, ${f3(b.meanReturnCI[1])}]` : '—'} | ${b ? `${pct(b.winRate)} [${pct(b.winRateCI[0])}, ${pct(b.winRateCI[1])}]` : '—'} |`,
      );
    }
    const b = v.vsBelow;
    if (b && v.bots.length > 1)
      lines.push(
        `| | level pooled | | | | ${f3(b.meanReturn)} [${f3(b.meanReturnCI[0])}, ${f3(b.meanReturnCI[1])}] | ${pct(b.winRate)} [${pct(b.winRateCI[0])}, ${pct(b.winRateCI[1])}]${v.inBand ? '' : ' †'} |`,
      );
    else if (b && !v.inBand) lines[lines.length - 1] += ' †';
  }
  lines.push(
    '',
    lg.outOfBand.length
      ? `Steps outside the 70–90 % band: ${lg.outOfBand.map((o) => `Lv${o.level - 1}→Lv${o.level} ${pct(o.winRate)}`).join(', ')}.`
      : 'Every step is inside the 70–90 % band.',
    `CFR+ rung: ${lg.cfrRung ?? '(no CFR+ candidates)'}.`,
  );
  const steps = lg.levels.filter((v) => v.vsBelow);
  const separating = steps.filter((v) => v.vsBelow!.meanReturnCI[0] > 0).length;
  let selfRatings = 0;
  let selfWithin = 0;
  let rated = 0;
  let agree = 0;
  if (lg.dropped.length) lines.push('', ...lg.dropped.map((d) => `- dropped ${d.name}: ${d.reason}`));
  lines.push(
    '',
    '| participant | rating, seed ' +
      rateSeeds[0] +
      ' (95 % CI of progress) | rating, seed ' +
      rateSeeds[1] +
      ' (95 % CI) | own level within one | seeds agree |',
    '|---|---|---|---|---|',
  );
  // every level placed as a participant, then every dropped candidate (participants off the ladder)
  const placed = [
    ...lg.levels.flatMap((v) => v.bots.map((b) => ({ label: `Lv${v.level} ${b.name}`, agent: b.agent, own: v.level as number | null }))),
    ...lg.dropped.map((d) => ({ label: d.name, agent: d.agent, own: null as number | null })),
  ];
  for (const p of placed) {
    const who = levelParticipant(p.agent, p.label);
    const rs: GameRating[] = [];
    for (const s of rateSeeds) rs.push(await rateOnGame(game, lg, { ...who, name: p.label }, { runs: rateRuns, seed: s }));
    const within = p.own === null ? null : rs.every((r) => Math.abs(r.rating.level - p.own!) <= 1);
    const verdict = agreement(rs[0], rs[1]);
    if (p.own !== null) {
      selfRatings += rs.length;
      selfWithin += rs.filter((r) => Math.abs(r.rating.level - p.own!) <= 1).length;
    }
    rated++;
    if (verdict !== 'NO') agree++;
    if (within === false) failures++;
    if (verdict === 'NO') failures++;
    const cell = (r: GameRating) => `${formatRating(r.rating)} [${Math.round(100 * r.rating.progressCI[0])} %, ${Math.round(100 * r.rating.progressCI[1])} %]`;
    lines.push(`| ${p.label} | ${cell(rs[0])} | ${cell(rs[1])} | ${within === null ? '(not a level)' : within ? 'yes' : 'NO'} | ${verdict} |`);
  }
  lines.push('', `(${lg.game}: ${((performance.now() - t0) / 1000).toFixed(0)} s in all, calibration ${buildS.toFixed(0)} s, on a busy machine)`);
  const key = basename(file, '.gbg')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-');
  const about = `${runs} runs per calibration duel, ${rateRuns} per rating duel, seeds ${seed}, ${rateSeeds.join(' and ')}`;
  figures.push(
    figure({
      id: `${key}-levels`,
      kind: 'size',
      name: `${lg.game}: levels above Lv0 (${about}; per-game win rates)`,
      value: lg.levels.length - 1,
      unit: 'levels',
      reference: { name: 'levels asked at most', value: levels, unit: 'levels' },
      ratioMeaning: 'levels / levels asked',
    }),
    figure({
      id: `${key}-steps-in-band`,
      kind: 'size',
      name: `${lg.game}: steps whose pooled per-game win rate against the level below is inside 70–90 % (the others are named by the build)`,
      value: steps.length - lg.outOfBand.length,
      unit: 'steps',
      reference: { name: 'steps', value: steps.length, unit: 'steps' },
      ratioMeaning: 'steps in band / steps',
    }),
    figure({
      id: `${key}-steps-separate`,
      kind: 'size',
      name: `${lg.game}: steps whose chips won against the level below has a 95 % interval above 0`,
      value: separating,
      unit: 'steps',
      reference: { name: 'steps', value: steps.length, unit: 'steps' },
      ratioMeaning: 'separating steps / steps',
      target: { min: 1 },
    }),
    figure({
      id: `${key}-self-placed`,
      kind: 'size',
      name: `${lg.game}: ratings of a level's own agent within one of its level (two seeds)`,
      value: selfWithin,
      unit: 'ratings',
      reference: { name: 'ratings of levels', value: selfRatings, unit: 'ratings' },
      ratioMeaning: 'ratings within one / ratings',
      target: { min: 1 },
    }),
    figure({
      id: `${key}-seeds-agree`,
      kind: 'size',
      name: `${lg.game}: participants (levels and dropped candidates) whose two ratings agree ("yes" or "boundary")`,
      value: agree,
      unit: 'participants',
      reference: { name: 'participants rated', value: rated, unit: 'participants' },
      ratioMeaning: 'agreeing / rated',
      target: { min: 1 },
    }),
  );
  console.error(`${lg.game} done`);
}
lines.push(
  '',
  'Seeds agree: "yes" when both ratings are the same level and each progress lies in the other\'s 95 % interval; "boundary" when the levels differ by one and, at the lower level, both seeds\' 95 % win-rate intervals contain 50 % (the participant is as strong as that level within the interval, so either side of the advance rule is within the CI); "NO" otherwise.',
);
lines.push('', '† pooled per-game win rate outside the 70–90 % band (no chain of candidates met the band at this step).');
writeFileSync(values.out!, `${JSON.stringify(ladder, null, 2)}\n`);
console.log(lines.join('\n'));
console.log(`\n${failures === 0 ? 'all acceptance checks hold' : `${failures} acceptance check(s) failed`}`);
report('ladder', figures);
// Under `npm run bench` a failed check is a missed target in the figures, not a failed run.
if (failures > 0 && !process.env['GBGC_BENCH_FIGURES']) process.exitCode = 1;
