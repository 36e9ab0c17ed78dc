/**
 * Reading the analysis inputs from files: the axes JSONL that `gbgc axes` writes, and the engine
 * version stamped on estimates and reports.
 */
import { readFileSync } from 'node:fs';
import { UserError } from '../../util/errors.js';
import { parseJsonInput } from '../../util/json.js';
import type { AxisRow } from './slots.js';
import { ENGINE_VERSION } from '../../util/version.js';

/**
 * Parse an axes JSONL file: one object per line with the game's ruleset hash (`game`, or
 * `rulesetHash`) and an `axes` object of finite numbers. Blank lines are skipped.
 * @throws UserError naming the line of a malformed record.
 */
export function parseAxesJsonl(text: string, file = 'axes'): AxisRow[] {
  const out: AxisRow[] = [];
  text.split(/\r?\n/).forEach((line, k) => {
    if (line.trim() === '') return;
    let v: unknown;
    try {
      v = parseJsonInput(line, `${file}:${k + 1}`, 8);
    } catch (e) {
      throw new UserError(`${file}:${k + 1}: not JSON (${(e as Error).message})`);
    }
    const o = v as { game?: unknown; rulesetHash?: unknown; axes?: unknown };
    const game = typeof o?.game === 'string' ? o.game : typeof o?.rulesetHash === 'string' ? o.rulesetHash : null;
    if (game === null) throw new UserError(`${file}:${k + 1}: a record needs a string 'game' (ruleset hash)`);
    if (!o.axes || typeof o.axes !== 'object' || Array.isArray(o.axes)) throw new UserError(`${file}:${k + 1}: a record needs an 'axes' object`);
    for (const [name, x] of Object.entries(o.axes))
      if (typeof x !== 'number' || !Number.isFinite(x)) throw new UserError(`${file}:${k + 1}: axis '${name}' is not a finite number`);
    out.push({ game, axes: o.axes as Record<string, number> });
  });
  if (out.length === 0) throw new UserError(`${file}: no axis records`);
  return out;
}

/** Read and parse an axes JSONL file. */
export function readAxesFile(path: string): AxisRow[] {
  return parseAxesJsonl(readFileSync(path, 'utf8'), path);
}

/**
 * The engine version that analyses (the same string the run store records for the tournament,
 * `ENGINE_VERSION`), so the report can say whether both are the same engine.
 */
export function engineVersion(): string {
  return ENGINE_VERSION;
}
