/**
 * The language server's analysis on a three-seat file (examples/league-holdem.gbg and broken
 * variants): diagnostics equal the compiler's (none on the league table; E0211 for seven players,
 * E0252 for a two-seat step, E0250 for the odd chip and blinds placed from a button the game lacks, each at its position), hovers (a
 * seat name, a step's rulebook sentence worded for three seats, a diagnostic), completion (the three
 * seats and the table keywords), definition and references of a seat.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { compileSource } from '../../src/compiler/index.js';
import { analyze, completions, definitionAt, hoverAt, referencesAt } from '../../src/lsp/analysis.js';
import { renderRulebook } from '../../src/render/rulebook.js';

const TEXT = readFileSync('examples/league-holdem.gbg', 'utf8');
const at = (text: string, needle: string, delta = 0): number => {
  const i = text.indexOf(needle);
  if (i < 0) throw new Error(`'${needle}' not in the text`);
  return i + delta;
};

describe('the language server on a three-seat file', () => {
  it('reports what the compiler reports: nothing on the league table, one clear diagnostic on each broken variant', () => {
    const a = analyze(TEXT);
    expect(a.diagnostics).toEqual([]);
    expect(compileSource(TEXT).diagnostics).toEqual([]);
    const cases: [string, string, string][] = [
      [TEXT.replace('players A, B, C', 'players A, B, C, D, E, F, G'), 'E0211', 'G'],
      [TEXT.replace('    shuffle deck\n', '    shuffle deck\n    wager A 1..2\n'), 'E0252', 'wager A 1..2'],
      [TEXT.replace('  button\n', ''), 'E0250', 'odd chip left of button'],
    ];
    for (const [text, code, where] of cases) {
      const d = analyze(text).diagnostics;
      expect(d.map((x) => x.code)).toContain(code);
      expect(compileSource(text).diagnostics.map((x) => x.code)).toEqual(d.map((x) => x.code));
      const mine = d.find((x) => x.code === code)!;
      expect(mine.range.start).toBe(at(text, where));
      // Hovering the diagnostic explains it.
      expect(hoverAt(analyze(text), mine.range.start)!.markdown).toMatch(new RegExp(`^\\*\\*error ${code}\\*\\*: `));
    }
  });

  it('hovers a seat and a step with the three-seat rulebook’s words', () => {
    const a = analyze(TEXT);
    const seatC = at(TEXT, 'players A, B, C', 'players A, B, '.length);
    expect(hoverAt(a, seatC)!.markdown).toMatch(/^\*\*seat\*\* `C`/);
    expect(definitionAt(a, seatC)).toMatchObject({ name: 'C', kind: 'seat', declaration: true });
    expect(referencesAt(a, seatC).map((r) => r.name)).toEqual(['C']);
    const book = renderRulebook(compileSource(TEXT).ir!);
    const blinds = hoverAt(a, at(TEXT, 'blinds 50, 100', 2))!.markdown;
    expect(blinds).toContain('the small blind (the first seat left of the button) posts 50 chips and the big blind (the next seat left) posts 100 chips');
    expect(blinds).toContain('Every seat sees the blinds.');
    expect(book).toContain(blinds);
    const round = hoverAt(a, at(TEXT, 'raises no-limit', 2))!.markdown;
    expect(round).toContain('A no-limit betting round among the seats still in the hand');
    expect(round).toContain('The round ends when every seat still in the hand has acted');
    expect(round).not.toMatch(/both seats|the other seat\b|the opponent/);
  });

  it('completes the three seats, the phases and the table keywords', () => {
    const c = completions(analyze(TEXT));
    const seats = c.filter((x) => x.kind === 'seat').map((x) => x.label);
    expect(seats).toEqual(['A', 'B', 'C']);
    expect(c.filter((x) => x.kind === 'phase').map((x) => x.label)).toEqual(['Deal', 'Preflop', 'Flop', 'Turn', 'River']);
    for (const k of ['button', 'blinds', 'odd', 'chip', 'left', 'big-blind', 'small-blind']) expect(c).toContainEqual({ label: k, kind: 'keyword' });
  });
});
