/**
 * Stored sessions for tests: {@link playSessions} plays a `gbgc tournament` of carried-stack
 * sessions (several hands a match, the shoe and the stacks carried from hand to hand: blackjack,
 * roulette) into a run store, the setup of the tests that read a stored session back (the replay
 * of its hands, blackjack's decision quality, the league's casino report).
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'vitest';
import { runCli } from '../cli/run-cli.js';

/** What {@link playSessions} plays: the tournament config's fields. */
export interface SessionPlan {
  /** Game files (a relative path is read from the folder the config is written in). */
  games: readonly string[];
  /** Participants as YAML flow maps, e.g. `{kind: random}`. */
  participants: readonly string[];
  runs: number;
  seed: number;
  /** Hands per match (`hands_per_match`). */
  hands: number;
}

/**
 * Write `plan` as a tournament config with `stacks: carry` and the store `runs.db` in `dir` (default:
 * a new temporary folder), run `gbgc tournament CONFIG --json` in-process and check it exits 0.
 * @returns the folder, the store's path and the tournament's JSON summary as printed
 */
export async function playSessions(
  plan: SessionPlan,
  dir = mkdtempSync(join(tmpdir(), 'gbgc-sessions-')),
): Promise<{ dir: string; db: string; stdout: string }> {
  const cfg = join(dir, 'sessions.yaml');
  writeFileSync(
    cfg,
    [
      `games: [${plan.games.map((g) => JSON.stringify(g)).join(', ')}]`,
      'participants:',
      ...plan.participants.map((p) => `  - ${p}`),
      `runs: ${plan.runs}`,
      `seed: ${plan.seed}`,
      `hands_per_match: ${plan.hands}`,
      'stacks: carry',
      'store: runs.db',
      '',
    ].join('\n'),
  );
  const t = await runCli(['tournament', cfg, '--json']);
  expect(t.code, t.stderr).toBe(0);
  return { dir, db: join(dir, 'runs.db'), stdout: t.stdout };
}
