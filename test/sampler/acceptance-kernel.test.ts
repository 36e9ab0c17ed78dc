/**
 * The acceptance filter's episodes through the machine kernel (`measure`) against the same
 * episodes through the game contract (`measureByContract`): identical figures (moves, phase fire
 * rates, branch fire and hold rates, decided deals, win shares) on every two-seat example and on
 * generated games of the three builders, on both backends (the compiled one running generated
 * code from the first episode).
 */
import { describe, expect, it } from 'vitest';
import { measure, measureByContract, measureByCounts } from '../../src/sampler/acceptance.js';
import { sampleIR } from '../../src/sampler/index.js';
import { compileSource } from '../../src/compiler/index.js';
import { compileGame } from '../../src/interpreter/index.js';
import { exampleIRs } from '../interpreter/helpers.js';

/** A game with no node before its showdown: the deck is never shuffled, so the deal is no chance node, and no seat decides. */
const NO_NODE = `game "No chance" {
  players Alice, Bob
  stack 9 each
  deck {
    ranks J = 1, Q = 2, K = 3
    suits hearts
  }
  phase Setup {
    deal 1 to each face down
  }
  phase Ante {
    ante 1 each
  }
  showdown high-card
}
`;

/** Conditions checked before the first node (in the run that builds the initial state): they count in every episode. */
const EARLY = `game "Early conditions" {
  players Alice, Bob
  stack 10 each

  deck {
    ranks J = 11, Q = 12, K = 13
    suits hearts
    copies 1
  }

  phase Opening {
    if stack(Alice) > 5 public {
      ante 1 each
    } else {
      ante 2 each
    }
    events {
      when pot > 1 public {
        ante 1 each
      }
    }
  }

  phase Setup {
    shuffle deck
    deal 1 to each face down
  }

  phase Betting {
    betting fixed {
      bet 1
      raises at most 1
      first Alice
    }
  }

  showdown high-card
}
`;

describe('acceptance filter: machine kernel against the contract loop', () => {
  it('a game whose showdown comes before any node: the same figures (Alice holds the J, Bob the Q: Bob wins every deal)', () => {
    const ir = compileSource(NO_NODE).ir!;
    const figures = measure(ir, 50, 1);
    expect(figures).toEqual(measureByContract(ir, 50, 1));
    expect(figures.movesPerSeat).toEqual([0, 0]);
    expect(figures.decided).toBe(50);
    expect(figures.winShare).toEqual([0, 1]);
    // The machine kernel reports the showdown such a game reached before its first node.
    const kernel = compileGame(ir).newMachineKernel();
    kernel.play(() => 0.5);
    expect([kernel.returns0, kernel.returns1, kernel.showdown]).toEqual([-1, 1, true]);
  });

  for (const backend of ['interpreter', 'compiled'] as const) {
    it(`every two-seat example, 400 episodes, ${backend} backend`, () => {
      const engine = { backend, compileAfter: 0 };
      const examples = exampleIRs();
      expect(examples.length).toBeGreaterThanOrEqual(10);
      for (const { file, ir } of examples) {
        const byKernel = measure(ir, 400, 3, engine);
        expect(byKernel, file).toEqual(measureByContract(ir, 400, 3, engine));
        expect(byKernel.movesPerSeat[0] + byKernel.movesPerSeat[1], file).toBeGreaterThan(0);
      }
    });

    it(`150 generated games (three builders, c 0 to 1), 200 episodes, ${backend} backend`, () => {
      const engine = { backend, compileAfter: 0 };
      const builders = ['graph', 'paper', 'coherent'] as const;
      let branches = 0;
      for (let i = 0; i < 150; i++) {
        const c = (i % 11) / 10;
        const ir = sampleIR(41000 + i, c, { builder: builders[i % 3] });
        const byKernel = measure(ir, 200, i, engine);
        expect(byKernel, `seed ${41000 + i}, c ${c}, ${builders[i % 3]}`).toEqual(measureByContract(ir, 200, i, engine));
        branches += byKernel.branches.length;
      }
      // The games exercise the branch probes (not only phases).
      expect(branches).toBeGreaterThan(150);
    });
  }

  it("the probes counted by the interpreter on the plain game (measureByCounts) give the instrumented game's figures: every example and 150 generated games", () => {
    const builders = ['graph', 'paper', 'coherent'] as const;
    const games = [
      ...exampleIRs().map(({ file, ir }) => ({ name: file, ir })),
      ...Array.from({ length: 150 }, (_, i) => ({ name: `seed ${43000 + i}`, ir: sampleIR(43000 + i, (i % 11) / 10, { builder: builders[i % 3] }) })),
      { name: 'no node', ir: compileSource(NO_NODE).ir! },
      { name: 'early conditions', ir: compileSource(EARLY).ir! },
    ];
    let elses = 0;
    let items = 0;
    let subs = 0;
    for (const [k, { name, ir }] of games.entries()) {
      const counted = measureByCounts(ir, 200, k);
      expect(counted, name).not.toBeNull();
      expect(counted, name).toEqual(measureByContract(ir, 200, k, { backend: 'interpreter' }));
      elses += counted!.branches.filter((b) => b.label.endsWith(', else') && b.fireRate > 0).length;
      items += counted!.branches.filter((b) => b.label.includes(': events ') && b.fireRate > 0).length;
      subs += ir.subphases.filter((p) => counted!.phaseFireRates[p.name] > 0).length;
    }
    // The conditions checked before the first node hold in every episode (stacks 10 > 5, then a pot of 2 > 1).
    const early = measureByCounts(compileSource(EARLY).ir!, 100, 1)!;
    expect(early.branches).toEqual([
      { label: 'Opening: if 1, branch 1', fireRate: 1, holdRate: 1 },
      { label: 'Opening: if 1, else', fireRate: 0, holdRate: null },
      { label: 'Opening: events 1, item 1', fireRate: 1, holdRate: 1 },
    ]);
    expect(early.phaseFireRates).toEqual({ Opening: 1, Setup: 1, Betting: 1 });
    // Else branches, events items and sub-phases that ran are among them.
    expect(elses).toBeGreaterThan(10);
    expect(items).toBeGreaterThan(10);
    expect(subs).toBeGreaterThan(10);
  });
});
