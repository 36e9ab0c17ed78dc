/**
 * The one reader of a run store's results: the slot records, participants, games and commitment
 * of a store whose schema and engine versions are this gbgc's (checked before any row is read; see
 * `checkVersions` in `store.ts`), or, when the user allows it, of a store of another engine (its
 * engine is returned, for the caller to warn and record). The statistics, the report and the study
 * read stores through it.
 */
import { withStoreErrors } from './errors.js';
import { RunStore, type SlotRecord } from './store.js';

/** A participant as stored (`config` is the canonical JSON its id hashes). */
export interface ParticipantRecord {
  id: string;
  name: string;
  kind: string;
  config: string;
}

/** A game as stored: its ruleset hash, name, the path it was read from, and its source text. */
export interface GameRecord {
  ruleset_hash: string;
  name: string;
  path: string;
  source: string;
}

/** What {@link readSlots} returns. */
export interface StoredSlots {
  /** Every slot record (finished, error and discarded) in slot-list order. */
  slots: SlotRecord[];
  participants: ParticipantRecord[];
  games: GameRecord[];
  /** The commitment recorded before play (`gbgc tournament --commit`), or null. */
  commitment: string | null;
  /** The engine that played the slots: this gbgc's, unless the read allowed another (`allowEngineMismatch`). */
  engineVersion: string;
}

/** Options of {@link readSlots} and {@link readMoves}. */
export interface ReadOptions {
  /** Read a store written by another engine instead of refusing it (`--allow-engine-mismatch`); the caller warns and records {@link StoredSlots.engineVersion}. */
  allowEngineMismatch?: boolean;
}

/**
 * Read a run store's slot records with their participants and games.
 * @param path the store written by `gbgc tournament`
 * @throws UserError when the file is missing, empty or not a run store; StoreVersionError
 *   (`error[store-schema]`, `error[store-engine]`) when its schema or engine version is not this gbgc's
 *   (the engine's unless `opts.allowEngineMismatch`)
 */
export function readSlots(path: string, opts: ReadOptions = {}): StoredSlots {
  return withStoreErrors(path, () => {
    const store = RunStore.openReadOnly(path, { engine: true, allowEngineMismatch: opts.allowEngineMismatch });
    try {
      return {
        slots: store.slots(),
        participants: store.participants(),
        games: store.db.prepare('SELECT ruleset_hash, name, path, source FROM games ORDER BY path').all() as GameRecord[],
        commitment: store.meta('commitment') ?? null,
        engineVersion: store.meta('engineVersion') ?? '(unknown)',
      };
    } finally {
      store.close();
    }
  });
}

/**
 * Read the moves of one slot (see {@link RunStore.readMoves}) from the store at `path`, checked as
 * {@link readSlots} checks it.
 * @throws as {@link readSlots}
 */
export function readMoves(path: string, slotId: string, opts: ReadOptions = {}): ReturnType<RunStore['readMoves']> {
  return withStoreErrors(path, () => {
    const store = RunStore.openReadOnly(path, { engine: true, allowEngineMismatch: opts.allowEngineMismatch });
    try {
      return store.readMoves(slotId);
    } finally {
      store.close();
    }
  });
}
