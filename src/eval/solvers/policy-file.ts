/**
 * Saved policies: a policy profile keyed by information-state key and action, tied to the exact
 * rules it was computed for by the ruleset hash.
 *
 * File shape (JSON):
 * `{ rulesetHash, game, iterations, exploitability, policy: { [infoStateKey]: { [actionKey]: prob } } }`
 * where an action key is the action's label (`actionToString`, e.g. `fold`, `call`, `raise`) when
 * the labels of the information state's legal actions are distinct, and the action id in decimal
 * otherwise (see {@link actionKeys}).
 */
import { readFileSync } from 'node:fs';
import { UserError } from '../../util/errors.js';
import { checkDistribution, type TabularPolicy } from './policy.js';
import type { CompactTree } from './tree.js';

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
  policy: Record<string, Record<string, number>>;
}

/** The keys naming a decision's legal actions in a saved policy: labels when distinct, else ids. */
export function actionKeys(actions: readonly number[], labels: readonly string[]): string[] {
  const distinct = new Set(labels).size === labels.length && labels.every((l) => l !== '');
  return distinct ? labels.slice() : actions.map(String);
}

/** A tabular policy over a tree in saved form. */
export function toSavedPolicy(
  tree: CompactTree,
  policy: TabularPolicy,
  meta: Omit<SavedPolicy, 'policy'>,
): SavedPolicy {
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
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (e) {
    throw new UserError(`${source}: not valid JSON (${(e as Error).message})`);
  }
  const bad = (why: string): never => {
    throw new UserError(`${source}: not a gbgc policy file: ${why}`);
  };
  if (typeof data !== 'object' || data === null || Array.isArray(data)) bad('expected a JSON object');
  const d = data as Record<string, unknown>;
  if (typeof d.rulesetHash !== 'string' || !/^[0-9a-f]{64}$/.test(d.rulesetHash)) bad('missing or malformed "rulesetHash"');
  if (typeof d.game !== 'string') bad('missing "game"');
  if (typeof d.iterations !== 'number' || !Number.isInteger(d.iterations) || d.iterations < 0) bad('"iterations" must be a whole number');
  if (typeof d.exploitability !== 'number') bad('"exploitability" must be a number');
  if (typeof d.policy !== 'object' || d.policy === null || Array.isArray(d.policy)) bad('"policy" must be an object');
  for (const [key, entry] of Object.entries(d.policy as Record<string, unknown>)) {
    if (typeof entry !== 'object' || entry === null || Array.isArray(entry)) bad(`entry '${key}' must be an object of probabilities`);
    const probs = Object.values(entry as Record<string, unknown>);
    if (!probs.every((p) => typeof p === 'number')) bad(`entry '${key}' has a non-numeric probability`);
    try {
      checkDistribution(probs as number[], probs.length, key);
    } catch (e) {
      bad((e as Error).message);
    }
  }
  return d as unknown as SavedPolicy;
}

/**
 * Read a saved policy and check it was computed for the game with `rulesetHash`.
 * @throws UserError when the file cannot be read, is not a policy, or is for other rules.
 */
export function readPolicyFile(path: string, rulesetHash: string): SavedPolicy {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    throw new UserError(`cannot read ${path}: ${code === 'ENOENT' ? 'no such file' : (e as Error).message}`);
  }
  const saved = parseSavedPolicy(text, path);
  if (saved.rulesetHash !== rulesetHash) {
    throw new UserError(
      `${path}: the policy was computed for ruleset ${saved.rulesetHash.slice(0, 12)}… ('${saved.game}'), ` +
        `not for this game's ruleset ${rulesetHash.slice(0, 12)}…`,
    );
  }
  return saved;
}

/**
 * A saved policy as a tabular policy over `tree`.
 * @throws UserError when an information state of the tree is missing or its actions differ.
 */
export function policyFromSaved(tree: CompactTree, saved: SavedPolicy): TabularPolicy {
  const p = new Float64Array(tree.numSlots);
  for (let i = 0; i < tree.numInfosets; i++) {
    const s = tree.slotStart[i];
    const e = tree.slotStart[i + 1];
    const entry = saved.policy[tree.infosetKey[i]];
    if (!entry) throw new UserError(`the policy has no entry for information state '${tree.infosetKey[i]}'`);
    const keys = actionKeys(Array.from(tree.slotAction.subarray(s, e)), tree.slotLabel.slice(s, e));
    keys.forEach((k, j) => {
      const q = entry[k];
      if (q === undefined) throw new UserError(`the policy at '${tree.infosetKey[i]}' has no probability for action '${k}'`);
      p[s + j] = q;
    });
  }
  return p;
}
