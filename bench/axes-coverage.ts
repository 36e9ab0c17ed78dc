/**
 * How much of play two axes actually read on the games of an axes JSONL file (fast tier, L0 log of
 * 1,000 episodes at the line's axes seed), for the games with at least 10^3.5 information states
 * (or `--min-states`):
 * - risk: the focal seat's decision visits, the distinct coarsened states (dt, hand, action path,
 *   chip bin) they fall in, and the share of the visits in states that meet risk's thresholds
 *   (20 visits and two actions taken 5 times per 3,000 episodes, scaled to the log);
 * - opponent modelling: the share of the opponent's decisions in 300 fresh L0 episodes (stream
 *   99) that fall in an information state of the L0 log, where a Sobol opponent plays its Sobol
 *   coordinates (elsewhere it plays coordinates hashed from the state's key: opponent-modelling.ts).
 * Both are means over the two focal seats. `--min-states X` sets the bound (log10, default 3.5; 0 for
 * every game). Run: `npx tsx bench/axes-coverage.ts AXES.jsonl [--max N] [--min-states X]`
 * (run from the folder the file's paths are relative to).
 */
import { readFileSync } from 'node:fs';
import { compileSource } from '../src/compiler/index.js';
import { compileGame } from '../src/interpreter/game.js';
import { sampleL0Episodes } from '../src/eval/axes/episodes.js';
import { RISK_EPISODES, RISK_MIN_ACTION_VISITS, RISK_MIN_VISITS } from '../src/eval/axes/risk.js';
import { median } from './lib/figures.js';

const argv = process.argv.slice(2);
const MAX = argv.includes('--max') ? Number(argv[argv.indexOf('--max') + 1]) : Infinity;
const MIN_STATES = argv.includes('--min-states') ? Number(argv[argv.indexOf('--min-states') + 1]) : 3.5;
const lines = readFileSync(argv[0]!, 'utf8')
  .trim()
  .split('\n')
  .map((l) => JSON.parse(l) as { file: string; axesSeed: number; axes: Record<string, number> })
  .filter((l) => l.axes['state_space']! >= MIN_STATES)
  .slice(0, MAX);
const rows: { file: string; visitsPerState: number; riskCovered: number; oppAtLogged: number; risk: number; om: number }[] = [];
for (const l of lines) {
  const g = compileGame(compileSource(readFileSync(l.file, 'utf8')).ir!);
  const log = sampleL0Episodes(g, 1000, l.axesSeed);
  const fresh = sampleL0Episodes(g, 300, 99);
  const scale = RISK_EPISODES / log.episodes.length;
  let vps = 0;
  let covered = 0;
  let atLogged = 0;
  for (const seat of [0, 1]) {
    const by = new Map<string, Map<number, number>>();
    const oppStates = new Set<string>();
    let visits = 0;
    for (const e of log.episodes)
      for (const d of e.decisions) {
        if (d.seat !== seat) {
          oppStates.add(d.info);
          continue;
        }
        visits++;
        let m = by.get(d.riskInfo);
        if (!m) by.set(d.riskInfo, (m = new Map()));
        m.set(d.action, (m.get(d.action) ?? 0) + 1);
      }
    let q = 0;
    for (const m of by.values()) {
      const v = [...m.values()].reduce((a, b) => a + b, 0);
      if (v * scale >= RISK_MIN_VISITS - 1e-9 && [...m.values()].filter((x) => x * scale >= RISK_MIN_ACTION_VISITS - 1e-9).length >= 2) q += v;
    }
    let n = 0;
    let hit = 0;
    for (const e of fresh.episodes)
      for (const d of e.decisions)
        if (d.seat !== seat) {
          n++;
          if (oppStates.has(d.info)) hit++;
        }
    vps += visits / Math.max(1, by.size) / 2;
    covered += (visits ? q / visits : 0) / 2;
    atLogged += (n ? hit / n : 1) / 2;
  }
  rows.push({ file: l.file, visitsPerState: vps, riskCovered: covered, oppAtLogged: atLogged, risk: l.axes['risk']!, om: l.axes['opponent_modelling']! });
  process.stderr.write(`${rows.length}/${lines.length}\n`);
}
const zero = (f: (r: (typeof rows)[number]) => number) => rows.filter((r) => f(r) === 0);
const summary = {
  games: rows.length,
  median: {
    visitsPerCoarsenedState: median(rows.map((r) => r.visitsPerState)),
    riskCoveredShare: median(rows.map((r) => r.riskCovered)),
    opponentDecisionsAtLoggedStates: median(rows.map((r) => r.oppAtLogged)),
  },
  riskZero: { games: zero((r) => r.risk).length, medianCoveredShare: median(zero((r) => r.risk).map((r) => r.riskCovered)) },
  omZero: { games: zero((r) => r.om).length, medianAtLogged: median(zero((r) => r.om).map((r) => r.oppAtLogged)) },
  omPositive: { games: rows.length - zero((r) => r.om).length, medianAtLogged: median(rows.filter((r) => r.om > 0).map((r) => r.oppAtLogged)) },
};
console.log(JSON.stringify({ summary, rows }, null, 1));
