/**
 * The generator of generalized betting games (GENSTRAT §3 and Appendix A): `sample(seed,
 * complexity)` draws a game's structure and surface and emits it as formatted `.gbg`; the Monte
 * Carlo acceptance filter judges it; `sampleAccepted` tries derived candidate seeds until one
 * passes; `buildPool` builds a resumable pool on worker threads. See `docs/generator.md`.
 */
export {
  sample,
  emitSample,
  sampleIR,
  sourceHeader,
  checkSeed,
  streamSeed,
  SamplerError,
  BUILDER_VERSION,
  GENERATOR,
  MAX_SEED,
  type SampledGame,
} from './sample.js';
export { Dial, type BlockKind, type Placement } from './dial.js';
export {
  acceptance,
  measure,
  judge,
  filterOptions,
  FILTER_PRESETS,
  type FilterPreset,
  type FilterThresholds,
  type FilterOptions,
  type AcceptanceReport,
  type AcceptanceCheck,
  type AcceptanceFigures,
} from './acceptance.js';
export { sampleAccepted, candidateSeed, NoAcceptedCandidateError, type AcceptedSample, type SampleOptions, type Rejection } from './candidates.js';
export { buildPool, poolSlots, slotFile, readIndex, sortIndex, JOBS_IN_FLIGHT, PoolError, type PoolOptions, type PoolEntry, type PoolSummary } from './pool.js';
export { stateSpace, type StateSpace } from './infostates.js';
export { instrument, type Instrumented } from './probes.js';
