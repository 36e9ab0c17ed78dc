/**
 * The report's sections about the run itself (from {@link ReportContext}): the commitment line,
 * the games table (name, file, seed and complexity of generated games, ruleset hash, slots and
 * links to viewer pages of a few of them) and the participants table (kind and configuration).
 * Pure HTML builders; the viewer pages themselves are written by ./slot-pages.ts.
 */
import { labelsHtml, SEPARATE_SECTIONS_NOTE } from './league.js';
import type { ReportContext } from './context.js';

/** What the run sections read of the estimates (α̂'s or the table estimates). */
export interface EstimatesHeader {
  meta: { commitment?: string | null; games: readonly string[] };
}

const esc = (s: string): string => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** The report page's style sheet (the α̂ page and the page of a store of tables share it). */
export const REPORT_STYLE = `body { font-family: "DejaVu Sans", Helvetica, Arial, sans-serif; margin: 2em auto; max-width: 1100px; color: #222; }
header dl { display: grid; grid-template-columns: max-content auto; gap: 0.2em 1em; font-size: 0.9em; }
header dt { font-weight: bold; } header dd { margin: 0; font-family: "DejaVu Sans Mono", monospace; word-break: break-all; }
table { border-collapse: collapse; font-size: 0.9em; } th, td { padding: 0.25em 0.7em; border-bottom: 1px solid #ddd; text-align: left; }
td.n { text-align: right; font-family: "DejaVu Sans Mono", monospace; }
td.hash { font-family: "DejaVu Sans Mono", monospace; font-size: 0.75em; color: #666; word-break: break-all; } .note { font-family: "DejaVu Sans", sans-serif; color: #555; }
.figure { margin: 2em 0; } .figure svg { max-width: 100%; height: auto; } .caption { font-size: 0.85em; color: #555; }`;

/**
 * The top of a report page, from the doctype to the end of its header: the style sheet, the title,
 * the commitment ({@link commitmentHtml}), the engine version (and the tournament's, when another
 * engine played it) and the data line.
 * @param data the data line, HTML already escaped
 */
export function reportPageTop(
  e: EstimatesHeader & { meta: { engineVersion?: string; tournamentEngineVersion?: string | null } },
  ctx: ReportContext | undefined,
  data: string,
): string {
  const { engineVersion, tournamentEngineVersion } = e.meta;
  const playedBy = tournamentEngineVersion && tournamentEngineVersion !== engineVersion ? ` (tournament played by ${esc(tournamentEngineVersion)})` : '';
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>gbgc tournament report</title>
<style>
${REPORT_STYLE}
</style>
</head>
<body>
<header>
<h1>Tournament report</h1>
<dl>
<dt>Commitment</dt><dd>${commitmentHtml(e, ctx)}</dd>
<dt>Engine version</dt><dd id="engine-version">${esc(engineVersion ?? 'unknown')}${playedBy}</dd>
<dt>Data</dt><dd>${data}</dd>
${labelsHtml(ctx)}
</dl>
${SEPARATE_SECTIONS_NOTE}
</header>`;
}

/** Path of a slot's viewer page, relative to the report folder. */
export const slotPagePath = (slotId: string): string => `slots/${slotId}.html`;

/**
 * The commitment shown in the header: the one recorded with `--commit` before play, else the
 * commitment of the plan the slots were played under, else the estimates' own, else "none stored".
 */
export function commitmentHtml(e: EstimatesHeader, ctx: ReportContext | undefined): string {
  const committed = ctx?.commitment.committed ?? e.meta.commitment ?? null;
  const played = ctx?.commitment.played ?? null;
  const hash = committed ?? played;
  if (!hash) return '<span id="commitment">none stored</span>';
  const note = committed
    ? 'recorded before play with <code>gbgc tournament --commit</code>'
    : 'of the plan the slots were played under; not recorded before play';
  return `<span id="commitment">${esc(hash)}</span> <span class="note">(${note})</span>`;
}

/** The games table: every game of the estimates, by label, with its file, origin and ruleset hash. */
export function gamesSectionHtml(e: EstimatesHeader, ctx: ReportContext | undefined): string {
  if (!ctx || ctx.games.length === 0) return '';
  const byHash = new Map(ctx.games.map((g) => [g.hash, g]));
  const rows = e.meta.games
    .map((h) => {
      const g = byHash.get(h);
      if (!g) return `<tr><td>—</td><td>—</td><td>—</td><td>—</td><td class="hash">${esc(h)}</td><td class="n">—</td><td></td></tr>`;
      const views = g.slots.map((id, i) => `<a href="${esc(slotPagePath(id))}" title="slot ${esc(id)}">slot ${i + 1}</a>`).join(' ');
      return `<tr><td class="game-name">${esc(g.label)}</td><td class="game-file"><code>${esc(g.path)}</code></td><td class="n">${g.origin ? g.origin.seed : '—'}</td><td class="n">${g.origin ? g.origin.complexity : '—'}</td><td class="hash">${esc(h)}</td><td class="n">${g.done}</td><td class="views">${views}</td></tr>`;
    })
    .join('\n');
  return `<section id="games">
<h2>Games</h2>
<table>
<thead><tr><th>game</th><th>file</th><th>seed</th><th>complexity</th><th>ruleset hash</th><th>slots</th><th>viewer</th></tr></thead>
<tbody>
${rows}
</tbody>
</table>
<p class="caption">Seed and complexity are those of a generated game (<code>gbgc sample --seed S --complexity C</code> rebuilds it); — for a written game. The viewer links replay a few of the game's slots from the store (omniscient view). Every other table and figure names a game by the label in the first column.</p>
</section>`;
}

/** One parameter value as text (objects and arrays as JSON). */
const paramText = (v: unknown): string => (typeof v === 'string' ? v : JSON.stringify(v));

/** The participants table: name, kind, every configured parameter, and the id. */
export function participantsSectionHtml(ctx: ReportContext | undefined): string {
  if (!ctx || ctx.participants.length === 0) return '';
  const rows = ctx.participants
    .map((p) => {
      const params = Object.entries(p.params)
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([k, v]) => `${esc(k)} = ${esc(paramText(v))}`)
        .join(', ');
      return `<tr><td>${esc(p.name)}</td><td>${esc(p.kind)}</td><td class="params">${params || '—'}</td><td class="hash">${esc(p.id)}</td></tr>`;
    })
    .join('\n');
  return `<section id="participants">
<h2>Participants</h2>
<table>
<thead><tr><th>participant</th><th>kind</th><th>configuration</th><th>id</th></tr></thead>
<tbody>
${rows}
</tbody>
</table>
<p class="caption">The id is the SHA-256 of the participant's whole configuration (kind, parameters, engine version, policy file hash); see docs/tournaments.md.</p>
</section>`;
}
