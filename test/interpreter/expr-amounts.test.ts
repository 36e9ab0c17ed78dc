/**
 * Amounts from expressions (`pay 2 * round + stake from Alice to pot`) and the `*` operator, end to
 * end on `test/fixtures/games/expr-amounts.gbg`: exact stacks and pots along chosen paths,
 * precedence (`*` before `+`/`-`), clamping to what the payer holds (and nothing for a value of 0
 * or less), the refusal of a variable value outside 32 bits (never a wrapped value), E0218 for a
 * quantified seat in an amount, the rulebook's sentence, the formatter and the decompiler. The
 * property tests (chips, zero-sum, visibility, termination) run on the fixture in
 * `properties.test.ts`.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { compileSource } from '../../src/compiler/index.js';
import { decompile, DecompileError } from '../../src/format/decompile.js';
import { formatSource } from '../../src/format/index.js';
import { renderRulebook } from '../../src/render/rulebook.js';
import { compileGame, CHANCE, type InterpreterState } from '../../src/interpreter/index.js';
import { UserError } from '../../src/util/errors.js';
import { applyAll, menu } from './helpers.js';

const SOURCE = readFileSync(new URL('../fixtures/games/expr-amounts.gbg', import.meta.url), 'utf8');

function compiled(src = SOURCE) {
  const r = compileSource(src);
  expect(r.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
  return { ir: r.ir!, hash: r.rulesetHash, game: compileGame(r.ir!) };
}

/** Deal the named cards (Alice, Bob, board), then check every betting round through. */
function checkedThrough(cards: string[]): InterpreterState {
  const s = compiled().game.newInitialState();
  while (s.currentPlayer() === CHANCE && !s.actionsAreCards()) s.applyAction(s.legalActions()[0]!);
  applyAll(s, cards);
  while (!s.isTerminal()) {
    expect(menu(s)).toEqual(['check', 'bet']);
    s.applyAction(1);
  }
  return s;
}

/** A two-seat game with one phase of `steps` (J, Q, K of hearts; stacks 20). */
function oneLiner(steps: string, vars = ''): string {
  return `game "Probe" {
  players Alice, Bob
  stack 20 each
  deck { ranks J = 1, Q = 2, K = 3; suits hearts }
  ${vars}
  phase Main {
    shuffle deck
    deal 1 to each face down
    ${steps}
    betting fixed { bet 1; raises at most 1; first Alice }
  }
  showdown high-card
}
`;
}

/** The state at the first decision of `src` after dealing J to Alice and Q to Bob. */
function atDecision(src: string): InterpreterState {
  const s = compiled(src).game.newInitialState();
  while (s.currentPlayer() === CHANCE && !s.actionsAreCards()) s.applyAction(s.legalActions()[0]!);
  applyAll(s, ['J of hearts', 'Q of hearts']);
  return s;
}

describe('amounts from expressions', () => {
  it('the loop pays 2 × round + stake and stake × 2 with stake doubling: 1+2, 4+4, 8+8 chips; Bob wins a pot of 29', () => {
    const s = checkedThrough(['J of hearts', 'Q of hearts', 'K of hearts']);
    // Antes 2; round 0: 1 + 2; round 1: 4 + 4; round 2: 8 + 8. Alice's J loses, so no payback.
    expect(s.returns()).toEqual([-14, 14]);
  });

  it('the seat with the higher card takes highest(board) × size(board) = 2 × 1 chips from the pot, then wins the rest', () => {
    const s = checkedThrough(['K of hearts', 'J of hearts', 'Q of hearts']);
    expect(s.returns()).toEqual([15, -15]);
  });

  it('bet round + 1: the bet size is worked out when each round opens (1, 2, 3 chips), in the menu costs and the prompt', () => {
    const s = compiled().game.newInitialState();
    while (s.currentPlayer() === CHANCE && !s.actionsAreCards()) s.applyAction(s.legalActions()[0]!);
    applyAll(s, ['J of hearts', 'Q of hearts', 'K of hearts']);
    const costs = (seat: number) => Object.fromEntries(s.observation(seat).decision!.menu.map((m) => [m.label, m.cost]));
    expect(costs(0)).toEqual({ check: 0, bet: 1 });
    applyAll(s, [1, 1]); // round 0: check, check; then 1 + 2 chips paid, stake 2
    expect(costs(0)).toEqual({ check: 0, bet: 2 });
    expect(s.observation(0).decision!.prompt).toContain('bets are 2 chips');
    applyAll(s, [1, 1]); // round 1: check, check; then 4 + 4 chips paid, stake 4
    expect(s.chips()).toEqual({ stacks: [14, 13], pot: 13 });
    expect(costs(0)).toEqual({ check: 0, bet: 3 });
    s.applyAction(2); // Alice bets 3
    // A call ends the round, so its stated cost runs on into the payments and the board check (a range).
    expect(menu(s)).toEqual(['fold', 'call', 'raise']);
    expect(costs(1).raise).toBe(6);
    s.applyAction(2); // Bob raises: 3 to match plus 3
    expect(s.chips()).toEqual({ stacks: [11, 7], pot: 22 });
    expect(menu(s)).toEqual(['fold', 'call']);
    s.applyAction(1); // Alice calls 3, then pays 2 × 2 + 4 = 8; Bob's 4 × 2 = 8 is clamped to his 7; Bob's Q wins the 40
    expect(s.isTerminal()).toBe(true);
    expect(s.chips()).toEqual({ stacks: [0, 40], pot: 0 });
    expect(s.returns()).toEqual([-20, 20]);
  });

  it('E0248: the smallest bet of variable betting must be a whole number', () => {
    const r = compileSource(
      oneLiner('set x = 2', 'var x = 0').replace(
        'betting fixed { bet 1; raises at most 1; first Alice }',
        'betting variable { raises no-limit; bet x; first Alice }',
      ),
    );
    expect(r.ir).toBeNull();
    expect(r.diagnostics.map((d) => [d.code, d.message])).toEqual([
      ['E0248', 'the smallest bet of variable betting must be a whole number, not an expression'],
    ]);
  });

  it('wager Alice 2..2 * round + 1: the range is worked out when the step runs (none, 2..3, 2..5): a largest wager below the smallest skips it', () => {
    const s = atDecision(oneLiner('repeat up to 3 rounds as round {\n      wager Alice 2..2 * round + 1\n      match Bob\n    }'));
    // round 0: 2..1 is empty: no wager, and the log says why.
    expect(s.observation(1).log.map((e) => e.text)).toContain('The largest wager for Alice is below the smallest this time: no wager.');
    expect(s.legalActions()).toEqual([2, 3]); // round 1: 2..3
    s.applyAction(3);
    expect(s.chips()).toEqual({ stacks: [17, 17], pot: 6 }); // Alice wagers 3, Bob matches
    expect(s.legalActions()).toEqual([2, 3, 4, 5]); // round 2: 2..5
    expect(menu(s)).toEqual(['bet 2', 'bet 3', 'bet 4', 'bet 5']);
  });

  it('a wager range from an expression: the rulebook sentence, the formatter and the decompiler', async () => {
    const src = oneLiner('repeat up to 3 rounds as round {\n      wager Alice 2..2 * round + 1\n      match Bob\n    }');
    const { ir, hash } = compiled(src);
    expect(renderRulebook(ir)).toContain(
      "- **Alice wagers** a whole number of chips of Alice's choice, from 2 chips to as many chips as 2 times «round» plus 1, worked out when this step runs (never more than Alice's stack; no wager when that is below 2 chips), and puts it into the pot.",
    );
    const formatted = await formatSource(src);
    expect(formatted).toContain('wager Alice 2..2 * round + 1');
    expect(compileSource(formatted).rulesetHash).toBe(hash);
    const back = decompile(ir);
    expect(back).toContain('wager Alice 2..2 * round + 1');
    expect(compileSource(back).rulesetHash).toBe(hash);
  });

  it('E0241 bounds a wager range whose largest amount is an expression by its interval and by every chip of the game', () => {
    const big = (steps: string) => oneLiner(steps).replace('stack 20 each', 'stack 1000 each');
    const bad = compileSource(big('wager Alice 1..pot * 2\n    match Bob'));
    expect(bad.diagnostics.map((d) => [d.code, d.message])).toEqual([
      ['E0241', 'the wager 1..(an expression that may reach 2,000): 2,000 amounts to choose from; a decision offers at most 1,000'],
    ]);
    // A loop counter is bounded by its round cap: 1..2 × round stays within 1..4.
    expect(
      compileSource(big('repeat up to 3 rounds as round { wager Alice 1..2 * round + 1; match Bob }')).diagnostics.filter((d) => d.severity === 'error'),
    ).toEqual([]);
  });

  it('* binds tighter than + and -, and products chain left to right', () => {
    const s = atDecision(oneLiner('set x = 2 + 3 * 4 - 2 * 2 * 2\n    pay x from Alice to pot', 'var x = 0'));
    expect(s.chips()).toEqual({ stacks: [14, 20], pot: 6 });
  });

  it('an amount above the stack is clamped to it; a value of 0 or less moves nothing', () => {
    const s = atDecision(oneLiner('pay stack(Alice) * 3 from Alice to pot\n    pay 0 - 5 from Bob to pot\n    pay pot * 0 from pot to Bob'));
    // Alice is all in, so the betting round is skipped and Bob's Q takes the 20 chips at the showdown.
    expect(s.isTerminal()).toBe(true);
    expect(s.chips()).toEqual({ stacks: [0, 40], pot: 0 });
    expect(s.returns()).toEqual([-20, 20]);
  });

  it('a variable value outside 32 bits is refused with a UserError naming it, never wrapped', () => {
    const src = oneLiner('repeat up to 40 rounds as r { set x = x * 1000 }', 'var x = 7');
    const s = compiled(src).game.newInitialState();
    expect(() => {
      while (s.currentPlayer() === CHANCE && !s.actionsAreCards()) s.applyAction(s.legalActions()[0]!);
      applyAll(s, ['J of hearts', 'Q of hearts']);
    }).toThrow(UserError);
    const again = compiled(src).game.newInitialState();
    while (again.currentPlayer() === CHANCE && !again.actionsAreCards()) again.applyAction(again.legalActions()[0]!);
    expect(() => applyAll(again, ['J of hearts', 'Q of hearts'])).toThrow(/variable 'x' would be set to 7000000000, outside the range of a variable/);
  });

  it('E0218: an amount needs one named seat (no any/each), with a caret on the expression', () => {
    const r = compileSource(oneLiner('pay stack(any) * 2 from Alice to pot'));
    expect(r.ir).toBeNull();
    expect(r.diagnostics.map((d) => [d.code, d.message, d.range.line, d.range.column])).toEqual([
      ['E0218', 'a payment needs one named seat, not `any` or `each`', 9, 9],
    ]);
  });

  it('the rulebook states the expression, when it is worked out, and the clamping', () => {
    const text = renderRulebook(compiled().ir);
    expect(text).toContain(
      '- **Alice pays as many chips as 2 times «round» plus «stake» into the pot**, worked out when this step runs: nothing if that is 0 or less, and at most what Alice has (the payment is clamped). Both seats see the payment.',
    );
    expect(text).toContain(
      '- **Alice takes from the pot as many chips as the rank value of the highest-ranked card in the board (0 while it is empty) times the number of cards in the board**, worked out when this step runs: nothing if that is 0 or less, the whole pot if it holds less. Both seats see the payment.',
    );
    expect(text).toContain('«stake» is set to «stake» times 2');
    expect(text).toContain(
      '- A betting round. Alice acts first, then Bob, and the seats keep taking turns until the round ends. The bet size is worked out when the round starts and holds for the whole round (at least 1 chip): every bet and every raise is as many chips as «round» plus 1.',
    );
    expect(text).toContain('A seat puts at most 2 times the bet size into the pot in this round.');
  });

  it('formatting is a fixed point; the decompiled source has the same ruleset hash', async () => {
    expect(await formatSource(SOURCE)).toBe(SOURCE);
    const { ir, hash } = compiled();
    const back = decompile(ir);
    expect(back).toContain('pay 2 * round + stake from Alice to pot');
    expect(compileSource(back).rulesetHash).toBe(hash);
  });

  it('the decompiler refuses a product of a sum, which the language cannot write without parentheses', () => {
    const { ir } = compiled();
    const bad = structuredClone(ir);
    const loop = bad.phases[1]!.steps[0] as Extract<(typeof ir.phases)[0]['steps'][0], { kind: 'repeat' }>;
    loop.steps[1] = {
      kind: 'pay',
      amount: { kind: 'mul', left: { kind: 'add', left: { kind: 'int', value: 1 }, right: { kind: 'int', value: 2 } }, right: { kind: 'int', value: 3 } },
      from: { kind: 'seat', seat: 0 },
      to: { kind: 'pot' },
    };
    expect(() => decompile(bad)).toThrow(DecompileError);
  });
});
