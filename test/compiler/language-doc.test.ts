import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { compileSource } from '../../src/compiler/index.js';
import { formatDiagnostics } from '../../src/diagnostics/format.js';

const doc = readFileSync(new URL('../../docs/language.md', import.meta.url), 'utf8');
const blocks = [...doc.matchAll(/```gbg\n([\s\S]*?)```/g)].map((m) => m[1]!);

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
    expect(blocks.length).toBeGreaterThanOrEqual(8);
  });

  blocks.forEach((block, i) => {
    it(`example ${i + 1} compiles (${block.split('\n')[0]})`, () => {
      const source = block.startsWith('game ') ? block : wrap(block);
      const r = compileSource(source);
      expect(formatDiagnostics(`example-${i + 1}.gbg`, source, r.diagnostics)).toBe('');
      expect(r.ir).not.toBeNull();
    });
  });
});
