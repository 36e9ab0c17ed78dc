/**
 * Rulebook lengths of a store's games, the regressor of the rulebook-length control (GENSTRAT v2 §7):
 * each game's source as the run store holds it is compiled and its
 * rulebook rendered as the agents read it (Markdown, `renderRulebook`); the length is in characters
 * (UTF-16 code units of the text, as JavaScript counts them).
 */
import { compileSource } from '../../compiler/index.js';
import { renderRulebook } from '../../render/rulebook.js';

/**
 * Characters of each game's rulebook, by ruleset hash; games whose source does not compile to the
 * recorded hash are left out (the control then needs every analysed game).
 * @param games the store's games (`readSlots(...).games`)
 */
export function rulebookChars(games: readonly { ruleset_hash: string; source: string }[]): Record<string, number> {
  const out: Record<string, number> = {};
  for (const g of games) {
    const r = compileSource(g.source);
    if (r.ir && r.rulesetHash === g.ruleset_hash) out[g.ruleset_hash] = renderRulebook(r.ir, 'md').length;
  }
  return out;
}
