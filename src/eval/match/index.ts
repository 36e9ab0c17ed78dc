/**
 * Duplicate play: play seeds and slot ids, one slot, a match of runs and its paired summary.
 */
export { playSeed, slotId, matchupKey } from './seeds.js';
export { playSlot, playSlotNow, agentRng, type MoveRecord, type SlotOutcome, type PlaySlotOptions } from './play.js';
export { playMatch, summarizeRuns, sampleSD, type RunResult, type MatchSummary, type MatchOptions } from './match.js';
