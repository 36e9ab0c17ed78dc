import { describe, expect, it } from 'vitest';
import { GbgParser } from '../../src/parser/grammar.js';
import { buildLexer, gbgLexer } from '../../src/parser/tokens.js';

// The run-time parser and lexer skip Chevrotain's definition checks to start fast; they run here.
describe('grammar and token definitions pass Chevrotain validations', () => {
  it('builds the parser with validations and finds no definition errors', () => {
    // Chevrotain throws from performSelfAnalysis when a validation finds a definition error.
    expect(() => new GbgParser({ validate: true })).not.toThrow();
  });

  it('builds the lexer with validations and finds no definition errors', () => {
    const lexer = buildLexer({ validate: true });
    expect(lexer.lexerDefinitionErrors).toEqual([]);
  });

  it('the validated lexer and the run-time lexer cut a file into the same tokens', () => {
    const text = 'game "K" { players A, B stack each 2 // x\n deck { ranks J = 11 suits s } }';
    const images = (l: ReturnType<typeof buildLexer>) => l.tokenize(text).tokens.map((t) => `${t.tokenType.name}:${t.image}`);
    expect(images(gbgLexer())).toEqual(images(buildLexer({ validate: true })));
    expect(images(gbgLexer()).length).toBeGreaterThan(10);
  });
});
