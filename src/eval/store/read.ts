/**
 * The one reader of a run store's results: the slot records, participants, games and commitment
 * of a store whose schema and engine versions are this gbgc's (checked before any row is read; see
 * `checkVersions` in `store.ts`), or, when the user allows it, of a store of another engine (its
 * engine is returned, for the caller to warn and record). The statistics, the report and the study
 * read stores through it.
 */
import { UserError } from '../../util/errors.js';
import { withStoreErrors } from './errors.js';
import { RunStore, slotHands, type HandRecord, type MoveRecord, type SlotRecord } from './store.js';

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

/**
 * Run `fn` with the moves of the store at `path` at hand (one open store for every slot it asks
 * for), checked as {@link readSlots} checks it; the store is closed when `fn` returns.
 * @throws as {@link readSlots}
 */
export function withMoves<T>(path: string, opts: ReadOptions, fn: (movesOf: (slotId: string) => MoveRecord[]) => T): T {
  return withStoreErrors(path, () => {
    const store = RunStore.openReadOnly(path, { engine: true, allowEngineMismatch: opts.allowEngineMismatch });
    try {
      return fn((id) => store.readMoves(id));
    } finally {
      store.close();
    }
  });
}

/** One hand of a slot with its moves (see {@link readHands}). */
export interface StoredHand extends HandRecord {
  /** The hand's decisions, in order (`ply` counts over the slot). */
  moves: MoveRecord[];
}

/**
 * Read the hands of one finished slot, each with its moves, from the store at `path`, checked as
 * {@link readSlots} checks it: a match of several hands as recorded, a slot of one hand as that
 * hand (see `slotHands`).
 * @throws UserError for a slot id the store does not hold; as {@link readSlots}
 */
export function readHands(path: string, slotId: string, opts: ReadOptions = {}): StoredHand[] {
  return withStoreErrors(path, () => {
    const store = RunStore.openReadOnly(path, { engine: true, allowEngineMismatch: opts.allowEngineMismatch });
    try {
      return handsOf(store, slotId);
    } finally {
      store.close();
    }
  });
}

/**
 * The hands of a slot of an open store, each with its moves.
 * @throws UserError for a slot id the store does not hold, or hands whose plies do not fit the slot's moves (an altered store)
 */
export function handsOf(store: RunStore, slotId: string): StoredHand[] {
  const slot = store.slotById(slotId);
  if (!slot) throw new UserError(`${store.path}: no slot with id ${slotId}`);
  const moves = store.readMoves(slotId);
  return slotHands(slot, moves.length).map((h) => {
    if (!Number.isInteger(h.firstPly) || !Number.isInteger(h.plies) || h.firstPly < 0 || h.plies < 0 || h.firstPly + h.plies > moves.length)
      throw new UserError(
        `${store.path}: slot ${slotId}, hand ${h.hand}: its plies ${h.firstPly}…${h.firstPly + h.plies - 1} are not among the slot's ${moves.length} moves (the store was altered)`,
      );
    return { ...h, moves: moves.slice(h.firstPly, h.firstPly + h.plies) };
  });
}
