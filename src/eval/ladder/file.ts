/**
 * The ladder file (JSON, written by `gbgc ladder build`): per game, the kept levels with their
 * agent configs, participant ids, policy hashes, exploitability and figures against the level
 * below; the dropped candidates with the reason; the full candidate matrix.
 */
import { readFileSync } from 'node:fs';
import { UserError } from '../../util/errors.js';
import type { DuelFigures } from './stats.js';

/** File format tag and version. */
export const LADDER_FORMAT = 'gbgc-ladder';
export const LADDER_VERSION = 1;

/** An agent kind with its parameters (as in a tournament config). */
export interface AgentConfig {
  kind: string;
  params: Record<string, unknown>;
}

/** One kept level. */
export interface LadderLevel {
  /** 0 for Lv0 (random). */
  level: number;
  name: string;
  agent: AgentConfig;
  /** Participant id (SHA-256 of the agent's full configuration and the engine version). */
  participantId: string;
  /** SHA-256 of the table the agent plays (cfr policy, l1 table), null for rule-based agents. */
  policyHash: string | null;
  /** Exploitability of the agent's policy, chips/game, where the game is solvable and the policy tabular; else null. */
  exploitability: number | null;
  /** This level against the level below (null for Lv0). */
  vsBelow: DuelFigures | null;
  /** Whether the win rate against the level below is in the 70–90 % band (null for Lv0). */
  inBand: boolean | null;
}

/** The ladder of one game. */
export interface LadderGame {
  game: string;
  /** The .gbg file, relative to the ladder file's directory (or absolute). */
  path: string;
  rulesetHash: string;
  /** Whether the game tree fits (CFR+ candidates and exploitability). */
  solvable: boolean;
  levels: LadderLevel[];
  dropped: { name: string; agent: AgentConfig; participantId: string; reason: string }[];
  /** Candidate names, in the order of `matrix`. */
  candidates: string[];
  /** matrix[i][j]: candidate i against candidate j (chips i wins per game, paired SE, run win rate); null on the diagonal. */
  matrix: ({ meanReturn: number; pairedSE: number; winRate: number } | null)[][];
}

/** A ladder file. */
export interface Ladder {
  format: typeof LADDER_FORMAT;
  version: number;
  engineVersion: string;
  /** Seed of the calibration duels. */
  seed: number;
  /** Runs per calibration duel. */
  runs: number;
  /** Most levels above Lv0 that were asked for. */
  maxLevels: number;
  games: LadderGame[];
}

/**
 * Read and shape-check a ladder file.
 * @throws UserError naming the file when it cannot be read or is not a ladder
 */
export function readLadder(path: string): Ladder {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    throw new UserError(`cannot read ${path}: ${code === 'ENOENT' ? 'no such file' : code === 'EISDIR' ? 'is a directory' : (e as Error).message}`);
  }
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (e) {
    throw new UserError(`${path}: not JSON (${(e as Error).message})`);
  }
  const bad = (what: string): never => {
    throw new UserError(`${path}: not a gbgc ladder file (${what})`);
  };
  if (typeof data !== 'object' || data === null || Array.isArray(data)) bad('not an object');
  const d = data as Partial<Ladder>;
  if (d.format !== LADDER_FORMAT) bad(`format is ${JSON.stringify(d.format)}, expected "${LADDER_FORMAT}"`);
  if (d.version !== LADDER_VERSION) bad(`version ${JSON.stringify(d.version)}, this gbgc reads version ${LADDER_VERSION}`);
  if (!Array.isArray(d.games) || d.games.length === 0) bad('no games');
  d.games!.forEach((g, i) => {
    const w = `games[${i}]`;
    if (typeof g !== 'object' || g === null) bad(`${w} is not an object`);
    if (typeof g.path !== 'string' || typeof g.rulesetHash !== 'string' || typeof g.game !== 'string') bad(`${w} needs game, path and rulesetHash`);
    if (!Array.isArray(g.levels) || g.levels.length === 0) bad(`${w}.levels is empty`);
    g.levels.forEach((l, k) => {
      if (typeof l !== 'object' || l === null || l.level !== k) bad(`${w}.levels[${k}] is not level ${k}`);
      if (typeof l.agent?.kind !== 'string' || typeof l.agent.params !== 'object' || l.agent.params === null) bad(`${w}.levels[${k}].agent needs kind and params`);
      if (typeof l.participantId !== 'string') bad(`${w}.levels[${k}].participantId is missing`);
    });
  });
  return d as Ladder;
}
