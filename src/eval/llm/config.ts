/**
 * A participant's LLM settings: the `llm:PROVIDER/MODEL` spec and the config block (YAML keys in
 * snake_case), checked at load time. A key the provider cannot honour is an error naming the key
 * (league methodology: unsupported provider parameters are disclosed, never silently dropped).
 */
import { UserError } from '../../util/errors.js';
import { PROVIDER_KINDS, type ProviderKind } from './types.js';

/** US dollars per million tokens. `cached_input` defaults to `input`. */
export interface Price {
  input: number;
  output: number;
  cachedInput?: number;
}

/** Reasoning effort words the OpenAI APIs accept. */
export const REASONING_EFFORTS = ['minimal', 'low', 'medium', 'high'] as const;
export type ReasoningEffort = (typeof REASONING_EFFORTS)[number];

/** Everything that decides how one LLM participant is called. */
export interface LlmSettings {
  provider: ProviderKind;
  /** The exact model id sent to the provider. */
  model: string;
  /** Endpoint override (required for `compat`); e.g. `http://127.0.0.1:11434/v1`. */
  baseUrl?: string;
  /** Name of the environment variable holding the key (defaults per provider; the key itself is never configured). */
  apiKeyEnv?: string;
  reasoningEffort?: ReasoningEffort;
  /** Thinking budget in tokens (Anthropic extended thinking, Gemini `thinkingBudget`). */
  thinkingBudget?: number;
  /** Output token limit per call. */
  maxOutputTokens?: number;
  temperature?: number;
  /** Sampling seed, where the provider supports one. */
  seed?: number;
  /** `fresh`: each move is a new conversation (default, as GENSTRAT); `match`: the game so far is kept. */
  conversation: 'fresh' | 'match';
  /** Per-decision deadline in milliseconds (default 60 000, league methodology). */
  deadlineMs: number;
  /** Requests in flight at once to this endpoint (default 4). */
  concurrency: number;
  /** Requests per minute to this endpoint (default: no limit). */
  rpm?: number;
  price?: Price;
  /**
   * What a move lost to the service (time-out, transport, provider error) does to its slot:
   * `fallback` (the frozen fallback plays the move; the league methodology), `replay` (the slot is
   * played again later with the same play seed; BotzoneBench's rematch), `discard` (the slot is
   * set aside and counted; GENSTRAT v2 §4 discards matches that time out). Default `fallback`.
   */
  onFailure: OnFailure;
  /** Output tokens per call assumed by `--dry-run` (default: `max_output_tokens`, else 256). */
  expectedOutputTokens?: number;
  /** Stream the reply (server-sent events); the reply and its record are the same as without. */
  stream?: boolean;
}

/** What a time-out or provider failure does to the slot (see {@link LlmSettings.onFailure}). */
export type OnFailure = 'fallback' | 'replay' | 'discard';
export const ON_FAILURE: readonly OnFailure[] = ['fallback', 'replay', 'discard'];

/** The environment variable each provider's key is read from by default. */
export const DEFAULT_KEY_ENV: Record<ProviderKind, string> = {
  openai: 'OPENAI_API_KEY',
  'openai-responses': 'OPENAI_API_KEY',
  anthropic: 'ANTHROPIC_API_KEY',
  gemini: 'GEMINI_API_KEY',
  compat: 'OPENAI_API_KEY',
};

/** Generation parameters each provider accepts (config key names). */
export const SUPPORTED_PARAMETERS: Record<ProviderKind, readonly string[]> = {
  openai: ['reasoning_effort', 'max_output_tokens', 'temperature', 'seed'],
  'openai-responses': ['reasoning_effort', 'max_output_tokens', 'temperature'],
  anthropic: ['thinking_budget', 'max_output_tokens', 'temperature'],
  gemini: ['thinking_budget', 'max_output_tokens', 'temperature', 'seed'],
  compat: ['reasoning_effort', 'max_output_tokens', 'temperature', 'seed'],
};

const GENERATION_KEYS = ['reasoning_effort', 'thinking_budget', 'max_output_tokens', 'temperature', 'seed'];
const COMMON_KEYS = [
  'provider',
  'model',
  'base_url',
  'api_key_env',
  'conversation',
  'deadline_ms',
  'concurrency',
  'rpm',
  'price',
  'on_failure',
  'stream',
  'expected_output_tokens',
];

/**
 * Split `llm:PROVIDER/MODEL` (the model may itself contain `/`, as OpenRouter ids do).
 * @throws UserError for a spec that is not of that form or names an unknown provider
 */
export function parseLlmSpec(spec: string): { provider: ProviderKind; model: string } {
  const m = /^llm:([a-z-]+)\/(.+)$/.exec(spec.trim());
  if (!m) throw new UserError(`'${spec}' is not an LLM agent spec; expected llm:PROVIDER/MODEL with PROVIDER one of ${PROVIDER_KINDS.join(', ')}`);
  if (!(PROVIDER_KINDS as readonly string[]).includes(m[1]))
    throw new UserError(`unknown LLM provider '${m[1]}' in '${spec}'; known: ${PROVIDER_KINDS.join(', ')}`);
  return { provider: m[1] as ProviderKind, model: m[2] };
}

function num(where: string, key: string, v: unknown, opts: { min?: number; max?: number; integer?: boolean } = {}): number {
  if (
    typeof v !== 'number' ||
    !Number.isFinite(v) ||
    (opts.integer && !Number.isInteger(v)) ||
    (opts.min !== undefined && v < opts.min) ||
    (opts.max !== undefined && v > opts.max)
  ) {
    const range = [opts.integer ? 'an integer' : 'a number', opts.min !== undefined ? `≥ ${opts.min}` : '', opts.max !== undefined ? `≤ ${opts.max}` : '']
      .filter(Boolean)
      .join(' ');
    throw new UserError(`${where}: '${key}' must be ${range}, got ${JSON.stringify(v)}`);
  }
  return v;
}

/** Parse a price block (`{input, output, cached_input}`, USD per million tokens). */
export function parsePrice(where: string, v: unknown): Price {
  if (v === null || typeof v !== 'object' || Array.isArray(v))
    throw new UserError(`${where}: 'price' must be a mapping with input and output (USD per million tokens)`);
  const o = v as Record<string, unknown>;
  for (const k of Object.keys(o))
    if (!['input', 'output', 'cached_input'].includes(k)) throw new UserError(`${where}: unknown key 'price.${k}' (known: input, output, cached_input)`);
  const p: Price = { input: num(where, 'price.input', o.input, { min: 0 }), output: num(where, 'price.output', o.output, { min: 0 }) };
  if (o.cached_input !== undefined) p.cachedInput = num(where, 'price.cached_input', o.cached_input, { min: 0 });
  return p;
}

/**
 * Build a participant's settings from its spec and config block.
 * @param spec `llm:PROVIDER/MODEL` (the block's `provider`/`model` may repeat it, not contradict it)
 * @param block the participant's config block (snake_case keys), or undefined
 * @param prices a price table, used when the block has no `price`: the entry named by the
 *   participant's name, else by `PROVIDER/MODEL`, else by the model id (see {@link priceEntry})
 * @param where how errors name the participant (e.g. `participant 'gpt'`)
 * @param name the participant's name in the config, when it has one
 * @throws UserError naming the key for an unknown key, a key the provider does not support, a bad value, or a configured API key
 */
export function parseLlmSettings(
  spec: string,
  block: Record<string, unknown> = {},
  prices: Record<string, unknown> = {},
  where = spec,
  name?: string,
): LlmSettings {
  const { provider, model } = parseLlmSpec(spec);
  if (block === null || typeof block !== 'object' || Array.isArray(block)) throw new UserError(`${where}: the LLM config must be a mapping`);
  for (const key of Object.keys(block)) {
    if (/^(api_?key|key|token|secret|authorization)$/i.test(key))
      throw new UserError(`${where}: '${key}' is not allowed: API keys are read from the environment only (set api_key_env to the variable's name)`);
    if (GENERATION_KEYS.includes(key)) {
      if (!SUPPORTED_PARAMETERS[provider].includes(key))
        throw new UserError(`${where}: '${key}' is not supported by provider ${provider} (supported: ${SUPPORTED_PARAMETERS[provider].join(', ')})`);
    } else if (!COMMON_KEYS.includes(key)) throw new UserError(`${where}: unknown key '${key}' (known: ${[...COMMON_KEYS, ...GENERATION_KEYS].join(', ')})`);
  }
  if (block.provider !== undefined && block.provider !== provider)
    throw new UserError(`${where}: 'provider' is ${JSON.stringify(block.provider)} but the spec says ${provider}`);
  if (block.model !== undefined && block.model !== model) throw new UserError(`${where}: 'model' is ${JSON.stringify(block.model)} but the spec says ${model}`);
  const s: LlmSettings = { provider, model, conversation: 'fresh', deadlineMs: 60_000, concurrency: 4, onFailure: 'fallback' };
  if (block.base_url !== undefined) {
    if (typeof block.base_url !== 'string' || !/^https?:\/\//.test(block.base_url)) throw new UserError(`${where}: 'base_url' must be an http(s) URL`);
    s.baseUrl = block.base_url;
  } else if (provider === 'compat')
    throw new UserError(`${where}: provider compat needs 'base_url' (the OpenAI-compatible endpoint, e.g. http://127.0.0.1:11434/v1)`);
  if (block.api_key_env !== undefined) {
    if (typeof block.api_key_env !== 'string' || !/^[A-Za-z_][A-Za-z0-9_]*$/.test(block.api_key_env))
      throw new UserError(`${where}: 'api_key_env' must be an environment variable name`);
    s.apiKeyEnv = block.api_key_env;
  }
  if (block.reasoning_effort !== undefined) {
    if (!(REASONING_EFFORTS as readonly unknown[]).includes(block.reasoning_effort))
      throw new UserError(`${where}: 'reasoning_effort' must be one of ${REASONING_EFFORTS.join(', ')}`);
    s.reasoningEffort = block.reasoning_effort as ReasoningEffort;
  }
  if (block.thinking_budget !== undefined) s.thinkingBudget = num(where, 'thinking_budget', block.thinking_budget, { min: 0, integer: true });
  if (block.max_output_tokens !== undefined) s.maxOutputTokens = num(where, 'max_output_tokens', block.max_output_tokens, { min: 1, integer: true });
  if (block.temperature !== undefined) s.temperature = num(where, 'temperature', block.temperature, { min: 0, max: 2 });
  if (block.seed !== undefined) s.seed = num(where, 'seed', block.seed, { integer: true });
  if (block.conversation !== undefined) {
    if (block.conversation !== 'fresh' && block.conversation !== 'match') throw new UserError(`${where}: 'conversation' must be fresh or match`);
    s.conversation = block.conversation;
  }
  if (block.deadline_ms !== undefined) s.deadlineMs = num(where, 'deadline_ms', block.deadline_ms, { min: 1, integer: true });
  if (block.concurrency !== undefined) s.concurrency = num(where, 'concurrency', block.concurrency, { min: 1, integer: true });
  if (block.rpm !== undefined) s.rpm = num(where, 'rpm', block.rpm, { min: 1, integer: true });
  if (block.stream !== undefined) {
    if (typeof block.stream !== 'boolean') throw new UserError(`${where}: 'stream' must be true or false`);
    s.stream = block.stream;
  }
  if (block.on_failure !== undefined) {
    if (!(ON_FAILURE as readonly unknown[]).includes(block.on_failure)) throw new UserError(`${where}: 'on_failure' must be one of ${ON_FAILURE.join(', ')}`);
    s.onFailure = block.on_failure as OnFailure;
  }
  if (block.expected_output_tokens !== undefined)
    s.expectedOutputTokens = num(where, 'expected_output_tokens', block.expected_output_tokens, { min: 0, integer: true });
  if (provider === 'anthropic' && s.thinkingBudget !== undefined && s.maxOutputTokens !== undefined && s.maxOutputTokens <= s.thinkingBudget)
    throw new UserError(`${where}: 'max_output_tokens' must exceed 'thinking_budget' for provider anthropic`);
  if (block.price !== undefined) s.price = parsePrice(where, block.price);
  else {
    const entry = priceEntry(prices, provider, model, name);
    if (entry !== undefined) s.price = parsePrice(`${where} (price table entry '${entry}')`, prices[entry]);
  }
  return s;
}

/**
 * The entry of a `prices:` table that prices a participant: its name, else `PROVIDER/MODEL`, else
 * the bare model id (undefined when none is there).
 */
export function priceEntry(prices: Record<string, unknown>, provider: string, model: string, name?: string): string | undefined {
  return [name, `${provider}/${model}`, model].find((k): k is string => k !== undefined && Object.hasOwn(prices, k));
}

/**
 * The settings that make a participant what it is (league methodology: provider, exact model,
 * context policy, reasoning setting, output limit, deadline): a changed value is a different
 * participant. Limits, prices and the key's variable name are not part of it.
 */
export function llmIdentity(s: LlmSettings): Record<string, unknown> {
  const id: Record<string, unknown> = { provider: s.provider, model: s.model, conversation: s.conversation, deadline_ms: s.deadlineMs };
  if (s.baseUrl !== undefined) id.base_url = s.baseUrl;
  if (s.reasoningEffort !== undefined) id.reasoning_effort = s.reasoningEffort;
  if (s.thinkingBudget !== undefined) id.thinking_budget = s.thinkingBudget;
  if (s.maxOutputTokens !== undefined) id.max_output_tokens = s.maxOutputTokens;
  if (s.temperature !== undefined) id.temperature = s.temperature;
  if (s.seed !== undefined) id.seed = s.seed;
  return id;
}

/** Cost in US dollars of a call's usage (0 without a price). */
export function costUsd(price: Price | undefined, u: { input: number; output: number; cached: number }): number {
  if (!price) return 0;
  const cachedPrice = price.cachedInput ?? price.input;
  return ((u.input - u.cached) * price.input + u.cached * cachedPrice + u.output * price.output) / 1e6;
}
