/**
 * The on-disk cache of what agents compute before they play (the `cfr` agent's policy, the `l1`
 * agent's best-response table): one gzip-compressed JSON file per (kind, ruleset hash, parameters)
 * in a cache folder, `<kind>-<ruleset hash>-<parameters hash>.json.gz`. The file records the kind,
 * the ruleset hash and the parameters again, and a file that does not match them (or cannot be
 * read) is ignored and recomputed, so a cache never changes what an agent plays. Writes are
 * atomic; a cache that cannot be written is skipped (the agent still plays).
 */
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { canonicalJson } from '../../ir/hash.js';
import { writeFileAtomic } from '../../util/fs.js';
import { ENGINE_VERSION } from '../../util/version.js';

const FORMAT = 'gbgc-agent-cache/1';

interface CacheFile<T> {
  format: string;
  kind: string;
  rulesetHash: string;
  params: unknown;
  engineVersion: string;
  data: T;
}

/** The cache file of an agent's computation. */
export function agentCachePath(dir: string, kind: string, rulesetHash: string, params: unknown): string {
  const h = createHash('sha256').update(canonicalJson(params)).digest('hex').slice(0, 16);
  return join(dir, `${kind}-${rulesetHash}-${h}.json.gz`);
}

/** The cached data, or undefined when there is none or it does not match (kind, rules, parameters, engine). */
export function readAgentCache<T>(dir: string, kind: string, rulesetHash: string, params: unknown): T | undefined {
  let f: CacheFile<T>;
  try {
    f = JSON.parse(gunzipSync(readFileSync(agentCachePath(dir, kind, rulesetHash, params))).toString('utf8')) as CacheFile<T>;
  } catch {
    return undefined;
  }
  const ok =
    f &&
    f.format === FORMAT &&
    f.kind === kind &&
    f.rulesetHash === rulesetHash &&
    f.engineVersion === ENGINE_VERSION &&
    canonicalJson(f.params) === canonicalJson(params);
  return ok ? f.data : undefined;
}

/**
 * Store `data` (creating the folder).
 * @returns undefined when written, else why not (the caller goes on without a cache: a folder that
 *   cannot be written, a full disk, or data too large for one JSON string, about 500 MB)
 */
export function writeAgentCache<T>(dir: string, kind: string, rulesetHash: string, params: unknown, data: T): string | undefined {
  const file: CacheFile<T> = { format: FORMAT, kind, rulesetHash, params, engineVersion: ENGINE_VERSION, data };
  try {
    mkdirSync(dir, { recursive: true });
    writeFileAtomic(agentCachePath(dir, kind, rulesetHash, params), gzipSync(JSON.stringify(file), { level: 6 }));
    return undefined;
  } catch (e) {
    return (e as Error).message;
  }
}
