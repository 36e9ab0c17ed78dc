/**
 * Property tests of the parser's robustness and of the formatter (fast-check, 200+ runs each).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parse } from '../../src/parser/parse.js';
import { compileSource } from '../../src/compiler/index.js';
import type { Diagnostic } from '../../src/diagnostics/diagnostic.js';
import { formatSource } from '../../src/format/index.js';
import { KEYWORDS } from '../../src/parser/tokens.js';
import { arbitraryProgram } from '../support/arbitrary-program.js';

const RUNS = 200;

/** Every diagnostic has a 1-based line and column inside `text` (or just past its end). */
function expectValidPositions(text: string, diagnostics: Diagnostic[]): void {
  const lines = text.split(/\r\n|\r|\n/);
  for (const d of diagnostics) {
    const { line, column, start, end } = d.range;
    expect(Number.isInteger(line) && line >= 1 && line <= lines.length, `line ${line} of ${lines.length}: ${d.message}`).toBe(true);
    expect(Number.isInteger(column) && column >= 1 && column <= lines[line - 1]!.length + 1, `column ${column} on line ${line}: ${d.message}`).toBe(true);
    expect(start >= 0 && start <= text.length && end >= start, `range ${start}..${end} of ${text.length}`).toBe(true);
  }
}

/** `parse` and `compileSource` return (never throw); a failed parse has at least one valid diagnostic. */
function expectGracefulParse(text: string): void {
  const parsed = parse(text);
  if (parsed.ast === null) expect(parsed.diagnostics.length).toBeGreaterThan(0);
  expectValidPositions(text, parsed.diagnostics);
  const compiled = compileSource(text);
  if (compiled.ir === null) expect(compiled.diagnostics.length).toBeGreaterThan(0);
  expectValidPositions(text, compiled.diagnostics);
}

/** The language's words and symbols, and some things that are not. */
const SOUP_TOKENS = [
  ...KEYWORDS.map((t) => (t.LABEL ?? '').replace(/'/g, '')),
  'high-card', 'pair-with-board', 'Alice', 'Bob', 'board', 'X', 'hearts', 'J', '10',
  '0', '1', '2', '13', '0.5', '0.70', '007', '99999999999', '-',
  '"Kuhn"', '"', '"unterminated', '"\\"', '{', '}', ',', ';', '=', '// c\n', '/* c */', '/*', '*/',
  '@', '#', 'é', '\u0000', '\ufffd', '\t', '\n',
];
const soupArb = fc
  .array(fc.tuple(fc.constantFrom(...SOUP_TOKENS), fc.constantFrom(' ', '', '\n', '  ')), { maxLength: 60 })
  .map((parts) => parts.map(([t, s]) => t + s).join(''));

/** Delete, insert or swap a character, or delete, duplicate or swap a token, of a valid program. */
const mutantArb = fc
  .tuple(
    arbitraryProgram(),
    fc.constantFrom('delete-char', 'insert-char', 'swap-chars', 'delete-token', 'duplicate-token', 'swap-tokens'),
    fc.nat(),
    fc.nat(),
    fc.constantFrom('{', '}', '"', '/', '*', ';', ',', '=', '-', '1', 'a', ' ', '\n', '\\', '.'),
  )
  .map(([{ source }, how, i, j, ch]) => {
    const at = i % (source.length + 1);
    switch (how) {
      case 'delete-char':
        return source.slice(0, at) + source.slice(at + 1);
      case 'insert-char':
        return source.slice(0, at) + ch + source.slice(at);
      case 'swap-chars':
        return at + 1 < source.length ? source.slice(0, at) + source[at + 1] + source[at] + source.slice(at + 2) : source;
      default: {
        const tokens = source.split(/(\s+)/);
        const a = at % tokens.length;
        const b = j % tokens.length;
        if (how === 'delete-token') tokens.splice(a, 1);
        else if (how === 'duplicate-token') tokens.splice(a, 0, tokens[a]!, ' ');
        else [tokens[a], tokens[b]] = [tokens[b]!, tokens[a]!];
        return tokens.join('');
      }
    }
  });

describe('parse never throws', () => {
  it('on arbitrary strings', () => {
    fc.assert(fc.property(fc.oneof(fc.string({ unit: 'binary', maxLength: 200 }), fc.string({ unit: 'grapheme-ascii', maxLength: 200 })), expectGracefulParse), {
      numRuns: RUNS,
    });
  });

  it('on token soups of the language', () => {
    fc.assert(fc.property(soupArb, expectGracefulParse), { numRuns: RUNS });
  });

  it('on mutations of valid programs', () => {
    fc.assert(fc.property(mutantArb, expectGracefulParse), { numRuns: RUNS });
  });
});

describe('formatting generated valid programs', () => {
  it('compiles them without diagnostics; formatting is a fixed point, keeps the IR and every comment in order', async () => {
    await fc.assert(
      fc.asyncProperty(arbitraryProgram(), async ({ source, comments }) => {
        const compiled = compileSource(source);
        expect(compiled.diagnostics).toEqual([]);
        expect(parse(source).ast?.comments.map((c) => c.text)).toEqual(comments);
        const once = await formatSource(source);
        expect(await formatSource(once)).toBe(once);
        expect(compileSource(once).rulesetHash).toBe(compiled.rulesetHash);
        let from = 0;
        for (const c of comments) {
          const at = once.indexOf(c, from);
          expect(at, `comment ${JSON.stringify(c)} missing or out of order`).toBeGreaterThanOrEqual(0);
          from = at + c.length;
        }
      }),
      { numRuns: RUNS },
    );
  });

  it('without comments, puts each declaration, step and item on its own line with no `;`', async () => {
    await fc.assert(
      fc.asyncProperty(arbitraryProgram({ withComments: false }), async ({ source }) => {
        const once = await formatSource(source);
        expect(once).not.toContain(';');
        expect(once).not.toMatch(/[ \t]$/m);
        expect(once).not.toMatch(/\n\n\n/);
        expect(once.endsWith('}\n')).toBe(true);
        for (const l of once.split('\n')) expect(l).toMatch(/^(( {2})*\S.*)?$/);
        const ast = parse(source).ast!;
        const steps = ast.game.decls.flatMap((d) => (d.kind === 'Phase' ? d.steps : []));
        expect(once.match(/^ *(shuffle|deal|ante|betting) /gm)?.length ?? 0).toBe(steps.length);
        expect(once.match(/^ {2}(players|stack|deck|pile|phase|showdown|generated) /gm)?.length ?? 0).toBe(ast.game.decls.length);
      }),
      { numRuns: RUNS },
    );
  });
});

describe('the arbitrary of valid programs', () => {
  it('covers every declaration, step kind and optional form in 200 programs', () => {
    const seen = new Set<string>();
    for (const { source } of fc.sample(arbitraryProgram(), { numRuns: 200, seed: 42 })) {
      const ast = parse(source).ast!;
      if (source.includes(';')) seen.add(';');
      for (const c of ast.comments) seen.add(c.block ? (c.text.includes('\n') ? 'multi-line comment' : 'block comment') : 'line comment');
      for (const d of ast.game.decls) {
        seen.add(d.kind);
        if (d.kind === 'Stack') seen.add(d.each ? 'stack each' : 'stack per seat');
        if (d.kind === 'Showdown') seen.add(d.metric);
        if (d.kind === 'Pile') seen.add(`pile ${d.visibility}`);
        if (d.kind === 'Deck') for (const item of d.items) seen.add(item.kind);
        if (d.kind !== 'Phase') continue;
        for (const st of d.steps) {
          seen.add(st.kind);
          if (st.kind === 'DealStep') seen.add(`deal${st.from ? ' from' : ''} to ${st.to ? 'pile' : 'each'} face ${st.face}`);
          if (st.kind === 'AnteStep') seen.add(st.from ? 'ante from' : 'ante each');
          if (st.kind === 'BettingStep') seen.add(`betting opens with ${st.items[0]!.kind}`);
        }
      }
    }
    const expected = [
      ';', 'line comment', 'block comment', 'multi-line comment', 'Players', 'Stack', 'stack each', 'stack per seat', 'Deck', 'Ranks', 'Suits', 'Copies',
      'Pile', 'pile public', 'pile hidden', 'Phase', 'Showdown', 'high-card', 'pair-with-board', 'Generated', 'ShuffleStep', 'DealStep', 'AnteStep',
      'ante each', 'ante from', 'BettingStep', 'betting opens with BetSize', 'betting opens with RaiseCap', 'betting opens with FirstActor',
      ...['from', ''].flatMap((f) => ['each', 'pile'].flatMap((t) => ['up', 'down', 'null'].map((face) => `deal${f ? ' from' : ''} to ${t} face ${face}`))),
    ];
    expect(expected.filter((x) => !seen.has(x))).toEqual([]);
  });
});
