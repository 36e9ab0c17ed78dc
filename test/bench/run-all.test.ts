// Owns the tests of bench/run-all.ts's option rules and merge: a partial run never replaces the full results file.
import { describe, expect, it } from 'vitest';
import { BENCHES, mergeResults, partialRunError, type BenchResults } from '../../bench/run-all.js';

const machine = {
  cpuModel: 'CPU',
  cores: 2,
  availableParallelism: 2,
  node: 'v20',
  platform: 'linux x64',
  loadAverageStart: [1, 1, 1],
  loadAverageEnd: [2, 2, 2],
};
const entry = (name: string, value: number) => ({ name, file: `bench/${name}.ts`, args: [], ok: true, exitCode: 0, seconds: 1, figures: [{ value } as never] });

describe('bench/run-all.ts', () => {
  it('refuses a partial or quick run that would replace bench/results.json, and ambiguous merges', () => {
    expect(partialRunError({ names: ['playout'], quick: false, merge: false, out: undefined })).toMatch(
      /partial run would replace the full bench\/results.json/,
    );
    expect(partialRunError({ names: [], quick: true, merge: false, out: undefined })).toMatch(/--quick run would replace/);
    expect(partialRunError({ names: ['playout'], quick: true, merge: true, out: undefined })).toMatch(/never merged/);
    expect(partialRunError({ names: ['playout'], quick: false, merge: true, out: '/tmp/x.json' })).toMatch(/does not take --out/);
    expect(partialRunError({ names: [], quick: false, merge: true, out: undefined })).toMatch(/needs the names/);
    expect(partialRunError({ names: [], quick: false, merge: false, out: undefined })).toBeUndefined();
    expect(partialRunError({ names: ['playout'], quick: false, merge: false, out: '/tmp/x.json' })).toBeUndefined();
    expect(partialRunError({ names: ['playout'], quick: false, merge: true, out: undefined })).toBeUndefined();
  });

  it('--merge replaces only the named entries, keeps registry order and the file machine, and records the run of each merged entry', () => {
    const [a, b, c] = BENCHES.map((x) => x.name);
    const base: BenchResults = { machine, date: 'D0', commit: 'C0', quick: false, benches: [entry(a, 1), entry(b, 2), entry(c, 3)] };
    const run: BenchResults = {
      machine: { ...machine, loadAverageStart: [5, 5, 5], loadAverageEnd: [6, 6, 6] },
      date: 'D1',
      commit: 'C1',
      quick: false,
      benches: [entry(b, 20)],
    };
    const m = mergeResults(base, run);
    expect(m.benches.map((x) => x.name)).toEqual([a, b, c]);
    expect(m.benches.map((x) => (x.figures[0] as unknown as { value: number }).value)).toEqual([1, 20, 3]);
    expect(m.benches[1].run).toEqual({ date: 'D1', commit: 'C1', loadAverageStart: [5, 5, 5], loadAverageEnd: [6, 6, 6] });
    expect(m.benches[0].run).toBeUndefined();
    expect([m.date, m.commit, m.machine.loadAverageStart]).toEqual(['D0', 'C0', [1, 1, 1]]);
  });
});
