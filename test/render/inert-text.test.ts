/**
 * Issue 10, item 4: every string from a game is shown exactly as written and cannot create
 * structure. Game names and `end` reasons made of every ASCII punctuation character (and letters,
 * digits, spaces) go through the compiler, the rulebook and the game-over turn prompt; a
 * CommonMark parser (markdown-it) must find the same document structure as with plain words, and
 * text nodes that read exactly the strings. Line breaks and other control characters are refused
 * by the compiler (E0112).
 */
import fc from 'fast-check';
import MarkdownIt from 'markdown-it';
import { describe, expect, it } from 'vitest';
import { compileSource } from '../../src/compiler/index.js';
import { compileGame } from '../../src/interpreter/index.js';
import { escapeMarkdown, markdownToText } from '../../src/render/markdown.js';
import { renderTurnPrompt } from '../../src/render/prompt.js';
import { renderRulebook } from '../../src/render/rulebook.js';

const md = new MarkdownIt();
type Token = ReturnType<MarkdownIt['parse']>[number];

const PUNCTUATION = '!"#$%&\'()*+,-./:;<=>?@[\\]^_`{|}~';
const CHARS = `${PUNCTUATION}aZ9 `;

/** A `.gbg` string literal for `s`. */
const literal = (s: string): string => `"${s.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;

const source = (name: string, reason: string): string => `game ${literal(name)} {
  players Alice, Bob
  stack 10 each
  deck { ranks J = 11, Q = 12; suits hearts }
  phase Setup {
    shuffle deck
    deal 1 to each face down
    ante 1 each
    end winner Alice ${literal(reason)}
  }
  showdown high-card
}
`;

/** Block structure plus, per inline, the kinds of its children (adjacent text merged). */
function structure(tokens: Token[]): string[] {
  return tokens.map((t) => {
    if (t.type !== 'inline') return `${t.type}:${t.tag}`;
    const kinds = (t.children ?? []).map((c) => (c.type === 'text_special' ? 'text' : c.type)).filter((k, i, a) => k !== 'text' || a[i - 1] !== 'text');
    return `inline[${kinds.join(',')}]`;
  });
}

/** The text of each inline, from its text nodes. */
function inlineTexts(tokens: Token[]): string[] {
  return tokens
    .filter((t) => t.type === 'inline')
    .map((t) =>
      (t.children ?? []).map((c) => (c.type === 'text' || c.type === 'text_special' ? c.content : c.type === 'code_inline' ? c.content : '')).join(''),
    );
}

/** Rulebook and game-over prompt of the game with this name and reason. */
function rendered(name: string, reason: string): { rulebook: string; prompt: string } {
  const r = compileSource(source(name, reason));
  if (!r.ir) throw new Error(`does not compile: ${JSON.stringify(name)} ${JSON.stringify(r.diagnostics)}`);
  const s = compileGame(r.ir).newInitialState();
  while (!s.isTerminal()) s.applyAction(s.chanceOutcomes()[0][0]);
  return { rulebook: renderRulebook(r.ir), prompt: renderTurnPrompt(s.observation(1)) };
}

const text = fc
  .string({ unit: fc.constantFrom(...CHARS), minLength: 1, maxLength: 24 })
  .map((s) => s.trim().replace(/ {2,}/g, ' '))
  .filter((s) => s.length > 0);

describe('strings from a game are inert in Markdown', () => {
  const plain = rendered('Plain', 'Over');

  it('a name or reason with every ASCII punctuation character keeps the document structure and reads as written', () => {
    fc.assert(
      fc.property(text, text, (name, reason) => {
        const out = rendered(name, reason);
        for (const [doc, base] of [
          [out.rulebook, plain.rulebook],
          [out.prompt, plain.prompt],
        ]) {
          const tokens = md.parse(doc, {});
          expect(structure(tokens)).toEqual(structure(md.parse(base, {})));
        }
        const book = inlineTexts(md.parse(out.rulebook, {}));
        expect(book[0]).toBe(`${name}: Rulebook`);
        expect(book.some((t) => t.includes(`Reason, announced to both seats: "${reason}"`))).toBe(true);
        expect(inlineTexts(md.parse(out.prompt, {}))).toContain(`The game ends: ${reason}.`);
      }),
      { numRuns: 150, seed: 10 },
    );
  });

  it('each punctuation character alone, and the injection of the issue', () => {
    for (const c of [
      ...PUNCTUATION,
      '&amp;',
      '&lt;b&gt;',
      '~~s~~',
      '1. fake rule',
      '## Injected section',
      '- item',
      '<b>x</b>',
      '[x](http://e)',
      '![i](x)',
      '`code`',
      '| a | b |',
    ]) {
      const out = rendered(`x${c}`, c);
      expect(inlineTexts(md.parse(out.rulebook, {}))[0]).toBe(`x${c}: Rulebook`);
      expect(structure(md.parse(out.rulebook, {}))).toEqual(structure(md.parse(plain.rulebook, {})));
      expect(inlineTexts(md.parse(out.prompt, {}))).toContain(`The game ends: ${c}.`);
    }
  });

  it('escaping then stripping for plain text gives the string back', () => {
    fc.assert(
      fc.property(text, (s) => {
        expect(markdownToText(escapeMarkdown(s))).toBe(s);
      }),
      { numRuns: 300, seed: 11 },
    );
  });

  it('line breaks cannot get in: the compiler refuses them', () => {
    const r = compileSource(source('x', 'ok').replace('game "x"', 'game "x\\n## Injected section\\n1. fake rule"'));
    expect(r.ir).toBeNull();
    expect(r.diagnostics.map((d) => d.code)).toEqual(['E0112']);
  });
});
