/**
 * One decision of an LLM seat, under the league's reliability rules (llm-game-league methodology,
 * "Each decision has a 60 second deadline…"): a per-decision deadline, at most one transport
 * retry (408, 429, 5xx, broken connection; `retry-after` honoured), at most one format-fix re-ask,
 * at most three HTTP requests in all; then the frozen fallback. The reply is read strict → lenient
 * (GENSTRAT v2 §5), the re-ask quotes the problem (as BotzoneBench's prompts show the model its
 * invalid output), and the fallback is the frozen fallback policy's action from the agent's own
 * stream (uniform by default, GENSTRAT v2 Appendix F). A refusal, a safety block, or a reply cut by
 * the length limit is a counted fallback with that reason, never an error.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import type PQueue from 'p-queue';
import type { MenuItem } from '../../interpreter/api.js';
import { UserError } from '../../util/errors.js';
import type { Rng } from '../../util/rng.js';
import { cacheKey, type ResponseCache } from './cache.js';
import { costUsd, llmIdentity, type LlmSettings } from './config.js';
import { fallbackAction, menuSummary, plainReply, resolveCandidate } from './legal.js';
import { endpointQueue, sharedRateLimit } from './limits.js';
import { parseReply } from './parse.js';
import { ProviderCallError } from './providers/errors.js';
import { redactSecrets } from './redact.js';
import type { SpendGuard } from './spend.js';
import {
  addUsage,
  NO_USAGE,
  type CallKind,
  type CallRecord,
  type ChatMessage,
  type FallbackPolicy,
  type FallbackReason,
  type LlmMoveRecord,
  type Provider,
  type ProviderReply,
} from './types.js';

/** The league's limits (methodology): HTTP requests per decision, transport retries, format fixes. */
export const MAX_HTTP_ATTEMPTS = 3;
export const MAX_TRANSPORT_RETRIES = 1;
export const MAX_FORMAT_FIXES = 1;

/** How a decision is run; everything but `provider` and `settings` has a default. */
export interface DecisionContext {
  provider: Provider;
  settings: LlmSettings;
  cache?: ResponseCache;
  spend?: SpendGuard;
  /** The endpoint's queue (default: the shared one for the provider's endpoint). */
  queue?: PQueue;
  /** First backoff in milliseconds before a transport retry without `retry-after` (default 1000). */
  backoffMs?: number;
  /** The longest `retry-after` waited for, in milliseconds (default 30 000); with a longer one the call is not retried. */
  maxRetryAfterMs?: number;
  /** The frozen fallback (default `uniform`, GENSTRAT v2 Appendix F). */
  fallbackPolicy?: FallbackPolicy;
}

/** What the seat is deciding. */
export interface DecisionInput {
  seat: number;
  /** The rulebook (system prompt). */
  system: string;
  /** Earlier messages of the game (conversation mode `match`), else []. */
  history: readonly ChatMessage[];
  /** The turn prompt (user message). */
  prompt: string;
  menu: readonly MenuItem[];
  /** The agent's own stream (amount draws and the fallback). */
  rng: Rng;
  /** Names this decision inside a run for the cache (slot id and move number); see `cache.ts`. */
  occurrence?: string;
}

/** The re-ask after an unusable reply: the problem quoted, the legal actions, the format. */
export function formatFixPrompt(problem: string, menu: readonly MenuItem[]): string {
  return `Your previous reply could not be used: ${problem}. The legal actions are: ${menuSummary(menu)}. Reply again, ending with one JSON object of the form {"action": "<legal action>"}.`;
}

/**
 * Run one decision.
 * @returns the move record and the conversation after it (history, prompt, the model's replies)
 * @throws UserError when the provider rejects the key (401, 403, Gemini's 400 `API_KEY_INVALID`) or
 *   the request itself (any other 4xx but 408 and 429: no such model, a prompt beyond the context
 *   window): no move of this participant can succeed, so the run stops and the slot stays missing
 * @throws BudgetReachedError when the spend guard's budget is reached before a request is sent
 */
export async function decide(ctx: DecisionContext, input: DecisionInput): Promise<{ record: LlmMoveRecord; conversation: ChatMessage[] }> {
  if (input.menu.length === 0) throw new Error('decide: called with an empty legal menu (only decision nodes have moves)');
  const s = ctx.settings;
  const queue = ctx.queue ?? endpointQueue(ctx.provider.endpoint, s.concurrency, s.rpm);
  const backoffMs = ctx.backoffMs ?? 1000;
  const maxRetryAfterMs = ctx.maxRetryAfterMs ?? 30_000;
  const started = performance.now();
  const controller = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  let deadlineAt = Infinity;
  const startDeadline = () => {
    if (timer) return;
    deadlineAt = performance.now() + s.deadlineMs;
    timer = setTimeout(() => controller.abort(), s.deadlineMs);
    timer.unref?.();
  };
  const identity = llmIdentity(s);
  let messages: ChatMessage[] = [...input.history, { role: 'user', content: input.prompt }];
  const calls: CallRecord[] = [];
  let http = 0;
  let transportRetries = 0;
  let formatFixes = 0;
  let kind: CallKind = 'initial';
  let formatError: string | undefined;
  let raw = '';
  let outcome:
    { action: number; label: string; path: LlmMoveRecord['path']; fallbackReason?: FallbackReason; amountAdjusted?: 'clamped' | 'random' } | undefined;
  let parseFailure = false;
  const policy = ctx.fallbackPolicy ?? 'uniform';
  const fallback = (reason: FallbackReason) => ({ ...fallbackAction(input.menu, input.rng, policy), path: 'fallback' as const, fallbackReason: reason });

  try {
    while (!outcome) {
      // One call, with at most one transport retry.
      let reply: ProviderReply | undefined;
      let failure: ProviderCallError | undefined;
      for (;;) {
        const key = ctx.cache
          ? cacheKey({
              provider: s.provider,
              endpoint: ctx.provider.endpoint,
              model: s.model,
              settings: identity,
              system: input.system,
              messages,
              occurrence: input.occurrence === undefined ? undefined : `${input.occurrence}/${formatFixes}`,
            })
          : undefined;
        const hit = key ? ctx.cache!.get(key) : undefined;
        if (hit) {
          reply = hit.reply;
          calls.push({
            kind,
            outcome: 'ok',
            latencyMs: hit.latencyMs,
            fromCache: true,
            usage: hit.reply.usage,
            costUsd: costUsd(s.price, hit.reply.usage),
            stop: hit.reply.stop,
            stopDetail: hit.reply.stopDetail,
            text: redactSecrets(hit.reply.text),
          });
          break;
        }
        if (http >= MAX_HTTP_ATTEMPTS) {
          failure = new ProviderCallError('connection', `no HTTP attempt left (at most ${MAX_HTTP_ATTEMPTS} per decision)`);
          break;
        }
        ctx.spend?.checkCall();
        http++;
        const t0 = performance.now();
        try {
          const sent = messages;
          reply = await queue.add(async () => {
            await sharedRateLimit(ctx.provider.endpoint, s.rpm);
            startDeadline();
            if (controller.signal.aborted) throw new ProviderCallError('abort', 'the decision deadline passed');
            return ctx.provider.complete({ system: input.system, messages: sent, signal: controller.signal });
          });
          const latencyMs = performance.now() - t0;
          const cost = costUsd(s.price, reply.usage);
          ctx.spend?.add(cost);
          calls.push({
            kind,
            outcome: 'ok',
            latencyMs,
            fromCache: false,
            usage: reply.usage,
            costUsd: cost,
            stop: reply.stop,
            stopDetail: reply.stopDetail,
            text: redactSecrets(reply.text),
            ...(reply.usageMissing ? { usageMissing: true } : {}),
          });
          if (key) ctx.cache!.set(key, { reply, latencyMs, costUsd: cost });
          break;
        } catch (e) {
          const err =
            e instanceof ProviderCallError
              ? e
              : controller.signal.aborted
                ? new ProviderCallError('abort', 'the decision deadline passed')
                : new ProviderCallError('connection', String((e as Error)?.message ?? e));
          const call: CallRecord = {
            kind,
            outcome: err.outcome,
            latencyMs: performance.now() - t0,
            fromCache: false,
            usage: NO_USAGE,
            costUsd: 0,
            error: redactSecrets(err.message).slice(0, 500),
          };
          calls.push(call);
          if (err.isAuth)
            throw new UserError(
              `${s.provider}/${s.model}: the provider rejected the key (${redactSecrets(err.message).slice(0, 300)}); check the key variable`,
            );
          if (err.isPermanent)
            throw new UserError(
              `${s.provider}/${s.model}: the provider refused the request, and would refuse it on every move (${redactSecrets(err.message).slice(0, 300)}); check the model id, the settings and the prompt's length against the model's context window`,
            );
          if (err.kind !== 'abort' && err.retryable && transportRetries < MAX_TRANSPORT_RETRIES && http < MAX_HTTP_ATTEMPTS) {
            // The server's hint is honoured or the call is not retried: retrying before it ends fails again.
            const wait = err.retryAfterMs ?? backoffMs;
            if (wait <= maxRetryAfterMs && performance.now() + wait < deadlineAt) {
              call.waitMs = wait;
              try {
                if (wait > 0) await sleep(wait, undefined, { signal: controller.signal });
              } catch {
                failure = new ProviderCallError('abort', 'the decision deadline passed');
                break;
              }
              transportRetries++;
              kind = 'transport-retry';
              continue;
            }
          }
          failure = err;
          break;
        }
      }
      if (failure) {
        outcome = fallback(failure.kind === 'abort' ? 'timeout' : failure.kind === 'http' ? 'provider' : 'transport');
        break;
      }
      raw = reply!.text;
      if (reply!.stop === 'refusal' || reply!.stop === 'safety') {
        outcome = fallback(reply!.stop);
        break;
      }
      const parsed = parseReply(raw);
      // A reply cut by the output limit is played only when it is one whole JSON object: a cut
      // reply that was weighing options would otherwise be read from the last one it listed.
      if (reply!.stop === 'length' && !(parsed.ok && parsed.parser === 'strict')) {
        outcome = fallback('length');
        break;
      }
      const legal = parsed.ok ? resolveCandidate(parsed.candidate, input.menu, input.rng) : undefined;
      if (parsed.ok && legal!.ok) {
        const path = formatFixes > 0 ? 'format-fix' : parsed.parser;
        outcome = { action: legal!.action, label: legal!.label, path, ...(legal!.amountAdjusted ? { amountAdjusted: legal!.amountAdjusted } : {}) };
        break;
      }
      // The turn prompt's plain-text form (`call`, `raise 12`), read by the prompt's own reply grammar.
      const plain = plainReply(raw, input.menu);
      if (plain) {
        outcome = { ...plain, path: formatFixes > 0 ? 'format-fix' : 'plain' };
        break;
      }
      if (formatFixes === 0) parseFailure = true;
      formatError = redactSecrets(parsed.ok ? (legal as { problem: string }).problem : parsed.problem);
      if (formatFixes < MAX_FORMAT_FIXES && http < MAX_HTTP_ATTEMPTS) {
        messages = [...messages, { role: 'assistant', content: raw }, { role: 'user', content: formatFixPrompt(formatError, input.menu) }];
        formatFixes++;
        kind = 'format-fix';
        continue;
      }
      outcome = fallback('format');
    }
  } finally {
    if (timer) clearTimeout(timer);
  }

  const usage = calls.reduce((u, c) => addUsage(u, c.usage), { ...NO_USAGE });
  const record: LlmMoveRecord = {
    seat: input.seat,
    action: outcome.action,
    label: outcome.label,
    path: outcome.path,
    ...(outcome.fallbackReason ? { fallbackReason: outcome.fallbackReason, fallbackPolicy: policy } : {}),
    ...(parseFailure ? { parseFailure: true } : {}),
    ...(formatError !== undefined ? { formatError } : {}),
    ...(outcome.amountAdjusted ? { amountAdjusted: outcome.amountAdjusted } : {}),
    httpAttempts: http,
    transportRetries,
    formatFixes,
    calls,
    raw: redactSecrets(raw),
    usage,
    costUsd: calls.reduce((c, x) => c + x.costUsd, 0),
    latencyMs: performance.now() - started,
  };
  const conversation = raw === '' ? messages : [...messages, { role: 'assistant' as const, content: raw }];
  return { record, conversation };
}
