/**
 * Execution figures of an LLM participant, pure functions over its move records grouped by slot.
 * Fallback move rate and slot rate as GENSTRAT v2 Appendix F defines them (fallback moves over all
 * moves; the share of slots with at least one fallback move); valid-action rate, refusals,
 * timeouts, format errors, cost and p50/p95 latency as the league methodology's execution report lists.
 */
import { quantile } from 'simple-statistics';
import { addUsage, FALLBACK_REASONS, NO_USAGE, type FallbackReason, type LlmMoveRecord, type MovePath, type Usage } from './types.js';

export interface LlmMetrics {
  slots: number;
  moves: number;
  /** Moves whose action the model named (strict, lenient or after the format fix) / moves. */
  validActionRate: number;
  /**
   * GENSTRAT v2 Appendix F's move rate: moves whose first reply neither the strict nor the lenient
   * parser could read / moves (the paper played the fallback there; here the re-ask may mend it).
   */
  paperFallbackMoveRate: number;
  /** Appendix F's slot rate: slots with ≥ 1 such move / slots. */
  paperFallbackSlotRate: number;
  /** The league's rate: moves played by the frozen fallback, for any reason / moves. */
  fallbackMoveRate: number;
  /** Slots with ≥ 1 frozen-fallback move / slots. */
  fallbackSlotRate: number;
  /** Moves whose first reply no parser could read (Appendix F's fallback events). */
  parseFailures: number;
  paths: Record<MovePath, number>;
  fallbackReasons: Record<FallbackReason, number>;
  refusals: number;
  timeouts: number;
  /** Moves with at least one reply that could not be used (whether the fix then worked or not). */
  formatErrors: number;
  /** HTTP calls whose answer carried no token usage (counted as 0 tokens, $0). */
  usageMissing: number;
  httpAttempts: number;
  transportRetries: number;
  formatFixes: number;
  cacheHits: number;
  tokens: Usage;
  costUsd: number;
  /** Latency of HTTP calls (cache hits excluded), milliseconds; null without calls. */
  latencyP50Ms: number | null;
  latencyP95Ms: number | null;
}

/**
 * Aggregate one participant's records.
 * @param slots the participant's move records, one array per slot it played (an empty array: a slot with no move of its own)
 */
export function llmMetrics(slots: readonly (readonly LlmMoveRecord[])[]): LlmMetrics {
  const paths: Record<MovePath, number> = { strict: 0, lenient: 0, plain: 0, 'format-fix': 0, fallback: 0 };
  const reasons = Object.fromEntries(FALLBACK_REASONS.map((r) => [r, 0])) as Record<FallbackReason, number>;
  let moves = 0;
  let slotsWithFallback = 0;
  let slotsWithParseFailure = 0;
  let parseFailures = 0;
  let usageMissing = 0;
  let formatErrors = 0;
  let httpAttempts = 0;
  let transportRetries = 0;
  let formatFixes = 0;
  let cacheHits = 0;
  let tokens: Usage = { ...NO_USAGE };
  let cost = 0;
  const latencies: number[] = [];
  for (const slot of slots) {
    let fell = false;
    let unread = false;
    for (const m of slot) {
      moves++;
      paths[m.path]++;
      if (m.parseFailure) {
        parseFailures++;
        unread = true;
      }
      if (m.fallbackReason) {
        reasons[m.fallbackReason]++;
        fell = true;
      }
      if (m.formatError !== undefined) formatErrors++;
      httpAttempts += m.httpAttempts;
      transportRetries += m.transportRetries;
      formatFixes += m.formatFixes;
      tokens = addUsage(tokens, m.usage);
      cost += m.costUsd;
      for (const c of m.calls) {
        if (c.fromCache) cacheHits++;
        else latencies.push(c.latencyMs);
        if (c.usageMissing) usageMissing++;
      }
    }
    if (fell) slotsWithFallback++;
    if (unread) slotsWithParseFailure++;
  }
  const rate = (a: number, b: number) => (b === 0 ? 0 : a / b);
  return {
    slots: slots.length,
    moves,
    validActionRate: rate(moves - paths.fallback, moves),
    paperFallbackMoveRate: rate(parseFailures, moves),
    paperFallbackSlotRate: rate(slotsWithParseFailure, slots.length),
    fallbackMoveRate: rate(paths.fallback, moves),
    fallbackSlotRate: rate(slotsWithFallback, slots.length),
    parseFailures,
    paths,
    fallbackReasons: reasons,
    refusals: reasons.refusal,
    timeouts: reasons.timeout,
    formatErrors,
    usageMissing,
    httpAttempts,
    transportRetries,
    formatFixes,
    cacheHits,
    tokens,
    costUsd: cost,
    latencyP50Ms: latencies.length ? quantile(latencies, 0.5) : null,
    latencyP95Ms: latencies.length ? quantile(latencies, 0.95) : null,
  };
}
