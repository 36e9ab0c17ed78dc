/**
 * Pots of a table hand: the main pot and the side pots built from the seats' contributions, and
 * their award at the showdown (best hand first per pot, ties split, odd chips clockwise from the
 * button). Pure functions of numbers, so the cases of `test/interpreter/table-pots.test.ts` can
 * be computed by hand.
 */

/** One pot: its chips and the seats that may win it (still in the hand and in for its whole level). */
export interface Pot {
  amount: number;
  /** Seats eligible for the pot, ascending. */
  eligible: number[];
}

/**
 * The pots of a hand from what each seat put in over the whole hand (antes, blinds, bets).
 *
 * Levels are the distinct contributions of the seats still in the hand, smallest first: the main
 * pot takes from every seat up to the smallest of them, each side pot the next layer, and a pot is
 * open to the seats still in the hand that reached its level. Chips a folded seat put in above
 * the highest level (it cannot happen after uncalled chips are returned, but a hand-made state
 * may have it) go to the last pot. Pots with the same eligible seats are merged.
 * @param contributed chips per seat over the hand (≥ 0)
 * @param folded per seat, whether it left the hand
 * @returns the pots, main pot first; empty when nothing was put in
 */
export function buildPots(contributed: readonly number[], folded: readonly boolean[]): Pot[] {
  const n = contributed.length;
  const pots: Pot[] = [];
  let below = 0;
  // Levels, smallest first: the next distinct contribution above `below` of a seat still in.
  for (;;) {
    let level = Infinity;
    for (let s = 0; s < n; s++) if (!folded[s] && contributed[s] > below && contributed[s] < level) level = contributed[s];
    if (level === Infinity) break;
    let amount = 0;
    for (let s = 0; s < n; s++) amount += Math.max(0, Math.min(contributed[s], level) - below);
    const eligible: number[] = [];
    for (let s = 0; s < n; s++) if (!folded[s] && contributed[s] >= level) eligible.push(s);
    const last = pots.at(-1);
    if (last && last.eligible.length === eligible.length && last.eligible.every((x, i) => x === eligible[i])) last.amount += amount;
    else if (amount > 0) pots.push({ amount, eligible });
    below = level;
  }
  let dead = 0;
  for (let s = 0; s < n; s++) dead += Math.max(0, contributed[s] - below);
  if (dead > 0) {
    if (pots.length > 0) pots[pots.length - 1].amount += dead;
    else pots.push({ amount: dead, eligible: contributed.map((_, s) => s).filter((s) => !folded[s]) });
  }
  return pots;
}

/** What one pot paid: its winners (ascending) and the chips each seat took from it. */
export interface PotAward {
  winners: number[];
  /** Chips per seat from this pot (length n). */
  paid: number[];
  /** The seats that received one odd chip each, in the order they received it. */
  oddChips: number[];
}

/**
 * Award one pot: the eligible seats with the best hand share it equally; the chips that do not
 * divide go one each to the winners in clockwise order starting from the first seat left of the
 * button (the league ruleset's "split pot, odd chip to the first seat left of the button").
 * @param pot the pot
 * @param strength per seat, comparable hand strength (higher wins); read for eligible seats only
 * @param button the seat holding the button (a game without one: n − 1, so seat 0 comes first)
 */
export function awardPot(pot: Pot, strength: readonly number[], button: number): PotAward {
  const n = strength.length;
  let best = -Infinity;
  for (const s of pot.eligible) best = Math.max(best, strength[s]);
  const winners = pot.eligible.filter((s) => strength[s] === best);
  const paid = new Array<number>(n).fill(0);
  const share = Math.floor(pot.amount / winners.length);
  for (const s of winners) paid[s] = share;
  const oddChips: number[] = [];
  let odd = pot.amount - share * winners.length;
  for (let k = 1; k <= n && odd > 0; k++) {
    const s = (button + k) % n;
    if (!winners.includes(s)) continue;
    paid[s]++;
    oddChips.push(s);
    odd--;
  }
  return { winners, paid, oddChips };
}
