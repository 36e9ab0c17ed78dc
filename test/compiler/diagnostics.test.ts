import { describe, expect, it } from 'vitest';
import { compileSource } from '../../src/compiler/index.js';
import { formatDiagnostics } from '../../src/diagnostics/format.js';
import { CATALOGUE } from '../../src/diagnostics/catalogue.js';
import { MALFORMED } from './malformed-cases.js';

describe('golden diagnostics of malformed inputs', () => {
  it('has at least 20 cases, one with three or more diagnostics', () => {
    expect(MALFORMED.length).toBeGreaterThanOrEqual(20);
    expect(MALFORMED.some((c) => c.expected.length >= 3)).toBe(true);
  });

  for (const c of MALFORMED) {
    it(c.name, () => {
      const r = compileSource(c.source);
      expect(r.ir).toBeNull();
      expect(r.rulesetHash).toBeNull();
      // Errors only: warnings have their own goldens (test/compiler/warnings.test.ts).
      expect(r.diagnostics.filter((d) => d.severity === 'error').map((d) => [d.code, d.range.line, d.range.column])).toEqual(c.expected);
      for (const d of r.diagnostics) {
        expect(CATALOGUE[d.code]).toBeDefined();
        expect(d.message).not.toMatch(/undefined|\[object|NaN|Kw_|Identifier|StringLiteral|Integer\b|RCurly|LCurly/);
      }
    });
  }
});

describe('diagnostic text', () => {
  it('prints file:line:col: error[CODE]: message, the source line and a caret under the range', () => {
    const src =
      'game "K" {\n  players Alice, Bob\n  stack 10 each\n  deck { ranks J = 11; suits hearts }\n  phase P { betting fixed { bet 1; first Carol } }\n  showdown high-card\n}\n';
    const r = compileSource(src);
    expect(formatDiagnostics('g.gbg', src, r.diagnostics)).toBe(
      [
        "g.gbg:5:42: error[E0201]: unknown seat 'Carol'",
        '  |',
        '5 |   phase P { betting fixed { bet 1; first Carol } }',
        '  |                                          ^^^^^',
        '  = help: the seats are Alice, Bob',
        '',
        'g.gbg: 1 error',
        '',
      ].join('\n'),
    );
  });

  it('suggests the keyword a misspelt word was meant to be', () => {
    const r = compileSource('game "K" { playrs Alice, Bob }');
    expect(r.diagnostics[0]!.help).toBe("did you mean 'players'?");
  });

  it('stops after 50 diagnostics with E0109', () => {
    const many = `game "K" {\n${'  phase P { shufle x }\n'.repeat(80)}}`;
    const r = compileSource(many);
    expect(r.diagnostics).toHaveLength(51);
    expect(r.diagnostics[50]!.code).toBe('E0109');
    const garbage = compileSource(`game "K" {\n${'@ # '.repeat(100)}\n}`);
    expect(garbage.diagnostics).toHaveLength(51);
    expect(garbage.diagnostics.slice(0, 50).every((d) => d.code === 'E0101')).toBe(true);
  });
});
