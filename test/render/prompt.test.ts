import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { GameIR } from '../../src/ir/schema.js';
import { CHANCE, compileGame, type Action, type GameState, type Observation } from '../../src/interpreter/index.js';
import { buildPromptView, renderTurnPrompt } from '../../src/render/prompt.js';
import { renderDefects } from '../../src/render/defects.js';
import { KUHN_IR, LEDUC_IR } from '../fixtures/ir.js';

/** A hand-written Leduc observation: Alice holds K of hearts and faces Bob's bet of 2 chips. */
const FACING_BET: Observation = {
  seat: 0,
  seatNames: ['Alice', 'Bob'],
  phase: 'FirstRound',
  hand: ['K of hearts'],
  publicPiles: { board: [] },
  handSizes: [1, 1],
  deckSize: 4,
  stacks: [99, 97],
  pot: 4,
  log: [
    { kind: 'deal', cards: ['K of hearts'], text: 'Alice is dealt K of hearts.' },
    { kind: 'deal', hiddenCount: 1, text: 'Bob is dealt a card, face down.' },
    { kind: 'bet', seat: 1, amount: 2, text: 'Bob bets 2 chips.' },
  ],
  decision: {
    prompt: 'Alice to act in FirstRound (facing a bet, 2 chips to call; bets are 2 chips).',
    menu: [
      { action: 0, label: 'fold', cost: 0 },
      { action: 1, label: 'call', cost: 2 },
      { action: 2, label: 'raise', cost: 4 },
    ],
  },
  terminal: false,
  returns: null,
};

describe('turn prompt of a hand-written observation', () => {
  const md = renderTurnPrompt(FACING_BET);
  it('states phase (humanized), hand, public cards, numbers and seats', () => {
    expect(md.split('\n')[0]).toBe('# Your turn');
    expect(md).toContain('You are **Alice** (seat 1); your opponent is **Bob** (seat 2).');
    expect(md).toContain('- **Phase:** First Round');
    expect(md).toContain('- **Your hand:** K of hearts');
    expect(md).toContain('- **Public cards on the board:** none yet');
    expect(md).toContain('- **Cards left in the deck:** 4');
    expect(md).toContain('- **Cards in hand:** Alice 1, Bob 1');
    expect(md).toContain('- **Stacks:** Alice 99 chips, Bob 97 chips');
    expect(md).toContain('- **Pot:** 4 chips');
    expect(md).toContain('- **Seats:** seat 1 is Alice, seat 2 is Bob');
    expect(md).not.toMatch(/Counters|Position|Scores/);
  });
  it('lists the log in order and the menu (bullets, never positions) with the cost and the reply of each option', () => {
    expect(md).toContain('1. Alice is dealt K of hearts.\n2. Bob is dealt a card, face down.\n3. Bob bets 2 chips.');
    expect(md).toContain('- **fold** (costs no chips): reply `{"action": "fold"}`');
    expect(md).toContain('- **call** (costs you 2 chips): reply `{"action": "call"}`');
    expect(md).toContain('- **raise** (costs you 4 chips): reply `{"action": "raise"}`');
    expect(md).toContain('{"action": "<name>"}');
  });
  it('plain text has no markup', () => {
    const txt = renderTurnPrompt(FACING_BET, 'txt');
    expect(txt).not.toMatch(/\*\*|`|^#/m);
    expect(txt).toContain('- call (costs you 2 chips): reply {"action": "call"}');
  });
  it('says when it is not the seat turn, and shows results at the end', () => {
    const waiting = renderTurnPrompt({ ...FACING_BET, decision: null });
    expect(waiting.split('\n')[0]).toBe('# Game state');
    expect(waiting).toContain('It is not your turn; no reply is needed.');
    expect(waiting).not.toContain('Legal actions');
    const over = renderTurnPrompt({ ...FACING_BET, decision: null, terminal: true, returns: [-3, 3], phase: 'End' });
    expect(over.split('\n')[0]).toBe('# Game over');
    expect(over).toContain('- Alice: lost 3 chips\n- Bob: won 3 chips');
  });
  it('a game without public piles says so', () => {
    expect(renderTurnPrompt({ ...FACING_BET, publicPiles: {} })).toContain('- **Public cards:** none (this game has no public pile)');
  });
  it('quotes option names as JSON and rejects an impossible seat', () => {
    const v = buildPromptView({ ...FACING_BET, decision: { prompt: 'p', menu: [{ action: 0, label: 'say "hi"' }] } });
    expect(v.decision?.options[0]).toEqual({ label: 'say "hi"', reply: '{"action": "say \\"hi\\""}', text: 'say "hi"', cost: null, range: null });
    expect(() => buildPromptView({ ...FACING_BET, seat: 2 })).toThrow(TypeError);
  });
});

// ---------------------------------------------------------------------------------------------
// Prompts of real states: the visibility property.

const GAMES: [string, GameIR][] = [
  ['Kuhn', KUHN_IR],
  ['Leduc', LEDUC_IR],
];

const allCards = (ir: GameIR): string[] => ir.deck.suits.flatMap((s) => ir.deck.ranks.map((r) => `${r.name} of ${s}`));

/** Where the n-th dealt card goes, from the IR's deal steps (one card per seat per deal in both games). */
function dealTargets(ir: GameIR): string[] {
  const out: string[] = [];
  for (const p of ir.phases)
    for (const s of p.steps) {
      if (s.kind !== 'deal') continue;
      for (let i = 0; i < s.count; i++) {
        if (s.to.kind === 'each') out.push('hand0', 'hand1');
        else if (s.to.kind === 'hand') out.push(`hand${s.to.seat}`);
        else if (s.to.kind === 'pile') out.push(`pile:${s.to.name}`);
      }
    }
  return out;
}

interface Played {
  /** Every state along the path, the initial one first. */
  states: GameState[];
  /** The actions applied, with the card name of card-dealing chance actions. */
  history: { player: number; action: Action; card: string | null; label: string }[];
}

/** Play from the initial state, taking choice[i] mod the number of options at node i. */
function play(ir: GameIR, choices: number[], swap: Map<string, string> = new Map(), template?: Played['history']): Played {
  const game = compileGame(ir);
  const state = game.newInitialState();
  const cards = new Set(allCards(ir));
  const states: GameState[] = [state.clone()];
  const history: Played['history'] = [];
  for (let i = 0; !state.isTerminal() && i < (template ? template.length : choices.length); i++) {
    const player = state.currentPlayer();
    let action: Action;
    if (template) {
      const t = template[i];
      action = t.action;
      if (t.card !== null) {
        const want = swap.get(t.card) ?? t.card;
        const found = state.chanceOutcomes().find(([a]) => state.actionToString(CHANCE, a) === want);
        if (!found) throw new Error(`card ${want} is not available at step ${i}`);
        action = found[0];
      }
    } else {
      const options = player === CHANCE ? state.chanceOutcomes().map(([a]) => a) : state.legalActions();
      action = options[choices[i] % options.length];
    }
    const label = state.actionToString(player, action);
    history.push({ player, action, card: player === CHANCE && cards.has(label) ? label : null, label });
    state.applyAction(action);
    states.push(state.clone());
  }
  return { states, history };
}

/** Cards `seat` may not know after `history`: all but its own, the public ones and, after a showdown, the opponent's. */
function unknowable(ir: GameIR, history: Played['history'], seat: number, terminal: boolean): string[] {
  const targets = dealTargets(ir);
  const known = new Set<string>();
  const dealt: { card: string; to: string }[] = [];
  for (const h of history) if (h.card !== null) dealt.push({ card: h.card, to: targets[dealt.length] });
  const folded = history.some((h) => h.player >= 0 && h.label === 'fold');
  const publicPiles = new Set(ir.piles.filter((p) => p.visibility === 'public').map((p) => `pile:${p.name}`));
  for (const d of dealt) {
    if (d.to === `hand${seat}` || publicPiles.has(d.to)) known.add(d.card);
    if (terminal && !folded && d.to.startsWith('hand')) known.add(d.card);
  }
  return allCards(ir).filter((c) => !known.has(c));
}

describe('turn prompts of real states', () => {
  for (const [name, ir] of GAMES) {
    it(`${name}: the prompt never names a card the seat may not know, and has no defects`, () => {
      fc.assert(
        fc.property(fc.array(fc.nat(), { minLength: 1, maxLength: 24 }), (choices) => {
          const { states, history } = play(ir, choices);
          states.forEach((state, k) => {
            for (const seat of [0, 1]) {
              const text = renderTurnPrompt(state.observation(seat));
              expect(renderDefects(text)).toEqual([]);
              for (const card of unknowable(ir, history.slice(0, k), seat, state.isTerminal())) expect(text).not.toContain(card);
            }
          });
        }),
        { numRuns: 150 },
      );
    });

    it(`${name}: swapping cards the seat has not seen leaves its prompt unchanged`, () => {
      fc.assert(
        fc.property(fc.array(fc.nat(), { minLength: 1, maxLength: 24 }), fc.nat(), fc.nat({ max: 1 }), (choices, rot, seat) => {
          const original = play(ir, choices);
          const last = original.states[original.states.length - 1];
          const hidden = unknowable(ir, original.history, seat, last.isTerminal());
          if (hidden.length < 2) return;
          // a cyclic shift of the hidden cards: a bijection that fixes every card the seat knows
          const shift = 1 + (rot % (hidden.length - 1));
          const swap = new Map(hidden.map((c, i) => [c, hidden[(i + shift) % hidden.length]]));
          const swapped = play(ir, [], swap, original.history);
          const after = swapped.states[swapped.states.length - 1];
          expect(renderTurnPrompt(after.observation(seat))).toBe(renderTurnPrompt(last.observation(seat)));
          // the opponent's prompt does change when its own card was swapped (the test can fail)
          const oppCard = original.history.filter((h) => h.card !== null)[1 - seat]?.card;
          if (oppCard && swap.has(oppCard)) expect(renderTurnPrompt(after.observation(1 - seat))).not.toBe(renderTurnPrompt(last.observation(1 - seat)));
        }),
        { numRuns: 150 },
      );
    });
  }

  it('Kuhn: at the first decision Alice sees exactly her card and a menu of check and bet', () => {
    // deal Q to Alice, K to Bob, then stop at Alice's decision
    const game = compileGame(KUHN_IR);
    const s = game.newInitialState();
    const deal = (card: string) => s.applyAction(s.chanceOutcomes().find(([a]) => s.actionToString(CHANCE, a) === card)![0]);
    deal('Q of hearts');
    deal('K of hearts');
    while (s.currentPlayer() !== 0) s.applyAction(s.legalActions()[0]);
    const text = renderTurnPrompt(s.observation(0));
    expect(text).toContain('- **Your hand:** Q of hearts');
    expect(text).not.toContain('K of hearts');
    expect(text).toContain('- **Pot:** 2 chips');
    expect(text).toContain('- **Stacks:** Alice 9 chips, Bob 9 chips');
    expect(text).toContain('- **check** (costs no chips): reply `{"action": "check"}`\n- **bet** (costs you 1 chip): reply `{"action": "bet"}`\n');
  });
});
