/**
 * Option costs from expressions (`option raise cost 2 * round + fee { … }`), end to end on
 * `test/fixtures/games/expr-costs.gbg`: the cost is worked out when the choice is offered, and the
 * chips paid, the menu's stated costs and the turn prompt's printed costs all equal it; a value of
 * 0 or less makes the option free; a certain cost above the stack is not offered; a chance cost is
 * drawn after the pick at the value the choice was offered with, and its draw is told to the
 * chooser only after a private choice. Also the compile errors (E0249, E0218, E0223), the rulebook
 * sentence, the formatter and the decompiler. The property tests (chips, zero-sum, visibility,
 * termination) run on the fixture in `properties.test.ts` and `visibility.test.ts`.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { compileSource } from '../../src/compiler/index.js';
import { formatDiagnostics } from '../../src/diagnostics/format.js';
import { decompile } from '../../src/format/decompile.js';
import { formatSource } from '../../src/format/index.js';
import { renderRulebook } from '../../src/render/rulebook.js';
import { checkRulebookFacts } from '../../src/render/facts.js';
import { renderDefects } from '../../src/render/defects.js';
import { renderTurnPrompt } from '../../src/render/prompt.js';
import { compileGame, CHANCE, type InterpreterState } from '../../src/interpreter/index.js';
import { NODE, R } from '../../src/interpreter/layout.js';
import { OP } from '../../src/interpreter/program.js';
import { applyAll, menu } from './helpers.js';

const FILE = 'test/fixtures/games/expr-costs.gbg';
const SOURCE = readFileSync(new URL('../fixtures/games/expr-costs.gbg', import.meta.url), 'utf8');

function compiled(src = SOURCE) {
  const r = compileSource(src);
  expect(r.diagnostics).toEqual([]);
  return { ir: r.ir!, hash: r.rulesetHash, game: compileGame(r.ir!) };
}

/** Apply chance outcomes other than deals and cost draws (the shuffle, a peek's random pick) until a decision, a deal or a cost draw. */
function untilDecision(s: InterpreterState): InterpreterState {
  while (s.currentPlayer() === CHANCE && s.r[R.NODE] !== NODE.CHANCE_COST && !(s.actionsAreCards() && s.op() === OP.DEAL)) s.applyAction(s.legalActions()[0]!);
  return s;
}

/** J to Alice, Q to Bob (after the antes: stacks 11 and 11, pot 2), at Alice's first choice. */
function start(): InterpreterState {
  const s = untilDecision(compiled().game.newInitialState());
  applyAll(s, ['J of hearts', 'Q of hearts']);
  return untilDecision(s);
}

const costs = (s: InterpreterState) => Object.fromEntries(s.observation(s.currentPlayer()).decision!.menu.map((m) => [m.label, m.cost ?? m.costRange]));
const promptLines = (s: InterpreterState) =>
  renderTurnPrompt(s.observation(s.currentPlayer()), 'txt')
    .split('\n')
    .filter((l) => l.startsWith('- ') && l.includes(': reply '));
const pick = (s: InterpreterState, label: string) => {
  const item = s.observation(s.currentPlayer()).decision!.menu.find((m) => m.label === label);
  if (!item) throw new Error(`no option ${label} in ${menu(s).join(', ')}`);
  s.applyAction(item.action);
  return untilDecision(s);
};

describe('option costs from expressions', () => {
  it('raise 1, peek 2, gamble 5 (due), peek 1, double 6: the costs follow round, fee, pot and the board; Bob wins 9 chips', () => {
    const s = start();
    expect(s.chips()).toEqual({ stacks: [11, 11], pot: 2 });
    // Round 0: raise costs 2 × 0 + 1 = 1; gamble costs the pot less 1 = 1 with a 50% chance.
    expect(costs(s)).toEqual({ raise: 1, gamble: [0, 1], pass: 0 });
    expect(s.observation(0).decision!.prompt).toContain('raise costs 1 chip, paid to the pot; gamble costs 1 chip with probability 50%');
    pick(s, 'raise'); // Alice pays 1, then Bob pays 1
    expect(s.chips()).toEqual({ stacks: [10, 10], pot: 4 });
    expect(costs(s)).toEqual({ peek: 2, pass: 0 }); // 2 × fee − 3 × round = 2
    pick(s, 'peek');
    expect(s.chips()).toEqual({ stacks: [10, 8], pot: 6 });
    // Round 1: raise costs 2 × 1 + 1 = 3; gamble costs 6 − 1 = 5 with a 50% chance.
    expect(costs(s)).toEqual({ raise: 3, gamble: [0, 5], pass: 0 });
    expect(promptLines(s).slice(0, 3)).toEqual([
      '- raise (costs you 3 chips): reply {"action": "raise"}',
      '- gamble (costs you between 0 and 5 chips, depending on chance): reply {"action": "gamble"}',
      '- pass (costs no chips): reply {"action": "pass"}',
    ]);
    pick(s, 'gamble');
    expect(s.r[R.NODE]).toBe(NODE.CHANCE_COST);
    expect(s.chanceOutcomes()).toEqual([
      [0, 0.5],
      [1, 0.5],
    ]);
    s.applyAction(1); // due
    untilDecision(s);
    expect(s.chips()).toEqual({ stacks: [5, 8], pot: 11 });
    expect(s.observation(0).log.map((e) => e.text)).toContain("Alice's cost of 5 chips is due.");
    // fee is now 2: peek costs 2 × 2 − 3 × 1 = 1.
    expect(costs(s)).toEqual({ peek: 1, pass: 0 });
    pick(s, 'peek');
    expect(s.chips()).toEqual({ stacks: [5, 7], pot: 12 });
    // The board gets K (value 3): double costs 3 × 2 = 6, within Bob's 7.
    applyAll(s, ['K of hearts']);
    untilDecision(s);
    expect(costs(s)).toEqual({ double: 6, pass: 0 });
    expect(s.observation(1).decision!.prompt).toContain('double costs 6 chips, paid to the pot');
    pick(s, 'double'); // Bob pays 6 (1 left), Alice pays 2 (3 left): a pot of 20, which Bob's Q wins at the showdown
    expect(s.isTerminal()).toBe(true);
    expect(s.chips()).toEqual({ stacks: [3, 21], pot: 0 });
    expect(s.returns()).toEqual([-9, 9]); // Bob's Q beats Alice's J: 21 − 12 and 3 − 12
  });

  it('a cost below 0 is free, and a certain cost above the stack is not offered', () => {
    const s = start();
    pick(s, 'pass');
    pick(s, 'pass'); // round 0: nothing paid
    pick(s, 'pass');
    // Round 1, fee 1: peek costs 2 × 1 − 3 × 1 = −1, so it is free; the prompt names no cost for it.
    expect(costs(s)).toEqual({ peek: 0, pass: 0 });
    expect(s.observation(1).decision!.prompt).not.toContain('peek costs');
    pick(s, 'peek');
    expect(s.chips()).toEqual({ stacks: [11, 11], pot: 2 });
    // Bob's stack 11 covers double (6 chips).
    applyAll(s, ['K of hearts']);
    untilDecision(s);
    expect(menu(s)).toEqual(['double', 'pass']);
    // Gamble due in round 0 (fee 2), peek 4, raise 2 × 1 + 2 = 4 (Bob pays 1), peek 2 × 2 − 3 = 1: Bob has 5 chips, so double (6) is not offered.
    const poorer = start();
    pick(poorer, 'gamble');
    poorer.applyAction(1);
    untilDecision(poorer);
    pick(poorer, 'peek');
    expect(costs(poorer)).toEqual({ raise: 4, gamble: [0, 6], pass: 0 });
    pick(poorer, 'raise');
    expect(costs(poorer)).toEqual({ peek: 1, pass: 0 });
    pick(poorer, 'peek');
    applyAll(poorer, ['K of hearts']);
    untilDecision(poorer);
    expect(poorer.chips()).toEqual({ stacks: [6, 5], pot: 13 });
    expect(menu(poorer)).toEqual(['pass']);
    // The prompt says why double is missing from the menu, with the cost worked out now.
    expect(poorer.observation(1).decision!.prompt).toContain('double is not offered: it costs 6 chips and you have 5 chips');
    expect(poorer.observation(1).decision!.prompt).not.toContain('double costs');
  });

  it('a chance cost not due: the option runs free, and the draw is told to Alice only after her private choice', () => {
    const t = start();
    pick(t, 'gamble');
    t.applyAction(0); // round 0: the cost of 1 chip is not due
    untilDecision(t);
    expect(t.chips()).toEqual({ stacks: [11, 11], pot: 2 });
    expect(t.observation(0).log.map((e) => e.text)).toContain("Alice's cost of 1 chip is not due.");
    expect(t.observation(1).log.some((e) => e.kind === 'cost')).toBe(false);
    expect(
      t
        .observation(1)
        .log.map((e) => e.text)
        .join('\n'),
    ).not.toContain('gamble');
    expect(costs(t)).toEqual({ peek: 4, pass: 0 }); // gamble ran (free): the fee is 2, so peek costs 2 × 2 − 3 × 0 = 4
  });

  it('a chance cost due but above the stack: the option does nothing, and the menu states the range [-1, 0]', () => {
    const src = `game "Dear gamble" {
  players Alice, Bob
  stack 4 each
  deck { ranks J = 1, Q = 2, K = 3; suits hearts }
  phase Main {
    shuffle deck
    ante 2 each
    deal 1 to each face down
    choice Alice public {
      option gamble cost pot * 2 at 50% { pay 1 from Bob to Alice }
      option pass { }
    }
  }
  showdown high-card
}
`;
    const s = untilDecision(compiled(src).game.newInitialState());
    applyAll(s, ['J of hearts', 'Q of hearts']);
    untilDecision(s);
    // pot 4: gamble costs 8 with a 50% chance, more than Alice's 2 chips, yet a chance cost is offered.
    expect(costs(s)).toEqual({ gamble: [-1, 0], pass: 0 });
    expect(s.observation(0).decision!.prompt).toContain('gamble costs 8 chips with probability 50%');
    pick(s, 'gamble');
    s.applyAction(1); // due
    expect(s.observation(1).log.map((e) => e.text)).toContain("Alice's cost of 8 chips is due but Alice cannot pay it: the option does nothing.");
    expect(s.isTerminal()).toBe(true);
    expect(s.returns()).toEqual([-2, 2]);
  });

  it('the rulebook states each cost expression and when it is worked out, every fact of the game, without defects', () => {
    const { ir } = compiled();
    for (const format of ['md', 'txt'] as const) {
      const out = renderRulebook(ir, format);
      expect(checkRulebookFacts(ir, out, format)).toEqual({ missing: [], sectionErrors: [] });
      expect(renderDefects(out)).toEqual([]);
    }
    const text = renderRulebook(ir);
    expect(text).toContain('  - **raise** (costs as many chips as 2 times «round» plus «fee»):');
    expect(text).toContain('  - **gamble** (50% chance of costing as many chips as the number of chips in the pot minus 1):');
    expect(text).toContain('  - **peek** (costs as many chips as 2 times «fee» minus 3 times «round»):');
    expect(text).toContain(
      'A cost written as an expression is worked out when the choice is offered, from numbers both seats see: an option whose cost comes to 0 or less is free.',
    );
  });

  it('fmt and the decompiler keep every cost expression and the ruleset hash', async () => {
    const { ir, hash } = compiled();
    const formatted = await formatSource(SOURCE);
    expect(formatted).toBe(SOURCE);
    const back = decompile(ir);
    for (const line of [
      'option raise cost 2 * round + fee {',
      'option gamble cost pot - 1 at 50% {',
      'option peek cost 2 * fee - 3 * round {',
      'option double cost highest(board) * 2 {',
    ])
      expect(back).toContain(line);
    expect(compileSource(back).rulesetHash).toBe(hash);
  });

  it('E0223 counts a cost expression as certain only when every value it can take is at least 1', () => {
    const choice = (a: string, b: string) =>
      SOURCE.replace(
        /choice Bob public \{\n      option double[\s\S]*?\n    \}\n  \}/,
        `choice Bob public { option a cost ${a} { } option b cost ${b} { } }\n  }`,
      );
    // round is 0 or 1 (a loop counter of 2 rounds): 'round' may be 0, so option a may be free.
    expect(compileSource(choice('round', '2')).diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    expect(compileSource(choice('round + 1', '2')).diagnostics.map((d) => d.code)).toEqual(['E0223']);
  });

  it("refuses a cost from a seat's cards, with a caret under the read", () => {
    const bad = SOURCE.replace('option double cost highest(board) * 2', 'option double cost highest(Alice) * 2');
    const r = compileSource(bad);
    expect(r.ir).toBeNull();
    expect(formatDiagnostics(FILE, bad, r.diagnostics)).toContain(
      [
        "test/fixtures/games/expr-costs.gbg:50:26: error[E0249]: the cost of option 'double' cannot read Alice's cards: the options offered and the chips paid are seen by both seats, so the cost would tell what the cards are",
        '   |',
        '50 |       option double cost highest(Alice) * 2 {',
        '   |                          ^^^^^^^^^^^^^^',
      ].join('\n'),
    );
  });
});
