/**
 * A hand-written Leduc hold'em simulator (the rules of OpenSpiel's `leduc_poker`: six cards
 * J, Q, K in two suits, ante 1, bets of 2 then 4, at most two bets or raises per round, the
 * first seat opens both rounds, a pair with the board wins, else the higher card, ties split).
 * It plays uniform-random episodes with no interpreter in between: the speed reference of
 * `bench/playout.ts`.
 */

/** A source of uniform numbers in [0, 1). */
export type Rng = () => number;

const deck = new Int32Array(6);
/** Chips put in by each seat during the last betting round (read after {@link bettingRound}). */
export const contrib = new Int32Array(2);

/**
 * One betting round of uniform-random play. Returns the folding seat, or -1 when the round
 * ends with equal contributions. Adds the round's chips to `contrib` (this round only).
 */
export function bettingRound(betSize: number, rng: Rng, maxBets = 2): number {
  contrib[0] = 0;
  contrib[1] = 0;
  let bets = 0;
  let actor = 0;
  let acted = 0;
  for (;;) {
    const other = 1 - actor;
    const need = contrib[other] - contrib[actor];
    const canRaise = bets < maxBets;
    // Legal actions in OpenSpiel order: fold (facing a bet only), call/check, raise/bet (below the cap).
    const n = (need > 0 ? 1 : 0) + 1 + (canRaise ? 1 : 0);
    let k = Math.floor(rng() * n);
    if (need === 0) k++;
    if (k === 0) return actor;
    if (k === 1) contrib[actor] += need;
    else {
      contrib[actor] += need + betSize;
      bets++;
    }
    acted |= 1 << actor;
    if (acted === 3 && contrib[0] === contrib[1]) return -1;
    actor = other;
  }
}

/** Cards left at the front of {@link deck}. */
let left = 0;

/**
 * Draw one of the `left` cards at the front of the deck uniformly (the last one takes its place).
 * A module function rather than a closure made per episode: under tsx (esbuild's keepNames) each
 * new named closure has its name redefined, which cost about 300 ns per episode, more than the
 * rest of the episode.
 */
function draw(rng: Rng): number {
  const i = Math.floor(rng() * left);
  const card = deck[i];
  deck[i] = deck[--left];
  return card;
}

/**
 * Play one uniform-random episode.
 * @returns chips won by seat 0 (seat 1 wins the negative)
 */
export function playLeducDirect(rng: Rng): number {
  for (let i = 0; i < 6; i++) deck[i] = i;
  left = 6;
  // Card c: rank = c >> 1 (J, Q, K), suit = c & 1.
  const c0 = draw(rng);
  const c1 = draw(rng);
  let put0 = 1;
  let put1 = 1;
  let folder = bettingRound(2, rng);
  put0 += contrib[0];
  put1 += contrib[1];
  if (folder === 0) return -put0;
  if (folder === 1) return put1;
  const board = draw(rng);
  folder = bettingRound(4, rng);
  put0 += contrib[0];
  put1 += contrib[1];
  if (folder === 0) return -put0;
  if (folder === 1) return put1;
  const r0 = c0 >> 1;
  const r1 = c1 >> 1;
  const rb = board >> 1;
  const pair0 = r0 === rb;
  const pair1 = r1 === rb;
  if (pair0 !== pair1) return pair0 ? put1 : -put0;
  if (r0 !== r1) return r0 > r1 ? put1 : -put0;
  return 0;
}
