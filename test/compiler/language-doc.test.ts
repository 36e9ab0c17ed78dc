import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { compileSource } from '../../src/compiler/index.js';
import { formatDiagnostics } from '../../src/diagnostics/format.js';
import { renderRulebook } from '../../src/render/rulebook.js';

const doc = readFileSync(new URL('../../docs/language.md', import.meta.url), 'utf8');
/** Each `## ` section with its example block and the quoted rulebook sentences of its tables. */
const sections = doc
  .split(/^## /m)
  .slice(1)
  .map((text) => ({
    title: text.split('\n')[0]!,
    block: /```gbg\n([\s\S]*?)```/.exec(text)?.[1],
    quotes: [...text.matchAll(/\| "([^"|]+)" \|/g)].map((m) => m[1]!),
  }))
  .filter((s) => s.block !== undefined);

/** A fragment of declarations placed in a small game that declares what the fragments use. */
const wrap = (fragment: string) => `game "Doc" {
  players Alice, Bob
  stack 10 each
  deck { ranks J = 11, Q = 12, K = 13; suits hearts, spades }
  pile board public
  var count = 0
  position Leader hidden
${fragment}
  showdown high-card
}
`;

describe('docs/language.md', () => {
  it('has an example for each section', () => {
    expect(sections.length).toBeGreaterThanOrEqual(8);
    expect(sections.reduce((n, s) => n + s.quotes.length, 0)).toBeGreaterThanOrEqual(20);
  });

  for (const s of sections)
    it(`${s.title}: the example compiles and the rulebook says what the page quotes`, () => {
      const source = s.block!.startsWith('game ') ? s.block! : wrap(s.block!);
      const r = compileSource(source);
      // The page's snippets show constructs in isolation: they must have no error (warnings such as W0106 may apply).
      expect(
        formatDiagnostics(
          `${s.title}.gbg`,
          source,
          r.diagnostics.filter((d) => d.severity === 'error'),
        ),
      ).toBe('');
      const rulebook = renderRulebook(r.ir!, 'txt');
      for (const q of s.quotes) expect(rulebook, q).toContain(q);
    });
});
