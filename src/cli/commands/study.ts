/**
 * `gbgc study STUDY.yaml` and `gbgc study status STUDY.yaml`: the GENSTRAT design run from one file,
 * stage by stage — pool, fast axes, selection, precise re-score, tournament, analysis, report —
 * each stage's output in the study folder. A stage is skipped when its output is complete and its
 * inputs (settings and the hashes of the files it reads, kept in `study-state.json`) are unchanged;
 * an unfinished stage resumes (the pool, the axes files and the run store resume themselves); a
 * finished output whose inputs changed is set aside (renamed, never deleted) and computed again.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { availableParallelism } from 'node:os';
import { stringify as toYaml } from 'yaml';
import type { RegisterCommand } from './index.js';
import type { CliContext } from '../io.js';
import { info } from '../io.js';
import { loadGame } from '../load.js';
import { UsageError, UserError } from '../errors.js';
import { startProgress, type Progress } from '../progress.js';
import { INTERRUPTED_EXIT, interruptedLine, playPlan } from '../run-tournament.js';
import { readStudy, type Study } from '../../eval/study/config.js';
import { canonicalJson } from '../../ir/hash.js';
import { writeFileAtomic } from '../../util/fs.js';
import { buildPool, filterOptions, PoolError, readIndex } from '../../sampler/index.js';
import { axesLineMatches, axesTargets, measureAxes, readAxesDone } from '../../eval/axes/measure.js';
import { axisNames } from '../../eval/axes/index.js';
import { selectFromPool, selectionFileText, type Selection } from '../../eval/axes/selection.js';
import { writeSelectionFigures } from '../../eval/axes/figures.js';
import { buildPlan, checkPlanAgainstStore, readConfig } from '../../eval/tournament/index.js';
import { RunStore, withStoreErrors } from '../../eval/store/index.js';
import { analyzeStore } from '../../eval/stats/from-store.js';
import { readAxesFile } from '../../eval/stats/inputs.js';
import { writeReport } from '../../eval/report/index.js';
import { formatEstimate } from '../../util/format.js';

/** The stages in order. */
export const STAGES = ['pool', 'axes', 'select', 'rescore', 'tournament', 'analysis', 'report'] as const;
type StageName = (typeof STAGES)[number];

/** `study-state.json`: per stage, the hash of its inputs and whether it finished under them. */
interface StudyState {
  format: 'gbgc-study-state/1';
  stages: Partial<Record<StageName, { inputs: string; complete: boolean }>>;
}

/** The files of a study folder. */
function paths(s: Study) {
  const o = s.out;
  return {
    state: join(o, 'study-state.json'),
    pool: s.pool.kind === 'folder' ? s.pool.folder : join(o, 'pool'),
    axes: join(o, 'axes-fast.jsonl'),
    selection: join(o, 'selection.json'),
    figures: join(o, 'figures'),
    rescore: join(o, `axes-${s.rescore.tier}-selection.jsonl`),
    config: join(o, 'tournament.yaml'),
    store: join(o, 'runs.db'),
    estimates: join(o, 'estimates.json'),
    report: join(o, 'report'),
  };
}

const sha = (x: unknown): string => createHash('sha256').update(canonicalJson(x)).digest('hex');
/** SHA-256 of a file's bytes ('' when it does not exist). */
const fileHash = (f: string): string => (existsSync(f) && statSync(f).isFile() ? createHash('sha256').update(readFileSync(f)).digest('hex') : '');

function readState(file: string): StudyState {
  if (!existsSync(file)) return { format: 'gbgc-study-state/1', stages: {} };
  try {
    const s = JSON.parse(readFileSync(file, 'utf8')) as StudyState;
    if (s.format === 'gbgc-study-state/1' && s.stages && typeof s.stages === 'object') return s;
  } catch {
    // unreadable: start the bookkeeping again (outputs are checked, never deleted)
  }
  return { format: 'gbgc-study-state/1', stages: {} };
}

/** Rename an output out of the way (`NAME.replaced-<time>`): a stage computed again never destroys the old one. */
function setAside(path: string): string | undefined {
  if (!existsSync(path)) return undefined;
  const to = `${path}.replaced-${new Date().toISOString().replace(/[:.]/g, '-')}`;
  renameSync(path, to);
  return to;
}

/** The tournament config the study writes for stage 5: its tournament section, the selection's games, the store. */
function tournamentConfigText(s: Study): string {
  return `# Written by gbgc study from ${relative(s.out, s.file)}; edit the study file, not this one.\n${toYaml({ games: { selection: 'selection.json' }, ...s.tournament, store: 'runs.db' })}`;
}

/** Finished slots in the store (0 when it does not exist). */
function storedSlots(store: string): number {
  if (!existsSync(store)) return 0;
  const st = withStoreErrors(store, () => RunStore.openReadOnly(store));
  try {
    return st.doneSlotIds().size;
  } finally {
    st.close();
  }
}

/** How complete each stage's output is, read from the study folder (nothing is computed). */
interface StageFacts {
  inputs: () => unknown;
  /** `[done, total]` of the output, or null when it is all-or-nothing. */
  progress: () => [number, number] | null;
  exists: () => boolean;
  /** Outputs set aside when the inputs changed (none for stages that resume or refuse themselves). */
  replaceable: string[];
}

function facts(s: Study): Record<StageName, StageFacts> {
  const p = paths(s);
  const poolEntries = () => (existsSync(join(p.pool, 'index.jsonl')) ? readIndex(join(p.pool, 'index.jsonl')) : []);
  const axesSettings = { set: s.axes.set, seed: s.axes.seed };
  const linesFor = (file: string, tier: string): number =>
    readAxesDone(file).filter((l) => axesLineMatches(l, { set: s.axes.set, tier, seed: s.axes.seed, exact: false })).length;
  const chosen = (): Selection | undefined => (existsSync(p.selection) ? (JSON.parse(readFileSync(p.selection, 'utf8')) as Selection) : undefined);
  const rescoreAxes = s.rescore.tier === 'none' ? p.axes : p.rescore;
  return {
    pool: {
      inputs: () => (s.pool.kind === 'build' ? { ...s.pool, workers: undefined } : { folder: s.pool.folder }),
      progress: () => [poolEntries().length, s.pool.kind === 'build' ? s.pool.count : poolEntries().length],
      exists: () => existsSync(join(p.pool, 'index.jsonl')),
      replaceable: [],
    },
    axes: {
      inputs: () => ({ index: fileHash(join(p.pool, 'index.jsonl')), ...axesSettings }),
      progress: () => [linesFor(p.axes, 'fast'), poolEntries().length],
      exists: () => existsSync(p.axes),
      replaceable: [p.axes],
    },
    select: {
      inputs: () => ({ axes: fileHash(p.axes), ...s.select }),
      progress: () => null,
      exists: () => existsSync(p.selection),
      replaceable: [p.selection, p.figures],
    },
    rescore: {
      inputs: () => ({ selection: fileHash(p.selection), tier: s.rescore.tier, ...axesSettings }),
      progress: () => (s.rescore.tier === 'none' ? null : [linesFor(p.rescore, s.rescore.tier), chosen()?.games.length ?? s.select.n]),
      exists: () => s.rescore.tier === 'none' || existsSync(p.rescore),
      replaceable: s.rescore.tier === 'none' ? [] : [p.rescore],
    },
    tournament: {
      inputs: () => ({ config: tournamentConfigText(s), selection: fileHash(p.selection) }),
      progress: () => {
        const total = Number(existsSync(p.store) ? (storeMeta(p.store, 'slotCount') ?? 0) : 0);
        return [storedSlots(p.store), total];
      },
      exists: () => existsSync(p.store),
      replaceable: [],
    },
    analysis: {
      inputs: () => ({
        slots: storedSlots(p.store),
        commitment: existsSync(p.store) ? storeMeta(p.store, 'planCommitment') : null,
        axes: fileHash(rescoreAxes),
        ...s.analysis,
        allowEngineMismatch: s.analysis.allowEngineMismatch || undefined,
      }),
      progress: () => null,
      exists: () => existsSync(p.estimates),
      replaceable: [p.estimates],
    },
    report: {
      inputs: () => ({ estimates: fileHash(p.estimates), axes: fileHash(rescoreAxes), report: s.report }),
      progress: () => null,
      exists: () => !s.report || existsSync(join(p.report, 'index.html')),
      replaceable: s.report ? [p.report] : [],
    },
  };
}

function storeMeta(store: string, key: string): string | null {
  const st = withStoreErrors(store, () => RunStore.openReadOnly(store));
  try {
    return st.meta(key) ?? null;
  } finally {
    st.close();
  }
}

/** A stage is done when it finished under the same inputs and its output is there and complete. */
function stageDone(f: StageFacts, recorded: StudyState['stages'][StageName], inputs: string): boolean {
  if (!recorded || recorded.inputs !== inputs || !recorded.complete || !f.exists()) return false;
  const pr = f.progress();
  return pr === null || pr[0] >= pr[1];
}

/** The status lines of `gbgc study status`. */
export function studyStatus(s: Study): { stage: StageName; state: 'done' | 'partial' | 'stale' | 'pending'; done?: number; total?: number }[] {
  const st = readState(paths(s).state);
  const f = facts(s);
  return STAGES.map((name) => {
    const recorded = st.stages[name];
    const inputs = sha(f[name].inputs());
    const pr = f[name].exists() ? f[name].progress() : null;
    const counts = pr ? { done: pr[0], total: pr[1] } : {};
    if (stageDone(f[name], recorded, inputs)) return { stage: name, state: 'done' as const, ...counts };
    if (recorded && recorded.inputs !== inputs && f[name].exists()) return { stage: name, state: 'stale' as const, ...counts };
    if (f[name].exists()) return { stage: name, state: 'partial' as const, ...counts };
    return { stage: name, state: 'pending' as const };
  });
}

/** Check what can be checked before any work: the pool folder given, the study folder writable. @throws UserError */
function checkInputs(s: Study): void {
  if (s.pool.kind === 'folder') {
    if (!existsSync(s.pool.folder) || !statSync(s.pool.folder).isDirectory()) throw new UserError(`${s.file}: pool.folder: no such folder ${s.pool.folder}`);
    if (!existsSync(join(s.pool.folder, 'index.jsonl')))
      throw new UserError(
        `${s.file}: pool.folder: ${s.pool.folder} is not a pool (no index.jsonl); build one with gbgc pool, or give pool.count to build one in the study folder`,
      );
  }
  try {
    mkdirSync(s.out, { recursive: true });
    writeFileAtomic(join(s.out, '.write-check'), '');
    rmSync(join(s.out, '.write-check'));
  } catch (e) {
    const why = e instanceof UserError ? e.message : (e as Error).message;
    throw new UserError(`${s.file}: out: the study folder ${s.out} cannot be written (${why.replace(/^cannot write [^:]*: /, '')})`);
  }
}

/** Run the study, stage by stage. */
async function runStudy(ctx: CliContext, file: string): Promise<void> {
  const s = readStudy(file);
  checkInputs(s);
  const p = paths(s);
  const f = facts(s);
  const state = readState(p.state);
  const save = (): void => writeFileAtomic(p.state, `${JSON.stringify(state, null, 2)}\n`);
  const cores = availableParallelism();
  const rel = (x: string): string => relative(process.cwd(), x) || '.';
  let stopped = false;
  for (const [i, name] of STAGES.entries()) {
    const tag = `study [${i + 1}/${STAGES.length}] ${name}`;
    const inputs = sha(f[name].inputs());
    const recorded = state.stages[name];
    if (stageDone(f[name], recorded, inputs)) {
      info(ctx, `${tag}: up to date\n`, 'stderr');
      continue;
    }
    if (recorded && recorded.inputs !== inputs) {
      for (const out of f[name].replaceable) {
        const to = setAside(out);
        if (to) info(ctx, `${tag}: inputs changed; the old ${rel(out)} is kept as ${rel(to)}\n`, 'stderr');
      }
    }
    state.stages[name] = { inputs, complete: false };
    save();
    const t0 = performance.now();
    let bar: Progress | undefined;
    const progress = (done: number, total: number, unit: string): void => {
      bar ??= startProgress(ctx.io, total, `${tag} [{bar}] {value}/{total} ${unit} | ETA {eta_formatted}`);
      bar.update(done);
    };
    let summary = '';
    try {
      switch (name) {
        case 'pool': {
          if (s.pool.kind === 'folder') {
            summary = `${readIndex(join(p.pool, 'index.jsonl')).length} games in ${rel(p.pool)}`;
            break;
          }
          const o = s.pool;
          info(
            ctx,
            `${tag}: ${o.count} games at complexity ${o.complexity[0]}..${o.complexity[1]}, seed ${o.seed}, filter ${o.filter} → ${rel(p.pool)}\n`,
            'stderr',
          );
          try {
            const r = await buildPool(
              {
                count: o.count,
                complexity: o.complexity,
                seed: o.seed,
                out: p.pool,
                workers: o.workers ?? cores,
                filter: o.filter === 'none' ? null : filterOptions(o.filter, {}, o.episodes),
                maxTries: o.maxTries,
                repair: o.repair,
              },
              (filled, total) => progress(filled, total, 'games'),
            );
            if (r.failed.length > 0)
              throw new UserError(
                `${s.file}: pool: ${r.failed.length} slots left empty (first: slot ${r.failed[0].slot}: ${r.failed[0].error}); raise pool.max_tries or change the complexity`,
              );
            summary = `${r.resumed + r.built} games (${r.built} built now, acceptance ${r.tries ? ((100 * r.built) / r.tries).toFixed(1) : '-'}%)`;
          } catch (e) {
            if (e instanceof PoolError) throw new UserError(`${s.file}: pool: ${e.message}`);
            throw e;
          }
          break;
        }
        case 'axes': {
          const list = axesTargets(p.pool);
          info(ctx, `${tag}: ${s.axes.set} axes, fast tier, of ${list.length} games → ${rel(p.axes)}\n`, 'stderr');
          await measureAxes(list, {
            set: s.axes.set,
            tier: 'fast',
            seed: s.axes.seed,
            exact: false,
            jobs: s.axes.jobs ?? cores,
            out: p.axes,
            onProgress: (d, t) => progress(d, t, 'games'),
          });
          summary = `${list.length} games`;
          break;
        }
        case 'select': {
          let chosen: ReturnType<typeof selectFromPool>;
          try {
            chosen = selectFromPool(p.pool, p.axes, s.select.n, s.select.seed);
          } catch (e) {
            // More games asked for than the pool has is a study file to fix (exit 1), not a flag.
            if (e instanceof UsageError) throw new UserError(`${s.file}: select.n: ${e.message.replace(/^--n /, '')}`);
            throw e;
          }
          const { selection, points } = chosen;
          writeFileAtomic(p.selection, selectionFileText(selection, p.selection));
          mkdirSync(p.figures, { recursive: true });
          const AXES = axisNames(s.axes.set);
          const [sx, sy] = s.axes.set === 'v1' ? ['information', 'opponent_dependence'] : ['info_sensitivity', 'opponent_modelling'];
          await writeSelectionFigures(p.figures, points, AXES, sx, sy);
          summary = `${selection.games.length} of ${points.length} games (seeds ${selection.games.map((g) => g.seed).join(' ')}) → ${rel(p.selection)}`;
          break;
        }
        case 'rescore': {
          if (s.rescore.tier === 'none') {
            summary = 'skipped (rescore.tier: none)';
            break;
          }
          const sel = JSON.parse(readFileSync(p.selection, 'utf8')) as Selection;
          const list = sel.games.map((g) => ({ file: join(s.out, g.file), slot: g.slot, seed: g.seed }));
          info(ctx, `${tag}: ${s.axes.set} axes, ${s.rescore.tier} tier, of the ${list.length} chosen games → ${rel(p.rescore)}\n`, 'stderr');
          await measureAxes(list, {
            set: s.axes.set,
            tier: s.rescore.tier,
            seed: s.axes.seed,
            exact: false,
            jobs: s.axes.jobs ?? cores,
            out: p.rescore,
            onProgress: (d, t) => progress(d, t, 'games'),
          });
          summary = `${list.length} games`;
          break;
        }
        case 'tournament': {
          writeFileAtomic(p.config, tournamentConfigText(s));
          const plan = buildPlan(p.config, readConfig(p.config));
          withStoreErrors(plan.storePath, () => checkPlanAgainstStore(plan));
          info(
            ctx,
            `${tag}: ${plan.games.length} games × ${plan.participants.length} participants × ${plan.config.runs} runs = ${plan.slots.length} slots → ${rel(p.store)}\n`,
            'stderr',
          );
          const report = await playPlan(ctx, plan, (line) => ctx.io.stderr(`gbgc: note: ${line}\n`), tag);
          if (report.interrupted) {
            ctx.io.stderr(interruptedLine(report, `gbgc study ${file}`));
            ctx.exitCode = INTERRUPTED_EXIT;
            stopped = true;
            break;
          }
          if (report.errors > 0 || report.stored < report.total)
            throw new UserError(
              `${s.file}: tournament: ${report.stored} of ${report.total} slots stored (${report.errors} with errors); rerun to play the rest`,
            );
          summary = `${report.total} slots (${report.played} played now) → ${rel(p.store)}`;
          break;
        }
        case 'analysis': {
          // Capability profiles regress on every axis: they need at least (axes + 2) games (GENSTRAT v2 §8).
          const games = (JSON.parse(readFileSync(p.selection, 'utf8')) as Selection).games.length;
          const need = axisNames(s.axes.set).length + 2;
          const axes = games >= need ? (s.rescore.tier === 'none' ? p.axes : p.rescore) : undefined;
          if (!axes)
            info(
              ctx,
              `${tag}: ${games} games are fewer than the ${need} the capability profiles need; estimates without the axis-based ones (profiles, jaggedness, tertiles)\n`,
              'stderr',
            );
          const e = analyzeStore(p.store, {
            B: s.analysis.bootstrap,
            Bsecondary: s.analysis.secondary,
            seed: s.analysis.seed,
            axes,
            set: s.analysis.set,
            excludeParticipants: s.analysis.excludeParticipants,
            games: s.analysis.games.map((f) => ({ rulesetHash: loadGame(f).rulesetHash, label: `${s.file}: analysis.games: ${relative(process.cwd(), f)}` })),
            allowEngineMismatch: s.analysis.allowEngineMismatch,
          });
          for (const w of e.meta.warnings ?? []) ctx.io.stderr(`warning: ${w}\n`);
          writeFileAtomic(p.estimates, `${JSON.stringify(e, null, 2)}\n`);
          const top = e.leaderboard.map((r) => `${r.name} ${formatEstimate(r.alpha, 3, '-')}`).join(', ');
          summary = `α̂ ${top} → ${rel(p.estimates)}`;
          break;
        }
        case 'report': {
          if (!s.report) {
            summary = 'skipped (report: false)';
            break;
          }
          const e = JSON.parse(readFileSync(p.estimates, 'utf8'));
          const axes = s.rescore.tier === 'none' ? p.axes : p.rescore;
          const files = await writeReport(e, p.report, existsSync(axes) ? readAxesFile(axes) : undefined, '', p.store, {
            allowEngineMismatch: s.analysis.allowEngineMismatch,
          });
          summary = `${join(rel(p.report), 'index.html')} and ${files.figures.length} figures`;
          break;
        }
      }
    } finally {
      (bar as Progress | undefined)?.stop();
    }
    if (stopped) return;
    state.stages[name] = { inputs, complete: true };
    save();
    info(ctx, `${tag}: done in ${((performance.now() - t0) / 1000).toFixed(1)} s: ${summary}\n`, 'stderr');
  }
  ctx.io.stdout(
    `study ${file}: every stage done; report ${s.report ? join(relative(process.cwd(), p.report) || '.', 'index.html') : '(none)'}, estimates ${relative(process.cwd(), p.estimates)}\n`,
  );
}

export const registerStudy: RegisterCommand = (cmd, ctx) => {
  const study = cmd
    .argument('<file>', 'study file (.yaml or .json; `gbgc init --study` writes a starter), or `status`')
    .argument('[study]', 'with `status`: the study file')
    .option('--json', 'status: print the stages as JSON')
    .addHelpText(
      'after',
      '\nEach stage writes into the study folder (`out`, default study/): pool/, axes-fast.jsonl, selection.json and\n' +
        'figures/, axes-precise-selection.jsonl, tournament.yaml and runs.db, estimates.json, report/. A stage whose output\n' +
        'is complete and whose inputs did not change is skipped; rerun the same command after an interruption.\n' +
        'The file format: docs/study.md.\n\n' +
        'Examples:\n  gbgc init --study study.yaml\n  gbgc study study.yaml\n  gbgc study status study.yaml',
    )
    .action(async (first: string, second: string | undefined, opts: { json?: boolean }) => {
      if (first === 'status') {
        if (second === undefined) throw new UsageError('gbgc study status takes the study file: gbgc study status STUDY.yaml');
        const s = readStudy(second);
        const rows = studyStatus(s);
        if (opts.json) {
          ctx.io.stdout(`${JSON.stringify({ study: second, out: s.out, stages: rows }, null, 2)}\n`);
          return;
        }
        const lines = rows.map(
          (r, i) => `  [${i + 1}/${STAGES.length}] ${r.stage.padEnd(10)} ${r.state.padEnd(7)}${r.total !== undefined ? ` ${r.done}/${r.total}` : ''}`,
        );
        ctx.io.stdout(`${second} → ${relative(process.cwd(), s.out) || '.'}\n${lines.join('\n')}\n`);
        return;
      }
      if (second !== undefined) throw new UsageError(`gbgc study takes one study file (or: gbgc study status FILE), got '${first}' and '${second}'`);
      await runStudy(ctx, first);
    });
  return study;
};
