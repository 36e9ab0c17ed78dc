/**
 * The `equity` agent: Monte Carlo equity against random hands of the opponents still in the hand,
 * and pot odds. For any number of seats; it reads only the seat's observation, legal actions and
 * their labels.
 *
 * Equity: over `samples` deals, the opponents still in the hand (not folded) get random hands of
 * their public sizes (their face-up cards kept) from the cards the seat cannot see (the deck minus
 * its hand, the public piles and the face-up cards), the board is completed to its final size (the
 * deals to the board pile in the rules), and the seat's share of the pot is counted by the game's
 * showdown: 1 when it beats every opponent, 1/(k+1) when it ties k of them and beats the rest, 0
 * when one beats it. The deals come from a stream seeded by the seat's information state, so the
 * equity is a pure function of what the seat knows.
 *
 * Play, with e the equity, k the seats still in, c the chips to call and P the pot:
 * - e·k ≥ `raise` (a share of the pot `raise` times the fair share 1/k) and a bet or raise on
 *   offer: bet or raise, sized so that it adds about `betFraction` of the pot after the call;
 * - else facing a bet: call when e ≥ c / (P + c) (the pot odds), else fold;
 * - else check;
 * - decisions that are not betting (choices, picks, discards …): L0.
 */
import { canJudgeHands, type Action, type Game, type GameState, type HandJudge, type Observation } from '../../interpreter/api.js';
import { l0PickFromKinds, legalActionKinds } from '../../algorithms/l0.js';
import { allSteps } from '../../ir/facts.js';
import { hashString, rngFromKeys } from '../../util/rng.js';
import type { Agent, AgentView, Rng } from './agent.js';
import { bettingOptions, isBetting, labelAmount, nearestAmount, roundChips } from './table.js';

/** Parameters of the equity agent. */
export interface EquityParams {
  /** Monte Carlo deals per decision. */
  samples: number;
  /** Bet or raise when equity × seats in the hand reaches this (1: the fair share). */
  raise: number;
  /** Size of a bet or raise: chips added beyond the call, as a fraction of the pot after the call. */
  betFraction: number;
}

export const EQUITY_DEFAULTS: EquityParams = { samples: 200, raise: 1.2, betFraction: 0.75 };

/** Most equities kept per agent (the cache is emptied when it is full). */
const CACHE_LIMIT = 50_000;

/** Cards the rules deal to the board pile over a whole hand (each deal step counted once), 0 without a board. */
export function finalBoardSize(game: Game, boardPile: string | null): number {
  if (boardPile === null) return 0;
  let n = 0;
  for (const st of allSteps(game.ir)) if (st.kind === 'deal' && st.to.kind === 'pile' && st.to.name === boardPile) n += st.count;
  return n;
}

/**
 * The seat's equity (its expected share of the pot at a showdown against random hands of the
 * opponents still in; see the module comment).
 * @param active seats still in the hand, the seat included
 * @param boardSize the board's final size
 */
export function monteCarloEquity(judge: HandJudge, obs: Observation, active: readonly number[], boardSize: number, samples: number, seed: number): number {
  const id = (name: string): number => judge.cardId(name);
  const mine = obs.hand.map(id);
  const board = judge.boardPile !== null ? (obs.publicPiles[judge.boardPile] ?? []).map(id) : [];
  const faceUp = obs.faceUp ?? obs.handSizes.map(() => [] as string[]);
  const unseen = judge.deck.slice();
  const remove = (t: number): void => {
    const i = unseen.indexOf(t);
    if (i >= 0) unseen.splice(i, 1);
  };
  mine.forEach(remove);
  for (const cards of Object.values(obs.publicPiles)) for (const c of cards) remove(id(c));
  faceUp.forEach((cards, s) => s !== obs.seat && cards.forEach((c) => remove(id(c))));
  const opponents = active.filter((s) => s !== obs.seat);
  const known = opponents.map((s) => (faceUp[s] ?? []).map(id));
  const hidden = opponents.map((s, k) => Math.max(0, obs.handSizes[s] - known[k].length));
  const toCome = Math.max(0, boardSize - board.length);
  const need = hidden.reduce((a, b) => a + b, 0) + toCome;
  if (opponents.length === 0) return 1;
  if (need > unseen.length) return 1 / (opponents.length + 1);
  const scores = obs.scores ?? obs.handSizes.map(() => 0);
  const rng = rngFromKeys(seed);
  const pool = unseen.slice();
  let share = 0;
  for (let s = 0; s < samples; s++) {
    // A partial Fisher–Yates shuffle draws the `need` cards.
    for (let i = 0; i < need; i++) {
      const j = i + Math.floor(rng() * (pool.length - i));
      const t = pool[i];
      pool[i] = pool[j];
      pool[j] = t;
    }
    let at = 0;
    const fullBoard = toCome > 0 ? [...board, ...pool.slice(0, toCome)] : board;
    at = toCome;
    let ties = 0;
    let lost = false;
    for (let k = 0; k < opponents.length && !lost; k++) {
      const theirs = hidden[k] > 0 ? [...known[k], ...pool.slice(at, at + hidden[k])] : known[k];
      at += hidden[k];
      const c = judge.compare(mine, theirs, fullBoard, scores[obs.seat], scores[opponents[k]]);
      if (c < 0) lost = true;
      else if (c === 0) ties++;
    }
    if (!lost) share += 1 / (ties + 1);
  }
  return share / samples;
}

/** The equity agent's action from its equity and the decision (see the module comment). */
export function equityChoice(
  p: EquityParams,
  equity: number,
  obs: Observation,
  legal: readonly Action[],
  labelAt: (i: number) => string,
  kinds: () => readonly number[],
  u: number,
): Action {
  const o = bettingOptions(legal, labelAt);
  if (!isBetting(o)) return l0PickFromKinds(legal, kinds(), u);
  const round = roundChips(obs);
  const k = round.active.length;
  const passive = o.check ?? o.call;
  if (o.firstAggressive >= 0 && equity * k >= p.raise) {
    const add = p.betFraction * (round.pot + round.toCall);
    const first = labelAt(o.firstAggressive);
    // `bet N` adds N chips; `raise N` makes the seat's total in the round N.
    const target = first.startsWith('raise') ? round.inRound[obs.seat] + round.toCall + add : add;
    return labelAmount(first) === null ? legal[o.firstAggressive] : nearestAmount(legal, labelAt, o.firstAggressive, target);
  }
  if (o.fold !== undefined && round.toCall > 0) {
    const odds = round.toCall / (round.pot + round.toCall);
    if (equity >= odds && o.call !== undefined) return o.call;
    return o.fold;
  }
  return passive ?? o.fold ?? legal[0];
}

/** The equity agent (see the module comment). */
export class EquityAgent implements Agent {
  readonly name = 'equity';
  private readonly cache = new Map<string, number>();
  private readonly boardSize: number;
  constructor(
    game: Game,
    readonly judge: HandJudge,
    readonly params: EquityParams,
  ) {
    this.boardSize = finalBoardSize(game, judge.boardPile);
  }

  /** The seat's equity at its information state `key`. */
  equity(obs: Observation, key: string): number {
    const hit = this.cache.get(key);
    if (hit !== undefined) return hit;
    const e = monteCarloEquity(this.judge, obs, roundChips(obs).active, this.boardSize, this.params.samples, hashString(key));
    if (this.cache.size >= CACHE_LIMIT) this.cache.clear();
    this.cache.set(key, e);
    return e;
  }

  actFast(state: GameState, seat: number, rng: Rng): Action {
    const legal = state.legalActions();
    const obs = state.observation(seat);
    const labels = new Map<number, string>();
    const labelAt = (i: number): string => {
      let l = labels.get(i);
      if (l === undefined) labels.set(i, (l = state.actionToString(seat, legal[i])));
      return l;
    };
    return equityChoice(this.params, this.equity(obs, state.informationStateKey(seat)), obs, legal, labelAt, () => legalActionKinds(state, legal), rng());
  }

  act(view: AgentView): Action {
    return equityChoice(
      this.params,
      this.equity(view.observation, view.infoKey),
      view.observation,
      view.legal,
      (i) => view.labels[i],
      () => view.kinds,
      view.rng(),
    );
  }
}

/** The equity agent for a compiled game. @throws TypeError for a game that cannot judge hands */
export function equityAgentForGame(game: Game, params: Partial<EquityParams> = {}): EquityAgent {
  if (!canJudgeHands(game)) throw new TypeError('the equity agent needs a game that judges hands (a compiled game)');
  return new EquityAgent(game, game.handJudge(), { ...EQUITY_DEFAULTS, ...params });
}
