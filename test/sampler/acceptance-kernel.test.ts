/**
 * The acceptance filter's episodes through the machine kernel (`measure`) against the same
 * episodes through the game contract (`measureByContract`): identical figures (moves, phase fire
 * rates, branch fire and hold rates, decided deals, win shares) on every two-seat example and on
 * generated games of the three builders, on both backends (the compiled one running generated
 * code from the first episode).
 */
import { describe, expect, it } from 'vitest';
import { measure, measureByContract } from '../../src/sampler/acceptance.js';
import { sampleIR } from '../../src/sampler/index.js';
import { exampleIRs } from '../interpreter/helpers.js';

describe('acceptance filter: machine kernel against the contract loop', () => {
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
});
