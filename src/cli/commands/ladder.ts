/**
 * `gbgc ladder build FILE… [--levels K] [--runs N] [--seed S] [--out FILE] [--json]` and
 * `gbgc ladder rate LADDER PARTICIPANT [--runs N] [--seed S] [--store DB] [--json]`: graded bot
 * ladders and (level, progress) ratings (BotzoneBench §4.4–4.5; docs/ladder.md).
 */
import { existsSync } from 'node:fs';
import { dirname, isAbsolute, relative, resolve } from 'node:path';
import type { RegisterCommand } from './index.js';
import { loadCompiledGame } from '../load.js';
import { UsageError, UserError, parseIntOption, parseSeedOption, MAX_COUNT } from '../errors.js';
import { writeFileAtomic } from '../io.js';
import { refuseOutputOverInput } from '../../util/fs.js';
import { AGENTS, agentNames, makeParticipant, type Participant } from '../../eval/agents/index.js';
import { checkStore, RunStore, withStoreErrors } from '../../eval/store/index.js';
import { ENGINE_VERSION } from '../../util/version.js';
import {
  buildLadderGame,
  formatRating,
  LADDER_FORMAT,
  LADDER_VERSION,
  levelParticipant,
  rateOnGame,
  readLadder,
  WIN_RATE_BAND,
  type GameRating,
  type Ladder,
} from '../../eval/ladder/index.js';
import { startProgress } from '../progress.js';
import { formatSigned } from '../../util/format.js';

const pct = (x: number): string => `${(100 * x).toFixed(1)} %`;
const signed = (x: number): string => formatSigned(x, 3, '-');

/** The calibration table of a ladder (one block per game; levels are comparable only within a game). */
export function formatLadder(l: Ladder): string {
  const out: string[] = [
    `ladder: ${l.games.length} game(s), ${l.runs} runs per duel, seed ${l.seed}, engine ${l.engineVersion}; win rates per game, draws excluded; levels compare only within a game`,
  ];
  for (const g of l.games) {
    out.push('', `${g.game} (${g.path}, ruleset ${g.rulesetHash.slice(0, 16)}…): ${g.levels.length - 1} levels above Lv0`);
    out.push('  level  bot                          exploitability  chips won vs below (95 % CI)     win rate vs below (95 % CI)');
    for (const v of g.levels) {
      const bots = v.bots ?? [{ name: v.name, exploitability: v.exploitability, vsBelow: v.vsBelow }];
      bots.forEach((bot, i) => {
        const e = bot.exploitability === null ? '-' : bot.exploitability.toFixed(4);
        const b = bot.vsBelow;
        const m = b ? `${signed(b.meanReturn)} [${signed(b.meanReturnCI[0])}, ${signed(b.meanReturnCI[1])}]` : '-';
        const w = b ? `${pct(b.winRate)} [${pct(b.winRateCI[0])}, ${pct(b.winRateCI[1])}]` : '-';
        out.push((i === 0 ? `  Lv${v.level}` : '').padEnd(9) + bot.name.padEnd(29) + e.padEnd(16) + m.padEnd(33) + w);
      });
      if (bots.length > 1 && v.vsBelow)
        out.push(
          `         level Lv${v.level} pooled (${bots.length} bots)`.padEnd(54) +
            `${signed(v.vsBelow.meanReturn)} [${signed(v.vsBelow.meanReturnCI[0])}, ${signed(v.vsBelow.meanReturnCI[1])}]`.padEnd(33) +
            `${pct(v.vsBelow.winRate)} [${pct(v.vsBelow.winRateCI[0])}, ${pct(v.vsBelow.winRateCI[1])}]`,
        );
    }
    const oob = g.outOfBand ?? [];
    out.push(
      oob.length === 0
        ? `  every step is inside the ${WIN_RATE_BAND[0] * 100}–${WIN_RATE_BAND[1] * 100} % band`
        : `  steps outside the ${WIN_RATE_BAND[0] * 100}–${WIN_RATE_BAND[1] * 100} % band (no candidates met it there): ${oob.map((o) => `Lv${o.level - 1}→Lv${o.level} ${pct(o.winRate)}`).join(', ')}`,
    );
    if (g.cfrRung) out.push(`  CFR+ rung: ${g.cfrRung}`);
    for (const d of g.dropped) out.push(`  dropped ${d.name}: ${d.reason}`);
  }
  return `${out.join('\n')}\n`;
}

/** The ratings as text, per game (levels are comparable only within a game, so no mean over games is printed). */
export function formatRatings(rs: GameRating[]): string {
  const out: string[] = [];
  for (const r of rs) {
    const [lo, hi] = r.rating.progressCI;
    out.push(
      `${r.game}: ${r.participant.name} ${formatRating(r.rating)}, progress 95 % CI [${Math.round(100 * lo)} %, ${Math.round(100 * hi)} %] (${r.runs} runs per bot of a level, seed ${r.seed})`,
    );
    for (const s of r.steps)
      out.push(
        `  vs Lv${s.level} ${s.name}`.padEnd(36) +
          `win rate ${pct(s.winRate)} [${pct(s.winRateCI[0])}, ${pct(s.winRateCI[1])}] over ${s.wins + s.losses} decisive games  chips won ${signed(s.meanReturn)} ± ${s.pairedSE.toFixed(3)} chips/game`,
      );
  }
  return `${out.join('\n')}\n`;
}

function parseValue(text: string): unknown {
  if (/^-?\d+(\.\d+)?([eE][-+]?\d+)?$/.test(text)) return Number(text);
  if (text === 'true' || text === 'false') return text === 'true';
  return text;
}

/**
 * A participant from the command line: `KIND`, `KIND:key=value,…`, `llm:PROVIDER/MODEL`, or `LvK`
 * (level K of each game's ladder; returns null and the level).
 * @throws UsageError for an unknown kind or parameter
 */
export function parseParticipantSpec(spec: string, policy?: string): { participant: Participant | null; level: number | null } {
  const lv = /^lv(\d+)$/i.exec(spec);
  if (lv) return { participant: null, level: Number(lv[1]) };
  if (spec.startsWith('llm:') && !spec.includes('='))
    return { participant: makeParticipant({ kind: 'llm', name: spec, model: spec.slice(4) }, 'PARTICIPANT'), level: null };
  const [kind, rest] = spec.split(/:(.*)/s, 2);
  if (!Object.hasOwn(AGENTS, kind)) throw new UsageError(`unknown agent '${kind}'; known agents: ${agentNames().join(', ')} (or LvK for a ladder level)`);
  const props = AGENTS[kind].params.properties;
  const params: Record<string, unknown> = {};
  for (const kv of rest ? rest.split(',') : []) {
    const m = /^([A-Za-z_][\w-]*)=(.*)$/.exec(kv.trim());
    if (!m) throw new UsageError(`PARTICIPANT parameters are key=value separated by commas, got '${kv}'`);
    const schema = props[m[1]];
    if (!schema) throw new UsageError(`agent '${kind}' has no parameter '${m[1]}'; its parameters: ${Object.keys(props).join(', ') || '(none)'}`);
    const v = parseValue(m[2]);
    const t = schema.type;
    if ((t === 'number' || t === 'integer') && (typeof v !== 'number' || (t === 'integer' && !Number.isInteger(v))))
      throw new UsageError(`${kind} parameter ${m[1]} must be ${t === 'integer' ? 'a whole number' : 'a number'}, got '${m[2]}'`);
    if (typeof v === 'number' && ((typeof schema.minimum === 'number' && v < schema.minimum) || (typeof schema.maximum === 'number' && v > schema.maximum)))
      throw new UsageError(`${kind} parameter ${m[1]} must be between ${schema.minimum ?? '-∞'} and ${schema.maximum ?? '∞'}, got ${v}`);
    if (Array.isArray(schema.enum) && !schema.enum.includes(v))
      throw new UsageError(`${kind} parameter ${m[1]} must be one of ${schema.enum.join(', ')}, got '${m[2]}'`);
    params[m[1]] = v;
  }
  if (policy !== undefined) {
    if (kind !== 'cfr') throw new UsageError('--policy is played by the cfr agent, and PARTICIPANT is not cfr');
    params.policy = policy;
  }
  return { participant: makeParticipant({ ...params, kind, name: spec }, 'PARTICIPANT'), level: null };
}

export const registerLadder: RegisterCommand = (cmd, ctx) => {
  cmd
    .command('build')
    .description('calibrate a ladder per game from random, heuristics, l1 and CFR+ at increasing budgets by duplicate duels')
    .argument('<files...>', '.gbg files')
    .option('-k, --levels <k>', 'most levels above Lv0', '6')
    .option('-r, --runs <n>', 'runs per calibration duel (each run is two slots)', '2000')
    .option('--seed <s>', 'seed of the play seeds (a whole number)', '1')
    .option('-o, --out <file>', 'ladder file to write', 'ladder.json')
    .option('--bots <n>', 'most bots per level (BotzoneBench §4.4: 4, 2 or 1 as candidates allow)', '4')
    .option('--json', 'print the ladder as JSON instead of the table')
    .addHelpText(
      'after',
      '\nEvery pair of candidates plays a duplicate duel (same deals for every pair). A level is kept over the one below when\n' +
        "the 95 % interval of the chips it wins per game excludes 0 and its per-game win rate's 95 % Wilson interval (draws excluded)\n" +
        `lies above 50 %, and it wins more than 50 % of decisive games against every lower level. The chain with the most steps\n` +
        `inside ${WIN_RATE_BAND[0] * 100}–${WIN_RATE_BAND[1] * 100} % is kept, then the longest; each level then takes up to 4 bots of comparable strength,\n` +
        'other methods first; a CFR+ rung is added on top when one separates. The table names every step outside the band.\n' +
        'Deterministic for a seed. See docs/ladder.md.\n\n' +
        'Examples:\n  gbgc ladder build examples/kuhn.gbg examples/leduc.gbg --out ladder.json\n  gbgc ladder build examples/kuhn.gbg --levels 4 --runs 500 --json',
    )
    .action(async (files: string[], opts: { levels: string; runs: string; seed: string; out: string; bots: string; json?: boolean }) => {
      refuseOutputOverInput([opts.out], files);
      const levels = parseIntOption('--levels', opts.levels, 1, 50);
      const maxBots = parseIntOption('--bots', opts.bots, 1, 4);
      const runs = parseIntOption('--runs', opts.runs, 2, MAX_COUNT);
      const seed = parseSeedOption(opts.seed);
      const outDir = dirname(resolve(opts.out));
      if (!existsSync(outDir)) throw new UserError(`cannot write ${opts.out}: the folder ${outDir} does not exist`);
      const loaded = files.map((f) => ({ f, ...loadCompiledGame(f) }));
      const ladder: Ladder = { format: LADDER_FORMAT, version: LADDER_VERSION, engineVersion: ENGINE_VERSION, seed, runs, maxLevels: levels, games: [] };
      for (const { f, ir, game } of loaded) {
        const rel = relative(outDir, resolve(f));
        let progress: ReturnType<typeof startProgress> | undefined;
        try {
          ladder.games.push(
            await buildLadderGame(game, isAbsolute(rel) ? rel : rel.split('\\').join('/'), {
              levels,
              runs,
              seed,
              maxBots,
              onDuel: (d, t) => {
                progress ??= startProgress(ctx.io, t, `ladder ${ir.name} [{bar}] {value}/{total} duels`);
                progress.update(d);
              },
            }),
          );
        } finally {
          progress?.stop();
        }
      }
      writeFileAtomic(opts.out, `${JSON.stringify(ladder, null, 2)}\n`);
      ctx.io.stdout(opts.json ? `${JSON.stringify(ladder, null, 2)}\n` : `${formatLadder(ladder)}wrote ${opts.out}\n`);
    });
  cmd
    .command('rate')
    .description('place a participant on a ladder: duplicate duels climbing from Lv0 until the first level it does not beat')
    .argument('<ladder>', 'ladder file written by gbgc ladder build')
    .argument('<participant>', "KIND, KIND:key=value,…, llm:PROVIDER/MODEL, or LvK (the ladder's own level K)")
    .option('-r, --runs <n>', 'runs per level (each run is two slots)', '500')
    .option('--seed <s>', 'seed of the play seeds (a whole number)', '1')
    .option('--policy <file>', 'policy for a cfr participant, saved by gbgc solve --save')
    .option('--store <db>', 'record every slot in this run store (slots it already holds are reused)')
    .option('--json', 'print the ratings as JSON')
    .addHelpText(
      'after',
      "\nThe participant advances past a level when it wins at least 50 % of the decisive games against the level's bots\n" +
        '(draws excluded, all bots of the level pooled; --runs runs against each bot); its rating is (level, progress): the\n' +
        'first level it does not advance past and twice its win rate there, with a 95 % interval (twice the Wilson interval).\n' +
        'Levels are comparable only within a game: ratings are printed per game, never averaged. Cost: one duel per bot climbed.\n' +
        'JSON fields per game: game, rulesetHash, participant {name, kind, id}, seed, runs, rating {level, progress,\n' +
        'progressCI, topped, duels}, steps [{level, name, runs, games, meanReturn (chips won per game), pairedSE, meanReturnCI, wins, losses, draws (games),\n' +
        'winRate, winRateCI, runWins, runLosses, runDraws, runWinRate, bots?}], slotsPlayed, slotsReused.\n\n' +
        'Examples:\n  gbgc ladder rate ladder.json heuristic:raise=0.8,fold=0.2\n  gbgc ladder rate ladder.json Lv2 --seed 7 --store ladder.db',
    )
    .action(async (ladderPath: string, spec: string, opts: { runs: string; seed: string; policy?: string; store?: string; json?: boolean }) => {
      refuseOutputOverInput([opts.store], [ladderPath, opts.policy]);
      const runs = parseIntOption('--runs', opts.runs, 1, MAX_COUNT);
      const seed = parseSeedOption(opts.seed);
      const { participant, level } = parseParticipantSpec(spec, opts.policy);
      const ladder = readLadder(ladderPath);
      if (level !== null && !ladder.games.some((g) => level < g.levels.length)) throw new UsageError(`${spec}: no game of the ladder has level ${level}`);
      const storePath = opts.store;
      if (storePath) withStoreErrors(storePath, () => checkStore(storePath));
      const store = storePath ? RunStore.open(storePath, { notice: (line) => ctx.io.stderr(`gbgc: note: ${line}\n`) }) : undefined;
      const results: GameRating[] = [];
      try {
        for (const lg of ladder.games) {
          let who = participant;
          if (level !== null) {
            if (level >= lg.levels.length) continue;
            who = levelParticipant(lg.levels[level].agent, `${lg.game} Lv${level}`);
            who = { ...who, name: `Lv${level} ${who.name}` };
          }
          const path = isAbsolute(lg.path) ? lg.path : resolve(dirname(ladderPath), lg.path);
          const { source, game } = loadCompiledGame(path);
          const progress = startProgress(ctx.io, lg.levels.length, `ladder rate ${lg.game} [{bar}] level {value}/{total}`);
          try {
            const rate = () => rateOnGame(game, lg, who!, { runs, seed, store, source, onLevel: (k) => progress.update(k) });
            results.push(await (storePath ? withStoreErrors(storePath, rate) : rate()));
          } finally {
            progress.stop();
          }
        }
      } finally {
        store?.close();
      }
      if (results.length === 0) throw new UserError('nothing rated');
      ctx.io.stdout(opts.json ? `${JSON.stringify(results, null, 2)}\n` : formatRatings(results));
    });
  return cmd;
};
