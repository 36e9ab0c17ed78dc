import { compileGame } from '../src/interpreter/game.js';
import { sampleIR } from '../src/sampler/index.js';
import { sampleL0Episodes, type EpisodeLog } from '../src/eval/axes/episodes.js';
import { weightedQuantile } from '../src/eval/axes/risk.js';
import { infoSensitivity } from '../src/eval/axes/info-sensitivity.js';
function spearman(xs: number[], ys: number[]): number {
  const ranks = (v: number[]) => { const o = v.map((x, i) => [x, i] as const).sort((a, b) => a[0] - b[0]); const r = new Array<number>(v.length);
    for (let i = 0; i < o.length; ) { let j = i; while (j + 1 < o.length && o[j + 1][0] === o[i][0]) j++; for (let k = i; k <= j; k++) r[o[k][1]] = (i + j) / 2; i = j + 1; } return r; };
  const rx = ranks(xs), ry = ranks(ys); const m = (v: number[]) => v.reduce((a, b) => a + b, 0) / v.length; const mx = m(rx), my = m(ry);
  let n = 0, dx = 0, dy = 0; for (let i = 0; i < rx.length; i++) { n += (rx[i] - mx) * (ry[i] - my); dx += (rx[i] - mx) ** 2; dy += (ry[i] - my) ** 2; } return n / Math.sqrt(dx * dy);
}
type Opt = { minV: number; minA: number; scale: boolean; cross: boolean };
function riskSeat(log: EpisodeLog, seat: number, o: Opt): number {
  const f = o.scale ? log.nominal / 1000 : 1;
  let w = 0, s = 0, s2 = 0, vt = 0;
  const by = new Map<string, Map<number, [number, number, number][]>>();
  log.episodes.forEach((e, ei) => {
    const u = e.returns[seat]; w += 1; s += u; s2 += u * u;
    for (const d of e.decisions) { if (d.seat !== seat) continue; vt++; let m = by.get(d.info); if (!m) by.set(d.info, (m = new Map())); let l = m.get(d.action); if (!l) m.set(d.action, (l = [])); l.push([u, 1, ei & 1]); }
  });
  const mean = s / w; const sd = Math.sqrt(Math.max(0, s2 / w - mean * mean)); if (!(sd > 0)) return 0;
  let risk = 0;
  for (const m of by.values()) {
    let visits = 0; const el: { a: number; l: [number, number, number][] }[] = [];
    for (const [a, l] of m) { visits += l.length; if (l.length < o.minA * f) continue; el.push({ a, l }); }
    if (visits < o.minV * f || el.length < 2) continue;
    el.sort((x, y) => x.a - y.a);
    const pick = (h: number | null) => { let best = -1, bv = -Infinity, safe = -1, sq = -Infinity, sev = -Infinity;
      el.forEach((c, i) => { const l = h === null ? c.l : c.l.filter((p) => p[2] === h); if (!l.length) return; const ev = l.reduce((t, p) => t + p[0], 0) / l.length; const q = weightedQuantile(l.map((p) => [p[0], 1]), 0.1);
        if (ev > bv + 1e-9) { best = i; bv = ev; } if (q > sq + 1e-9 || (Math.abs(q - sq) <= 1e-9 && ev > sev + 1e-9)) { safe = i; sq = q; sev = ev; } }); return [best, safe]; };
    const evOf = (i: number, h: number | null) => { const l = h === null ? el[i].l : el[i].l.filter((p) => p[2] === h); return l.length ? l.reduce((t, p) => t + p[0], 0) / l.length : NaN; };
    let g: number;
    if (!o.cross) { const [b, sf] = pick(null); g = evOf(b, null) - evOf(sf, null); }
    else { const v: number[] = []; for (const h of [0, 1]) { const [b, sf] = pick(h); if (b < 0 || sf < 0) continue; const x = evOf(b, 1 - h) - evOf(sf, 1 - h); if (Number.isFinite(x)) v.push(x); } g = v.length ? v.reduce((a, b) => a + b) / v.length : 0; }
    risk += (visits / vt) * (g / sd);
  }
  return risk;
}
const N = Number(process.argv[2] ?? 40);
const opts: Record<string, Opt> = { s40: { minV: 40, minA: 10, scale: true, cross: false }, s10: { minV: 10, minA: 3, scale: true, cross: false }, cur: { minV: 20, minA: 5, scale: false, cross: false }, scale: { minV: 20, minA: 5, scale: true, cross: false }, cross: { minV: 20, minA: 5, scale: false, cross: true }, both: { minV: 20, minA: 5, scale: true, cross: true } };
const vals: Record<string, [number[], number[]]> = {}; for (const k in opts) vals[k] = [[], []];
const isv: [number[], number[]] = [[], []];
const isVar: Record<string, [number[], number[]]> = { a: [[], []], b: [[], []], c: [[], []] };
function isSeat(log: EpisodeLog, seat: number, minV: number, minA: number): number {
  const f = log.nominal / 1000;
  const byI = new Map<string, { dt: string; f: number; m: Map<number, [number, number]> }>(); const byD = new Map<string, Map<number, [number, number]>>();
  const add = (m: Map<number, [number, number]>, a: number, u: number) => { const x = m.get(a); if (x) { x[0]++; x[1] += u; } else m.set(a, [1, u]); };
  for (const e of log.episodes) { const u = e.returns[seat]; const seen = new Set<string>();
    for (const d of e.decisions) { if (d.seat !== seat) continue; let i = byI.get(d.info); if (!i) byI.set(d.info, (i = { dt: d.dt, f: 0, m: new Map() })); if (!seen.has(d.info)) { seen.add(d.info); i.f++; } add(i.m, d.action, u); let t = byD.get(d.dt); if (!t) byD.set(d.dt, (t = new Map())); add(t, d.action, u); } }
  const am = (m: Map<number, [number, number]>, acts: number[]) => { let b = -1, bv = -Infinity; for (const a of acts.sort((x, y) => x - y)) { const x = m.get(a); if (!x) continue; const v = x[1] / x[0]; if (b < 0 || v > bv + 1e-9 * Math.max(1, Math.abs(bv))) { b = a; bv = v; } } return b; };
  let tot = 0, dif = 0;
  for (const i of byI.values()) { const acts = [...i.m.entries()].filter(([, x]) => x[0] >= minA * f).map(([a]) => a); const vis = [...i.m.values()].reduce((t, x) => t + x[0], 0);
    if (vis < minV * f || acts.length < 2) continue; tot += i.f; if (am(i.m, acts) !== am(byD.get(i.dt)!, acts)) dif += i.f; }
  return tot > 0 ? dif / tot : 0;
}
for (let seed = 0; seed < N; seed++) {
  const g = compileGame(sampleIR(seed, 0.5));
  const logs = [sampleL0Episodes(g, 1000, 1), sampleL0Episodes(g, 3000, 1)];
  logs.forEach((l, t) => { for (const k in opts) vals[k][t].push((riskSeat(l, 0, opts[k]) + riskSeat(l, 1, opts[k])) / 2); isv[t].push(infoSensitivity(l)); isVar.a[t].push((isSeat(l,0,20,5)+isSeat(l,1,20,5))/2); isVar.b[t].push((isSeat(l,0,10,3)+isSeat(l,1,10,3))/2); isVar.c[t].push((isSeat(l,0,40,10)+isSeat(l,1,40,10))/2); });
}
for (const k in opts) console.log(k, spearman(vals[k][0], vals[k][1]).toFixed(3));
console.log('infosens', spearman(isv[0], isv[1]).toFixed(3));
for (const k in isVar) console.log('is-'+k, spearman(isVar[k][0], isVar[k][1]).toFixed(3));
