/**
 * The ladder file (JSON, written by `gbgc ladder build`): per game, the kept levels with their
 * agent configs, participant ids, policy hashes, exploitability and figures against the level
 * below; the dropped candidates with the reason; the full candidate matrix.
 */
import { UserError } from '../../util/errors.js';
import { parseJsonInput, readTextCapped } from '../../util/json.js';
import type { DuelFigures } from './stats.js';

/** File format tag and version. */
export const LADDER_FORMAT = 'gbgc-ladder';
/** Version 2 adds several bots per level (`bots`), the steps outside the band and the CFR+ rung; version 1 files are read as one bot per level. */
export const LADDER_VERSION = 2;

/** An agent kind with its parameters (as in a tournament config). */
export interface AgentConfig {
  kind: string;
  params: Record<string, unknown>;
}

/** One bot of a level. */
export interface LevelBot {
  name: string;
  agent: AgentConfig;
  /** Participant id (SHA-256 of the agent's full configuration and the engine version). */
  participantId: string;
  /** SHA-256 of the table the agent plays (cfr policy, l1 table), null for rule-based agents. */
  policyHash: string | null;
  /** Exploitability of the agent's policy, chips/game, where the game is solvable and the policy tabular; else null. */
  exploitability: number | null;
  /** This bot against all bots of the level below, pooled (null for Lv0). */
  vsBelow: DuelFigures | null;
}

/**
 * One kept level: its first bot's fields (with `vsBelow` pooled over every bot of this level
 * against every bot of the level below; null for Lv0), and every bot in `bots`.
 */
export interface LadderLevel extends LevelBot {
  /** 0 for Lv0 (random). */
  level: number;
  /** Whether the pooled per-game win rate against the level below is in the 70–90 % band (null for Lv0). */
  inBand: boolean | null;
  /** The level's bots (1–4; the first is the fields above). */
  bots: LevelBot[];
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
  /** Levels whose pooled win rate against the level below is outside the 70–90 % band (no candidates met it there). */
  outOfBand: { level: number; winRate: number }[];
  /** What happened to the CFR+ rung (null when the game has no CFR+ candidates). */
  cfrRung: string | null;
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
  const data = parseJsonInput(readTextCapped(path, 'ladder'), path);
  const bad = (what: string): never => {
    throw new UserError(`${path}: not a gbgc ladder file (${what})`);
  };
  if (typeof data !== 'object' || data === null || Array.isArray(data)) bad('not an object');
  const d = data as Partial<Ladder>;
  if (d.format !== LADDER_FORMAT) bad(`format is ${JSON.stringify(d.format)}, expected "${LADDER_FORMAT}"`);
  if (d.version !== LADDER_VERSION && d.version !== 1) bad(`version ${JSON.stringify(d.version)}, this gbgc reads versions 1 and ${LADDER_VERSION}`);
  if (!Array.isArray(d.games) || d.games.length === 0) bad('no games');
  d.games!.forEach((g, i) => {
    const w = `games[${i}]`;
    if (typeof g !== 'object' || g === null) bad(`${w} is not an object`);
    if (typeof g.path !== 'string' || typeof g.rulesetHash !== 'string' || typeof g.game !== 'string') bad(`${w} needs game, path and rulesetHash`);
    if (!Array.isArray(g.levels) || g.levels.length === 0) bad(`${w}.levels is empty`);
    g.levels.forEach((l, k) => {
      if (typeof l !== 'object' || l === null || l.level !== k) bad(`${w}.levels[${k}] is not level ${k}`);
      if (typeof l.agent?.kind !== 'string' || typeof l.agent.params !== 'object' || l.agent.params === null)
        bad(`${w}.levels[${k}].agent needs kind and params`);
      if (typeof l.participantId !== 'string') bad(`${w}.levels[${k}].participantId is missing`);
      if (
        l.bots !== undefined &&
        (!Array.isArray(l.bots) || l.bots.length === 0 || l.bots.some((b) => typeof b?.agent?.kind !== 'string' || typeof b.participantId !== 'string'))
      )
        bad(`${w}.levels[${k}].bots must list bots with agent and participantId`);
      // Version 1: one bot per level.
      if (l.bots === undefined)
        l.bots = [
          { name: l.name, agent: l.agent, participantId: l.participantId, policyHash: l.policyHash, exploitability: l.exploitability, vsBelow: l.vsBelow },
        ];
    });
    g.outOfBand ??= [];
    g.cfrRung ??= null;
  });
  return d as Ladder;
}
