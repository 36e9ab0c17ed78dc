/**
 * The agent registry: names usable on the command line (`--agents random,random`, `--vs random`).
 * To add an agent, add one entry to {@link AGENTS}.
 */
import type { Game } from '../../interpreter/api.js';
import type { Agent } from './agent.js';
import { randomAgent } from './random.js';
import { cfrAgentForGame, cfrAgentFromFile } from './cfr.js';
import { createLlmAgent, type LlmAgentOptions } from '../llm/agent.js';
import { parseLlmSettings } from '../llm/config.js';

export type { Agent, Rng } from './agent.js';

/** Command-line options some agents use. */
export interface AgentOptions {
  /** A policy file saved by `gbgc solve --save`: the `cfr` agent plays it instead of solving. */
  policy?: string;
  /** For `llm:PROVIDER/MODEL` agents: the participant's config block (snake_case keys, see docs/llm.md) and a price table by model. */
  llm?: { config?: Record<string, unknown>; prices?: Record<string, unknown> } & Omit<LlmAgentOptions, 'provider'>;
}

/** Whether `name` is an LLM agent spec (`llm:PROVIDER/MODEL`) rather than a registered name. */
export function isLlmSpec(name: string): boolean {
  return name.startsWith('llm:');
}

/** How to make an agent for a game (an agent may need to solve or load something first). */
export interface AgentSpec {
  /** One line for `--help` and error messages. */
  description: string;
  create(game: Game, options?: AgentOptions): Agent | Promise<Agent>;
}

/** Agents by name. */
export const AGENTS: Record<string, AgentSpec> = {
  random: { description: 'uniform random over the legal actions (L0)', create: () => randomAgent },
  cfr: {
    description: 'CFR+ average strategy (solves the game exactly, cached per ruleset; or plays --policy FILE)',
    create: (game, o) => (o?.policy ? cfrAgentFromFile(o.policy, game) : cfrAgentForGame(game)),
  },
};

/** Registered agent names, sorted. */
export function agentNames(): string[] {
  return Object.keys(AGENTS).sort();
}

/** Thrown by {@link createAgent} for a name that is not registered. */
export class UnknownAgentError extends Error {
  constructor(readonly agentName: string) {
    super(`unknown agent '${agentName}'; known agents: ${agentNames().join(', ')}`);
    this.name = 'UnknownAgentError';
  }
}

/**
 * Make the agent registered under `name` for `game`, or an LLM agent for an `llm:PROVIDER/MODEL` spec.
 * @throws UnknownAgentError when no agent has that name
 * @throws UserError for an LLM spec with bad settings or without its key variable
 */
export async function createAgent(name: string, game: Game, options?: AgentOptions): Promise<Agent> {
  if (isLlmSpec(name)) {
    const { config, prices, ...rest } = options?.llm ?? {};
    return createLlmAgent(game, parseLlmSettings(name, config, prices), rest);
  }
  const spec = Object.hasOwn(AGENTS, name) ? AGENTS[name] : undefined;
  if (!spec) throw new UnknownAgentError(name);
  return spec.create(game, options);
}
