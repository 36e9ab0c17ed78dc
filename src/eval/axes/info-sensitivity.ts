/**
 * Information sensitivity axis (GENSTRAT v2 Appendix C, "Information sensitivity"):
 *   info_sens = Σ_I (f_I / Σ_I' f_I') · 1[ argmax_a E[U | I, a] ≠ argmax_a E[U | dt(I), a] ],
 * over every visited information state I of the focal seat (the axes' I_p, `infostate.ts`), f_I
 * the (weighted) number of L0 episodes that reached I, U the focal seat's final returns under L0
 * play. No visit threshold: the paper's formula has none.
 *
 * Choices (docs/axes.md): the argmax at I ranges over the actions taken at I; the argmax at dt(I)
 * over the actions taken anywhere at dt(I) (every visit of dt pooled); ties within
 * {@link TIE_TOLERANCE} go to the lowest action id; each seat is the focal seat in turn and the
 * two scores are averaged. Bounded in [0, 1].
 */
import type { EpisodeLog } from './episodes.js';

/** Means closer than this (chips, relative to max(1, |mean|)) are a tie. */
export const TIE_TOLERANCE = 1e-9;

interface Mean {
  w: number;
  s: number;
}
const add = (m: Map<number, Mean>, a: number, w: number, u: number): void => {
  const x = m.get(a);
  if (x) {
    x.w += w;
    x.s += w * u;
  } else m.set(a, { w, s: w * u });
};

/** argmax of the means over `actions` (ties: lowest id). */
export function argmaxMean(means: Map<number, Mean>, actions: Iterable<number>): number {
  let best = -1;
  let bestV = -Infinity;
  for (const a of [...actions].sort((x, y) => x - y)) {
    const m = means.get(a);
    if (!m || m.w === 0) continue;
    const v = m.s / m.w;
    if (best < 0 || v > bestV + TIE_TOLERANCE * Math.max(1, Math.abs(bestV))) {
      best = a;
      bestV = v;
    }
  }
  return best;
}

/** Information sensitivity with `seat` as the focal seat. */
export function infoSensitivityForSeat(log: EpisodeLog, seat: number): number {
  const byInfo = new Map<string, { dt: string; f: number; means: Map<number, Mean> }>();
  const byDt = new Map<string, Map<number, Mean>>();
  let episodes = 0;
  for (const e of log.episodes) {
    episodes += e.weight;
    if (e.weight === 0) continue;
    const u = e.returns[seat];
    const reached = new Set<string>();
    for (const d of e.decisions) {
      if (d.seat !== seat) continue;
      let i = byInfo.get(d.info);
      if (!i) byInfo.set(d.info, (i = { dt: d.dt, f: 0, means: new Map() }));
      if (!reached.has(d.info)) {
        reached.add(d.info);
        i.f += e.weight;
      }
      add(i.means, d.action, e.weight, u);
      let t = byDt.get(d.dt);
      if (!t) byDt.set(d.dt, (t = new Map()));
      add(t, d.action, e.weight, u);
    }
  }
  if (episodes === 0) return 0;
  let total = 0;
  let differ = 0;
  for (const i of byInfo.values()) {
    total += i.f;
    const dt = byDt.get(i.dt)!;
    if (argmaxMean(i.means, i.means.keys()) !== argmaxMean(dt, dt.keys())) differ += i.f;
  }
  return total > 0 ? differ / total : 0;
}

/** The information sensitivity axis: the mean over the two focal seats. */
export function infoSensitivity(log: EpisodeLog): number {
  return (infoSensitivityForSeat(log, 0) + infoSensitivityForSeat(log, 1)) / 2;
}
