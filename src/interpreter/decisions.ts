/**
 * Decisions besides fixed-limit betting: for each decision opcode, its legal actions, their
 * labels (also what `actionToString` returns and what a player replies with), the chips each
 * moves, the prompt shown to the deciding seat, and how the chosen action is applied.
 *
 * Action ids: variable betting fold 0 / check-call 1 / bet of k chips 1 + k; choice: the
 * option's index among all options (only offered ones are legal); wager and bid: the amount;
 * simultaneous pick: the option index; side bet: decline 0 / accept 1; chosen peek: the position
 * in the target hand (0-based; hands keep arrival order, cards of one deal step in card-type order); chosen discard: the card type.
 */
import type { Action } from './api.js';
import { applyBetting, raiseBounds, raiseRule, toCall, variableLabel, variableLegal, variableMaxBet } from './betting.js';
import { BOTH, EV, MOVE, NODE, PAY_REASON, R, X } from './layout.js';
import { OP, RAISES, blockName, handPile } from './program.js';
import type { Machine } from './machine.js';
import { humanize } from '../util/names.js';
import { optionCost, optionOffered, wagerMax } from './steps.js';
import { formatChips as chips } from '../util/format.js';

/** One kind of decision. `apply` receives a legal action; the node is RUNNING when it is called. */
export interface DecisionKind {
  legal(s: Machine): Action[];
  /** Whether `a` is in `legal(s)`, without building the list (kinds whose legal actions form a range). */
  isLegal?(s: Machine, a: Action): boolean;
  label(s: Machine, a: Action): string;
  /** Chips the action moves from the deciding seat's stack, when known in advance. */
  cost(s: Machine, a: Action): number | undefined;
  prompt(s: Machine): string;
  apply(s: Machine, a: Action): void;
}

const range = (lo: number, hi: number): number[] => {
  const out = new Array<number>(Math.max(0, hi - lo + 1));
  for (let i = 0; i < out.length; i++) out[i] = lo + i;
  return out;
};
/** Whether `a` is a whole number in `lo … hi` (the members of `range(lo, hi)`). */
const inRange = (a: Action, lo: number, hi: number): boolean => Number.isInteger(a) && a >= lo && a <= hi;
const me = (s: Machine): string => s.program.seatNames[s.r[R.ACTOR]];
const where = (s: Machine): string => humanize(blockName(s.program, s.r[R.PC]));
const percent = (p: number): string => `${Math.round(p * 1000) / 10}%`;

const varbet: DecisionKind = {
  legal: variableLegal,
  label: variableLabel,
  cost: (s, a) =>
    a === 0
      ? 0
      : a === 1
        ? Math.min(toCall(s.r, s.r[R.ACTOR]), s.r[R.STACK + s.r[R.ACTOR]])
        : raiseRule(s) !== RAISES.NONE
          ? a - 1 - s.r[R.CONTRIB + s.r[R.ACTOR]]
          : a - 1,
  prompt: (s) => {
    const need = toCall(s.r, s.r[R.ACTOR]);
    const rule = raiseRule(s);
    if (rule !== RAISES.NONE) {
      const name = rule === RAISES.NO_LIMIT ? 'no-limit' : 'pot-limit';
      const seat = s.r[R.ACTOR];
      const mine = s.r[R.CONTRIB + seat];
      const b = raiseBounds(s);
      const word = s.r[R.CONTRIB] + s.r[R.CONTRIB + 1] > 0 ? 'raise' : 'bet';
      const options = [need > 0 ? `fold, or call ${chips(Math.min(need, s.r[R.STACK + seat]))}${need > s.r[R.STACK + seat] ? ' (all-in)' : ''}` : 'check'];
      if (b) {
        const full = b[0] === b[1] ? `${word} to a total of ${chips(b[0])}` : `${word} to any total from ${chips(b[0])} to ${chips(b[1])}`;
        options.push(
          `${full} for this round (\`${word} N\` puts your total in this round at N chips; you have put in ${chips(mine)}, your stack is ${chips(s.r[R.STACK + seat])}${b[1] === mine + s.r[R.STACK + seat] ? `, ${word} ${b[1]} is all-in` : ''})`,
        );
      } else if (need > 0 || s.r[R.STACK + 1 - seat] === 0) options.push(s.r[R.STACK + 1 - seat] === 0 ? 'no raise: your opponent is all-in' : 'no raise');
      return `${me(s)} to act in ${where(s)} (${name} betting${need > 0 ? `, facing a bet: ${chips(need)} to call` : ', no bet to call'}: ${options.join('; or ')}).`;
    }
    if (need > 0)
      return `${me(s)} to act in ${where(s)} (variable betting, facing a bet: ${chips(need)} to call; fold or call, no raises; a short call goes all-in).`;
    const hi = variableMaxBet(s);
    return `${me(s)} to act in ${where(s)} (variable betting, no bet to call: check${hi > 0 ? `, or bet any amount from 1 to ${chips(hi)}` : ''}).`;
  },
  apply: (s, a) => applyBetting(s, a, true),
};

const choice: DecisionKind = {
  legal: (s) => {
    const c = s.program.choices[s.operand(0)];
    const stack = s.r[R.STACK + c.seat];
    const out: Action[] = [];
    const options = c.options;
    for (let i = 0; i < options.length; i++) if (optionOffered(s, options[i], stack)) out.push(i);
    return out;
  },
  label: (s, a) => s.program.choices[s.operand(0)].options[a]?.name ?? `option ${a}`,
  cost: (s, a) => {
    const o = s.program.choices[s.operand(0)].options[a];
    if (!o) return undefined;
    const cost = optionCost(s, o);
    if (cost === 0 || o.costChance <= 0) return 0;
    return o.costChance >= 1 ? cost : undefined;
  },
  prompt: (s) => {
    const c = s.program.choices[s.operand(0)];
    // Costs as worked out now (a cost expression's value when the choice is offered); an option
    // whose certain cost is above the stack is not on the menu, and the prompt says why.
    const stack = s.r[R.STACK + c.seat];
    const notes = c.options
      .map((o) => ({ o, cost: optionCost(s, o) }))
      .filter(({ cost }) => cost > 0)
      .map(({ o, cost }) =>
        !optionOffered(s, o, stack)
          ? `${o.name} is not offered: it costs ${chips(cost)} and you have ${chips(stack)}`
          : o.costChance >= 1
            ? `${o.name} costs ${chips(cost)}, paid to the pot`
            : `${o.name} costs ${chips(cost)} with probability ${percent(o.costChance)}, drawn after you choose; if it is due and you cannot pay, ${o.name} does nothing`,
      );
    const secrecy = c.announced ? 'your choice is announced to both seats' : 'your choice is secret: your opponent only learns that you chose';
    return `${me(s)}: choose one option in ${where(s)} (${[...notes, secrecy].join('; ')}).`;
  },
  apply: (s, a) => {
    const index = s.operand(0);
    const c = s.program.choices[index];
    const o = c.options[a];
    const cost = optionCost(s, o);
    s.log.push(EV.CHOSE, c.seat, index, a, 0, BOTH, c.announced ? BOTH : 1 << c.seat);
    if (cost > 0 && o.costChance > 0 && o.costChance < 1) {
      s.r[R.STEP] = 1 + a;
      s.r[R.NODE] = NODE.CHANCE_COST;
      return;
    }
    if (cost > 0 && o.costChance >= 1) s.transfer(c.seat, -1, cost, PAY_REASON.COST);
    s.r[R.PC] = o.start;
  },
};

const wager: DecisionKind = {
  legal: (s) => range(s.operand(1), wagerMax(s)),
  isLegal: (s, a) => inRange(a, s.operand(1), wagerMax(s)),
  label: (_s, a) => `bet ${a}`,
  cost: (_s, a) => a,
  prompt: (s) =>
    `${me(s)}: wager from ${s.operand(1)} to ${chips(wagerMax(s))} in ${where(s)} (the amount goes to the pot at once; your opponent may then match it).`,
  apply: (s, a) => {
    const r = s.r;
    const seat = s.operand(0);
    r[R.STACK + seat] -= a;
    r[R.POT] += a;
    s.log.push(EV.WAGER, seat, a, 0, 0, BOTH, BOTH);
    r[s.x(X.WAGER_SEAT)] = seat;
    r[s.x(X.WAGER_AMT)] = a;
    r[R.PC]++;
  },
};

const simultaneous: DecisionKind = {
  legal: (s) => range(0, s.program.simultaneous[s.operand(0)].options.length - 1),
  isLegal: (s, a) => inRange(a, 0, s.program.simultaneous[s.operand(0)].options.length - 1),
  label: (s, a) => s.program.simultaneous[s.operand(0)].options[a] ?? `option ${a}`,
  cost: () => undefined,
  prompt: (s) => {
    const other = s.program.seatNames[1 - s.r[R.ACTOR]];
    return `${me(s)}: pick one option in secret in ${where(s)}; ${other} picks without seeing yours, then both picks are revealed together and their outcome is played.`;
  },
  apply: (s, a) => {
    const r = s.r;
    const index = s.operand(0);
    if (r[R.STEP] === 0) {
      s.log.push(EV.PICK, 0, index, a, 0, BOTH, 1);
      r[R.STEP] = 1 + a;
      s.decide(1);
      return;
    }
    const first = r[R.STEP] - 1;
    const table = s.program.simultaneous[index];
    s.log.push(EV.PICK, 1, index, a, 0, BOTH, 2);
    s.log.push(EV.PICKS, -1, index, first, a, BOTH, BOTH);
    r[R.STEP] = 0;
    r[R.PC] = table.targets[first * table.options.length + a];
  },
};

/**
 * The auction under way is won by `winner` at `price` chips: cancelled (nothing paid, no prize)
 * when the prize's first deal needs more cards than its source holds; else the winner pays the
 * pot or the opponent and the prize runs with `winner` bound.
 */
export function resolveAuction(s: Machine, winner: number, price: number): void {
  const r = s.r;
  const index = s.operand(0);
  const t = s.program.auctions[index];
  r[R.STEP] = 0;
  if (t.prizePile >= 0 && s.piles[t.prizePile] < t.prizeCards) {
    s.log.push(EV.AUCTION, winner, index, 2, price, BOTH, BOTH);
    r[R.PC] = t.end;
    return;
  }
  s.log.push(EV.AUCTION, winner, index, 0, price, BOTH, BOTH);
  if (price > 0) s.transfer(winner, t.payTo === 'pot' ? -1 : 1 - winner, price, PAY_REASON.AUCTION);
  r[s.x(X.WINNER)] = winner;
  r[R.PC]++;
}

const auction: DecisionKind = {
  legal: (s) => {
    const t = s.program.auctions[s.operand(0)];
    return range(t.min, t.max);
  },
  isLegal: (s, a) => {
    const t = s.program.auctions[s.operand(0)];
    return inRange(a, t.min, t.max);
  },
  label: (_s, a) => `bid ${a}`,
  cost: () => undefined,
  prompt: (s) => {
    const t = s.program.auctions[s.operand(0)];
    const other = s.program.seatNames[1 - s.r[R.ACTOR]];
    const payee = t.payTo === 'pot' ? 'into the pot' : 'to the other seat';
    return `${me(s)}: place a sealed bid from ${t.min} to ${chips(t.max)} in ${where(s)}; a bid above your stack counts as your whole stack. ${other} bids without seeing yours. The higher bid wins (a tie between nonzero bids by a coin flip; both 0: nobody wins); the winner pays its bid ${payee} and receives the prize.`;
  },
  apply: (s, a) => {
    const r = s.r;
    const index = s.operand(0);
    if (r[R.STEP] === 0) {
      r[s.x(X.T0)] = a;
      s.log.push(EV.BID, 0, index, a, 0, BOTH, 1);
      r[R.STEP] = 1;
      s.decide(1);
      return;
    }
    const b0 = r[s.x(X.T0)];
    s.log.push(EV.BID, 1, index, a, 0, BOTH, 2);
    s.log.push(EV.BIDS, -1, index, b0, a, BOTH, BOTH);
    const e0 = Math.min(b0, r[R.STACK]);
    const e1 = Math.min(a, r[R.STACK + 1]);
    if (e0 === 0 && e1 === 0) {
      s.log.push(EV.AUCTION, -1, index, 1, 0, BOTH, BOTH);
      r[R.STEP] = 0;
      r[R.PC] = s.program.auctions[index].end;
      return;
    }
    if (e0 === e1) {
      r[s.x(X.T1)] = e0;
      r[R.STEP] = 2;
      r[R.NODE] = NODE.CHANCE_COIN;
      return;
    }
    resolveAuction(s, e0 > e1 ? 0 : 1, Math.max(e0, e1));
  },
};

const peek: DecisionKind = {
  legal: (s) => range(0, s.piles[handPile(s.operand(1))] - 1),
  isLegal: (s, a) => inRange(a, 0, s.piles[handPile(s.operand(1))] - 1),
  label: (_s, a) => `card ${a + 1}`,
  cost: () => 0,
  prompt: (s) => {
    const target = s.program.seatNames[s.operand(1)];
    const n = s.piles[handPile(s.operand(1))];
    const told = s.operand(3) ? `${target} is told that you peeked, not which card you saw` : 'nobody else learns of it';
    return `${me(s)}: choose which card of ${target}'s hand to look at in ${where(s)} (card 1 to card ${n}, in the order they arrived, cards dealt together in deck order; ${told}).`;
  },
  apply: (s, a) => {
    const peeker = s.r[R.ACTOR];
    const target = s.operand(1);
    const t = s.cardAt(handPile(target), a);
    s.log.push(EV.PEEK, peeker, target, t, a, s.operand(3) ? BOTH : 1 << peeker, 1 << peeker);
    s.r[R.PC]++;
  },
};

const discard: DecisionKind = {
  legal: (s) => {
    const counts = s.countTypes(handPile(s.operand(0)));
    const out: Action[] = [];
    for (let t = 0; t < s.program.numCardTypes; t++) if (counts[t] > 0) out.push(t);
    return out;
  },
  label: (s, a) => s.program.cardNames[a] ?? `card ${a}`,
  cost: () => 0,
  prompt: (s) => {
    const p = s.program;
    const to = s.operand(3) === p.outPile ? 'out of the game' : `to the ${p.pileNames[s.operand(3)]}`;
    const face = s.operand(4) ? 'face up, so both seats see it' : 'face down';
    return `${me(s)}: choose a card of your hand to discard ${to}, ${face} (discard ${s.r[R.STEP] + 1} of ${s.operand(1)}, in ${where(s)}).`;
  },
  apply: (s, a) => {
    const hand = handPile(s.operand(0));
    s.moveCard(hand, s.indexOf(hand, a), s.operand(3), s.operand(4), MOVE.DISCARD);
    s.r[R.STEP]++;
  },
};

const sidebet: DecisionKind = {
  legal: () => [0, 1],
  isLegal: (_s, a) => a === 0 || a === 1,
  label: (_s, a) => (a === 1 ? 'accept' : 'decline'),
  cost: () => 0,
  prompt: (s) => {
    const bet = s.program.sidebets[s.operand(0)];
    const other = s.program.seatNames[1 - bet.seat];
    return `${me(s)}: accept or decline a side bet of ${chips(bet.amount)} on "${s.program.condText[bet.cond]}" in ${where(s)} (settled at the showdown: if it holds, ${other} pays you; if not, you pay ${other}; at most what the payer holds; no settlement if the game ends before the showdown).`;
  },
  apply: (s, a) => {
    const index = s.operand(0);
    s.log.push(EV.SIDEBET, s.program.sidebets[index].seat, index, a, 0, BOTH, BOTH);
    s.r[R.PC]++;
  },
};

/** Decision kinds by opcode (fixed-limit betting is handled by `betting.ts` directly). */
export const DECISIONS: (DecisionKind | undefined)[] = [];
DECISIONS[OP.VARBET] = varbet;
DECISIONS[OP.CHOICE] = choice;
DECISIONS[OP.WAGER] = wager;
DECISIONS[OP.SIMUL] = simultaneous;
DECISIONS[OP.AUCTION] = auction;
DECISIONS[OP.PEEK] = peek;
DECISIONS[OP.DISCARD] = discard;
DECISIONS[OP.SIDEBET] = sidebet;
