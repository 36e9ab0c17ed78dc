/**
 * `gbgc analyze DB [--axes axes.jsonl] [--json] [--out estimates.json]`: the leaderboard (α̂ with
 * paired-cluster bootstrap intervals, mean margin, slots, fallback rates) and every estimate of
 * GENSTRAT v2 §6–§9 written to one JSON file (schema: src/eval/stats/schema.ts); for slots of
 * tables (n seats) or matches (many hands), the table section (bb/100 with block-bootstrap intervals).
 */
import type { RegisterCommand } from './index.js';
import { writeFileAtomic } from '../io.js';
import { refuseOutputOverInput } from '../../util/fs.js';
import type { Estimates } from '../../eval/stats/analyze.js';
import { analyzeAnyStore } from '../../eval/stats/from-store.js';
import type { TableStats } from '../../eval/stats/table.js';
import type { TableEstimates } from '../../eval/stats/table-store.js';
import { addAnalysisSetOptions, analysisOptions, type AnalyzeCliOptions } from '../analysis-options.js';
import { SHOWN_INTERVAL_NAME, Z0_BOUND } from '../../eval/stats/dist.js';
import type { Component } from '../../eval/stats/variance.js';
import { formatEstimate } from '../../util/format.js';
import { formatDecisionQuality } from '../../eval/stats/decision-quality.js';
import { formatRoulette } from '../../eval/stats/roulette.js';

const f = (x: number | null, d = 3): string => formatEstimate(x, d, '-');
const pct = (x: number | null): string => (x === null ? '—' : `${(100 * x).toFixed(1)}%`);

/**
 * A variance component as shown: the bias-corrected point and the interval `shown` picked, named by
 * type (BC, or the rescaled-residual basic interval); when the BC interval is degenerate
 * (|z₀| > Z0_BOUND) the line says so.
 */
export function shownComponent(c: Component, d = 2): string {
  const s = c.shown;
  const iv = `[${f(s.interval.lo, d)}, ${f(s.interval.hi, d)}]`;
  return s.type === 'bc'
    ? `${f(s.point, d)} (bias-corrected; BC 95 % CI ${iv})`
    : `${f(s.point, d)} (bias-corrected; ${SHOWN_INTERVAL_NAME[s.type]} 95 % CI ${iv}; BC interval not shown: |z₀| = ${Math.abs(c.z0 ?? NaN).toFixed(1)} > ${Z0_BOUND}; raw ${f(c.estimate, d)})`;
}

/** J (net) with its interval or the reason it has none. */
const shownJ = (e: Estimates, m: number): string => {
  const j = e.jaggedness!;
  const c = j.ciJ[m];
  const v = j.J[m] === null ? '—' : j.J[m].toFixed(3);
  return c ? `${v} [${c.lo.toFixed(3)}, ${c.hi.toFixed(3)}]` : `${v} (no trustworthy interval)`;
};

/** The rank-stability line: the calibrated test first, the paper's beside it. */
export function rankStabilityLine(e: Estimates): string {
  const r = e.rankStability;
  return `rank stability (conditional on the games played): ${r.calibrated.significant05} of ${r.perGame.length} games with excess reversals at q < 0.05 by the calibrated test; ${r.labels.paper}: ${r.significant05} (its normal approximation is anti-conservative)`;
}

/** The human-readable summary. */
export function formatEstimates(e: Estimates): string {
  const w = Math.max(11, ...e.leaderboard.map((r) => r.name.length));
  const lines = [
    `${e.meta.slots} slots, ${e.meta.participants.length} participants, ${e.meta.games.length} games; α̂ in chips/game on the margin scale (seat 0 chips − seat 1 chips), 95 % paired-cluster bootstrap CI, B = ${e.meta.B}`,
    `${'rank'.padStart(4)}  ${'participant'.padEnd(w)}  ${'α̂'.padStart(8)}  ${'95 % CI'.padStart(19)}  ${'margin'.padStart(8)}  ${'slots'.padStart(7)}  ${'blocks'.padStart(8)}  ${'fb moves'.padStart(8)}  ${'fb slots'.padStart(8)}`,
    ...e.leaderboard.map(
      (r) =>
        `${String(r.rank).padStart(4)}  ${r.name.padEnd(w)}  ${f(r.alpha).padStart(8)}  ${`[${f(r.ci.lo)}, ${f(r.ci.hi)}]`.padStart(19)}  ${f(r.meanMargin).padStart(8)}  ${String(r.slots).padStart(7)}  ${String(r.blocks ?? '—').padStart(8)}  ${pct(r.fallbackMoveRate).padStart(8)}  ${pct(r.fallbackSlotRate).padStart(8)}`,
    ),
    `margin: the participant's chips − its opponent's chips, chips/game (twice the chips it wins per game, which match and records report)`,
    '',
    `variance   σ²_MG/σ²_M = ${shownComponent(e.variance.ratio)}, ${e.variance.cells}/${e.variance.totalCells} cells identified`,
    `robustness leave-one-game-out mean τ ${f(e.robustness.leaveOneGameOut.meanTau, 3)} (min ${f(e.robustness.leaveOneGameOut.minTau, 3)}), Bradley–Terry τ with α̂ ${f(e.robustness.bradleyTerry.tauWithAlpha, 3)}, pairwise sign reversals ${e.robustness.pairwise.signReversals}`,
    rankStabilityLine(e),
  ];
  if (e.meta.resampleGames) lines[0] += '; intervals resample games, then blocks (--resample-games)';
  for (const w of e.meta.warnings ?? []) lines.unshift(`warning: ${w}`);
  if (e.profiles)
    lines.push(
      `profiles   ${e.profiles.table.filter((t) => t.q !== null && t.q < e.profiles!.fdrLevel).length} of ${e.profiles.table.length} (model, axis) slopes clear BH at q < ${e.profiles.fdrLevel}`,
    );
  if (e.jaggedness) {
    const j = e.jaggedness;
    const order = e.meta.participants.map((p, m) => ({ p: e.meta.names[p] ?? p, m })).sort((a, b) => (j.J[b.m] ?? -1) - (j.J[a.m] ?? -1));
    lines.push(`jaggedness ${j.labels.J} (K = ${j.K}, 95 % CI): ${order.map(({ p, m }) => `${p} ${shownJ(e, m)}`).join(', ')}`);
    lines.push(`           ${j.labels.Jv2}: ${order.map(({ p, m }) => `${p} ${j.Jv2[m] === null ? '—' : j.Jv2[m].toFixed(3)}`).join(', ')}`);
    const beyond = order.filter(({ m }) => j.noiseNull.q[m] !== null && j.noiseNull.q[m] < 0.05).map(({ p }) => p);
    lines.push(`           jagged beyond sampling noise (noise null, BH q < 0.05): ${beyond.length ? beyond.join(', ') : 'none'}`);
  }
  if (e.ablation)
    lines.push(
      `ablation   Δ(${e.ablation.high} − ${e.ablation.low}) = ${f(e.ablation.pooled.delta)} [${f(e.ablation.pooled.ci.lo)}, ${f(e.ablation.pooled.ci.hi)}] on ${e.ablation.pooled.pairs} sibling pairs in ${e.ablation.pooled.games} games (the bootstrap clusters)`,
    );
  lines.push(...formatChecks(e));
  if (e.tables) lines.push('', ...formatTables(e.tables));
  if (e.decisionQuality) lines.push('', ...formatDecisionQuality(e.decisionQuality));
  if (e.roulette) lines.push('', ...formatRoulette(e.roulette));
  return `${lines.join('\n')}\n`;
}

/**
 * The table section (bb/100 of games of n seats or matches of many hands): one row per participant
 * with its interval, chips per hand, hands, blocks and matches; the totals; every pairwise difference
 * with its interval and the blocks the two share; the section's warnings.
 */
export function formatTables(t: TableStats): string[] {
  const w = Math.max(11, ...t.rows.map((r) => r.name.length));
  const name = new Map(t.rows.map((r) => [r.participant, r.name]));
  const ci = (c: { lo: number; hi: number } | null, d: number): string => (c ? `[${f(c.lo, d)}, ${f(c.hi, d)}]` : '—');
  const byChips = !t.rows.every((r) => Number.isFinite(r.bb100));
  const iv = t.interval === 'expanded' ? 'expanded percentile' : 'percentile';
  const hands = t.hands === null ? `${t.records} seat-hands` : `${t.hands} hands of ${t.seats} seats (${t.records} seat-hands)`;
  const out = [
    `tables     ${t.rows.length} participants, ${hands}${t.matches === null ? '' : ` in ${t.matches} matches`}, ${t.blocks} blocks (the statistical unit); 95 % block-bootstrap ${iv} intervals, B = ${t.B}, seed ${t.seed}`,
    `${'rank'.padStart(4)}  ${'participant'.padEnd(w)}  ${'bb/100'.padStart(9)}  ${'95 % CI'.padStart(21)}  ${'chips/hand'.padStart(10)}  ${'95 % CI'.padStart(21)}  ${'hands'.padStart(7)}  ${'blocks'.padStart(6)}  ${'matches'.padStart(7)}`,
    ...t.rows.map(
      (r) =>
        `${String(r.rank).padStart(4)}  ${r.name.padEnd(w)}  ${f(r.bb100, 2).padStart(9)}  ${ci(r.bb100Ci, 2).padStart(21)}  ${f(r.chipsPerHand, 2).padStart(10)}  ${ci(r.chipsPerHandCi, 2).padStart(21)}  ${String(r.hands).padStart(7)}  ${String(r.blocks).padStart(6)}  ${String(r.matches ?? '—').padStart(7)}`,
    ),
    `differences ${t.separated} of ${t.differences.length} pairs have a 95 % interval of the ${byChips ? 'chips-per-hand' : 'bb/100'} difference excluding 0:`,
    ...t.differences.map((d) =>
      byChips
        ? `  ${name.get(d.i)} − ${name.get(d.j)}: ${f(d.diffChips, 2)} chips/hand ${ci(d.ciChips, 2)}${d.excludesZeroChips ? '' : ' (not separated)'}; ${d.blocksBetween} blocks shared`
        : `  ${name.get(d.i)} − ${name.get(d.j)}: ${f(d.diff, 2)} bb/100 ${ci(d.ci, 2)}${d.excludesZero ? '' : ' (not separated)'}; ${d.blocksBetween} blocks shared`,
    ),
  ];
  for (const x of t.warnings) out.push(`warning: ${x}`);
  return out;
}

/** The summary of a store of table slots only. */
export function formatTableEstimates(e: TableEstimates): string {
  const lines = [`${e.meta.slots} matches, ${e.meta.participants.length} participants, ${e.meta.games.length} game(s)`, ...formatTables(e.tables)];
  for (const w of e.meta.warnings.filter((x) => !e.tables.warnings.includes(x))) lines.unshift(`warning: ${w}`);
  if (e.decisionQuality) lines.push('', ...formatDecisionQuality(e.decisionQuality));
  if (e.roulette) lines.push('', ...formatRoulette(e.roulette));
  return `${lines.join('\n')}\n`;
}

/** Summary lines of the subset filter, the conventions, the difference intervals, v2's further checks and the v1 set. */
export function formatChecks(e: Estimates): string[] {
  const out: string[] = [];
  const name = (id: string): string => e.meta.names[id] ?? id;
  const fl = e.meta.filter;
  if (fl)
    out.push(
      `subset     ${fl.slotsKept} of ${fl.slotsBefore} slots kept${fl.excludedParticipants.length ? `; left out: ${fl.excludedParticipants.map(name).join(', ')}` : ''}${fl.games ? `; ${fl.games.length} game(s) named` : ''}`,
    );
  const bt = e.robustness.bradleyTerry;
  const pw = e.robustness.pairwise;
  if (bt.ties !== undefined && pw.counting !== undefined)
    out.push(
      `conventions (${e.meta.set ?? 'v2'}) Bradley–Terry ties ${bt.ties === 'seat1' ? 'count for seat 1 (1[edge > 0])' : bt.ties === 'drop' ? 'dropped' : 'count ½'} (${bt.tiedSlots} tied slots${bt.prior ? `, prior ${bt.prior} game per pair` : ''}); pairwise: ${pw.significant} of ${pw.entries} ${pw.counting} entries significant, ${pw.signReversals} reversed`,
    );
  const d = e.differences;
  if (d) {
    out.push(
      `differences ${d.separated} of ${d.pairs.length} pairs have a 95 % interval of α̂_i − α̂_j excluding 0 (B = ${d.B}, ${d.slots} slots, ${d.blocks ?? '—'} blocks); adjacent ranks:`,
    );
    for (let k = 0; k + 1 < e.leaderboard.length; k++) {
      const x = d.pairs.find((q) => q.i === e.leaderboard[k].participant && q.j === e.leaderboard[k + 1].participant);
      if (x)
        out.push(
          `  ${name(x.i)} − ${name(x.j)}: ${f(x.diff)} [${f(x.ci.lo)}, ${f(x.ci.hi)}]${x.excludesZero ? '' : ' (not separated)'}; ${x.slotsBetween} slots, ${x.blocksBetween ?? '—'} blocks head to head`,
        );
    }
  }
  const c = e.checks;
  if (c?.rulebookLength)
    out.push(
      `rulebook length control (v2 §7): ${c.rulebookLength.signChanges} slope sign changes, ${c.rulebookLength.lostSignificance} slopes lose BH significance`,
    );
  if (c?.axisClusters)
    out.push(
      `axis-space clusters (v2 §6): Spearman ρ with α̂ per cluster ${c.axisClusters.refits.map((r) => `${r.games.length} games ${r.spearmanWithOverall === null ? '—' : r.spearmanWithOverall.toFixed(2)}`).join(', ')}`,
    );
  if (c?.jaggednessSubsets)
    out.push(
      `J_m subsets (App. N): Spearman ρ with the full-pool J_m ${c.jaggednessSubsets.conditions.map((x) => `${x.condition.replace(/^leave out (.*)$/, (_, id: string) => `without ${name(id)}`)} ${x.spearmanWithFull === null ? '—' : x.spearmanWithFull.toFixed(2)}`).join(', ')}`,
    );
  const v1 = e.v1;
  if (v1) {
    if (v1.jaggedness)
      out.push(
        `v1 J_m (σ_g units): ${e.meta.participants.map((p, m) => `${name(p)} ${v1.jaggedness!.J[m] === null ? '—' : v1.jaggedness!.J[m]!.toFixed(3)}`).join(', ')}`,
      );
    if (v1.factorAnalysis)
      out.push(
        `v1 factor analysis: first factor explains ${pct(v1.factorAnalysis.explained)} of the standardised variance; ${v1.factorAnalysis.residualSignificant} of ${v1.factorAnalysis.residualPairs} residual pair correlations at q < 0.05`,
      );
    if (v1.subsetRefits.length)
      out.push(
        `v1 subset refits: median Spearman ρ (5th percentile) ${v1.subsetRefits.map((s) => `${s.size} games ${s.median === null ? '—' : s.median.toFixed(2)} (${s.p05 === null ? '—' : s.p05.toFixed(2)})`).join(', ')}`,
      );
    if (v1.composite)
      out.push(
        `v1 composite weights: ${v1.composite.axes.map((a, k) => `${a} ${f(v1.composite!.weights[k], 2)}`).join(', ')} (PC1 ${pct(v1.composite.explained)})`,
      );
  }
  return out;
}

export const registerAnalyze: RegisterCommand = (cmd, ctx) =>
  addAnalysisSetOptions(
    cmd
      .argument('<db>', 'run store (SQLite) written by gbgc tournament')
      .option('--axes <file>', 'axes JSONL (gbgc axes): enables capability profiles, jaggedness and composite tertiles')
      .option('--json', 'print all estimates as JSON')
      .option('-o, --out <file>', 'write all estimates as JSON to this file')
      .option('-B, --bootstrap <n>', 'bootstrap resamples for α̂, the pairwise matrix and the variance decomposition', '2000')
      .option('--secondary <n>', 'bootstrap resamples for per-game, profile, jaggedness and tertile estimates', '500')
      .option('--seed <s>', 'seed of the bootstrap streams', '1')
      .option('--ablation <low,high>', 'reasoning ablation: paired Δ of participant HIGH over LOW (ids or names) on sibling slots'),
  )
    .option(
      '--exclude-missing',
      'leave out finished slots whose returns are missing or not finite (counted, warned about and stored in the estimates) instead of failing',
    )
    .option(
      '--resample-games',
      "α̂'s intervals also resample the games (two-stage bootstrap): for the strengths over the population of games rather than the games played",
    )
    .addHelpText(
      'after',
      '\nα̂ fits y = α_seat0 − α_seat1 + ε with Σα = 0 on signed chip margins (seat 0 chips − seat 1 chips), GENSTRAT v2 §6;\n' +
        'intervals resample blocks: the (game, participant pair, run) clusters dealt one play seed. See docs/statistics.md for every estimator.\n' +
        'Slots of games of more than two seats or matches of more than one hand get the table section instead: bb/100 and chips per hand per\n' +
        'participant with 95 % block-bootstrap intervals (block: the slots dealt one deck sequence), hands, blocks, and every pairwise difference.\n' +
        "Decision quality is shown beside the results, never combined with them: per participant, the mean EV loss (the best legal action's\n" +
        "value minus the chosen action's at the information state the seat saw, chips) and agreement with the reference, against each\n" +
        "two-seat game's CFR+ average profile (--reference-iterations; trees over --reference-nodes have none), with decisions covered /\n" +
        'decisions and blocks; states the reference does not value stay missing, never zero (--no-decision-quality leaves it out).\n' +
        'The JSON follows the schema in src/eval/stats/schema.ts (format "gbgc-estimates/1"; a store of table slots only: "gbgc-table-estimates/1").\n\n' +
        'Examples:\n  gbgc analyze runs.db\n  gbgc analyze runs.db --axes axes.jsonl --out estimates.json\n  gbgc analyze runs.db --json -B 500\n' +
        '  gbgc analyze runs.db --exclude-participant llama        # refit without a participant\n' +
        '  gbgc analyze runs.db --games a.gbg b.gbg               # refit on some games\n' +
        "  gbgc analyze runs.db --axes axes.jsonl --set v1        # GENSTRAT v1's estimators and conventions\n" +
        '  gbgc analyze old.db --allow-engine-mismatch            # a store played by an older engine (warned, recorded)',
    )
    .action((db: string, opts: AnalyzeCliOptions & { json?: boolean; out?: string }) => {
      refuseOutputOverInput([opts.out], [db, opts.axes]);
      const e = analyzeAnyStore(db, analysisOptions(opts));
      if (opts.json)
        for (const w of [...(e.meta.warnings ?? []), ...(e.format === 'gbgc-estimates/1' ? (e.tables?.warnings ?? []) : [])]) ctx.io.stderr(`warning: ${w}\n`);
      const json = `${JSON.stringify(e, null, 2)}\n`;
      if (opts.out) writeFileAtomic(opts.out, json);
      ctx.io.stdout(opts.json ? json : e.format === 'gbgc-table-estimates/1' ? formatTableEstimates(e) : formatEstimates(e));
    });
