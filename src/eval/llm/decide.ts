/**
 * One decision of an LLM seat, under the league's reliability rules (llm-game-league methodology,
 * "Each decision has a 60 second deadline…"): a per-decision deadline, at most one transport
 * retry (408, 429, 5xx, broken connection; `retry-after` honoured), at most one format-fix re-ask,
 * at most three HTTP requests in all; then the frozen fallback. The reply is read strict → lenient
 * (GENSTRAT v2 §5), the re-ask quotes the problem (as BotzoneBench's prompts show the model its
 * invalid output), and the fallback is a uniformly random legal action from the agent's own stream
 * (GENSTRAT v2 Appendix F). A refusal, a safety block, or a reply cut by the length limit with
 * nothing in it is a counted fallback with that reason, never an error.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import type PQueue from 'p-queue';
import type { MenuItem } from '../../interpreter/api.js';
import { UserError } from '../../util/errors.js';
import type { Rng } from '../../util/rng.js';
import { cacheKey, type ResponseCache } from './cache.js';
import { costUsd, llmIdentity, type LlmSettings } from './config.js';
import { fallbackAction, menuSummary, resolveCandidate } from './legal.js';
import { endpointQueue, sharedRateLimit } from './limits.js';
import { parseReply } from './parse.js';
import { ProviderCallError } from './providers/errors.js';
import { redactSecrets } from './redact.js';
import type { SpendGuard } from './spend.js';
import { addUsage, NO_USAGE, type CallKind, type CallRecord, type ChatMessage, type FallbackReason, type LlmMoveRecord, type Provider, type ProviderReply } from './types.js';

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
  /** The longest `retry-after` honoured, in milliseconds (default 30 000); a longer one is cut to this. */
  maxRetryAfterMs?: number;
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

/** Statuses that no retry can cure and that mean the configuration is wrong (bad key, no such model). */
const FATAL_STATUSES = new Set([401, 403, 404]);

/**
 * Run one decision.
 * @returns the move record and the conversation after it (history, prompt, the model's replies)
 * @throws UserError when the provider answers 401, 403 or 404 (a wrong key, account or model id:
 *   no move of this participant can succeed, so the run stops and the slot stays missing)
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
  let outcome: { action: number; label: string; path: LlmMoveRecord['path']; fallbackReason?: FallbackReason; amountAdjusted?: 'clamped' | 'random' } | undefined;

  try {
    while (!outcome) {
      // One call, with at most one transport retry.
      let reply: ProviderReply | undefined;
      let failure: ProviderCallError | undefined;
      for (;;) {
        const key = ctx.cache
          ? cacheKey({ provider: s.provider, endpoint: ctx.provider.endpoint, model: s.model, settings: identity, system: input.system, messages, occurrence: input.occurrence === undefined ? undefined : `${input.occurrence}/${formatFixes}` })
          : undefined;
        const hit = key ? ctx.cache!.get(key) : undefined;
        if (hit) {
          reply = hit.reply;
          calls.push({ kind, outcome: 'ok', latencyMs: hit.latencyMs, fromCache: true, usage: hit.reply.usage, costUsd: costUsd(s.price, hit.reply.usage), stop: hit.reply.stop, stopDetail: hit.reply.stopDetail, text: redactSecrets(hit.reply.text) });
          break;
        }
        if (http >= MAX_HTTP_ATTEMPTS) {
          failure = new ProviderCallError('connection', `no HTTP attempt left (at most ${MAX_HTTP_ATTEMPTS} per decision)`);
          break;
        }
        http++;
        const t0 = performance.now();
        try {
          const sent = messages;
          reply = await queue.add(
            async () => {
              await sharedRateLimit(ctx.provider.endpoint, s.rpm);
              startDeadline();
              if (controller.signal.aborted) throw new ProviderCallError('abort', 'the decision deadline passed');
              return ctx.provider.complete({ system: input.system, messages: sent, signal: controller.signal });
            },
          );
          const latencyMs = performance.now() - t0;
          const cost = costUsd(s.price, reply.usage);
          ctx.spend?.add(cost);
          calls.push({ kind, outcome: 'ok', latencyMs, fromCache: false, usage: reply.usage, costUsd: cost, stop: reply.stop, stopDetail: reply.stopDetail, text: redactSecrets(reply.text) });
          if (key) ctx.cache!.set(key, { reply, latencyMs });
          break;
        } catch (e) {
          const err = e instanceof ProviderCallError ? e : controller.signal.aborted ? new ProviderCallError('abort', 'the decision deadline passed') : new ProviderCallError('connection', String((e as Error)?.message ?? e));
          const call: CallRecord = { kind, outcome: err.outcome, latencyMs: performance.now() - t0, fromCache: false, usage: NO_USAGE, costUsd: 0, error: redactSecrets(err.message).slice(0, 500) };
          calls.push(call);
          if (err.kind === 'http' && FATAL_STATUSES.has(err.status!))
            throw new UserError(`${s.provider}/${s.model}: the provider refused the request (${redactSecrets(err.message).slice(0, 300)}); check the model id and the key variable`);
          if (err.kind !== 'abort' && err.retryable && transportRetries < MAX_TRANSPORT_RETRIES && http < MAX_HTTP_ATTEMPTS) {
            const wait = Math.min(maxRetryAfterMs, Math.max(err.retryAfterMs ?? 0, err.retryAfterMs === undefined ? backoffMs : 0));
            if (performance.now() + wait < deadlineAt) {
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
        const fb = fallbackAction(input.menu, input.rng);
        outcome = { ...fb, path: 'fallback', fallbackReason: failure.kind === 'abort' ? 'timeout' : 'transport' };
        break;
      }
      raw = reply!.text;
      if (reply!.stop === 'refusal' || reply!.stop === 'safety' || (reply!.stop === 'length' && raw.trim() === '')) {
        const fb = fallbackAction(input.menu, input.rng);
        outcome = { ...fb, path: 'fallback', fallbackReason: reply!.stop as FallbackReason };
        break;
      }
      const parsed = parseReply(raw);
      const legal = parsed.ok ? resolveCandidate(parsed.candidate, input.menu, input.rng) : undefined;
      if (parsed.ok && legal!.ok) {
        const path = formatFixes > 0 ? 'format-fix' : parsed.parser;
        outcome = { action: legal!.action, label: legal!.label, path, ...(legal!.amountAdjusted ? { amountAdjusted: legal!.amountAdjusted } : {}) };
        break;
      }
      formatError = redactSecrets(parsed.ok ? (legal as { problem: string }).problem : parsed.problem);
      if (formatFixes < MAX_FORMAT_FIXES && http < MAX_HTTP_ATTEMPTS) {
        messages = [...messages, { role: 'assistant', content: raw }, { role: 'user', content: formatFixPrompt(formatError, input.menu) }];
        formatFixes++;
        kind = 'format-fix';
        continue;
      }
      const fb = fallbackAction(input.menu, input.rng);
      outcome = { ...fb, path: 'fallback', fallbackReason: reply!.stop === 'length' ? 'length' : 'format' };
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
    ...(outcome.fallbackReason ? { fallbackReason: outcome.fallbackReason } : {}),
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
