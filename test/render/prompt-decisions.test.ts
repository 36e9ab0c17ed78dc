import { readdirSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { loadGame } from '../../src/cli/load.js';
import { CHANCE, compileGame, type MenuItem, type Observation } from '../../src/interpreter/index.js';
import { renderDefects } from '../../src/render/defects.js';
import { buildPromptView, renderTurnPrompt } from '../../src/render/prompt.js';
import { parseReply } from '../../src/render/reply.js';
import { isTableExample } from '../support/table-examples.js';

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
  it('a wager lists its amount range, its cost per amount and the reply with an amount', () => {
    const text = decide('Alice: wager from 1 to 8 chips in VariableBettingRound1 (the amount goes to the pot at once).', amounts('bet', 1, 8, true));
    expect(text).toContain('Alice: wager from 1 to 8 chips in VariableBettingRound1');
    expect(text).toContain(
      '- **bet N**, where N is any whole number from 1 to 8 (costs you N chips): reply `{"action": "bet", "amount": N}`, for example `{"action": "bet", "amount": 4}`',
    );
    expect(text).toContain(
      'Reply with one JSON object and nothing else: `{"action": "<name>"}` for an action listed by name, or `{"action": "<name>", "amount": N}` for an action with a number N',
    );
    expect(text).toContain('(for example `bet 4`). A number alone is not a reply.');
    expect(text).not.toContain('bet 7');
    expect(text).not.toMatch(/^\d+\. \*\*/m);
  });
  it('a sealed bid from 0 is a range too; without measured costs it states none', () => {
    const text = decide('Alice: place a sealed bid from 0 to 3 chips in CardAuction; Bob bids without seeing yours.', amounts('bid', 0, 3));
    expect(text).toContain(
      '- **bid N**, where N is any whole number from 0 to 3: reply `{"action": "bid", "amount": N}`, for example `{"action": "bid", "amount": 1}`',
    );
    expect(text).toContain('Bob bids without seeing yours');
  });
  it('a variable betting turn mixes named actions and a range', () => {
    const menu = [{ action: 1, label: 'check', cost: 0 }, ...amounts('bet', 1, 5, true).map((m) => ({ ...m, action: m.action + 1 }))];
    const text = decide('Alice to act in First Round (variable betting, no bet to call: check, or bet any amount from 1 to 5 chips).', menu);
    expect(text).toContain('- **check** (costs no chips): reply `{"action": "check"}`');
    expect(text).toContain(
      '- **bet N**, where N is any whole number from 1 to 5 (costs you N chips): reply `{"action": "bet", "amount": N}`, for example `{"action": "bet", "amount": 3}`',
    );
  });
  it('a choice lists its options with their measured costs, ranges included', () => {
    const text = decide(
      'Alice: choose one option in Peek Offers (peek costs 1 chip with probability 50%, drawn after you choose; your choice is announced to both seats).',
      [
        { action: 0, label: 'peek', costRange: [0, 1], costDependsOn: ['chance'] },
        { action: 1, label: 'pass', cost: 0 },
        { action: 2, label: 'buy', cost: 2 },
        { action: 3, label: 'take', cost: -1 },
      ],
    );
    expect(text).toContain('- **peek** (costs you between 0 and 1 chip, depending on chance): reply `{"action": "peek"}`');
    expect(text).toContain('- **pass** (costs no chips): reply `{"action": "pass"}`');
    expect(text).toContain('- **buy** (costs you 2 chips): reply `{"action": "buy"}`');
    expect(text).toContain('- **take** (gives you 1 chip): reply `{"action": "take"}`');
    expect(text).not.toContain('or `{"action": "<name>", "amount": N}`');
  });
  it('a simultaneous pick shows the secrecy the interpreter states and the options', () => {
    const text = decide(
      'Bob: pick one option in secret in Standoff; Alice picked without seeing yours, and both picks are revealed together once both are locked in.',
      [
        { action: 0, label: 'Press' },
        { action: 1, label: 'Hold' },
        { action: 2, label: 'Bluff' },
      ],
      { seat: 1 },
    );
    expect(text).toContain('You are **Bob** (seat 2)');
    expect(text).toContain('both picks are revealed together once both are locked in');
    expect(text).toContain('- **Bluff**: reply `{"action": "Bluff"}`');
  });
  it('side bets, chosen discards and chosen peeks', () => {
    expect(
      decide('Alice: accept or decline a side bet of 2 chips.', [
        { action: 0, label: 'decline', cost: 0 },
        { action: 1, label: 'accept', cost: 0 },
      ]),
    ).toContain('- **accept** (costs no chips): reply `{"action": "accept"}`');
    const discard = decide('Alice: choose a card of your hand to discard.', [
      { action: 3, label: 'J of clubs', cost: 0 },
      { action: 7, label: 'K of clubs', cost: 0 },
    ]);
    expect(discard).toContain('- **K of clubs** (costs no chips): reply `{"action": "K of clubs"}`');
    const peek = decide(
      "Alice: choose which card of Bob's hand to look at (card 1 to card 3, in the order they arrived).",
      amounts('card', 1, 3).map((m) => ({ ...m, action: m.action - 1, cost: 0 })),
    );
    expect(peek).toContain(
      '- **card N**, where N is any whole number from 1 to 3 (costs no chips): reply `{"action": "card", "amount": N}`, for example `{"action": "card", "amount": 2}`',
    );
  });
});

describe('parseReply: one grammar for people and models', () => {
  const wager = amounts('bet', 1, 8, true);
  const bids = amounts('bid', 0, 3);
  const varbet = [{ action: 1, label: 'check' }, ...amounts('bet', 1, 5).map((m) => ({ ...m, action: m.action + 1 }))];
  const ok = (text: string, menu: MenuItem[]) => {
    const r = parseReply(text, menu);
    return r.ok ? r.action : null;
  };
  it('JSON replies: a name, or a word and an amount', () => {
    expect(ok('{"action": "check"}', varbet)).toBe(1);
    expect(ok(' {"action": "Bet", "amount": 3} ', varbet)).toBe(4);
    expect(ok('{"action": "bid", "amount": 0}', bids)).toBe(0);
    expect(ok('{"action":"bet","amount":8}', wager)).toBe(8);
  });
  it('plain text: the same, without the JSON', () => {
    expect(ok('check', varbet)).toBe(1);
    expect(ok(' Bet 3 ', varbet)).toBe(4);
    expect(ok('bid 0', bids)).toBe(0);
    expect(ok('K of clubs', [{ action: 7, label: 'K of clubs' }])).toBe(7);
  });
  it('a number alone is never a reply (it could be a menu position or an amount)', () => {
    for (const menu of [wager, bids, varbet]) {
      expect(ok('2', menu)).toBeNull();
      expect(ok('{"action": 2}', menu)).toBeNull();
      expect(ok('{"action": "2"}', menu)).toBeNull();
    }
    const r = parseReply('2', bids);
    expect(r.ok ? '' : r.message).toContain("a number alone names no action; write the action's name (with its amount, e.g. 'bet 2')");
  });
  it('refuses what names no legal action, with the reason', () => {
    const msg = (text: string, menu: MenuItem[]) => {
      const r = parseReply(text, menu);
      return r.ok ? `ok ${r.action}` : r.message;
    };
    expect(msg('raise', varbet)).toBe("'raise' is not a legal action here; legal: check, bet N (N from 1 to 5)");
    expect(msg('bet 9', wager)).toBe('bet 9 is not legal: the amount must be a whole number from 1 to 8');
    expect(msg('bet', wager)).toBe("'bet' needs an amount from 1 to 8, e.g. 'bet 1'");
    expect(msg('{"action": "check", "amount": 1}', varbet)).toBe("'check' takes no amount");
    expect(msg('{"action": "bet 3"}', varbet)).toBe("'bet 3' is not a legal action here; legal: check, bet N (N from 1 to 5)");
    expect(msg('{"action": "bet", "amount": 2.5}', wager)).toBe('"amount" must be a whole number, e.g. {"action": "bet", "amount": 3}');
    expect(msg('{"action": "bet", "amount": "3"}', wager)).toBe('"amount" must be a whole number, e.g. {"action": "bet", "amount": 3}');
    expect(msg('{"action": "bet", "n": 3}', wager)).toBe('unknown key "n": a reply has "action" and, for an amount, "amount"');
    expect(msg('{"action": ', wager)).toBe('the reply starts with { but is not valid JSON');
    expect(msg('[1]', wager)).toBe("'[1]' is not a legal action here; legal: bet N (N from 1 to 8)");
    expect(msg('', wager)).toBe('empty reply; legal: bet N (N from 1 to 8)');
  });
  it('a lone amount label is a range of one', () => {
    const v = buildPromptView({ ...BASE, decision: { prompt: 'p', menu: [{ action: 1, label: 'bet 1', cost: 1 }] } });
    expect(v.decision?.options).toEqual([
      { label: 'bet', reply: '{"action": "bet", "amount": 1}', text: 'bet 1', cost: 'costs you N chips', range: { min: 1, max: 1, example: 1 } },
    ]);
    expect(ok('bet 1', [{ action: 1, label: 'bet 1', cost: 1 }])).toBe(1);
  });
});

// ---------------------------------------------------------------------------------------------
// Prompts of real states of every example: no defects, and the replies the prompt shows pick
// exactly the legal actions.

const EXAMPLES = readdirSync('examples')
  .filter((f) => f.endsWith('.gbg') && !isTableExample(f))
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
              const menu = s.observation(p).decision!.menu;
              const text = renderTurnPrompt(s.observation(p));
              const pick = (reply: string): number => {
                const r = parseReply(reply, menu);
                if (!r.ok) throw new Error(`${reply}: ${r.message}`);
                return r.action;
              };
              for (const o of view.decision!.options) {
                // the example reply the prompt prints parses to the action it names
                expect(text).toContain(o.range ? `${o.label} N**, where N is any whole number from ${o.range.min} to ${o.range.max}` : `- **${o.label}**`);
                expect(text).toContain(o.range ? `for example \`${o.reply}\`` : `reply \`${o.reply}\``);
                const shown = menu.find((m) => m.label === (o.range ? `${o.label} ${o.range.example}` : o.label))!.action;
                expect(pick(o.reply)).toBe(shown);
                expect(pick(o.text)).toBe(shown);
                if (!o.range) picked.add(pick(o.reply));
                else for (let n = o.range.min; n <= o.range.max; n++) picked.add(pick(JSON.stringify({ action: o.label, amount: n })));
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

describe('turn prompts use the rulebook’s names and show only what the game has', () => {
  it('genstrat-4643: display names (Bob Fold Or Call 1, «bet round»), never raw identifiers; no scores line', () => {
    const game = compileGame(loadGame('examples/genstrat-4643.gbg').ir);
    const rules = game.ir;
    const raw = [...rules.phases.map((p) => p.name), ...(rules.subphases ?? []).map((p) => p.name), ...(rules.variables ?? []).map((v) => v.name)].filter((n) =>
      /[a-z][A-Z]|[A-Za-z]\d/.test(n),
    );
    expect(raw).toContain('BobFoldOrCall1');
    expect(raw).toContain('betRound');
    let prompts = 0;
    for (let seed = 0; seed < 40; seed++) {
      const s = game.newInitialState();
      let k = seed;
      while (!s.isTerminal()) {
        const p = s.currentPlayer();
        if (p !== CHANCE) {
          const text = renderTurnPrompt(s.observation(p));
          prompts++;
          for (const name of raw) expect(text).not.toMatch(new RegExp(`\\b${name}\\b`));
          expect(text).not.toContain('Scores');
        }
        const options = p === CHANCE ? s.chanceOutcomes().map(([a]) => a) : s.legalActions();
        k = (k * 1103515245 + 12345) % 2147483648;
        s.applyAction(options[k % options.length]);
      }
    }
    expect(prompts).toBeGreaterThan(100);
  });
});
