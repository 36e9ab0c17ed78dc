/**
 * The league's records in a run store (LLM game league methodology, the paragraphs on public
 * evaluations, records and corrections): the labels of a run (Live, Delayed or Replay; Preview or
 * official), a commitment hash per block before it completes and the release of its seed after it,
 * and the corrections log (errors that affect rankings, with the affected matches and the
 * recomputation status). Labels and block commitments are `meta` rows; corrections are the
 * `corrections` table (schema 4). One writer, `RunStore`, as for every record of the store.
 *
 * Block commitment (a block: the slots of one game dealt one play seed, e.g. one run of every seat
 * permutation; blocks are numbered from 0 in plan order): with a secret of 32 random bytes kept in
 * the store, block b's salt is SHA-256(secret ‖ ":" ‖ game ‖ ":" ‖ b) and its commitment
 *   SHA-256(canonical JSON of {block, engineVersion, game, playSeed, salt}).
 * The commitment is published before the block completes; its play seed (which, with the ruleset
 * and the engine, fixes every hidden card) and salt are released once all its slots are done, and
 * anyone can recompute the hash. A commitment shows that the committed input did not change; it
 * cannot show that the seed was drawn fairly or that a provider kept its model.
 */
import { createHash, randomBytes } from 'node:crypto';
import { canonicalJson } from '../../ir/hash.js';
import { UserError } from '../../util/errors.js';
import type { RunStore } from './store.js';

/** How results reach their readers: while played (Live), later (Delayed), or from stored records (Replay). */
export type LeagueMode = 'live' | 'delayed' | 'replay';
/** Preview (exploratory) or official (reviewed, frozen, authorised) results. */
export type LeagueStatus = 'preview' | 'official';
export const LEAGUE_MODES: readonly LeagueMode[] = ['live', 'delayed', 'replay'];
export const LEAGUE_STATUSES: readonly LeagueStatus[] = ['preview', 'official'];
/** Where a correction's recomputation stands. */
export type CorrectionStatus = 'pending' | 'recomputed' | 'not-needed';
export const CORRECTION_STATUSES: readonly CorrectionStatus[] = ['pending', 'recomputed', 'not-needed'];

/** The labels of a store's results. */
export interface LeagueLabels {
  mode: LeagueMode;
  status: LeagueStatus;
  /** Whether each label was set (`gbgc records label`) or is the default (Replay, Preview). */
  declared: { mode: boolean; status: boolean };
}

/** One entry of the corrections log. */
export interface CorrectionRecord {
  id: number;
  recordedAt: string;
  /** What was wrong. */
  error: string;
  affectsRankings: boolean;
  /** Affected matches (slot ids). */
  matches: string[];
  status: CorrectionStatus;
  note: string | null;
}

/** A block's commitment, as recorded before play. */
export interface BlockCommitment {
  game: string;
  /** The block's number, from 0 in plan order. */
  block: number;
  /** Slots the block holds in the plan. */
  slots: number;
  commitment: string;
}

/** A block as published: its commitment, and once complete its seed and salt. */
export interface BlockRecord extends BlockCommitment {
  done: number;
  complete: boolean;
  /** Released once the block is complete, else null. */
  playSeed: number | null;
  salt: string | null;
  /** The released inputs give the commitment again (null until released). */
  verified: boolean | null;
}

const sha256 = (s: string): string => createHash('sha256').update(s).digest('hex');

/** A block's salt from the store's secret (see the module comment). */
export function blockSalt(secret: string, game: string, block: number): string {
  return sha256(`${secret}:${game}:${block}`);
}

/** A block's commitment hash (see the module comment). */
export function blockCommitment(b: { block: number; engineVersion: string; game: string; playSeed: number; salt: string }): string {
  return sha256(canonicalJson({ block: b.block, engineVersion: b.engineVersion, game: b.game, playSeed: b.playSeed, salt: b.salt }));
}

/** The labels of a store (defaults: Replay, Preview). */
export function leagueLabels(store: RunStore): LeagueLabels {
  const mode = store.meta('leagueMode') as LeagueMode | undefined;
  const status = store.meta('leagueStatus') as LeagueStatus | undefined;
  return {
    mode: mode && LEAGUE_MODES.includes(mode) ? mode : 'replay',
    status: status && LEAGUE_STATUSES.includes(status) ? status : 'preview',
    declared: { mode: mode !== undefined, status: status !== undefined },
  };
}

/** Set the labels (writer). */
export function setLeagueLabels(store: RunStore, labels: { mode?: LeagueMode; status?: LeagueStatus }): void {
  if (labels.mode) store.setMeta('leagueMode', labels.mode);
  if (labels.status) store.setMeta('leagueStatus', labels.status);
}

/**
 * Record the commitments of a plan's blocks (writer; `gbgc tournament --commit`): a secret is drawn
 * once per store and kept; the commitments are recomputed from it, so committing again gives the same.
 * The play seeds stay private in the store (`meta` `blockSeeds`) until their blocks complete.
 * @param blocks each block's game, play seed and slot count, in plan order
 */
export function commitBlocks(store: RunStore, engineVersion: string, blocks: readonly { game: string; playSeed: number; slots: number }[]): BlockCommitment[] {
  let secret = store.meta('commitSecret');
  if (!secret) store.setMeta('commitSecret', (secret = randomBytes(32).toString('hex')));
  const out = blocks.map((b, block) => ({
    game: b.game,
    block,
    slots: b.slots,
    commitment: blockCommitment({ block, engineVersion, game: b.game, playSeed: b.playSeed, salt: blockSalt(secret, b.game, block) }),
  }));
  store.setMeta('blockCommitments', JSON.stringify(out));
  store.setMeta('blockSeeds', JSON.stringify(blocks.map((b) => b.playSeed)));
  return out;
}

/**
 * The store's blocks as published: every committed block with its commitment, and for a complete
 * one (all its slots done) its play seed and salt, checked against the commitment. Empty when no
 * commitment was recorded.
 */
export function blockRecords(store: RunStore): BlockRecord[] {
  const raw = store.meta('blockCommitments');
  const secret = store.meta('commitSecret');
  if (!raw || !secret) return [];
  let committed: unknown = null;
  let seeds: unknown = null;
  try {
    committed = JSON.parse(raw);
    seeds = JSON.parse(store.meta('blockSeeds') ?? '[]');
  } catch {
    // Unreadable JSON: refused below, as a value that is not a list.
  }
  if (!Array.isArray(committed) || !Array.isArray(seeds))
    throw new UserError(`${store.path}: its block commitments are not readable JSON (the store was altered)`);
  const blocks = committed as BlockCommitment[];
  const seedList = seeds as number[];
  const engine = store.meta('engineVersion') ?? '';
  const done = store.db.prepare("SELECT COUNT(*) FROM slots WHERE status = 'done' AND game = ? AND play_seed = ?").pluck();
  return blocks.map((b) => {
    const seed = seedList[b.block];
    const n = typeof seed === 'number' ? ((done.get(b.game, seed) as number) ?? 0) : 0;
    const complete = n >= b.slots;
    if (!complete) return { ...b, done: n, complete, playSeed: null, salt: null, verified: null };
    const salt = blockSalt(secret, b.game, b.block);
    return {
      ...b,
      done: n,
      complete,
      playSeed: seed,
      salt,
      verified: blockCommitment({ block: b.block, engineVersion: engine, game: b.game, playSeed: seed, salt }) === b.commitment,
    };
  });
}

/** The corrections log, oldest first (none in a store of schema 2 or 3). */
export function corrections(store: RunStore): CorrectionRecord[] {
  if (!store.db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name = 'corrections'").get()) return [];
  const rows = store.db.prepare('SELECT id, recorded_at, error, affects_rankings, matches, status, note FROM corrections ORDER BY id').all() as {
    id: number;
    recorded_at: string;
    error: string;
    affects_rankings: number;
    matches: string;
    status: string;
    note: string | null;
  }[];
  return rows.map((r) => {
    let matches: unknown;
    try {
      matches = JSON.parse(r.matches);
    } catch {
      matches = null;
    }
    return {
      id: r.id,
      recordedAt: r.recorded_at,
      error: r.error,
      affectsRankings: r.affects_rankings === 1,
      matches: Array.isArray(matches) ? matches.map(String) : [],
      status: (CORRECTION_STATUSES as readonly string[]).includes(r.status) ? (r.status as CorrectionStatus) : 'pending',
      note: r.note,
    };
  });
}

/**
 * Record a correction (writer). Every affected match must be a slot of the store.
 * @throws UserError for an empty error text, no matches, or a match the store does not hold
 */
export function addCorrection(
  store: RunStore,
  c: { error: string; affectsRankings: boolean; matches: readonly string[]; status: CorrectionStatus; note?: string | null },
  now: () => string = () => new Date().toISOString(),
): CorrectionRecord {
  if (c.error.trim() === '') throw new UserError('a correction needs the error it records (--error TEXT)');
  if (c.matches.length === 0)
    throw new UserError('a correction names the affected matches (--matches SLOT_ID…; gbgc records export DB --jsonl --table slots lists them)');
  const known = store.db.prepare('SELECT id FROM slots WHERE id = ?').pluck();
  const unknown = c.matches.filter((m) => known.get(m) === undefined);
  if (unknown.length > 0) throw new UserError(`${store.path}: no match (slot) with id ${unknown.slice(0, 5).join(', ')}${unknown.length > 5 ? ', …' : ''}`);
  const info = store.db
    .prepare('INSERT INTO corrections (recorded_at, error, affects_rankings, matches, status, note) VALUES (?, ?, ?, ?, ?, ?)')
    .run(now(), c.error, c.affectsRankings ? 1 : 0, JSON.stringify([...c.matches]), c.status, c.note ?? null);
  return corrections(store).find((x) => x.id === Number(info.lastInsertRowid))!;
}

/**
 * Update a correction's recomputation status (writer).
 * @throws UserError for an id the log does not hold
 */
export function setCorrectionStatus(store: RunStore, id: number, status: CorrectionStatus, note?: string): CorrectionRecord {
  const r = store.db.prepare('UPDATE corrections SET status = ?, note = COALESCE(?, note) WHERE id = ?').run(status, note ?? null, id);
  if (r.changes === 0) throw new UserError(`${store.path}: the corrections log has no entry ${id}`);
  return corrections(store).find((x) => x.id === id)!;
}
