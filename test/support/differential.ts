/**
 * The differential check of the compiling backend: one game compiled twice, run by the interpreter
 * (`backend: 'interpreter'`, the reference) and by generated code (`backend: 'compiled'`), played
 * side by side on the same random numbers. At every node both must agree on the player, the
 * registers, the piles, the legal actions, the chance outcomes with their probabilities, both
 * seats' information-state keys, the chance outcome and the L0 action each samples from the
 * same number; at the end on the returns and the whole event log; and an error one engine throws
 * must be thrown by the other with the same message, also for actions that are not legal (tried
 * on copies at every node of every other episode). Used by
 * `test/interpreter/compiled.test.ts` and `bench/compiled.ts`.
 */
import type { GameIR } from '../../src/ir/schema.js';
import { CHANCE, compileGame, episodeRng, type CompiledGame, type InterpreterState } from '../../src/interpreter/index.js';
import { l0Pick } from '../../src/algorithms/l0.js';

/** What a differential run covered. */
export interface DifferentialCount {
  episodes: number;
  nodes: number;
  chanceNodes: number;
  /** Episodes that ended in an error both engines threw alike. */
  errors: number;
}

/** Thrown at the first disagreement, naming the game, episode and node. */
export class Disagreement extends Error {}

function same(what: string, a: unknown, b: unknown, where: string): void {
  const ja = JSON.stringify(a);
  const jb = JSON.stringify(b);
  if (ja !== jb) throw new Disagreement(`${where}: ${what} differ: interpreter ${ja.slice(0, 300)} vs compiled ${jb.slice(0, 300)}`);
}

/** Apply `a` to a state, returning the error message it throws, or null. */
function tryApply(s: InterpreterState, a: number): string | null {
  try {
    s.applyAction(a);
    return null;
  } catch (e) {
    return e instanceof Error ? `${e.name}: ${e.message}` : String(e);
  }
}

/**
 * Actions that are not legal at the node (below, above and between the legal ones, and not a
 * whole number), applied to copies of both states: the same error (or, were one legal after all,
 * the same state) from both engines.
 */
function probeIllegal(a: InterpreterState, b: InterpreterState, where: string): void {
  const legal = a.legalActions();
  const top = legal.length === 0 ? 0 : Math.max(...legal);
  for (const x of [-1, top + 1, 0.5, legal.length, 1e9]) {
    const ca = a.clone();
    const cb = b.clone();
    same(`errors of action ${x}`, tryApply(ca, x), tryApply(cb, x), where);
    same(`registers after action ${x}`, Array.from(ca.r), Array.from(cb.r), where);
  }
}

/**
 * Play `episodes` episodes of `ir` on both backends in lockstep (chance by its probabilities, the
 * seats by L0; every third episode also checks a copy taken mid-way). `compiled`: the game to check
 * (default: `ir` compiled with the compiled backend). @throws Disagreement
 */
export function differential(ir: GameIR, episodes: number, seed: number, label = ir.name, compiled?: CompiledGame): DifferentialCount {
  const ref = compileGame(ir, { backend: 'interpreter' });
  const gen = compiled ?? compileGame(ir, { backend: 'compiled', compileAfter: 0 });
  const count: DifferentialCount = { episodes: 0, nodes: 0, chanceNodes: 0, errors: 0 };
  for (let e = 0; e < episodes; e++) {
    const rng = episodeRng(seed, e);
    let a = ref.newInitialState();
    let b = gen.newInitialState();
    for (let node = 0; ; node++) {
      const where = `${label}, episode ${e}, node ${node}`;
      count.nodes++;
      same('players', a.currentPlayer(), b.currentPlayer(), where);
      same('registers', Array.from(a.r), Array.from(b.r), where);
      same('piles', Array.from(a.piles), Array.from(b.piles), where);
      if (a.isTerminal()) {
        same('returns', a.returns(), b.returns(), where);
        same('event logs', a.log.rows(), b.log.rows(), where);
        break;
      }
      same('legal actions', a.legalActions(), b.legalActions(), where);
      for (const seat of [0, 1]) same(`seat ${seat}'s information-state keys`, a.informationStateKey(seat), b.informationStateKey(seat), where);
      if (e % 2 === 1) probeIllegal(a, b, where);
      // One number per node, as sampleChanceOutcome and l0Sample draw it; both engines sample from it.
      const u = rng();
      let action: number;
      if (a.currentPlayer() === CHANCE) {
        count.chanceNodes++;
        same('chance outcomes', a.chanceOutcomes(), b.chanceOutcomes(), where);
        action = a.sampleChance(u);
        same('sampled chance outcomes', action, b.sampleChance(u), where);
      } else {
        action = l0Pick(a, u);
        same('L0 picks', action, l0Pick(b, u), where);
      }
      if (e % 3 === 2 && node === 3) {
        // A copy taken mid-way plays on like the original.
        a = a.clone();
        b = b.clone();
      }
      const ea = tryApply(a, action);
      const eb = tryApply(b, action);
      same('errors', ea, eb, `${where}, action ${action}`);
      if (ea !== null) {
        count.errors++;
        break;
      }
    }
    count.episodes++;
  }
  return count;
}
