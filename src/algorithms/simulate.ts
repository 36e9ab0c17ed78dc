/**
 * Monte Carlo simulation: play many episodes between agents, one per seat, and summarize them (the
 * figures of the seed paper's acceptance filter: mean returns, moves per player, how often
 * each phase fires).
 */
import { KeyedStream, type Rng } from '../util/rng.js';
import { CHANCE, canRunFastPlayouts, type Game, type Player as Agent } from '../interpreter/api.js';
import { sampleChanceOutcome } from '../interpreter/chance.js';
import type { CompiledGame } from '../interpreter/game.js';
import { RNG_STREAM } from '../interpreter/rng.js';
import type { InterpreterState } from '../interpreter/state.js';
import { l0Player } from './l0.js';

/** Summary of a simulation. Returns are in chips per episode. */
export interface SimulationReport {
  game: string;
  rulesetHash: string;
  seed: number;
  /** Version of the per-episode random streams (see `interpreter/rng.ts`): the same seed under another version gives other samples. */
  rngStream: typeof RNG_STREAM;
  /** The agent of each seat, seat 0 first. */
  agents: string[];
  episodes: number;
  /** Mean chips won per episode, per seat. */
  meanReturns: number[];
  /** Standard error of each mean (sample standard deviation / √episodes; 0 for one episode). */
  stdErrors: number[];
  /** Mean decisions per episode, per seat. */
  movesPerPlayer: number[];
  /** Phase name → fraction of episodes in which the phase was entered at least once. */
  phaseFireRates: Record<string, number>;
  /** Fraction of episodes that reached the showdown (the rest ended early: a fold or an `end` step). NaN when not measured (see `notMeasured`). */
  showdownRate: number;
  /** What the run could not measure and why (a game other than the two-seat interpreter's: the phases entered and the showdowns). */
  notMeasured?: string;
  /** Wall-clock speed of this run (not reproducible, unlike every other field). */
  episodesPerSecond: number;
}

export interface SimulateOptions {
  episodes: number;
  /** Seed of the run; episode i uses the stream `episodeRng(seed, i)`. */
  seed: number;
  /**
   * The agent of each seat (one per seat of the game), seat 0 first. The state handed to `act` is valid during the call only:
   * the simulation reuses one state object across episodes (an agent that needs to keep a state
   * must `clone()` it).
   */
  agents: readonly Agent[];
  /** Called after every `progressEvery` episodes with the number done. */
  onProgress?: (done: number) => void;
  progressEvery?: number;
}

/**
 * Play one episode from the initial state: chance nodes are sampled with their exact
 * probabilities, decisions are asked of the seat's agent; all draws come from `rng`.
 * @returns the terminal state
 * @throws IllegalActionError when an agent returns an action that is not legal
 */
export async function playEpisode(game: CompiledGame, agents: readonly Agent[], rng: Rng): Promise<InterpreterState> {
  const state = game.newInitialState();
  while (!state.isTerminal()) {
    const player = state.currentPlayer();
    if (player === CHANCE) {
      state.applyAction(sampleChanceOutcome(state, rng));
      continue;
    }
    const choice = agents[player].act(state, player, rng);
    state.applyAction(typeof choice === 'number' ? choice : await choice);
  }
  return state;
}

/**
 * Simulate `episodes` episodes. Deterministic: the same game, seed and agents give the same
 * report (except `episodesPerSecond`). Every episode is checked to conserve chips: the returns
 * of the seats sum to 0.
 * @throws RangeError when `episodes` < 1 or the agents are not one per seat
 * @throws Error when an episode's returns do not sum to 0 (an engine bug)
 */
export async function simulate(game: CompiledGame | Game, opts: SimulateOptions): Promise<SimulationReport> {
  const n = opts.episodes;
  if (!Number.isInteger(n) || n < 1) throw new RangeError(`episodes must be a whole number ≥ 1, got ${n}`);
  const seats = game.numSeats;
  if (opts.agents.length !== seats) throw new RangeError(`simulate: ${opts.agents.length} agents for a game of ${seats} seats`);
  if (!isInterpreterGame(game)) return simulateContract(game, opts);
  const phaseNames = game.ir.phases.map((p) => p.name);
  const sum = new Array<number>(seats).fill(0);
  const sumSq = new Array<number>(seats).fill(0);
  const moves = new Array<number>(seats).fill(0);
  const fired = new Array<number>(phaseNames.length).fill(0);
  const seen = new Uint8Array(phaseNames.length);
  let showdowns = 0;
  const every = opts.progressEvery ?? 1000;
  const agents = opts.agents;
  // One state and one generator serve every episode: each episode resets them in place
  // (the state to the initial state, the generator to the stream `rngFromKeys(seed, i)`).
  const stream = new KeyedStream();
  const rng = stream.next;
  const state = game.newInitialState();
  const t0 = performance.now();
  // L0 on both seats of a two-seat game the engine's playout kernel covers: the specialised loop plays
  // the same episodes without the event log or agent calls (see `PlayoutKernel` in `interpreter/api.ts`).
  const kernel = seats === 2 && agents.every((a) => a === l0Player) && canRunFastPlayouts(game) ? game.playoutKernel() : null;
  if (kernel) {
    const acc = new Float64Array(7);
    const firedK = new Float64Array(fired.length);
    // Runs of episodes between progress calls (one at a time for an unusual `progressEvery`).
    const chunk = !opts.onProgress ? n : Number.isInteger(every) && every > 0 ? every : 1;
    for (let i = 0; i < n; i += chunk) {
      const end = Math.min(n, i + chunk);
      kernel.playMany(stream, opts.seed, i, end, acc, firedK);
      if (opts.onProgress && end % every === 0) opts.onProgress(end);
    }
    sum[0] = acc[0];
    sum[1] = acc[1];
    sumSq[0] = acc[2];
    sumSq[1] = acc[3];
    moves[0] = acc[4];
    moves[1] = acc[5];
    showdowns = acc[6];
    for (let p = 0; p < fired.length; p++) fired[p] = firedK[p];
  }
  for (let i = kernel ? n : 0; i < n; i++) {
    stream.restart(opts.seed, i);
    game.resetToInitial(state);
    while (!state.isTerminal()) {
      const player = state.currentPlayer();
      if (player === CHANCE) {
        state.applyAction(state.sampleChance(rng()));
        continue;
      }
      const choice = agents[player].act(state, player, rng);
      // Agents that answer synchronously cost no await (no microtask per move or per episode).
      state.applyAction(typeof choice === 'number' ? choice : await choice);
    }
    // Returns: final stack − starting stack, per seat (what `returns()` gives, without allocating).
    let total = 0;
    for (let seat = 0; seat < seats; seat++) {
      const r = state.stackChange(seat);
      total += r;
      sum[seat] += r;
      sumSq[seat] += r * r;
      moves[seat] += state.moves(seat);
    }
    if (total !== 0) throw new Error(`simulate: episode ${i} does not conserve chips: its returns sum to ${total} (${state.returns().join(', ')})`);
    for (let p = 0; p < seen.length; p++) seen[p] = 0;
    if (state.markPhases(seen)) showdowns++;
    for (let p = 0; p < seen.length; p++) fired[p] += seen[p];
    if (opts.onProgress && (i + 1) % every === 0) opts.onProgress(i + 1);
  }
  const seconds = (performance.now() - t0) / 1000;
  const mean = (s: number): number => sum[s] / n;
  const stdErr = (s: number): number => (n < 2 ? 0 : Math.sqrt(Math.max(0, (sumSq[s] - n * mean(s) ** 2) / (n - 1)) / n));
  const phaseFireRates: Record<string, number> = {};
  phaseNames.forEach((name, p) => (phaseFireRates[name] = fired[p] / n));
  return {
    game: game.ir.name,
    rulesetHash: game.rulesetHash,
    seed: opts.seed,
    rngStream: RNG_STREAM,
    agents: agents.map((a) => a.name),
    episodes: n,
    meanReturns: sum.map((_, seat) => mean(seat)),
    stdErrors: sum.map((_, seat) => stdErr(seat)),
    movesPerPlayer: moves.map((m) => m / n),
    phaseFireRates,
    showdownRate: showdowns / n,
    episodesPerSecond: seconds > 0 ? n / seconds : Infinity,
  };
}

/** Whether `game` is the two-seat interpreter's (states reset in place, phases and moves counted by the machine). */
function isInterpreterGame(game: CompiledGame | Game): game is CompiledGame {
  return typeof (game as Partial<CompiledGame>).resetToInitial === 'function';
}

/**
 * {@link simulate} for any `Game` of the contract (the table engine's games): each episode from
 * `newInitialState()` on the stream `(seed, i)`, chance by `sampleChanceOutcome`, returns from
 * `returns()`, each episode checked to conserve chips. The phases entered and the showdowns are
 * not measured (the contract does not tell them): `phaseFireRates` is empty, `showdownRate` NaN,
 * and `notMeasured` says so.
 */
async function simulateContract(game: Game, opts: SimulateOptions): Promise<SimulationReport> {
  const n = opts.episodes;
  const seats = game.numSeats;
  const sum = new Array<number>(seats).fill(0);
  const sumSq = new Array<number>(seats).fill(0);
  const moves = new Array<number>(seats).fill(0);
  const every = opts.progressEvery ?? 1000;
  const stream = new KeyedStream();
  const rng = stream.next;
  const t0 = performance.now();
  for (let i = 0; i < n; i++) {
    stream.restart(opts.seed, i);
    const state = game.newInitialState();
    while (!state.isTerminal()) {
      const player = state.currentPlayer();
      if (player === CHANCE) {
        state.applyAction(sampleChanceOutcome(state, rng));
        continue;
      }
      moves[player]++;
      const choice = opts.agents[player].act(state, player, rng);
      state.applyAction(typeof choice === 'number' ? choice : await choice);
    }
    const r = state.returns();
    let total = 0;
    for (let seat = 0; seat < seats; seat++) {
      total += r[seat];
      sum[seat] += r[seat];
      sumSq[seat] += r[seat] * r[seat];
    }
    if (total !== 0) throw new Error(`simulate: episode ${i} does not conserve chips: its returns sum to ${total} (${r.join(', ')})`);
    if (opts.onProgress && (i + 1) % every === 0) opts.onProgress(i + 1);
  }
  const seconds = (performance.now() - t0) / 1000;
  const mean = (s: number): number => sum[s] / n;
  const stdErr = (s: number): number => (n < 2 ? 0 : Math.sqrt(Math.max(0, (sumSq[s] - n * mean(s) ** 2) / (n - 1)) / n));
  return {
    game: game.ir.name,
    rulesetHash: game.rulesetHash,
    seed: opts.seed,
    rngStream: RNG_STREAM,
    agents: opts.agents.map((a) => a.name),
    episodes: n,
    meanReturns: sum.map((_, seat) => mean(seat)),
    stdErrors: sum.map((_, seat) => stdErr(seat)),
    movesPerPlayer: moves.map((m) => m / n),
    phaseFireRates: {},
    showdownRate: NaN,
    notMeasured: 'the phases entered and the showdowns: the table engine does not report them to the simulator',
    episodesPerSecond: seconds > 0 ? n / seconds : Infinity,
  };
}
