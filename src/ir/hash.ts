/**
 * Canonical JSON and the ruleset hash.
 *
 * The ruleset hash is the SHA-256 (hex) of the IR's canonical JSON: object keys sorted by code
 * point, no whitespace, `undefined` members dropped. Every match record stores it, so a result
 * always names the exact rules it was played under (methodology: versioned rulesets with SHA-256
 * digests).
 */
import { createHash } from 'node:crypto';
import type { GameIR } from './schema.js';

/**
 * Canonical JSON text of a JSON-compatible value.
 * @throws TypeError on values JSON cannot represent (functions, non-finite numbers, cycles).
 */
export function canonicalJson(value: unknown): string {
  const seen = new Set<object>();
  const walk = (v: unknown): string => {
    if (v === null) return 'null';
    switch (typeof v) {
      case 'number':
        if (!Number.isFinite(v)) throw new TypeError(`canonicalJson: non-finite number ${v}`);
        return JSON.stringify(v);
      case 'string':
      case 'boolean':
        return JSON.stringify(v);
      case 'object': {
        if (seen.has(v as object)) throw new TypeError('canonicalJson: cycle');
        seen.add(v as object);
        let out: string;
        if (Array.isArray(v)) out = `[${v.map((x) => (x === undefined ? 'null' : walk(x))).join(',')}]`;
        else {
          const o = v as Record<string, unknown>;
          const keys = Object.keys(o)
            .filter((k) => o[k] !== undefined)
            .sort();
          out = `{${keys.map((k) => `${JSON.stringify(k)}:${walk(o[k])}`).join(',')}}`;
        }
        seen.delete(v as object);
        return out;
      }
      default:
        throw new TypeError(`canonicalJson: cannot encode a ${typeof v}`);
    }
  };
  return walk(value);
}

/** The ruleset hash of a game: 64 lowercase hex digits. */
export function rulesetHash(ir: GameIR): string {
  return createHash('sha256').update(canonicalJson(ir)).digest('hex');
}
