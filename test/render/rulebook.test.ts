import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { GameIR } from '../../src/ir/schema.js';
import { validateIR } from '../../src/ir/validate.js';
import { loadGame } from '../../src/cli/load.js';
import { renderRulebook } from '../../src/render/rulebook.js';
import { checkRulebookFacts } from '../../src/render/facts.js';
import { renderDefects } from '../../src/render/defects.js';
import { KUHN_IR, LEDUC_IR } from '../fixtures/ir.js';
import { isTableExample } from '../support/table-examples.js';

const GOLDEN = new URL('./golden/', import.meta.url);
const UPDATE = process.env.UPDATE_GOLDEN === '1';

function golden(name: string, actual: string): void {
  const file = new URL(name, GOLDEN);
  if (UPDATE) writeFileSync(file, actual);
  expect(actual).toBe(readFileSync(file, 'utf8'));
}

const clone = (ir: GameIR): GameIR => structuredClone(ir);

describe('rulebook golden files', () => {
  for (const [name, ir] of [
    ['kuhn', KUHN_IR],
    ['leduc', LEDUC_IR],
  ] as const) {
    it(`${name}.md and ${name}.txt match`, () => {
      golden(`${name}.md`, renderRulebook(ir, 'md'));
      golden(`${name}.txt`, renderRulebook(ir, 'txt'));
    });
  }
  for (const name of ['royal-holdem', 'nlhe-short']) {
    it(`${name}.md matches (compiled from its example)`, () => {
      golden(`${name}.md`, renderRulebook(loadGame(`examples/${name}.gbg`).ir, 'md'));
    });
  }
  it('genstrat-4643.md matches (the seed rulebook game, compiled from its example)', () => {
    golden('genstrat-4643.md', renderRulebook(loadGame('examples/genstrat-4643.gbg').ir, 'md'));
  });
});

describe('rulebook of the examples', () => {
  const examples = readdirSync('examples').filter((f) => f.endsWith('.gbg') && !isTableExample(f));
  it('covers at least kuhn and leduc', () => {
    expect(examples).toEqual(expect.arrayContaining(['kuhn.gbg', 'leduc.gbg']));
  });
  for (const file of examples) {
    it(`${file}: every fact is stated, sections in order, no defects, both formats`, () => {
      const { ir } = loadGame(`examples/${file}`);
      for (const format of ['md', 'txt'] as const) {
        const text = renderRulebook(ir, format);
        expect(checkRulebookFacts(ir, text, format)).toEqual({ missing: [], sectionErrors: [] });
        expect(renderDefects(text)).toEqual([]);
      }
    });
  }
  it('renders the compiled examples exactly like the hand-written IR', () => {
    expect(renderRulebook(loadGame('examples/kuhn.gbg').ir)).toBe(renderRulebook(KUHN_IR));
    expect(renderRulebook(loadGame('examples/leduc.gbg').ir)).toBe(renderRulebook(LEDUC_IR));
  });
});

describe('rulebook content', () => {
  const kuhn = renderRulebook(KUHN_IR);
  const leduc = renderRulebook(LEDUC_IR);

  it('has the five sections in order', () => {
    const heads = kuhn.split('\n').filter((l) => l.startsWith('## '));
    expect(heads).toEqual(['## Overview', '## Visibility', '## Sequence of Play', '## Phase Details', '## Showdown']);
  });
  it('states the amounts of the IR, not fixed numbers', () => {
    expect(leduc).toContain('Every bet and every raise is 2 chips');
    expect(leduc).toContain('Every bet and every raise is 4 chips');
    expect(leduc).toContain(
      'Alice bets (4 chips), Bob raises (8 chips: 4 to match plus 4), Alice calls (4 chips): the round ends with 8 chips from each seat.',
    );
    expect(leduc).toContain('a seat puts at most 13 chips into the pot over the whole game');
    expect(kuhn).toContain('A bet is 1 chip. Only 1 bet may be made in this round, and there are no raises.');
    expect(kuhn).not.toContain('**raise**');
    const ir = clone(KUHN_IR);
    ir.phases[1].steps = [{ kind: 'ante', amount: 3, payers: [0, 1] }];
    ir.stacks = [25, 25];
    const text = renderRulebook(ir);
    expect(text).toContain('Each seat antes 3 chips');
    expect(text).toContain('25 chips each');
    expect(text).toContain('always total 50 chips');
  });
  it('uses the seat, card and phase names of the IR', () => {
    const ir = clone(LEDUC_IR);
    ir.seats = ['North', 'South'];
    ir.deck.suits = ['clubs', 'diamonds'];
    ir.phases[2].name = 'Preflop';
    const text = renderRulebook(ir);
    expect(text).toContain('seat 1 is North, seat 2 is South');
    expect(text).toContain('K of diamonds');
    expect(text).toContain('### Phase 3: Preflop');
    expect(text).not.toMatch(/Alice|Bob|hearts|FirstRound/);
    expect(checkRulebookFacts(ir, text).missing).toEqual([]);
  });
  it('lists every card of the deck and the rank values', () => {
    expect(leduc).toContain('6 cards: J of hearts, Q of hearts, K of hearts, J of spades, Q of spades and K of spades.');
    expect(leduc).toContain('J = 11, Q = 12, K = 13');
  });
  it('humanizes phase names the same way everywhere', () => {
    expect(leduc).toContain('### Phase 3: First Round');
    expect(leduc).toContain('3. **First Round:** a betting round');
    expect(leduc).toContain('Play moves on to **Second Round**.');
    expect(leduc).not.toMatch(/FirstRound|SecondRound/);
  });
  it('states the Leduc showdown shortcut and the Kuhn one', () => {
    expect(leduc).toContain('a seat whose card has the rank of the board card wins; otherwise the higher card wins');
    expect(kuhn).toContain('each seat holds 1 card at the showdown, so the higher card wins');
  });
});

describe('rulebooks of other valid games', () => {
  const variants: [string, (ir: GameIR) => void][] = [
    ['unequal stacks too small for every bet', (ir) => void (ir.stacks = [3, 40])],
    ['one payer antes', (ir) => void (ir.phases[1].steps = [{ kind: 'ante', amount: 2, payers: [1] }])],
    ['Bob opens the betting', (ir) => void (ir.phases[2].steps = [{ kind: 'betting', mode: 'fixed', betSize: 3, raiseCap: 4, firstSeat: 1 }])],
    [
      'deal to one hand and a hidden pile',
      (ir) => {
        ir.piles = [{ name: 'muck', visibility: 'hidden' }];
        ir.phases[0].steps.push({ kind: 'deal', count: 1, from: { kind: 'deck' }, to: { kind: 'hand', seat: 1 }, faceUp: false });
        ir.phases[0].steps.push({ kind: 'deal', count: 1, from: { kind: 'deck' }, to: { kind: 'pile', name: 'muck' }, faceUp: false });
      },
    ],
    ['a deal larger than the deck', (ir) => void ((ir.phases[0].steps[1] as { count: number }).count = 2)],
    ['two copies', (ir) => void (ir.deck.copies = 2)],
    ['generated origin', (ir) => void (ir.origin = { generator: 'gbgc-sampler', builderVersion: '1.0.0', seed: 4643, complexity: 0.5 })],
    ['Markdown characters in names', (ir) => void ((ir.name = 'Poker *extra* #2'), (ir.seats = ['A_1', 'B[2]']))],
    ['a phase without steps', (ir) => void ir.phases.splice(2, 0, { name: 'Pause', steps: [] })],
  ];
  for (const [what, edit] of variants) {
    it(`${what}: valid, facts stated, no defects`, () => {
      const ir = clone(KUHN_IR);
      edit(ir);
      expect(validateIR(ir)).toEqual([]);
      for (const format of ['md', 'txt'] as const) {
        const text = renderRulebook(ir, format);
        expect(checkRulebookFacts(ir, text, format)).toEqual({ missing: [], sectionErrors: [] });
        expect(renderDefects(text)).toEqual([]);
      }
    });
  }
  it('says so when stacks do not cover every bet, and not otherwise', () => {
    const ir = clone(KUHN_IR);
    ir.stacks = [1, 10];
    expect(renderRulebook(ir)).not.toContain('no seat ever runs short');
    expect(renderRulebook(KUHN_IR)).toContain('no seat ever runs short');
  });
  it('says the deck can run short only when it can', () => {
    const ir = clone(KUHN_IR);
    (ir.phases[0].steps[1] as { count: number }).count = 2;
    expect(renderRulebook(ir)).not.toContain('the deck never runs out');
    expect(renderRulebook(ir)).not.toContain('each seat holds 2 cards at the showdown');
    expect(renderRulebook(KUHN_IR)).toContain('This game deals at most 2 of the 3 cards, so the deck never runs out.');
  });
  it('prints the origin of a generated game', () => {
    const ir = clone(KUHN_IR);
    ir.origin = { generator: 'gbgc-sampler', builderVersion: '1.0.0', seed: 4643, complexity: 0.5 };
    expect(renderRulebook(ir)).toContain('*Generated game: gbgc-sampler 1.0.0, seed 4643, complexity 0.5.*');
  });
  it('escapes Markdown in names and removes the escapes in plain text', () => {
    const ir = clone(KUHN_IR);
    ir.name = 'Poker *extra*';
    expect(renderRulebook(ir, 'md')).toContain('# Poker \\*extra\\*: Rulebook');
    expect(renderRulebook(ir, 'txt').split('\n')[0]).toBe('Poker *extra*: Rulebook');
  });
  it('plain text has no Markdown markup', () => {
    const txt = renderRulebook(LEDUC_IR, 'txt');
    expect(txt).not.toMatch(/\*\*|^#/m);
    expect(txt.split('\n').slice(0, 2)).toEqual(["Leduc hold'em: Rulebook", '=======================']);
  });
});
