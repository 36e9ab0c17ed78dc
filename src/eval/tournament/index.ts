/**
 * Tournaments: config (YAML/JSON, validated), plan (games, participants, schedule, slots,
 * commitment), and the resumable run into a store.
 */
export { readConfig, validate, CONFIG_SCHEMA, type TournamentConfig, type ParticipantEntry } from './config.js';
export {
  buildPlan,
  scheduleMatchups,
  describeChanges,
  type TournamentPlan,
  type PlannedSlot,
  type PlanGame,
  type PlanSummary,
  type GameOrigin,
} from './plan.js';
export {
  checkPlanAgainstStore,
  makeAgents,
  agentCacheDir,
  type AgentPreparation,
  type PrepareHooks,
  openStoreFor,
  runTournament,
  playPlannedSlot,
  playPlannedSlotNow,
  discardedSlot,
  MAX_REPLAYS,
  slotNotes,
  type TournamentRunReport,
  type RunOptions,
  type SlotResult,
  type SlotContext,
} from './run.js';
