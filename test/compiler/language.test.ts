import { readFileSync, readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { compileSource } from '../../src/compiler/index.js';
import type { Step } from '../../src/ir/schema.js';
import { validateIR } from '../../src/ir/validate.js';

const examplesDir = new URL('../../examples/', import.meta.url);
const examples = readdirSync(examplesDir).filter((f) => f.endsWith('.gbg'));

/** Compile a phase body in a small game and return the phase's IR steps. */
function steps(body: string, extra = ''): Step[] {
  const src = `game "T" {
  players Alice, Bob
  stack 10 each
  deck { ranks J = 11, Q = 12, K = 13; suits hearts, spades }
  pile board public
  var count = 0
  position Leader hidden
${extra}
  phase P { ${body} }
  showdown high-card
}`;
  const r = compileSource(src);
  // Constructs in isolation may draw warnings (e.g. a private check that gives itself away): errors only.
  expect(r.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
  return r.ir!.phases[0]!.steps;
}

describe('every example', () => {
  it('there are at least eight', () => expect(examples.length).toBeGreaterThanOrEqual(8));
  for (const f of examples)
    it(`${f} compiles to a schema-valid IR`, () => {
      const r = compileSource(readFileSync(new URL(f, examplesDir), 'utf8'));
      expect(r.diagnostics).toEqual([]);
      expect(validateIR(r.ir)).toEqual([]);
    });

  it('together use every step kind, condition kind and showdown metric', () => {
    const kinds = new Set<string>();
    const walk = (v: unknown): void => {
      if (Array.isArray(v)) v.forEach(walk);
      else if (v && typeof v === 'object') {
        const o = v as Record<string, unknown>;
        if (typeof o['kind'] === 'string') kinds.add(o['kind']);
        if (typeof o['metric'] === 'string') kinds.add(`showdown:${o['metric']}`);
        Object.values(o).forEach(walk);
      }
    };
    for (const f of examples) walk(compileSource(readFileSync(new URL(f, examplesDir), 'utf8')).ir);
    const required = [
      ...['shuffle', 'deal', 'ante', 'betting', 'varbet', 'call', 'if', 'triggers', 'repeat', 'end', 'choice', 'wager', 'match'],
      ...['simultaneous', 'auction', 'peek', 'reveal', 'swap', 'steal', 'discard', 'pay', 'sidebet', 'score', 'assign', 'set'],
      ...['cmp', 'and', 'or', 'not', 'has', 'hasPair', 'holds', 'int', 'var', 'pot', 'stack', 'size', 'handSize', 'highest', 'add'],
      ...['any', 'each', 'winner', 'showdown:high-card', 'showdown:pair-with-board', 'showdown:sum-of-ranks'],
    ];
    expect(required.filter((k) => !kinds.has(k))).toEqual([]);
  });
});

describe('lowering of the constructs', () => {
  it('a choice with a certain and a probabilistic cost', () => {
    expect(steps('choice Alice private { option bet cost 2 { pay 1 from Alice to Bob } option peek cost 1 at 25% { } option check { } }')).toEqual([
      {
        kind: 'choice',
        seat: 0,
        announce: 'private',
        options: [
          { name: 'bet', cost: 2, costChance: 1, steps: [{ kind: 'pay', amount: 1, from: { kind: 'seat', seat: 0 }, to: { kind: 'seat', seat: 1 } }] },
          { name: 'peek', cost: 1, costChance: 0.25, steps: [] },
          { name: 'check', cost: 0, costChance: 1, steps: [] },
        ],
      },
    ]);
  });

  it('a loop with a counter and an early exit over both seats', () => {
    expect(steps('repeat up to 3 rounds as r until stack(any) <= 2 { set count = r + 1 }')).toEqual([
      {
        kind: 'repeat',
        max: 3,
        counter: 'r',
        until: { kind: 'cmp', op: '<=', left: { kind: 'stack', seat: { kind: 'any' } }, right: { kind: 'int', value: 2 } },
        steps: [{ kind: 'set', variable: 'count', value: { kind: 'add', left: { kind: 'var', name: 'r' }, right: { kind: 'int', value: 1 } } }],
      },
    ]);
  });

  it('if / else if / else with public and private checks, and `top`', () => {
    expect(steps('if hand(Alice) has top public { score Alice +1 } else if hand(Bob) has any of J, Q private { score Bob -2 } else { }')).toEqual([
      {
        kind: 'if',
        branches: [
          { cond: { kind: 'has', seat: { kind: 'seat', seat: 0 }, ranks: [2] }, check: 'public', steps: [{ kind: 'score', seat: 0, delta: 1 }] },
          { cond: { kind: 'has', seat: { kind: 'seat', seat: 1 }, ranks: [0, 1] }, check: 'private', steps: [{ kind: 'score', seat: 1, delta: -2 }] },
        ],
        otherwise: [],
      },
    ]);
  });

  it('an auction whose prize names the winner', () => {
    expect(
      steps(
        'auction sealed { bids 0..3; tie coinflip; winner pays opponent; prize { deal 1 to winner face down; peek winner at chosen card of Alice private } }',
      ),
    ).toEqual([
      {
        kind: 'auction',
        min: 0,
        max: 3,
        tie: 'coinflip',
        payTo: 'opponent',
        prize: [
          { kind: 'deal', count: 1, from: { kind: 'deck' }, to: { kind: 'winner' }, faceUp: false },
          { kind: 'peek', seat: { kind: 'winner' }, target: 0, pick: 'chosen', visibility: 'private' },
        ],
      },
    ]);
  });

  it('not / and / or keep their precedence (not > and > or)', () => {
    const [st] = steps('if not pot > 1 and true or false public { }');
    expect(st).toMatchObject({
      branches: [
        {
          cond: {
            kind: 'or',
            args: [
              { kind: 'and', args: [{ kind: 'not' }, { kind: 'bool', value: true }] },
              { kind: 'bool', value: false },
            ],
          },
        },
      ],
    });
  });

  it('sub-phases, variables, positions and loop counters land in the IR', () => {
    const r = compileSource(readFileSync(new URL('genstrat-4643.gbg', examplesDir), 'utf8'));
    expect(r.ir!.phases.map((p) => p.name)).toEqual(['Setup', 'Ante', 'Betting', 'PostBetting']);
    expect(r.ir!.subphases).toHaveLength(15);
    expect(r.ir!.variables).toEqual([{ name: 'betRound', initial: 0 }]);
    const v1 = compileSource(readFileSync(new URL('genstrat-4643-v1.gbg', examplesDir), 'utf8'));
    expect(v1.ir!.positions).toEqual([
      { name: 'Sharp', visibility: 'hidden' },
      { name: 'Leader', visibility: 'hidden' },
    ]);
    expect(v1.ir!.showdown).toEqual({
      metric: 'sum-of-ranks',
      rules: [
        { kind: 'pair', rank: 1, points: 3 },
        { kind: 'each', rank: 3, points: -3 },
      ],
    });
  });
});
