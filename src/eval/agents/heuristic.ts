/**
 * The `heuristic` agent: rank-percentile thresholds, a classic rule-based poker baseline.
 *
 * Hand strength is the percentile of the seat's hand against every hand an opponent could hold,
 * judged by the game's showdown metric: the fraction of opponent hands (of the opponent's public
 * hand size, drawn from the cards the seat cannot see: the deck minus its own hand and the public
 * piles) that the seat's hand beats, ties counting half. Exact enumeration when there are at most
 * {@link MAX_ENUMERATED} such hands, else {@link SAMPLED_HANDS} hands drawn from a stream seeded by
 * what the seat sees (so the figure is a pure function of the seat's view). At a table of more than
 * two seats the percentile p against one opponent becomes p^k with k the opponents still in the hand
 * (not folded; the share of deals in which it beats k independent random hands): the thresholds
 * below then keep their meaning as the chance of holding the best hand. With two seats k = 1.
 *
 * Play, with `u` one number from the agent's stream per decision:
 * - strength ≥ `raise` and a bet or raise on offer: bet/raise (with several amounts, the amount
 *   grows with strength from the smallest at `raise` to the largest at 1);
 * - strength < `fold`: with probability `bluff` bet/raise the smallest amount when possible,
 *   else fold when facing a bet, else check/call;
 * - otherwise: check or call;
 * - sealed bids: the bid grows with strength; decisions without betting moves (choices, picks,
 *   peeks, discards, side bets): L0.
 */
import { canJudgeHands, type Action, type Game, type GameState, type HandJudge, type Observation } from '../../interpreter/api.js';
import { l0PickFromKinds, legalActionKinds } from '../../algorithms/l0.js';
import { hashString, rngFromKeys } from '../../util/rng.js';
import type { Agent, AgentView, Rng } from './agent.js';

/** Parameters of the heuristic agent (percentiles in [0, 1]). */
export interface HeuristicParams {
  /** Bet or raise at or above this strength. */
  raise: number;
  /** Fold (or check) below this strength. */
  fold: number;
  /** Probability of a bluff bet with a hand below `fold`. */
  bluff: number;
}

export const HEURISTIC_DEFAULTS: HeuristicParams = { raise: 0.7, fold: 0.3, bluff: 0.1 };
/** Most opponent hands enumerated exactly. */
export const MAX_ENUMERATED = 500;
/** Opponent hands sampled when there are more. */
export const SAMPLED_HANDS = 200;

const AGGRESSIVE = /^(bet|raise)( \d+)?$/;

/** The strength of `seat`'s hand in [0, 1] from what its observation shows, judged by the game's showdown (see the module comment). */
export function handStrength(judge: HandJudge, obs: Observation, cache?: Map<string, number>): number {
  const typeOf = (name: string): number => judge.cardId(name);
  const mine = obs.hand.map(typeOf);
  const board = judge.boardPile !== null ? (obs.publicPiles[judge.boardPile] ?? []).map(typeOf) : [];
  const seen = [...mine];
  for (const cards of Object.values(obs.publicPiles)) for (const c of cards) seen.push(typeOf(c));
  // The opponents still in the hand (with two seats: the other seat); the first one's hand size and score stand for all.
  const folded = new Set(obs.log.filter((e) => e.kind === 'fold').map((e) => e.seat));
  const opponents = obs.handSizes.map((_, s) => s).filter((s) => s !== obs.seat && !folded.has(s));
  const opp = opponents[0] ?? (obs.seat === 0 ? 1 : 0);
  const k = Math.max(1, opponents.length);
  const oppSize = obs.handSizes[opp];
  const scores = obs.scores ?? obs.handSizes.map(() => 0);
  const key = `${mine.join(',')}|${board.join(',')}|${seen
    .slice(mine.length)
    .sort((a, b) => a - b)
    .join(',')}|${oppSize}|${scores[obs.seat]},${scores[opp]}${k > 1 ? `|${k}` : ''}`;
  const hit = cache?.get(key);
  if (hit !== undefined) return hit;
  // Unseen cards: the initial deck minus the cards seen.
  const unseen = judge.deck.slice();
  for (const t of seen) {
    const i = unseen.indexOf(t);
    if (i >= 0) unseen.splice(i, 1);
  }
  const cmp = (theirs: number[]): number => judge.compare(mine, theirs, board, scores[obs.seat], scores[opp]);
  let wins = 0;
  let total = 0;
  const score = (theirs: number[]): void => {
    const c = cmp(theirs);
    wins += c > 0 ? 1 : c === 0 ? 0.5 : 0;
    total++;
  };
  const size = Math.min(oppSize, unseen.length);
  if (binomial(unseen.length, size) <= MAX_ENUMERATED) {
    const pick: number[] = [];
    const rec = (from: number): void => {
      if (pick.length === size) return score(pick.slice());
      for (let i = from; i < unseen.length; i++) {
        pick.push(unseen[i]);
        rec(i + 1);
        pick.pop();
      }
    };
    rec(0);
  } else {
    const rng = rngFromKeys(hashString(key));
    const pool = unseen.slice();
    for (let s = 0; s < SAMPLED_HANDS; s++) {
      for (let i = 0; i < size; i++) {
        const j = i + Math.floor(rng() * (pool.length - i));
        [pool[i], pool[j]] = [pool[j], pool[i]];
      }
      score(pool.slice(0, size));
    }
  }
  const one = total === 0 ? 0.5 : wins / total;
  const strength = k === 1 ? one : one ** k;
  cache?.set(key, strength);
  return strength;
}

function binomial(n: number, k: number): number {
  let r = 1;
  for (let i = 0; i < k; i++) r = (r * (n - i)) / (i + 1);
  return r;
}

/** Choose an action from strength, menu labels and kinds (see the module comment). */
export function heuristicChoice(
  p: HeuristicParams,
  strength: number,
  legal: readonly Action[],
  labels: readonly string[],
  kinds: readonly number[],
  u: number,
): Action {
  const aggressive: Action[] = [];
  let passive: Action | undefined;
  let fold: Action | undefined;
  const bids: Action[] = [];
  labels.forEach((l, i) => {
    if (AGGRESSIVE.test(l)) aggressive.push(legal[i]);
    else if (l === 'check' || l === 'call') passive = legal[i];
    else if (l === 'fold') fold = legal[i];
    else if (/^bid \d+$/.test(l)) bids.push(legal[i]);
  });
  if (bids.length === legal.length) return bids[Math.min(bids.length - 1, Math.floor(strength * bids.length))];
  if (passive === undefined && fold === undefined && aggressive.length < legal.length) return l0PickFromKinds(legal, kinds, u);
  if (strength >= p.raise && aggressive.length > 0) {
    const x = p.raise >= 1 ? 1 : (strength - p.raise) / (1 - p.raise);
    return aggressive[Math.min(aggressive.length - 1, Math.floor(x * aggressive.length))];
  }
  if (strength < p.fold) {
    if (u < p.bluff && aggressive.length > 0) return aggressive[0];
    if (fold !== undefined) return fold;
  }
  if (passive !== undefined) return passive;
  return l0PickFromKinds(legal, kinds, u);
}

export class HeuristicAgent implements Agent {
  readonly name = 'heuristic';
  private readonly cache = new Map<string, number>();
  constructor(
    readonly judge: HandJudge,
    readonly params: HeuristicParams,
  ) {}
  actFast(state: GameState, seat: number, rng: Rng): Action {
    const legal = state.legalActions();
    const labels = legal.map((a) => state.actionToString(seat, a));
    return heuristicChoice(this.params, handStrength(this.judge, state.observation(seat), this.cache), legal, labels, legalActionKinds(state, legal), rng());
  }
  act(view: AgentView): Action {
    return heuristicChoice(this.params, handStrength(this.judge, view.observation, this.cache), view.legal, view.labels, view.kinds, view.rng());
  }
}

/** The heuristic agent for a compiled game. */
export function heuristicAgentForGame(game: Game, params: Partial<HeuristicParams> = {}): HeuristicAgent {
  if (!canJudgeHands(game)) throw new TypeError('the heuristic agent needs a game that judges hands (a compiled game)');
  return new HeuristicAgent(game.handJudge(), { ...HEURISTIC_DEFAULTS, ...params });
}
