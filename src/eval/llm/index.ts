/**
 * LLM players (see `docs/llm.md`): providers through the official SDKs, reply parsing, the
 * league's reliability rules, the response cache, the spend guard, execution metrics and the
 * `--dry-run` estimate.
 */
export * from './types.js';
export {
  parseLlmSpec,
  parseLlmSettings,
  parsePrice,
  llmIdentity,
  costUsd,
  SUPPORTED_PARAMETERS,
  DEFAULT_KEY_ENV,
  REASONING_EFFORTS,
  type LlmSettings,
  type Price,
  type ReasoningEffort,
} from './config.js';
export { parseReply, parseStrict, parseLenient, type Candidate, type ParseResult } from './parse.js';
export { resolveCandidate, fallbackAction, menuSummary, type LegalResult } from './legal.js';
export { decide, formatFixPrompt, MAX_HTTP_ATTEMPTS, MAX_TRANSPORT_RETRIES, MAX_FORMAT_FIXES, type DecisionContext, type DecisionInput } from './decide.js';
export { createProvider, keyEnvName, ProviderCallError } from './providers/index.js';
export { createLlmAgent, type LlmAgent, type LlmAgentOptions } from './agent.js';
export { memoryCache, sqliteCache, cacheKey, type ResponseCache, type CachedReply } from './cache.js';
export { SpendGuard } from './spend.js';
export { endpointQueue, resetEndpointQueues } from './limits.js';
export { llmMetrics, type LlmMetrics } from './metrics.js';
export { estimateLlmParticipant, sumEstimates, formatDryRun, DEFAULT_EXPECTED_OUTPUT_TOKENS, type DryRunEstimate } from './dry-run.js';
export { countTokens } from './tokens.js';
export { redactSecrets } from './redact.js';
export { createLlmKindAgent, LLM_KIND_PARAMS, LLM_PROMPT_VERSION, type LlmKindAgent } from './kind.js';
export type { LlmView, LlmAgentMove } from './agent.js';
export { estimateTournamentLlm, llmRuntimeFor, type LlmDryRunRow, type LlmRuntime } from './tournament.js';
