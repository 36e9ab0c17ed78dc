/**
 * The Monte Carlo acceptance filter of the seed papers: play a candidate game many times between
 * two L0 random players (`src/algorithms/l0.ts`: move kind first, then amount) and reject it when random play is too long, when phases rarely fire
 * or when conditional branches stay dead.
 *
 * - `v2` (GENSTRAT v2 §3, the default): 2,000 episodes; reject if the mean number of moves per
 *   player exceeds 10, if more than 30 % of the phases fire in fewer than 5 % of the episodes, or
 *   if more than 34 % of the conditional branches never run.
 * - `v1` (GENSTRAT v1 §3): reject if random play takes more than 10 moves per player, if one seat
 *   wins more than 65 % of the decided deals, if more than 40 % of the branch conditions hold
 *   almost always or almost never (below 5 % or above 95 % of their checks), if more than 20 % of
 *   the phases fire in fewer than 5 % of the episodes, or if any branch never runs.
 *
 * - Both presets add gbgc's static check (`degenerate`): reject a game any compiler check flags
 *   (the degenerate constructs W0101–W0107, and the unreachable steps W0001–W0002), so the
 *   filter rejects what GENSTRAT's coherence repairs are meant to rule out (issue: "no degenerate
 *   constructs"). A game compiled from source passes its own diagnostics, so `// gbgc-allow`
 *   lines are honoured; a drawn IR is checked directly.
 *
 * Definitions: a phase fires when its first step runs (phases run in order unless the game has
 * ended; sub-phases when called; both kinds count); a conditional branch is each branch of each
 * `if` (its `else` too when it has steps) and each item of an `events` block; a decided deal is
 * an episode whose returns are not zero.
 */
import type { GameIR } from '../ir/schema.js';
import {
  compileGame,
  CHANCE,
  defaultBackend,
  InstructionCounts,
  sampleChanceOutcome,
  episodeRng,
  type CompiledGame,
  type EngineOptions,
  type InterpreterState,
} from '../interpreter/index.js';
import { KeyedStream } from '../util/rng.js';
import { l0Sample } from '../algorithms/l0.js';
import { instrument, probeSites } from './probes.js';
import { irDiagnostics } from '../compiler/index.js';
import type { Diagnostic } from '../diagnostics/diagnostic.js';
import { requireTwoSeats } from '../algorithms/seats.js';

/** Thresholds of the filter. Fractions are in [0, 1]; `null` turns a check off. */
export interface FilterThresholds {
  /** Most mean moves per player per episode (both seats' means averaged). */
  maxMovesPerPlayer: number;
  /** A phase is rare when it fires in fewer than this fraction of the episodes. */
  rarePhaseRate: number;
  /** Most fraction of phases (and sub-phases) that may be rare. */
  maxRarePhases: number;
  /** Most fraction of conditional branches that may never run. */
  maxDeadBranches: number;
  /** Most share of the decided deals one seat may win (null: not checked). */
  maxSeatWinShare: number | null;
  /** A condition is extreme when it holds in fewer than this fraction of its checks, or in more than 1 minus it. */
  extremeRate: number;
  /** Most fraction of branch conditions that may be extreme (null: not checked). */
  maxExtremeConditions: number | null;
  /** Most compiler diagnostics (degenerate constructs, unreachable steps, errors) a game may have (null: not checked). */
  maxWarnings: number | null;
}

/** Filter presets: the two versions of the seed paper. */
export const FILTER_PRESETS: Readonly<Record<'v1' | 'v2', FilterThresholds>> = {
  v2: {
    maxMovesPerPlayer: 10,
    rarePhaseRate: 0.05,
    maxRarePhases: 0.3,
    maxDeadBranches: 0.34,
    maxSeatWinShare: null,
    extremeRate: 0.05,
    maxExtremeConditions: null,
    maxWarnings: 0,
  },
  v1: {
    maxMovesPerPlayer: 10,
    rarePhaseRate: 0.05,
    maxRarePhases: 0.2,
    maxDeadBranches: 0,
    maxSeatWinShare: 0.65,
    extremeRate: 0.05,
    maxExtremeConditions: 0.4,
    maxWarnings: 0,
  },
};
export type FilterPreset = keyof typeof FILTER_PRESETS;

/** Options of a filter run. */
export interface FilterOptions {
  thresholds: FilterThresholds;
  /** Monte Carlo episodes (the papers use 2,000). */
  episodes: number;
  /** Seed of the episodes' random streams (episode i uses `episodeRng(seed, i)`). */
  seed: number;
}

/** The default filter: the v2 preset, 2,000 episodes, seed 1. */
export function filterOptions(preset: FilterPreset = 'v2', overrides: Partial<FilterThresholds> = {}, episodes = 2000, seed = 1): FilterOptions {
  return { thresholds: { ...FILTER_PRESETS[preset], ...overrides }, episodes, seed };
}

/** One check of the filter: its measured value against its threshold (pass when value ≤ threshold). */
export interface AcceptanceCheck {
  /** `moves`, `rare-phases`, `dead-branches`, `seat-balance`, `extreme-conditions` or `degenerate`. */
  name: string;
  description: string;
  value: number;
  threshold: number;
  pass: boolean;
  /** What made the value, e.g. the rare phases' names. */
  detail: string[];
}

/** Figures measured by one filter run. */
export interface AcceptanceFigures {
  episodes: number;
  /** Mean decisions per episode, per seat. */
  movesPerSeat: [number, number];
  /** Phase or sub-phase name → fraction of episodes in which it fired. */
  phaseFireRates: Record<string, number>;
  /** Per conditional branch: fraction of episodes in which it ran, and the fraction of its condition's checks that held (null: never checked, or an `else`). */
  branches: { label: string; fireRate: number; holdRate: number | null }[];
  /** Episodes with nonzero returns, and the share of them won by each seat. */
  decided: number;
  winShare: [number, number];
}

/** The filter's verdict. */
export interface AcceptanceReport {
  accepted: boolean;
  checks: AcceptanceCheck[];
  figures: AcceptanceFigures;
}

/**
 * Play `episodes` L0 episodes of the instrumented game and collect the raw figures. Episode i
 * draws from `episodeRng(seed, i)`: one number per chance node and per decision (L0: move kind,
 * then amount), in play order.
 *
 * The episodes are played by the game's machine kernel (`newMachineKernel`, whole episodes
 * without the contract; see `src/interpreter/machine-kernel.ts`), which plays the same episodes
 * as {@link measureByContract} (test: `test/sampler/acceptance-kernel.test.ts`). On the
 * interpreter backend (the default) the kernel plays the plain game and the interpreter counts
 * the probes ({@link measureByCounts}); on the compiled backend, whose generated code does not
 * count, it plays the instrumented game and reads its counters. The figures are the same.
 * @param engine the engine's options (default: `compileGame`'s, the backend from `GBGC_ENGINE`)
 * @throws RangeError when `episodes` is not a whole number ≥ 1
 * @throws TwoSeatOnlyError (a user error) when the game does not have two seats
 */
export function measure(ir: GameIR, episodes: number, seed: number, engine?: EngineOptions): AcceptanceFigures {
  if ((engine?.backend ?? defaultBackend()) === 'interpreter') {
    const counted = measureByCounts(ir, episodes, seed);
    if (counted !== null) return counted;
  }
  return measureWith(ir, episodes, engine, (game) => {
    const kernel = game.newMachineKernel();
    const stream = new KeyedStream();
    return {
      variableIndex: (name) => kernel.variableIndex(name),
      play: (i, end) => {
        stream.restart(seed, i);
        kernel.play(stream.next);
        end.moves0 = kernel.moves0;
        end.moves1 = kernel.moves1;
        end.returns0 = kernel.returns0;
      },
      add: (indexes, totals, positive) => kernel.addVariables(indexes, totals, positive),
    };
  });
}

/**
 * {@link measure} on the plain game, its probes counted by the interpreter
 * (`InstructionCounts`: phases entered, sub-phases called, `if` conditions checked and held,
 * and the episodes in which each happened) instead of counters in an instrumented copy; the
 * episodes are the machine kernel's, the figures the same. Null when the program's `IF`
 * instructions cannot be told apart by their IR branch (a branch object used twice): the caller
 * then instruments.
 */
export function measureByCounts(ir: GameIR, episodes: number, seed: number): AcceptanceFigures | null {
  if (!Number.isInteger(episodes) || episodes < 1) throw new RangeError(`episodes must be a whole number ≥ 1, got ${episodes}`);
  const sites = probeSites(ir);
  const counts = new InstructionCounts();
  const game = compileGame(ir, { backend: 'interpreter', counts });
  requireTwoSeats(game, 'the acceptance filter');
  if (counts.ifOf.size !== counts.ifInstructions || sites.branches.some((b) => !counts.ifOf.has(b.hitAt))) return null;
  // The run that built the initial state (before the first node) is part of every episode.
  const before = counts.snapshot();
  counts.clear();
  const kernel = game.newMachineKernel();
  const stream = new KeyedStream();
  const moves = [0, 0];
  const wins = [0, 0];
  for (let i = 0; i < episodes; i++) {
    counts.newEpisode();
    stream.restart(seed, i);
    kernel.play(stream.next);
    moves[0] += kernel.moves0;
    moves[1] += kernel.moves1;
    const r = kernel.returns0;
    if (r > 0) wins[0]++;
    else if (r < 0) wins[1]++;
  }
  /** Over all episodes: a count's total and the episodes in which it was above 0. */
  const entered = (pc: number): number => (pc < 0 ? 0 : before.entered[pc] > 0 ? episodes : counts.enteredEpisodes[pc]);
  const phaseFireRates: Record<string, number> = {};
  let phase = 0;
  let sub = 0;
  for (const ph of sites.phases) phaseFireRates[ph.name] = entered(ph.sub ? counts.subphaseAt[sub++] : counts.phaseAt[phase++]) / episodes;
  const branches = sites.branches.map((b) => {
    const pc = counts.ifOf.get(b.hitAt)!;
    const checked = counts.checked[pc] + before.checked[pc] * episodes;
    const held = counts.held[pc] + before.held[pc] * episodes;
    const hits = b.hitOnFail ? checked - held : held;
    const beforeHits = b.hitOnFail ? before.checked[pc] - before.held[pc] : before.held[pc];
    const fired = beforeHits > 0 ? episodes : b.hitOnFail ? counts.failedEpisodes[pc] : counts.heldEpisodes[pc];
    const checks = b.checkedAt === null ? 0 : checked;
    return { label: b.label, fireRate: fired / episodes, holdRate: b.checkedAt === null || checks === 0 ? null : hits / checks };
  });
  return figures(episodes, moves, wins, phaseFireRates, branches);
}

/**
 * {@link measure} through the game contract (`currentPlayer`, `sampleChanceOutcome`, `l0Sample`,
 * `applyAction` on one state reset in place per episode): the reference the kernel is tested
 * against.
 */
export function measureByContract(ir: GameIR, episodes: number, seed: number, engine?: EngineOptions): AcceptanceFigures {
  return measureWith(ir, episodes, engine, (game) => {
    const state = game.newInitialState();
    return {
      variableIndex: (name) => state.variableIndex(name),
      play: (i, end) => {
        game.resetToInitial(state);
        playRandom(state, episodeRng(seed, i));
        end.moves0 = state.moves(0);
        end.moves1 = state.moves(1);
        end.returns0 = state.stackChange(0);
      },
      add: (indexes, totals, positive) =>
        indexes.forEach((index, k) => {
          const v = state.variableAt(index);
          totals[k] += v;
          if (v > 0) positive[k]++;
        }),
    };
  });
}

/** What an episode leaves that the filter counts. */
interface EpisodeEnd {
  moves0: number;
  moves1: number;
  returns0: number;
}

/** A way to play the filter's episodes: play episode i and fill `end`; then read the variables it ended with. */
interface EpisodePlayer {
  variableIndex(name: string): number;
  play(i: number, end: EpisodeEnd): void;
  /** Add the last episode's final value of the variable `indexes[k]` to `totals[k]`, and 1 to `positive[k]` when it is above 0. */
  add(indexes: Int32Array, totals: Float64Array, positive: Float64Array): void;
}

/** The filter's sums over `episodes` episodes played by `player` (see {@link measure}). */
function measureWith(ir: GameIR, episodes: number, engine: EngineOptions | undefined, player: (game: CompiledGame) => EpisodePlayer): AcceptanceFigures {
  if (!Number.isInteger(episodes) || episodes < 1) throw new RangeError(`episodes must be a whole number ≥ 1, got ${episodes}`);
  const probes = instrument(ir);
  const game = compileGame(probes.ir, engine);
  requireTwoSeats(game, 'the acceptance filter');
  // Every counter read at the end of each episode: its sum over episodes, and the episodes where it was > 0.
  const counters = [...new Set([...probes.phases.map((p) => p.counter), ...probes.branches.flatMap((b) => [b.hits, b.reached])])];
  const at = new Map(counters.map((c, i) => [c, i]));
  const totals = new Float64Array(counters.length);
  const fired = new Float64Array(counters.length);
  const moves = [0, 0];
  const wins = [0, 0];
  const play = player(game);
  // The counters read by index (a lookup by name per counter and episode cost a sixth of the filter's CPU).
  const reg = Int32Array.from(counters, (c) => play.variableIndex(c));
  const end: EpisodeEnd = { moves0: 0, moves1: 0, returns0: 0 };
  for (let i = 0; i < episodes; i++) {
    play.play(i, end);
    play.add(reg, totals, fired);
    moves[0] += end.moves0;
    moves[1] += end.moves1;
    const r = end.returns0;
    if (r > 0) wins[0]++;
    else if (r < 0) wins[1]++;
  }
  const total = (name: string): number => totals[at.get(name)!];
  const rate = (name: string): number => fired[at.get(name)!] / episodes;
  const phaseFireRates: Record<string, number> = {};
  for (const p of probes.phases) phaseFireRates[p.name] = rate(p.counter);
  const branches = probes.branches.map((b) => {
    const checks = b.checked === null ? 0 : total(b.reached) - b.earlier.reduce((t, e) => t + total(e), 0);
    return { label: b.label, fireRate: rate(b.hits), holdRate: b.checked === null || checks === 0 ? null : total(b.hits) / checks };
  });
  return figures(episodes, moves, wins, phaseFireRates, branches);
}

/** The figures of `episodes` episodes from their sums: moves per seat, deals won per seat, and the probes' rates. */
function figures(
  episodes: number,
  moves: readonly number[],
  wins: readonly number[],
  phaseFireRates: Record<string, number>,
  branches: AcceptanceFigures['branches'],
): AcceptanceFigures {
  const decided = wins[0] + wins[1];
  return {
    episodes,
    movesPerSeat: [moves[0] / episodes, moves[1] / episodes],
    phaseFireRates,
    branches,
    decided,
    winShare: decided === 0 ? [0, 0] : [wins[0] / decided, wins[1] / decided],
  };
}

/** Play one episode to the end: chance by its probabilities, both seats by L0 (move kind, then amount). */
function playRandom(state: InterpreterState, rng: () => number): InterpreterState {
  while (!state.isTerminal()) {
    const p = state.currentPlayer();
    state.applyAction(p === CHANCE ? sampleChanceOutcome(state, rng) : l0Sample(state, rng));
  }
  return state;
}

/**
 * Judge measured figures against thresholds.
 * @param warnings the game's compiler diagnostics (the `degenerate` check counts them)
 */
export function judge(f: AcceptanceFigures, t: FilterThresholds, warnings: readonly Diagnostic[] = []): AcceptanceReport {
  const checks: AcceptanceCheck[] = [];
  const add = (name: string, description: string, value: number, threshold: number, detail: string[]) =>
    checks.push({ name, description, value, threshold, pass: value <= threshold + 1e-12, detail });
  const mean = (f.movesPerSeat[0] + f.movesPerSeat[1]) / 2;
  add('moves', 'mean moves per player per episode', mean, t.maxMovesPerPlayer, [
    `seat 0: ${f.movesPerSeat[0].toFixed(2)}`,
    `seat 1: ${f.movesPerSeat[1].toFixed(2)}`,
  ]);
  if (t.maxSeatWinShare !== null) {
    const share = Math.max(...f.winShare);
    add('seat-balance', 'largest share of decided deals won by one seat', share, t.maxSeatWinShare, [`${f.decided} decided deals`]);
  }
  if (t.maxExtremeConditions !== null) {
    const conds = f.branches.filter((b) => !b.label.endsWith(', else'));
    const extreme = conds.filter((b) => b.holdRate === null || b.holdRate < t.extremeRate || b.holdRate > 1 - t.extremeRate);
    add(
      'extreme-conditions',
      `fraction of branch conditions holding in under ${pct(t.extremeRate)} or over ${pct(1 - t.extremeRate)} of their checks`,
      conds.length ? extreme.length / conds.length : 0,
      t.maxExtremeConditions,
      extreme.map((b) => `${b.label} (${b.holdRate === null ? 'never checked' : pct(b.holdRate)})`),
    );
  }
  const phases = Object.entries(f.phaseFireRates);
  const rare = phases.filter(([, r]) => r < t.rarePhaseRate);
  add(
    'rare-phases',
    `fraction of phases firing in under ${pct(t.rarePhaseRate)} of episodes`,
    phases.length ? rare.length / phases.length : 0,
    t.maxRarePhases,
    rare.map(([n, r]) => `${n} (${pct(r)})`),
  );
  const dead = f.branches.filter((b) => b.fireRate === 0);
  add(
    'dead-branches',
    'fraction of conditional branches that never ran',
    f.branches.length ? dead.length / f.branches.length : 0,
    t.maxDeadBranches,
    dead.map((b) => b.label),
  );
  if (t.maxWarnings !== null && t.maxWarnings !== undefined)
    add(
      'degenerate',
      'compiler diagnostics: degenerate constructs (W0101–W0107), unreachable steps (W0001–W0002) or errors',
      warnings.length,
      t.maxWarnings,
      warnings.map((w) => `${w.code}${w.range.line > 1 ? ` at line ${w.range.line}` : ''}: ${w.message}`),
    );
  return { accepted: checks.every((c) => c.pass), checks, figures: f };
}

/**
 * Run the acceptance filter on a game.
 * @param warnings the game's compiler warnings when it was compiled from source (honouring
 *        `// gbgc-allow`); by default the checks are run on the IR
 * @throws RangeError when `episodes` < 1
 */
export function acceptance(ir: GameIR, opts: FilterOptions = filterOptions(), warnings?: readonly Diagnostic[]): AcceptanceReport {
  return judge(measure(ir, opts.episodes, opts.seed), opts.thresholds, warnings ?? irDiagnostics(ir));
}

const pct = (x: number): string => `${(100 * x).toFixed(1)}%`;
