/**
 * The rulebook facts check: the facts a game's IR requires its rulebook to state, and a check
 * that a rendered rulebook states each of them.
 *
 * A fact is a phrase (or pattern) the rulebook must contain, read from the IR: every seat, card,
 * stack, phase and sub-phase name, every counter and position, every amount in chips, every
 * option, every condition with its check (public or private), every visibility rule and the
 * showdown rules. The facts of each step kind are in `facts-steps.ts`. Matching is done on the
 * plain text (Markdown markup removed, whitespace collapsed), so a fact does not depend on the
 * output format.
 */
import type { GameIR, Showdown, ShowdownMetric } from '../ir/schema.js';
import { fact, conditionWords, stepsFacts, type RulebookFact } from './facts-steps.js';
import { markdownToText } from './markdown.js';
import { possibleCategories } from '../interpreter/poker-hand.js';
import { pokerRankOrder } from '../ir/poker.js';
import { optionHasCost } from '../ir/walk.js';
import type { RenderFormat } from './rulebook.js';
import { handsFixed, hasPrivateSteps, subphaseLayout } from './view/analysis.js';
import { allSteps, conditionsOf, playerSeats } from '../ir/facts.js';
import { cardName, chips, englishList, humanize } from './words.js';

export type { RulebookFact };

/** The sections of a rulebook, in the order they must appear. */
export const RULEBOOK_SECTIONS = ['Overview', 'Visibility', 'Sequence of Play', 'Phase Details', 'Showdown'] as const;

function showdownFacts(ir: GameIR): RulebookFact[] {
  const rank = (i: number) => ir.deck.ranks[i].name;
  const byMetric: { [M in ShowdownMetric]: (sd: Extract<Showdown, { metric: M }>) => RulebookFact[] } = {
    'high-card': () => [
      fact('showdown metric: high card', 'Comparison (high card): sort each hand from highest to lowest rank'),
      fact('showdown: hands that run out', 'one hand runs out of cards first, the hand with cards left wins'),
      fact('showdown: empty hand', 'An empty hand loses to any hand with cards, and two empty hands tie'),
    ],
    'pair-with-board': (sd) => [
      fact(
        'showdown metric: pair with the board',
        `Comparison (pair with the board): a seat has a pair when a card in its hand has the same rank as a card on the ${sd.board}`,
      ),
      fact('showdown metric: pair beats no pair', 'A seat with a pair beats a seat without one'),
      fact('showdown metric: otherwise high card', 'compared by high card'),
    ],
    'poker-hand': (sd) => {
      const order = pokerRankOrder(ir).map(rank);
      const shape = { numRanks: order.length, perRank: ir.deck.suits.length * ir.deck.copies, perSuit: order.length * ir.deck.copies };
      const cats = possibleCategories(shape, { suited: sd.suited, flushBeatsFullHouse: sd.flushBeatsFullHouse });
      return [
        fact('showdown metric: poker hand', `Comparison (poker hand): each seat plays the best five-card poker hand it can make`),
        ...(sd.board ? [fact('showdown: poker hand uses the board', `together with the cards on the ${sd.board}`)] : []),
        fact('showdown: ranking of poker hands', `Ranking of hands, from best to worst: ${cats.join(', ')}`),
        fact('showdown: rank order', `Rank order, lowest to highest: ${order.join(', ')}`),
        ...(order.length >= 6
          ? [fact('showdown: lowest straight', `${[order[order.length - 1], ...order.slice(0, 4)].join(', ')} is the lowest straight`)]
          : []),
        ...(sd.suited ? [] : [fact('showdown: suits do not count', 'Suits do not count in this game')]),
        ...(sd.flushBeatsFullHouse && sd.suited ? [fact('showdown: flush beats full house', 'a flush beats a full house')] : []),
        fact('showdown: kickers', 'then the remaining cards (kickers) one by one from the highest'),
      ];
    },
    'sum-of-ranks': (sd) => [
      fact('showdown metric: sum of ranks', 'Comparison (sum of ranks): each hand gets a total: the sum of the rank values of its cards'),
      fact('showdown: higher total wins', 'The higher total wins; equal totals tie'),
      ...sd.rules.map((r) =>
        fact(
          `showdown: ${r.points >= 0 ? 'bonus' : 'penalty'} for ${r.kind === 'pair' ? 'a pair of' : 'each'} ${rank(r.rank)}`,
          `${r.points >= 0 ? 'Bonus: plus' : 'Penalty: minus'} ${Math.abs(r.points)} point${Math.abs(r.points) === 1 ? '' : 's'} ${r.kind === 'pair' ? `if the hand holds a pair of ${rank(r.rank)}` : `for each card of rank ${rank(r.rank)}`}`,
        ),
      ),
      ...(allSteps(ir).some((s) => s.kind === 'score') ? [fact('showdown: scores added', "plus the seat's score")] : []),
    ],
  };
  const sd = ir.showdown;
  const steps = allSteps(ir);
  return [
    ...(byMetric[sd.metric] as (x: Showdown) => RulebookFact[])(sd),
    ...(sd.metric === 'high-card' && !handsFixed(ir)
      ? [fact('showdown: next-highest cards on equal ranks', 'if their ranks are equal, the next-highest cards are compared, and so on')]
      : []),
    ...ir.deck.ranks.map((r) => fact(`showdown: value of rank ${r.name}`, `${r.name} = ${r.value}`)),
    ...(steps.some((s) => s.kind === 'sidebet')
      ? [fact('showdown: side bets settled first', 'Side bets first: every side bet that was accepted is settled now')]
      : []),
    fact('showdown: winner takes the pot', 'the seat with the better hand takes the whole pot'),
    fact('showdown: ties split the pot', 'the pot is split: each seat receives half of it, rounded down'),
    fact('showdown: odd chip', 'the chip left over goes to one of the two seats chosen at random'),
  ];
}

function overviewFacts(ir: GameIR): RulebookFact[] {
  const steps = allSteps(ir);
  const out: RulebookFact[] = [fact('game name', ir.name)];
  ir.seats.forEach((s, i) => out.push(fact(`seat ${i + 1}`, `seat ${i + 1} is ${s}`)));
  if (ir.shoe)
    out.push(
      fact('shoe', 'the deck is a shoe, shuffled when it is new, and it is not renewed between the hands of a match'),
      fact('shoe: cut card', `when fewer than ${ir.shoe.cut} cards remain (the cut card), a new shoe`),
    );
  if (ir.house) {
    const house = ir.seats[ir.house.seat];
    const bank = ir.house.bank;
    out.push(
      fact('house', `${house} is the house: it makes no decisions`),
      fact('house bank', bank === 'unlimited' ? 'an unlimited bank: it always pays in full what the rules make it pay' : `a bank of ${chips(bank)}`),
      fact('results', 'results are reported for the players only'),
      fact(
        'starting stacks',
        `Starting stacks: ${playerSeats(ir)
          .map((s) => `${ir.seats[s]} ${chips(ir.stacks[s])}, `)
          .join('')}and the house's ${bank === 'unlimited' ? 'unlimited bank' : `bank of ${chips(bank)}`}`,
      ),
    );
    if (bank !== 'unlimited') out.push(fact('total chips', `stacks plus pot always total ${chips(ir.stacks.reduce((a, b) => a + b, 0))}`));
    out.push(fact('pot', 'Pot: starts empty (0 chips)'));
  } else
    out.push(
      fact(
        'starting stacks',
        ir.stacks.every((s) => s === ir.stacks[0])
          ? `Starting stacks: ${chips(ir.stacks[0])} each`
          : `Starting stacks: ${ir.seats.map((seat, i) => `${seat} ${chips(ir.stacks[i])}`).join(', ')}`,
      ),
      fact('total chips', `stacks plus pot always total ${chips(ir.stacks.reduce((a, b) => a + b, 0))}`),
      fact('pot', 'Pot: starts empty (0 chips)'),
    );
  for (const suit of ir.deck.suits) for (const r of ir.deck.ranks) out.push(fact(`deck card ${cardName(r.name, suit)}`, cardName(r.name, suit)));
  for (const p of ir.piles) out.push(fact(`pile ${p.name}: visibility`, `${p.name}: ${p.visibility === 'public' ? 'a public pile' : 'a hidden pile'}`));
  for (const v of ir.variables) out.push(fact(`counter ${v.name}: starting value`, `«${humanize(v.name)}» starts at ${v.initial}`));
  for (const p of ir.positions)
    out.push(
      fact(
        `position ${p.name}: visibility`,
        `${humanize(p.name)} (${p.visibility === 'public' ? 'public: both seats are told who holds it' : 'hidden: each seat is told only whether it holds it itself'})`,
      ),
    );
  if (steps.some((s) => s.kind === 'score')) out.push(fact('scores', 'each seat has a score that starts at 0'));
  if (!handsFixed(ir)) out.push(fact('general rule: hand sizes', 'a hand has no size limit'));
  if (steps.some((s) => s.kind === 'pay')) out.push(fact('general rule: payments clamped', 'Payments are clamped'));
  if (steps.some((s) => s.kind === 'choice' && s.options.some((o) => optionHasCost(o) && o.costChance >= 1)))
    out.push(fact('general rule: costs of options', 'An option with a fixed cost is offered only when the seat can pay it'));
  if (steps.some((s) => s.kind === 'choice' && s.options.some((o) => optionHasCost(o) && o.costChance > 0 && o.costChance < 1)))
    out.push(fact('general rule: chance costs', 'A chance cost (for example a 50% chance of paying 1 chip) is settled after the choice'));
  if (steps.some((s) => !['shuffle', 'deal', 'ante', 'betting'].includes(s.kind)))
    out.push(fact('general rule: order of steps and skipped steps', 'A step that cannot be carried out'));
  if (conditionsOf(allSteps(ir)).length > 0) out.push(fact('general rule: conditions', 'a condition is checked when its step is reached'));
  if (steps.some((s) => s.kind === 'end' || s.kind === 'varbet'))
    out.push(fact('general rule: game end', 'the game ends at once when a seat folds or an end step is reached'));
  return out;
}

function visibilityFacts(ir: GameIR): RulebookFact[] {
  const steps = allSteps(ir);
  const has = (pred: (s: (typeof steps)[number]) => boolean) => steps.some(pred);
  const cond = conditionWords(ir);
  const out: RulebookFact[] = [
    fact('visibility: hands are private', "the cards in a seat's hand are private"),
    fact('visibility: public numbers', 'the stacks, the pot, the number of cards left in the deck and the number of cards in each hand are public'),
    fact('visibility: actions announced', /is announced to both seats/),
    fact('visibility: condition checks', 'Condition checks:'),
  ];
  if (has((s) => s.kind === 'simultaneous'))
    out.push(fact('visibility: secret simultaneous choices', "neither seat sees the other's pick until both are locked in"));
  if (has((s) => s.kind === 'auction')) out.push(fact('visibility: sealed bids', 'each bid is secret until both bids are in'));
  if (has((s) => s.kind === 'peek' && s.visibility === 'private'))
    out.push(fact('visibility: secret peeks', 'Secret peeks: a peek marked secret is fully private: only the peeking seat knows that the peek happened'));
  if (has((s) => s.kind === 'peek' && s.visibility === 'occurrence'))
    out.push(
      fact(
        'visibility: announced peeks',
        'both seats are told that the peek happened (the occurrence is public), but only the peeking seat sees the card (the content is private)',
      ),
    );
  if (has((s) => s.kind === 'choice' && s.announce === 'private'))
    out.push(fact('visibility: private choices', 'the opponent is told only that a choice was made'));
  if (ir.variables.length > 0) out.push(fact('visibility: counters public', 'both seats always know their values'));
  if (hasPrivateSteps(ir))
    out.push(fact('visibility: inferability of private steps', 'Privacy hides the identity of what happened, not that something happened'));
  const seen = new Set<string>();
  for (const c of conditionsOf(allSteps(ir))) {
    const use = { public: 'public check', private: 'private check', loop: 'early exit of a repeat', sidebet: 'side-bet condition' }[c.use];
    const phrase = `${cond(c.cond)} (${use}`;
    if (seen.has(phrase)) continue;
    seen.add(phrase);
    out.push(fact(`visibility: condition ${seen.size} listed with its check`, phrase));
  }
  return out;
}

/**
 * The facts the rulebook of `ir` must state.
 * @returns facts in rulebook order (overview, visibility, sequence, phases and sub-phases, showdown)
 */
export function rulebookFacts(ir: GameIR): RulebookFact[] {
  const out = [...overviewFacts(ir), ...visibilityFacts(ir)];
  ir.phases.forEach((p, i) => out.push(fact(`sequence of play: phase ${i + 1}`, `${i + 1}. ${humanize(p.name)}:`)));
  out.push(fact('sequence of play: showdown', `${ir.phases.length + 1}. Showdown:`));
  const layout = subphaseLayout(ir);
  ir.phases.forEach((p, i) => {
    const where = `phase ${i + 1} (${p.name})`;
    out.push(fact(`${where}: heading`, `Phase ${i + 1}: ${humanize(p.name)}`));
    out.push(...stepsFacts(ir, p.steps, where));
  });
  for (const sp of ir.subphases) {
    const where = `sub-phase ${sp.name}`;
    const callers = (layout.callers.get(sp.name) ?? []).map(humanize);
    out.push(fact(`${where}: heading`, `Sub-phase: ${humanize(sp.name)}${callers.length ? ` (called from ${englishList(callers)})` : ''}`));
    out.push(
      fact(
        `${where}: play returns`,
        callers.length === 0
          ? 'No step calls this sub-phase'
          : callers.length === 1
            ? `Play returns to ${callers[0]}, right after the call`
            : `Play returns to whichever of ${callers.join(' or ')} called it`,
      ),
    );
    out.push(...stepsFacts(ir, sp.steps, where));
  }
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
