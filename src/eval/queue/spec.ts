/**
 * What travels through Redis for a queued tournament, and its key names. Nothing secret: game
 * sources (by ruleset hash), participant configurations, policy files (by SHA-256), the price
 * table, the declared fallback policies. Provider keys stay in each worker's environment.
 *
 * A job carries a block of slots ({@link BlockJobData}): many bot slots, or one slot with an LLM
 * seat; it returns a {@link BlockResult}.
 *
 * Keys (prefix `gbgc:`):
 * - `gbgc:tournaments`: set of the commitments of queued tournaments.
 * - `gbgc:t:<commitment>`: hash with `spec` (JSON {@link TournamentSpec}), `config`, `total`,
 *   `recorded` (slots in the coordinator's store), `enqueued` (slots the coordinator queued),
 *   `block:<ruleset hash>` (the bot slots per job chosen for that game, see `coordinator.ts`).
 * - `gbgc:t:<commitment>:jobs`: hash job id → slots in the job, of the jobs queued and not yet
 *   collected (for the coordinator's restart and `gbgc queue status`).
 * - `gbgc:t:<commitment>:stalled`: set of slot ids whose job was taken over after a worker stopped.
 * - `gbgc:games`: hash ruleset hash → `.gbg` source.
 * - `gbgc:policies`: hash SHA-256 → policy file bytes (base64).
 */
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Redis } from 'ioredis';
import { compileSource } from '../../compiler/index.js';
import { compileGame, type CompiledGame } from '../../interpreter/game.js';
import { UserError } from '../../util/errors.js';
import { ENGINE_VERSION } from '../../util/version.js';
import { createParticipantAgent, makeParticipant, type Agent, type Participant } from '../agents/index.js';
import { SpendGuard } from '../llm/spend.js';
import type { CachedReply } from '../llm/cache.js';
import { fallbackPolicyFor, type PlannedSlot, type TournamentPlan } from '../tournament/plan.js';
import type { TournamentConfig } from '../tournament/config.js';
import type { SlotResult } from '../tournament/run.js';

/** The BullMQ queue every tournament's slots go through. */
export const QUEUE_NAME = 'gbgc-slots';
export const TOURNAMENTS_KEY = 'gbgc:tournaments';
export const GAMES_KEY = 'gbgc:games';
export const POLICIES_KEY = 'gbgc:policies';
export const tournamentKey = (commitment: string): string => `gbgc:t:${commitment}`;
export const jobsKey = (commitment: string): string => `gbgc:t:${commitment}:jobs`;
export const stalledKey = (commitment: string): string => `gbgc:t:${commitment}:stalled`;

/** What a worker needs to rebuild a tournament's games and participants, in the plan's order. */
export interface TournamentSpec {
  engineVersion: string;
  commitment: string;
  games: { rulesetHash: string; path: string; name: string }[];
  /** Participants as in the config (kind, name, parameters; a policy by its SHA-256), with their ids. */
  participants: { id: string; name: string; kind: string; params: Record<string, unknown>; policySha256?: string }[];
  /** LLM prices by model (not secret). */
  prices: Record<string, unknown>;
  /** The config's declared frozen fallback of LLM players (`fallback`; null: not declared). */
  fallback?: TournamentConfig['fallback'];
}

/** The data of one job: the tournament, the engine that queued it, the planned slots it plays (in order). */
export interface BlockJobData {
  t: string;
  engine: string;
  slots: PlannedSlot[];
}

/** The slots of a job (jobs queued before blocks carried one `slot`). */
export function jobSlots(d: BlockJobData & { slot?: PlannedSlot }): PlannedSlot[] {
  return d.slots ?? (d.slot ? [d.slot] : []);
}

/** A slot a worker could not play for a reason the user must fix (a participant that cannot play a game). */
export interface FailedSlot {
  slot: string;
  reason: string;
}

/** What a job returns: the records of its slots and what `on_failure` did. */
export interface BlockResult {
  /** Records of the slots played (status `done`, `error` or `discarded`), in the job's order. */
  slots: SlotResult[];
  /** Replays of slots whose LLM move was lost to the service (`on_failure: replay`), each counted. */
  replayed: number;
  /** Slots still lost after `MAX_REPLAYS` replays: no record, queued again by the next coordinator run. */
  unreplayed: string[];
  /** Slots not played for a reason the user must fix: no record. */
  failed: FailedSlot[];
}

/**
 * Write the tournament's spec, game sources and policy files to Redis (idempotent).
 * @returns the spec written
 */
export async function publishTournament(redis: Redis, plan: TournamentPlan): Promise<TournamentSpec> {
  const policies: Record<string, string> = {};
  const spec: TournamentSpec = {
    engineVersion: ENGINE_VERSION,
    commitment: plan.commitment,
    games: plan.games.map((g) => ({ rulesetHash: g.rulesetHash, path: g.path, name: g.name })),
    participants: plan.participants.map((p) => {
      const { policy, ...params } = p.params;
      if (typeof policy === 'string' && p.config.policySha256) policies[p.config.policySha256] = readFileSync(policy).toString('base64');
      return { id: p.id, name: p.name, kind: p.kind, params, ...(p.config.policySha256 ? { policySha256: p.config.policySha256 } : {}) };
    }),
    prices: plan.config.prices,
    fallback: plan.config.fallback,
  };
  const m = redis.multi();
  m.hset(GAMES_KEY, Object.fromEntries(plan.games.map((g) => [g.rulesetHash, g.source])));
  if (Object.keys(policies).length > 0) m.hset(POLICIES_KEY, policies);
  m.hset(tournamentKey(plan.commitment), { spec: JSON.stringify(spec), config: plan.configPath, total: String(plan.slots.length) });
  m.sadd(TOURNAMENTS_KEY, plan.commitment);
  await m.exec();
  return spec;
}

/** A tournament as a worker holds it: the games and participants in the plan's order, and its agents. */
export interface WorkerTournament {
  games: { rulesetHash: string; game: CompiledGame }[];
  participants: Participant[];
  /** The agent of participant `p` for game `g` (made once). @throws UserError when it cannot play the game */
  agent(p: number, g: number): Promise<Agent>;
}

const sha256 = (b: Buffer | string): string => createHash('sha256').update(b).digest('hex');

/**
 * Rebuild a tournament from Redis: compile each game from its source (checking its ruleset hash),
 * remake each participant (checking its id, which includes the engine version).
 * @throws UserError when the spec is missing, was written by another engine, or does not rebuild identically
 */
export async function loadTournament(redis: Redis, commitment: string): Promise<WorkerTournament> {
  const raw = await redis.hget(tournamentKey(commitment), 'spec');
  if (!raw) throw new UserError(`tournament ${commitment.slice(0, 16)}… has no spec in Redis (key ${tournamentKey(commitment)})`);
  const spec = JSON.parse(raw) as TournamentSpec;
  if (spec.engineVersion !== ENGINE_VERSION)
    throw new UserError(`engine version mismatch: the tournament was queued by engine ${spec.engineVersion}, this worker runs ${ENGINE_VERSION}`);
  const games = await Promise.all(
    spec.games.map(async (g) => {
      const source = await redis.hget(GAMES_KEY, g.rulesetHash);
      if (source === null) throw new UserError(`game ${g.path} (ruleset ${g.rulesetHash.slice(0, 12)}…) has no source in Redis (hash ${GAMES_KEY})`);
      const r = compileSource(source);
      if (!r.ir || r.rulesetHash !== g.rulesetHash)
        throw new UserError(`game ${g.path} does not compile to ruleset ${g.rulesetHash.slice(0, 12)}… on this worker`);
      return { rulesetHash: g.rulesetHash, game: compileGame(r.ir) };
    }),
  );
  const policyDir = join(tmpdir(), 'gbgc-worker-policies');
  const participants = await Promise.all(
    spec.participants.map(async (p, i) => {
      const entry: { kind: string; name: string; [k: string]: unknown } = { ...p.params, kind: p.kind, name: p.name };
      if (p.policySha256) {
        const file = join(policyDir, `${p.policySha256}.json`);
        if (!existsSync(file)) {
          const b64 = await redis.hget(POLICIES_KEY, p.policySha256);
          if (b64 === null) throw new UserError(`participant '${p.name}': its policy file (SHA-256 ${p.policySha256.slice(0, 12)}…) is not in Redis`);
          const bytes = Buffer.from(b64, 'base64');
          if (sha256(bytes) !== p.policySha256) throw new UserError(`participant '${p.name}': the policy file in Redis does not match its SHA-256`);
          mkdirSync(policyDir, { recursive: true });
          writeFileSync(file, bytes);
        }
        entry.policy = file;
      }
      const part = makeParticipant(entry, `participants[${i}]`);
      if (part.id !== p.id)
        throw new UserError(`participant '${p.name}' rebuilds with another id on this worker (${part.id.slice(0, 12)}… instead of ${p.id.slice(0, 12)}…)`);
      return part;
    }),
  );
  // LLM players of a worker share an in-memory response cache and no budget (budgets are refused with --queue).
  const cache = new Map<string, CachedReply>();
  const llmRuntime = {
    cache: { get: (k: string) => cache.get(k), set: (k: string, v: CachedReply) => void cache.set(k, v) },
    spend: new SpendGuard(Infinity),
    prices: spec.prices,
  };
  const agents = new Map<string, Promise<Agent>>();
  return {
    games,
    participants,
    agent(p, g) {
      const key = `${p}:${g}`;
      let a = agents.get(key);
      if (!a) {
        // The frozen fallback of LLM players is declared per game, as in the local run.
        const fallbackPolicy = fallbackPolicyFor({ fallback: spec.fallback ?? null }, spec.games[g].path);
        a = createParticipantAgent(participants[p], games[g].game, { llmRuntime: { ...llmRuntime, fallbackPolicy } }).catch((e) => {
          // A problem the user must fix stays (every slot of this pair fails alike); any other may pass.
          if (e instanceof UserError) throw new UserError(`participant '${participants[p].name}' cannot play ${spec.games[g].path}: ${e.message}`);
          agents.delete(key);
          throw e;
        });
        agents.set(key, a);
      }
      return a;
    },
  };
}
