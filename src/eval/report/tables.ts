/**
 * The report's Tables section (games of n seats, matches of many hands): bb/100 and chips per hand
 * per participant with their block-bootstrap intervals, hands, blocks and matches, the totals, every
 * pairwise difference with its interval and the blocks the two share, and the section's warnings;
 * and the whole page of a store holding only such slots (header, games, participants, the section).
 */
import type { TableStats } from '../stats/table.js';
import type { TableEstimates } from '../stats/table-store.js';
import { formatEstimate } from '../../util/format.js';
import type { ReportContext } from './context.js';
import { gamesSectionHtml, participantsSectionHtml, reportPageTop } from './sections.js';

const esc = (s: string): string => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const f = (x: number | null, d = 2): string => formatEstimate(Number.isFinite(x) ? x : null, d);
const ci = (c: { lo: number; hi: number } | null): string => (c ? `[${f(c.lo)}, ${f(c.hi)}]` : '—');

/** The Tables section. */
export function tablesSectionHtml(t: TableStats): string {
  const name = new Map(t.rows.map((r) => [r.participant, r.name]));
  const byChips = !t.rows.every((r) => Number.isFinite(r.bb100));
  const rows = t.rows
    .map(
      (r) =>
        `<tr data-participant="${esc(r.participant)}"><td>${r.rank}</td><td title="${esc(r.participant)}">${esc(r.name)}</td><td class="n bb100">${f(r.bb100)}</td><td class="n">${ci(r.bb100Ci)}</td><td class="n">${f(r.chipsPerHand)}</td><td class="n">${ci(r.chipsPerHandCi)}</td><td class="n">${r.hands}</td><td class="n">${r.blocks}</td><td class="n">${r.matches ?? '—'}</td></tr>`,
    )
    .join('\n');
  const diffs = t.differences
    .map((d) => {
      const [x, c, sep] = byChips ? [d.diffChips, d.ciChips, d.excludesZeroChips] : [d.diff, d.ci, d.excludesZero];
      return `<tr><td>${esc(name.get(d.i) ?? d.i)} − ${esc(name.get(d.j) ?? d.j)}</td><td class="n">${f(x)}</td><td class="n">${ci(c)}</td><td>${sep ? 'yes' : 'no'}</td><td class="n">${d.blocksBetween}</td></tr>`;
    })
    .join('\n');
  const iv = t.interval === 'expanded' ? 'expanded percentile (Hesterberg)' : 'percentile';
  const hands = t.hands === null ? `${t.records} seat-hands` : `${t.hands} hands of ${t.seats} seats (${t.records} seat-hands)`;
  const warnings = t.warnings.map((w) => `<li><strong>Warning:</strong> ${esc(w)}.</li>`).join('');
  return `<section id="tables">
<h2>Tables</h2>
<p>${hands}${t.matches === null ? '' : ` in ${t.matches} matches`}, ${t.blocks} blocks. The block (the slots dealt one deck sequence: every seat permutation of a table's run) is the statistical unit: the 95 % intervals are ${iv} intervals of a block bootstrap, B = ${t.B}, seed ${t.seed}.</p>
<table>
<thead><tr><th>rank</th><th>participant</th><th>bb/100</th><th>95 % CI</th><th>chips/hand</th><th>95 % CI</th><th>hands</th><th>blocks</th><th>matches</th></tr></thead>
<tbody>
${rows}
</tbody>
</table>
<h3>Pairwise differences</h3>
<p>${t.separated} of ${t.differences.length} pairs have a 95 % interval of the ${byChips ? 'chips-per-hand' : 'bb/100'} difference excluding 0. A claim that two participants differ needs this direct interval; two separate intervals do not establish it.</p>
<table>
<thead><tr><th>pair</th><th>${byChips ? 'chips/hand' : 'bb/100'} difference</th><th>95 % CI</th><th>excludes 0</th><th>blocks shared</th></tr></thead>
<tbody>
${diffs}
</tbody>
</table>
${warnings ? `<ul>${warnings}</ul>` : ''}
</section>`;
}

/** The page of a store holding only slots of tables or matches. */
export function tableReportHtml(e: TableEstimates, context?: ReportContext, extraSections = ''): string {
  const meta = e.meta;
  const warnings = meta.warnings.filter((w) => !e.tables.warnings.includes(w)).map((w) => `<li><strong>Warning:</strong> ${esc(w)}.</li>`);
  return `${reportPageTop(e, context, `${meta.slots} matches, ${meta.participants.length} participants, ${meta.games.length} games; B = ${meta.B}, seed ${meta.seed}`)}
${warnings.length ? `<ul>${warnings.join('')}</ul>` : ''}
${gamesSectionHtml(e, context)}
${participantsSectionHtml(context)}
${tablesSectionHtml(e.tables)}
${extraSections}
</body>
</html>
`;
}
