/**
 * The ablation design: a tournament of two variants of one model against two anchors, played on
 * scheme-2 play seeds, gives a sibling pair for every run, and `gbgc analyze --ablation` recovers the
 * exact Δ of the variants' policies (computed on the game trees) within its interval. Old stores keep
 * play-seed scheme 1.
 */
import Database from 'better-sqlite3';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../cli/run-cli.js';
import { buildPlan, makeAgents, openStoreFor, readConfig, runTournament } from '../../src/eval/tournament/index.js';
import { playSeed, sharedPlaySeed } from '../../src/eval/match/seeds.js';
import { compileSource } from '../../src/compiler/index.js';
import { compileGame } from '../../src/interpreter/game.js';
import { solve } from '../../src/algorithms/solve.js';
import { policyValue } from '../../src/algorithms/best-response.js';
import { l0TreePolicy } from '../../src/eval/agents/l1.js';
import { readSlots } from '../../src/eval/store/index.js';
import { slotRowsOf } from '../../src/eval/stats/from-store.js';
import { reasoningAblation } from '../../src/eval/stats/ablation.js';
import type { TabularPolicy } from '../../src/algorithms/policy.js';
import type { GameTree } from '../../src/algorithms/tree.js';

const tmp = mkdtempSync(join(tmpdir(), 'gbgc-ablation-'));
const KUHN = readFileSync(resolve('examples/kuhn.gbg'), 'utf8');

/** Kuhn poker with another ante and bet: six games of different stakes. */
const variants = [1, 2].flatMap((ante) => [1, 2, 3].map((bet) => ({ ante, bet })));
const files = variants.map(({ ante, bet }) => {
  const src = KUHN.replace('game "Kuhn poker"', `game "Kuhn ${ante}/${bet}"`)
    .replace('ante 1 each', `ante ${ante} each`)
    .replace(/bet 1\n/, `bet ${bet}\n`);
  const f = join(tmp, `kuhn-${ante}-${bet}.gbg`);
  writeFileSync(f, src);
  return f;
});

/** Seat 0's expected chips when seat 0 plays `p0` and seat 1 plays `p1`. */
function value(tree: GameTree, p0: TabularPolicy, p1: TabularPolicy): number {
  const joint = Float64Array.from(p0);
  for (let i = 0; i < tree.numInfosets; i++) if (tree.infosetSeat[i] === 1) for (let k = tree.slotStart[i]; k < tree.slotStart[i + 1]; k++) joint[k] = p1[k];
  return policyValue(tree, joint);
}

describe('ablation tournaments', () => {
  it('pairs every run of two variants against two anchors and recovers the exact Δ within its interval', async () => {
    const runs = 150;
    const cfg = join(tmp, 'ablation.json');
    writeFileSync(
      cfg,
      JSON.stringify({
        games: files,
        participants: [
          { kind: 'cfr', name: 'low', iterations: 2 },
          { kind: 'cfr', name: 'high', iterations: 300 },
          { kind: 'random', name: 'anchor-random' },
          { kind: 'cfr', name: 'anchor-cfr', iterations: 20 },
        ],
        schedule: { type: 'ablation', anchors: ['anchor-random', 'anchor-cfr'] },
        runs,
        seed: 3,
        store: 'ablation.db',
      }),
    );
    const plan = buildPlan(cfg, readConfig(cfg));
    expect(plan.playSeedScheme).toBe(2);
    // Variants × anchors only: 4 matchups per game.
    expect(plan.matchups[0]).toEqual([
      [0, 2],
      [0, 3],
      [1, 2],
      [1, 3],
    ]);
    const store = openStoreFor(plan);
    await runTournament(plan, store, await makeAgents(plan));
    store.close();
    const db = join(tmp, 'ablation.db');
    const meta = new Database(db, { readonly: true });
    expect(meta.prepare("SELECT value FROM meta WHERE key = 'playSeedScheme'").pluck().get()).toBe('2');
    // Every matchup of a game plays run r on the same play seed.
    const seeds = meta.prepare('SELECT game, run, COUNT(DISTINCT play_seed) AS n FROM slots GROUP BY game, run').all() as { n: number }[];
    expect(seeds.every((s) => s.n === 1)).toBe(true);
    meta.close();
    const { rows, names } = slotRowsOf(readSlots(db), db);
    const id = (n: string) => Object.entries(names).find(([, v]) => v === n)![0];
    const abl = reasoningAblation(rows, id('low'), id('high'), { B: 2000, seed: 1 });
    // A sibling pair for every run, seat and anchor of every game.
    expect(abl.pooled.pairs).toBe(files.length * 2 * runs * 2);
    expect(abl.perAnchor.map((c) => c.pairs)).toEqual([files.length * runs * 2, files.length * runs * 2]);
    // Exact Δ from the trees: margin = 2 × own expected chips (zero-sum), averaged over games, anchors, seats.
    let exact = 0;
    for (const f of files) {
      const r = compileSource(readFileSync(f, 'utf8'));
      const game = compileGame(r.ir!);
      const low = solve(game, { iterations: 2 });
      const tree = low.tree;
      const high = solve(game, { iterations: 300 }).policy;
      const anchors = [l0TreePolicy(game, tree), solve(game, { iterations: 20 }).policy];
      for (const a of anchors) exact += 2 * (value(tree, high, a) - value(tree, low.policy, a)) - 2 * (value(tree, a, high) - value(tree, a, low.policy));
    }
    exact /= files.length * 2 * 2;
    expect(Math.abs(exact)).toBeGreaterThan(0.05);
    expect(abl.pooled.ci.lo).toBeLessThan(exact);
    expect(abl.pooled.ci.hi).toBeGreaterThan(exact);
    // The same through the CLI, by participant names.
    const cli = await runCli(['analyze', db, '--json', '-B', '200', '--secondary', '20', '--ablation', 'low,high']);
    expect(cli.stderr).toBe('');
    expect(cli.code).toBe(0);
    const e = JSON.parse(cli.stdout);
    expect(e.ablation.pooled.pairs).toBe(abl.pooled.pairs);
    expect(e.ablation.pooled.delta).toBeCloseTo(abl.pooled.delta, 12);
  }, 60_000);

  it('keeps play-seed scheme 1 for a store filled before schemes were recorded', async () => {
    const cfg = join(tmp, 'old.json');
    writeFileSync(
      cfg,
      JSON.stringify({ games: [files[0]], participants: [{ kind: 'random' }, { kind: 'heuristic' }, { kind: 'l1' }], runs: 2, seed: 5, store: 'old.db' }),
    );
    const plan = buildPlan(cfg, readConfig(cfg));
    const store = openStoreFor(plan);
    await runTournament(plan, store, await makeAgents(plan));
    // Make it look like an old store: no scheme recorded, scheme-1 slots.
    store.db.prepare("DELETE FROM meta WHERE key = 'playSeedScheme'").run();
    store.close();
    const again = buildPlan(cfg, readConfig(cfg));
    expect(again.playSeedScheme).toBe(1);
    expect(again.summary.playSeeds).toBeUndefined();
    const [i, j] = again.matchups[0][0];
    expect(again.slots[0].playSeed).toBe(playSeed(5, again.games[0].rulesetHash, 0, again.participants[i].id, again.participants[j].id));
    expect(plan.slots[0].playSeed).toBe(sharedPlaySeed(5, plan.games[0].rulesetHash, 0));
    expect(again.commitment).not.toBe(plan.commitment);
  });
});
