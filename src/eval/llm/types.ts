/**
 * Shapes shared by the LLM player's pieces: messages, provider replies, token usage, and the
 * per-call and per-move records (see `docs/llm.md`).
 */

/** One message of the conversation after the system prompt (the rulebook). */
export interface ChatMessage {
  role: 'user' | 'assistant';
  content: string;
}

/** Which wire format a participant speaks. `compat`: any OpenAI-compatible Chat Completions endpoint by base URL. */
export type ProviderKind = 'openai' | 'openai-responses' | 'anthropic' | 'gemini' | 'compat';

/** The provider kinds, in the order the docs list them. */
export const PROVIDER_KINDS: readonly ProviderKind[] = ['openai', 'openai-responses', 'anthropic', 'gemini', 'compat'];

/**
 * Why a reply stopped, normalised across providers: `stop` (a normal end), `length` (the output
 * limit), `refusal` (the model declined), `safety` (the provider blocked the prompt or the reply),
 * `other` (anything else the provider reports; its own word is kept in `stopDetail`).
 */
export type StopKind = 'stop' | 'length' | 'refusal' | 'safety' | 'other';

/**
 * Token counts of one call. `input` includes cached input; `output` includes reasoning tokens
 * (every provider bills reasoning as output); `reasoning` and `cached` are the parts of those.
 */
export interface Usage {
  input: number;
  output: number;
  reasoning: number;
  cached: number;
}

/** A zero {@link Usage}. */
export const NO_USAGE: Usage = Object.freeze({ input: 0, output: 0, reasoning: 0, cached: 0 });

/** Sum of two usages. */
export function addUsage(a: Usage, b: Usage): Usage {
  return { input: a.input + b.input, output: a.output + b.output, reasoning: a.reasoning + b.reasoning, cached: a.cached + b.cached };
}

/** A provider's answer to one request, normalised. `text` is the visible reply ('' when none). */
export interface ProviderReply {
  text: string;
  stop: StopKind;
  /** The provider's own stop word (`end_turn`, `MAX_TOKENS`, `content_filter`, …) when it gave one. */
  stopDetail?: string;
  usage: Usage;
  /** The answer carried no token usage (`usage` is then zeros). */
  usageMissing?: boolean;
}

/** One request: the system prompt (rulebook) and the messages; `signal` aborts it at the decision deadline. */
export interface ProviderRequest {
  system: string;
  messages: readonly ChatMessage[];
  signal: AbortSignal;
}

/** A model behind one wire format. Implementations never retry on their own (the decision loop does). */
export interface Provider {
  readonly kind: ProviderKind;
  readonly model: string;
  /** Identifies the endpoint for limits and the cache: the kind and the base URL (never the key). */
  readonly endpoint: string;
  /** @throws ProviderCallError for every failure (HTTP status, connection, abort) */
  complete(req: ProviderRequest): Promise<ProviderReply>;
}

/**
 * The frozen fallback (the action played when the model's is unusable): `uniform`, a uniformly
 * random legal action (GENSTRAT v2 Appendix F); `minimum`, the smallest amount of a wager or bid,
 * else a random legal action (GENSTRAT v1 §5); `passive`, check, else an action that puts in no
 * chips, else fold, else a random legal action (the league methodology's rulesets).
 */
export type FallbackPolicy = 'uniform' | 'minimum' | 'passive';

/** The fallback policies. */
export const FALLBACK_POLICIES: readonly FallbackPolicy[] = ['uniform', 'minimum', 'passive'];

/**
 * Which way a move's action was obtained (GENSTRAT v2 §5 and Appendix F; league methodology):
 * `strict` (the reply is one JSON object), `lenient` (recovered from a near-JSON reply), `plain`
 * (the reply is the plain-text form the turn prompt offers: `call`, `raise 12`), `format-fix`
 * (the model's answer to the one re-ask), `fallback` (the frozen fallback).
 */
export type MovePath = 'strict' | 'lenient' | 'plain' | 'format-fix' | 'fallback';

/**
 * Why a move was played by the frozen fallback: `format` (no legal action in the reply nor in the
 * answer to the re-ask), `refusal`, `safety`, `length` (the reply was cut by the output limit),
 * `timeout` (the decision deadline), `transport` (the connection broke, or a 200 answer was not a
 * reply: an HTML page, a cut stream, an error event), `provider` (the provider answered an error
 * status, 429 or 5xx, also on the retry).
 */
export type FallbackReason = 'format' | 'refusal' | 'safety' | 'length' | 'timeout' | 'transport' | 'provider';

/** The fallback reasons, in the order reports list them. */
export const FALLBACK_REASONS: readonly FallbackReason[] = ['format', 'refusal', 'safety', 'length', 'timeout', 'transport', 'provider'];

/** Reasons that are failures of the service rather than of the model: governed by the participant's `on_failure`. */
export const SERVICE_FAILURES: ReadonlySet<FallbackReason> = new Set(['timeout', 'transport', 'provider']);

/** What one HTTP attempt (or cache hit) of a decision was. */
export type CallKind = 'initial' | 'transport-retry' | 'format-fix';

/** One call of a decision. */
export interface CallRecord {
  kind: CallKind;
  /** `ok`, `http-429`, `http-500`, …, `connection`, `timeout`. */
  outcome: string;
  /** Wall time of the call in milliseconds (for a cache hit: the original call's). */
  latencyMs: number;
  /** Served from the response cache: no HTTP request was made and nothing was spent. */
  fromCache: boolean;
  usage: Usage;
  /** US dollars from the price table (0 when the model has no price). */
  costUsd: number;
  stop?: StopKind;
  stopDetail?: string;
  /** The raw reply text, for audit. */
  text?: string;
  /** Milliseconds waited before the next attempt (retry-after honoured or backoff), when one followed. */
  waitMs?: number;
  /** A short error description (status and the provider's message, keys redacted). */
  error?: string;
  /** The provider's answer carried no token usage (counted as 0 tokens and $0, and warned about). */
  usageMissing?: boolean;
}

/** One decision of an LLM seat: the action, how it was obtained, and every call made for it. */
export interface LlmMoveRecord {
  seat: number;
  /** The action applied and its menu label. */
  action: number;
  label: string;
  path: MovePath;
  fallbackReason?: FallbackReason;
  /**
   * GENSTRAT v2 Appendix F's fallback event: the model's first reply was read by neither the
   * strict nor the lenient parser (nor as the prompt's plain-text form). Set whether the re-ask
   * then mended it or not; the paper's fallback rate counts these moves.
   */
  parseFailure?: boolean;
  /** The frozen fallback policy that chose the action of a `fallback` move. */
  fallbackPolicy?: FallbackPolicy;
  /** The last problem found in a reply (parse or legality), quoted in the format-fix re-ask. */
  formatError?: string;
  /** An amount outside the legal range was clamped to the maximum, or replaced by a random legal amount (seed rulebook). */
  amountAdjusted?: 'clamped' | 'random';
  /** HTTP requests actually sent (cache hits excluded); at most 3. */
  httpAttempts: number;
  transportRetries: number;
  formatFixes: number;
  calls: CallRecord[];
  /** The last reply text, for audit ('' when none). */
  raw: string;
  usage: Usage;
  costUsd: number;
  /** Wall time of the whole decision in milliseconds. */
  latencyMs: number;
}
