/**
 * Every estimate of a whole run store in one call, with the v2 conventions (what `gbgc study`
 * computes; `gbgc analyze` adds subsets and conventions): read the store's slots and names, the
 * axes file when given (and then the rulebook lengths), and run `analyze`.
 */
import { analyze, type Estimates } from './analyze.js';
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
  /** Reasoning ablation: participant ids or names (a name is taken when it names exactly one participant that is not also an id). */
  ablation?: { low: string; high: string };
}

/**
 * The estimates of the run store `db`.
 * @throws UserError when the store or the axes file cannot be read
 */
export function analyzeStoreFile(db: string, o: StoreAnalysisOptions): Estimates {
  const store = withStoreErrors(db, () => readStore(db));
  let ablation = o.ablation;
  if (ablation) {
    const resolve = (x: string): string => {
      const byName = Object.entries(store.names).filter(([, n]) => n === x);
      return byName.length === 1 && !store.rows.some((r) => r.seats.includes(x)) ? byName[0][0] : x;
    };
    ablation = { low: resolve(ablation.low), high: resolve(ablation.high) };
  }
  const axes = o.axes ? readAxesFile(o.axes) : undefined;
  const rulebookChars = axes ? rulebookCharsFromStore(db) : undefined;
  return analyze(store.rows, { B: o.B, Bsecondary: o.Bsecondary, seed: o.seed, axes, ablation, rulebookChars, commitment: store.commitment, engineVersion: engineVersion(), tournamentEngineVersion: store.engineVersion, names: store.names });
}
