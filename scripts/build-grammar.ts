/**
 * Writes the grammar artifacts to grammar/: gbg.ebnf, diagrams.html, gbg.tmLanguage.json.
 * Run with `npm run grammar` after changing src/parser/grammar.ts.
 */
import { writeFileSync } from 'node:fs';
import { grammarDiagramsHtml, grammarEbnf, textMateGrammar } from '../src/parser/grammar-artifacts.js';

const dir = new URL('../grammar/', import.meta.url);
writeFileSync(new URL('gbg.ebnf', dir), grammarEbnf());
writeFileSync(new URL('diagrams.html', dir), grammarDiagramsHtml());
writeFileSync(new URL('gbg.tmLanguage.json', dir), `${JSON.stringify(textMateGrammar(), null, 2)}\n`);
console.log('wrote grammar/gbg.ebnf, grammar/diagrams.html, grammar/gbg.tmLanguage.json');
