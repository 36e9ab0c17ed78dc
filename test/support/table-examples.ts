/**
 * Which examples are table games (3 to 6 seats, or a button: `isTableGame`), played by the table
 * engine. The two-seat machine's tests over every example (menus, prompts, rulebooks, information
 * states, duplicate chance) take the others; `test/interpreter/table-engine.test.ts` tests the tables.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { compileSource } from '../../src/compiler/index.js';
import { isTableGame } from '../../src/ir/facts.js';

/** Whether `examples/<file>` is a table game. */
export function isTableExample(file: string): boolean {
  const ir = compileSource(readFileSync(join(import.meta.dirname, '..', '..', 'examples', file), 'utf8')).ir;
  return ir !== null && isTableGame(ir);
}
