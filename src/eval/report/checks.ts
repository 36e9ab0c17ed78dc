/**
 * The report's sections for the subset filter, the pairwise difference intervals (league
 * methodology: a claim that two participants differ needs a direct interval of their difference,
 * with sample size and clusters beside it), GENSTRAT v2's further checks and the v1 set.
 */
import type { Estimates } from '../stats/analyze.js';
import { formatEstimate } from '../../util/format.js';

const esc = (s: string): string => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const f = (x: number | null | undefined, d = 3): string => formatEstimate(x, d);
const r2 = (x: number | null | undefined): string => (x === null || x === undefined ? '—' : x.toFixed(2));

/** HTML of the sections (empty string when the estimates carry none of them). */
export function checksHtml(e: Estimates): string {
  const name = (id: string): string => esc(e.meta.names[id] ?? id);
  const out: string[] = [];
  const fl = e.meta.filter;
  if (fl)
    out.push(
      `<section id="subset"><h2>Subset analysed</h2><p>${fl.slotsKept} of ${fl.slotsBefore} slots kept.${fl.excludedParticipants.length ? ` Left out, with every slot they played: ${fl.excludedParticipants.map(name).join(', ')}.` : ''}${fl.games ? ` Games: ${fl.games.length} named (${fl.games.map((g) => esc(g.slice(0, 12))).join(', ')}).` : ''} Every estimate on this page is refit on the kept slots.</p></section>`,
    );
  const d = e.differences;
  if (d) {
    const rows = d.pairs
      .map(
        (x) =>
          `<tr><td>${name(x.i)}</td><td>${name(x.j)}</td><td class="n">${f(x.diff)}</td><td class="n">[${f(x.ci.lo)}, ${f(x.ci.hi)}]</td><td>${x.excludesZero ? 'yes' : 'no'}</td><td class="n">${x.slotsBetween}</td><td class="n">${x.blocksBetween ?? '—'}</td><td class="n">${x.slotsI} / ${x.slotsJ}</td><td class="n">${x.blocksI ?? '—'} / ${x.blocksJ ?? '—'}</td></tr>`,
      )
      .join('\n');
    out.push(`<section id="differences"><h2>Pairwise differences of strength</h2>
<p>α̂<sub>i</sub> − α̂<sub>j</sub> (chips/game) with its 95 % interval from the same paired-cluster bootstrap as the leaderboard (B = ${d.B}, ${d.slots} slots in ${d.blocks ?? '—'} blocks: the clusters (game, pair, run) dealt one play seed). A participant is shown to be stronger than another only when this interval excludes 0: ${d.separated} of ${d.pairs.length} pairs.</p>
<table><thead><tr><th>higher</th><th>lower</th><th>difference</th><th>95 % CI</th><th>separated</th><th>slots head to head</th><th>blocks head to head</th><th>slots (each)</th><th>blocks (each)</th></tr></thead>
<tbody>
${rows}
</tbody></table></section>`);
  }
  const bt = e.robustness.bradleyTerry;
  const pw = e.robustness.pairwise;
  if (bt.ties !== undefined && pw.counting !== undefined)
    out.push(
      `<section id="conventions"><h2>Conventions (${esc(e.meta.set ?? 'v2')})</h2><p>Bradley–Terry: ${bt.ties === 'seat1' ? 'a tie counts as a loss of seat 0 (GENSTRAT v2, 1[edge &gt; 0])' : bt.ties === 'drop' ? 'ties dropped (GENSTRAT v1)' : 'a tie counts half a win each way, with a prior of 0.1 game per pair'}; ${bt.tiedSlots} tied slots${bt.prior && bt.ties !== 'half' ? `; a prior of ${bt.prior} tied game per pair keeps the scores finite (some participants never beat the rest)` : ''}. Pairwise matrix: ${pw.significant} of ${pw.entries} ${pw.counting === 'ordered' ? 'ordered entries (row, column; GENSTRAT v2 App. J)' : 'pairs (GENSTRAT v1)'} have an interval excluding 0; ${pw.signReversals} reverse the leaderboard.</p></section>`,
    );
  const c = e.checks;
  if (c && (c.rulebookLength || c.axisClusters || c.jaggednessSubsets)) {
    const parts: string[] = [];
    if (c.rulebookLength) {
      const rl = c.rulebookLength;
      parts.push(
        `<h3>Rulebook-length control (v2 §7)</h3><p>Profiles refit with log<sub>10</sub> of each rulebook's characters as a regressor (${Math.round(10 ** Math.min(...rl.log10Chars))}–${Math.round(10 ** Math.max(...rl.log10Chars))} characters): ${rl.signChanges} of ${rl.compare.length} slopes change sign, ${rl.lostSignificance} lose BH significance. Length slope per SD: ${rl.lengthSlope.map((l) => `${name(l.model)} ${f(l.slope)} [${f(l.ci.lo)}, ${f(l.ci.hi)}]`).join('; ')}.</p>`,
      );
    }
    if (c.axisClusters)
      parts.push(
        `<h3>Axis-space cluster refits (v2 §6)</h3><table><thead><tr><th>cluster</th><th>games</th><th>slots</th><th>clusters</th><th>Spearman ρ with α̂</th></tr></thead><tbody>${c.axisClusters.refits.map((r) => `<tr><td>${r.cluster + 1}</td><td class="n">${r.games.length}</td><td class="n">${r.slots}</td><td class="n">${r.clusters}</td><td class="n">${r2(r.spearmanWithOverall)}</td></tr>`).join('')}</tbody></table>`,
      );
    if (c.jaggednessSubsets)
      parts.push(
        `<h3>J<sub>m</sub> on subsets of the participants (v2 App. N)</h3><table><thead><tr><th>condition</th><th>Spearman ρ with the full-pool J<sub>m</sub></th></tr></thead><tbody>${c.jaggednessSubsets.conditions.map((x) => `<tr><td>${x.condition.startsWith('leave out ') ? `leave out ${name(x.condition.slice(10))}` : esc(x.condition)}</td><td class="n">${r2(x.spearmanWithFull)}</td></tr>`).join('')}</tbody></table>`,
      );
    out.push(`<section id="checks"><h2>Further robustness checks</h2>${parts.join('\n')}</section>`);
  }
  const v1 = e.v1;
  if (v1) {
    const parts: string[] = [];
    if (v1.jaggedness)
      parts.push(
        `<h3>v1 local jaggedness</h3><p>${e.meta.participants.map((p, m) => `${name(p)} ${r2(v1.jaggedness!.J[m])} [${r2(v1.jaggedness!.ci[m]?.lo)}, ${r2(v1.jaggedness!.ci[m]?.hi)}]`).join('; ')} (σ<sub>g</sub> units; leave-one-out residuals of a plane over the axes, net of sampling variance).</p>`,
      );
    if (v1.factorAnalysis)
      parts.push(
        `<h3>Factor analysis</h3><p>The first factor of the standardised α̂<sub>m,g</sub> explains ${(100 * v1.factorAnalysis.explained).toFixed(1)} % of the variance; after it, ${v1.factorAnalysis.residualSignificant} of ${v1.factorAnalysis.residualPairs} pair correlations are significant at q &lt; 0.05.</p>`,
      );
    if (v1.subsetRefits.length)
      parts.push(
        `<h3>Random game subsets</h3><p>${v1.subsetRefits.map((s) => `${s.size} games: median ρ ${r2(s.median)}, 5th percentile ${r2(s.p05)} (${s.identified} of ${s.draws} subsets identified)`).join('; ')}.</p>`,
      );
    if (v1.composite)
      parts.push(
        `<h3>v1 composite complexity</h3><p>Weights (unit absolute sum): ${v1.composite.axes.map((a, k) => `${esc(a)} ${f(v1.composite!.weights[k], 2)}`).join(', ')}; α̂ spread by tertile ${v1.composite.tertileSpread.map((x) => r2(x)).join(', ')} chips/game${v1.composite.top8 ? `, on the eight highest-scoring games ${r2(v1.composite.top8.spread)}` : ''}.</p>`,
      );
    out.push(`<section id="v1"><h2>GENSTRAT v1 analyses</h2>${parts.join('\n')}</section>`);
  }
  return out.join('\n');
}
