/**
 * Policy files that do not fit the game are bad input (exit 1, one clear line), never an
 * internal error (issue 10, item 5): `simulate --agents cfr,random --policy p.json` over saved
 * policies mutated at random (entries deleted, labels renamed or added, bad numbers, wrong JSON
 * shapes, truncated text, entries for unknown information states).
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { decodePolicyBytes } from '../../src/algorithms/policy-file.js';
import { runCli } from './run-cli.js';

const KUHN = 'examples/kuhn.gbg';
const tmp = mkdtempSync(join(tmpdir(), 'gbgc-policy-fuzz-'));
const saved = join(tmp, 'kuhn.json');
let original: { policy: Record<string, Record<string, number>> } & Record<string, unknown>;
let text: string;

beforeAll(async () => {
  const r = await runCli(['solve', KUHN, '--iterations', '200', '--save', saved]);
  expect(r.code).toBe(0);
  text = decodePolicyBytes(readFileSync(saved), saved);
  original = JSON.parse(text);
});

/** Run simulate with the policy text; return the exit code and stderr. */
async function simulateWith(policyText: string, name: string): Promise<{ code: number; stderr: string }> {
  const file = join(tmp, `${name}.json`);
  writeFileSync(file, policyText);
  const r = await runCli(['simulate', KUHN, '--agents', 'cfr,random', '--policy', file, '--episodes', '50']);
  return { code: r.code, stderr: r.stderr };
}

/** One clear line on stderr: `gbgc: error: …`. */
function expectUserError(r: { code: number; stderr: string }, pattern?: RegExp): void {
  expect(r.code, r.stderr).toBe(1);
  expect(r.stderr.trimEnd().split('\n')).toHaveLength(1);
  expect(r.stderr).toMatch(/^gbgc: error: /);
  if (pattern) expect(r.stderr).toMatch(pattern);
}

const clone = () => JSON.parse(JSON.stringify(original)) as typeof original;
const keys = () => Object.keys(original.policy);

describe('policy files checked against the game', () => {
  it('the saved policy itself plays (exit 0)', async () => {
    expect((await simulateWith(text, 'ok')).code).toBe(0);
  });

  it('a deleted entry names the missing information state', async () => {
    const p = clone();
    const k = keys()[3]!;
    delete p.policy[k];
    expectUserError(
      await simulateWith(JSON.stringify(p), 'deleted'),
      new RegExp(`no entry for information state '${k.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}'`),
    );
  });

  it('a renamed action label names the state, the missing and the unknown label', async () => {
    const p = clone();
    const k = keys()[0]!;
    const [first, ...rest] = Object.entries(p.policy[k]!);
    p.policy[k] = Object.fromEntries([[`${first![0]}X`, first![1]], ...rest]);
    expectUserError(await simulateWith(JSON.stringify(p), 'renamed'), /no probability for '(check|bet|call|fold)'.*is not a legal action there/);
  });

  it('an extra action, a negative, a non-number, an infinite probability, a sum off by 1e-6: each exit 1', async () => {
    const k = keys()[1]!;
    const cases: [string, (e: Record<string, unknown>) => void, RegExp][] = [
      ['extra', (e) => void (e.raise = 0), /'raise' is not a legal action there/],
      ['negative', (e) => void (e[Object.keys(e)[0]!] = -0.5), /not a finite number ≥ 0|not 1/],
      ['string', (e) => void (e[Object.keys(e)[0]!] = '0.5'), /not a finite number ≥ 0/],
      ['null', (e) => void (e[Object.keys(e)[0]!] = null), /not a finite number ≥ 0/],
      ['off', (e) => void (e[Object.keys(e)[0]!] = (e[Object.keys(e)[0]!] as number) + 1e-6), /sum to .*not 1/],
    ];
    for (const [name, mutate, pattern] of cases) {
      const p = clone();
      mutate(p.policy[k] as Record<string, unknown>);
      expectUserError(await simulateWith(JSON.stringify(p), name), pattern);
    }
    const inf = JSON.stringify(clone()).replace(/"(check|bet|call|fold)":[0-9.e-]+/, '"$1":1e999');
    expectUserError(await simulateWith(inf, 'infinite'), /not a finite number|sum to/);
  });

  it('an entry for an information state the game does not have', async () => {
    const p = clone();
    p.policy['0/nowhere'] = { check: 1 };
    expectUserError(await simulateWith(JSON.stringify(p), 'unknown'), /'0\/nowhere', which is not an information state of this game/);
  });

  it('wrong JSON shapes and truncated files', async () => {
    const shapes = [
      '[]',
      'null',
      '42',
      '"policy"',
      '{}',
      JSON.stringify({ ...original, policy: [] }),
      JSON.stringify({ ...original, policy: { [keys()[0]!]: 1 } }),
      JSON.stringify({ ...original, rulesetHash: 'x' }),
      '',
    ];
    for (const [i, s] of shapes.entries()) expectUserError(await simulateWith(s, `shape${i}`));
    for (const cut of [1, 10, Math.floor(text.length / 2), text.length - 2]) expectUserError(await simulateWith(text.slice(0, cut), `cut${cut}`));
  });

  it('fuzz: random mutations of a saved policy never reach exit 70 (exit 0 only when the policy still fits)', async () => {
    const mutation = fc.record({
      kind: fc.constantFrom('delete', 'rename', 'value', 'truncate', 'add', 'swapKeys', 'entryShape'),
      index: fc.nat(),
      value: fc.oneof(fc.double(), fc.constantFrom<unknown>(null, true, 'x', [], {}, -1, 2, 0, 1)),
      cut: fc.nat(),
    });
    await fc.assert(
      fc.asyncProperty(fc.array(mutation, { minLength: 1, maxLength: 3 }), async (ms) => {
        let p: Record<string, unknown> = clone();
        let out: string | null = null;
        for (const m of ms) {
          const pol = p.policy as Record<string, Record<string, unknown>>;
          const ks = Object.keys(pol);
          const k = ks[m.index % Math.max(1, ks.length)];
          if (m.kind === 'truncate') out = JSON.stringify(p).slice(0, m.cut % (JSON.stringify(p).length + 1));
          else if (!k) continue;
          else if (m.kind === 'delete') delete pol[k];
          else if (m.kind === 'rename') {
            const e = pol[k]!;
            const a = Object.keys(e)[m.cut % Math.max(1, Object.keys(e).length)];
            if (a !== undefined) {
              e[`${a}_`] = e[a];
              delete e[a];
            }
          } else if (m.kind === 'value') {
            const e = pol[k]!;
            const a = Object.keys(e)[m.cut % Math.max(1, Object.keys(e).length)];
            if (a !== undefined) e[a] = m.value;
          } else if (m.kind === 'add') pol[`${k}/x`] = { check: 1 };
          else if (m.kind === 'swapKeys') {
            const other = ks[(m.index + 1) % ks.length]!;
            [pol[k], pol[other]] = [pol[other]!, pol[k]!];
          } else if (m.kind === 'entryShape') (pol as Record<string, unknown>)[k] = m.value;
          if (out !== null) break;
        }
        const r = await simulateWith(out ?? JSON.stringify(p), 'fuzz');
        expect(r.code, r.stderr).not.toBe(70);
        if (r.code !== 0) expectUserError(r);
        p = {};
      }),
      { numRuns: 60, seed: 10 },
    );
  });
});
