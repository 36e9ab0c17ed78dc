/**
 * Every estimate of a run store in one call, {@link analyzeStore} (what `gbgc analyze`, `gbgc
 * report` and `gbgc study` compute): read the store's slot records through the store's one reader
 * (`readSlots`, which checks its schema and engine versions; a store of another engine is read only
 * with `allowEngineMismatch`, then warned about and its engine recorded in
 * `meta.tournamentEngineVersion`), map them to the estimators' slot rows ({@link slotRowsOf}), leave out participants or keep some games when asked, read the axes file
 * when given (and then the rulebook lengths), and run `analyze` with the chosen analysis set and
 * conventions.
 */
import { UserError } from '../../util/errors.js';
import { analyze, type AnalysisSet, type Estimates } from './analyze.js';
import { filterSlots, resolveParticipants, type FilterSummary } from './filter.js';
import type { BtTies, PairCounting } from './robustness.js';
import { engineVersion, readAxesFile } from './inputs.js';
import { rulebookChars } from './rulebook-length.js';
import type { SlotRow } from './slots.js';
import { readSlots, withMoves, type StoredSlots } from '../store/read.js';
import type { MoveRecord } from '../store/store.js';
import { decisionQuality, type DecisionQualitySection } from './decision-quality.js';
import { rouletteMeasures, type RouletteSection } from './roulette.js';
import { isTableSlot, onlyTableSlots, tableEstimatesOf, tableSection, type TableEstimates } from './table-store.js';
import type { TableInterval } from './table.js';

/** Options of {@link analyzeStore}. */
export interface StoreAnalysisOptions {
  /** Bootstrap resamples for α̂, the pairwise matrix and the variance decomposition. */
  B: number;
  /** Bootstrap resamples for per-game, profile, jaggedness and tertile estimates. */
  Bsecondary: number;
  /** Seed of the bootstrap streams. */
  seed: number;
  /** Axes JSONL (`gbgc axes`): enables profiles, jaggedness and tertiles. */
  axes?: string;
  /** Reasoning ablation: participant ids, names or id prefixes of 8+ characters, as --exclude-participant takes them (one that names none or several participants is an error). */
  ablation?: { low: string; high: string };
  /** Participants (names, ids or id prefixes) whose slots are left out before anything is fitted. */
  excludeParticipants?: string[];
  /** Keep only these games (ruleset hashes, each with the label errors name it by, e.g. its file). */
  games?: { rulesetHash: string; label: string }[];
  /** Analysis set and conventions (defaults: v2's). */
  set?: AnalysisSet;
  btTies?: BtTies;
  pairCounting?: PairCounting;
  /** Leave out finished slots with missing or non-finite returns (counted and warned about) instead of failing. */
  excludeMissing?: boolean;
  /** α̂'s intervals from the two-stage bootstrap over games, then clusters. */
  resampleGames?: boolean;
  /**
   * Analyse a store written by another engine instead of refusing it (`--allow-engine-mismatch`): a
   * warning naming both engines heads `meta.warnings`, and `meta.tournamentEngineVersion` records the
   * store's engine.
   */
  allowEngineMismatch?: boolean;
  /** Interval type of the table section (default `percentile`; `expanded`: see ./table.ts). */
  tableInterval?: TableInterval;
  /**
   * Add the decision-quality section (./decision-quality.ts): EV loss and agreement against each
   * two-seat game's CFR+ reference, beside the results. `iterations` and `maxNodes` set the reference.
   */
  decisionQuality?: { iterations?: number; maxNodes?: number } | null;
  /** The roulette exhibition's bankroll target (./roulette.ts; default {@link DEFAULT_ROULETTE_TARGET}). */
  rouletteTarget?: number;
}

/**
 * Run `fn` over the moves of the store `db` with the per-move sections' common options: the
 * participants' names, the excluded participants and the kept games of the analysis options.
 */
function withMoveSection<T>(
  stored: StoredSlots,
  db: string,
  o: StoreAnalysisOptions,
  fn: (
    movesOf: (slotId: string) => MoveRecord[],
    common: { B: number; seed: number; names: Record<string, string>; exclude: string[]; games: string[] | null },
  ) => T,
): T {
  const names: Record<string, string> = {};
  for (const p of stored.participants) names[p.id] = p.name;
  const ids = stored.participants.map((p) => p.id);
  const exclude = o.excludeParticipants?.length ? resolveParticipants(o.excludeParticipants, ids, names, '--exclude-participant') : [];
  const games = o.games?.length ? o.games.map((g) => g.rulesetHash) : null;
  return withMoves(db, { allowEngineMismatch: o.allowEngineMismatch }, (movesOf) => fn(movesOf, { B: o.B, seed: o.seed, names, exclude, games }));
}

/** The roulette section of the store `db` (./roulette.ts), or null when it holds no roulette game. */
function rouletteSection(stored: StoredSlots, db: string, o: StoreAnalysisOptions): RouletteSection | null {
  return withMoveSection(stored, db, o, (movesOf, common) => rouletteMeasures(stored, movesOf, { ...common, target: o.rouletteTarget }));
}

/** The decision-quality section of the store `db` under the analysis options (the same participant and game filters). */
function decisionSection(stored: StoredSlots, db: string, o: StoreAnalysisOptions): DecisionQualitySection {
  return withMoveSection(stored, db, o, (movesOf, common) => decisionQuality(stored, movesOf, { ...o.decisionQuality, ...common }));
}

/** The warning of a store analysed under another engine (see {@link StoreAnalysisOptions.allowEngineMismatch}). */
function engineMismatchWarning(path: string, stored: string, current: string): string {
  return `${path} was played by engine ${stored} and is analysed by engine ${current} (engine mismatch allowed): its slots are ${stored}'s results as stored, not played again by this engine; meta.tournamentEngineVersion records ${stored}`;
}

/** The estimators' slot rows of a store, and what was left out. */
export interface StoreSlotRows {
  /** One per finished slot (status `done`) with finite returns, in slot-list order. */
  rows: SlotRow[];
  /** Slots not finished: ended in an error, or discarded. */
  unfinished: number;
  /** Finished slots whose returns are missing (NULL) or not finite, by id: left out (with `excludeMissing`). */
  missingReturns: string[];
  /** Participant id → display name. */
  names: Record<string, string>;
}

/**
 * Map a store's slot records to the estimators' slot rows (GENSTRAT v2 §5: game = ruleset hash,
 * run, seats, returns per seat in chips, moves and fallback moves per seat, play seed). Only
 * finished slots are rows; a finished slot whose returns are missing (NULL, which is what SQLite
 * stores for a NaN) or not finite is never read as a tie.
 * @param path the store's path, for messages
 * @throws UserError without `excludeMissing` when finished slots have missing or non-finite returns
 *   (naming up to 10 of them), and when no finished slot is left
 */
export function slotRowsOf(stored: StoredSlots, path: string, opts: { excludeMissing?: boolean } = {}): StoreSlotRows {
  const rows: SlotRow[] = [];
  const missing: string[] = [];
  let unfinished = 0;
  let tableSlots = 0;
  for (const s of stored.slots) {
    // Slots of tables (more than two seats) and matches (more than one hand) are the table section's (./table-store.ts).
    if (isTableSlot(s)) {
      tableSlots++;
      continue;
    }
    if (s.status !== 'done') {
      unfinished++;
      continue;
    }
    const returns: [number, number] = [s.return0 ?? NaN, s.return1 ?? NaN];
    if (!Number.isFinite(returns[0]) || !Number.isFinite(returns[1])) {
      missing.push(s.id);
      continue;
    }
    const row: SlotRow = { game: s.game, run: s.run, slot: s.id, seats: [s.seat0, s.seat1], returns, playSeed: s.play_seed };
    if (s.moves0 !== null && s.moves1 !== null) row.moves = [s.moves0, s.moves1];
    if (s.fallbacks0 !== null && s.fallbacks1 !== null) row.fallbackMoves = [s.fallbacks0, s.fallbacks1];
    rows.push(row);
  }
  if (missing.length > 0 && !opts.excludeMissing) {
    const shown = missing.slice(0, 10).join(', ');
    throw new UserError(
      `${path}: ${missing.length} finished slot(s) have missing or non-finite returns (${shown}${missing.length > 10 ? `, … ${missing.length - 10} more` : ''}); ` +
        'they cannot be read as ties. Replay them, or pass --exclude-missing to leave them out (the count is printed and stored in the estimates)',
    );
  }
  if (rows.length === 0)
    throw new UserError(
      `${path}: no finished slots to analyse${missing.length ? ` (${missing.length} left out for missing returns)` : ''}${tableSlots ? ` by α̂: α̂ is a two-seat estimate of one hand per slot, and the store's ${tableSlots} slots of tables or matches are reported as table statistics instead (bb/100 with block intervals: gbgc analyze and gbgc report show them)` : ''}`,
    );
  const names: Record<string, string> = {};
  for (const p of stored.participants) names[p.id] = p.name;
  return { rows, unfinished, missingReturns: missing, names };
}

/**
 * The estimates of the run store `db`.
 * @throws UserError when the store or the axes file cannot be read, or the store has finished slots
 *   without returns (see {@link slotRowsOf}); StoreVersionError for a store of another schema, or of
 *   another engine without `allowEngineMismatch`
 */
export function analyzeStore(db: string, o: StoreAnalysisOptions): Estimates {
  return analyzeStored(readSlots(db, { allowEngineMismatch: o.allowEngineMismatch }), db, o);
}

/**
 * What `gbgc analyze` and `gbgc report` compute for the run store `db`: {@link analyzeStore}'s
 * estimates, with the table section (`tables`) when the store also holds slots of tables or
 * matches; for a store holding only such slots, the table estimates alone (./table-store.ts).
 * @throws as {@link analyzeStore} and `analyzeTableStore`
 */
export function analyzeAnyStore(db: string, o: StoreAnalysisOptions): Estimates | TableEstimates {
  const stored = readSlots(db, { allowEngineMismatch: o.allowEngineMismatch });
  const e = onlyTableSlots(stored) ? tableEstimatesOf(stored, db, tableOptions(o)) : analyzeStored(stored, db, o);
  if (o.decisionQuality) e.decisionQuality = decisionSection(stored, db, o);
  const roulette = rouletteSection(stored, db, o);
  if (roulette) e.roulette = roulette;
  return e;
}

/** The table section's options from the store analysis options. */
const tableOptions = (o: StoreAnalysisOptions) => ({
  B: o.B,
  seed: o.seed,
  interval: o.tableInterval,
  excludeParticipants: o.excludeParticipants,
  games: o.games,
  excludeMissing: o.excludeMissing,
});

/** {@link analyzeStore} on slots already read. */
function analyzeStored(stored: StoredSlots, db: string, o: StoreAnalysisOptions): Estimates {
  const store = slotRowsOf(stored, db, { excludeMissing: o.excludeMissing });
  let filter: FilterSummary | null = null;
  if (o.excludeParticipants?.length || o.games?.length) {
    const ids = [...new Set(store.rows.flatMap((r) => r.seats))].sort();
    const exclude = o.excludeParticipants?.length ? resolveParticipants(o.excludeParticipants, ids, store.names, '--exclude-participant') : [];
    const inStore = new Set(store.rows.map((r) => r.game));
    for (const g of o.games ?? [])
      if (!inStore.has(g.rulesetHash)) throw new UserError(`--games: ${g.label} (ruleset ${g.rulesetHash.slice(0, 12)}…) has no finished slots in ${db}`);
    const f = filterSlots(store.rows, exclude, o.games?.length ? o.games.map((g) => g.rulesetHash) : null);
    store.rows = f.rows;
    filter = f.summary;
  }
  let ablation = o.ablation;
  if (ablation) {
    const ids = [...new Set(store.rows.flatMap((r) => r.seats))].sort();
    const [low, high] = resolveParticipants([ablation.low, ablation.high], ids, store.names, '--ablation');
    ablation = { low, high };
  }
  const axes = o.axes ? readAxesFile(o.axes) : undefined;
  const chars = axes ? rulebookChars(stored.games) : undefined;
  const e = analyze(store.rows, {
    B: o.B,
    Bsecondary: o.Bsecondary,
    seed: o.seed,
    axes,
    ablation,
    rulebookChars: chars,
    commitment: stored.commitment,
    engineVersion: engineVersion(),
    tournamentEngineVersion: stored.engineVersion,
    names: store.names,
    set: o.set,
    btTies: o.btTies,
    pairCounting: o.pairCounting,
    filter,
    excludedMissingReturns: store.missingReturns,
    registered: Object.keys(store.names).filter((id) => !filter?.excludedParticipants.includes(id)),
    resampleGames: o.resampleGames,
  });
  if (stored.engineVersion !== engineVersion())
    e.meta.warnings = [engineMismatchWarning(db, stored.engineVersion, engineVersion()), ...(e.meta.warnings ?? [])];
  const t = stored.slots.some(isTableSlot) ? tableSection(stored, db, tableOptions(o)) : null;
  if (t) e.tables = t.tables;
  return e;
}
