/**
 * A hand-written rulebook renderer in plain TypeScript (template literals, no Handlebars), the
 * baseline of `bench/render.ts`. It reads the same view model as the templates and must produce
 * the same text for games made of the step kinds and metrics of Kuhn and Leduc (shuffle, deal,
 * ante, fixed betting; high card, pair with the board; no counters, positions or sub-phases):
 * {@link directSupports} says which games those are, and the bench checks the text on them.
 */
import type { GameIR, StepKind } from '../../src/ir/schema.js';
import { allSteps } from '../../src/ir/facts.js';
import { tidy } from '../../src/render/rulebook.js';
import { buildRulebookView } from '../../src/render/view/rulebook.js';
import type { PhaseView, ShowdownView, StepView } from '../../src/render/view/types.js';
import { chips, englishList as list, plural } from '../../src/render/words.js';

const cardWord = (n: number, one: string, many: string) => (n === 1 ? one : many);

/** The step kinds this renderer knows. */
const DIRECT_KINDS = new Set<StepKind>(['shuffle', 'deal', 'ante', 'betting']);

/** Whether the direct renderer covers `ir` (Kuhn- and Leduc-like games only). */
export function directSupports(ir: GameIR): boolean {
  return (
    allSteps(ir).every((s) => DIRECT_KINDS.has(s.kind) && (!('betSize' in s) || typeof s.betSize === 'number')) &&
    (ir.showdown.metric === 'high-card' || ir.showdown.metric === 'pair-with-board') &&
    ir.variables.length === 0 &&
    ir.positions.length === 0 &&
    ir.subphases.length === 0
  );
}

const unsupported = (kind: string): never => {
  throw new Error(`direct renderer: '${kind}' is not supported (check directSupports first)`);
};

function summary(s: StepView): string {
  switch (s.kind) {
    case 'shuffle':
      return `shuffle ${s.pile}`;
    case 'deal':
      return `deal ${plural(s.count, 'card')} ${s.faceUp ? 'face up' : 'face down'} to ${s.toEach ? 'each seat' : s.to}`;
    case 'ante':
      return s.both ? `each seat antes ${chips(s.amount)}` : `${list(s.payers)} antes ${chips(s.amount)}`;
    case 'betting':
      return `a betting round (${s.first} first; ${s.canRaise ? `bets and raises of ${chips(s.betSize)}; at most ${s.raiseCap} bets and raises` : `bets of ${chips(s.betSize)}; no raises`})`;
    default:
      return unsupported(s.kind);
  }
}

function detail(s: StepView): string {
  switch (s.kind) {
    case 'shuffle':
      return `- Shuffle ${s.pile}: its cards are put in a uniformly random order. Both seats see the shuffle; nobody sees the resulting order.\n`;
    case 'deal': {
      const the = cardWord(s.count, 'the card', 'the cards');
      const seen = s.seenByAll
        ? `Both seats see ${the}.`
        : s.seenByNone
          ? `Nobody sees ${the}; both seats see how many were dealt.`
          : `${s.toEach ? `Each seat sees only its own ${cardWord(s.count, 'card', 'cards')}` : `Only ${s.toSeat} sees ${the}`}; the opponent sees only how many cards were dealt.`;
      return `- Deal ${plural(s.count, 'card')} ${s.faceUp ? 'face up' : 'face down'} from ${s.from} to ${s.toEach ? `each seat (${list(s.seats)}, in that order)` : s.to}. ${seen}\n`;
    }
    case 'ante':
      return s.both
        ? `- Each seat antes ${chips(s.amount)}: ${list(s.payers)} each move ${chips(s.amount)} from their own stack into the pot. Both seats see the antes.\n`
        : s.payers.map((p) => `- ${p} antes ${chips(s.amount)}, moved from ${p}'s stack into the pot. Both seats see the ante.\n`).join('');
    case 'betting': {
      let o = `- A betting round. ${s.first} acts first, then ${s.second}, and the seats keep taking turns until the round ends. `;
      o += s.canRaise
        ? `Every bet and every raise is ${chips(s.betSize)}. At most ${s.raiseCap} bets and raises may be made in this round in total, the opening bet included.\n`
        : `A bet is ${chips(s.betSize)}. Only ${plural(s.raiseCap, 'bet')} may be made in this round, and there are no raises.\n`;
      o += `  - **Not facing a bet** (nobody has bet yet in this round), the seat to act chooses one of:\n`;
      o += `    - **check**: put in nothing and pass the turn.\n`;
      o += `    - **bet**: put ${chips(s.betSize)} into the pot (offered only if the seat can pay all of it).\n`;
      o += `  - **Facing a bet** (the opponent has put more chips into the pot in this round), the seat to act chooses one of:\n`;
      o += `    - **fold**: give up. The opponent takes the whole pot at once, no cards are shown, and the game ends.\n`;
      o += `    - **call**: put in exactly enough chips to match the opponent's chips in this round. A seat that cannot pay the whole call puts in its entire stack (all-in), and the part of the opponent's bet it cannot match goes back to the opponent.\n`;
      o += s.canRaise
        ? `    - **raise**: put in enough chips to match plus ${chips(s.betSize)} more. Offered only while fewer than ${s.raiseCap} bets and raises have been made in this round, and only if the seat can pay all of it.\n  - Once ${s.raiseCap} bets and raises have been made, a seat facing a bet may only fold or call.\n`
        : `  - Since there are no raises, a seat facing the bet may only fold or call.\n`;
      o += `  - A seat that is not facing a bet cannot fold.\n`;
      o += `  - A seat with no chips left (all-in) makes no more decisions: if a seat has no chips when the round starts, the round is skipped and play goes on; a bet or raise is offered only while the opponent still has chips to answer it.\n`;
      o += `  - The round ends when both seats have acted and have put the same number of chips into the pot during the round: after two checks, or after a call. A seat puts at most ${chips(s.maxPerSeat)} into the pot in this round.\n`;
      o += `  - Every action is announced to both seats, with the chips it moves.\n`;
      o += `  - Every way this round can go (when both stacks cover the bets):\n`;
      s.courses.forEach((c, i) => {
        const moves = c.moves
          .map((m) => `${m.seat} ${m.verb}${m.chips ? ` (${chips(m.chips)}${m.toMatch ? `: ${m.toMatch} to match plus ${m.chips - m.toMatch}` : ''})` : ''}`)
          .join(', ');
        const end = c.foldWinner
          ? `${c.foldWinner} takes the pot and the game ends.`
          : `the round ends${c.eachPutIn ? ` with ${chips(c.eachPutIn)} from each seat` : ' with no chips added'}.`;
        o += `    ${i + 1}. ${moves}: ${end}\n`;
      });
      return o;
    }
    default:
      return unsupported(s.kind);
  }
}

function phase(p: PhaseView): string {
  let o = `### Phase ${p.number}: ${p.name}\n\n`;
  o += p.steps.map(detail).join('');
  if (p.steps.length === 0) o += '- This phase has no steps.\n';
  o += `\n${p.next ? `Play moves on to **${p.next}**.` : 'Unless the game has ended, play moves on to the **Showdown**.'}\n`;
  return o;
}

function showdown(s: ShowdownView): string {
  const values = `- **Rank values:** ${s.ranks.map((r) => `${r.name} = ${r.value}`).join(', ')} (a higher value beats a lower one).\n`;
  let metric: string;
  if (s.metric === 'high-card') {
    metric = `- **Comparison (high card):** sort each hand from highest to lowest rank and compare the two hands card by card, starting with the highest cards: the first pair of cards of different rank decides, and the higher rank wins. If all compared cards are equal and one hand runs out of cards first, the hand with cards left wins; if both run out together, it is a tie. An empty hand loses to any hand with cards, and two empty hands tie. Suits never matter.\n${values}`;
    metric += s.handSize
      ? `- **In this game** each seat holds ${plural(s.handSize, 'card')} at the showdown${s.handSize === 1 ? ', so the higher card wins and two cards of equal rank tie' : ''}.\n`
      : '- **In this game** the hands can hold different numbers of cards at the showdown. Step by step: the two highest cards are compared first; if their ranks are equal, the next-highest cards are compared, and so on. When one hand runs out of cards while every compared pair was equal, the hand that still has a card wins that step and the game; when both run out together, the hands tie and the pot is split. An empty hand loses to any hand that has a card; two empty hands tie.\n';
  } else if (s.metric === 'pair-with-board') {
    metric = `- **Comparison (pair with the board):** a seat has a pair when a card in its hand has the same rank as a card on ${s.board}. A seat with a pair beats a seat without one. If both seats have a pair, or neither has, the hands alone (without the cards on ${s.board}) are compared by high card: sort each hand from highest to lowest rank and compare card by card from the highest; the first pair of cards of different rank decides, and the higher rank wins. A hand that runs out of cards first while all compared cards are equal loses; two hands that run out together tie; an empty hand loses to any hand with cards. Suits never matter.\n${values}`;
    if (s.handSize)
      metric += `- **In this game** each seat holds ${plural(s.handSize, 'card')} and ${s.board} holds ${plural(s.boardSize, 'card')} at the showdown${s.handSize === 1 && s.boardSize === 1 ? ': a seat whose card has the rank of the board card wins; otherwise the higher card wins, and two cards of equal rank tie' : ''}.\n`;
  } else {
    return unsupported(s.metric);
  }
  return `## Showdown\n\nIf nobody has folded by the end of the last phase (${s.lastPhase}), the showdown follows.\n\n- Both hands are turned face up; both seats see them.\n${metric}- **Winner:** the seat with the better hand takes the whole pot.\n- **Ties:** when neither hand is better, the pot is split: each seat receives half of it, rounded down. If the pot holds an odd number of chips, the chip left over goes to one of the two seats chosen at random, each with probability 1/2.\n- The game then ends. A seat's result is its final stack minus its starting stack.\n`;
}

/**
 * The rulebook of `ir` in Markdown, without Handlebars.
 * @throws Error when `directSupports(ir)` is false
 */
export function renderRulebookDirect(ir: GameIR): string {
  if (!directSupports(ir)) throw new Error(`direct renderer: '${ir.name}' uses steps it does not support`);
  const v = buildRulebookView(ir);
  const ov = v.overview;
  const vis = v.visibility;
  let o = `# ${v.title}: Rulebook\n`;
  if (v.origin) o += `\n*Generated game: ${v.origin.generator} ${v.origin.builderVersion}, seed ${v.origin.seed}, complexity ${v.origin.complexity}.*\n`;
  o += '\nThis rulebook is complete: it states every rule of the game.\n\n## Overview\n\n';
  o += `- **Players:** ${list(ov.seatNames)}, two seats.\n`;
  o += `- **Seat order:** ${ov.seats.map((s) => `seat ${s.number} is ${s.name}`).join(', ')}.${ov.firstToAct ? ` ${ov.firstToAct} acts first in every betting round; after that the seats take turns.` : ov.present.betting ? ' Each betting round names the seat that acts first; after that the seats take turns.' : ''}\n`;
  o += `- **Deck:** ${plural(ov.deck.size, 'card')}${ov.deck.copies > 1 ? ` (${ov.deck.copies} copies of each of the following)` : ''}: ${list(ov.deck.cards)}. Ranks from lowest to highest: ${ov.deck.ranks.map((r) => `${r.name} (value ${r.value})`).join(', ')}.${ov.deck.manySuits ? ' Suits have no order; they only tell cards apart.' : ''}\n`;
  o += `- **Starting stacks:** ${ov.stackEach ? `${chips(ov.stackEach)} each` : ov.seats.map((s) => `${s.name} ${chips(s.stack)}`).join(', ')}. Stacks are public. Chips only move between the stacks and the pot, so stacks plus pot always total ${chips(ov.totalChips)}.\n`;
  o += '- **Pot:** starts empty (0 chips).\n';
  if (ov.piles.length)
    o += `- **Piles:** besides the deck and the two hands: ${ov.piles.map((p) => `${p.name}, ${p.public ? 'a public pile (both seats see its cards)' : 'a hidden pile (nobody sees its cards)'}`).join('; ')}.\n`;
  o += '- **General rules:**\n';
  o +=
    '  - **Information:** both seats always know both stacks, the pot, how many cards are left in the deck and how many cards each hand holds. Every action is announced to both seats. The cards in a hand are private to the seat holding them (see Visibility).\n';
  o += `  - **Costs:** every amount is paid from the paying seat's own stack into the pot.${ov.present.ante ? ' A seat whose stack is smaller than an ante puts in its whole stack instead.' : ''}${ov.present.betting ? " A bet or raise is offered only when the seat can pay all of it. A seat that cannot pay all of a call puts in its whole stack (all-in), and the part of the opponent's bet that it cannot match goes back to the opponent." : ''}${ov.stacksSuffice ? ` In this game a seat puts at most ${chips(ov.maxCommitment)} into the pot over the whole game (every ante plus every betting round at its limit), and every starting stack covers that, so no seat ever runs short.` : ''}\n`;
  if (ov.present.deal)
    o += `  - **Empty deck:** cards are dealt one at a time from the top of the deck; if the deck runs out, the deal stops, the missing cards are not dealt, and both seats are told so (a public notice: the deck is empty).${ov.deckSuffices ? ` This game deals at most ${ov.cardsDealt} of the ${ov.deck.size} cards, so the deck never runs out.` : ''}\n`;
  if (ov.present.shuffle) o += '  - **Randomness:** a shuffle puts the cards in a uniformly random order.\n';
  o += `  - **Game end:** the game ends${ov.present.betting ? ' as soon as a seat folds (the other seat takes the whole pot and the remaining phases are skipped) or, if nobody folds,' : ''} with the showdown after the last phase (${ov.lastPhase}). A seat's result is its final stack minus its starting stack.\n`;
  o +=
    "\n## Visibility\n\n- **Hands:** the cards in a seat's hand are private: only that seat sees them, until the showdown shows both hands. The opponent knows only how many cards each hand holds: privacy hides which cards a seat holds, never how many.\n";
  if (vis.faceUp.length) o += `- **Face-up cards:** cards dealt face up or to a public pile (${list(vis.faceUp)}) are shown to both seats.\n`;
  for (const p of vis.piles)
    o += `- **${p.name}:** ${p.public ? 'a public pile: both seats see every card in it.' : 'a hidden pile: nobody sees its cards.'}\n`;
  o += `- **Actions:** every ${list(vis.announced)} is announced to both seats, with the chips or the number of cards it moves, and so is the showdown.\n`;
  o += `- **Inferability:** the stacks, the pot, the number of cards left in the deck and the number of cards in each hand are public at all times.${vis.faceDownToHands ? ' A face-down deal tells the opponent that a card was dealt, never which one.' : ''} This game has no private steps, so the public numbers and the announced actions are all that is shared; a hidden card is never revealed before the showdown.\n`;
  o += '- **Condition checks:** this game has no conditional steps: every step of every phase is played in order until the game ends.\n';
  o += '\n## Sequence of Play\n\n';
  for (const s of v.sequence) o += `${s.number}. **${s.name}:** ${s.steps.length ? s.steps.map(summary).join('; ') : 'no steps'}.\n`;
  o += `${v.sequence.length + 1}. **Showdown:** if nobody has folded, the hands are compared and the better hand takes the pot.\n`;
  o += '\n## Phase Details\n';
  for (const p of v.phases) o += `\n${phase(p)}`;
  o += `\n${showdown(v.showdown)}`;
  return tidy(o);
}
