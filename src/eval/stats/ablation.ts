/**
 * Reasoning ablation (GENSTRAT v2 §9, v1 §8): the paired difference between two settings of one
 * model (two participants, `low` and `high`) against the same anchor opponents on identical deals,
 *
 *   Δ = E[margin_high − margin_low],
 *
 * where a *sibling pair* is one `low` slot and one `high` slot with the same game, play seed (or run id
 * when no play seed is recorded), anchor opponent and seat. A margin is the model's chips minus the
 * anchor's chips. Intervals: percentile 95 % from a cluster bootstrap over games (§9), B = 2,000 by
 * default, streams rngFromKeys(seed, 5, r). Reported pooled and per anchor.
 */
import { UserError } from '../../util/errors.js';
import { rngFromKeys } from '../../util/rng.js';
import { percentileInterval, type Interval } from './dist.js';
import type { SlotRow } from './slots.js';

export interface AblationCell {
  anchor: string | null;
  pairs: number;
  games: number;
  delta: number;
  ci: Interval;
}

export interface Ablation {
  low: string;
  high: string;
  pooled: AblationCell;
  perAnchor: AblationCell[];
  B: number;
}

/**
 * Paired Δ of `high` over `low`.
 * @throws UserError when no sibling pairs exist.
 */
export function reasoningAblation(rows: readonly SlotRow[], low: string, high: string, opts: { anchors?: string[]; B?: number; seed?: number } = {}): Ablation {
  const B = opts.B ?? 2000;
  const seed = opts.seed ?? 1;
  const side = new Map<string, { low: number[]; high: number[]; game: string; anchor: string }>();
  for (const r of rows) {
    for (const seat of [0, 1] as const) {
      const me = r.seats[seat];
      const opp = r.seats[1 - seat];
      if ((me !== low && me !== high) || opp === low || opp === high) continue;
      if (opts.anchors && !opts.anchors.includes(opp)) continue;
      const key = JSON.stringify([r.game, r.playSeed ?? r.run, opp, seat]);
      let e = side.get(key);
      if (!e) side.set(key, (e = { low: [], high: [], game: r.game, anchor: opp }));
      (me === low ? e.low : e.high).push(r.returns[seat] - r.returns[1 - seat]);
    }
  }
  const pairs: { game: string; anchor: string; d: number }[] = [];
  for (const e of side.values()) {
    const n = Math.min(e.low.length, e.high.length);
    for (let k = 0; k < n; k++) pairs.push({ game: e.game, anchor: e.anchor, d: e.high[k] - e.low[k] });
  }
  if (pairs.length === 0)
    throw new UserError(
      `no sibling slots: '${low}' and '${high}' never played the same deal against the same opponent in the same seat (a store filled before play seeds were shared by every matchup deals each matchup apart; play the variants against their anchors in a new store, e.g. with schedule {type: ablation, anchors: [...]})`,
    );
  const cell = (anchor: string | null, ps: typeof pairs, key: number): AblationCell => {
    const byGame = new Map<string, number[]>();
    for (const x of ps) (byGame.get(x.game) ?? byGame.set(x.game, []).get(x.game)!).push(x.d);
    const groups = [...byGame.values()].map((ds) => [ds.length, ds.reduce((s, d) => s + d, 0)] as const);
    const reps = new Float64Array(B);
    for (let r = 0; r < B; r++) {
      const rng = rngFromKeys(seed, 5, key, r);
      let n = 0;
      let s = 0;
      for (let k = 0; k < groups.length; k++) {
        const gr = groups[Math.floor(rng() * groups.length)];
        n += gr[0];
        s += gr[1];
      }
      reps[r] = s / n;
    }
    return { anchor, pairs: ps.length, games: groups.length, delta: ps.reduce((s, x) => s + x.d, 0) / ps.length, ci: percentileInterval(reps) };
  };
  const anchors = [...new Set(pairs.map((x) => x.anchor))].sort();
  return {
    low,
    high,
    pooled: cell(null, pairs, 0),
    perAnchor: anchors.map((a, k) =>
      cell(
        a,
        pairs.filter((x) => x.anchor === a),
        k + 1,
      ),
    ),
    B,
  };
}
