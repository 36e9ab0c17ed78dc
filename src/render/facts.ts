/**
 * The rulebook facts check: the facts a game's IR requires its rulebook to state, and a check
 * that a rendered rulebook states each of them.
 *
 * A fact is a phrase (or pattern) the rulebook must contain, read from the IR: every seat, card,
 * stack and phase name, every amount in chips, every option of every betting round, every
 * visibility rule and the showdown metric. Matching is done on the plain text (Markdown markup
 * removed, whitespace collapsed), so a fact does not depend on the output format.
 */
import type { GameIR, Showdown, ShowdownMetric, StepHandlers } from '../ir/schema.js';
import { markdownToText } from './markdown.js';
import type { RenderFormat } from './rulebook.js';
import { dispatchStep } from './view/steps.js';
import { cardName, chips, plural } from './words.js';

/** One fact: what it is about, and the phrase or pattern that must appear. */
export interface RulebookFact {
  /** Where the fact comes from, e.g. `phase 3 (Betting), betting step: bet size`. */
  topic: string;
  /** A phrase that must appear verbatim, or a pattern that must match. */
  must: string | RegExp;
}

/** The sections of a rulebook, in the order they must appear. */
export const RULEBOOK_SECTIONS = ['Overview', 'Visibility', 'Sequence of Play', 'Phase Details', 'Showdown'] as const;

const fact = (topic: string, must: string | RegExp): RulebookFact => ({ topic, must });

function stepFacts(ir: GameIR, where: string): StepHandlers<RulebookFact[]> {
  const seat = (s: number) => ir.seats[s];
  const pile = (ref: { kind: string; seat?: number; name?: string }) =>
    ref.kind === 'deck' ? 'the deck' : ref.kind === 'hand' ? `${seat(ref.seat ?? 0)}'s hand` : `the ${ref.name}`;
  return {
    shuffle: (s) => [fact(`${where}, shuffle`, `Shuffle ${pile(s.pile)}`)],
    deal: (s) => {
      const out = [fact(`${where}, deal: count and face`, `Deal ${plural(s.count, 'card')} ${s.faceUp ? 'face up' : 'face down'} from ${pile(s.from)}`)];
      const toPublic = s.to.kind === 'pile' && ir.piles.some((p) => p.name === (s.to as { name: string }).name && p.visibility === 'public');
      if (s.faceUp || toPublic) out.push(fact(`${where}, deal: visible to both seats`, /Both seats see the cards?\./));
      else if (s.to.kind === 'each') out.push(fact(`${where}, deal: private to each seat`, /Each seat sees only its own cards?/));
      else if (s.to.kind === 'hand') out.push(fact(`${where}, deal: private to the receiver`, `Only ${seat(s.to.seat)} sees`));
      else out.push(fact(`${where}, deal: seen by nobody`, /Nobody sees the cards?/));
      return out;
    },
    ante: (s) => [
      fact(`${where}, ante: amount`, new RegExp(`antes ${chips(s.amount)}`)),
      ...s.payers.map((p) => fact(`${where}, ante: payer ${seat(p)}`, `${seat(p)}`)),
    ],
    betting: (s) => [
      fact(`${where}, betting: first to act`, `${seat(s.firstSeat)} acts first, then ${seat(1 - s.firstSeat)}`),
      fact(
        `${where}, betting: bet size`,
        s.raiseCap > 1 ? `Every bet and every raise is ${chips(s.betSize)}` : `A bet is ${chips(s.betSize)}`,
      ),
      fact(
        `${where}, betting: cap on bets and raises`,
        s.raiseCap > 1 ? `At most ${s.raiseCap} bets and raises may be made in this round in total, the opening bet included` : `Only ${plural(s.raiseCap, 'bet')} may be made in this round, and there are no raises`,
      ),
      fact(`${where}, betting: option check`, 'check: put in nothing'),
      fact(`${where}, betting: option bet`, `bet: put ${chips(s.betSize)} into the pot`),
      fact(`${where}, betting: option fold`, 'fold: give up. The opponent takes the whole pot'),
      fact(`${where}, betting: option call`, 'call: put in exactly enough chips to match'),
      ...(s.raiseCap > 1 ? [fact(`${where}, betting: option raise`, `raise: put in enough chips to match plus ${chips(s.betSize)} more`)] : []),
      fact(`${where}, betting: all-in call`, /cannot pay the whole call puts in its entire stack \(all-in\)/),
      fact(`${where}, betting: end of round`, 'The round ends when both seats have acted and have put the same number of chips into the pot'),
      fact(`${where}, betting: most chips per seat`, `A seat puts at most ${chips(s.betSize * s.raiseCap)} into the pot in this round`),
    ],
  };
}

function showdownFacts(ir: GameIR): RulebookFact[] {
  const byMetric: { [M in ShowdownMetric]: (sd: Showdown) => RulebookFact[] } = {
    'high-card': () => [fact('showdown metric: high card', 'Comparison (high card): sort each hand from highest to lowest rank')],
    'pair-with-board': (sd) => [
      fact('showdown metric: pair with the board', `Comparison (pair with the board): a seat has a pair when a card in its hand has the same rank as a card on the ${sd.board}`),
      fact('showdown metric: pair beats no pair', 'A seat with a pair beats a seat without one'),
      fact('showdown metric: otherwise high card', 'compared by high card'),
    ],
  };
  return [
    ...byMetric[ir.showdown.metric](ir.showdown),
    ...ir.deck.ranks.map((r) => fact(`showdown: value of rank ${r.name}`, `${r.name} = ${r.value}`)),
    fact('showdown: winner takes the pot', 'the seat with the better hand takes the whole pot'),
    fact('showdown: ties split the pot', 'the pot is split: each seat receives half of it, rounded down'),
    fact('showdown: odd chip', 'the chip left over goes to one of the two seats chosen at random'),
  ];
}

/**
 * The facts the rulebook of `ir` must state.
 * @returns facts in rulebook order (overview, visibility, sequence, phases, showdown)
 */
export function rulebookFacts(ir: GameIR): RulebookFact[] {
  const out: RulebookFact[] = [fact('game name', ir.name)];
  ir.seats.forEach((s, i) => out.push(fact(`seat ${i + 1}`, `seat ${i + 1} is ${s}`)));
  out.push(
    fact(
      'starting stacks',
      ir.stacks[0] === ir.stacks[1] ? `Starting stacks: ${chips(ir.stacks[0])} each` : `Starting stacks: ${ir.seats[0]} ${chips(ir.stacks[0])}, ${ir.seats[1]} ${chips(ir.stacks[1])}`,
    ),
  );
  out.push(fact('total chips', `stacks plus pot always total ${chips(ir.stacks[0] + ir.stacks[1])}`));
  out.push(fact('pot', 'Pot: starts empty (0 chips)'));
  for (const suit of ir.deck.suits) for (const r of ir.deck.ranks) out.push(fact(`deck card ${cardName(r.name, suit)}`, cardName(r.name, suit)));
  for (const p of ir.piles) out.push(fact(`pile ${p.name}: visibility`, `${p.name}: ${p.visibility === 'public' ? 'a public pile' : 'a hidden pile'}`));
  out.push(
    fact('visibility: hands are private', "the cards in a seat's hand are private"),
    fact('visibility: public numbers', 'the stacks, the pot, the number of cards left in the deck and the number of cards in each hand are public'),
    fact('visibility: actions announced', /is announced to both seats/),
    fact('visibility: condition checks', 'Condition checks:'),
  );
  ir.phases.forEach((p, i) => out.push(fact(`sequence of play: phase ${i + 1}`, `${i + 1}. ${p.name}:`)));
  out.push(fact('sequence of play: showdown', `${ir.phases.length + 1}. Showdown:`));
  ir.phases.forEach((p, i) => {
    const where = `phase ${i + 1} (${p.name})`;
    out.push(fact(`${where}: heading`, `Phase ${i + 1}: ${p.name}`));
    const handlers = stepFacts(ir, where);
    for (const step of p.steps) out.push(...dispatchStep(handlers, step));
  });
  out.push(...showdownFacts(ir));
  return out;
}

/** Plain text of a rendered rulebook for matching: markup removed (Markdown input), whitespace collapsed. */
export function normalizeRulebook(text: string, format: RenderFormat = 'md'): string {
  return (format === 'md' ? markdownToText(text) : text).replace(/\s+/g, ' ');
}

/** The result of checking a rendered rulebook against its IR. */
export interface FactsReport {
  /** Facts the rulebook does not state. */
  missing: RulebookFact[];
  /** Sections missing or out of order. */
  sectionErrors: string[];
}

/**
 * Check that `rendered` states every fact of `ir` and has the five sections in order.
 * @param format the format `rendered` was rendered in (`md` text is converted to plain text first)
 */
export function checkRulebookFacts(ir: GameIR, rendered: string, format: RenderFormat = 'md'): FactsReport {
  const text = normalizeRulebook(rendered, format);
  const missing = rulebookFacts(ir).filter((f) => (typeof f.must === 'string' ? !text.includes(f.must) : !f.must.test(text)));
  const sectionErrors: string[] = [];
  const lines = (format === 'md' ? markdownToText(rendered) : rendered).split('\n');
  let last = -1;
  for (const section of RULEBOOK_SECTIONS) {
    const at = lines.findIndex((l) => l.trim() === section);
    if (at < 0) sectionErrors.push(`section '${section}' is missing`);
    else if (at < last) sectionErrors.push(`section '${section}' is out of order`);
    else last = at;
  }
  return { missing, sectionErrors };
}
