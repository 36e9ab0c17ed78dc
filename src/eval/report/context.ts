/**
 * What the report tells about a run beyond the estimates, read from the run store: each game's
 * name, file and (for a generated game) seed and complexity with its ruleset hash; each
 * participant's configuration; the commitment; and a few slots per game to link viewer pages to.
 * A store that lacks the `games` or `participants` table (a minimal store of slot rows only) gives
 * empty lists, and the report then falls back to ruleset hashes and participant ids.
 */
import { basename } from 'node:path';
import { compileSource } from '../../compiler/index.js';
import type { Origin } from '../../ir/schema.js';
import Database from 'better-sqlite3';
import { UserError } from '../../util/errors.js';

/** A game of the run as the report names it. */
export interface ReportGame {
  /** Ruleset hash (what the estimates key games by). */
  hash: string;
  /** The game's name (from its source). */
  name: string;
  /** The file as the tournament config named it (relative to the config). */
  path: string;
  /** Short unique label used in tables and figures: the name, with the file's base name when names repeat. */
  label: string;
  /** Generator, builder version, seed and complexity, for a generated game. */
  origin: Origin | null;
  /** Finished slots of the game in the store. */
  done: number;
  /** Up to {@link SLOTS_PER_GAME} finished slot ids to show in the viewer, in slot-list order. */
  slots: string[];
}

/** A participant with its configuration as stored (the JSON its id hashes). */
export interface ReportParticipant {
  id: string;
  name: string;
  kind: string;
  /** Parameters of the kind (the `params` of the stored configuration), or the whole configuration. */
  params: Record<string, unknown>;
}

/** The commitment hashes a store holds. */
export interface ReportCommitment {
  /** Recorded by `gbgc tournament --commit` before play (meta key `commitment`). */
  committed: string | null;
  /** The commitment of the plan the slots were played under (meta key `planCommitment`). */
  played: string | null;
}

export interface ReportContext {
  games: ReportGame[];
  participants: ReportParticipant[];
  commitment: ReportCommitment;
}

/** Viewer pages linked per game. */
export const SLOTS_PER_GAME = 3;

/**
 * Read the report context of a run store (read-only).
 * @throws UserError when the file is not a run store
 */
export function readReportContext(path: string): ReportContext {
  let db: Database.Database;
  try {
    db = new Database(path, { readonly: true, fileMustExist: true });
  } catch (e) {
    throw new UserError(`${path}: not a readable run store (${(e as Error).message})`);
  }
  try {
    const tables = new Set(db.prepare("SELECT name FROM sqlite_master WHERE type IN ('table', 'view')").pluck().all() as string[]);
    const meta = (key: string): string | null => (tables.has('meta') ? ((db.prepare('SELECT value FROM meta WHERE key = ?').pluck().get(key) as string | undefined) ?? null) : null);
    const commitment = { committed: meta('commitment'), played: meta('planCommitment') };
    const participants: ReportParticipant[] = [];
    if (tables.has('participants') && hasColumns(db, 'participants', ['id', 'name', 'kind', 'config']))
      for (const p of db.prepare('SELECT id, name, kind, config FROM participants ORDER BY name, id').all() as { id: string; name: string; kind: string; config: string }[])
        participants.push({ id: p.id, name: p.name, kind: p.kind, params: paramsOf(p.config) });
    const games: ReportGame[] = [];
    if (tables.has('games') && hasColumns(db, 'games', ['ruleset_hash', 'name', 'path', 'source'])) {
      const hasLog = hasColumns(db, 'slots', ['move_log', 'seq']);
      const done = db.prepare("SELECT COUNT(*) FROM slots WHERE game = ? AND status = 'done'").pluck();
      const slotIds = db.prepare(`SELECT id FROM slots WHERE game = ? AND status = 'done'${hasLog ? ' AND move_log IS NOT NULL ORDER BY seq' : ''} LIMIT ${SLOTS_PER_GAME}`).pluck();
      for (const g of db.prepare('SELECT ruleset_hash, name, path, source FROM games ORDER BY path').all() as { ruleset_hash: string; name: string; path: string; source: string }[]) {
        const ir = compileSource(g.source).ir;
        games.push({ hash: g.ruleset_hash, name: g.name, path: g.path, label: g.name, origin: ir?.origin ?? null, done: done.get(g.ruleset_hash) as number, slots: hasLog ? (slotIds.all(g.ruleset_hash) as string[]) : [] });
      }
      uniqueLabels(games);
    }
    return { games, participants, commitment };
  } finally {
    db.close();
  }
}

/** Whether `table` has every column of `cols`. */
function hasColumns(db: Database.Database, table: string, cols: readonly string[]): boolean {
  const have = new Set((db.prepare(`PRAGMA table_info(${table})`).all() as { name: string }[]).map((c) => c.name));
  return cols.every((c) => have.has(c));
}

/** The `params` of a stored participant configuration (the whole object when it has none; empty when not JSON). */
function paramsOf(config: string): Record<string, unknown> {
  try {
    const c = JSON.parse(config) as unknown;
    if (c && typeof c === 'object' && !Array.isArray(c)) {
      const p = (c as { params?: unknown }).params;
      return p && typeof p === 'object' && !Array.isArray(p) ? (p as Record<string, unknown>) : (c as Record<string, unknown>);
    }
  } catch {
    // not JSON: shown as no parameters
  }
  return {};
}

/** Make labels unique: a repeated name gets its file's base name, a repeated pair its hash's first 8 digits. */
function uniqueLabels(games: ReportGame[]): void {
  const count = (key: (g: ReportGame) => string) => {
    const n = new Map<string, number>();
    for (const g of games) n.set(key(g), (n.get(key(g)) ?? 0) + 1);
    return n;
  };
  const byName = count((g) => g.name);
  for (const g of games) if ((byName.get(g.name) ?? 0) > 1) g.label = `${g.name} (${basename(g.path)})`;
  const byLabel = count((g) => g.label);
  for (const g of games) if ((byLabel.get(g.label) ?? 0) > 1) g.label = `${g.label} [${g.hash.slice(0, 8)}]`;
}

/** Game label by ruleset hash; a hash the context does not know is shown as its first 12 digits. */
export function gameLabeler(ctx: ReportContext | undefined): (hash: string) => string {
  const m = new Map((ctx?.games ?? []).map((g) => [g.hash, g.label]));
  return (h) => m.get(h) ?? (h.length > 14 ? `${h.slice(0, 12)}…` : h);
}
