/**
 * The report's execution section: the LLM participants' figures of `gbgc records usage` (the
 * league methodology's execution report, with GENSTRAT v2 Appendix F's fallback rate beside the
 * league's), one column per participant, the same labels and values as the text, and the frozen
 * fallback of each game. Each value cell carries its key (`data-key`) for tools and tests.
 */
import { usageCells, type LlmUsage } from '../llm/usage.js';

const esc = (s: string): string => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** The section, or '' when the store has no LLM participant. */
export function executionSectionHtml(u: LlmUsage): string {
  if (u.participants.length === 0) return '';
  const cells = u.participants.map(usageCells);
  const head = `<tr><th></th>${u.participants.map((r) => `<th title="${esc(r.model)}">${esc(r.participant)}</th>`).join('')}</tr>`;
  const body = cells[0]
    .map(
      ([key, label], i) =>
        `<tr><td>${esc(label)}</td>${cells.map((c, j) => `<td class="n" data-participant="${esc(u.participants[j].participant)}" data-key="${esc(key)}">${esc(c[i][2])}</td>`).join('')}</tr>`,
    )
    .join('\n');
  const fallback = u.fallback
    .map((f) => `<li><code>${esc(f.game)}</code>: <span class="fallback-policy">${esc(f.policy)}</span>${f.declared ? '' : ' (default)'}</li>`)
    .join('');
  return `<section id="execution">
<h2>Execution of the LLM players</h2>
<p class="note">As <code>gbgc records usage</code>. The fallback rate of GENSTRAT v2 (Appendix F) counts moves whose first reply neither the strict nor the lenient parser could read; the frozen-fallback rate counts the moves the frozen fallback played, for any reason (the league's execution report).</p>
<table>
<thead>${head}</thead>
<tbody>
${body}
</tbody>
</table>
<p>Frozen fallback per game:</p><ul>${fallback}</ul>
</section>`;
}
