/**
 * The agent registry and participants.
 *
 * An *agent kind* (`random`, `l1`, `cfr`, `heuristic`, `human`, …) is registered once in
 * {@link AGENTS} with its parameters (a JSON Schema fragment with defaults) and a factory. A
 * *participant* is a kind with all its parameters filled in; its id is the SHA-256 of the canonical
 * JSON of its full configuration — kind, parameters, the policy file's SHA-256 when it plays one,
 * the prompt version when it has one, and the engine version (league methodology: a changed
 * setting is a different participant). To add a kind, add one entry to {@link AGENTS}.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Game } from '../../interpreter/api.js';
import { canonicalJson } from '../../ir/hash.js';
import { UserError } from '../../util/errors.js';
import { ENGINE_VERSION } from '../../util/version.js';
import type { Agent } from './agent.js';
import { randomAgent } from './random.js';
import { cfrAgentForGame, cfrAgentFromFile, DEFAULT_MCCFR_ITERATIONS, type CfrMethod } from './cfr.js';
import { DEFAULT_MAX_NODES } from '../../algorithms/tree.js';
import { l1AgentForGame, L1_DEFAULTS } from './l1.js';
import { heuristicAgentForGame, HEURISTIC_DEFAULTS } from './heuristic.js';
import { HumanAgent, type HumanIO } from './human.js';
import { alwaysFoldAgent, alwaysRaiseAgent, checkFoldAgent } from './fold.js';
import { equityAgentForGame, EQUITY_DEFAULTS } from './equity.js';
import { basicStrategyAgentForGame, type BasicStrategyDeck } from './basic-strategy.js';
import { DEFAULT_ITERATIONS } from '../../algorithms/solve.js';
import { createLlmKindAgent, LLM_KIND_PARAMS, LLM_PROMPT_VERSION } from '../llm/kind.js';
import type { ResponseCache } from '../llm/cache.js';
import type { SpendGuard } from '../llm/spend.js';
import type { FallbackPolicy } from '../llm/types.js';

export type { Agent, AgentView, AgentMove, Decision, Rng } from './agent.js';
export { decisionAction } from './agent.js';

/** Options an agent may need beyond its parameters. */
export interface AgentOptions {
  /** A policy file saved by `gbgc solve --save`: the `cfr` agent plays it instead of solving. */
  policy?: string;
  /** The terminal of the `human` agent. */
  human?: HumanIO;
  /** What LLM agents share within a run: the response cache, the spend guard, a price table by model, retry backoff (ms). */
  llmRuntime?: { cache?: ResponseCache; spend?: SpendGuard; prices?: Record<string, unknown>; backoffMs?: number; fallbackPolicy?: FallbackPolicy };
  /** Folder of the on-disk cache of what agents compute (cfr policies, l1 tables); none when absent. */
  cacheDir?: string;
  /** Told, before an agent starts a long computation, what it computes (progress lines). */
  onStatus?: (text: string) => void;
  /** Told when what an agent computed could not be cached. */
  onWarning?: (text: string) => void;
  /** Any other parameter of the kind (already validated). */
  [param: string]: unknown;
}

/** How to make an agent of one kind for a game. */
export interface AgentSpec {
  /** One line for `--help` and error messages. */
  description: string;
  /**
   * JSON Schema of the kind's parameters in a tournament config (properties with defaults; `policy`
   * is a file path relative to the config). `name` and `kind` are added by the config schema.
   */
  params: { properties: Record<string, Record<string, unknown>>; required?: string[] };
  /** Version of the prompt the kind reads, part of its participant id (LLM players). */
  promptVersion?: string;
  create(game: Game, options?: AgentOptions): Agent | Promise<Agent>;
}

const unit = (d: number, what: string) => ({ type: 'number', minimum: 0, maximum: 1, default: d, description: what });

/** Agent kinds by name. */
export const AGENTS: Record<string, AgentSpec> = {
  random: { description: 'L0: a move kind uniformly, then an amount uniformly (GENSTRAT)', params: { properties: {} }, create: () => randomAgent },
  l1: {
    description: 'best response to L0 (exact from the game tree when it fits, else estimated from L0 episodes)',
    params: {
      properties: {
        method: { enum: ['auto', 'exact', 'sampled'], default: L1_DEFAULTS.method },
        maxNodes: { type: 'integer', minimum: 1, default: L1_DEFAULTS.maxNodes },
        episodes: { type: 'integer', minimum: 1, default: L1_DEFAULTS.episodes },
      },
    },
    create: (game, o) =>
      l1AgentForGame(
        game,
        { method: o?.method as 'auto', maxNodes: o?.maxNodes as number, episodes: o?.episodes as number },
        { cacheDir: o?.cacheDir, onStatus: o?.onStatus, onWarning: o?.onWarning },
      ),
  },
  cfr: {
    description: 'CFR+ average strategy when the tree fits maxNodes, else MCCFR for a stated budget (cached per ruleset; or plays policy FILE)',
    params: {
      properties: {
        method: {
          enum: ['auto', 'exact', 'mccfr'],
          default: 'auto',
          description: 'auto: CFR+ when the tree fits maxNodes, else MCCFR; exact: CFR+ or refuse; mccfr: always MCCFR',
        },
        iterations: { type: 'integer', minimum: 1, default: DEFAULT_ITERATIONS, description: 'CFR+ iterations' },
        maxNodes: { type: 'integer', minimum: 1, default: DEFAULT_MAX_NODES, description: 'node budget of the exact tree' },
        mccfrIterations: { type: 'integer', minimum: 1, default: DEFAULT_MCCFR_ITERATIONS, description: 'MCCFR (external sampling) iterations' },
        seconds: { type: 'number', exclusiveMinimum: 0, description: 'MCCFR budget in seconds instead of mccfrIterations (depends on the machine)' },
        seed: { type: 'integer', minimum: 0, default: 0, description: 'seed of the MCCFR stream' },
        policy: { type: 'string', minLength: 1 },
      },
    },
    create: (game, o) =>
      o?.policy
        ? cfrAgentFromFile(o.policy, game)
        : cfrAgentForGame(game, {
            method: o?.method as CfrMethod | undefined,
            iterations: o?.iterations as number | undefined,
            maxNodes: o?.maxNodes as number | undefined,
            mccfrIterations: o?.mccfrIterations as number | undefined,
            seconds: o?.seconds as number | undefined,
            seed: o?.seed as number | undefined,
            cacheDir: o?.cacheDir,
            onStatus: o?.onStatus,
            onWarning: o?.onWarning,
          }),
  },
  heuristic: {
    description: 'rank-percentile thresholds: bets strong hands, folds weak ones, bluffs at a rate',
    params: {
      properties: {
        raise: unit(HEURISTIC_DEFAULTS.raise, 'bet or raise at or above this hand percentile'),
        fold: unit(HEURISTIC_DEFAULTS.fold, 'fold below this hand percentile'),
        bluff: unit(HEURISTIC_DEFAULTS.bluff, 'probability of a bluff with a hand below fold'),
      },
    },
    create: (game, o) => heuristicAgentForGame(game, { raise: o?.raise as number, fold: o?.fold as number, bluff: o?.bluff as number }),
  },
  'always-fold': {
    description: 'folds whenever it may, else checks: loses exactly the blinds it posts (a baseline for tables)',
    params: { properties: {} },
    create: () => alwaysFoldAgent,
  },
  'check-fold': {
    description: "checks when it may, else folds: the league's fallback as a player",
    params: { properties: {} },
    create: () => checkFoldAgent,
  },
  'basic-strategy': {
    description: "blackjack's basic strategy from the exact reference (the league's rules), played from the player's cards and the dealer's up card",
    params: {
      properties: {
        deck: {
          enum: ['shoe', 'infinite'],
          default: 'shoe',
          description: "the deck the chart is computed for: the league's six-deck shoe or an infinite deck",
        },
      },
    },
    create: (game, o) => basicStrategyAgentForGame(game, (o?.deck as BasicStrategyDeck | undefined) ?? 'shoe'),
  },
  'always-raise': {
    description: 'the smallest bet or raise whenever one is on offer, else checks or calls; never folds (a baseline for tables)',
    params: { properties: {} },
    create: () => alwaysRaiseAgent,
  },
  equity: {
    description: 'Monte Carlo equity against random hands of the opponents still in, bets for value and calls by pot odds (any number of seats)',
    params: {
      properties: {
        samples: { type: 'integer', minimum: 1, default: EQUITY_DEFAULTS.samples, description: 'Monte Carlo deals per decision' },
        raise: {
          type: 'number',
          exclusiveMinimum: 0,
          default: EQUITY_DEFAULTS.raise,
          description: 'bet or raise when equity × seats in the hand reaches this (1 is the fair share)',
        },
        betFraction: {
          type: 'number',
          exclusiveMinimum: 0,
          default: EQUITY_DEFAULTS.betFraction,
          description: 'chips a bet or raise adds beyond the call, as a fraction of the pot after the call',
        },
      },
    },
    create: (game, o) => equityAgentForGame(game, { samples: o?.samples as number, raise: o?.raise as number, betFraction: o?.betFraction as number }),
  },
  human: {
    description: "a person at the terminal (the play command's interface)",
    params: { properties: {} },
    create: (_game, o) => {
      if (!o?.human) throw new UserError('the human agent needs a terminal');
      return new HumanAgent(o.human);
    },
  },
  llm: {
    description: "a language model through its provider's SDK: model PROVIDER/MODEL (openai, openai-responses, anthropic, gemini, compat); see docs/llm.md",
    params: LLM_KIND_PARAMS,
    promptVersion: LLM_PROMPT_VERSION,
    create: (game, o) => {
      const { llmRuntime, policy: _policy, human: _human, cacheDir: _cacheDir, onStatus: _onStatus, onWarning: _onWarning, ...params } = o ?? {};
      const rt = (llmRuntime ?? {}) as NonNullable<AgentOptions['llmRuntime']>;
      return createLlmKindAgent(game, params, rt.prices, { cache: rt.cache, spend: rt.spend, backoffMs: rt.backoffMs, fallbackPolicy: rt.fallbackPolicy });
    },
  },
};

/** Registered agent names, sorted. */
export function agentNames(): string[] {
  return Object.keys(AGENTS).sort();
}

/** Thrown by {@link createAgent} for a name that is not registered. */
export class UnknownAgentError extends UserError {
  constructor(readonly agentName: string) {
    super(`unknown agent '${agentName}'; known agents: ${agentNames().join(', ')}`);
    this.name = 'UnknownAgentError';
  }
}

/** The spec of a kind. @throws UnknownAgentError */
export function agentSpec(kind: string): AgentSpec {
  const spec = Object.hasOwn(AGENTS, kind) ? AGENTS[kind] : undefined;
  if (!spec) throw new UnknownAgentError(kind);
  return spec;
}

/**
 * Make the agent registered under `name` for `game`, with default parameters; `llm:PROVIDER/MODEL`
 * makes the `llm` kind with that model.
 * @throws UnknownAgentError when no agent has that name
 */
export async function createAgent(name: string, game: Game, options?: AgentOptions): Promise<Agent> {
  // `llm:PROVIDER/MODEL` on the command line is the llm kind with that model
  if (name.startsWith('llm:')) return createAgent('llm', game, { ...options, model: name.slice(4) });
  const spec = agentSpec(name);
  return spec.create(game, { ...defaults(spec), ...stripUndefined(options ?? {}) });
}

function defaults(spec: AgentSpec): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, s] of Object.entries(spec.params.properties)) if (s.default !== undefined) out[k] = s.default;
  return out;
}

function stripUndefined(o: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined));
}

/** A participant: an agent kind with every parameter set, and its id. */
export interface Participant {
  /** Display name, unique within a tournament (default: the kind). */
  name: string;
  kind: string;
  /** Parameters with defaults filled in (a policy path is absolute). */
  params: Record<string, unknown>;
  /** The full configuration the id is computed from. */
  config: ParticipantConfig;
  /** SHA-256 (hex) of `canonicalJson(config)`. */
  id: string;
}

/** What identifies a participant. */
export interface ParticipantConfig {
  kind: string;
  /** Parameters without file paths (a policy file enters by its SHA-256). */
  params: Record<string, unknown>;
  /** SHA-256 of the policy file's bytes, when the participant plays one. */
  policySha256?: string;
  promptVersion?: string;
  engineVersion: string;
}

/**
 * A participant from a kind and parameters (already shape-checked, e.g. by the config schema).
 * @param where prefix of error messages, e.g. `tournament.yaml: participants[2]`
 * @param baseDir directory relative paths (`policy`) are resolved against
 * @throws UserError for an unknown kind or a policy file that cannot be read
 */
export function makeParticipant(spec: { kind: string; name?: string; [k: string]: unknown }, where: string, baseDir = '.'): Participant {
  if (!Object.hasOwn(AGENTS, spec.kind)) throw new UserError(`${where}.kind: unknown agent kind '${spec.kind}'; known kinds: ${agentNames().join(', ')}`);
  const kindSpec = AGENTS[spec.kind];
  const params: Record<string, unknown> = { ...defaults(kindSpec) };
  for (const k of Object.keys(kindSpec.params.properties)) if (spec[k] !== undefined) params[k] = spec[k];
  const idParams = { ...params };
  const config: ParticipantConfig = { kind: spec.kind, params: idParams, engineVersion: ENGINE_VERSION };
  if (typeof params.policy === 'string') {
    const path = resolve(baseDir, params.policy);
    let bytes: Buffer;
    try {
      bytes = readFileSync(path);
    } catch (e) {
      const code = (e as NodeJS.ErrnoException).code;
      throw new UserError(`${where}.policy: cannot read ${path}: ${code === 'ENOENT' ? 'no such file' : (e as Error).message}`);
    }
    params.policy = path;
    // A participant playing a policy file is the file: the solving parameters do not apply.
    for (const k of ['policy', 'iterations', 'method', 'maxNodes', 'mccfrIterations', 'seconds', 'seed']) delete idParams[k];
    config.policySha256 = createHash('sha256').update(bytes).digest('hex');
  }
  if (kindSpec.promptVersion) config.promptVersion = kindSpec.promptVersion;
  return { name: spec.name ?? spec.kind, kind: spec.kind, params, config, id: participantId(config) };
}

/** SHA-256 (hex) of a participant configuration's canonical JSON. */
export function participantId(config: ParticipantConfig): string {
  return createHash('sha256').update(canonicalJson(config)).digest('hex');
}

/** The participant's agent for a game. */
export async function createParticipantAgent(p: Participant, game: Game, extra?: AgentOptions): Promise<Agent> {
  // An LLM participant's name can key its entry of the config's price table.
  return AGENTS[p.kind].create(game, { ...p.params, ...extra, ...(p.kind === 'llm' ? { name: p.name } : {}) });
}
