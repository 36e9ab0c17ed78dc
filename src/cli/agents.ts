/**
 * The agents a command line names (`--agents A,B`, `--vs A`), made for a game: names checked
 * against the registry of agents, `llm:PROVIDER/MODEL` passed on.
 */
import { UsageError } from './errors.js';
import { agentNames, createAgent, AGENTS, type AgentOptions } from '../eval/agents/index.js';
import { asPlayer } from '../eval/agents/player.js';
import type { Game, Player } from '../interpreter/api.js';

/**
 * Parse `--agents`: one name (every seat) or one name per seat, comma-separated.
 * @throws UsageError for a malformed list or an unknown name
 */
export async function agentsOption(text: string, game: Game, options?: AgentOptions): Promise<Player[]> {
  const seats = game.numSeats;
  const names = text.split(',').map((s) => s.trim());
  if (names.length === 1) while (names.length < seats) names.push(names[0]);
  if (names.length !== seats || names.some((n) => n === ''))
    throw new UsageError(`--agents takes one or ${seats === 2 ? 'two' : seats} agent names separated by a comma, got '${text}'`);
  for (const n of names)
    if (!Object.hasOwn(AGENTS, n) && !n.startsWith('llm:')) throw new UsageError(`unknown agent '${n}'; known agents: ${agentNames().join(', ')}`);
  if (options?.policy !== undefined && !names.includes('cfr')) throw new UsageError('--policy is played by the cfr agent, and no cfr agent was chosen');
  const players: Player[] = [];
  for (const n of names) players.push(asPlayer(await createAgent(n, game, options), game));
  return players;
}
