/** Statistics over slot rows (GENSTRAT v2 §6–§9): the public entry points. */
export * from './slots.js';
export * from './dist.js';
export * from './alpha.js';
export * from './per-game.js';
export * from './variance.js';
export * from './robustness.js';
export * from './profiles.js';
export * from './jaggedness.js';
export * from './rank-stability.js';
export * from './ablation.js';
export * from './simulate.js';
export * from './analyze.js';
export { ESTIMATES_SCHEMA, TABLE_ESTIMATES_SCHEMA } from './schema.js';
export { analyzeStore, analyzeAnyStore, slotRowsOf, type StoreAnalysisOptions, type StoreSlotRows } from './from-store.js';
export { analyzeTableStore, handRowsOf, isTableSlot, bigBlindOf, type TableEstimates, type StoreHandRows } from './table-store.js';
export { parseAxesJsonl, readAxesFile, engineVersion } from './inputs.js';
export * from './table.js';
export { plantedTableHands, tableCoverage, permutations, type PlantedTableDesign, type TableCoverage } from './table-simulate.js';
export {
  decisionQuality,
  formatDecisionQuality,
  DQ_MAX_NODES,
  DQ_AGREEMENT_TOLERANCE,
  type DecisionQualitySection,
  type DecisionQualityRow,
  type DecisionReferenceInfo,
} from './decision-quality.js';
