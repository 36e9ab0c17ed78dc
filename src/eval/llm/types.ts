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

/** Which way a move's action was obtained (GENSTRAT v2 §5 and Appendix F; league methodology). */
export type MovePath = 'strict' | 'lenient' | 'format-fix' | 'fallback';

/** Why a move fell back to the frozen fallback. */
export type FallbackReason = 'format' | 'refusal' | 'safety' | 'length' | 'timeout' | 'transport';

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
}

/** One decision of an LLM seat: the action, how it was obtained, and every call made for it. */
export interface LlmMoveRecord {
  seat: number;
  /** The action applied and its menu label. */
  action: number;
  label: string;
  path: MovePath;
  fallbackReason?: FallbackReason;
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
