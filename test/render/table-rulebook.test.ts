/**
 * The rulebook of a three-seat game: its overview and visibility sections and its deal, shuffle
 * and blind steps speak of every seat (three seats, every stack, the hands, side pots, the last
 * seat left after folds), never of two seats or of one opponent; two-seat rulebooks keep their
 * words (the goldens of rulebook.test.ts).
 */
import { describe, expect, it } from 'vitest';
import { compileSource } from '../../src/compiler/index.js';
import { renderRulebook } from '../../src/render/rulebook.js';

const SOURCE = `game "Three-seat hold'em" {
  players Ann, Ben, Cid
  stack 200 each
  button
  odd chip left of button
  deck { ranks 9 = 9, T = 10, J = 11, Q = 12, K = 13, A = 14; suits c, d, h, s }
  pile board public
  phase Preflop {
    shuffle deck
    blinds 1, 2
    deal 2 to each
    betting fixed { bet 2; raises at most 3; first left of big-blind }
  }
  phase Flop {
    deal 3 to board
    betting fixed { bet 4; raises at most 3; first left of button }
  }
  showdown poker-hand using board
}
`;

describe('a three-seat rulebook', () => {
  const r = compileSource(SOURCE);
  expect(r.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
  const text = renderRulebook(r.ir!);
  const section = (title: string): string => text.slice(text.indexOf(`## ${title}`), text.indexOf('\n## ', text.indexOf(`## ${title}`) + 3));

  it('names the three seats and words the general rules for every seat', () => {
    const overview = section('Overview');
    expect(overview).toContain('- **Players:** Ann, Ben and Cid, three seats.');
    expect(overview).toContain('seat 3 is Cid');
    expect(overview).toContain('besides the deck and the hands: board, a public pile (every seat sees its cards)');
    expect(overview).toContain('every seat always knows every stack, the pot');
    expect(overview).toContain('the chips others put in above its all-in form side pots among the seats that matched them');
    expect(overview).toContain('as soon as every seat but one has folded (the seat left takes the whole pot');
    expect(overview).toContain('stacks plus pot always total 600 chips');
    expect(overview).not.toMatch(/two seats|both seats|both stacks|the opponent|the other seat takes/);
  });

  it('visibility and the setup steps speak of every seat', () => {
    expect(section('Visibility')).toContain('a public pile: every seat sees every card in it.');
    expect(section('Visibility')).toContain('is announced to every seat, with the chips');
    expect(text).toContain('Every seat sees the shuffle; nobody sees the resulting order.');
    expect(text).toContain('Every seat sees the blinds.');
    expect(text).toContain(
      'to each seat (Ann, Ben and Cid, in that order). Each seat sees only its own cards; the other seats see only how many cards were dealt.',
    );
  });
});
