import { readdirSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { loadGame } from '../../src/cli/load.js';
import { CHANCE, compileGame, type MenuItem, type Observation } from '../../src/interpreter/index.js';
import { renderDefects } from '../../src/render/defects.js';
import { actionForReply, buildPromptView, renderTurnPrompt } from '../../src/render/prompt.js';

/** A hand-written observation of the seed game: Alice to decide, with counters, a position and scores. */
const BASE: Observation = {
  seat: 0,
  seatNames: ['Alice', 'Bob'],
  phase: 'VariableBettingRound1',
  hand: ['Q of hearts'],
  publicPiles: {},
  handSizes: [1, 1],
  deckSize: 1,
  stacks: [8, 8],
  pot: 4,
  log: [{ kind: 'phase', text: 'Phase Setup begins.' }],
  decision: null,
  variables: { betRound: 0 },
  positions: [
    { name: 'Leader', hidden: false, holder: 'Bob' },
    { name: 'SharpEye', hidden: true, holder: null },
  ],
  scores: [2, -1],
  terminal: false,
  returns: null,
};

const amounts = (word: string, lo: number, hi: number, cost = false): MenuItem[] =>
  Array.from({ length: hi - lo + 1 }, (_, i) => ({ action: lo + i, label: `${word} ${lo + i}`, ...(cost ? { cost: lo + i } : {}) }));

const decide = (prompt: string, menu: MenuItem[], extra: Partial<Observation> = {}) => renderTurnPrompt({ ...BASE, ...extra, decision: { prompt, menu } });

describe('turn prompt: the state of the extended language', () => {
  const md = renderTurnPrompt(BASE);
  it('shows counters (humanized), positions as the seat knows them, and scores', () => {
    expect(md).toContain('- **Phase:** Variable Betting Round 1');
    expect(md).toContain('- **Counters:** «bet round» = 0');
    expect(md).toContain('- **Position Leader:** Bob holds it');
    expect(md).toContain('- **Position Sharp Eye:** you do not hold it (a hidden position: whether Bob holds it is not told)');
    expect(md).toContain('- **Scores:** Alice 2, Bob -1');
  });
  it('words the positions the seat holds, and nobody holding a public one', () => {
    const mine = renderTurnPrompt({
      ...BASE,
      positions: [
        { name: 'Leader', hidden: false, holder: null },
        { name: 'SharpEye', hidden: true, holder: 'Alice' },
        { name: 'Chair', hidden: false, holder: 'Alice' },
      ],
    });
    expect(mine).toContain('- **Position Leader:** nobody holds it');
    expect(mine).toContain('- **Position Sharp Eye:** you hold it (a hidden position: your opponent is not told)');
    expect(mine).toContain('- **Position Chair:** you hold it');
  });
});

describe('turn prompt: every decision kind', () => {
  it('a wager lists its amount range and the bare-number reply', () => {
    const text = decide('Alice: wager from 1 to 8 chips in VariableBettingRound1 (the amount goes to the pot at once).', amounts('bet', 1, 8, true));
    expect(text).toContain('Alice: wager from 1 to 8 chips in VariableBettingRound1');
    expect(text).toContain('1. **bet N**, where N is any whole number from 1 to 8 (N chips): reply with the number, for example `{"action": 4}` for N = 4');
    expect(text).toContain('Reply with one JSON object and nothing else: `{"action": <number>}`, where `<number>` is one whole number from the range above (the number of chips), written without quotes. The word form (for example `{"action": "bet 4"}`) is accepted too.');
    expect(text).not.toContain('bet 7');
  });
  it('a sealed bid from 0 is a range too', () => {
    const text = decide('Alice: place a sealed bid from 0 to 3 chips in CardAuction; Bob bids without seeing yours.', amounts('bid', 0, 3));
    expect(text).toContain('1. **bid N**, where N is any whole number from 0 to 3 (N chips): reply with the number, for example `{"action": 1}` for N = 1');
    expect(text).toContain('Bob bids without seeing yours');
  });
  it('a variable betting turn mixes named actions and a range', () => {
    const menu = [{ action: 1, label: 'check', cost: 0 }, ...amounts('bet', 1, 5, true).map((m) => ({ ...m, action: m.action + 1 }))];
    const text = decide('Alice to act in First Round (variable betting, no bet to call: check, or bet any amount from 1 to 5 chips).', menu);
    expect(text).toContain('1. **check** (puts no chips in): reply `{"action": "check"}`');
    expect(text).toContain('2. **bet N**, where N is any whole number from 1 to 5 (N chips): reply with the word and the number, for example `{"action": "bet 3"}` for N = 3');
    expect(text).toContain('in double quotes (exactly as shown after "reply"; for a range, the word, a space and your number).');
  });
  it('a choice lists its options with their certain costs', () => {
    const text = decide('Alice: choose one option in Peek Offers (peek costs 1 chip with probability 50%, drawn after you choose; your choice is announced to both seats).', [
      { action: 0, label: 'peek' },
      { action: 1, label: 'pass', cost: 0 },
      { action: 2, label: 'buy', cost: 2 },
    ]);
    expect(text).toContain('1. **peek**: reply `{"action": "peek"}`');
    expect(text).toContain('2. **pass** (puts no chips in): reply `{"action": "pass"}`');
    expect(text).toContain('3. **buy** (puts 2 chips into the pot): reply `{"action": "buy"}`');
    expect(text).toContain('peek costs 1 chip with probability 50%');
  });
  it('a simultaneous pick shows the secrecy the interpreter states and the options', () => {
    const text = decide('Bob: pick one option in secret in Standoff; Alice picked without seeing yours, and both picks are revealed together once both are locked in.', [
      { action: 0, label: 'Press' },
      { action: 1, label: 'Hold' },
      { action: 2, label: 'Bluff' },
    ], { seat: 1 });
    expect(text).toContain('You are **Bob** (seat 2)');
    expect(text).toContain('both picks are revealed together once both are locked in');
    expect(text).toContain('3. **Bluff**: reply `{"action": "Bluff"}`');
  });
  it('side bets, chosen discards and chosen peeks', () => {
    expect(decide('Alice: accept or decline a side bet of 2 chips.', [{ action: 0, label: 'decline', cost: 0 }, { action: 1, label: 'accept', cost: 0 }])).toContain(
      '2. **accept** (puts no chips in): reply `{"action": "accept"}`',
    );
    const discard = decide('Alice: choose a card of your hand to discard.', [{ action: 3, label: 'J of clubs', cost: 0 }, { action: 7, label: 'K of clubs', cost: 0 }]);
    expect(discard).toContain('2. **K of clubs** (puts no chips in): reply `{"action": "K of clubs"}`');
    const peek = decide("Alice: choose which card of Bob's hand to look at (card 1 to card 3, in the order they arrived).", amounts('card', 1, 3).map((m) => ({ ...m, action: m.action - 1 })));
    expect(peek).toContain('1. **card N**, where N is any whole number from 1 to 3: reply with the number, for example `{"action": 2}` for N = 2');
    expect(peek).not.toContain('(the number of chips)');
  });
});

describe('actionForReply', () => {
  const wager = amounts('bet', 1, 8, true);
  const bids = amounts('bid', 0, 3);
  const varbet = [{ action: 1, label: 'check' }, ...amounts('bet', 1, 5).map((m) => ({ ...m, action: m.action + 1 }))];
  it('maps labels, ignoring case and surrounding spaces', () => {
    expect(actionForReply('check', varbet)).toBe(1);
    expect(actionForReply(' Bet 3 ', varbet)).toBe(4);
    expect(actionForReply('bid 0', bids)).toBe(0);
  });
  it('maps a bare number only when the whole menu is one range', () => {
    expect(actionForReply(3, wager)).toBe(3);
    expect(actionForReply('3', wager)).toBe(3);
    expect(actionForReply(0, bids)).toBe(0);
    expect(actionForReply(3, varbet)).toBeNull();
    expect(actionForReply(9, wager)).toBeNull();
  });
  it('rejects what names no legal action', () => {
    expect(actionForReply('raise', varbet)).toBeNull();
    expect(actionForReply(null, wager)).toBeNull();
    expect(actionForReply({ action: 3 }, wager)).toBeNull();
    expect(actionForReply(2.5, wager)).toBeNull();
  });
  it('a lone amount label stays a named option', () => {
    const v = buildPromptView({ ...BASE, decision: { prompt: 'p', menu: [{ action: 1, label: 'bet 1', cost: 1 }] } });
    expect(v.decision?.options).toEqual([{ number: 1, label: 'bet 1', reply: '{"action": "bet 1"}', cost: 1, range: null }]);
    expect(v.decision?.amountOnly).toBe(false);
  });
});

// ---------------------------------------------------------------------------------------------
// Prompts of real states of every example: no defects, and the replies the prompt shows pick
// exactly the legal actions.

const EXAMPLES = readdirSync('examples')
  .filter((f) => f.endsWith('.gbg'))
  .sort();

describe('turn prompts of every example', () => {
  for (const file of EXAMPLES) {
    it(`${file}: every prompt is clean, and its replies pick exactly the legal actions`, () => {
      const game = compileGame(loadGame(`examples/${file}`).ir);
      fc.assert(
        fc.property(fc.array(fc.nat(), { minLength: 1, maxLength: 80 }), (choices) => {
          const s = game.newInitialState();
          for (let i = 0; !s.isTerminal() && i < 200; i++) {
            const p = s.currentPlayer();
            for (const seat of [0, 1]) expect(renderDefects(renderTurnPrompt(s.observation(seat)))).toEqual([]);
            if (p !== CHANCE) {
              const view = buildPromptView(s.observation(p));
              const legal = s.legalActions();
              const picked = new Set<number>();
              for (const o of view.decision!.options) {
                if (!o.range) picked.add(actionForReply(JSON.parse(o.reply).action, s.observation(p).decision!.menu)!);
                else for (let n = o.range.min; n <= o.range.max; n++) picked.add(actionForReply(`${JSON.parse(o.reply).action.split(' ')[0]} ${n}`, s.observation(p).decision!.menu)!);
              }
              expect([...picked].sort((a, b) => a - b)).toEqual(legal);
            }
            const options = p === CHANCE ? s.chanceOutcomes().map(([a]) => a) : s.legalActions();
            s.applyAction(options[choices[i % choices.length] % options.length]);
          }
        }),
        { numRuns: 25 },
      );
    });
  }
});
