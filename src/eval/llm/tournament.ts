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
    const settings = parseLlmSettings(`llm:${model}`, block, plan.config.prices, `${plan.configPath}: participant '${p.name}'`);
    const parts = plan.games.map((g, gi) => {
      const seats: [number, number] = [0, 0];
      for (const s of plan.slots) if (s.game === gi) for (const seat of [0, 1]) if (s.seats[seat] === pi) seats[seat]++;
      return estimateLlmParticipant(g.game, settings, seats, sampleGames);
    });
    rows.push({ participant: p.name, model, estimate: sumEstimates(parts) });
  });
  return rows;
}

/** The LLM runtime of one run: pass `options` to `makeAgents`, then `attach` the open store. */
export interface LlmRuntime {
  options: { cache: ResponseCache; spend: SpendGuard; prices: Record<string, unknown> };
  /** Keep the response cache in the store's database (table `llm_cache`), from now on. */
  attach(db: Database.Database): void;
}

/** A runtime for `plan`: budget from `budget_usd`, prices from `prices`. */
export function llmRuntimeFor(plan: TournamentPlan): LlmRuntime {
  let backing: ResponseCache | undefined;
  const cache: ResponseCache = {
    get: (k: string): CachedReply | undefined => backing?.get(k),
    set: (k: string, v: CachedReply): void => backing?.set(k, v),
  };
  return {
    options: { cache, spend: new SpendGuard(plan.config.budgetUsd ?? Infinity), prices: plan.config.prices },
    attach(db) {
      backing = sqliteCache(db);
    },
  };
}
