/**
 * Duplicate play: play seeds and slot ids, one slot, a match of runs and its paired summary.
 */
export { playSeed, slotId, matchupKey, seatPermutations, tableSlotId, type SlotFormat } from './seeds.js';
export {
  playSlot,
  playSlotNow,
  agentRng,
  handAgentRng,
  handChanceKeys,
  handSeating,
  declaresButton,
  slotChance,
  type MoveRecord,
  type SlotOutcome,
  type HandOutcome,
  type MatchFormat,
  type PlaySlotOptions,
} from './play.js';
export { playMatch, summarizeRuns, sampleSD, type RunResult, type MatchSummary, type MatchOptions } from './match.js';
