/**
 * Reads slot rows from a run store (SQLite, better-sqlite3), read-only.
 *
 * The reader needs one table `slots` with, per finished slot, the game (ruleset hash), run id, the two
 * participant ids in seat order, and the chips won per seat; moves, fallbacks and play seed are read
 * when present. Column names are matched against a few spellings (first match wins):
 *
 *   game:      game, ruleset_hash, game_hash, game_id
 *   run:       run, run_id
 *   seat 0/1:  seat0/seat1, participant0/participant1, participant_a/participant_b, p0/p1
 *   returns:   return0/return1, returns0/returns1, or `returns` holding a JSON array [r0, r1]
 *   moves:     moves0/moves1;  fallbacks: fallbacks0/fallbacks1, fallback_moves0/fallback_moves1
 *   status:    status (only rows whose status is 'done', 'finished' or 'ok' are read)
 *   play seed: play_seed, playSeed;  slot id: id, slot_id
 *
 * The tournament commitment hash is read from a `meta(key, value)` table (key 'commitment') or a
 * `tournaments` table with a `commitment` column, when either exists; the engine version that played
 * the tournament from `meta(key='engineVersion')`; display names from `participants(id, name)`.
 * This matches the run store of `gbgc tournament` (src/eval/store), whose slots table has exactly the
 * first spellings above.
 *
 * A finished slot whose returns are missing (NULL, which is what SQLite stores for a NaN) or not
 * finite is never read as a tie: by default reading fails naming the slots; with `excludeMissing` the
 * slots are left out and listed in `missingReturns`.
 */
import { existsSync } from 'node:fs';
import Database from 'better-sqlite3';
import { UserError } from '../../util/errors.js';
import type { SlotRow } from './slots.js';
import { storeErrorMessage } from '../store/errors.js';
import { refuseNul, storeAbsent } from '../store/store.js';

const ALIASES = {
  game: ['game', 'ruleset_hash', 'game_hash', 'game_id'],
  run: ['run', 'run_id'],
  seat0: ['seat0', 'participant0', 'participant_a', 'p0'],
  seat1: ['seat1', 'participant1', 'participant_b', 'p1'],
  return0: ['return0', 'returns0'],
  return1: ['return1', 'returns1'],
  returns: ['returns'],
  moves0: ['moves0'],
  moves1: ['moves1'],
  fallbacks0: ['fallbacks0', 'fallback_moves0'],
  fallbacks1: ['fallbacks1', 'fallback_moves1'],
  status: ['status'],
  playSeed: ['play_seed', 'playSeed'],
  id: ['id', 'slot_id'],
} as const;

export interface StoreContents {
  rows: SlotRow[];
  commitment: string | null;
  /** Rows skipped because their status is not finished. */
  unfinished: number;
  /** Participant id → display name, from a `participants(id, name)` table when present. */
  names: Record<string, string>;
  /** The engine version recorded in `meta(key='engineVersion')`, if any. */
  engineVersion: string | null;
  /** Finished slots left out because their returns are missing or not finite (ids, or row numbers). */
  missingReturns: string[];
}

export interface ReadStoreOptions {
  /** Leave out finished slots with missing or non-finite returns instead of failing. */
  excludeMissing?: boolean;
}

/** A stored return as a number: NaN for NULL, empty or non-numeric values (never 0). */
const storedNumber = (v: unknown): number => (v === null || v === undefined || (typeof v === 'string' && v.trim() === '') ? NaN : Number(v));

/**
 * Read the finished slots of a store.
 * @throws UserError when the file is missing, not SQLite, lacks the needed columns, or (without
 *   `excludeMissing`) has finished slots whose returns are missing or not finite.
 */
export function readStore(path: string, opts: ReadStoreOptions = {}): StoreContents {
  refuseNul(path);
  if (!existsSync(path)) throw new UserError(`${path}: no such file`);
  if (storeAbsent(path)) throw new UserError(`${path}: an empty file (0 bytes), not a run store yet: no tournament has written it`);
  let db: Database.Database;
  try {
    db = new Database(path, { readonly: true, fileMustExist: true });
    db.pragma('schema_version');
  } catch (e) {
    throw new UserError(storeErrorMessage(path, e) ?? `${path}: not a readable SQLite run store (${(e as Error).message})`);
  }
  try {
    const tables = new Set((db.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").all() as { name: string }[]).map((t) => t.name));
    if (!tables.has('slots')) throw new UserError(`${path}: no 'slots' table; is this a gbgc run store?`);
    const cols = new Set((db.prepare('PRAGMA table_info(slots)').all() as { name: string }[]).map((c) => c.name));
    const pick = (k: keyof typeof ALIASES): string | null => ALIASES[k].find((c) => cols.has(c)) ?? null;
    const need = (k: keyof typeof ALIASES): string => {
      const c = pick(k);
      if (!c) throw new UserError(`${path}: the slots table has no ${k} column (looked for ${ALIASES[k].join(', ')})`);
      return c;
    };
    const c = {
      game: need('game'),
      run: need('run'),
      seat0: need('seat0'),
      seat1: need('seat1'),
      return0: pick('return0'),
      return1: pick('return1'),
      returns: pick('returns'),
      moves0: pick('moves0'),
      moves1: pick('moves1'),
      fallbacks0: pick('fallbacks0'),
      fallbacks1: pick('fallbacks1'),
      status: pick('status'),
      playSeed: pick('playSeed'),
      id: pick('id'),
    };
    if (!(c.return0 && c.return1) && !c.returns) throw new UserError(`${path}: the slots table has no per-seat returns (return0/return1 or returns)`);
    const all = db.prepare(`SELECT * FROM slots`).all() as Record<string, unknown>[];
    const rows: SlotRow[] = [];
    let unfinished = 0;
    const missing: string[] = [];
    for (const [k, r] of all.entries()) {
      if (c.status && !['done', 'finished', 'ok'].includes(String(r[c.status]))) {
        unfinished++;
        continue;
      }
      let ret: [number, number];
      if (c.return0 && c.return1) ret = [storedNumber(r[c.return0]), storedNumber(r[c.return1])];
      else {
        try {
          const v = JSON.parse(String(r[c.returns!])) as unknown;
          ret = Array.isArray(v) && v.length === 2 ? [storedNumber(v[0]), storedNumber(v[1])] : [NaN, NaN];
        } catch {
          ret = [NaN, NaN];
        }
      }
      if (!Number.isFinite(ret[0]) || !Number.isFinite(ret[1])) {
        missing.push(c.id && r[c.id] != null ? String(r[c.id]) : `row ${k + 1}`);
        continue;
      }
      const row: SlotRow = {
        game: String(r[c.game]),
        run: r[c.run] as string | number,
        seats: [String(r[c.seat0]), String(r[c.seat1])],
        returns: ret,
      };
      if (c.id) row.slot = String(r[c.id]);
      if (c.moves0 && c.moves1 && r[c.moves0] != null) row.moves = [Number(r[c.moves0]), Number(r[c.moves1])];
      if (c.fallbacks0 && c.fallbacks1 && r[c.fallbacks0] != null) row.fallbackMoves = [Number(r[c.fallbacks0]), Number(r[c.fallbacks1])];
      if (c.playSeed && r[c.playSeed] != null) row.playSeed = r[c.playSeed] as string | number;
      rows.push(row);
    }
    let commitment: string | null = null;
    if (tables.has('meta')) {
      const m = db.prepare("SELECT value FROM meta WHERE key = 'commitment'").get() as { value?: unknown } | undefined;
      if (m?.value != null) commitment = String(m.value);
    }
    if (commitment === null && tables.has('tournaments')) {
      const tc = new Set((db.prepare('PRAGMA table_info(tournaments)').all() as { name: string }[]).map((x) => x.name));
      if (tc.has('commitment')) {
        const m = db.prepare('SELECT commitment FROM tournaments LIMIT 1').get() as { commitment?: unknown } | undefined;
        if (m?.commitment != null) commitment = String(m.commitment);
      }
    }
    const names: Record<string, string> = {};
    if (tables.has('participants')) {
      const pc = new Set((db.prepare('PRAGMA table_info(participants)').all() as { name: string }[]).map((x) => x.name));
      if (pc.has('id') && pc.has('name'))
        for (const p of db.prepare('SELECT id, name FROM participants').all() as { id: unknown; name: unknown }[]) if (p.name != null) names[String(p.id)] = String(p.name);
    }
    let engineVersion: string | null = null;
    if (tables.has('meta')) {
      const m = db.prepare("SELECT value FROM meta WHERE key = 'engineVersion'").get() as { value?: unknown } | undefined;
      if (m?.value != null) engineVersion = String(m.value);
    }
    if (missing.length > 0 && !opts.excludeMissing) {
      const shown = missing.slice(0, 10).join(', ');
      throw new UserError(
        `${path}: ${missing.length} finished slot(s) have missing or non-finite returns (${shown}${missing.length > 10 ? `, … ${missing.length - 10} more` : ''}); ` +
          'they cannot be read as ties. Replay them, or pass --exclude-missing to leave them out (the count is printed and stored in the estimates)',
      );
    }
    if (rows.length === 0) throw new UserError(`${path}: no finished slots to analyse${missing.length ? ` (${missing.length} left out for missing returns)` : ''}`);
    return { rows, commitment, unfinished, names, engineVersion, missingReturns: missing };
  } finally {
    db.close();
  }
}

/**
 * Write slot rows into a new store with the minimal schema above (for tests, examples and the
 * planted-truth bench). Overwrites nothing: the file must not exist.
 */
export function writeMinimalStore(path: string, rows: readonly SlotRow[], commitment?: string): void {
  if (existsSync(path)) throw new UserError(`${path} exists`);
  const db = new Database(path);
  try {
    db.exec(`CREATE TABLE slots (id TEXT PRIMARY KEY, game TEXT NOT NULL, run INTEGER NOT NULL, seat0 TEXT NOT NULL, seat1 TEXT NOT NULL,
      status TEXT NOT NULL, return0 REAL, return1 REAL, moves0 INTEGER, moves1 INTEGER, fallbacks0 INTEGER, fallbacks1 INTEGER, play_seed TEXT);
      CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT);`);
    const ins = db.prepare('INSERT INTO slots VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)');
    db.transaction(() => {
      rows.forEach((r, k) =>
        ins.run(r.slot ?? `s${k}`, r.game, r.run, r.seats[0], r.seats[1], 'done', r.returns[0], r.returns[1], r.moves?.[0] ?? null, r.moves?.[1] ?? null, r.fallbackMoves?.[0] ?? null, r.fallbackMoves?.[1] ?? null, r.playSeed != null ? String(r.playSeed) : null),
      );
      if (commitment) db.prepare("INSERT INTO meta VALUES ('commitment', ?)").run(commitment);
    })();
  } finally {
    db.close();
  }
}
