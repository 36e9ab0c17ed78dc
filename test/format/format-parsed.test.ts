// formatParsed (formatting an AST already parsed) against formatSource, sameTokens, and the
// decompiler's tokens against the formatter's: what lets the sampler's emit skip a second compile.
import { readFileSync, readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { compileSource } from '../../src/compiler/index.js';
import { decompile } from '../../src/format/decompile.js';
import { formatParsed, formatSource } from '../../src/format/format-source.js';
import { sameTokens } from '../../src/parser/parse.js';
import { sampleIR } from '../../src/sampler/index.js';

const dir = new URL('../../examples/', import.meta.url);
const examples = readdirSync(dir)
  .filter((f) => f.endsWith('.gbg'))
  .map((f) => readFileSync(new URL(f, dir), 'utf8'));

describe('formatParsed', () => {
  it('gives formatSource’s text on every example (comments included) and on generated games', async () => {
    const texts = [...examples, ...[0, 1, 2, 3, 4, 5, 6, 7].map((s) => `// seed ${s}\n${decompile(sampleIR(s, s / 7))}`)];
    for (const text of texts) {
      const { ast } = compileSource(text);
      expect(ast).not.toBeNull();
      expect(await formatParsed(text, ast!)).toBe(await formatSource(text));
    }
    expect(texts.length).toBe(examples.length + 8);
  });

  it('leaves other texts formatted at the same time to be parsed as usual', async () => {
    const [a, b] = [examples[0]!, examples[1]!];
    const [x, y, z] = await Promise.all([formatParsed(a, compileSource(a).ast!), formatSource(b), formatParsed(b, compileSource(b).ast!)]);
    expect([x, y, z]).toEqual([await formatSource(a), await formatSource(b), await formatSource(b)]);
    expect(x).not.toBe(y);
  });
});

describe('sameTokens', () => {
  const text = 'game "G" { players A, B\n  stack 5 each // five\n}';
  it('ignores whitespace and comments', () => {
    expect(sameTokens(text, 'game "G"{players A,B stack 5 each}')).toBe(true);
    expect(sameTokens(text, '/* x */ game "G" { players A, B\n\n stack 5 each\n}')).toBe(true);
  });
  it('tells a changed, added or dropped token, and a text the lexer cannot read', () => {
    expect(sameTokens(text, 'game "G" { players A, B stack 6 each }')).toBe(false);
    expect(sameTokens(text, 'game "H" { players A, B stack 5 each }')).toBe(false);
    expect(sameTokens(text, 'game "G" { players A, B; stack 5 each }')).toBe(false);
    expect(sameTokens(text, 'game "G" { players A, B stack 5 }')).toBe(false);
    expect(sameTokens(`${text} @`, `${text} @`)).toBe(false);
  });
  it('holds between the decompiler’s text and its formatted text, for every builder', async () => {
    let n = 0;
    for (const builder of ['paper', 'graph', 'coherent'] as const)
      for (let s = 0; s < 30; s++) {
        const text = decompile(sampleIR(s, (s % 11) / 10, { builder, repair: s % 4 !== 0 }));
        expect(sameTokens(text, await formatSource(text))).toBe(true);
        n++;
      }
    expect(n).toBe(90);
  });
});
