/**
 * Reading a run store for people and other tools: CSV (RFC 4180) and JSON Lines exports of the
 * `slots` and `moves` tables, and a summary (counts, progress, per-participant mean returns).
 */
import { MOVE_COLUMNS, SLOT_EXPORT_COLUMNS, type RunStore } from './store.js';

/**
 * One CSV field: quoted when it holds a comma, a quote or a line break; null is empty. A text that
 * starts with `=`, `+`, `-`, `@`, a tab or a carriage return (a formula to a spreadsheet: an LLM's
 * reply, a participant's name) gets a leading `'` so spreadsheets show it as text (OWASP's CSV
 * injection advice); numbers are written as they are.
 */
export function csvField(v: unknown): string {
  if (v === null || v === undefined) return '';
  let s = String(v);
  if (typeof v !== 'number' && typeof v !== 'bigint' && /^[=+\-@\t\r]/.test(s)) s = `'${s}`;
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

/** Export a table as CSV (header line first) or JSON Lines, one chunk per row through `write`. */
export function exportTable(store: RunStore, table: 'slots' | 'moves', format: 'csv' | 'jsonl', write: (chunk: string) => void): number {
  const cols = table === 'slots' ? SLOT_EXPORT_COLUMNS : MOVE_COLUMNS;
  if (format === 'csv') write(`${cols.join(',')}\n`);
  let n = 0;
  for (const row of store.iterate(table)) {
    write(format === 'csv' ? `${cols.map((c) => csvField(row[c])).join(',')}\n` : `${JSON.stringify(row)}\n`);
    n++;
  }
  return n;
}

/** Per-participant figures of a store. */
export interface ParticipantSummary {
  name: string;
  kind: string;
  id: string;
  /** Finished slots it played. */
  slots: number;
  /** Mean chips won per slot (its returns; its margin over the opponent is twice that), over its finished slots. */
  meanReturns: number | null;
  /** Fallback moves / moves. */
  fallbackRate: number | null;
}

/** What `gbgc records summary` reports. */
export interface StoreSummary {
  engineVersion: string | null;
  /** Recorded before play by `gbgc tournament --commit`. */
  commitment: string | null;
  /** The commitment of the plan the slots were played under (written by every run). */
  planCommitment: string | null;
  /** Slots in the plan the store was last filled under (null when unknown). */
  planned: number | null;
  done: number;
  errors: number;
  games: { path: string; name: string; rulesetHash: string; done: number }[];
  participants: ParticipantSummary[];
}

/** Summarize a store. */
export function summarizeStore(store: RunStore): StoreSummary {
  const db = store.db;
  const count = (sql: string): number => (db.prepare(sql).pluck().get() as number) ?? 0;
  const planned = store.meta('slotCount');
  const games = store.games().map((g) => ({
    path: g.path,
    name: g.name,
    rulesetHash: g.ruleset_hash,
    done: (db.prepare("SELECT COUNT(*) FROM slots WHERE status = 'done' AND game = ?").pluck().get(g.ruleset_hash) as number) ?? 0,
  }));
  // A house game's house seat is no participant's result (schema 5; left out of older stores' rows too).
  const house = (seat: number): string =>
    JSON.stringify(
      store
        .games()
        .filter((g) => store.houseSeat(g.ruleset_hash) === seat)
        .map((g) => g.ruleset_hash),
    );
  const hn = JSON.stringify(
    store.games().flatMap((g) => ((store.houseSeat(g.ruleset_hash) ?? -1) >= 2 ? [[g.ruleset_hash, store.houseSeat(g.ruleset_hash)]] : [])),
  );
  const notHouse = (seat: string): string => `game NOT IN (SELECT value FROM json_each(${seat}))`;
  const participants = store.participants().map((p) => {
    const r = db
      .prepare(
        `SELECT COUNT(*) AS n, AVG(ret) AS mean, SUM(fb) AS fb, SUM(mv) AS mv FROM (
           SELECT return0 AS ret, fallbacks0 AS fb, moves0 AS mv FROM slots WHERE status = 'done' AND seat0 = @id AND ${notHouse('@h0')}
           UNION ALL SELECT return1, fallbacks1, moves1 FROM slots WHERE status = 'done' AND seat1 = @id AND ${notHouse('@h1')}${
             // Seats 2 and up of tables of more than two seats (schema 3).
             store.schema >= 3
               ? `
           UNION ALL SELECT json_extract(j.value, '$.return'), json_extract(j.value, '$.fallbacks'), json_extract(j.value, '$.moves')
             FROM slots s, json_each(s.seats) j
             WHERE s.status = 'done' AND s.seats IS NOT NULL AND CAST(j.key AS INTEGER) >= 2 AND json_extract(j.value, '$.participant') = @id
               AND NOT EXISTS (SELECT 1 FROM json_each(@hn) h WHERE json_extract(h.value, '$[0]') = s.game AND json_extract(h.value, '$[1]') = CAST(j.key AS INTEGER))`
               : ''
           })`,
      )
      .get({ id: p.id, h0: house(0), h1: house(1), hn: hn }) as { n: number; mean: number | null; fb: number | null; mv: number | null };
    return { name: p.name, kind: p.kind, id: p.id, slots: r.n, meanReturns: r.mean, fallbackRate: r.mv ? (r.fb ?? 0) / r.mv : null };
  });
  return {
    engineVersion: store.meta('engineVersion') ?? null,
    commitment: store.meta('commitment') ?? null,
    planCommitment: store.meta('planCommitment') ?? null,
    planned: planned === undefined ? null : Number(planned),
    done: count("SELECT COUNT(*) FROM slots WHERE status = 'done'"),
    errors: count("SELECT COUNT(*) FROM slots WHERE status = 'error'"),
    games,
    participants,
  };
}
