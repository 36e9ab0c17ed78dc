/**
 * The run store: one SQLite file (better-sqlite3, WAL journal) holding a tournament's
 * participants, games, finished slots and their moves. A slot and its moves are written in one
 * transaction after the slot ends, so after any crash (`kill -9` included) the file holds whole
 * slots only, and a rerun plays exactly the slots that are missing.
 *
 * Tables (see `docs/tournaments.md`):
 * - `meta(key, value)`: `schemaVersion`, `engineVersion`, `plan` (the canonical JSON of what the
 *   tournament plays), `commitment` (when committed), `createdAt`.
 * - `participants(id, name, kind, config)`: config is the canonical JSON the id hashes.
 * - `games(ruleset_hash, name, path, source)`.
 * - `slots(id, seq, game, run, slot, seat0, seat1, play_seed, status, return0, return1, moves0,
 *   moves1, fallbacks0, fallbacks1, wall_ms, error, notes, finished_at, move_log, seats, hands)`;
 *   `status` is `done` or `error`; `notes` is JSON (per seat, how the agent plays the game, e.g.
 *   the l1 method); `seats` is JSON ({@link SeatRecord} per seat) for a table of more than two
 *   seats, else null; `hands` is JSON ({@link HandRecord} per hand) for a match of more than one
 *   hand, else null.
 * - `moves(slot, ply, seat, obs_digest, action, label, fallback, latency_ms, extra)`: a view over
 *   `slots.move_log`, one row per decision (`ply` is its index in the slot); `extra` is JSON for
 *   agent-specific fields (LLM players: tokens, cost, raw reply), null for bots. A slot that ended
 *   in an error has no moves.
 *
 * The moves of a slot are stored with it, in the `move_log` column: a JSON array with one entry
 * `[seat, obs_digest, action, label, fallback, latency_ms, extra]` per decision. One row per slot
 * instead of one per decision made storing a bot tournament cost a fraction of what it did
 * (schema 1 had a `moves` table); readers see the same `moves` relation through the view.
 */
import Database from 'better-sqlite3';
import { existsSync, linkSync, readdirSync, rmSync, statSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { UserError } from '../../util/errors.js';
import { ENGINE_VERSION } from '../../util/version.js';
import type { Action } from '../../interpreter/api.js';
import { compileSource } from '../../compiler/index.js';
import { recoverySteps, storeError, storeErrorMessage, StoreVersionError } from './errors.js';
import { running, takeLease, type HeldLease } from './lease.js';

/**
 * Version of the table layout below. Schema 3 added the `slots` columns `seats` (the seats of a
 * table of more than two) and `hands` (the hands of a match of several); schema 4 table chat and the
 * league's records; schema 5 keeps a house game's results for its players only: the house's seat
 * (`house SEAT` in the game's rules) has null returns, moves and fallbacks in `return0`/`return1`
 * and `seats` (its chips are the bank's, not a participant's result; each hand's record in `hands`
 * keeps every seat's chips, the house's included, as a record of the play). An older
 * store is read as it is, except that the reader leaves out the house's results of its house games
 * the same way (the house's seat is read from the stored game's rules), so every reader sees
 * players' results only; the writer upgrades it in place (its rows unchanged).
 */
export const SCHEMA_VERSION = 5;
/**
 * The layouts this gbgc reads: {@link SCHEMA_VERSION} and the ones before it. Schema 4 added table
 * chat: a move's entry in `move_log` may hold an eighth element, the message offered with the move
 * ({@link ChatRecord}), and the `moves` view its column `chat`; schema 4 also added the league's
 * records (`league.ts`): the `corrections` table, and labels and block commitments in `meta`. A store of schema 2 or 3 is read as it is (its
 * moves have no chat) and upgraded in place by the writer (the view recreated), so a tournament
 * begun under an older schema resumes with byte-identical slots. Schema 5: see {@link SCHEMA_VERSION}.
 */
export const READABLE_SCHEMAS: readonly number[] = [2, 3, 4, 5];

const SCHEMA = `
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS participants (id TEXT PRIMARY KEY, name TEXT NOT NULL, kind TEXT NOT NULL, config TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS games (ruleset_hash TEXT PRIMARY KEY, name TEXT NOT NULL, path TEXT NOT NULL, source TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS slots (
  id TEXT PRIMARY KEY,
  seq INTEGER NOT NULL,
  game TEXT NOT NULL REFERENCES games(ruleset_hash),
  run INTEGER NOT NULL,
  slot INTEGER NOT NULL,
  seat0 TEXT NOT NULL REFERENCES participants(id),
  seat1 TEXT NOT NULL REFERENCES participants(id),
  play_seed INTEGER NOT NULL,
  status TEXT NOT NULL,
  return0 REAL,
  return1 REAL,
  moves0 INTEGER,
  moves1 INTEGER,
  fallbacks0 INTEGER,
  fallbacks1 INTEGER,
  wall_ms REAL,
  error TEXT,
  notes TEXT,
  finished_at TEXT NOT NULL,
  move_log TEXT,
  seats TEXT,
  hands TEXT
);
CREATE TABLE IF NOT EXISTS corrections (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  recorded_at TEXT NOT NULL,
  error TEXT NOT NULL,
  affects_rankings INTEGER NOT NULL,
  matches TEXT NOT NULL,
  status TEXT NOT NULL,
  note TEXT
);
CREATE VIEW IF NOT EXISTS moves AS
  SELECT s.id AS slot, CAST(j.key AS INTEGER) AS ply, json_extract(j.value, '$[0]') AS seat, json_extract(j.value, '$[1]') AS obs_digest,
         json_extract(j.value, '$[2]') AS action, json_extract(j.value, '$[3]') AS label, json_extract(j.value, '$[4]') AS fallback,
         json_extract(j.value, '$[5]') AS latency_ms, json_extract(j.value, '$[6]') AS extra, json_extract(j.value, '$[7]') AS chat
  FROM slots s, json_each(s.move_log) j
  WHERE s.move_log IS NOT NULL;
`;

/** A finished slot as stored: the one slot record, written by the tournament and read by every reader. */
export interface SlotRecord {
  id: string;
  /** Position in the tournament's slot list. */
  seq: number;
  /** Ruleset hash of the game. */
  game: string;
  run: number;
  /** 0: the matchup's first participant in seat 0; 1: seats swapped. */
  slot: number;
  /** Participant ids in seat 0 and seat 1. */
  seat0: string;
  seat1: string;
  play_seed: number;
  /** `discarded`: an LLM seat's move was lost to the service and its `on_failure` is `discard` (no moves; counted, never replayed, read by no estimator). */
  status: 'done' | 'error' | 'discarded';
  /** Chips won per seat (null for an error). */
  return0: number | null;
  return1: number | null;
  moves0: number | null;
  moves1: number | null;
  fallbacks0: number | null;
  fallbacks1: number | null;
  wall_ms: number;
  error: string | null;
  /** JSON. */
  notes: string | null;
  finished_at: string;
  /**
   * Every seat of a table of more than two seats, seat 0 first (`seat0`, `seat1` and their
   * returns, moves and fallbacks repeat seats 0 and 1); null or absent for two seats.
   */
  seats?: SeatRecord[] | null;
  /**
   * The hands of a match of more than one hand, in order; null or absent for a slot of one hand
   * (its one hand is the slot). The slot's returns, moves and fallbacks per seat are the sums over
   * its hands, by participant.
   */
  hands?: HandRecord[] | null;
  /**
   * The game seat of the house in a game that declares one (`house SEAT`), else null or absent.
   * Not a column: the reader sets it from the stored game's rules. The house's results (return,
   * moves, fallbacks) are null: results are the players' only.
   */
  house?: number | null;
}

/** One seat of a slot's table, as the `seats` column holds it. */
export interface SeatRecord {
  /** Participant id. */
  participant: string;
  /** Chips won over the slot (null for an error). */
  return: number | null;
  moves: number | null;
  fallbacks: number | null;
}

/**
 * One hand of a match (a slot of several hands), as the `hands` column holds it: who sat where,
 * the button, the stacks it started from, what each seat won, and which of the slot's moves it holds.
 */
export interface HandRecord {
  /** Index of the hand in the match, from 0. */
  hand: number;
  /** Participant id in each seat of the game in this hand, seat 0 first. */
  seats: string[];
  /** The seat holding the button in this hand, or null for a game that declares none. */
  button: number | null;
  /** Each seat's stack when the hand began (before antes and blinds), chips; null: the game's declared stacks (the one hand of a one-hand slot). */
  stacks: number[] | null;
  /**
   * Chips won per seat in this hand (final stack − starting stack), the house's seat included (a
   * record of the hand's play; the house's results are not a participant's: estimators skip the
   * slot's {@link SlotRecord.house} seat).
   */
  returns: number[];
  /** The hand's decisions are the slot's moves with ply `firstPly` … `firstPly + plies − 1`. */
  firstPly: number;
  plies: number;
}

/**
 * One decision of a slot, as the match loop records it (`src/eval/match/play.ts`), the store
 * writes it ({@link RunStore.stageSlot}) and {@link RunStore.readMoves} gives it back.
 */
export interface MoveRecord {
  /** Index of the decision in the slot (both seats), from 0. */
  ply: number;
  seat: number;
  /** 64-bit digest (16 hex digits) of the seat's information-state key: equal keys, equal digests. */
  obsDigest: string;
  action: Action;
  /** `actionToString` of the action. */
  label: string;
  /** Why the action is a fallback, or null. */
  fallback: string | null;
  /** Wall-clock milliseconds the agent took (not reproducible; stored rounded to the microsecond). */
  latencyMs: number;
  /** Agent-specific fields (LLM: tokens, cost, raw reply), stored as JSON, or null. */
  extra: Record<string, unknown> | null;
  /** The table message offered with the move, accepted or refused (schema 4; absent or null: none). */
  chat?: ChatRecord | null;
}

/** A table message offered with a move, as the store records it (`src/eval/match/chat.ts` decides it). */
export interface ChatRecord {
  text: string;
  /** Delivered to every seat (true), or refused (false). */
  accepted: boolean;
  /** Why it was refused, or null when accepted. */
  reason: string | null;
}

/**
 * Every seat of a slot, seat 0 first, for any number of seats: the `seats` column of a table of
 * more than two seats, else seats 0 and 1 from their columns.
 */
export function slotSeats(slot: SlotRecord): SeatRecord[] {
  if (slot.seats && slot.seats.length > 0) return slot.seats;
  return [
    { participant: slot.seat0, return: slot.return0, moves: slot.moves0, fallbacks: slot.fallbacks0 },
    { participant: slot.seat1, return: slot.return1, moves: slot.moves1, fallbacks: slot.fallbacks1 },
  ];
}

/**
 * The hands of a finished slot, in order: the `hands` column of a match of several hands, else the
 * slot as its one hand (the participants in their seats, no button, the declared stacks, the
 * slot's returns and all its moves).
 * @param plies the slot's number of moves (for a one-hand slot)
 */
export function slotHands(slot: SlotRecord, plies: number): HandRecord[] {
  if (slot.hands && slot.hands.length > 0) return slot.hands;
  const seats = slotSeats(slot);
  return [
    {
      hand: 0,
      seats: seats.map((s) => s.participant),
      button: null,
      stacks: null,
      returns: seats.map((s) => s.return ?? 0),
      firstPly: 0,
      plies,
    },
  ];
}

/** A stored `extra` as an object (null when absent or not a JSON object). */
function parseExtra(extra: string | null): Record<string, unknown> | null {
  if (!extra) return null;
  try {
    const v = JSON.parse(extra) as unknown;
    return v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/** The columns of a slot record (`slots` also holds `move_log`, which the `moves` view reads) and of the `moves` view, in order. */
export const SLOT_COLUMNS = [
  'id',
  'seq',
  'game',
  'run',
  'slot',
  'seat0',
  'seat1',
  'play_seed',
  'status',
  'return0',
  'return1',
  'moves0',
  'moves1',
  'fallbacks0',
  'fallbacks1',
  'wall_ms',
  'error',
  'notes',
  'finished_at',
] as const;
/** The columns of the `slots` table a reader exports: the slot record's, then `seats` and `hands` (schema 3). */
export const SLOT_EXPORT_COLUMNS = [...SLOT_COLUMNS, 'seats', 'hands'] as const;
export const MOVE_COLUMNS = ['slot', 'ply', 'seat', 'obs_digest', 'action', 'label', 'fallback', 'latency_ms', 'extra', 'chat'] as const;

/**
 * Check the versions of an open store: its `meta` must record this {@link SCHEMA_VERSION} and, when
 * `engine` is set, this {@link ENGINE_VERSION} (a schema of {@link READABLE_SCHEMAS}: the writer
 * upgrades a schema-2 store in place when it opens it). Every reader and the writer check them before reading
 * a row: a store is never read under another layout, and results of different engines are never
 * mixed. An older store is not migrated (no reader writes to its input): it is read by the gbgc
 * that wrote it. A reader of results may read a store of another engine when the user asks
 * (`allowEngineMismatch`, the `--allow-engine-mismatch` flag: it then warns and records the store's
 * engine); a writer never (`write`: resuming a run under another engine would mix two engines'
 * slots in one run), and its message says so.
 * @param opts.engine check the engine version too (readers of results, the writer)
 * @param opts.write the check is for writing into the store (the message names a new store as the way out)
 * @param opts.allowEngineMismatch read a store of another engine anyway (readers only; ignored with `write`)
 * @throws StoreVersionError (`store-schema` or `store-engine`) naming the file and both versions;
 *   UserError for a damaged file
 */
/** The readable schema versions in words (`2 or 3`). */
const READABLE = READABLE_SCHEMAS.join(' or ');

export function checkVersions(db: Database.Database, path: string, opts: { engine: boolean; write?: boolean; allowEngineMismatch?: boolean }): void {
  const has = db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name = 'meta'").get();
  if (!has)
    throw new StoreVersionError(
      path,
      'store-schema',
      `not a gbgc run store (it has no meta table recording a schema version; this gbgc reads run stores of schema version ${READABLE}, written by gbgc tournament)`,
    );
  const get = (k: string) => (db.prepare('SELECT value FROM meta WHERE key = ?').get(k) as { value: string } | undefined)?.value;
  const schema = get('schemaVersion');
  if (schema === undefined) {
    // A store whose meta rows are gone is more often damaged than old: say which.
    const check = db.pragma('quick_check(1)', { simple: true });
    if (check !== 'ok')
      throw new UserError(`${path}: the store is damaged (SQLite quick_check: ${String(check).replace(/\s*\n\s*/g, ' ')}); ${recoverySteps(path)}`);
  }
  if (!READABLE_SCHEMAS.some((v) => schema === String(v)))
    throw new StoreVersionError(
      path,
      'store-schema',
      schema === undefined
        ? `not a gbgc run store of a known layout (its meta records no schemaVersion); this gbgc reads schema version ${READABLE}`
        : `run store schema version ${schema}, this gbgc reads version ${READABLE}; stores are not converted: read it with the gbgc that wrote it, or play the tournament again into a new store`,
    );
  if (!opts.engine) return;
  const engine = get('engineVersion');
  if (engine === ENGINE_VERSION || (opts.allowEngineMismatch && !opts.write)) return;
  const written = `the store was written by engine ${engine ?? '(unknown)'}, this is ${ENGINE_VERSION}`;
  throw new StoreVersionError(
    path,
    'store-engine',
    opts.write
      ? `${written}; a tournament is not resumed or extended under another engine (its slots would mix two engines' play in one run, and the estimates could not say which engine played what): play it into a new store (another store path), or finish it with the gbgc of that engine`
      : `${written}; results of different engines are not mixed unasked: pass --allow-engine-mismatch (in a study, analysis.allow_engine_mismatch: true) to analyse it anyway (with a warning; the estimates record the store's engine), read it with the gbgc of that engine, or play the tournament again into a new store`,
  );
}

/**
 * Check an existing store before anything is written: it must be a gbgc run store of this schema
 * and engine version (see {@link checkVersions}).
 * @throws UserError naming the file otherwise
 */
export function checkStore(path: string): void {
  refuseNul(path);
  if (storeAbsent(path)) return;
  let db: Database.Database | undefined;
  try {
    db = new Database(path, { readonly: true, fileMustExist: true });
    checkVersions(db, path, { engine: true, write: true });
  } catch (e) {
    if (e instanceof UserError) throw e;
    throw new UserError(storeErrorMessage(path, e) ?? `${path}: not a readable SQLite run store (${(e as Error).message})`);
  } finally {
    db?.close();
  }
}

/**
 * Refuse a store path holding a NUL character: SQLite would cut the name there and write another file.
 * @throws UserError
 */
export function refuseNul(path: string): void {
  if (path.includes('\0')) throw new UserError(`${JSON.stringify(path)}: a store path cannot hold a NUL character`);
}

/** Size of a file in bytes, or undefined when there is none. */
function sizeOf(path: string): number | undefined {
  try {
    return statSync(path).size;
  } catch {
    return undefined;
  }
}

/**
 * Whether no store is at `path`: no file, or an empty (0-byte) file with no write-ahead log
 * holding pages (left by a process killed between creating the file and its schema, a full disk, or
 * a tool that opened the path first). Such a path is created afresh.
 */
export function storeAbsent(path: string): boolean {
  const size = sizeOf(path);
  return size === undefined || (size === 0 && !sizeOf(`${path}-wal`));
}

/** Remove a file and its SQLite companions, ignoring what is not there. */
function removeDb(file: string): void {
  for (const f of [file, `${file}-wal`, `${file}-shm`, `${file}-journal`]) rmSync(f, { force: true });
}

/**
 * Create an empty store at `path` atomically: the schema and the meta rows are written to a
 * temporary sibling `.NAME.creating-PID`, which is then linked to `path`. A kill at any moment
 * leaves no store or a valid empty one (never a file without its schema); a temporary file left by
 * a process that no longer runs is removed. When another process creates the store first, its
 * store is used. An empty (0-byte) file at `path` is replaced.
 * @throws UserError for a folder that is missing, read-only or full
 */
function createStore(path: string): void {
  const dir = dirname(path);
  const prefix = `.${basename(path)}.creating-`;
  try {
    for (const n of readdirSync(dir)) {
      if (!n.startsWith(prefix)) continue;
      const pid = Number(n.slice(prefix.length).split('-')[0]);
      if (Number.isInteger(pid) && pid !== process.pid && !running(pid)) rmSync(join(dir, n), { force: true });
    }
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR') throw new UserError(`cannot create run store ${path}: the folder ${dir} does not exist`);
    throw storeError(path, e);
  }
  const tmp = join(dir, `${prefix}${process.pid}`);
  removeDb(tmp);
  try {
    const db = new Database(tmp);
    try {
      // 16 KiB pages for a new file: a slot row is about 500 bytes, and with 4 KiB pages inserting
      // and committing slots cost about 1.6 times as much (measured).
      db.pragma('page_size = 16384');
      db.pragma('journal_mode = WAL');
      db.exec(SCHEMA);
      const put = db.prepare('INSERT OR REPLACE INTO meta (key, value) VALUES (?, ?)');
      db.transaction(() => {
        put.run('schemaVersion', String(SCHEMA_VERSION));
        put.run('engineVersion', ENGINE_VERSION);
        put.run('createdAt', new Date().toISOString());
      })();
    } finally {
      // Closing the only connection checkpoints the log into the file and removes it.
      db.close();
    }
    if (sizeOf(path) === 0 && !sizeOf(`${path}-wal`)) removeDb(path);
    try {
      linkSync(tmp, path);
    } catch (e) {
      // Another process created the store meanwhile: use it.
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
    }
  } catch (e) {
    if (e instanceof UserError) throw e;
    throw new UserError(storeErrorMessage(path, e) ?? `cannot create run store ${path}: ${(e as Error).message}`);
  } finally {
    removeDb(tmp);
  }
}

/** JSON text of a value as an element of an array (what `JSON.stringify([v])` puts between the brackets). */
function jsonElement(v: unknown): string {
  if (v === null) return 'null';
  if (typeof v === 'number') return Number.isFinite(v) ? String(v) : 'null';
  return JSON.stringify(v) ?? 'null';
}

/** Whether JSON writes `s` as it is between quotes: lowercase hex digits (what digests are). */
function isHex(s: string): boolean {
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (!((c >= 48 && c <= 57) || (c >= 97 && c <= 102))) return false;
  }
  return true;
}
/** JSON text of action labels, by label: a game has few labels and a tournament repeats them. */
const quotedLabels = new Map<string, string>();

/** JSON text of a string, its label cached (at most 4,096 labels are kept). */
function quoted(s: string): string {
  let q = quotedLabels.get(s);
  if (q === undefined) {
    if (quotedLabels.size >= 4096) quotedLabels.clear();
    quotedLabels.set(s, (q = JSON.stringify(s)));
  }
  return q;
}

/**
 * The `move_log` of a slot: JSON, one `[seat, obs_digest, action, label, fallback, latency_ms, extra]`
 * per decision; latencies rounded to the microsecond. The text is exactly `JSON.stringify` of those
 * arrays (a property test checks it), written directly: building the arrays for `JSON.stringify`
 * cost a bot tournament more than its store's inserts.
 * @throws Error when a move's `ply` is not its index
 */
export function moveLog(moves: readonly MoveRecord[]): string {
  let out = '[';
  for (let i = 0; i < moves.length; i++) {
    const m = moves[i];
    if (m.ply !== i) throw new Error(`moveLog: move ${i} has ply ${m.ply}; moves must be given in decision order`);
    const d = m.obsDigest;
    const digest = typeof d === 'string' && isHex(d) ? `"${d}"` : jsonElement(d);
    const label = typeof m.label === 'string' ? quoted(m.label) : jsonElement(m.label);
    // The eighth element, the move's table message, only when there is one (schema 4): moves without chat are written as before.
    const chat = m.chat ? `,${jsonElement(m.chat)}` : '';
    out += `${i === 0 ? '[' : ',['}${jsonElement(m.seat)},${digest},${jsonElement(m.action)},${label},${jsonElement(m.fallback)},${jsonElement(Math.round(m.latencyMs * 1000) / 1000)},${jsonElement(m.extra)}${chat}]`;
  }
  return out + ']';
}

/**
 * Bring a store of an older readable layout to {@link SCHEMA_VERSION}, in one transaction: schema 2
 * gains the `slots` columns `seats` and `hands` (null in its rows, which are two-seat slots of one
 * hand); schemas 2 and 3 get the `moves` view with its `chat` column and the tables of labels and
 * corrections (empty); schema 4 only its version (see {@link SCHEMA_VERSION}). The writer does this when it opens a store; readers read the older layout as it is.
 */
function upgradeSchema(db: Database.Database): void {
  const schema = (db.prepare("SELECT value FROM meta WHERE key = 'schemaVersion'").get() as { value: string } | undefined)?.value;
  if (schema === '4') {
    // Schema 5 changes no table: its rows are read with the house's results left out.
    db.prepare("UPDATE meta SET value = ? WHERE key = 'schemaVersion'").run(String(SCHEMA_VERSION));
    return;
  }
  if (schema !== '2' && schema !== '3') return;
  const columns = new Set((db.prepare('PRAGMA table_info(slots)').all() as { name: string }[]).map((c) => c.name));
  db.transaction(() => {
    for (const c of ['seats', 'hands']) if (!columns.has(c)) db.exec(`ALTER TABLE slots ADD COLUMN ${c} TEXT`);
    // Schema 4: the moves view gains its chat column.
    db.exec('DROP VIEW IF EXISTS moves');
    db.exec(SCHEMA);
    db.prepare("UPDATE meta SET value = ? WHERE key = 'schemaVersion'").run(String(SCHEMA_VERSION));
  })();
}

/** The slot row's columns a store of schema `schema` has (schema 2 lacks `seats` and `hands`). */
function slotSelect(schema: number): string {
  return (schema >= 3 ? SLOT_EXPORT_COLUMNS : SLOT_COLUMNS).join(', ');
}

/**
 * The house's seat of each stored game that declares a house, by ruleset hash (read from the
 * game's stored rules; a source that no longer compiles declares none).
 */
function houseSeats(db: Database.Database): Map<string, number> {
  const out = new Map<string, number>();
  const rows = db.prepare('SELECT ruleset_hash, source FROM games').all() as { ruleset_hash: string; source: string }[];
  for (const g of rows) {
    // Only a source that names a house is compiled.
    if (!/\bhouse\b/.test(g.source)) continue;
    const seat = compileSource(g.source).ir?.house?.seat;
    if (seat !== undefined) out.set(g.ruleset_hash, seat);
  }
  return out;
}

/**
 * A slot record with its house's results left out (schema 5; what the writer stores and the reader
 * gives for every schema): the house seat's return, moves and fallbacks null (its chips per hand
 * stay in `hands`, a record of the play). Other slots are returned unchanged.
 */
export function playersOnly(r: SlotRecord, house: number | undefined): SlotRecord {
  if (house === undefined) return r;
  const out: SlotRecord = { ...r, house };
  if (house === 0) Object.assign(out, { return0: null, moves0: null, fallbacks0: null });
  if (house === 1) Object.assign(out, { return1: null, moves1: null, fallbacks1: null });
  if (r.seats) out.seats = r.seats.map((x, k) => (k === house ? { ...x, return: null, moves: null, fallbacks: null } : x));
  return out;
}

/** A slot row as read: `seats` and `hands` parsed from their JSON, null when absent. @throws UserError for a column that is not a JSON list (an altered store) */
function slotFromRow(path: string, row: Record<string, unknown>): SlotRecord {
  for (const c of ['seats', 'hands'] as const) {
    const v = row[c];
    if (typeof v !== 'string') continue;
    let parsed: unknown;
    try {
      parsed = JSON.parse(v);
    } catch {
      parsed = undefined;
    }
    if (!Array.isArray(parsed))
      throw new UserError(
        `${path}: slot ${String(row.id)}: its ${c} column is not a JSON list (the store was altered); use a store written by gbgc tournament`,
      );
    row[c] = parsed;
  }
  return row as unknown as SlotRecord;
}

/** An open run store. */
export class RunStore {
  private insertStatement: Database.Statement | undefined;
  private readonly begin: Database.Statement;
  private readonly commitStatement: Database.Statement;
  private readonly rollback: Database.Statement;
  private staged = 0;
  private lease: HeldLease | undefined;
  /** The house's seat by ruleset hash (see {@link houseSeats}), read once. */
  private houses: Map<string, number> | undefined;

  /** The schema version of the open store (a reader may hold a schema-2 store; the writer upgrades it to {@link SCHEMA_VERSION}). */
  readonly schema: number;

  private constructor(
    readonly db: Database.Database,
    readonly path: string,
  ) {
    this.schema = Number((db.prepare("SELECT value FROM meta WHERE key = 'schemaVersion'").get() as { value: string } | undefined)?.value ?? SCHEMA_VERSION);
    this.begin = db.prepare('BEGIN');
    this.commitStatement = db.prepare('COMMIT');
    this.rollback = db.prepare('ROLLBACK');
  }

  /**
   * Open a store for writing, creating it atomically when absent (see {@link storeAbsent}), and
   * take its writer lease (`lease.ts`): one writer per store. Call {@link checkStore} first.
   * @param opts.notice where a one-line notice goes when a stale lease is taken over
   * @throws UserError when the file cannot be created or opened (naming the cause: missing folder,
   *   read-only, full disk, damaged file), or another live process holds the lease
   */
  static open(path: string, opts: { notice?: (line: string) => void } = {}): RunStore {
    refuseNul(path);
    if (storeAbsent(path)) createStore(path);
    let db: Database.Database;
    try {
      db = new Database(path, { fileMustExist: true });
    } catch (e) {
      throw new UserError(storeErrorMessage(path, e) ?? `cannot open run store ${path}: ${(e as Error).message}`);
    }
    try {
      return RunStore.prepareWriter(db, path, opts.notice ?? (() => {}));
    } catch (e) {
      db.close();
      throw storeError(path, e);
    }
  }

  private static prepareWriter(db: Database.Database, path: string, notice: (line: string) => void): RunStore {
    db.pragma('journal_mode = WAL');
    db.pragma('synchronous = NORMAL');
    // Checkpoints copy the journal's pages into the database file; every 2,500 pages (about 40 MB
    // of journal) rather than SQLite's 1,000, a page a run rewrites often is copied less often.
    db.pragma('wal_autocheckpoint = 2500');
    // Foreign keys are declared for readers and tools; the writer adds participants and games before
    // their slots (openStoreFor), so per-row enforcement would only cost time.
    db.pragma('foreign_keys = OFF');
    const has = db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name = 'meta'").get();
    if (!has) throw new UserError(`${path}: not a gbgc run store (no meta table)`);
    const lease = takeLease(db, path, notice);
    try {
      db.exec(SCHEMA);
      upgradeSchema(db);
      const store = new RunStore(db, path);
      store.lease = lease;
      return store;
    } catch (e) {
      lease.release();
      throw e;
    }
  }

  /**
   * Open an existing store read-only, after checking its schema version (always) and its engine
   * version (with `engine: true`: what readers of results ask for; `records` and the viewer show a
   * store of another engine as it is; with `allowEngineMismatch` too, a reader of results reads a
   * store of another engine, which it must then say). See {@link checkVersions}.
   * @throws UserError when it is missing or not a run store; StoreVersionError on a version mismatch
   */
  static openReadOnly(path: string, opts: { engine?: boolean; allowEngineMismatch?: boolean } = {}): RunStore {
    refuseNul(path);
    if (!existsSync(path)) throw new UserError(`cannot read ${path}: no such file`);
    if (storeAbsent(path))
      throw new UserError(`${path}: an empty file (0 bytes), not a run store yet: no tournament has written it (gbgc tournament creates it afresh)`);
    let db: Database.Database;
    try {
      db = new Database(path, { readonly: true, fileMustExist: true });
    } catch (e) {
      throw new UserError(storeErrorMessage(path, e) ?? `${path}: not a gbgc run store (${(e as Error).message})`);
    }
    try {
      checkVersions(db, path, { engine: opts.engine ?? false, allowEngineMismatch: opts.allowEngineMismatch });
      if (!db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name = 'slots'").get()) throw new Error('no slots table');
    } catch (e) {
      db.close();
      if (e instanceof UserError) throw e;
      throw new UserError(storeErrorMessage(path, e) ?? `${path}: not a gbgc run store (${(e as Error).message})`);
    }
    return new RunStore(db, path);
  }

  meta(key: string): string | undefined {
    return (this.db.prepare('SELECT value FROM meta WHERE key = ?').get(key) as { value: string } | undefined)?.value;
  }

  setMeta(key: string, value: string): void {
    this.db.prepare('INSERT OR REPLACE INTO meta (key, value) VALUES (?, ?)').run(key, value);
  }

  putParticipant(p: { id: string; name: string; kind: string; config: string }): void {
    this.db.prepare('INSERT OR REPLACE INTO participants (id, name, kind, config) VALUES (@id, @name, @kind, @config)').run(p);
  }

  putGame(g: { ruleset_hash: string; name: string; path: string; source: string }): void {
    this.db.prepare('INSERT OR REPLACE INTO games (ruleset_hash, name, path, source) VALUES (@ruleset_hash, @name, @path, @source)').run(g);
    this.houses = undefined;
  }

  /** The house's seat of the stored game `rulesetHash`, or undefined when it declares no house. */
  houseSeat(rulesetHash: string): number | undefined {
    this.houses ??= houseSeats(this.db);
    return this.houses.get(rulesetHash);
  }

  /** Ids of the slots finished without error, and of the slots discarded (neither is played again). */
  doneSlotIds(): Set<string> {
    return new Set(this.db.prepare("SELECT id FROM slots WHERE status IN ('done', 'discarded')").pluck().all() as string[]);
  }

  /** Write a finished slot and its moves in one transaction (replacing an earlier error row of the same id, which has no moves). */
  recordSlot(row: SlotRecord, moves: readonly MoveRecord[]): void {
    this.recordSlots([{ row, moves }]);
  }

  /**
   * Write finished slots with their moves in one transaction: each slot and its moves are
   * committed together, never partly (a crash loses whole slots only, which a rerun plays again).
   */
  recordSlots(batch: readonly { row: SlotRecord; moves: readonly MoveRecord[] }[]): void {
    if (batch.length === 0) return;
    if (this.staged > 0) this.commitStaged();
    for (const { row, moves } of batch) this.stageSlot(row, moves);
    this.commitStaged();
  }

  /**
   * Write a finished slot and its moves (in decision order, `ply` = index) into the open
   * transaction (opening one when none is), to be committed with the other staged slots by
   * {@link commitStaged}. A slot is one row, staged whole or not at all, so a crash before the
   * commit loses whole slots only, which a rerun plays again. Writing each slot as it ends, rather
   * than keeping a batch of rows in memory until the commit, lets its move records die young.
   * @throws Error from SQLite (the open transaction is rolled back: its staged slots are lost)
   */
  stageSlot(slot: SlotRecord, moves: readonly MoveRecord[]): void {
    if (this.staged === 0 && !this.db.inTransaction) this.begin.run();
    // A house game's results are its players' (schema 5): the house's seat is stored null.
    const r = playersOnly(slot, this.houseSeat(slot.game));
    // Positional parameters: binding by name looks every column up in the row object.
    this.insertStatement ??= this.db.prepare(
      `INSERT OR REPLACE INTO slots (${SLOT_EXPORT_COLUMNS.join(', ')}, move_log) VALUES (${SLOT_EXPORT_COLUMNS.map(() => '?').join(', ')}, ?)`,
    );
    try {
      this.insertStatement.run(
        r.id,
        r.seq,
        r.game,
        r.run,
        r.slot,
        r.seat0,
        r.seat1,
        r.play_seed,
        r.status,
        r.return0,
        r.return1,
        r.moves0,
        r.moves1,
        r.fallbacks0,
        r.fallbacks1,
        r.wall_ms,
        r.error,
        r.notes,
        r.finished_at,
        r.seats ? JSON.stringify(r.seats) : null,
        r.hands ? JSON.stringify(r.hands) : null,
        r.status === 'done' ? moveLog(moves) : null,
      );
    } catch (e) {
      // A slot written in part must not be committed: drop the transaction (the staged slots are
      // lost, never counted as finished, and played again by the next run).
      if (this.db.inTransaction) this.rollback.run();
      this.staged = 0;
      throw e;
    }
    this.staged++;
  }

  /** Slots staged and not yet committed. */
  get stagedSlots(): number {
    return this.staged;
  }

  /** Commit the staged slots; returns how many were committed (0 when none were staged). */
  commitStaged(): number {
    const n = this.staged;
    if (n === 0) return 0;
    this.commitStatement.run();
    this.staged = 0;
    return n;
  }

  /** A slot row as every reader sees it: parsed, and for a house game with its players' results only ({@link playersOnly}, any schema). */
  private asRead(row: Record<string, unknown>): SlotRecord {
    const slot = slotFromRow(this.path, row);
    return playersOnly(slot, this.houseSeat(slot.game));
  }

  /** All slot rows in slot-list order. */
  slots(): SlotRecord[] {
    const rows = this.db.prepare(`SELECT ${slotSelect(this.schema)} FROM slots ORDER BY seq`).all() as Record<string, unknown>[];
    return rows.map((r) => this.asRead(r));
  }

  /** Iterate over a table's rows (for export), in key order. */
  iterate(table: 'slots' | 'moves'): IterableIterator<Record<string, unknown>> {
    const order = table === 'slots' ? 'seq' : 'slot, ply';
    return this.db.prepare(`SELECT * FROM ${table} ORDER BY ${order}`).iterate() as IterableIterator<Record<string, unknown>>;
  }

  /** The slot row with id `id`, or undefined. */
  slotById(id: string): SlotRecord | undefined {
    const row = this.db.prepare(`SELECT ${slotSelect(this.schema)} FROM slots WHERE id = ?`).get(id) as Record<string, unknown> | undefined;
    return row && this.asRead(row);
  }

  /** Slot rows whose id starts with `prefix` (a full id matches itself), at most `limit` of them, in slot-list order. */
  slotsByIdPrefix(prefix: string, limit = 10): SlotRecord[] {
    const escaped = prefix.replace(/[\\%_]/g, (c) => `\\${c}`);
    const rows = this.db
      .prepare(`SELECT ${slotSelect(this.schema)} FROM slots WHERE id LIKE ? ESCAPE '\\' ORDER BY seq LIMIT ?`)
      .all(`${escaped}%`, limit) as Record<string, unknown>[];
    return rows.map((r) => this.asRead(r));
  }

  /**
   * The moves of one slot in ply order, as they were recorded ({@link MoveRecord}; `extra` parsed
   * back from its JSON, null when it is not a JSON object). A slot that ended in an error has none.
   */
  readMoves(slotId: string): MoveRecord[] {
    const rows = this.db
      .prepare(
        `SELECT ply, seat, obs_digest, action, label, fallback, latency_ms, extra${this.schema >= 4 ? ', chat' : ''} FROM moves WHERE slot = ? ORDER BY ply`,
      )
      .all(slotId) as {
      ply: number;
      seat: number;
      obs_digest: string;
      action: number;
      label: string;
      fallback: string | null;
      latency_ms: number;
      extra: string | null;
      chat?: string | null;
    }[];
    return rows.map((m) => ({
      ply: m.ply,
      seat: m.seat,
      obsDigest: m.obs_digest,
      action: m.action,
      label: m.label,
      fallback: m.fallback,
      latencyMs: m.latency_ms,
      extra: parseExtra(m.extra),
      ...(m.chat ? { chat: parseExtra(m.chat) as ChatRecord | null } : {}),
    }));
  }

  /** A game by ruleset hash, with its source, or undefined. */
  game(rulesetHash: string): { ruleset_hash: string; name: string; path: string; source: string } | undefined {
    return this.db.prepare('SELECT * FROM games WHERE ruleset_hash = ?').get(rulesetHash) as
      { ruleset_hash: string; name: string; path: string; source: string } | undefined;
  }

  participants(): { id: string; name: string; kind: string; config: string }[] {
    return this.db.prepare('SELECT id, name, kind, config FROM participants ORDER BY name, id').all() as {
      id: string;
      name: string;
      kind: string;
      config: string;
    }[];
  }

  games(): { ruleset_hash: string; name: string; path: string }[] {
    return this.db.prepare('SELECT ruleset_hash, name, path FROM games ORDER BY path').all() as { ruleset_hash: string; name: string; path: string }[];
  }

  /** Release the writer lease (when held) and close the file. */
  close(): void {
    this.lease?.release();
    this.db.close();
  }
}
