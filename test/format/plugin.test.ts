import { readFileSync } from 'node:fs';
import * as prettier from 'prettier';
import { describe, expect, it } from 'vitest';
import { formatSource, gbgPlugin, GbgSyntaxError } from '../../src/format/index.js';

const KUHN = readFileSync('examples/kuhn.gbg', 'utf8');
/** Kuhn poker without comments, on one line. */
const KUHN_ONE_LINE = KUHN.replace(/^[ \t]*(\/\/|\/\*).*\n/gm, '').replace(/\n\s*/g, ' ');

describe('the Prettier plugin', () => {
  it('declares the gbg language for .gbg files, and Prettier picks its parser from the file name', async () => {
    const info = await prettier.getSupportInfo({ plugins: [gbgPlugin] });
    const gbg = info.languages.find((l) => l.name === 'gbg');
    expect(gbg?.extensions).toEqual(['.gbg']);
    expect(gbg?.parsers).toEqual(['gbg']);
    const out = await prettier.format(KUHN_ONE_LINE, { filepath: 'games/kuhn.gbg', plugins: [gbgPlugin] });
    expect(out).toBe(await formatSource(KUHN_ONE_LINE));
    expect(out).toBe(KUHN.replace(/^[ \t]*(\/\/|\/\*).*\n/gm, ''));
    expect(await prettier.check(KUHN, { filepath: 'kuhn.gbg', plugins: [gbgPlugin] })).toBe(true);
    expect(await prettier.check(KUHN.replace('  players', '    players'), { filepath: 'kuhn.gbg', plugins: [gbgPlugin] })).toBe(false);
  });

  it('throws a Prettier-style syntax error (position, then a code frame) at the first diagnostic', async () => {
    const bad = 'game "K" {\n  players Alice, Bob\n  phase P { shufle deck }\n}\n';
    const error = await formatSource(bad).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(GbgSyntaxError);
    const e = error as GbgSyntaxError;
    expect(e).toBeInstanceOf(SyntaxError);
    expect(e.loc.start).toEqual({ line: 3, column: 13 });
    const [head, ...frame] = e.message.split('\n');
    expect(head).toBe("E0105: unknown word 'shufle': expected a step (shuffle, deal, ante, betting, if, call, choice, pay, …) (3:13)");
    expect(frame).toContain('> 3 |   phase P { shufle deck }');
    expect(e.diagnostics.map((d) => d.code)).toEqual(['E0105']);
  });

  it('counts the other errors in the message', async () => {
    const bad = 'game "K" { players Alice, Bob; stack x each; phase P { deal to each } }';
    const e = (await formatSource(bad).catch((x: unknown) => x)) as GbgSyntaxError;
    expect(e.diagnostics.length).toBeGreaterThan(1);
    expect(e.message.split('\n')[0]).toMatch(new RegExp(`\\(and ${e.diagnostics.length - 1} more errors?\\) \\(1:\\d+\\)$`));
  });

  it('formats files with semantic errors (only syntax errors stop it)', async () => {
    const unknownSeat = 'game "K" { players Alice, Bob phase P { ante 1 from Carol } }';
    expect(await formatSource(unknownSeat)).toBe('game "K" {\n  players Alice, Bob\n\n  phase P {\n    ante 1 from Carol\n  }\n}\n');
  });
});
