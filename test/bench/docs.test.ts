import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { DOCS_PATH, RESULTS_PATH, formatNumber, missingCitations, missingInDocs, renderBlock, updatedDocs } from '../../scripts/bench-docs.js';
import type { BenchResults } from '../../bench/run-all.js';
import { BENCHES } from '../../bench/run-all.js';
import { figure, targetText } from '../../bench/lib/figures.js';

describe('docs/performance.md quotes bench/results.json', () => {
  it('the figures block equals the one generated from bench/results.json (run `npm run bench:docs` after `npm run bench`)', () => {
    expect(existsSync(RESULTS_PATH)).toBe(true);
    const results = JSON.parse(readFileSync(RESULTS_PATH, 'utf8')) as BenchResults;
    const docs = readFileSync(DOCS_PATH, 'utf8');
    expect(updatedDocs(docs, results) === docs).toBe(true);
  });

  it('bench/results.json comes from a full run: every registered bench, each with figures, machine and load recorded', () => {
    const results = JSON.parse(readFileSync(RESULTS_PATH, 'utf8')) as BenchResults;
    expect(results.quick).toBe(false);
    expect(results.benches.map((b) => b.name)).toEqual(BENCHES.map((b) => b.name));
    expect(results.machine.loadAverageStart).toHaveLength(3);
    expect(results.machine.loadAverageEnd).toHaveLength(3);
    for (const b of results.benches) for (const f of b.figures) expect(f.reference.value).toBeGreaterThan(0);
  });

  it('every figure a page of docs/ cites (`bench/figure-id`) is in bench/results.json', () => {
    const results = JSON.parse(readFileSync(RESULTS_PATH, 'utf8')) as BenchResults;
    expect(
      missingInDocs(
        results,
        BENCHES.map((b) => b.name),
      ),
    ).toEqual([]);
  });

  it('a cited figure that the results do not hold is reported; other backticked paths are not figures', () => {
    const r = { benches: [{ name: 'tree', figures: [{ id: 'tree-build' }] }] } as unknown as BenchResults;
    const text = 'see `tree/tree-build` and `tree/tree-bytes`, `mccfr/mccfr-leduc`, `examples/kuhn.gbg`, `bench/tree.ts`, `docs/x`';
    expect(missingCitations(text, r, ['tree', 'mccfr'])).toEqual(['tree/tree-bytes', 'mccfr/mccfr-leduc']);
    expect(missingCitations('`tree/tree-build`', r, ['tree'])).toEqual([]);
  });

  it('prints each figure with its reference, its ratio and its target', () => {
    const block = renderBlock({
      machine: {
        cpuModel: 'CPU',
        cores: 2,
        availableParallelism: 2,
        node: 'v20',
        platform: 'linux x64',
        loadAverageStart: [1, 2, 3],
        loadAverageEnd: [1, 1, 1],
      },
      date: 'D',
      commit: 'C',
      quick: false,
      benches: [
        {
          name: 'b',
          file: 'bench/b.ts',
          args: [],
          ok: true,
          exitCode: 0,
          seconds: 1,
          figures: [
            {
              id: 'x',
              name: 'X',
              value: 0.2,
              unit: 's',
              reference: { name: 'R', value: 0.1, unit: 's' },
              ratio: 2,
              ratioMeaning: '',
              target: { max: 3 },
              pass: true,
            },
          ],
        },
      ],
    });
    expect(block).toContain('| `b/x` X | 0.2 s | R: 0.1 s | 2× | ≤ 3 (met) |');
    expect(formatNumber(1234567.8)).toBe('1,234,568');
    expect(formatNumber(3.14159)).toBe('3.142');
  });
});

describe('the bench registry', () => {
  it('every registered bench has its file in bench/ and its entry in docs/performance.md', () => {
    const docs = readFileSync(DOCS_PATH, 'utf8');
    for (const b of BENCHES) {
      expect(existsSync(new URL(`../../bench/${b.file}`, import.meta.url)), b.file).toBe(true);
      expect(docs, b.name).toContain(`- **${b.name}** (\`bench/${b.file}`);
    }
  });
});

describe('targets', () => {
  it('a target with both bounds prints as a range and passes only inside it', () => {
    expect(targetText({ min: 0.9789, max: 1.0211 })).toBe('0.9789–1.0211');
    expect(targetText({ max: 1 })).toBe('≤ 1');
    expect(targetText({ min: 1.6 })).toBe('≥ 1.6');
    const ref = { name: 'nominal', value: 0.95, unit: '' };
    const f = (v: number) =>
      figure({ id: 'c', kind: 'size', name: 'coverage', value: v, unit: '', reference: ref, ratioMeaning: '', target: { min: 0.93 / 0.95, max: 0.97 / 0.95 } });
    expect(f(0.95).pass).toBe(true);
    expect(f(0.92).pass).toBe(false);
    expect(f(0.98).pass).toBe(false);
  });
});
