/**
 * The one-mistake-one-diagnostic property over one-token mutants (deleted, replaced or inserted
 * token) of every example and two generated games: a mutant that still compiles has no error;
 * any other gets exactly one, on the changed line, where the text stops being a valid prefix (or
 * just before), or at a use of a name the changed line declares. The rule is stated in
 * docs/language.md (Diagnostics); `bench/mutants.ts` runs 10,000 mutants.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { mutantPrograms } from '../support/mutant-programs.js';
import { drawMutants, judgeMutant, type Mutant } from '../support/mutants.js';
import { compileSource } from '../../src/compiler/index.js';

let programs: { origin: string; source: string }[] = [];
beforeAll(async () => {
  programs = await mutantPrograms(2);
});

describe('one-token mutants of valid programs', () => {
  it('start from valid programs', () => {
    expect(programs.length).toBeGreaterThanOrEqual(10);
    for (const p of programs) expect(compileSource(p.source).ir, p.origin).not.toBeNull();
  });

  it('get exactly one error each, at the change (1,000 mutants)', () => {
    const mutants = drawMutants(programs, 1000, 20);
    const failures: string[] = [];
    let invalid = 0;
    for (const m of mutants) {
      const v = judgeMutant(m);
      if (v.errors.length > 0) invalid++;
      if (!v.ok)
        failures.push(
          describe1(
            m,
            v.reason!,
            v.errors.map((e) => `${e.range.line}:${e.range.column} ${e.code} ${e.message}`),
          ),
        );
    }
    // Most one-token changes break the program: the property is not tested on valid mutants only.
    expect(invalid).toBeGreaterThan(900);
    expect(failures).toEqual([]);
  });

  it('a judge that can fail: two mistakes are two errors, an error off the changed line is refused', () => {
    const kuhn = programs.find((p) => p.origin.endsWith('kuhn.gbg'))!;
    const two: Mutant = {
      origin: 'kuhn',
      kind: 'replace',
      before: 'shuffle',
      after: 'shufle',
      line: 15,
      original: 'shuffle',
      source: kuhn.source.replace('shuffle deck', 'shufle deck').replace('first Alice', 'frist Alice'),
    };
    expect(judgeMutant(two)).toMatchObject({ ok: false, reason: '2 errors' });
    const elsewhere: Mutant = { ...two, source: kuhn.source.replace('first Alice', 'first Carol') };
    expect(judgeMutant(elsewhere).ok).toBe(false);
  });

  it("a clash is placed by its notes: a rank value changed to a later rank's passes, an unrelated change does not", () => {
    const nlhe = programs.find((p) => p.origin.endsWith('nlhe-short.gbg'))!;
    const lines = nlhe.source.split('\n');
    const at = lines.findIndex((l) => /^\s*5 = 5,/.test(l));
    expect(at).toBeGreaterThan(0);
    // `5 = 6` clashes with the `6 = 6` below it: the error is at the later rank, its note at the changed line.
    const source = [...lines.slice(0, at), lines[at]!.replace('5 = 5', '5 = 6'), ...lines.slice(at + 1)].join('\n');
    const m: Mutant = { origin: 'nlhe-short', kind: 'replace', before: '5', after: '6', line: at + 1, original: '5', source };
    const v = judgeMutant(m);
    expect(v).toMatchObject({ ok: true });
    expect(v.errors).toHaveLength(1);
    expect(v.errors[0]!.code).toBe('E0245');
    expect(v.errors[0]!.range.line).toBe(at + 2);
    expect(v.errors[0]!.related?.map((r) => r.range.line)).toEqual([at + 1]);
    // The same error judged against a change two lines further up is refused.
    expect(judgeMutant({ ...m, line: at - 1 }).ok).toBe(false);
  });

  it('a rank named by digits is a name: renaming `3 = 3` makes its use `per 3` the one error', () => {
    const oracle = programs.find((p) => p.origin.endsWith('oracle.gbg'))!;
    const lines = oracle.source.split('\n');
    const at = lines.findIndex((l) => l.includes('ranks A = 1, 2 = 2, 3 = 3'));
    expect(at).toBeGreaterThan(0);
    const source = [...lines.slice(0, at), lines[at]!.replace('3 = 3', '4 = 3'), ...lines.slice(at + 1)].join('\n');
    const m: Mutant = { origin: 'oracle', kind: 'replace', before: '3', after: '4', line: at + 1, original: '3', source };
    const v = judgeMutant(m);
    expect(v.errors.map((e) => [e.code, e.message])).toEqual([['E0221', "unknown rank '3'"]]);
    expect(v.errors[0]!.range.line).toBeGreaterThan(at + 1);
    expect(v.ok).toBe(true);
    // A number elsewhere that the change did not touch is not a use of the renamed rank.
    expect(judgeMutant({ ...m, original: '2', before: '2', after: '5' }).ok).toBe(false);
  });
});

function describe1(m: Mutant, reason: string, errors: string[]): string {
  return `${m.origin}:${m.line} ${m.kind} '${m.before}' → '${m.after}': ${reason}; ${errors.join(' | ')}`;
}
