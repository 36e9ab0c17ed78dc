/**
 * The shared IR facts (`ir/facts.ts`), on small games whose answers are worked out by hand:
 * the conditions a game checks and how, what they read, and how a private step gives itself away
 * (the facts behind W0105 and the generator's visibility repair).
 */
import { describe, expect, it } from 'vitest';
import { compileSource } from '../../src/compiler/index.js';
import { allSteps, conditionsOf, giveawaysOf, intsOf, publicCondition, subphaseMap } from '../../src/ir/facts.js';
import type { GameIR, Step } from '../../src/ir/schema.js';
import { publicizeGiveaways } from '../../src/sampler/privacy.js';
import { childBlocks, mapChildBlocks } from '../../src/ir/walk.js';
import { sampleIR } from '../../src/sampler/sample.js';

const game = (play: string): GameIR => {
  const r = compileSource(`game "K" {
  players Alice, Bob
  stack 10 each
  var tally = 0
  deck { ranks J = 11, Q = 12, K = 13; suits hearts, spades }
  phase Play {
    shuffle deck
    deal 1 to each face down
${play}
    betting fixed { bet 1; raises at most 1; first Alice }
  }
  showdown high-card
}
`);
  if (!r.lowered) throw new Error(r.diagnostics.map((d) => `${d.code} ${d.range.line}:${d.range.column} ${d.message}`).join('\n'));
  return r.lowered.ir;
};

describe('conditionsOf', () => {
  it('lists every condition of the game with how it is checked, in reading order, nested ones included', () => {
    const ir = game(`    repeat up to 2 rounds as round until pot > 4 {
      if highest(Alice) > 12 public { pay 1 from Alice to pot }
      events { when tally == 1 private { set tally = 0 } }
    }
    sidebet Alice 2 on highest(Alice) > highest(Bob)`);
    const uses = conditionsOf(allSteps(ir));
    expect(uses.map((u) => [u.use, u.step.kind])).toEqual([
      ['loop', 'repeat'],
      ['public', 'if'],
      ['private', 'triggers'],
      ['sidebet', 'sidebet'],
    ]);
    // `pot > 4` reads `pot` and the number 4.
    expect(intsOf(uses[0]!.cond).map((e) => e.kind)).toEqual(['pot', 'int']);
    expect(uses.map((u) => publicCondition(u.cond, ir))).toEqual([true, false, true, false]);
  });
});

describe('giveawaysOf', () => {
  const firstOf = (ir: GameIR, kind: string) => allSteps(ir).find((s) => s.kind === kind)!;

  it('a private check on public numbers gives itself away by its condition', () => {
    const ir = game('    if pot > 3 private { pay 1 from Alice to Bob }');
    expect(giveawaysOf(firstOf(ir, 'if'), ir, subphaseMap(ir))).toEqual([{ kind: 'if', publicCondition: true, alternative: null }]);
  });

  it('a private check on cards whose only branch pays gives itself away by branch 1 (running nothing looks different)', () => {
    const ir = game('    if highest(Alice) > 12 private { pay 1 from Alice to Bob }');
    expect(giveawaysOf(firstOf(ir, 'if'), ir, subphaseMap(ir))).toEqual([{ kind: 'if', publicCondition: false, alternative: 0 }]);
  });

  it('a private check whose alternatives look alike hides something', () => {
    const ir = game('    if highest(Alice) > 12 private { set tally = 1 } else { set tally = 1 }');
    expect(giveawaysOf(firstOf(ir, 'if'), ir, subphaseMap(ir))).toEqual([]);
  });

  it('a private choice with one costly option gives itself away by that option; the repair makes it public', () => {
    const ir = game('    choice Alice private { option a cost 1 { } option b { } option c { } }');
    const choice = firstOf(ir, 'choice');
    expect(giveawaysOf(choice, ir, subphaseMap(ir))).toEqual([{ kind: 'choice', option: 0 }]);
    expect(publicizeGiveaways(ir)).toBe(1);
    expect(choice.kind === 'choice' && choice.announce).toBe('public');
    expect(giveawaysOf(choice, ir, subphaseMap(ir))).toEqual([]);
  });
});

describe('mapChildBlocks', () => {
  it('rewrites exactly the blocks childBlocks lists, in the same order, and leaves the step unchanged', () => {
    const irs = [1, 2, 3, 4, 5].map((seed) => sampleIR(seed, 1));
    let withBlocks = 0;
    for (const st of irs.flatMap(allSteps)) {
      const before = JSON.stringify(st);
      const seen: Step[][] = [];
      const marker: Step = { kind: 'shuffle' } as Step;
      const copy = mapChildBlocks(st, (b) => {
        seen.push(b);
        return [marker];
      });
      expect(seen).toEqual(childBlocks(st));
      expect(childBlocks(copy)).toEqual(seen.map(() => [marker]));
      expect(JSON.stringify(st)).toBe(before);
      if (seen.length === 0) expect(copy).toBe(st);
      else withBlocks++;
    }
    expect(withBlocks).toBeGreaterThan(10);
  });
});
