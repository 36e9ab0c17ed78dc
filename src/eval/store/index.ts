/**
 * The run store (SQLite): see `store.ts` and `docs/tournaments.md`. One versioned schema, one
 * writer (`RunStore`) and one reader (`readSlots`, `readMoves`, `RunStore.openReadOnly`); every read
 * checks the store's schema version, and readers of results its engine version.
 */
export { storeError, storeErrorMessage, withStoreErrors, isSqliteError, recoverySteps, StoreVersionError, type StoreVersionCode } from './errors.js';
export {
  RunStore,
  checkStore,
  checkVersions,
  storeAbsent,
  SCHEMA_VERSION,
  READABLE_SCHEMAS,
  SLOT_COLUMNS,
  SLOT_EXPORT_COLUMNS,
  MOVE_COLUMNS,
  slotSeats,
  slotHands,
  type SlotRecord,
  type SeatRecord,
  type HandRecord,
  type MoveRecord,
  moveLog,
} from './store.js';
export {
  readSlots,
  readMoves,
  readHands,
  withMoves,
  handsOf,
  type StoredHand,
  type StoredSlots,
  type ReadOptions,
  type ParticipantRecord,
  type GameRecord,
} from './read.js';
export { exportTable, summarizeStore, csvField, type StoreSummary, type ParticipantSummary } from './records.js';
export * from './league.js';
