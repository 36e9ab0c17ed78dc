/**
 * `play`'s "Why:" line at a poker-hand showdown, on the printed text: on `examples/nlhe-short.gbg`
 * seeds 1–8 (answering call, else check), every Why line names the winner's category as its own
 * "has" line states it, and within one category the part of the hand that decides; plus the
 * reason's words on hand-made hands of every kind of decision.
 */
import { describe, expect, it } from 'vitest';
import { runCli } from './run-cli.js';
import { pokerShowdownReason, type LoggedHand } from '../../src/interpreter/poker-reason.js';
import type { HandCategory } from '../../src/interpreter/poker-hand.js';

const RANKS = '23456789TJQKA';
/** A logged hand from rank letters, most significant first. */
const hand = (category: HandCategory, cards: string): LoggedHand => ({ category, ranks: [...cards].map((c) => RANKS.indexOf(c)), rankNames: [...cards] });
const names = ['Alice', 'Bob'] as const;

describe('play: Why lines of poker-hand showdowns', () => {
  it('nlhe-short seeds 1–8: every Why line names the winning category', async () => {
    let showdowns = 0;
    for (let seed = 1; seed <= 8; seed++) {
      const r = await runCli(['play', 'examples/nlhe-short.gbg', '--seed', String(seed)], 'call\ncheck\n'.repeat(40));
      expect(r.code, r.stderr).toBe(0);
      const result = /(\w+) wins the showdown\. Why: (.*)\.\n/.exec(r.stdout);
      if (!result) continue;
      showdowns++;
      const [, winner, why] = result;
      const category = new RegExp(`${winner} has (?:a )?([a-z ]+): `).exec(r.stdout)![1];
      expect(why, `seed ${seed}`).toContain(category);
      const loserCategory = new RegExp(`${winner === 'Alice' ? 'Bob' : 'Alice'} has (?:a )?([a-z ]+): `).exec(r.stdout)![1];
      if (loserCategory === category) expect(why, `seed ${seed}`).toMatch(new RegExp(`^both have (a )?${category}; ${winner}'s `));
      else expect(why, `seed ${seed}`).toBe(`${winner}'s ${category} beats ${winner === 'Alice' ? 'Bob' : 'Alice'}'s ${loserCategory}`);
    }
    expect(showdowns).toBe(8);
  });

  it('seed 1 is a flush against one pair, seed 4 a kicker behind a tied pair and ace', async () => {
    const why = async (seed: number) =>
      /Why: (.*)\.\n/.exec((await runCli(['play', 'examples/nlhe-short.gbg', '--seed', String(seed)], 'call\ncheck\n'.repeat(40))).stdout)![1];
    expect(await why(1)).toBe("Bob's flush beats Alice's one pair");
    expect(await why(4)).toBe("both have one pair; Bob's kicker K beats Alice's kicker Q (pair of 5, kicker A tie)");
  });
});

describe('pokerShowdownReason', () => {
  it('names the deciding group, then the kicker, with the groups that tie', () => {
    expect(pokerShowdownReason([hand('two pair', 'KK992'), hand('two pair', 'KK772')], 0, names)).toBe(
      "both have two pair; Alice's pair of 9 beats Bob's pair of 7 (pair of K tie)",
    );
    expect(pokerShowdownReason([hand('two pair', 'KK99A'), hand('two pair', 'KK99Q')], 1 - 1, names)).toBe(
      "both have two pair; Alice's kicker A beats Bob's kicker Q (pair of K, pair of 9 tie)",
    );
    expect(pokerShowdownReason([hand('full house', 'QQQ99'), hand('full house', 'QQQTT')], 1, names)).toBe(
      "both have a full house; Bob's pair of T beats Alice's pair of 9 (three Q tie)",
    );
    expect(pokerShowdownReason([hand('straight', '65432'), hand('straight', '5432A')], 0, names)).toBe(
      "both have a straight; Alice's straight to the 6 beats Bob's straight to the 5",
    );
    expect(pokerShowdownReason([hand('four of a kind', '77773'), hand('four of a kind', '7777K')], 1, names)).toBe(
      "both have four of a kind; Bob's kicker K beats Alice's kicker 3 (four 7 tie)",
    );
    expect(pokerShowdownReason([hand('flush', 'AJ952'), hand('flush', 'AJ942')], 0, names)).toBe("both have a flush; Alice's 5 beats Bob's 4 (A, J, 9 tie)");
  });

  it('a tie names the shared category and ranks; different categories name both', () => {
    expect(pokerShowdownReason([hand('one pair', 'AAK93'), hand('one pair', 'AAK93')], -1, names)).toBe(
      'both have one pair of the same ranks (pair of A, kicker K, kicker 9, kicker 3)',
    );
    expect(pokerShowdownReason([hand('high card', 'AKQJ9'), hand('straight flush', '98765')], 1, names)).toBe("Bob's straight flush beats Alice's high card");
  });
});
