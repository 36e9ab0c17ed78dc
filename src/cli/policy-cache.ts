/**
 * The `cfr` agent's policy on the command line: when `--agents cfr` (or `--vs cfr`) comes without
 * `--policy`, the game is solved once with CFR+ and the policy cached next to the game, in
 * `.gbgc-cache/<ruleset hash>.policy.json.gz`. The file name is the ruleset hash and the policy
 * records it too, so a cache of other rules is never used (an edited game has another hash).
 */
import { existsSync, mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { Game } from '../interpreter/api.js';
import { solve, DEFAULT_ITERATIONS } from '../algorithms/solve.js';
import { encodePolicy, readPolicyFile, toSavedPolicy } from '../algorithms/policy-file.js';
import { writeFileAtomic, info, type CliIO } from './io.js';
import { UserError } from './errors.js';

/** The cache file of a game's CFR+ policy: `<game's folder>/.gbgc-cache/<rulesetHash>.policy.json.gz`. */
export function policyCachePath(gameFile: string, rulesetHash: string): string {
  return join(dirname(gameFile), '.gbgc-cache', `${rulesetHash}.policy.json.gz`);
}

/**
 * The policy file the `cfr` agent should play: `explicit` when given; else, when `agents` names
 * `cfr`, the cached policy of the game, solving it first (and saying so on stderr, with the time
 * it took) when there is no cache. Returns undefined when no cfr agent is asked for. Standard
 * input (`-`) has no folder to cache in: the game is solved in-process each time.
 * @throws UserError when the game is too large to solve exactly or a cache cannot be read (a
 *   cache that cannot be written is a warning: the agent solves in-process)
 */
export function cfrPolicyFor(
  ctx: { io: CliIO; quiet?: boolean },
  gameFile: string,
  game: Game,
  agents: readonly string[],
  explicit: string | undefined,
  now: () => number = () => performance.now(),
): string | undefined {
  if (explicit !== undefined || !agents.includes('cfr') || gameFile === '-') return explicit;
  const path = policyCachePath(gameFile, game.rulesetHash);
  if (existsSync(path)) {
    readPolicyFile(path, game.rulesetHash); // refuses a damaged cache or one of other rules
    info(ctx, `cfr: using the cached policy ${path}\n`, 'stderr');
    return path;
  }
  info(ctx, `cfr: no policy given; solving ${game.ir.name} with CFR+ (${DEFAULT_ITERATIONS} iterations)…\n`, 'stderr');
  const t0 = now();
  const r = solve(game, { iterations: DEFAULT_ITERATIONS });
  const seconds = (now() - t0) / 1000;
  const saved = toSavedPolicy(r.tree, r.policy, {
    rulesetHash: game.rulesetHash,
    game: game.ir.name,
    iterations: r.iterations,
    exploitability: r.exploitability,
  });
  try {
    mkdirSync(dirname(path), { recursive: true });
    writeFileAtomic(path, encodePolicy(saved));
  } catch (e) {
    const why = e instanceof UserError ? e.message : (e as Error).message;
    ctx.io.stderr(`gbgc: warning: cfr: could not cache the policy (${why}); it is solved again next time\n`);
    return undefined;
  }
  info(ctx, `cfr: solved in ${seconds.toFixed(1)} s (exploitability ${r.exploitability.toPrecision(3)} chips/game); policy cached in ${path}\n`, 'stderr');
  return path;
}
