/**
 * Duplicate play: play seeds and slot ids, one slot, a match of runs and its paired summary, and the
 * replay of a stored slot.
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
export { replayStoredSlot, type ReplayHand, type ReplayDecision, type ReplayDeparture, type SlotReplayVisitor } from './replay.js';
