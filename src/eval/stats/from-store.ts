/**
 * Every estimate of a run store in one call (what `gbgc analyze`, `gbgc report` and `gbgc study`
 * compute): read the store's slots and names, leave out participants or keep some games when asked,
 * read the axes file when given (and then the rulebook lengths), and run `analyze` with the chosen
 * analysis set and conventions.
 */
import { UserError } from '../../util/errors.js';
import { analyze, type AnalysisSet, type Estimates } from './analyze.js';
import { filterSlots, resolveParticipants, type FilterSummary } from './filter.js';
import type { BtTies, PairCounting } from './robustness.js';
import { engineVersion, readAxesFile } from './inputs.js';
import { readStore } from './store-reader.js';
import { rulebookCharsFromStore } from './rulebook-length.js';
import { withStoreErrors } from '../store/errors.js';

/** Options of {@link analyzeStoreFile}. */
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
}

/**
 * The estimates of the run store `db`.
 * @throws UserError when the store or the axes file cannot be read
 */
export function analyzeStoreFile(db: string, o: StoreAnalysisOptions): Estimates {
  const store = withStoreErrors(db, () => readStore(db, { excludeMissing: o.excludeMissing }));
  let filter: FilterSummary | null = null;
  if (o.excludeParticipants?.length || o.games?.length) {
    const ids = [...new Set(store.rows.flatMap((r) => r.seats))].sort();
    const exclude = o.excludeParticipants?.length ? resolveParticipants(o.excludeParticipants, ids, store.names, '--exclude-participant') : [];
    const inStore = new Set(store.rows.map((r) => r.game));
    for (const g of o.games ?? []) if (!inStore.has(g.rulesetHash)) throw new UserError(`--games: ${g.label} (ruleset ${g.rulesetHash.slice(0, 12)}…) has no finished slots in ${db}`);
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
  const rulebookChars = axes ? rulebookCharsFromStore(db) : undefined;
  return analyze(store.rows, {
    B: o.B, Bsecondary: o.Bsecondary, seed: o.seed, axes, ablation, rulebookChars, commitment: store.commitment, engineVersion: engineVersion(), tournamentEngineVersion: store.engineVersion, names: store.names, set: o.set, btTies: o.btTies, pairCounting: o.pairCounting,
    filter,
    excludedMissingReturns: store.missingReturns,
    registered: Object.keys(store.names).filter((id) => !filter?.excludedParticipants.includes(id)),
    resampleGames: o.resampleGames,
  });
}
