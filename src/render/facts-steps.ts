/**
 * The facts each step kind requires the rulebook to state: who acts, every amount, every option,
 * every condition and every visibility rule of the step, as phrases matched against the plain
 * text of the rulebook (Markdown removed, whitespace collapsed). One handler per step kind
 * (`StepHandlers`), and the facts of the steps nested in blocks follow their parent's.
 */
import type { BoolExpr, GameIR, PileRef, Step, StepHandlers } from '../ir/schema.js';
import { tableSeatWords, type SeatInRules } from '../ir/facts.js';
import { renderEngine } from './engine.js';
import { optionHasCost } from '../ir/walk.js';
import { markdownToText } from './markdown.js';
import { viewContext } from './view/context.js';
import { dispatchStep } from './view/dispatch.js';
import { exprViewBuilders } from './view/expr.js';
import { chips, englishList, humanize, percent, plural } from './words.js';

/** One fact: what it is about, and the phrase or pattern that must appear. */
export interface RulebookFact {
  /** Where the fact comes from, e.g. `phase 3 (Betting), betting step: bet size`. */
  topic: string;
  /** A phrase that must appear verbatim, or a pattern that must match. */
  must: string | RegExp;
}

export const fact = (topic: string, must: string | RegExp): RulebookFact => ({ topic, must });

const cap = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** Condition phrases as the rulebook words them (plain text), for the facts of one game. */
export function conditionWords(ir: GameIR): (c: BoolExpr) => string {
  const expr = exprViewBuilders(viewContext(ir));
  const engine = renderEngine();
  return (c) => {
    const v = expr.cond(c);
    return markdownToText(engine.render(v.partial, v));
  };
}

/** The facts of every step of `steps` and of the steps nested in them; `where` names the place (`phase 3 (Betting)`). */
export function stepsFacts(ir: GameIR, steps: readonly Step[], where: string): RulebookFact[] {
  const seat = (s: SeatInRules) => (typeof s === 'number' ? ir.seats[s] : tableSeatWords(s));
  const other = (s: SeatInRules) => (typeof s === 'number' ? ir.seats[s === 0 ? 1 : 0] : 'the next seats clockwise');
  const actor = (a: { kind: string; seat?: number }) => (a.kind === 'seat' ? ir.seats[a.seat ?? 0] : 'the winner');
  const party = (p: { kind: string; seat?: number }) => (p.kind === 'seat' ? ir.seats[p.seat ?? 0] : p.kind === 'winner' ? 'the winner' : 'the pot');
  const pile = (ref: PileRef) => (ref.kind === 'deck' ? 'the deck' : ref.kind === 'hand' ? `${seat(ref.seat)}'s hand` : `the ${ref.name}`);
  const cond = conditionWords(ir);
  const nested = (inner: readonly Step[], at: string) => stepsFacts(ir, inner, at);
  const check = (c: 'public' | 'private') =>
    c === 'public' ? '(public check: both seats are told whether this holds)' : '(private check: neither seat is told the result)';

  const handlers: StepHandlers<RulebookFact[]> = {
    shuffle: (s) => [fact(`${where}, shuffle`, `Shuffle ${pile(s.pile)}`)],
    deal: (s) => {
      const to = s.to.kind === 'each' ? 'each seat' : s.to.kind === 'winner' ? "the winner's hand" : pile(s.to);
      const out = [
        fact(`${where}, deal: count and face`, `Deal ${plural(s.count, 'card')} ${s.faceUp ? 'face up' : 'face down'} from ${pile(s.from)} to ${to}`),
      ];
      const toPublic = s.to.kind === 'pile' && ir.piles.some((p) => p.name === (s.to as { name: string }).name && p.visibility === 'public');
      if (s.faceUp || toPublic) out.push(fact(`${where}, deal: visible to both seats`, /Both seats see the cards?\./));
      else if (s.to.kind === 'each') out.push(fact(`${where}, deal: private to each seat`, /Each seat sees only its own cards?/));
      else if (s.to.kind === 'hand') out.push(fact(`${where}, deal: private to the receiver`, `Only ${seat(s.to.seat)} sees`));
      else if (s.to.kind === 'winner') out.push(fact(`${where}, deal: private to the winner`, 'Only the winner sees'));
      else out.push(fact(`${where}, deal: seen by nobody`, /Nobody sees the cards?/));
      return out;
    },
    ante: (s) => [
      fact(`${where}, ante: amount`, new RegExp(`antes ${chips(s.amount)}`)),
      ...s.payers.map((p) => fact(`${where}, ante: payer ${seat(p)}`, `${seat(p)}`)),
    ],
    betting: (s) => {
      if (typeof s.betSize === 'object')
        return [
          fact(`${where}, betting: first to act`, `${seat(s.firstSeat)} acts first, then ${other(s.firstSeat)}`),
          fact(
            `${where}, betting: bet size from an expression`,
            'The bet size is worked out when the round starts and holds for the whole round (at least 1 chip)',
          ),
          fact(`${where}, betting: most chips per seat`, `A seat puts at most ${s.raiseCap} times the bet size into the pot in this round`),
        ];
      const betSize = s.betSize;
      return [
        fact(`${where}, betting: first to act`, `${seat(s.firstSeat)} acts first, then ${other(s.firstSeat)}`),
        fact(`${where}, betting: bet size`, s.raiseCap > 1 ? `Every bet and every raise is ${chips(betSize)}` : `A bet is ${chips(betSize)}`),
        fact(
          `${where}, betting: cap on bets and raises`,
          s.raiseCap > 1
            ? `At most ${s.raiseCap} bets and raises may be made in this round in total, the opening bet included`
            : `Only ${plural(s.raiseCap, 'bet')} may be made in this round, and there are no raises`,
        ),
        fact(`${where}, betting: option check`, 'check: put in nothing'),
        fact(`${where}, betting: option bet`, `bet: put ${chips(betSize)} into the pot`),
        fact(`${where}, betting: option fold`, 'fold: give up. The opponent takes the whole pot'),
        fact(`${where}, betting: option call`, 'call: put in exactly enough chips to match'),
        ...(s.raiseCap > 1 ? [fact(`${where}, betting: option raise`, `raise: put in enough chips to match plus ${chips(betSize)} more`)] : []),
        fact(`${where}, betting: all-in call`, /cannot pay the whole call puts in its entire stack \(all-in\)/),
        fact(
          `${where}, betting: all-in seats`,
          'A seat with no chips left (all-in) makes no more decisions: if a seat has no chips when the round starts, the round is skipped and play goes on; a bet or raise is offered only while the opponent still has chips to answer it',
        ),
        fact(`${where}, betting: end of round`, 'The round ends when both seats have acted and have put the same number of chips into the pot'),
        fact(`${where}, betting: most chips per seat`, `A seat puts at most ${chips(betSize * s.raiseCap)} into the pot in this round`),
      ];
    },
    blinds: (s) => [
      fact(`${where}, blinds: small blind`, `${seat(s.small)} posts the small blind of ${chips(s.smallAmount)}`),
      fact(`${where}, blinds: big blind`, `${seat(s.big)} the big blind of ${chips(s.bigAmount)}`),
      fact(`${where}, blinds: live`, 'The blinds are live bets'),
    ],
    varbet: (s) =>
      s.raises
        ? [
            fact(`${where}, ${s.raises} betting: kind`, `A ${s.raises} betting round`),
            fact(`${where}, ${s.raises} betting: first to act`, `${seat(s.firstSeat)} acts first`),
            fact(`${where}, ${s.raises} betting: smallest raise`, `or plus ${chips(s.minBet ?? 1)} (the minimum bet), whichever is more`),
            fact(`${where}, ${s.raises} betting: short all-in`, 'does not reopen the betting'),
            fact(
              `${where}, ${s.raises} betting: largest`,
              s.raises === 'no-limit' ? "the seat's whole stack (all-in)" : 'the bet faced plus the pot after the call',
            ),
          ]
        : [
            fact(`${where}, variable betting: kind`, 'A variable betting round, with no raises'),
            fact(`${where}, variable betting: first to act`, `${seat(s.firstSeat)} acts first and chooses one of`),
            fact(
              `${where}, variable betting: bet range`,
              `bet: put any whole number of chips from 1 to ${s.max === 'stack' ? `${seat(s.firstSeat)}'s whole stack` : chips(s.max)}`,
            ),
            fact(`${where}, variable betting: fold`, 'fold: give up. The bettor takes the whole pot at once'),
            fact(
              `${where}, variable betting: call and all-in`,
              'goes all-in with its whole stack, and the part of the bet it cannot match goes back from the pot to the bettor',
            ),
            fact(`${where}, variable betting: all-in seats`, 'if a seat has no chips left (all-in), the round is skipped and play goes on'),
          ],
    call: (s) => [fact(`${where}, call ${s.phase}`, `Play the sub-phase ${humanize(s.phase)}`)],
    if: (s) => [
      ...s.branches.flatMap((b, i) => [
        fact(`${where}, if: branch ${i + 1} condition and check`, `${i === 0 ? 'If' : 'Otherwise, if'} ${cond(b.cond)} ${check(b.check)}`),
        ...nested(b.steps, `${where}, if branch ${i + 1}`),
      ]),
      fact(`${where}, if: otherwise`, s.otherwise.length ? 'Otherwise:' : 'Otherwise: nothing happens'),
      ...nested(s.otherwise, `${where}, otherwise`),
      ...(s.branches.some((b) => b.check === 'private')
        ? [
            fact(
              `${where}, if: inferability of the private check`,
              /Which branch ran after a private check is not announced, (but the branches change .+ differently, so a seat may be able to infer it|and the branches have the same public effects)/,
            ),
          ]
        : []),
    ],
    triggers: (s) => [
      fact(`${where}, events: checked in order`, 'Events, checked in order. Each event below is checked at its own turn'),
      fact(`${where}, events: not mutually exclusive`, 'The events are not mutually exclusive'),
      ...s.items.flatMap((item, i) => [
        fact(`${where}, event ${i + 1}: condition and check`, `Event ${i + 1}: if ${cond(item.cond)} ${check(item.check)}`),
        ...nested(item.steps, `${where}, event ${i + 1}`),
      ]),
    ],
    repeat: (s) => [
      fact(`${where}, repeat: round cap`, `Repeat, up to ${s.max} rounds (the round cap is ${s.max})`),
      fact(`${where}, repeat: counter`, `The round counter «${humanize(s.counter)}» starts at 0 and rises by 1 after each round`),
      fact(`${where}, repeat: stop at the cap`, `the repetition stops if «${humanize(s.counter)}» has reached ${s.max}`),
      ...(s.until ? [fact(`${where}, repeat: early exit`, `or if ${cond(s.until)}`)] : []),
      fact(`${where}, repeat: game end stops it`, 'it also stops at once if the game ends during a round'),
      ...nested(s.steps, `${where}, repeat body`),
    ],
    end: (s) => [
      fact(
        `${where}, end: who takes the pot`,
        s.winner === null ? 'There is no winner: the pot is split as at a tied showdown' : `${seat(s.winner)} takes the whole pot`,
      ),
      fact(`${where}, end: reason`, `"${s.reason}"`),
      fact(`${where}, end: later steps skipped`, 'Everything after this step, the showdown included, is skipped'),
    ],
    choice: (s) => [
      fact(
        `${where}, choice: options`,
        `${seat(s.seat)} chooses one of ${englishList(
          s.options.map((o) => o.name),
          'or',
        )}`,
      ),
      fact(
        `${where}, choice: announcement`,
        s.announce === 'public'
          ? 'The choice is announced to both seats'
          : `${other(s.seat)} is told only that ${seat(s.seat)} made a choice, not which option`,
      ),
      ...s.options.flatMap((o) => {
        if (typeof o.cost === 'object') {
          // The expression's words are checked by the rulebook tests; the fact pins the phrase around it.
          const head = o.costChance >= 1 ? ' (costs as many chips as' : ` (${percent(o.costChance)} chance of costing as many chips as`;
          return [fact(`${where}, choice option ${o.name}`, `- ${o.name}${head}`), ...nested(o.steps, `${where}, option ${o.name}`)];
        }
        const cost =
          o.cost > 0 && o.costChance >= 1
            ? ` (costs ${chips(o.cost)})`
            : o.cost > 0 && o.costChance > 0
              ? ` (${percent(o.costChance)} chance of costing ${chips(o.cost)})`
              : '';
        return [fact(`${where}, choice option ${o.name}`, `- ${o.name}${cost}:`), ...nested(o.steps, `${where}, option ${o.name}`)];
      }),
      ...(s.options.some((o) => optionHasCost(o) && o.costChance >= 1)
        ? [fact(`${where}, choice: fixed costs`, `An option with a fixed cost is offered only when ${seat(s.seat)}'s stack covers the cost`)]
        : []),
      ...(s.options.some((o) => typeof o.cost === 'object')
        ? [
            fact(
              `${where}, choice: cost expressions`,
              'A cost written as an expression is worked out when the choice is offered, from numbers both seats see: an option whose cost comes to 0 or less is free',
            ),
          ]
        : []),
      ...(s.options.some((o) => optionHasCost(o) && o.costChance > 0 && o.costChance < 1)
        ? [fact(`${where}, choice: chance costs`, `if it is due and ${seat(s.seat)} cannot pay it, the option has no effect and the choice is used up`)]
        : []),
    ],
    wager: (s) => [
      fact(
        `${where}, wager: range`,
        `${seat(s.seat)} wagers a whole number of chips of ${seat(s.seat)}'s choice, from ${chips(s.min)} to ${typeof s.max === 'object' ? 'as many chips as' : s.max === 'stack' ? `${seat(s.seat)}'s whole stack` : chips(s.max)}`,
      ),
      fact(`${where}, wager: announced, outstanding bet`, 'The amount is announced to both seats and becomes the outstanding bet'),
    ],
    match: (s) => [
      fact(`${where}, match`, `${seat(s.seat)} matches the outstanding bet`),
      fact(
        `${where}, match: all-in and excess`,
        `${seat(s.seat)} puts in the whole stack (all-in) and the part of the bet that is not matched goes back from the pot to the bettor`,
      ),
    ],
    simultaneous: (s) => {
      const listed = new Set(s.outcomes.map((o) => `${o.first}/${o.second}`));
      const rest = s.options.flatMap((a) => s.options.map((b) => `${a}/${b}`)).filter((p) => !listed.has(p));
      return [
        fact(`${where}, simultaneous: options`, `${ir.seats[0]} and ${ir.seats[1]} each choose one of ${englishList(s.options, 'or')}, in secret`),
        fact(`${where}, simultaneous: secrecy`, "neither seat sees the other's pick until both picks are locked in"),
        fact(`${where}, simultaneous: reveal`, 'Then both picks are revealed to both seats'),
        ...s.outcomes.flatMap((o) => [
          fact(`${where}, outcome ${o.first}/${o.second}`, `${ir.seats[0]} picks ${o.first}, ${ir.seats[1]} picks ${o.second}:`),
          ...nested(o.steps, `${where}, outcome ${o.first}/${o.second}`),
        ]),
        ...(rest.length
          ? [fact(`${where}, simultaneous: otherwise covers`, `Every other pair (${englishList(rest)};`), ...nested(s.otherwise, `${where}, otherwise`)]
          : []),
      ];
    },
    auction: (s) => {
      const deal = s.prize.find((x) => x.kind === 'deal');
      return [
        fact(`${where}, auction: bid range`, `each bid a whole number of chips from ${s.min} to ${s.max}, in secret`),
        fact(`${where}, auction: sealed bids`, 'both bids are revealed to both seats once both are in'),
        fact(`${where}, auction: clamping`, "A bid larger than the bidder's stack is clamped down to the stack"),
        fact(`${where}, auction: both zero`, 'If both effective bids are 0, nobody wins and no chips move'),
        fact(`${where}, auction: tie`, 'equal nonzero bids are decided by a coin flip'),
        fact(
          `${where}, auction: payment`,
          `The winner pays its effective bid ${s.payTo === 'pot' ? 'into the pot' : 'to the other seat'}; the other seat pays nothing`,
        ),
        ...(deal
          ? [
              fact(
                `${where}, auction: cancellation`,
                `If ${pile(deal.from)} holds fewer than ${plural(deal.to.kind === 'each' ? 2 * deal.count : deal.count, 'card')} when the winner is known, the prize cannot be given: the auction is cancelled, the winner pays nothing`,
              ),
            ]
          : []),
        ...nested(s.prize, `${where}, prize`),
      ];
    },
    peek: (s) => [
      fact(
        `${where}, peek: who and how`,
        `${cap(actor(s.seat))} peeks at one card of ${seat(s.target)}'s hand, ${s.pick === 'random' ? 'picked uniformly at random' : `chosen by ${actor(s.seat)}`}`,
      ),
      fact(
        `${where}, peek: visibility`,
        s.visibility === 'occurrence'
          ? `Both seats are told that the peek happened (the occurrence is public); only ${actor(s.seat)} sees which card it is (the content is private)`
          : `The peek is secret (fully private): only ${actor(s.seat)} knows that it happened and sees the card`,
      ),
      fact(`${where}, peek: empty hand`, `If ${seat(s.target)}'s hand is empty, ${actor(s.seat)} is told that it is empty`),
    ],
    reveal: (s) => [
      fact(
        `${where}, reveal`,
        s.what === 'hand'
          ? `every card in ${seat(s.seat)}'s hand is shown to both seats`
          : `One card of ${seat(s.seat)}'s hand is shown, picked uniformly at random: both seats see it`,
      ),
    ],
    swap: (s) => [
      fact(`${where}, swap`, `one card of ${seat(s.first)}'s hand and one card of ${seat(s.second)}'s hand, each picked uniformly at random, change places`),
      fact(`${where}, swap: visibility`, s.visibility === 'public' ? 'Both seats are told that a swap happened' : 'The swap is private: nothing is announced'),
    ],
    steal: (s) => [
      fact(`${where}, steal`, `${cap(actor(s.seat))} steals one card of ${seat(s.from)}'s hand, picked uniformly at random`),
      fact(`${where}, steal: who sees what`, `${cap(actor(s.seat))} sees the card, and ${seat(s.from)} is told which card it lost`),
    ],
    discard: (s) => [
      fact(
        `${where}, discard`,
        `${seat(s.seat)} discards ${plural(s.count, 'card')}, ${s.pick === 'random' ? 'picked uniformly at random' : `chosen by ${seat(s.seat)}${s.count > 1 ? ' one at a time' : ''}`}, ${s.to === null ? 'out of the game' : `onto ${pile(s.to)}`}`,
      ),
      fact(
        `${where}, discard: visibility`,
        s.faceUp ? 'The discarded cards are shown face up to both seats' : `only ${seat(s.seat)} sees which ${s.count === 1 ? 'card it is' : 'cards they are'}`,
      ),
    ],
    pay: (s) => {
      if (typeof s.amount === 'object') {
        if (s.from.kind === 'pot')
          return [
            fact(`${where}, pay from the pot`, `${cap(party(s.to))} takes from the pot as many chips as`),
            fact(`${where}, pay: expression`, 'worked out when this step runs: nothing if that is 0 or less'),
          ];
        return [
          fact(`${where}, pay`, `${cap(party(s.from))} pays as many chips as`),
          fact(`${where}, pay: clamped`, `nothing if that is 0 or less, and at most what ${party(s.from)} has (the payment is clamped)`),
        ];
      }
      if (s.from.kind === 'pot')
        return [
          fact(
            `${where}, pay from the pot`,
            s.amount === 'all' ? `${cap(party(s.to))} takes the whole pot` : `${cap(party(s.to))} takes ${chips(s.amount)} from the pot`,
          ),
        ];
      const to = s.to.kind === 'pot' ? 'into the pot' : `to ${party(s.to)}`;
      return [
        fact(`${where}, pay`, `${cap(party(s.from))} pays ${s.amount === 'all' ? 'its whole stack' : chips(s.amount)} ${to}`),
        ...(s.amount === 'all'
          ? []
          : [fact(`${where}, pay: clamped`, `If ${party(s.from)} has fewer than ${chips(s.amount)}, only what ${party(s.from)} has is paid`)]),
      ];
    },
    sidebet: (s) => [
      fact(`${where}, side bet: offer`, `${seat(s.seat)} accepts or declines a side bet of ${chips(s.amount)} on this condition: ${cond(s.cond)}`),
      fact(
        `${where}, side bet: settlement`,
        `if the condition holds then, ${other(s.seat)} pays ${seat(s.seat)} ${chips(s.amount)}; otherwise ${seat(s.seat)} pays ${other(s.seat)} ${chips(s.amount)}`,
      ),
      fact(`${where}, side bet: not settled after an early end`, 'If the game ends before the showdown, the side bet is not settled'),
    ],
    score: (s) => [fact(`${where}, score`, `${seat(s.seat)}'s score ${s.delta >= 0 ? 'goes up' : 'goes down'} by ${plural(Math.abs(s.delta), 'point')}`)],
    assign: (s) => {
      const hidden = ir.positions.find((p) => p.name === s.position)?.visibility === 'hidden';
      const who: Record<string, string> = {
        seat: s.criterion.kind === 'seat' ? seat(s.criterion.seat) : '',
        'highest-card': 'the seat whose highest-ranked card has the larger rank value',
        'lowest-card': 'the seat whose highest-ranked card has the smaller rank value',
        'chip-leader': 'the seat with more chips in its stack',
      };
      return [
        fact(`${where}, assign ${s.position}`, `The position ${humanize(s.position)} is assigned: it goes to ${who[s.criterion.kind]}`),
        fact(`${where}, assign: visibility`, hidden ? 'each seat is told only whether it holds it itself' : 'Both seats are told who holds it now'),
      ];
    },
    set: (s) => [fact(`${where}, set ${s.variable}`, `«${humanize(s.variable)}» is set to`)],
  };
  return steps.flatMap((s) => dispatchStep(handlers, s));
}
