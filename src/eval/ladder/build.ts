/**
 * Building ladders (the I/O edge of calibration): make the candidate agents of a game, play every
 * pair of candidates in ladder duels, choose the chain ({@link calibrate}), and describe each
 * kept level (agent config, participant id, policy hash, exploitability where the game is
 * solvable, figures against the level below).
 */
import { createHash } from 'node:crypto';
import type { Game } from '../../interpreter/api.js';
import { canonicalJson } from '../../ir/hash.js';
import { UserError } from '../../util/errors.js';
import { createParticipantAgent, makeParticipant, type Agent, type Participant } from '../agents/index.js';
import { CfrAgent } from '../agents/cfr.js';
import { L1Agent, l0TreePolicy } from '../agents/l1.js';
import { exploitability } from '../../algorithms/best-response.js';
import { buildTree, type GameTree } from '../../algorithms/tree.js';
import { calibrate, inBand, mirror, type Calibration } from './calibrate.js';
import { playDuel } from './duel.js';
import { duelFigures, poolFigures, type DuelFigures } from './stats.js';
import type { LadderGame, LadderLevel, LevelBot, AgentConfig } from './file.js';

/** Heuristic settings of the default candidates: loose-aggressive, the defaults, tight-passive, loose with frequent bluffs. */
export const HEURISTIC_CANDIDATES: readonly Record<string, number>[] = [
  { raise: 0.9, fold: 0.1, bluff: 0.5 },
  { raise: 0.7, fold: 0.3, bluff: 0.1 },
  { raise: 0.8, fold: 0.45, bluff: 0.05 },
  { raise: 0.6, fold: 0.2, bluff: 0.3 },
];
/** CFR+ iteration budgets of the default candidates (solvable games only), up to near-equilibrium. */
export const CFR_BUDGETS: readonly number[] = [3, 10, 30, 100, 300, 1000, 3000];

/**
 * The default candidates of a game: random (Lv0), the heuristics, l1, and CFR+ average strategies
 * at {@link CFR_BUDGETS} when the game's tree fits (`solvable`).
 */
export function defaultCandidates(solvable: boolean): AgentConfig[] {
  return [
    { kind: 'random', params: {} },
    ...HEURISTIC_CANDIDATES.map((p) => ({ kind: 'heuristic', params: { ...p } })),
    { kind: 'l1', params: {} },
    ...(solvable ? CFR_BUDGETS.map((iterations) => ({ kind: 'cfr', params: { iterations } })) : []),
  ];
}

/** A short display name of a level's agent: `random`, `heuristic(0.9/0.1/0.5)`, `cfr-100`. */
export function agentLabel(c: AgentConfig): string {
  if (c.kind === 'cfr' && typeof c.params.iterations === 'number') return `cfr-${c.params.iterations}`;
  if (c.kind === 'heuristic') return `heuristic(${c.params.raise}/${c.params.fold}/${c.params.bluff})`;
  return c.kind;
}

/** The participant of an agent config (parameters defaulted; name {@link agentLabel}). */
export function levelParticipant(c: AgentConfig, where: string): Participant {
  return makeParticipant({ ...c.params, kind: c.kind, name: agentLabel(c) }, where);
}

const sha256 = (s: string): string => createHash('sha256').update(s).digest('hex');

/** SHA-256 of the canonical JSON of the table an agent plays (cfr: its saved policy; l1: its table), or null for rule-based agents. */
export function policyHash(agent: Agent): string | null {
  if (agent instanceof CfrAgent) return sha256(canonicalJson(agent.saved.policy));
  if (agent instanceof L1Agent) return sha256(canonicalJson(Object.fromEntries([...agent.table].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))));
  return null;
}

/** Exploitability (chips/game) of an agent whose policy is tabular over `tree` (random, l1, cfr), else null. */
export function agentExploitability(game: Game, tree: GameTree | null, agent: Agent): number | null {
  if (!tree) return null;
  if (agent instanceof CfrAgent) return agent.saved.exploitability;
  if (agent.name === 'random') return exploitability(tree, l0TreePolicy(game, tree)).exploitability;
  if (agent instanceof L1Agent) {
    const p = l0TreePolicy(game, tree); // L0 where the table has no entry
    for (let i = 0; i < tree.numInfosets; i++) {
      const a = agent.table.get(tree.infosetKey[i]);
      if (a === undefined) continue;
      for (let s = tree.slotStart[i]; s < tree.slotStart[i + 1]; s++) p[s] = tree.slotAction[s] === a ? 1 : 0;
    }
    return exploitability(tree, p).exploitability;
  }
  return null;
}

/** Options of {@link buildLadderGame}. */
export interface BuildOptions {
  /** Most levels above Lv0. */
  levels: number;
  /** Runs per duel (each two slots). */
  runs: number;
  seed: number;
  /** Candidates (default {@link defaultCandidates}); the first must be `random`. */
  candidates?: AgentConfig[];
  /** Called before each duel with (done, total). */
  onDuel?: (done: number, total: number) => void;
  /** Most bots per level (default 4; 1 for one bot per level). */
  maxBots?: number;
}

/**
 * Build the ladder of one compiled game.
 * @param path the game's file as it should be recorded
 * @throws UserError when the first candidate is not `random` or a candidate cannot be made
 */
export async function buildLadderGame(game: Game, path: string, opts: BuildOptions): Promise<LadderGame> {
  let tree: GameTree | null = null;
  try {
    tree = buildTree(game);
  } catch (e) {
    if (!(e instanceof UserError)) throw e;
  }
  const configs = opts.candidates ?? defaultCandidates(tree !== null);
  if (configs[0]?.kind !== 'random') throw new UserError('the first ladder candidate must be random (Lv0)');
  const parts = configs.map((c, i) => levelParticipant(c, `candidate ${i}`));
  const agents: Agent[] = [];
  for (const p of parts) agents.push(await createParticipantAgent(p, game));
  const n = parts.length;
  // figures[i][j], i > j: candidate i against candidate j
  const fig: DuelFigures[][] = parts.map(() => []);
  const total = (n * (n - 1)) / 2;
  let done = 0;
  for (let i = 1; i < n; i++) {
    for (let j = 0; j < i; j++) {
      opts.onDuel?.(done++, total);
      fig[i][j] = duelFigures(await playDuel(game, agents[i], agents[j], { runs: opts.runs, seed: opts.seed }));
    }
  }
  const figures = (u: number, l: number): DuelFigures => (u > l ? fig[u][l] : mirror(fig[l][u]));
  const cal: Calibration = calibrate(n, figures, opts.levels, {
    kinds: configs.map((c) => c.kind),
    cfr: configs.flatMap((c, i) => (c.kind === 'cfr' ? [i] : [])).sort((a, b) => Number(configs[a].params.iterations) - Number(configs[b].params.iterations)),
    maxBots: opts.maxBots,
    names: parts.map((p) => p.name),
  });
  const bot = (c: number, k: number): LevelBot => ({
    name: parts[c].name,
    agent: configs[c],
    participantId: parts[c].id,
    policyHash: policyHash(agents[c]),
    exploitability: agentExploitability(game, tree, agents[c]),
    vsBelow: k === 0 ? null : poolFigures(cal.members[k - 1].map((l) => figures(c, l))),
  });
  const levels: LadderLevel[] = cal.members.map((ms, k) => {
    const bots = ms.map((c) => bot(c, k));
    const below = k === 0 ? null : poolFigures(ms.flatMap((u) => cal.members[k - 1].map((l) => figures(u, l))));
    return {
      level: k,
      name: bots[0].name,
      agent: bots[0].agent,
      participantId: bots[0].participantId,
      policyHash: bots[0].policyHash,
      exploitability: bots[0].exploitability,
      vsBelow: below,
      inBand: below ? inBand(below.winRate) : null,
      bots,
    };
  });
  return {
    game: game.ir.name,
    path,
    rulesetHash: game.rulesetHash,
    solvable: tree !== null,
    levels,
    outOfBand: cal.outOfBand,
    cfrRung: cal.cfrRung,
    dropped: [...cal.dropped].map(([c, reason]) => ({ name: parts[c].name, agent: configs[c], participantId: parts[c].id, reason })),
    candidates: parts.map((p) => p.name),
    matrix: parts.map((_, i) =>
      parts.map((__, j) => (i === j ? null : { meanReturn: figures(i, j).meanReturn, pairedSE: figures(i, j).pairedSE, winRate: figures(i, j).winRate })),
    ),
  };
}
