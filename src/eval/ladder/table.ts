/**
 * The ladder table of a report (pure): ratings of participants on games (the `--json` output of
 * `gbgc ladder rate`) → per participant the level and progress reached on each game. Levels are
 * comparable only within a game (BotzoneBench §5: the number and strength of the levels differ
 * between games), so the table has no mean over games.
 */
import { UserError } from '../../util/errors.js';
import { parseJsonInput, readTextCapped } from '../../util/json.js';
import type { GameRating } from './rating.js';

/** One participant's row. */
export interface LadderRow {
  name: string;
  id: string;
  /** By game name: the rating there, or absent when not rated on that game. */
  perGame: Record<string, { level: number; progress: number; progressCI: [number, number]; topped: boolean }>;
}

/** The table: games in first-seen order, rows by participant name (then id). */
export interface LadderTable {
  games: string[];
  rows: LadderRow[];
}

/**
 * Build the table; a later rating of the same participant (id) on the same game replaces an earlier one.
 * @throws RangeError for no ratings
 */
export function ladderTable(ratings: readonly GameRating[]): LadderTable {
  if (ratings.length === 0) throw new RangeError('no ratings');
  const games: string[] = [];
  const byId = new Map<string, { name: string; perGame: LadderRow['perGame'] }>();
  for (const r of ratings) {
    if (!games.includes(r.game)) games.push(r.game);
    let e = byId.get(r.participant.id);
    if (!e) byId.set(r.participant.id, (e = { name: r.participant.name, perGame: {} }));
    e.perGame[r.game] = { level: r.rating.level, progress: r.rating.progress, progressCI: r.rating.progressCI, topped: r.rating.topped };
  }
  const rows = [...byId].map(([id, e]) => ({ name: e.name, id, perGame: e.perGame }));
  rows.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : a.id < b.id ? -1 : 1));
  return { games, rows };
}

const esc = (s: string): string => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** The table as an HTML section (no scripts, no external files). */
export function ladderTableHtml(t: LadderTable): string {
  const head = `<tr><th>participant</th>${t.games.map((g) => `<th>${esc(g)}</th>`).join('')}</tr>`;
  const cell = (v: LadderRow['perGame'][string] | undefined): string =>
    v
      ? `<td class="n" title="progress 95 % CI [${Math.round(100 * v.progressCI[0])} %, ${Math.round(100 * v.progressCI[1])} %]">Lv${v.level} (${v.topped ? 'topped, ' : ''}${Math.round(100 * v.progress)} %)</td>`
      : '<td class="n">—</td>';
  const rows = t.rows.map((r) => `<tr><td title="${esc(r.id)}">${esc(r.name)}</td>${t.games.map((g) => cell(r.perGame[g])).join('')}</tr>`).join('\n');
  return `<section id="ladder-table">
<h2>Ladder ratings</h2>
<table>
<thead>${head}</thead>
<tbody>
${rows}
</tbody>
</table>
<p class="caption">(level, progress) per game (BotzoneBench §4.5): the first ladder level the participant does not beat, and twice its win rate against that level; hover a cell for the 95 % interval. Levels compare only within a game (each game has its own ladder), so no mean over games is shown. See docs/ladder.md.</p>
</section>`;
}

/**
 * Read ratings written by `gbgc ladder rate --json` (a JSON array of game ratings).
 * @throws UserError naming the file when it cannot be read or holds no ratings
 */
export function readRatings(path: string): GameRating[] {
  const data = parseJsonInput(readTextCapped(path, 'ratings file'), path);
  const ok = (r: unknown): r is GameRating => {
    const g = r as GameRating;
    return (
      typeof g === 'object' &&
      g !== null &&
      typeof g.game === 'string' &&
      typeof g.participant?.id === 'string' &&
      typeof g.participant.name === 'string' &&
      typeof g.rating?.level === 'number' &&
      typeof g.rating.progress === 'number' &&
      Array.isArray(g.rating.progressCI)
    );
  };
  if (!Array.isArray(data) || data.length === 0 || !data.every(ok))
    throw new UserError(`${path}: not ladder ratings (expected the JSON array written by gbgc ladder rate --json)`);
  return data;
}
