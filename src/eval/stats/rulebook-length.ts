/**
 * Rulebook lengths of a store's games, the regressor of the rulebook-length control (GENSTRAT v2 §7):
 * each game's source from the store's `games(ruleset_hash, source)` table is compiled and its
 * rulebook rendered as the agents read it (Markdown, `renderRulebook`); the length is in characters
 * (UTF-16 code units of the text, as JavaScript counts them).
 */
import { existsSync } from 'node:fs';
import Database from 'better-sqlite3';
import { compileSource } from '../../compiler/index.js';
import { renderRulebook } from '../../render/rulebook.js';

/**
 * Characters of each game's rulebook, by ruleset hash; games whose source is missing or does not
 * compile to the recorded hash are left out (the control then needs every analysed game).
 * Reads nothing when the store has no `games` table with a `source` column.
 */
export function rulebookCharsFromStore(path: string): Record<string, number> {
  const out: Record<string, number> = {};
  if (!existsSync(path)) return out;
  const db = new Database(path, { readonly: true, fileMustExist: true });
  try {
    const has = db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name = 'games'").get();
    if (!has) return out;
    const cols = new Set((db.prepare('PRAGMA table_info(games)').all() as { name: string }[]).map((c) => c.name));
    if (!cols.has('ruleset_hash') || !cols.has('source')) return out;
    for (const row of db.prepare('SELECT ruleset_hash, source FROM games').all() as { ruleset_hash: string; source: string }[]) {
      const r = compileSource(String(row.source));
      if (r.ir && r.rulesetHash === row.ruleset_hash) out[row.ruleset_hash] = renderRulebook(r.ir, 'md').length;
    }
    return out;
  } finally {
    db.close();
  }
}
