/**
 * The report's league sections (LLM game league methodology, reporting rules): the labels of the
 * results (Live, Delayed or Replay; Preview or official) in the header; decision quality and
 * observed behaviour as sections of their own, apart from the game results and the execution
 * section; the corrections log; the blocks' commitments and releases. Each measure is shown with
 * its sample size and block count, and no combined score is computed.
 */
import type { DecisionQualitySection } from '../stats/decision-quality.js';
import type { RouletteMeasure, RouletteSection } from '../stats/roulette.js';
import type { ReportContext } from './context.js';

const esc = (s: string): string => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const num = (x: number | null, d: number): string => (x === null ? '—' : x.toFixed(d));
const pct = (x: number | null): string => (x === null ? '—' : `${(100 * x).toFixed(1)} %`);
const MODE = { live: 'Live', delayed: 'Delayed', replay: 'Replay' } as const;
const STATUS = { preview: 'Preview', official: 'Official' } as const;

/** The header's labels (a `<dt>`/`<dd>` pair), or '' without the store's records. */
export function labelsHtml(ctx: ReportContext | undefined): string {
  const l = ctx?.league?.labels;
  if (!l) return '';
  return `<dt>Labels</dt><dd id="labels"><span class="label" data-label="mode">${MODE[l.mode]}</span>${l.declared.mode ? '' : ' (default)'}, <span class="label" data-label="status">${STATUS[l.status]}</span>${l.declared.status ? '' : ' (default)'}${l.status === 'preview' ? ': exploratory results; an official result needs an independent recomputation review, repeatability, frozen reference and evaluation versions, and a publication policy' : ''}</dd>`;
}

/** The decision-quality section, or '' when the estimates have none. */
export function decisionQualityHtml(dq: DecisionQualitySection | null | undefined, ctx: ReportContext | undefined): string {
  if (!dq) return '';
  const preview = ctx?.league?.labels.status !== 'official';
  // A game whose decision measures stay Preview whatever the run's label (blackjack until its reference is validated).
  const always = (r: DecisionQualitySection['references'][number]) =>
    r.preview ? ` <span class="label" data-label="preview-game">Preview</span> (${esc(r.preview)})` : '';
  const refs = dq.references
    .map((r) =>
      r.reference
        ? `<li data-game="${esc(r.game)}">${esc(r.name)}: ${esc(r.reference)}${r.exploitability === null ? '' : ` (exploitability ${r.exploitability.toPrecision(3)} chips/game)`}${r.unit ? `; EV loss in ${esc(r.unit)}; agreement: the chosen action is the best` : ''}${always(r)}</li>`
        : `<li data-game="${esc(r.game)}">${esc(r.name)}: no reference (${esc(r.reason ?? '')}); its decisions are uncovered and stay missing${always(r)}</li>`,
    )
    .join('');
  const rows = dq.rows
    .map(
      (r) =>
        `<tr><td>${esc(r.name)}</td><td class="n">${num(r.meanLoss, 4)}</td><td class="n">${r.meanLossCi ? `[${num(r.meanLossCi.lo, 4)}, ${num(r.meanLossCi.hi, 4)}]` : '—'}</td><td class="n">${pct(r.agreement)}</td><td class="n">${r.agreementCi ? `[${pct(r.agreementCi.lo)}, ${pct(r.agreementCi.hi)}]` : '—'}</td><td class="n" data-key="covered">${r.covered} / ${r.decisions}</td><td class="n" data-key="blocks">${r.blocks}</td></tr>`,
    )
    .join('\n');
  return `<section id="decision-quality">
<h2>Decision quality${preview ? ' <span class="label">Preview</span>' : ''}</h2>
<p class="note">EV loss: the best legal action's value minus the chosen action's at the information state the seat saw (${esc(dq.unit)}); agreement: the chosen action within ${dq.agreementTolerance} chips of the best. Opponent model: ${esc(dq.opponentModel)}. States the reference does not value stay missing, never a loss of 0. 95 % block-bootstrap intervals (B = ${dq.B}). Shown apart from the game results; no combined score.</p>
<ul>${refs}</ul>
<table>
<thead><tr><th>participant</th><th>mean EV loss</th><th>95 % CI</th><th>agreement</th><th>95 % CI</th><th>covered / decisions</th><th>blocks</th></tr></thead>
<tbody>
${rows}
</tbody>
</table>
</section>`;
}

/** The observed-behaviour section: table chat per participant, with its sample; a line when no game declares chat. */
export function behaviourHtml(ctx: ReportContext | undefined): string {
  const chat = ctx?.league?.chat;
  if (!chat) return '';
  const name = new Map(ctx!.participants.map((p) => [p.id, p.name]));
  const body =
    chat.length === 0
      ? '<p>No game of this run declares table chat: no behaviour is observed beyond the moves.</p>'
      : `<table>
<thead><tr><th>participant</th><th>messages offered</th><th>delivered</th><th>refused (over a limit)</th><th>decisions in chat games</th><th>blocks</th></tr></thead>
<tbody>
${chat.map((c) => `<tr><td>${esc(name.get(c.participant) ?? c.participant)}</td><td class="n" data-key="offered">${c.offered}</td><td class="n" data-key="accepted">${c.accepted}</td><td class="n" data-key="refused">${c.refused}</td><td class="n" data-key="decisions">${c.decisions}</td><td class="n" data-key="blocks">${c.blocks}</td></tr>`).join('\n')}
</tbody>
</table>`;
  return `<section id="observed-behaviour">
<h2>Observed behaviour</h2>
<p class="note">What the players did besides their moves: table chat. An observed association in this setup, not evidence of a cause or of a belief; shown apart from results, decision quality and execution.</p>
${body}
</section>`;
}

/** The corrections log and the blocks' commitments and releases. */
export function recordsHtml(ctx: ReportContext | undefined): string {
  const league = ctx?.league;
  if (!league) return '';
  const corr =
    league.corrections.length === 0
      ? '<p id="no-corrections">No corrections are recorded for this run.</p>'
      : `<ul>${league.corrections.map((c) => `<li data-correction="${c.id}">#${c.id} (${esc(c.recordedAt)}): ${esc(c.error)}; ${c.affectsRankings ? 'affects rankings' : 'does not affect rankings'}; affected matches ${c.matches.map((m) => `<code>${esc(m)}</code>`).join(', ')}; recomputation <strong>${esc(c.status)}</strong>${c.note ? ` (${esc(c.note)})` : ''}</li>`).join('')}</ul>`;
  const blocks =
    league.blocks.length === 0
      ? '<p>No block commitments were recorded (<code>gbgc tournament CONFIG --commit</code> records one per block before play).</p>'
      : `<table>
<thead><tr><th>block</th><th>game</th><th>slots</th><th>commitment</th><th>released</th></tr></thead>
<tbody>
${league.blocks
  .map(
    (b) =>
      `<tr><td class="n">${b.block}</td><td>${esc(ctx!.games.find((g) => g.hash === b.game)?.label ?? b.game)}</td><td class="n">${b.done} / ${b.slots}</td><td class="hash"><code>${esc(b.commitment)}</code></td><td>${b.complete ? `play seed ${b.playSeed}, salt <code class="hash">${esc(b.salt ?? '')}</code> (${b.verified ? 'matches the commitment' : 'does not match the commitment'})` : 'withheld until the block completes'}</td></tr>`,
  )
  .join('\n')}
</tbody>
</table>`;
  return `<section id="corrections">
<h2>Corrections</h2>
${corr}
</section>
<section id="blocks">
<h2>Commitments and releases</h2>
<p class="note">Only a commitment hash is shown before a block completes; its play seed and salt (with the ruleset and the engine, every hidden card) are released after it (<code>gbgc records blocks</code> lists the hidden cards). A commitment shows that the committed input did not change; it cannot show that a seed was drawn fairly.</p>
${blocks}
</section>`;
}

/** The statement heading the results: what is shown apart, and that no combined score is computed. */
export const SEPARATE_SECTIONS_NOTE =
  '<p class="note" id="separate-sections">Game results, decision quality, observed behaviour and execution are shown in separate sections, each measure with its sample size and block count; no combined score is computed.</p>';

/** One measure's cells: value, interval, sample and blocks, each cell keyed (`data-key`). */
function measureCells(key: string, m: RouletteMeasure | null, show: (x: number | null) => string): string {
  if (!m)
    return `<td class="n" data-key="${key}">—</td><td class="n">—</td><td class="n" data-key="${key}-n">—</td><td class="n" data-key="${key}-blocks">—</td>`;
  return `<td class="n" data-key="${key}">${show(m.value)}</td><td class="n">${m.ci ? `[${show(m.ci.lo)}, ${show(m.ci.hi)}]` : '—'}</td><td class="n" data-key="${key}-n">${m.n}</td><td class="n" data-key="${key}-blocks">${m.blocks}</td>`;
}

/**
 * The roulette exhibition (./stats/roulette.ts): per game (condition) and participant, its game
 * results (session net, target reached), decision quality (target regret against the optimal
 * single-bet policy) and observed behaviour (risk-limit compliance, skip rate, fallacy follow
 * rate), in separate tables, each measure with its sample and blocks; '' without a roulette game.
 */
export function rouletteHtml(r: RouletteSection | null | undefined): string {
  if (!r) return '';
  const head = (cols: string[]) =>
    `<thead><tr><th>participant</th>${cols.map((c) => `<th>${c}</th><th>95 % CI</th><th>n</th><th>blocks</th>`).join('')}</tr></thead>`;
  const table = (
    id: string,
    title: string,
    cols: string[],
    cells: (x: RouletteSection['games'][number]['rows'][number]) => string,
    rows: RouletteSection['games'][number]['rows'],
  ) =>
    `<h4>${title}</h4>\n<table data-part="${id}">\n${head(cols)}\n<tbody>\n${rows.map((x) => `<tr data-participant="${esc(x.participant)}"><td>${esc(x.name)}</td>${cells(x)}</tr>`).join('\n')}\n</tbody>\n</table>`;
  const games = r.games
    .map(
      (g) => `<div class="roulette-game" data-game="${esc(g.game)}" data-condition="${g.condition ?? 'none'}">
<h3>${esc(g.name)}${g.condition ? ` — condition <span class="label" data-label="condition">${g.condition}</span> (${esc(g.recommendation!.seat)} recommends ${g.recommendation!.colour})` : ''}</h3>
<p class="note">Reference: the optimal single-bet policy reaches ${r.target} chips from ${r.bankroll} in ${r.spins} spins with probability ${g.referenceSuccess.toFixed(5)}.</p>
${table('results', 'Game results', ['session net (chips)', 'target reached'], (x) => measureCells('session-net', x.sessionNet, (v) => num(v, 2)) + measureCells('target-reached', x.targetReached, pct), g.rows)}
${table('decision-quality', 'Decision quality', ['target regret per spin'], (x) => measureCells('target-regret', x.targetRegret, (v) => num(v, 4)), g.rows)}
${table('behaviour', 'Observed behaviour', ['risk-limit compliance', 'skip rate', 'fallacy follow rate'], (x) => measureCells('compliance', x.compliance, pct) + measureCells('skip-rate', x.skipRate, pct) + measureCells('fallacy-follow', x.fallacyFollow, pct), g.rows)}
</div>`,
    )
    .join('\n');
  return `<section id="roulette">
<h2>Roulette <span class="label" data-label="exhibition">Exhibition</span></h2>
<p class="note">An exhibition: American roulette has a fixed negative expectation, so no measure here ranks ability or enters a score, and a profitable session is not evidence of prediction. Each condition is its own ruleset and is shown apart. The fallacy follow rate counts spins betting the recommended colour among the spins where the recommendation came before the player's first decision; the difference between conditions is an observed association in this setup, not a cause or a belief. Samples: sessions for results, spins otherwise; 95 % block-bootstrap intervals (B = ${r.B}; block: the game and play seed, the same committed spins for every participant).</p>
${games}
</section>`;
}
