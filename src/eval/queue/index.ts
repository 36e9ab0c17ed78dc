/**
 * Tournaments through a Redis queue (BullMQ): the coordinator (`gbgc tournament --queue`), workers
 * (`gbgc worker`) and `gbgc queue status`. See docs/scale-out.md.
 */
export { parseQueueUrl, connectQueue, redactUrl, CONNECT_TIMEOUT_MS, type QueueUrl } from './connection.js';
export {
  runQueuedTournament,
  blockSlotsFor,
  BLOCK_MS,
  PILOT_SLOTS,
  MAX_BLOCK_SLOTS,
  type QueuedRunReport,
  type QueuedRunOptions,
  type FailedSlot,
} from './coordinator.js';
export { startWorker, slotProcessor, type WorkerOptions, type RunningWorker } from './worker.js';
export { queueStatus, type TournamentQueueStatus } from './status.js';
export { redisRateLimiter } from './rate-limit.js';
export { QUEUE_NAME, publishTournament, loadTournament, type TournamentSpec, type BlockJobData, type BlockResult } from './spec.js';
