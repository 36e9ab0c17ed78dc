/**
 * The rulebook of the league's three-seat table (examples/league-holdem.gbg) against the IR's own
 * facts: the blinds and minimum bet as the IR states them, the seat acting first in each round, the
 * button and its rotation, the betting round worded for every seat still in the hand (a fold leaves
 * the hand, the round ends when every seat still in has matched or is all-in, the smallest raise,
 * an incomplete all-in that does not reopen the betting), side pots, the odd chip left of the
 * button, the showdown of every remaining hand; no two-seat wording anywhere.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { compileSource } from '../../src/compiler/index.js';
import { allSteps, tableSeatWords } from '../../src/ir/facts.js';
import { renderRulebook } from '../../src/render/rulebook.js';
import { renderStepSentence } from '../../src/render/step.js';

const ir = compileSource(readFileSync('examples/league-holdem.gbg', 'utf8')).ir!;
const book = renderRulebook(ir);
const steps = allSteps(ir);

describe("the league table's rulebook", () => {
  it('states the blinds, the minimum bet and who acts first as the IR has them', () => {
    const blinds = steps.filter((s) => s.kind === 'blinds');
    expect(blinds).toHaveLength(1);
    const b = blinds[0] as { smallAmount: number; bigAmount: number };
    expect(book).toContain(
      `the small blind (the first seat left of the button) posts ${b.smallAmount} chips and the big blind (the next seat left) posts ${b.bigAmount} chips`,
    );
    const rounds = steps.filter((s) => s.kind === 'varbet') as { minBet?: number; raises?: string; firstSeat: unknown }[];
    expect(rounds).toHaveLength(4);
    const phases = book.split('\n### Phase ').slice(1);
    expect(phases).toHaveLength(ir.phases.length);
    ir.phases.forEach((p, i) => {
      const round = p.steps.find((s) => s.kind === 'varbet') as
        { minBet?: number; raises?: string; firstSeat: Parameters<typeof tableSeatWords>[0] } | undefined;
      if (!round) return;
      const text = phases[i];
      expect(text).toContain(`- A ${round.raises} betting round among the seats still in the hand`);
      expect(text).toContain(
        `  - ${tableSeatWords(round.firstSeat)} acts first; then the turn passes clockwise, in seat order, to the next seat still in the hand with chips behind.`,
      );
      expect(text).toContain(`or plus ${round.minBet} chips (the minimum bet), whichever is more.`);
    });
  });

  it('words the betting round, pots and positions for every seat', () => {
    const rules = [
      // a fold leaves the hand; the last seat left takes the pot
      'fold**: give up the hand. The seat leaves the hand and the chips it put in stay in the pot. When every seat but one has folded, the seat left takes the whole pot at once',
      // when the round ends
      'The round ends when every seat still in the hand has acted and has put in as much as the highest bet of the round, or is all-in.',
      // the incomplete all-in
      'such a short all-in does not change the smallest raise, and does not reopen the betting: a seat that has already acted in this round may then only fold or call, unless the bets and raises made since it last acted add up to at least a full raise.',
      // side pots and the odd chip
      '**Main pot and side pots:**',
      'each pot, the main pot first, goes to the best hand among the seats contesting it.',
      'the chips left over go one each to the tied seats in seat order, starting from the first seat left of the button.',
      // the button and its rotation
      'one seat holds the button. Who holds it is set when a hand starts; in a match of several hands it moves one seat clockwise',
      'The first seat left of the button (the next in seat order) is the small blind and the seat left of that the big blind.',
      // showdown of every remaining hand
      'Every hand still in the pot is turned face up; every seat sees them.',
      `- **Players:** A, B and C, three seats.`,
      `stacks plus pot always total ${ir.stacks.reduce((a, b) => a + b, 0)} chips.`,
    ];
    for (const r of rules) expect(book).toContain(r);
    expect(ir.oddChip).toBe('left-of-button');
    expect(book).not.toMatch(/both seats|both hands|the opponent|the other seat\b|the two seats|one of the two seats|Both seats/);
  });

  it('each step’s sentence (the editor hover) is the rulebook’s, with the table wording', () => {
    for (const s of steps.filter((x) => x.kind === 'blinds' || x.kind === 'varbet' || x.kind === 'deal')) {
      const sentence = renderStepSentence(ir, s);
      expect(book).toContain(sentence.split('\n')[0]);
      expect(sentence).not.toMatch(/both seats|the opponent|the other seat\b|Both seats/);
    }
  });
});
