/**
 * The library's agents and duplicate matches: the bot kinds (`random` = L0, `l1`, `cfr`,
 * `heuristic`) as agents for a game, {@link playMatch} (duplicate runs, the paired estimate of
 * `gbgc match`), and the checks that turn a wrong argument into a clear error naming it.
 */
import type { Game, Player } from '../interpreter/api.js';
import type { Agent } from '../eval/agents/agent.js';
import { RandomAgent, randomAgent as l0Agent } from '../eval/agents/random.js';
import { L1Agent, l1AgentForGame, type L1Params } from '../eval/agents/l1.js';
import { CfrAgent, cfrAgentForGame, cfrAgentFromFile } from '../eval/agents/cfr.js';
import { HeuristicAgent, heuristicAgentForGame, type HeuristicParams } from '../eval/agents/heuristic.js';
import { asPlayer } from '../eval/agents/player.js';
import { agentSpec, createParticipantAgent, makeParticipant } from '../eval/agents/index.js';
import { playMatch as playRuns, summarizeRuns, type MatchSummary, type RunResult } from '../eval/match/match.js';
import { LabeledGame } from './game.js';

/** The bot kinds the library makes by name. */
export const AGENT_KINDS = ['random', 'l1', 'cfr', 'heuristic'] as const;
export type AgentKind = (typeof AGENT_KINDS)[number];

/** Parameters of {@link cfrAgent}. */
export interface CfrParams {
  /** CFR+ iterations of the in-process solve (default 1,000). */
  iterations?: number;
  /** Node budget of the game tree (default 2,000,000). */
  maxNodes?: number;
  /** A policy file saved by `gbgc solve --save`, played instead of solving. */
  policy?: string;
}

/** The interpreter's game of a library game. */
const compiledOf = (game: LabeledGame | Game): Game => (game instanceof LabeledGame ? game.compiled : game);

/** @throws TypeError naming `where` when `game` is not a loaded game */
function checkGame(game: unknown, where: string): asserts game is LabeledGame | Game {
  const g = game as Partial<Game> | null;
  if (!g || typeof g !== 'object' || typeof g.newInitialState !== 'function' || typeof g.rulesetHash !== 'string')
    throw new TypeError(`${where}: the game must be a loaded game (loadGame(path)), got ${describe(game)}`);
}

/** A value in an error message: `the string 'random'`, `a number (3)`, `an object without act()`. */
function describe(v: unknown): string {
  if (v === null) return 'null';
  if (v === undefined) return 'undefined';
  if (typeof v === 'string') return `the string '${v}'`;
  if (typeof v === 'number' || typeof v === 'boolean') return `a ${typeof v} (${String(v)})`;
  if (typeof v === 'function') return 'a function';
  return typeof (v as { act?: unknown }).act === 'function' ? 'an object' : 'an object without an act() method';
}

/** The L0 agent: a move kind uniformly, then an amount uniformly (GENSTRAT). Plays any game. */
export const randomAgent: Agent = l0Agent;

/**
 * The l1 agent: a best response to L0 (exact from the game tree when it fits, else estimated from
 * L0 episodes). Cached per ruleset and parameters.
 * @throws UserError when `method: 'exact'` and the tree does not fit
 */
export function l1Agent(game: LabeledGame | Game, params: Partial<L1Params> = {}): Agent {
  checkGame(game, 'l1Agent');
  return l1AgentForGame(compiledOf(game), params);
}

/**
 * The cfr agent: the CFR+ average strategy of the game when its tree fits `maxNodes`, else an
 * MCCFR average strategy (2,000 external-sampling iterations, uniform where training never
 * reached; `notes.method` says which), solved in-process and cached per ruleset and parameters;
 * or the policy in `params.policy`.
 * @throws UserError for a policy file that does not fit the game
 */
export function cfrAgent(game: LabeledGame | Game, params: CfrParams = {}): Agent {
  checkGame(game, 'cfrAgent');
  const g = compiledOf(game);
  return params.policy ? cfrAgentFromFile(params.policy, g) : cfrAgentForGame(g, { iterations: params.iterations, maxNodes: params.maxNodes });
}

/** The heuristic agent: bets hands at or above the `raise` percentile, folds below `fold`, bluffs at rate `bluff`. */
export function heuristicAgent(game: LabeledGame | Game, params: Partial<HeuristicParams> = {}): Agent {
  checkGame(game, 'heuristicAgent');
  return heuristicAgentForGame(compiledOf(game), params);
}

/**
 * An agent of a kind by name, with the kind's parameters (defaults for the rest), as a tournament
 * config's participant would be.
 * @throws TypeError for a kind that is not one of {@link AGENT_KINDS}; UserError from the kind (e.g. a tree too large for cfr)
 */
export async function createAgent(kind: AgentKind, game: LabeledGame | Game, params: Record<string, unknown> = {}): Promise<Agent> {
  checkGame(game, 'createAgent');
  if (!(AGENT_KINDS as readonly string[]).includes(kind))
    throw new TypeError(`createAgent: unknown agent kind ${describe(kind)}; kinds: ${AGENT_KINDS.join(', ')}`);
  checkParams(kind, params);
  return createParticipantAgent(makeParticipant({ ...params, kind }, `createAgent('${kind}')`), compiledOf(game));
}

/**
 * Check parameters against the kind's declared ones (names, types, ranges, allowed values), as a
 * tournament config is checked.
 * @throws TypeError naming the parameter and what it takes
 */
function checkParams(kind: AgentKind, params: Record<string, unknown>): void {
  if (!params || typeof params !== 'object') throw new TypeError(`createAgent('${kind}'): params must be an object, got ${describe(params)}`);
  const props = agentSpec(kind).params.properties;
  for (const [k, v] of Object.entries(params)) {
    const p = props[k];
    if (!p) throw new TypeError(`createAgent('${kind}'): unknown parameter '${k}'; ${kind} takes ${Object.keys(props).join(', ') || 'no parameters'}`);
    const bad = (what: string) => new TypeError(`createAgent('${kind}'): ${k} must be ${what}, got ${describe(v)}`);
    if (Array.isArray(p.enum) && !p.enum.includes(v)) throw bad(`one of ${p.enum.join(', ')}`);
    if (p.type === 'string' && typeof v !== 'string') throw bad('a string');
    if (p.type === 'integer' || p.type === 'number') {
      if (typeof v !== 'number' || !Number.isFinite(v) || (p.type === 'integer' && !Number.isInteger(v)))
        throw bad(p.type === 'integer' ? 'a whole number' : 'a number');
      if (typeof p.minimum === 'number' && v < p.minimum) throw bad(`at least ${p.minimum}`);
      if (typeof p.maximum === 'number' && v > p.maximum) throw bad(`at most ${p.maximum}`);
    }
  }
}

/** Options of {@link playMatch}. */
export interface PlayMatchOptions {
  /** Runs; each run is two slots with the seats swapped and the same chance draws. */
  runs: number;
  /** Seed of the play seeds (default 1). */
  seed?: number;
  /**
   * Ids of A and B, which enter the play seeds (default: a kind given by name gets its participant
   * id with default parameters, as `gbgc match` uses; an agent object its `name`).
   */
  ids?: [string, string];
  /** Called after each run with the number of runs done. */
  onRun?: (done: number) => void;
}

/** What {@link playMatch} returns: the paired summary from A's side (chips A wins per game) and every run. */
export interface MatchResult extends MatchSummary {
  /** Each run's play seed and A's returns in slot 0 (A in seat 0) and slot 1 (A in seat 1). */
  results: RunResult[];
  /** The ids that entered the play seeds. */
  ids: [string, string];
}

/** An agent argument: an agent object, or a kind by name (its participant id with default parameters). */
async function resolveAgent(v: unknown, game: Game, where: string): Promise<{ agent: Agent; id: string }> {
  if (typeof v === 'string') {
    if (!(AGENT_KINDS as readonly string[]).includes(v))
      throw new TypeError(
        `${where}: unknown agent kind ${describe(v)}; pass an agent (randomAgent, l1Agent(game), cfrAgent(game), heuristicAgent(game)) or a kind name: ${AGENT_KINDS.join(', ')}`,
      );
    const p = makeParticipant({ kind: v }, where);
    return { agent: await createParticipantAgent(p, game), id: p.id };
  }
  if (!v || typeof v !== 'object' || typeof (v as { act?: unknown }).act !== 'function' || typeof (v as { name?: unknown }).name !== 'string')
    throw new TypeError(
      `${where}: an agent must be an object { name, act(view) } (randomAgent, l1Agent(game), cfrAgent(game), heuristicAgent(game)) or a kind name (${AGENT_KINDS.join(', ')}), got ${describe(v)}`,
    );
  const agent = v as Agent;
  return { agent, id: agent.name };
}

/**
 * Play a duplicate match: `runs` runs of A against B, each two slots with the seats swapped sharing
 * one play seed (the same chance draws reach the same seat), as `gbgc match` does; the same
 * kinds and seed give the same figures as the command.
 * @param a agent A (or a kind name); B likewise
 * @returns a promise of the chips A wins per game (`meanReturn`) with paired and unpaired standard errors, per seat, and every run
 * @throws TypeError for a wrong argument (naming it); UserError from an agent that cannot play the game
 */
export async function playMatch(game: LabeledGame | Game, a: Agent | AgentKind, b: Agent | AgentKind, options: PlayMatchOptions): Promise<MatchResult> {
  checkGame(game, 'playMatch');
  if (!options || typeof options !== 'object') throw new TypeError(`playMatch: options must be an object { runs, seed? }, got ${describe(options)}`);
  const runs = options.runs;
  if (!Number.isInteger(runs) || runs < 1) throw new TypeError(`playMatch: options.runs must be a whole number ≥ 1, got ${describe(runs)}`);
  const seed = options.seed ?? 1;
  if (!Number.isInteger(seed) || seed < 0) throw new TypeError(`playMatch: options.seed must be a whole number ≥ 0, got ${describe(seed)}`);
  const g = compiledOf(game);
  const [ra, rb] = [await resolveAgent(a, g, 'playMatch: agent A'), await resolveAgent(b, g, 'playMatch: agent B')];
  const ids: [string, string] = options.ids ?? [ra.id, rb.id];
  const results = await playRuns(g, ra.agent, rb.agent, { runs, seed, ids, onRun: options.onRun });
  return { ...summarizeRuns(results), results, ids };
}

/**
 * A `simulate` agent argument as the interpreter's {@link Player}: a `Player` object as it is, an
 * agent made by this library through its fast path, a kind name through {@link createAgent}.
 * @throws TypeError naming `where` for anything else
 */
export async function simulationPlayer(v: unknown, game: LabeledGame, where: string): Promise<Player> {
  if (typeof v === 'string') return asPlayer((await resolveAgent(v, game.compiled, where)).agent, game.compiled);
  if (!v || typeof v !== 'object' || typeof (v as { act?: unknown }).act !== 'function')
    throw new TypeError(
      `${where}: an agent must be a Player { name, act(state, seat, rng) }, an agent of this library (randomAgent, l1Agent(game), …) or a kind name (${AGENT_KINDS.join(', ')}), got ${describe(v)}`,
    );
  const ours = v instanceof RandomAgent || v instanceof L1Agent || v instanceof CfrAgent || v instanceof HeuristicAgent;
  return ours ? asPlayer(v, game.compiled) : (v as Player);
}
