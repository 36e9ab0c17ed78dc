/**
 * The run store (SQLite): see `store.ts` and `docs/tournaments.md`.
 */
export { storeError, storeErrorMessage, withStoreErrors, isSqliteError, recoverySteps } from './errors.js';
export { RunStore, checkStore, storeAbsent, SCHEMA_VERSION, SLOT_COLUMNS, MOVE_COLUMNS, type SlotRow, type MoveRow, type MoveInput, moveLog } from './store.js';
export { exportTable, summarizeStore, csvField, type StoreSummary, type ParticipantSummary } from './records.js';
