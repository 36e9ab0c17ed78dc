/**
 * Running a tournament plan into a run store: check the store against the plan before anything is
 * written, make every agent, then play the slots the store does not hold yet. Finished slots are
 * committed with their moves in transactions of up to {@link BATCH_SLOTS} slots, at most
 * {@link BATCH_MS} ms after the first of them ended; a slot is never committed partly, so a crash
 * loses only uncommitted whole slots, which the next call plays again identically.
 */
import { dirname, join } from 'node:path';
import { UserError } from '../../util/errors.js';
import { createParticipantAgent, type Agent, type AgentOptions } from '../agents/index.js';
import { playSlotNow, type SlotOutcome } from '../match/play.js';
import type { Game } from '../../interpreter/api.js';
import { RunStore, checkStore, storeAbsent, type MoveRecord, type SlotRecord } from '../store/store.js';
import { storeError, withStoreErrors } from '../store/errors.js';
import { BudgetReachedError, type SpendGuard } from '../llm/spend.js';
import { SlotFailureError } from '../llm/agent.js';
import { fallbackPolicyFor } from './plan.js';
import { describeChanges, type PlannedSlot, type PlanSummary, type TournamentPlan } from './plan.js';

/** Figures of one `runTournament` call. */
export interface TournamentRunReport {
  /** Slots in the plan. */
  total: number;
  /** Slots the store already held (finished earlier). */
  alreadyDone: number;
  /** Slots played now. */
  played: number;
  /** Slots of this call that ended in an error (stored with status `error`; retried by the next call). */
  errors: number;
  /** Whether the LLM budget stopped this call before every slot was played. */
  stoppedByBudget?: boolean;
  /** Slots played again because an LLM seat's move was lost to the service (`on_failure: replay`), counting each replay. */
  replayed?: number;
  /** Slots still lost after {@link MAX_REPLAYS} replays: left missing for the next run. */
  unreplayed?: number;
  /** Slots discarded because an LLM seat's move was lost to the service (`on_failure: discard`). */
  discarded?: number;
  /** Whether `signal` stopped this call before every slot was played. */
  interrupted?: boolean;
  /** Finished slots in the store when the call returned. */
  stored: number;
  /** Wall-clock seconds of this call's play. */
  seconds: number;
  commitment: string;
}

/**
 * Check that `plan` may be played into its store, reading only. Refuses a store of another
 * engine or schema, a store holding finished slots the plan would not play (naming what changed),
 * and a store committed to a different plan.
 * @throws UserError
 */
/** What changed from the plan a store recorded (`meta.plan`) to this one; a `meta.plan` that is not JSON is the user's altered store. @throws UserError then */
function storedChanges(path: string, old: string | undefined, now: PlanSummary): string[] {
  if (!old) return [];
  let summary: PlanSummary;
  try {
    summary = JSON.parse(old) as PlanSummary;
  } catch {
    throw new UserError(`${path}: the store's meta.plan is not JSON (the store was altered); restore it from a copy, or use a new store`);
  }
  try {
    return describeChanges(summary, now);
  } catch {
    throw new UserError(`${path}: the store's meta.plan is not a plan this gbgc wrote (the store was altered); restore it from a copy, or use a new store`);
  }
}

export function checkPlanAgainstStore(plan: TournamentPlan): void {
  const path = plan.storePath;
  checkStore(path);
  if (storeAbsent(path)) return;
  const store = RunStore.openReadOnly(path);
  try {
    const committed = store.meta('commitment');
    if (committed && committed !== plan.commitment) {
      const old = store.meta('plan');
      const changes = storedChanges(path, old, plan.summary);
      throw new UserError(
        `${plan.configPath}: the store ${path} is committed to another tournament (commitment ${committed.slice(0, 16)}…, this config gives ${plan.commitment.slice(0, 16)}…)${changes.length ? `: ${changes.join('; ')}` : ''}`,
      );
    }
    const planned = new Set(plan.slots.map((s) => s.id));
    const stray = [...store.doneSlotIds()].filter((id) => !planned.has(id));
    if (stray.length > 0) {
      const old = store.meta('plan');
      const changes = storedChanges(path, old, plan.summary);
      throw new UserError(
        `${plan.configPath}: the store ${path} holds ${stray.length} finished slot${stray.length === 1 ? '' : 's'} this config would not play` +
          (changes.length ? ` (changed: ${changes.join('; ')})` : '') +
          '; restore the config or use a new store',
      );
    }
  } finally {
    store.close();
  }
}

/** One agent preparation of {@link makeAgents}: which (of how many), for which game and participant. */
export interface AgentPreparation {
  /** 1-based position among all preparations, and their count. */
  index: number;
  total: number;
  /** The game's path as the plan gives it. */
  game: string;
  participant: string;
  kind: string;
}

/** Progress hooks of {@link makeAgents}. */
export interface PrepareHooks {
  /** Before an agent starts a long computation: what it computes (e.g. `CFR+, 1,000 iterations …`). */
  onStatus?: (p: AgentPreparation, text: string) => void;
  /** After each agent: the seconds it took, its notes, and whether it computed anything (else it was cheap or cached). */
  onPrepared?: (p: AgentPreparation, seconds: number, computed: boolean, notes: Record<string, unknown> | undefined) => void;
  /** When what an agent computed could not be cached (it is computed again next time). */
  onWarning?: (p: AgentPreparation, text: string) => void;
  /** When aborted, no further agent is prepared (the map returned lacks them; play nothing with it). */
  signal?: AbortSignal;
}

/** The cache folder of a plan's agents: `.gbgc-cache` next to the run store. */
export function agentCacheDir(plan: TournamentPlan): string {
  return join(dirname(plan.storePath), '.gbgc-cache');
}

/**
 * Make the agent of every participant for every game it plays (solving where an agent needs it;
 * cfr policies and l1 tables are cached in {@link agentCacheDir} unless `extra.cacheDir` says otherwise).
 * @throws UserError from an agent that cannot play a game (e.g. `method: exact` on a tree too large), naming both
 */
export async function makeAgents(plan: TournamentPlan, extra?: AgentOptions, hooks: PrepareHooks = {}): Promise<Map<string, Agent>> {
  const agents = new Map<string, Agent>();
  const todo = plan.games.flatMap((_, g) => [...new Set(plan.matchups[g].flat())].sort((a, b) => a - b).map((p) => ({ g, p })));
  const cacheDir = extra?.cacheDir ?? agentCacheDir(plan);
  for (const [i, { g, p }] of todo.entries()) {
    if (hooks.signal?.aborted) break;
    const part = plan.participants[p];
    const prep: AgentPreparation = { index: i + 1, total: todo.length, game: plan.games[g].path, participant: part.name, kind: part.kind };
    let computed = false;
    const t0 = performance.now();
    try {
      // The frozen fallback of LLM players is declared per game.
      const perGame = extra?.llmRuntime
        ? { ...extra, llmRuntime: { ...extra.llmRuntime, fallbackPolicy: fallbackPolicyFor(plan.config, plan.games[g].path) } }
        : extra;
      const agent = await createParticipantAgent(part, plan.games[g].game, {
        ...perGame,
        cacheDir,
        onStatus: (text) => {
          computed = true;
          hooks.onStatus?.(prep, text);
        },
        onWarning: (text) => hooks.onWarning?.(prep, text),
      });
      agents.set(`${p}:${g}`, agent);
      hooks.onPrepared?.(prep, (performance.now() - t0) / 1000, computed, agent.notes);
    } catch (e) {
      if (e instanceof UserError) throw new UserError(`${plan.configPath}: participant '${part.name}' cannot play ${plan.games[g].path}: ${e.message}`);
      throw e;
    }
    // Let signals and timers run between two preparations.
    await new Promise<void>((res) => setImmediate(res));
  }
  return agents;
}

/**
 * Open the store for writing (creating it atomically, taking its writer lease: see
 * `RunStore.open`) and record the plan, its participants and games (and, in meta `gameOrigins`, the
 * generator seed, complexity and pool slot of each generated game by ruleset hash).
 * @param notice where the one-line notice of a stale lease taken over goes
 * @throws UserError when another process writes the store, or the store cannot be written (naming why)
 */
export function openStoreFor(plan: TournamentPlan, notice?: (line: string) => void): RunStore {
  const store = RunStore.open(plan.storePath, { notice });
  try {
    withStoreErrors(plan.storePath, () =>
      store.db.transaction(() => {
        store.setMeta('plan', JSON.stringify(plan.summary));
        store.setMeta('slotCount', String(plan.slots.length));
        // The commitment of the plan the slots are played under (whether or not it was recorded with --commit first).
        store.setMeta('planCommitment', plan.commitment);
        store.setMeta('playSeedScheme', String(plan.playSeedScheme));
        for (const p of plan.participants) store.putParticipant({ id: p.id, name: p.name, kind: p.kind, config: JSON.stringify(p.config) });
        for (const g of plan.games) store.putGame({ ruleset_hash: g.rulesetHash, name: g.name, path: g.path, source: g.source });
        const origins = Object.fromEntries(plan.games.flatMap((g) => (g.origin ? [[g.rulesetHash, g.origin]] : [])));
        if (Object.keys(origins).length > 0) store.setMeta('gameOrigins', JSON.stringify(origins));
      })(),
    );
  } catch (e) {
    store.close();
    throw e;
  }
  return store;
}

/** Options of {@link runTournament}. */
export interface RunOptions {
  /** Called after each slot with (slots finished in the store, total). */
  onProgress?: (done: number, total: number) => void;
  /** Stop after this many slots of this call (for tests and benchmarks). */
  limit?: number;
  /** LLM spend: no slot starts once its budget is reached; the slots not started stay missing. */
  spend?: SpendGuard;
  /** Most finished slots committed in one transaction (default {@link BATCH_SLOTS}). */
  batchSlots?: number;
  /** Most milliseconds a finished slot waits before its transaction commits (default {@link BATCH_MS}). */
  batchMs?: number;
  /** When aborted (e.g. on SIGINT), no further slot starts; finished ones are committed and the call returns with `interrupted`. */
  signal?: AbortSignal;
}

/**
 * Default batch size of commits: bots finish slots in well under a millisecond, and a commit costs
 * more than a slot (it rewrites every page of the slot-id index the batch touched, which for random
 * ids is most of them; 1,024 slots per commit cost about two thirds of 256, measured).
 */
export const BATCH_SLOTS = 1024;
/** Slots played synchronously (bots) between two turns of the event loop. */
const YIELD_SLOTS = 64;
/** Default longest wait of a finished slot before it is committed. */
export const BATCH_MS = 250;
/** Most replays of one slot in one run (`on_failure: replay`); a slot still lost stays missing for the next run. */
export const MAX_REPLAYS = 3;

/** The slot record of a finished slot and its moves, as {@link RunStore.recordSlots} takes them. */
export interface SlotResult {
  row: SlotRecord;
  moves: MoveRecord[];
}

/** The games and participants a slot refers to by index (a {@link TournamentPlan}, or a queue worker's copy of one). */
export interface SlotContext {
  games: readonly { rulesetHash: string; game: Game }[];
  participants: readonly { id: string }[];
}

/** The `notes` column of a slot: JSON of what each seat's agent says about how it plays, seat 0 first (null when none says anything). */
export function slotNotes(agents: readonly Agent[]): string | null {
  return agents.some((a) => a.notes) ? JSON.stringify(agents.map((a) => a.notes ?? null)) : null;
}

let lastMs = -1;
let lastIso = '';
/** `new Date().toISOString()`, made once per millisecond (bots finish several slots in one). */
function isoNow(): string {
  const ms = Date.now();
  if (ms !== lastMs) {
    lastMs = ms;
    lastIso = new Date(ms).toISOString();
  }
  return lastIso;
}

/**
 * Play one planned slot and return its record: the one function that plays a slot, for the local
 * run ({@link runTournament}) and for queue workers (`src/eval/queue`), so both give identical rows.
 * An error of the slot's play (not the user's) gives a row with status `error` and no moves.
 * @param agents the agent in each seat, seat 0 first
 * @param notes the row's `notes` (see {@link slotNotes})
 * @throws UserError for a problem the user must fix (a rejected API key, a policy that does not fit)
 */
export async function playPlannedSlot(ctx: SlotContext, s: PlannedSlot, agents: readonly Agent[], notes: string | null): Promise<SlotResult> {
  return playPlannedSlotNow(ctx, s, agents, notes);
}

/**
 * The store record of planned slot `s` before its play is known: no returns, moves or fallbacks,
 * `wall_ms` 0, with the status, error, notes and finishing time given.
 */
function plannedSlotRecord(
  s: PlannedSlot,
  rulesetHash: string,
  participants: readonly { id: string }[],
  status: SlotRecord['status'],
  error: string | null,
  notes: string | null,
  finishedAt: string,
): SlotRecord {
  return {
    id: s.id,
    seq: s.seq,
    game: rulesetHash,
    run: s.run,
    slot: s.slot,
    seat0: participants[s.seats[0]].id,
    seat1: participants[s.seats[1]].id,
    ...(s.seats.length > 2 ? { seats: s.seats.map((p) => ({ participant: participants[p].id, return: null, moves: null, fallbacks: null })) } : {}),
    play_seed: s.playSeed,
    status,
    return0: null,
    return1: null,
    moves0: null,
    moves1: null,
    fallbacks0: null,
    fallbacks1: null,
    wall_ms: 0,
    error,
    notes,
    finished_at: finishedAt,
  };
}

/**
 * The record of a slot discarded because an LLM seat's move was lost to the service and its
 * `on_failure` is `discard` (status `discarded`, no moves, the lost call's reason in `error`):
 * what the local run and queue workers store for it.
 */
export function discardedSlot(ctx: SlotContext, s: PlannedSlot, e: SlotFailureError): SlotResult {
  const error = `discarded: ${e.record.fallbackReason} (${e.record.calls.at(-1)?.error ?? e.record.calls.at(-1)?.outcome ?? ''})`.slice(0, 500);
  return { row: plannedSlotRecord(s, ctx.games[s.game].rulesetHash, ctx.participants, 'discarded', error, null, new Date().toISOString()), moves: [] };
}

/**
 * {@link playPlannedSlot} without a promise where none is needed: the record itself when both
 * agents decided through `actFast` (bots), else a promise of it. Same rows as {@link playPlannedSlot}.
 * @throws UserError as {@link playPlannedSlot} (synchronously, or through the promise)
 */
export function playPlannedSlotNow(ctx: SlotContext, s: PlannedSlot, agents: readonly Agent[], notes: string | null): SlotResult | Promise<SlotResult> {
  const g = ctx.games[s.game];
  const start = performance.now();
  const row = plannedSlotRecord(s, g.rulesetHash, ctx.participants, 'done', null, notes, '');
  const ids = s.seats.map((p) => ctx.participants[p].id);
  let out: SlotOutcome | Promise<SlotOutcome>;
  try {
    out = playSlotNow(g.game, agents, s.playSeed, s.slot, { slotId: s.id, ...(s.format ? { format: s.format } : {}) });
  } catch (e) {
    return finishRow(row, ids, start, null, e);
  }
  if (out instanceof Promise)
    return out.then(
      (o) => finishRow(row, ids, start, o, null),
      (e: unknown) => finishRow(row, ids, start, null, e),
    );
  return finishRow(row, ids, start, out, null);
}

/**
 * Fill `row` from the slot's outcome, or from the error of its play (a UserError is thrown on).
 * @param ids the participant id in each slot seat
 */
function finishRow(row: SlotRecord, ids: readonly string[], start: number, out: SlotOutcome | null, err: unknown): SlotResult {
  let moves: MoveRecord[] = [];
  if (out) {
    row.return0 = out.returns[0];
    row.return1 = out.returns[1];
    row.moves0 = out.moves[0];
    row.moves1 = out.moves[1];
    row.fallbacks0 = out.fallbacks[0];
    row.fallbacks1 = out.fallbacks[1];
    if (ids.length > 2) row.seats = ids.map((participant, k) => ({ participant, return: out.returns[k], moves: out.moves[k], fallbacks: out.fallbacks[k] }));
    if (out.hands)
      row.hands = out.hands.map((h) => ({
        hand: h.hand,
        seats: h.order.map((k) => ids[k]),
        button: h.button,
        stacks: h.stacks,
        returns: h.returns,
        firstPly: h.firstPly,
        plies: h.plies,
      }));
    moves = out.records;
  } else {
    // A problem the user must fix, the budget reached, an LLM slot to replay or discard: the runner decides.
    if (err instanceof UserError || err instanceof BudgetReachedError || err instanceof SlotFailureError) throw err;
    row.status = 'error';
    row.error = (err as Error)?.message ?? String(err);
  }
  row.wall_ms = performance.now() - start;
  row.finished_at = isoNow();
  return { row, moves };
}

/**
 * Play every slot of `plan` that `store` does not hold, `plan.config.concurrency` at a time.
 * Deterministic: a slot's outcome depends only on its play seed, its slot index and its agents.
 */
export async function runTournament(plan: TournamentPlan, store: RunStore, agents: Map<string, Agent>, opts: RunOptions = {}): Promise<TournamentRunReport> {
  const done = store.doneSlotIds();
  const pending = plan.slots.filter((s) => !done.has(s.id));
  const todo = opts.limit === undefined ? pending : pending.slice(0, opts.limit);
  let finished = plan.slots.length - pending.length;
  let errors = 0;
  let next = 0;
  let started = 0;
  let stoppedByBudget = false;
  let replayed = 0;
  let unreplayed = 0;
  let discarded = 0;
  const replays = new Map<string, number>();
  const queue = [...todo];
  const notesCache = new Map<Agent, Map<Agent, string | null>>();
  const notesOf = (pair: readonly Agent[]): string | null => {
    if (pair.length !== 2) return slotNotes(pair);
    let inner = notesCache.get(pair[0]);
    if (!inner) notesCache.set(pair[0], (inner = new Map()));
    let v = inner.get(pair[1]);
    if (v === undefined) inner.set(pair[1], (v = slotNotes(pair)));
    return v;
  };
  const t0 = performance.now();
  const batchSlots = opts.batchSlots ?? BATCH_SLOTS;
  const batchMs = opts.batchMs ?? BATCH_MS;
  // Finished slots are written into an open transaction as they end (store.stageSlot) and
  // committed together: at most batchSlots slots, at most batchMs after the first of them.
  let batchStart = 0;
  // Slots that take seconds (language models) must not wait for the next slot to be committed.
  let timer: ReturnType<typeof setTimeout> | undefined;
  const flush = (): void => {
    if (timer) clearTimeout(timer);
    timer = undefined;
    const n = store.commitStaged();
    if (n === 0) return;
    finished += n;
    opts.onProgress?.(finished, plan.slots.length);
  };
  // A problem the user must fix (a rejected API key, a policy that does not fit) stops the run: the
  // slot stays missing, the finished ones are committed, and the error reaches the command (exit 1).
  let fatal: Error | null = null;
  const worker = async (): Promise<void> => {
    let sinceYield = 0;
    while (next < queue.length && !fatal && !stoppedByBudget) {
      if (opts.signal?.aborted) break;
      if (opts.spend && !opts.spend.canStartSlot()) {
        stoppedByBudget = true;
        break;
      }
      const s = queue[next++];
      started++;
      const pair = s.seats.map((p) => agents.get(`${p}:${s.game}`)!);
      let row: SlotRecord;
      let moves: MoveRecord[];
      try {
        const r = playPlannedSlotNow(plan, s, pair, notesOf(pair));
        if (r instanceof Promise) {
          ({ row, moves } = await r);
          sinceYield = 0;
        } else {
          ({ row, moves } = r);
          // Bots' slots are played without a promise between them; the event loop (the commit
          // timer, signals, other workers) gets its turn every YIELD_SLOTS slots.
          if (++sinceYield >= YIELD_SLOTS) {
            sinceYield = 0;
            await new Promise<void>((res) => setImmediate(res));
          }
        }
      } catch (e) {
        if (e instanceof UserError) {
          fatal ??= e;
          break;
        }
        if (e instanceof BudgetReachedError) {
          // Stopped before a request: the slot stays missing; its paid replies are in the cache.
          stoppedByBudget = true;
          break;
        }
        if (e instanceof SlotFailureError && e.mode === 'replay') {
          // Played again later in this run with the same play seed (its answered calls come from the cache).
          const n = replays.get(s.id) ?? 0;
          if (n < MAX_REPLAYS) {
            replays.set(s.id, n + 1);
            replayed++;
            queue.push(s);
          } else unreplayed++;
          continue;
        }
        if (e instanceof SlotFailureError) {
          discarded++;
          ({ row, moves } = discardedSlot(plan, s, e));
        } else throw e;
      }
      if (row.status === 'error') errors++;
      if (store.stagedSlots === 0) batchStart = performance.now();
      store.stageSlot(row, moves);
      // Batches pay off only for bots (sub-millisecond slots); a slot with an agent that has no
      // synchronous path (a language model, a person) is committed as soon as it ends.
      if (pair.some((a) => !a.actFast) || store.stagedSlots >= batchSlots || performance.now() - batchStart >= batchMs) flush();
      else
        timer ??= setTimeout(() => {
          // A commit that fails here (a full disk) stops the run through `fatal`, not as an uncaught error.
          try {
            flush();
          } catch (e) {
            timer = undefined;
            fatal ??= storeError(store.path, e) as Error;
          }
        }, batchMs);
    }
  };
  try {
    await Promise.all(Array.from({ length: Math.max(1, Math.min(plan.config.concurrency, queue.length)) }, worker));
  } finally {
    flush();
  }
  if (fatal) throw fatal;
  return {
    total: plan.slots.length,
    alreadyDone: plan.slots.length - pending.length,
    played: started,
    errors,
    ...(stoppedByBudget ? { stoppedByBudget } : {}),
    ...(replayed ? { replayed } : {}),
    ...(unreplayed ? { unreplayed } : {}),
    ...(discarded ? { discarded } : {}),
    ...(opts.signal?.aborted && next < queue.length ? { interrupted: true } : {}),
    stored: finished,
    seconds: (performance.now() - t0) / 1000,
    commitment: plan.commitment,
  };
}
