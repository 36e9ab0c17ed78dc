/**
 * The staged compiler: `compileSource` keeps every stage's product (AST, scope, lowered IR) when a
 * check rejects the game; the check registry's records (ids, codes, categories); a check that
 * throws becomes a diagnostic naming it while every other check's diagnostics remain.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { compileSource } from '../../src/compiler/index.js';
import * as registry from '../../src/compiler/checks/index.js';
import { ADVISORY_CODES, CHECKS, irDiagnostics, runCheck, type CheckRecord } from '../../src/compiler/checks/index.js';
import { CATALOGUE } from '../../src/diagnostics/catalogue.js';
import { rulesetHash } from '../../src/ir/hash.js';
import { sampleIR } from '../../src/sampler/sample.js';
import { MALFORMED } from './malformed-cases.js';

const kuhn = (play: string) => `game "K" {
  players Alice, Bob
  stack 10 each
  deck { ranks J = 11, Q = 12, K = 13; suits hearts }
  phase Play {
${play}
  }
  showdown high-card
}
`;

/** Kuhn whose antes (6 + 5) exceed the stacks of 10: lowering succeeds, the `antes` check reports E0210 at 8:5. */
const TOO_MUCH_ANTE = kuhn('    shuffle deck\n    ante 6 each\n    ante 5 each\n    deal 1 to each');
const KUHN = readFileSync('examples/kuhn.gbg', 'utf8');

const where = (r: ReturnType<typeof compileSource>) => r.diagnostics.map((d) => `${d.code} ${d.range.line}:${d.range.column}`);

const explodes = (id: string, thrown: unknown): CheckRecord => ({
  id,
  codes: [],
  category: 'semantics',
  run: () => {
    throw thrown;
  },
});

describe('compileSource keeps every stage', () => {
  it('returns the lowered IR, its spans and the scope when a check rejects the game', () => {
    const r = compileSource(TOO_MUCH_ANTE);
    expect(where(r)).toEqual(['E0210 8:5']);
    expect(r.ir).toBeNull();
    expect(r.rulesetHash).toBeNull();
    expect(r.ast?.game.name.value).toBe('K');
    expect(r.scope?.seats).toEqual(['Alice', 'Bob']);
    const steps = r.lowered!.ir.phases[0]!.steps;
    expect(steps.map((s) => s.kind)).toEqual(['shuffle', 'ante', 'ante', 'deal']);
    expect(steps.map((s) => (s.kind === 'ante' ? s.amount : null))).toEqual([null, 6, 5, null]);
    // The span of the second ante is where E0210 points: line 8 of the text, column 5.
    const span = r.lowered!.spans.get(steps[2]!)!;
    expect(TOO_MUCH_ANTE.slice(span.start, span.end)).toBe('ante 5 each');
  });

  it('on an accepted game, the accepted IR is the lowered one and the hash is its hash', () => {
    const r = compileSource(KUHN);
    expect(r.diagnostics).toEqual([]);
    expect(r.ir).not.toBeNull();
    expect(r.lowered?.ir).toBe(r.ir);
    expect(r.rulesetHash).toBe(rulesetHash(r.lowered!.ir));
  });

  it('has no lowered IR when lowering reports an error, but keeps the AST and scope', () => {
    const r = compileSource(kuhn('    deal 1 to Carol'));
    expect(where(r)).toEqual(['E0202 6:15']);
    expect(r.lowered).toBeNull();
    expect(r.ast).not.toBeNull();
    expect(r.scope?.seats).toEqual(['Alice', 'Bob']);
  });

  it('has only diagnostics when the text does not parse', () => {
    const r = compileSource('game "K" {');
    expect(r.ast).toBeNull();
    expect(r.scope).toBeNull();
    expect(r.lowered).toBeNull();
    expect(r.diagnostics.length).toBeGreaterThan(0);
  });
});

describe('a check that throws', () => {
  it('becomes E0902 naming it, at the game name, and every other diagnostic remains', () => {
    const checks = [...CHECKS.slice(0, 3), explodes('explodes', new TypeError('boom')), ...CHECKS.slice(3)];
    const r = compileSource(TOO_MUCH_ANTE, { checks });
    expect(where(r)).toEqual(['E0902 1:6', 'E0210 8:5']);
    expect(r.diagnostics[0]!.message).toBe("internal error: the check 'explodes' failed: boom");
    expect(r.lowered).not.toBeNull();
  });

  it('on a game every other check accepts: the warnings remain and the game is not accepted', () => {
    // A private check that reads only public numbers (W0105), with a throwing check after it.
    const src = kuhn(
      '    shuffle deck\n    deal 1 to each\n    if pot > 100 private { pay 1 from Alice to Bob }\n    betting fixed { bet 1; raises at most 1; first Alice }',
    );
    const plain = compileSource(src);
    expect(where(plain)).toEqual(['W0105 8:5']);
    const r = compileSource(src, { checks: [...CHECKS, explodes('late-boom', 'a string, not an Error')] });
    expect(where(r)).toEqual(['E0902 1:6', 'W0105 8:5']);
    expect(r.diagnostics[0]!.message).toBe("internal error: the check 'late-boom' failed: a string, not an Error");
    expect(r.ir).toBeNull();
    expect(r.lowered?.ir.name).toBe('K');
  });

  it('that runs out of stack reports E0233 naming it', () => {
    const r = compileSource(KUHN, { checks: [explodes('deep', new RangeError('Maximum call stack size exceeded'))] });
    expect(where(r)).toEqual(['E0233 4:6']);
    expect(r.diagnostics[0]!.message).toBe("this program is nested too deeply for the compiler's check 'deep'");
  });

  it('on a sourceless IR (runCheck) reports at line 1, column 1', () => {
    const ir = compileSource(KUHN).ir!;
    const ctx = { ir, spanOf: () => ({ start: 0, end: 0, line: 1, column: 1 }) };
    expect(runCheck(explodes('x', new Error('no')), ctx).map((d) => [d.code, d.message, d.range.line])).toEqual([
      ['E0902', "internal error: the check 'x' failed: no", 1],
    ]);
  });
});

describe('the check registry', () => {
  it('has one record per check: unique ids, catalogued codes, no code claimed twice', () => {
    const ids = CHECKS.map((c) => c.id);
    expect(new Set(ids).size).toBe(ids.length);
    const codes = CHECKS.flatMap((c) => c.codes);
    expect(new Set(codes).size).toBe(codes.length);
    for (const c of codes) expect(CATALOGUE[c]).toBeDefined();
    expect('DEGENERATE_CHECKS' in registry).toBe(false);
  });

  it('the degenerate checks are W0101–W0107, the advisory codes W0003', () => {
    const degenerate = CHECKS.filter((c) => c.category === 'degenerate').flatMap((c) => c.codes);
    expect(degenerate.sort()).toEqual(['W0101', 'W0102', 'W0103', 'W0104', 'W0105', 'W0106', 'W0107']);
    expect([...ADVISORY_CODES]).toEqual(['W0003']);
  });

  it('every diagnostic a check reports carries one of its declared codes (examples, malformed cases, unrepaired draws)', () => {
    const irs = [
      ...readdirSync('examples')
        .filter((f) => f.endsWith('.gbg'))
        .map((f) => compileSource(readFileSync(`examples/${f}`, 'utf8')).lowered?.ir),
      ...MALFORMED.map((m) => compileSource(m.source).lowered?.ir),
      compileSource(TOO_MUCH_ANTE).lowered?.ir,
      ...[1, 2, 3, 4, 5, 6, 7, 8].map((seed) => sampleIR(seed, 0.8, { repair: false })),
    ].filter((ir) => ir !== undefined);
    const seen = new Set<string>();
    for (const ir of irs) {
      const ctx = { ir, spanOf: () => ({ start: 0, end: 0, line: 1, column: 1 }) };
      for (const check of CHECKS) {
        for (const d of check.run(ctx)) {
          expect(check.codes, `${check.id} reported ${d.code}`).toContain(d.code);
          seen.add(d.code);
        }
      }
    }
    // The cases reach checks of every category but reachability's errors.
    expect([...seen].filter((c) => c.startsWith('E')).length).toBeGreaterThan(3);
    expect([...seen].filter((c) => c.startsWith('W01')).length).toBeGreaterThan(0);
  });

  it('irDiagnostics leaves out the advisory codes only', () => {
    const ir = sampleIR(1, 0.7, { repair: false, builder: 'coherent' });
    const all = CHECKS.flatMap((c) => c.run({ ir, spanOf: () => ({ start: 0, end: 0, line: 1, column: 1 }) }));
    expect(irDiagnostics(ir).map((d) => d.code)).toEqual(all.map((d) => d.code).filter((c) => c !== 'W0003'));
  });
});
