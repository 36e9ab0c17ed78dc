/**
 * What a tournament needs from the LLM players: the `--dry-run` estimate per participant, and the
 * runtime the LLM agents of one run share (the response cache in the run store's database, the
 * spend guard, the price table).
 */
import type Database from 'better-sqlite3';
import type { TournamentPlan } from '../tournament/plan.js';
import { sqliteCache, type CachedReply, type ResponseCache } from './cache.js';
import { parseLlmSettings } from './config.js';
import { estimateLlmParticipant, sumEstimates, type DryRunEstimate } from './dry-run.js';
import { SpendGuard } from './spend.js';
import type { LlmMoveRecord } from './types.js';
import { UserError } from '../../util/errors.js';

/** One LLM participant's estimate over every game it plays. */
export interface LlmDryRunRow {
  participant: string;
  model: string;
  estimate: DryRunEstimate;
}

/**
 * The `--dry-run` estimate of every `kind: llm` participant of a plan (nothing is called, no key is needed).
 * @param sampleGames sample games per seat and game (default 200)
 * @throws UserError for a participant whose LLM settings are bad (naming the participant and key)
 */
export function estimateTournamentLlm(plan: TournamentPlan, sampleGames = 200): LlmDryRunRow[] {
  const rows: LlmDryRunRow[] = [];
  plan.participants.forEach((p, pi) => {
    if (p.kind !== 'llm') return;
    const { model, ...block } = p.params as { model: string } & Record<string, unknown>;
    const settings = parseLlmSettings(`llm:${model}`, block, plan.config.prices, `${plan.configPath}: participant '${p.name}'`, p.name);
    const parts = plan.games.map((g, gi) => {
      // Slots it sits in at each seat of the game (any number of seats), each of hands_per_match hands.
      const seats = new Array<number>(g.game.numSeats).fill(0);
      for (const s of plan.slots) if (s.game === gi) s.seats.forEach((who, seat) => who === pi && seats[seat]++);
      return estimateLlmParticipant(g.game, settings, seats, sampleGames, 1, plan.config.handsPerMatch);
    });
    rows.push({ participant: p.name, model, estimate: sumEstimates(parts) });
  });
  return rows;
}

/** The LLM runtime of one run: pass `options` to `makeAgents`, then `attach` the open store. */
export interface LlmRuntime {
  options: { cache: ResponseCache; spend: SpendGuard; prices: Record<string, unknown> };
  /**
   * Keep the response cache in the store's database (table `llm_cache`), from now on, and count
   * what it says earlier runs spent against the budget.
   */
  attach(db: Database.Database): void;
}

/**
 * A runtime for `plan`: budget from `budget_usd`, prices from `prices`.
 * @throws UserError when `budget_usd` is set and an LLM participant has no price (its spend could
 *   not be counted, so the budget could never stop it)
 */
export function llmRuntimeFor(plan: TournamentPlan): LlmRuntime {
  if (plan.config.budgetUsd !== null) {
    const unpriced = plan.participants.filter((p) => {
      if (p.kind !== 'llm') return false;
      const { model, ...block } = p.params as { model: string } & Record<string, unknown>;
      return parseLlmSettings(`llm:${model}`, block, plan.config.prices, `${plan.configPath}: participant '${p.name}'`, p.name).price === undefined;
    });
    if (unpriced.length > 0)
      throw new UserError(
        `${plan.configPath}: budget_usd is set but ${unpriced.map((p) => `'${p.name}'`).join(', ')} ${unpriced.length === 1 ? 'has' : 'have'} no price, so ${unpriced.length === 1 ? 'its' : 'their'} spend cannot be counted; give each a price: {input, output} or an entry in prices: (by participant name, PROVIDER/MODEL or model id)`,
      );
  }
  let backing: ResponseCache | undefined;
  const cache: ResponseCache = {
    get: (k: string): CachedReply | undefined => backing?.get(k),
    set: (k: string, v: CachedReply): void => backing?.set(k, v),
  };
  const spend = new SpendGuard(plan.config.budgetUsd ?? Infinity);
  return {
    options: { cache, spend, prices: plan.config.prices },
    attach(db) {
      backing = sqliteCache(db);
      spend.addEarlier(backing.spentUsd?.() ?? 0);
    },
  };
}

/**
 * Warnings about the LLM agents of a run, one line each: calls answered without token usage
 * (counted as 0 tokens and $0, so cost and budget undercount).
 */
export function llmWarnings(agents: Iterable<unknown> | Map<string, unknown>): string[] {
  const byName = new Map<string, number>();
  for (const a of agents instanceof Map ? agents.values() : agents) {
    const llm = (a as { llm?: { name: string; records: readonly LlmMoveRecord[] } }).llm;
    if (!llm) continue;
    const n = llm.records.reduce((k, r) => k + r.calls.filter((c) => c.usageMissing).length, 0);
    if (n > 0) byName.set(llm.name, (byName.get(llm.name) ?? 0) + n);
  }
  return [...byName].map(
    ([name, n]) =>
      `${name}: ${n} call${n === 1 ? ' was' : 's were'} answered without token usage; counted as 0 tokens and US$0, so tokens, cost and the budget undercount`,
  );
}
