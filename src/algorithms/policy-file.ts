/**
 * Saved policies: a policy profile keyed by information-state key and action, tied to the exact
 * rules it was computed for by the ruleset hash.
 *
 * File shape (JSON):
 * `{ rulesetHash, game, iterations, exploitability, method?, policy: { [infoStateKey]: { [actionKey]: prob } } }`
 * where an action key is the action's label (`actionToString`, e.g. `fold`, `call`, `raise`) when
 * the labels of the information state's legal actions are distinct, and the action id in decimal
 * otherwise (see {@link actionKeys}).
 *
 * On disk a policy is that JSON compressed with gzip ({@link encodePolicy}); reading accepts gzip
 * and plain JSON alike (files saved before compression still load).
 */
import { gunzipSync, gzipSync } from 'node:zlib';
import { UserError } from '../util/errors.js';
import { parseJsonInput, readFileCapped } from '../util/json.js';

/** Largest policy read, as a file and as JSON after inflating: 256 MiB (about 2 million information states). */
export const MAX_POLICY_BYTES = 256 * 1024 * 1024;
import type { TabularPolicy } from './policy.js';
import type { GameTree } from './tree.js';

/** A policy as saved to a file. Probabilities per information state sum to 1. */
export interface SavedPolicy {
  /** Ruleset hash of the game the policy was computed for. */
  rulesetHash: string;
  /** The game's name. */
  game: string;
  /** CFR+ iterations behind the policy (0 for a policy not computed by CFR+). */
  iterations: number;
  /** Exploitability of the profile, chips/game. */
  exploitability: number;
  /**
   * `mccfr` for an MCCFR average strategy (`gbgc solve --method mccfr --save`): it holds only the
   * information states training reached, and is played uniformly at the others. Absent for CFR+,
   * whose policy covers every information state.
   */
  method?: 'mccfr';
  policy: Record<string, Record<string, number>>;
}

/** A saved policy as the bytes of its file: the JSON, gzip-compressed (level 9). */
export function encodePolicy(saved: SavedPolicy): Buffer {
  return gzipSync(`${JSON.stringify(saved)}\n`, { level: 9 });
}

/**
 * The JSON text of a policy file's bytes: gunzipped when they start with the gzip magic number
 * (1f 8b), else read as UTF-8 (plain JSON, as saved before compression).
 * @throws UserError naming `source` when gzip data is damaged
 */
export function decodePolicyBytes(bytes: Uint8Array, source: string): string {
  if (bytes.length >= 2 && bytes[0] === 0x1f && bytes[1] === 0x8b) {
    try {
      return gunzipSync(bytes, { maxOutputLength: MAX_POLICY_BYTES }).toString('utf8');
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'ERR_BUFFER_TOO_LARGE')
        throw new UserError(`${source}: inflates to more than the ${MAX_POLICY_BYTES / 2 ** 20} MiB gbgc reads for a policy (not a policy gbgc saved)`);
      throw new UserError(`${source}: damaged gzip data (${(e as Error).message})`);
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

/**
 * Read a policy file (gzip or plain JSON) and check its shape, without checking which rules it is for.
 * @throws UserError when the file cannot be read or is not a saved policy
 */
export function loadPolicyFile(path: string): SavedPolicy {
  const bytes = readFileCapped(path, MAX_POLICY_BYTES, 'policy');
  return parseSavedPolicy(decodePolicyBytes(bytes, path), path);
}

/** The keys naming a decision's legal actions in a saved policy: labels when distinct, else ids. */
export function actionKeys(actions: readonly number[], labels: readonly string[]): string[] {
  const distinct = new Set(labels).size === labels.length && labels.every((l) => l !== '');
  return distinct ? labels.slice() : actions.map(String);
}

/** A tabular policy over a tree in saved form. */
export function toSavedPolicy(tree: GameTree, policy: TabularPolicy, meta: Omit<SavedPolicy, 'policy'>): SavedPolicy {
  const out: Record<string, Record<string, number>> = {};
  for (let i = 0; i < tree.numInfosets; i++) {
    const s = tree.slotStart[i];
    const e = tree.slotStart[i + 1];
    const keys = actionKeys(Array.from(tree.slotAction.subarray(s, e)), tree.slotLabel.slice(s, e));
    const entry: Record<string, number> = {};
    keys.forEach((k, j) => (entry[k] = policy[s + j]));
    out[tree.infosetKey[i]] = entry;
  }
  return { ...meta, policy: out };
}

/**
 * Parse and check the shape of a saved policy.
 * @throws UserError naming `source` when the text is not JSON or not a saved policy.
 */
export function parseSavedPolicy(text: string, source: string): SavedPolicy {
  const data = parseJsonInput(text, source);
  const bad = (why: string): never => {
    throw new UserError(`${source}: not a gbgc policy file: ${why}`);
  };
  if (typeof data !== 'object' || data === null || Array.isArray(data)) bad('expected a JSON object');
  const d = data as Record<string, unknown>;
  if (typeof d.rulesetHash !== 'string' || !/^[0-9a-f]{64}$/.test(d.rulesetHash)) bad('missing or malformed "rulesetHash"');
  if (typeof d.game !== 'string') bad('missing "game"');
  if (typeof d.iterations !== 'number' || !Number.isInteger(d.iterations) || d.iterations < 0) bad('"iterations" must be a whole number');
  if (typeof d.exploitability !== 'number') bad('"exploitability" must be a number');
  if (d.method !== undefined && d.method !== 'mccfr') bad('"method" must be "mccfr" when present');
  if (typeof d.policy !== 'object' || d.policy === null || Array.isArray(d.policy)) bad('"policy" must be an object');
  for (const [key, entry] of Object.entries(d.policy as Record<string, unknown>)) {
    if (typeof entry !== 'object' || entry === null || Array.isArray(entry)) bad(`entry '${key}' must be an object of probabilities`);
    const problem = entryProblem(entry, Object.keys(entry as object));
    if (problem) bad(`information state '${key}': ${problem}`);
  }
  return d as unknown as SavedPolicy;
}

/**
 * Read a saved policy and check it was computed for the game with `rulesetHash`.
 * @throws UserError when the file cannot be read, is not a policy, or is for other rules.
 */
export function readPolicyFile(path: string, rulesetHash: string): SavedPolicy {
  const saved = loadPolicyFile(path);
  if (saved.rulesetHash !== rulesetHash) {
    throw new UserError(
      `${path}: the policy was computed for ruleset ${saved.rulesetHash.slice(0, 12)}… ('${saved.game}'), ` +
        `not for this game's ruleset ${rulesetHash.slice(0, 12)}…`,
    );
  }
  return saved;
}

/** Tolerance of a saved distribution's sum (issue 10: within 1e-9 of 1). */
export const SUM_TOLERANCE = 1e-9;

/**
 * What is wrong with a saved entry for one information state whose legal actions have the keys
 * `expected` (see {@link actionKeys}), or null when it is a probability distribution over exactly
 * those keys (finite, ≥ 0, summing to 1 within {@link SUM_TOLERANCE}).
 */
export function entryProblem(entry: unknown, expected: readonly string[]): string | null {
  if (typeof entry !== 'object' || entry === null || Array.isArray(entry)) return 'its entry is not an object of probabilities';
  const e = entry as Record<string, unknown>;
  const missing = expected.filter((k) => !Object.hasOwn(e, k));
  const extra = Object.keys(e).filter((k) => !expected.includes(k));
  if (missing.length > 0 || extra.length > 0) {
    const parts = [];
    if (missing.length > 0) parts.push(`no probability for ${missing.map((k) => `'${k}'`).join(', ')}`);
    if (extra.length > 0)
      parts.push(`${extra.map((k) => `'${k}'`).join(', ')} ${extra.length === 1 ? 'is not a legal action' : 'are not legal actions'} there`);
    return `${parts.join('; ')} (the legal actions are ${expected.map((k) => `'${k}'`).join(', ')})`;
  }
  let sum = 0;
  for (const k of expected) {
    const q = e[k];
    if (typeof q !== 'number' || !Number.isFinite(q) || q < 0) return `the probability of '${k}' is ${JSON.stringify(q) ?? String(q)}, not a finite number ≥ 0`;
    sum += q;
  }
  if (!(Math.abs(sum - 1) <= SUM_TOLERANCE)) return `its probabilities sum to ${sum}, not 1 (within ${SUM_TOLERANCE})`;
  return null;
}

/**
 * Check that a saved policy covers the game exactly: every information state of the tree has an
 * entry (an MCCFR policy, `method: 'mccfr'`, may lack states its training never reached), each
 * entry is a distribution over exactly the state's legal action keys, and the file names no
 * information state the game does not have.
 * @throws UserError naming `source`, the information state and what is wrong (the first problem found).
 */
export function checkPolicyCovers(tree: GameTree, saved: SavedPolicy, source: string): void {
  const keys = new Set<string>();
  for (let i = 0; i < tree.numInfosets; i++) {
    const key = tree.infosetKey[i];
    keys.add(key);
    const s = tree.slotStart[i];
    const e = tree.slotStart[i + 1];
    const expected = actionKeys(Array.from(tree.slotAction.subarray(s, e)), tree.slotLabel.slice(s, e));
    if (!Object.hasOwn(saved.policy, key)) {
      if (saved.method === 'mccfr') continue;
      throw new UserError(`${source}: the policy has no entry for information state '${key}' (the game has ${tree.numInfosets} information states)`);
    }
    const problem = entryProblem(saved.policy[key], expected);
    if (problem) throw new UserError(`${source}: information state '${key}': ${problem}`);
  }
  for (const key of Object.keys(saved.policy))
    if (!keys.has(key)) throw new UserError(`${source}: the policy has an entry for '${key}', which is not an information state of this game`);
}

/**
 * A saved policy as a tabular policy over `tree`.
 * @throws UserError when an information state of the tree is missing or its actions differ.
 */
export function policyFromSaved(tree: GameTree, saved: SavedPolicy): TabularPolicy {
  const p = new Float64Array(tree.numSlots);
  for (let i = 0; i < tree.numInfosets; i++) {
    const s = tree.slotStart[i];
    const e = tree.slotStart[i + 1];
    const entry = Object.hasOwn(saved.policy, tree.infosetKey[i]) ? saved.policy[tree.infosetKey[i]] : undefined;
    if (!entry) throw new UserError(`the policy has no entry for information state '${tree.infosetKey[i]}'`);
    const keys = actionKeys(Array.from(tree.slotAction.subarray(s, e)), tree.slotLabel.slice(s, e));
    keys.forEach((k, j) => {
      const q = Object.hasOwn(entry, k) ? entry[k] : undefined;
      if (q === undefined) throw new UserError(`the policy at '${tree.infosetKey[i]}' has no probability for action '${k}'`);
      p[s + j] = q;
    });
  }
  return p;
}
