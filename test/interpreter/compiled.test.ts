/**
 * The compiling backend (`src/interpreter/compiled-run.ts`) against the interpreter: every
 * two-seat example and 100 generated games (all three builders, complexities 0 to 1, first draws
 * without repairs so that odd programs are covered too) played side by side, node by node, on the
 * same random numbers (`test/support/differential.ts`; `bench/compiled.ts` runs 500 games). Also
 * the cache per ruleset hash, and that the differential check does catch a wrong generated loop.
 */
import { describe, expect, expectTypeOf, it } from 'vitest';
import { CHANCE, CompiledGame, compileGame, episodeRng, ProgramError, sampleChanceOutcome } from '../../src/interpreter/index.js';
import { l0Sample } from '../../src/algorithms/l0.js';
import { DEAL_FIRST, EV, NODE, R } from '../../src/interpreter/layout.js';
import { bindRunner, generateRunSource, runnerStats } from '../../src/interpreter/compiled-run.js';
import type { ProgramKeysComplete } from '../../src/interpreter/program.js';
import { sampleIR } from '../../src/sampler/index.js';
import { differential, Disagreement } from '../support/differential.js';
import { exampleIRs } from './helpers.js';

describe('the compiled backend plays every two-seat example like the interpreter', () => {
  for (const { file, ir } of exampleIRs())
    it(file, () => {
      const c = differential(ir, 40, 11, file);
      expect(c.episodes).toBe(40);
      expect(c.nodes).toBeGreaterThan(40 * 3);
    });
});

describe('the compiled backend plays generated games like the interpreter', () => {
  const builders = ['graph', 'paper', 'coherent'] as const;
  const complexities = [0, 0.3, 0.5, 0.7, 1];
  it('100 first draws of the three builders at complexities 0 to 1, 8 episodes each: identical states, keys, legal actions, chance outcomes, returns and event logs', () => {
    let played = 0;
    let nodes = 0;
    for (let i = 0; i < 100; i++) {
      const ir = sampleIR(5000 + i, complexities[i % 5], { repair: false, builder: builders[i % 3] });
      try {
        nodes += differential(ir, 8, i, `seed ${5000 + i}, c ${complexities[i % 5]}, ${builders[i % 3]}`).nodes;
        played++;
      } catch (e) {
        // A draw the step compiler refuses (both backends share it) is not a disagreement.
        if (!(e instanceof ProgramError)) throw e;
      }
    }
    expect(played).toBeGreaterThanOrEqual(95);
    expect(nodes).toBeGreaterThan(100 * 8 * 5);
  });
});

describe('the generated run loop', () => {
  const kuhn = exampleIRs().find((e) => e.file === 'kuhn.gbg')!.ir;

  it('is compiled once per ruleset hash and shared by every game of that ruleset', () => {
    const before = { ...runnerStats };
    const g1 = compileGame(kuhn, { backend: 'compiled', compileAfter: 0 });
    const g2 = compileGame(kuhn, { backend: 'compiled' });
    expect(g1.program.runner).not.toBeNull();
    expect(g2.program.runner).not.toBeNull();
    expect(runnerStats.compiled + runnerStats.hits - before.compiled - before.hits).toBe(2);
    expect(runnerStats.compiled - before.compiled).toBeLessThanOrEqual(1);
    expect(compileGame(kuhn, { backend: 'interpreter' }).program.runner).toBeNull();
  });

  it('is compiled only after the program has run compileAfter times; the interpreter runs it until then, and the switch mid-play changes nothing', () => {
    const ir = sampleIR(777, 0.7);
    const before = runnerStats.compiled;
    const game = compileGame(ir, { backend: 'compiled', compileAfter: 60 });
    // The initial state ran once; 59 more runs are interpreted, the 60th compiles.
    const s = game.newInitialState();
    let runs = 1;
    const rng = episodeRng(3, 0);
    while (runs < 59) {
      if (s.isTerminal()) game.resetToInitial(s);
      s.applyAction(s.currentPlayer() === CHANCE ? sampleChanceOutcome(s, rng) : l0Sample(s, rng));
      runs++;
    }
    expect(runnerStats.compiled).toBe(before);
    // Played side by side with the interpreter across the switch: identical at every node.
    const fresh = compileGame(ir, { backend: 'compiled', compileAfter: 60 });
    expect(differential(ir, 30, 5, 'seed 777', fresh).episodes).toBe(30);
    expect(runnerStats.compiled).toBe(before + 1);
    // Another game of the same ruleset finds the code in the cache and runs it from the start.
    const hits = runnerStats.hits;
    compileGame(ir, { backend: 'compiled' });
    expect(runnerStats.hits).toBe(hits + 1);
  });

  it('is built from numbers only: no name or text of the game enters the source', () => {
    const ir = exampleIRs().find((e) => e.file === 'duel.gbg')!.ir;
    const src = generateRunSource(compileGame(ir, { backend: 'interpreter' }).program);
    for (const name of [ir.name, ...ir.seats, ...ir.phases.map((p) => p.name)]) expect(src).not.toContain(name);
    expect(src).toMatch(/function b0\(m, r, piles\)/);
  });

  it('a wrong generated loop is caught: an ante of one chip too many makes the engines disagree', () => {
    const program = compileGame(kuhn, { backend: 'interpreter' }).program;
    const source = generateRunSource(program);
    const wrong = source.replace('Math.min(1, r[4])', 'Math.min(2, r[4])');
    expect(wrong).not.toBe(source);
    const mutant = new CompiledGame(kuhn, { ...program, runner: bindRunner(wrong, program) }, 'interpreter');
    expect(() => differential(kuhn, 5, 1, 'kuhn', mutant)).toThrow(Disagreement);
    const faithful = new CompiledGame(kuhn, { ...program, runner: bindRunner(source, program) }, 'interpreter');
    expect(differential(kuhn, 5, 1, 'kuhn', faithful).episodes).toBe(5);
  });
});

describe('the generated decisions and deals', () => {
  const ir = sampleIR(1, 0.7);
  const program = compileGame(ir, { backend: 'interpreter' }).program;
  const source = generateRunSource(program);
  const counted = `r[${R.MOVES} + r[${R.ACTOR}]]++; r[${R.NODE}] = ${NODE.RUNNING};`;
  const mutant = (from: string, to: string): CompiledGame => {
    const wrong = source.replace(from, to);
    expect(wrong).not.toBe(source);
    return new CompiledGame(ir, { ...program, runner: bindRunner(wrong, program) }, 'interpreter');
  };

  it('apply, list and draw what the interpreter does on a c = 0.7 game with choices, wagers and deals', () => {
    expect(source).toMatch(/function decide\(m, act\)[^]*case \d+: \{/);
    expect(differential(ir, 40, 2, 'seed 1', new CompiledGame(ir, { ...program, runner: bindRunner(source, program) }, 'interpreter')).episodes).toBe(40);
  });

  it('a wrong one is caught: a choice that does not count the move, a deal that does not mark its first card, a draw one card off', () => {
    expect(() =>
      differential(ir, 20, 2, 'seed 1', mutant(`${counted}\nm.log.push(${EV.CHOSE},`, `r[${R.NODE}] = ${NODE.RUNNING};\nm.log.push(${EV.CHOSE},`)),
    ).toThrow(Disagreement);
    expect(() => differential(ir, 20, 2, 'seed 1', mutant(`(st === 0 ? ${DEAL_FIRST} : 0)`, '(st === 0 ? 0 : 0)'))).toThrow(Disagreement);
    expect(() => differential(ir, 20, 2, 'seed 1', mutant('if (k < cum) return t;', 'if (k + 1 < cum) return t;'))).toThrow(Disagreement);
  });
});

describe('programs share one hidden class', () => {
  it('every field of Program is written by programRecord, and programs of different games and backends have the same keys in the same order', () => {
    expectTypeOf<ProgramKeysComplete>().toEqualTypeOf<true>();
    const games = exampleIRs().map((e) => compileGame(e.ir, { backend: 'interpreter' }));
    const compiled = compileGame(exampleIRs()[0].ir, { backend: 'compiled' });
    const keys = Object.keys(games[0].program);
    for (const g of [...games, compiled]) expect(Object.keys(g.program)).toEqual(keys);
    expect(games[0].program.constructor).toBe(compiled.program.constructor);
    expect(games[0].program.constructor).not.toBe(Object);
  });
});
