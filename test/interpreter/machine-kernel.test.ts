/**
 * The whole-episode L0 kernels against `simulate()`'s general loop (a state reset in place,
 * `sampleChance`, `l0Player` on both seats), episode by episode: on every two-seat example and on
 * 500 generated games (complexities 0 to 1, the three builders, both backends), the kernel a game
 * offers (`playoutKernel()`: the poker kernel for poker programs, else the machine kernel of
 * `machine-kernel.ts`) must give each episode's returns, decisions per seat, phases entered and
 * showdown, and draw exactly as many random numbers (the same stream, so the same numbers in the
 * same order). Also: `simulate()` through the kernel gives the general loop's report, agents other
 * than L0 and the table engine's games never reach a kernel, and the event log's tally mode.
 */
import { describe, expect, it, vi } from 'vitest';
import { CompiledGame, compileGame, type EngineBackend } from '../../src/interpreter/index.js';
import { CHANCE, type FastPlayoutGame, type PlayoutKernel } from '../../src/interpreter/api.js';
import { simulate } from '../../src/algorithms/index.js';
import { l0Player } from '../../src/algorithms/l0.js';
import { MachineKernel } from '../../src/interpreter/machine-kernel.js';
import { PokerKernel } from '../../src/interpreter/poker-kernel.js';
import { EventLog } from '../../src/interpreter/eventlog.js';
import { EV, NODE, R } from '../../src/interpreter/layout.js';
import { DECK_PILE, INSTR_WIDTH, OP } from '../../src/interpreter/program.js';
import { pileBase } from '../../src/interpreter/machine.js';
import { compileAnyGame } from '../../src/interpreter/game.js';
import { sampleIR } from '../../src/sampler/index.js';
import { KeyedStream } from '../../src/util/rng.js';
import { exampleIRs } from './helpers.js';
import { readFileSync } from 'node:fs';
import { compileSource } from '../../src/compiler/index.js';

/** One episode's figures: returns and decisions of both seats, showdown (0/1), random numbers drawn, then 1/0 per phase entered. */
type Row = number[];

/** The episode `(seed, i)` played by the kernel, with a counting generator. */
function kernelRow(game: CompiledGame, kernel: PlayoutKernel, stream: KeyedStream, seed: number, i: number): Row {
  let draws = 0;
  const rng = (): number => {
    draws++;
    return stream.next();
  };
  stream.restart(seed, i);
  const phases = game.program.phaseNames.map((_, p) => p);
  if (kernel instanceof MachineKernel) {
    kernel.play(rng);
    return [kernel.returns0, kernel.returns1, kernel.moves0, kernel.moves1, Number(kernel.showdown), draws, ...phases.map((p) => Number(kernel.entered(p)))];
  }
  const k = kernel as PokerKernel;
  k.play(rng);
  return [k.returns0, k.returns1, k.moves0, k.moves1, Number(k.showdown), draws, ...k.phaseSeen];
}

/** The same episode played by `simulate()`'s general loop. */
function generalRow(game: CompiledGame, stream: KeyedStream, seed: number, i: number): Row {
  let draws = 0;
  const rng = (): number => {
    draws++;
    return stream.next();
  };
  stream.restart(seed, i);
  const s = game.newInitialState();
  while (!s.isTerminal()) {
    const player = s.currentPlayer();
    if (player === CHANCE) s.applyAction(s.sampleChance(rng()));
    else s.applyAction(l0Player.act(s, player, rng) as number);
  }
  const seen = new Uint8Array(game.program.phaseNames.length);
  const showdown = s.markPhases(seen);
  return [s.stackChange(0), s.stackChange(1), s.moves(0), s.moves(1), Number(showdown), draws, ...seen];
}

/** Play `episodes` episodes both ways and compare them one by one; returns the kernel's class name. */
function expectSameEpisodes(game: CompiledGame, episodes: number, seed: number, label: string): string {
  const kernel = game.playoutKernel();
  expect(kernel, label).not.toBeNull();
  const stream = new KeyedStream();
  for (let i = 0; i < episodes; i++) {
    const k = kernelRow(game, kernel, stream, seed, i);
    const g = generalRow(game, stream, seed, i);
    if (k.join() !== g.join()) expect(k, `${label}, episode ${i}`).toEqual(g);
  }
  return kernel.constructor.name;
}

/** A report without its speed (the only field that may differ between runs). */
function figures(r: Awaited<ReturnType<typeof simulate>>): Omit<typeof r, 'episodesPerSecond'> {
  const { episodesPerSecond: _, ...rest } = r;
  return rest;
}

const wrapped = { name: 'random', act: l0Player.act };

describe('machine kernel', () => {
  it('every two-seat example, on both backends: the kernel plays the general loop’s episodes', () => {
    const kinds: Record<string, string> = {};
    for (const { file, ir } of exampleIRs())
      for (const backend of ['interpreter', 'compiled'] as const) {
        const game = compileGame(ir, { backend, compileAfter: 0 });
        kinds[file] = expectSameEpisodes(game, 150, 11, `${file} (${backend})`);
      }
    expect(kinds).toEqual({
      'blackjack.gbg': 'MachineKernel',
      'duel.gbg': 'MachineKernel',
      'genstrat-4643-v1.gbg': 'MachineKernel',
      'genstrat-4643.gbg': 'MachineKernel',
      'kuhn.gbg': 'PokerKernel',
      'leduc.gbg': 'PokerKernel',
      'nlhe-short.gbg': 'MachineKernel',
      'oracle.gbg': 'MachineKernel',
      'roulette.gbg': 'MachineKernel',
      'rounds.gbg': 'MachineKernel',
      'royal-holdem.gbg': 'MachineKernel',
      'thieves.gbg': 'MachineKernel',
    });
  });

  it('500 generated games (c from 0 to 1, three builders, both backends): every one has a kernel, which plays the general loop’s episodes', () => {
    const builders = ['graph', 'paper', 'coherent'] as const;
    const kinds: Record<string, number> = {};
    let supported = 0;
    for (let i = 0; i < 500; i++) {
      const c = (i % 11) / 10;
      const backend: EngineBackend = i % 2 === 0 ? 'interpreter' : 'compiled';
      const game = compileGame(sampleIR(30000 + i, c, { builder: builders[i % 3] }), { backend, compileAfter: 0 });
      if (game.playoutKernel() !== null) supported++;
      const kind = expectSameEpisodes(game, 12, i, `seed ${30000 + i}, c ${c}, ${builders[i % 3]}, ${backend}`);
      kinds[kind] = (kinds[kind] ?? 0) + 1;
    }
    expect(supported).toBe(500);
    // The poker kernel takes the poker draws (complexity 0 and a few more); the machine kernel every other game.
    expect(kinds).toEqual({ MachineKernel: 427, PokerKernel: 73 });
  }, 120_000);

  it('simulate() through the machine kernel gives the report of the general loop (returns, errors, moves, phases, showdowns)', async () => {
    for (const [seed, c] of [
      [1, 0.7],
      [4, 0.5],
      [9, 1],
      [2, 0.3],
    ] as const) {
      const game = compileGame(sampleIR(seed, c));
      expect(game.playoutKernel()).toBeInstanceOf(MachineKernel);
      const spy = vi.spyOn(MachineKernel.prototype, 'playMany');
      const fast = await simulate(game, { episodes: 700, seed: 3, agents: [l0Player, l0Player] });
      expect(spy).toHaveBeenCalled();
      spy.mockClear();
      const general = await simulate(game, { episodes: 700, seed: 3, agents: [wrapped, wrapped] });
      // Other agents (even one that plays as L0) take the general loop.
      expect(spy).not.toHaveBeenCalled();
      spy.mockRestore();
      expect(figures(fast)).toEqual(figures(general));
      // Progress in chunks runs the kernel on the same episodes.
      const chunked = await simulate(game, { episodes: 700, seed: 3, agents: [l0Player, l0Player], progressEvery: 64, onProgress: () => {} });
      expect(figures(chunked)).toEqual(figures(general));
    }
  });

  it('a game the kernels do not play (a table game: the table engine’s) falls back to its own loop', async () => {
    const ir = compileSource(readFileSync(new URL('../../examples/league-holdem.gbg', import.meta.url), 'utf8')).ir!;
    const table = compileAnyGame(ir);
    expect(table).not.toBeInstanceOf(CompiledGame);
    expect((table as unknown as FastPlayoutGame).playoutKernel()).toBeNull();
    const spy = vi.spyOn(MachineKernel.prototype, 'playMany');
    const r = await simulate(table, { episodes: 30, seed: 1, agents: [l0Player, l0Player, l0Player] });
    expect(spy).not.toHaveBeenCalled();
    spy.mockRestore();
    expect(r.episodes).toBe(30);
    expect(r.notMeasured).toMatch(/table engine/);
  });
});

describe("the kernel's unchecked paths", () => {
  it('applyDealAt(k) and applyLegalDecision(a) leave the state applyAction leaves (registers, piles, event log), on examples and 60 generated games', () => {
    const irs = [...exampleIRs().map((e) => e.ir), ...Array.from({ length: 60 }, (_, i) => sampleIR(52000 + i, (i % 11) / 10))];
    const stream = new KeyedStream();
    let deals = 0;
    let decisions = 0;
    for (const ir of irs) {
      const game = compileGame(ir, { backend: 'interpreter' });
      for (let e = 0; e < 20; e++) {
        stream.restart(9, e);
        let s = game.newInitialState();
        while (!s.isTerminal()) {
          const u = stream.next();
          const viaAction = s.clone();
          const fast = s.clone();
          if (s.currentPlayer() === CHANCE) {
            const a = s.sampleChance(u);
            viaAction.applyAction(a);
            const o = s.r[R.PC] * INSTR_WIDTH;
            if (s.r[R.NODE] === NODE.CHANCE_CARD && s.program.code[o] === OP.DEAL && s.program.code[o + 1] === DECK_PILE) {
              // The last card of type a in the deck (the first is what applyAction takes).
              const base = pileBase(s.program, DECK_PILE);
              let k = -1;
              for (let i = 0; i < s.piles[DECK_PILE]; i++) if (s.piles[base + i] === a) k = i;
              fast.applyDealAt(k);
              deals++;
            } else fast.applyAction(a);
          } else {
            const legal = s.legalActions();
            const a = legal[Math.min(legal.length - 1, Math.floor(u * legal.length))];
            viaAction.applyAction(a);
            fast.applyLegalDecision(a);
            decisions++;
          }
          expect(Array.from(fast.r)).toEqual(Array.from(viaAction.r));
          expect(Array.from(fast.piles)).toEqual(Array.from(viaAction.piles));
          expect(fast.log.rows()).toEqual(viaAction.log.rows());
          s = viaAction;
        }
      }
    }
    expect(deals).toBeGreaterThan(1000);
    expect(decisions).toBeGreaterThan(1000);
  });
});

describe('event log, tally mode', () => {
  it('counts each phase once per episode, flags the showdown, keeps side-bet answers only', () => {
    const entered = new Float64Array(4);
    const log = EventLog.tally(entered);
    log.restartTally([0]);
    log.push(EV.PHASE, -1, 2, 0, 0, 3, 3);
    log.push(EV.DEAL, 0, 1, 5, 0, 3, 1);
    log.push(EV.PHASE, -1, 2, 0, 0, 3, 3);
    log.push(EV.PHASE, -1, 0, 0, 0, 3, 3);
    log.push(EV.SIDEBET, 1, 0, 1, 0, 3, 3);
    expect(log.showdownSeen).toBe(false);
    log.push(EV.SHOWDOWN, -1, 0, 0, 0, 3, 3);
    expect(log.showdownSeen).toBe(true);
    // Phase 0 was entered before the first node (the caller counts it); phase 2 counted once.
    expect(Array.from(entered)).toEqual([0, 0, 1, 0]);
    expect([0, 1, 2, 3].map((p) => log.tallied(p))).toEqual([true, false, true, false]);
    expect(log.rows()).toEqual([[EV.SIDEBET, 1, 0, 1, 0, 3, 3]]);
    log.restartTally([]);
    expect(log.count).toBe(0);
    expect(log.showdownSeen).toBe(false);
    expect([0, 1, 2, 3].map((p) => log.tallied(p))).toEqual([false, false, false, false]);
    log.push(EV.PHASE, -1, 2, 0, 0, 3, 3);
    expect(Array.from(entered)).toEqual([0, 0, 2, 0]);
  });
});
