/**
 * The run store (SQLite): see `store.ts` and `docs/tournaments.md`.
 */
export { RunStore, checkStore, SCHEMA_VERSION, SLOT_COLUMNS, MOVE_COLUMNS, type SlotRow, type MoveRow, type MoveInput, moveLog } from './store.js';
export { exportTable, summarizeStore, csvField, type StoreSummary, type ParticipantSummary } from './records.js';
