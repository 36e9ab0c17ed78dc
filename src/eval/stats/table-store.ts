/**
 * The table statistics of a run store: which slots are *table slots* (a game of more than two seats,
 * or a match of more than one hand), their hands as the estimators' rows ({@link HandRow}: block,
 * match, hand, participant, seat, chips won, big blind), and {@link analyzeTableStore}, what `gbgc
 * analyze` and `gbgc report` compute for a store that holds only table slots. Two-seat slots of one
 * hand stay with α̂ (./from-store.ts); a store holding both kinds gets both, the table section as
 * `Estimates.tables`.
 *
 * The block of a hand is its slot's (game, play seed): every slot dealt the same deck sequence, i.e.
 * the n! seat permutations of a table's run (the league's block), and under play-seed scheme 2 every
 * table of that (game, run), whose results share the deal's luck. The match is the slot; the big
 * blind is the `blinds` step's big blind in the game's rules as the store holds them (null for a
 * game without blinds: then bb/100 is not defined and chips per hand are given).
 */
import { compileSource } from '../../compiler/index.js';
import type { GameIR } from '../../ir/schema.js';
import { allSteps } from '../../ir/facts.js';
import { UserError } from '../../util/errors.js';
import { readSlots, type GameRecord, type StoredSlots } from '../store/read.js';
import { slotHands, slotSeats, type SlotRecord } from '../store/store.js';
import { resolveParticipants, type FilterSummary } from './filter.js';
import { engineVersion } from './inputs.js';
import { tableStats, type HandRow, type TableInterval, type TableStats } from './table.js';
import type { DecisionQualitySection } from './decision-quality.js';
import type { RouletteSection } from './roulette.js';

/** Whether a slot is a table slot: more than two seats, more than one hand, or a house game (players against the house, never a pair of participants). */
export function isTableSlot(slot: SlotRecord): boolean {
  return slotSeats(slot).length > 2 || (slot.hands?.length ?? 0) > 1 || (slot.house ?? null) !== null;
}

/** The big blind the rules declare (the first `blinds` step's big blind, chips), or null for a game without blinds. */
export function bigBlindOf(ir: GameIR): number | null {
  for (const st of allSteps(ir)) {
    if (st.kind !== 'blinds') continue;
    const big = (st as { bigAmount?: unknown }).bigAmount;
    if (typeof big === 'number' && big > 0) return big;
  }
  return null;
}

/** Big blinds by ruleset hash, from the games' sources (a source that does not compile to its hash: no big blind, and a warning). */
function bigBlinds(games: readonly GameRecord[], warnings: string[]): Map<string, number | null> {
  const out = new Map<string, number | null>();
  for (const g of games) {
    const r = compileSource(g.source);
    if (!r.ir || r.rulesetHash !== g.ruleset_hash) {
      warnings.push(`${g.path}: its stored source does not compile to its ruleset hash with this gbgc, so its big blind is unknown: chips per hand only`);
      out.set(g.ruleset_hash, null);
    } else out.set(g.ruleset_hash, bigBlindOf(r.ir));
  }
  return out;
}

/** The hand rows of a store's table slots, and what was left out. */
export interface StoreHandRows {
  rows: HandRow[];
  /** Finished table slots read. */
  slots: number;
  /** Table slots not finished (an error, or discarded). */
  unfinished: number;
  /** Finished table slots with a missing or non-finite result, by id (left out with `excludeMissing`). */
  missing: string[];
  /** Ruleset hashes of the games of the table slots read. */
  games: string[];
  warnings: string[];
}

/**
 * Map a store's table slots to hand rows: one row per seat per hand of every finished table slot.
 * @throws UserError without `excludeMissing` when a finished table slot has a missing or non-finite
 *   result (naming up to 10)
 */
export function handRowsOf(stored: StoredSlots, path: string, opts: { excludeMissing?: boolean } = {}): StoreHandRows {
  const warnings: string[] = [];
  const bb = bigBlinds(stored.games, warnings);
  const rows: HandRow[] = [];
  const missing: string[] = [];
  const games = new Set<string>();
  let unfinished = 0;
  let slots = 0;
  for (const s of stored.slots) {
    if (!isTableSlot(s)) continue;
    if (s.status !== 'done') {
      unfinished++;
      continue;
    }
    const hands = slotHands(s, 0);
    if (hands.some((h) => h.returns.length !== h.seats.length || !h.returns.every((x) => typeof x === 'number' && Number.isFinite(x)))) {
      missing.push(s.id);
      continue;
    }
    slots++;
    games.add(s.game);
    const block = `${s.game}:${s.play_seed}`;
    const bigBlind = bb.get(s.game) ?? null;
    // A house game's results are its players' only: the house's seat is no participant's result.
    for (const h of hands)
      h.seats.forEach((participant, seat) => {
        if (s.house === undefined || s.house === null) rows.push({ block, match: s.id, hand: h.hand, participant, seat, chipsWon: h.returns[seat], bigBlind });
        else if (seat !== s.house) rows.push({ block, match: s.id, hand: h.hand, participant, seat, chipsWon: h.returns[seat], bigBlind, againstHouse: true });
      });
  }
  if (missing.length > 0 && !opts.excludeMissing)
    throw new UserError(
      `${path}: ${missing.length} finished slot(s) of tables or matches have a missing or non-finite result (${missing.slice(0, 10).join(', ')}${missing.length > 10 ? ', …' : ''}); replay them, or pass --exclude-missing to leave them out (counted and warned about)`,
    );
  if (missing.length > 0) warnings.push(`${missing.length} finished table slot(s) with missing or non-finite results were left out`);
  return { rows, slots, unfinished, missing, games: [...games].sort(), warnings };
}

/** The estimates of a store of table slots only (`gbgc analyze --out` of such a store). */
export interface TableEstimates {
  format: 'gbgc-table-estimates/1';
  meta: {
    /** Finished table slots read (matches). */
    slots: number;
    participants: string[];
    games: string[];
    names: Record<string, string>;
    B: number;
    seed: number;
    commitment: string | null;
    engineVersion: string;
    tournamentEngineVersion: string | null;
    filter: FilterSummary | null;
    warnings: string[];
  };
  tables: TableStats;
  /** EV loss and agreement against a reference (./decision-quality.ts), when asked for. */
  decisionQuality?: DecisionQualitySection | null;
  /** The roulette exhibition's measures (./roulette.ts), when the store holds a roulette game. */
  roulette?: RouletteSection | null;
}

/** Options of {@link tableSection} and {@link analyzeTableStore}. */
export interface TableStoreOptions {
  B: number;
  seed: number;
  interval?: TableInterval;
  excludeParticipants?: string[];
  games?: { rulesetHash: string; label: string }[];
  excludeMissing?: boolean;
  allowEngineMismatch?: boolean;
}

/**
 * The table section of an open store's slots, with the participant and game filters applied and the
 * warnings of reading it; null when no finished table slot is left (none in the store, all left out
 * for missing results, or filtered out).
 * @throws UserError as {@link handRowsOf}; for a filter naming no participant of the tables
 */
export function tableSection(stored: StoredSlots, path: string, o: TableStoreOptions): { tables: TableStats; meta: TableEstimates['meta'] } | null {
  const read = handRowsOf(stored, path, { excludeMissing: o.excludeMissing });
  const gameOf = new Map(stored.slots.map((s) => [s.id, s.game]));
  if (read.slots === 0 && read.missing.length === 0) return null;
  const names: Record<string, string> = {};
  for (const p of stored.participants) names[p.id] = p.name;
  let rows = read.rows;
  let filter: FilterSummary | null = null;
  if (o.excludeParticipants?.length || o.games?.length) {
    const ids = [...new Set(rows.map((r) => r.participant))].sort();
    const exclude = new Set(o.excludeParticipants?.length ? resolveParticipants(o.excludeParticipants, ids, names, '--exclude-participant') : []);
    const keep = o.games?.length ? new Set(o.games.map((g) => g.rulesetHash)) : null;
    const dropped = new Set(rows.filter((r) => exclude.has(r.participant)).map((r) => r.match));
    const before = new Set(rows.map((r) => r.match)).size;
    rows = rows.filter((r) => !dropped.has(r.match!) && (!keep || keep.has(gameOf.get(r.match!)!)));
    const kept = new Set(rows.map((r) => r.match)).size;
    filter = { excludedParticipants: [...exclude], games: keep ? [...keep] : null, slotsBefore: before, slotsKept: kept };
  }
  if (rows.length === 0) return null;
  const tables = tableStats(rows, { B: o.B, seed: o.seed, names, interval: o.interval });
  const participants = [...new Set(rows.map((r) => r.participant))].sort();
  const warnings = [...read.warnings, ...tables.warnings];
  if (stored.engineVersion !== engineVersion())
    warnings.unshift(
      `${path} was played by engine ${stored.engineVersion} and is analysed by engine ${engineVersion()} (engine mismatch allowed): its hands are its results as stored`,
    );
  return {
    tables,
    meta: {
      slots: new Set(rows.map((r) => r.match)).size,
      participants,
      games: [...new Set(rows.map((r) => gameOf.get(r.match!)!))].sort(),
      names: Object.fromEntries(participants.map((p) => [p, names[p] ?? p])),
      B: o.B,
      seed: o.seed,
      commitment: stored.commitment,
      engineVersion: engineVersion(),
      tournamentEngineVersion: stored.engineVersion,
      filter,
      warnings,
    },
  };
}

/**
 * The table estimates of the run store `db` (read through the store's one reader, which checks its
 * schema and engine versions).
 * @throws UserError when the store holds no table slot, or as {@link tableSection}; StoreVersionError as `readSlots`
 */
export function analyzeTableStore(db: string, o: TableStoreOptions): TableEstimates {
  const stored = readSlots(db, { allowEngineMismatch: o.allowEngineMismatch });
  return tableEstimatesOf(stored, db, o);
}

/**
 * The table estimates of slots already read.
 * @throws UserError when no finished table slot is left to analyse, or as {@link tableSection}
 */
export function tableEstimatesOf(stored: StoredSlots, db: string, o: TableStoreOptions): TableEstimates {
  const t = tableSection(stored, db, o);
  if (!t)
    throw new UserError(
      `${db}: no finished slots of tables (more than two seats) or matches (more than one hand) to analyse${o.excludeParticipants?.length || o.games?.length ? ' after leaving out the named participants and games' : ''}`,
    );
  return { format: 'gbgc-table-estimates/1', meta: t.meta, tables: t.tables };
}

/** Whether the store's slots are all table slots (then `analyze` shows the table section alone). */
export function onlyTableSlots(stored: StoredSlots): boolean {
  return stored.slots.length > 0 && stored.slots.every(isTableSlot);
}
