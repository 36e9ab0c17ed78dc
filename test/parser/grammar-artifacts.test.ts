import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { grammarDiagramsHtml, grammarEbnf, textMateGrammar } from '../../src/parser/grammar-artifacts.js';

const committed = (name: string) => readFileSync(new URL(`../../grammar/${name}`, import.meta.url), 'utf8');

describe('grammar artifacts in grammar/', () => {
  it('are current with the parser (run `npm run grammar` after changing it)', () => {
    expect(committed('gbg.ebnf')).toBe(grammarEbnf());
    expect(committed('diagrams.html')).toBe(grammarDiagramsHtml());
    expect(JSON.parse(committed('gbg.tmLanguage.json'))).toEqual(textMateGrammar());
  });

  it('the EBNF names every step and leaves out the error-recovery rules', () => {
    const ebnf = grammarEbnf();
    const step = /^step = \( (.*) \) ;$/m.exec(ebnf)?.[1]?.split(' | ');
    expect(step).toEqual([
      ...['shuffleStep', 'dealStep', 'anteStep', 'blindsStep', 'bettingStep', 'callStep', 'ifStep', 'eventsStep', 'repeatStep', 'endStep'],
      ...['choiceStep', 'wagerStep', 'matchStep', 'simultaneousStep', 'auctionStep', 'peekStep', 'revealStep', 'swapStep'],
      ...['stealStep', 'discardStep', 'payStep', 'sidebetStep', 'scoreStep', 'assignStep', 'setStep'],
    ]);
    expect(ebnf).not.toMatch(/unknownStep|skippedBlock|unknownDeclaration/);
  });

  it('the diagrams page loads nothing from the network', () => {
    expect(grammarDiagramsHtml()).not.toMatch(/<(script|link)[^>]+(src|href)=['"]https?:/);
  });
});
