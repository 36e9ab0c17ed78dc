/**
 * The self-contained HTML report: header (tournament commitment, engine version), leaderboard table,
 * the figures inlined as SVG, and the headline robustness figures. No scripts, no external files.
 */
import type { Estimates } from '../stats/analyze.js';
import { SHOWN_INTERVAL_NAME, Z0_BOUND } from '../stats/dist.js';
import type { Component } from '../stats/variance.js';
import type { Figure } from './figures.js';
import type { ReportContext } from './context.js';
import { gamesSectionHtml, participantsSectionHtml, reportPageTop } from './sections.js';
import { formatEstimate } from '../../util/format.js';

const esc = (s: string): string => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const f = (x: number | null, d = 3): string => formatEstimate(x, d);
const pct = (x: number | null): string => (x === null ? '—' : `${(100 * x).toFixed(1)} %`);

/** A variance component as the page shows it: the bias-corrected point with the interval `shown` picked. */
function component(c: Component, d: number): string {
  const iv = `[${f(c.shown.interval.lo, d)}, ${f(c.shown.interval.hi, d)}]`;
  return c.shown.type === 'bc'
    ? `${f(c.shown.point, d)} (bias-corrected; BC 95 % CI ${iv})`
    : `${f(c.shown.point, d)} (bias-corrected; ${SHOWN_INTERVAL_NAME[c.shown.type]} 95 % CI ${iv}; the BC interval is not shown because |z₀| = ${Math.abs(c.z0 ?? NaN).toFixed(1)} > ${Z0_BOUND}; raw value ${f(c.estimate, d)})`;
}

/** The rank-stability and conditional-inference paragraph (calibrated test shown; the paper's beside it). */
function rankStabilityFact(e: Estimates): string {
  const r = e.rankStability;
  return (
    `Rank stability: ${r.calibrated.significant05} of ${r.perGame.length} games carry more rank reversals than sampling noise gives at q < 0.05 by the calibrated test (bootstrap null of the reversal count given the schedule; mean observed ${f(r.meanObserved, 2)}, expected ${f(r.calibrated.meanExpected, 2)}). ` +
    `${r.labels.paper}: ${r.significant05} games (its normal approximation treats correlated reversals as independent and flags games too often). ` +
    'Rank stability, capability profiles and jaggedness are conditional on the games played: they describe these games, not the population of games they were drawn from.'
  );
}

/**
 * The page; `svgs` holds each figure's SVG text in the order of `figures`; `extraSections` (HTML, e.g.
 * the ladder table) follow the leaderboard; `context` (from the run store) adds the games and
 * participants tables and the commitment of the played plan.
 */
export function reportHtml(e: Estimates, figures: readonly Figure[], svgs: readonly string[], extraSections = '', context?: ReportContext): string {
  const rows = e.leaderboard
    .map(
      (r) =>
        `<tr><td>${r.rank}</td><td title="${esc(r.participant)}">${esc(r.name)}</td><td class="n">${f(r.alpha)}</td><td class="n">[${f(r.ci.lo)}, ${f(r.ci.hi)}]</td><td class="n">${f(r.meanMargin)}</td><td class="n">${r.slots}</td><td class="n">${r.blocks ?? '—'}</td><td class="n">${pct(r.fallbackMoveRate)}</td><td class="n">${pct(r.fallbackSlotRate)}</td></tr>`,
    )
    .join('\n');
  const v = e.variance;
  const logo = e.robustness.leaveOneGameOut;
  const facts = [
    `Variance decomposition: σ²_MG/σ²_M = ${component(v.ratio, 2)}; σ²_M = ${component(v.sigma2M, 3)}; σ²_MG = ${component(v.sigma2MG, 3)}.`,
    `Leave-one-game-out: mean Kendall τ ${f(logo.meanTau)}, minimum ${f(logo.minTau)}, ${logo.sameOrder} of ${logo.perGame.length} refits keep the order.`,
    `Win-only Bradley–Terry against α̂: Kendall τ ${f(e.robustness.bradleyTerry.tauWithAlpha)}.`,
    `Pairwise matrix: ${e.robustness.pairwise.significant} pairs with a 95 % interval excluding 0; ${e.robustness.pairwise.signReversals} sign reversals against the leaderboard.`,
    rankStabilityFact(e),
  ];
  for (const w of e.meta.warnings ?? []) facts.unshift(`<strong>Warning:</strong> ${esc(w)}.`);
  if (e.ablation)
    facts.push(
      `Reasoning ablation: Δ(${esc(e.ablation.high)} − ${esc(e.ablation.low)}) = ${f(e.ablation.pooled.delta)} [${f(e.ablation.pooled.ci.lo)}, ${f(e.ablation.pooled.ci.hi)}] over ${e.ablation.pooled.pairs} sibling pairs in ${e.ablation.pooled.games} games (the bootstrap clusters).`,
    );
  const figs = figures
    .map((fig, k) => `<section class="figure" id="${esc(fig.id)}"><h2>${esc(fig.title)}</h2>\n${svgs[k]}\n<p class="caption">${esc(fig.caption)}</p></section>`)
    .join('\n');
  return `${reportPageTop(e, context, `${e.meta.slots} slots, ${e.meta.participants.length} participants, ${e.meta.games.length} games; B = ${e.meta.B} (secondary ${e.meta.Bsecondary}), seed ${e.meta.seed}`)}
${gamesSectionHtml(e, context)}
${participantsSectionHtml(context)}
<section id="leaderboard-table" class="game-results">
<h2>Leaderboard</h2>
<p class="note">Game results.</p>
<table>
<thead><tr><th>rank</th><th>participant</th><th>α̂ (chips/game)</th><th>95 % CI</th><th title="the participant's chips minus its opponent's, per game: twice the chips it wins per game">mean margin (chips/game, own − opponent's)</th><th>slots</th><th title="bootstrap blocks holding the participant: the (game, pair, run) clusters dealt one play seed, the units its interval resamples">blocks</th><th>fallback moves</th><th>fallback slots</th></tr></thead>
<tbody>
${rows}
</tbody>
</table>
<ul>${facts.map((x) => `<li>${x}</li>`).join('')}</ul>
</section>
${extraSections}
${figs}
</body>
</html>
`;
}
