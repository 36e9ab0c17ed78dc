/**
 * A tournament plan: the config's games compiled, its participants identified, the schedule
 * expanded into the deterministic list of slots (GENSTRAT v2 §5: runs of two slots with the seats
 * swapped; coverage: each participant meets at least k opponents per game; for a game of n seats a
 * run is a block of n! slots, one per seat permutation, the league's design), and the commitment.
 */
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { basename, dirname, join, relative, resolve } from 'node:path';
import { compileSource } from '../../compiler/index.js';
import { formatDiagnostics } from '../../diagnostics/format.js';
import { compileAnyGame } from '../../interpreter/game.js';
import { canonicalJson } from '../../ir/hash.js';
import { UserError } from '../../util/errors.js';
import { parseJsonInput, readTextCapped } from '../../util/json.js';
import { hashString, rngFromKeys } from '../../util/rng.js';
import { ENGINE_VERSION } from '../../util/version.js';
import { makeParticipant, type Participant } from '../agents/index.js';
import { CURRENT_PLAY_SEED_SCHEME, schemePlaySeed, seatPermutations, tableSlotId, type PlaySeedScheme } from '../match/seeds.js';
import { RunStore } from '../store/store.js';
import type { TournamentConfig } from './config.js';
import type { MatchFormat } from '../match/play.js';
import type { FallbackPolicy } from '../llm/types.js';

/** A game of the tournament. */
export interface PlanGame {
  /** Path as given (relative to the config's folder, or to the selection file's). */
  path: string;
  /** Absolute path. */
  file: string;
  source: string;
  /** The compiled game: the two-seat machine's, or a table game's (3 to 6 seats, or a button). */
  game: ReturnType<typeof compileAnyGame>;
  rulesetHash: string;
  name: string;
  /** Generator seed, complexity and pool slot of a generated game, as its selection file lists them. */
  origin?: GameOrigin;
}

/** Where a generated game came from (a `gbgc select` file carries it for each game). */
export interface GameOrigin {
  seed: number;
  complexity?: number;
  slot?: number;
}

/** One slot to play. */
export interface PlannedSlot {
  id: string;
  /** Position in the slot list. */
  seq: number;
  /** Index into `plan.games`. */
  game: number;
  /** The run (block) of the table on the game. */
  run: number;
  /** Index of the seat permutation in the block ({@link seatPermutations}): for two seats 0 seats the matchup's first participant first, 1 swaps them. */
  slot: number;
  /** Participant indexes (into `plan.participants`), seat 0 first: one per seat of the game. */
  seats: number[];
  playSeed: number;
  /** The slot's hands, when more than one (absent: one hand, as every slot before matches had). */
  format?: MatchFormat;
}

/** What the store keeps as `plan` and the commitment hashes. */
export interface PlanSummary {
  seed: number;
  runs: number;
  schedule: TournamentConfig['schedule'];
  games: { path: string; rulesetHash: string }[];
  participants: { name: string; id: string; config: unknown }[];
  /** Hands per slot, when more than one (absent for one, so earlier commitments are unchanged). */
  handsPerMatch?: number;
  /** How stacks go from hand to hand, when `handsPerMatch` is given. */
  stacks?: 'reset' | 'carry';
  /** Play-seed scheme 2 (shared deals); absent for scheme 1, so scheme-1 commitments are unchanged. */
  playSeeds?: 2;
  /** The frozen fallback of LLM players per game (in the order of `games`), when the config declares one. */
  fallback?: FallbackPolicy[];
}

export interface TournamentPlan {
  configPath: string;
  config: TournamentConfig;
  games: PlanGame[];
  participants: Participant[];
  /** Per game, the tables: participant indexes (ascending), one per seat of the game (pairs for two seats). */
  matchups: number[][][];
  slots: PlannedSlot[];
  /** Absolute path of the run store. */
  storePath: string;
  summary: PlanSummary;
  /** SHA-256 of (config summary, ruleset hashes, engine version, seeds). */
  commitment: string;
  /** The play-seed scheme of the slots (the store's, or the current one for a new store). */
  playSeedScheme: PlaySeedScheme;
}

const sha256 = (s: string): string => createHash('sha256').update(s).digest('hex');

function listPool(dir: string, where: string): string[] {
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    throw new UserError(`${where}: games.pool: cannot read folder ${dir}`);
  }
  const files = names.filter((n) => n.endsWith('.gbg')).sort();
  if (files.length === 0) throw new UserError(`${where}: games.pool: no .gbg files in ${dir}`);
  return files.map((n) => join(dir, n));
}

/**
 * The games of a selection file: a list of files, or `{"games": [{"file", "seed", "complexity", "slot"}, …]}`
 * as `gbgc select --out` writes it; files are relative to the selection file's folder.
 */
function readSelection(file: string, where: string): { file: string; origin?: GameOrigin }[] {
  let data: unknown;
  try {
    data = parseJsonInput(readTextCapped(file, 'selection'), file);
  } catch (e) {
    throw new UserError(`${where}: games.selection: ${(e as Error).message.split('\n')[0]}`);
  }
  const list = Array.isArray(data) ? data : (data as { games?: unknown })?.games;
  if (!Array.isArray(list) || list.length === 0) {
    const old = data !== null && typeof data === 'object' && 'chosen' in data;
    throw new UserError(
      `${where}: games.selection: ${file} must be a list of game files or {"games": [...]}${old ? ' (it was written by an older gbgc select; run gbgc select --out again)' : ''}`,
    );
  }
  const base = dirname(file);
  return list.map((g, i) => {
    const p = typeof g === 'string' ? g : ((g as { file?: unknown; path?: unknown })?.file ?? (g as { path?: unknown })?.path);
    if (typeof p !== 'string') throw new UserError(`${where}: games.selection: ${file}: games[${i}] has no "file"`);
    const o = g as { seed?: unknown; complexity?: unknown; slot?: unknown };
    const origin =
      typeof g === 'object' && typeof o.seed === 'number'
        ? { seed: o.seed, ...(typeof o.complexity === 'number' ? { complexity: o.complexity } : {}), ...(typeof o.slot === 'number' ? { slot: o.slot } : {}) }
        : undefined;
    return { file: resolve(base, p), ...(origin ? { origin } : {}) };
  });
}

/**
 * The matchups of one game under the schedule (pairs of participant indexes, first < second).
 * @param anchors for an `ablation` schedule, the anchors' participant indexes: every other
 *   participant (a variant) meets every anchor, and nothing else is played
 */
export function scheduleMatchups(
  n: number,
  schedule: TournamentConfig['schedule'],
  seed: number,
  rulesetHash: string,
  anchors: readonly number[] = [],
): [number, number][] {
  const all: [number, number][] = [];
  for (let i = 0; i < n; i++) for (let j = i + 1; j < n; j++) all.push([i, j]);
  if (schedule.type === 'round-robin') return all;
  if (schedule.type === 'ablation' || schedule.type === 'panel') return all.filter(([i, j]) => anchors.includes(i) !== anchors.includes(j));
  const m = Math.ceil(schedule.k / 2);
  if (schedule.k >= n - 1 || 2 * m >= n) return all;
  // A seeded circle per game: each participant meets its m neighbours on each side (2m ≥ k opponents).
  const order = Array.from({ length: n }, (_, i) => i);
  const rng = rngFromKeys(seed, hashString(rulesetHash));
  for (let i = n - 1; i > 0; i--) {
    const j = Math.floor(rng() * (i + 1));
    [order[i], order[j]] = [order[j], order[i]];
  }
  const pairs = new Set<string>();
  for (let pos = 0; pos < n; pos++) {
    for (let d = 1; d <= m; d++) {
      const a = order[pos];
      const b = order[(pos + d) % n];
      pairs.add(a < b ? `${a},${b}` : `${b},${a}`);
    }
  }
  return all.filter(([a, b]) => pairs.has(`${a},${b}`));
}

/** Every `k`-subset of `items` (ascending, in lexicographic order). */
function combinations<T>(items: readonly T[], k: number): T[][] {
  const out: T[][] = [];
  const walk = (from: number, acc: T[]): void => {
    if (acc.length === k) {
      out.push(acc);
      return;
    }
    for (let i = from; i <= items.length - (k - acc.length); i++) walk(i + 1, [...acc, items[i]]);
  };
  walk(0, []);
  return out;
}

/** The binomial coefficient C(n, k), as a float (for sizes before any list is built). */
function choose(n: number, k: number): number {
  if (k < 0 || k > n) return 0;
  let c = 1;
  for (let i = 1; i <= k; i++) c = (c * (n - k + i)) / i;
  return Math.round(c);
}

/**
 * The tables of one game of `seats` seats under the schedule: arrays of `seats` participant
 * indexes, ascending. Two seats: the matchups of {@link scheduleMatchups}. More: `round-robin`
 * seats every `seats`-subset of the participants; `panel` and `ablation` seat every participant
 * that is not an anchor (a panel member) with every `seats − 1` anchors, so panel members never
 * meet without a participant under evaluation (the league's fixed opponent panel).
 * @throws UserError for `coverage` with more than two seats, and a panel smaller than `seats − 1`
 */
export function scheduleTables(
  n: number,
  seats: number,
  schedule: TournamentConfig['schedule'],
  seed: number,
  rulesetHash: string,
  anchors: readonly number[] = [],
): number[][] {
  if (seats === 2) return scheduleMatchups(n, schedule, seed, rulesetHash, anchors);
  if (schedule.type === 'coverage')
    throw new UserError(
      `schedule: coverage pairs participants for two-seat games; a game of ${seats} seats needs round-robin or a panel ({type: panel, panel: [NAME, …]})`,
    );
  const all = Array.from({ length: n }, (_, i) => i);
  if (schedule.type === 'round-robin') return combinations(all, seats);
  if (anchors.length < seats - 1)
    throw new UserError(`schedule: a table of ${seats} seats seats each participant with ${seats - 1} panel members, and the panel has ${anchors.length}`);
  const sorted = [...anchors].sort((a, b) => a - b);
  const groups = combinations(sorted, seats - 1);
  return all.filter((i) => !anchors.includes(i)).flatMap((i) => groups.map((g) => [...g, i].sort((a, b) => a - b)));
}

/** Number of tables {@link scheduleTables} gives, computed without listing them (round-robin and panel; others: undefined). */
function tableCount(n: number, seats: number, schedule: TournamentConfig['schedule'], anchors: number): number | undefined {
  if (schedule.type === 'round-robin') return choose(n, seats);
  if (schedule.type === 'panel' || schedule.type === 'ablation') return seats === 2 ? (n - anchors) * anchors : (n - anchors) * choose(anchors, seats - 1);
  return undefined;
}

/** Most slots one tournament plays: 10^7 (a slot list of that size takes about 2 GB to plan and hold). */
export const MAX_PLAN_SLOTS = 10_000_000;

/**
 * Build the plan of a validated config (no file is written).
 * @param configPath the config file (relative paths are resolved against its folder)
 * @param storeOverride a store path that replaces the config's
 * @throws UserError for games that cannot be read or do not compile, duplicate games or
 *   participants, and participants whose policy files cannot be read, and a plan of more than {@link MAX_PLAN_SLOTS} slots
 */
export function buildPlan(configPath: string, config: TournamentConfig, storeOverride?: string): TournamentPlan {
  const base = dirname(resolve(configPath));
  const where = configPath;
  const files: { path: string; file: string; key: string; origin?: GameOrigin }[] = [];
  config.games.files.forEach((f, i) => files.push({ path: f, file: resolve(base, f), key: `games.files[${i}]` }));
  if (config.games.pool) {
    const dir = resolve(base, config.games.pool);
    for (const f of listPool(dir, where)) files.push({ path: relative(base, f), file: f, key: `games.pool (${relative(base, f)})` });
  }
  if (config.games.selection) {
    for (const { file: f, origin } of readSelection(resolve(base, config.games.selection), where))
      files.push({ path: relative(base, f), file: f, key: `games.selection (${relative(base, f)})`, ...(origin ? { origin } : {}) });
  }
  if (files.length === 0) throw new UserError(`${where}: games: no games given`);
  const games: PlanGame[] = [];
  const byHash = new Map<string, string>();
  for (const f of files) {
    let source: string;
    try {
      if (statSync(f.file).isDirectory()) throw new Error('is a directory');
      source = readTextCapped(f.file, '.gbg source', 4 * 1024 * 1024);
    } catch (e) {
      const code = (e as NodeJS.ErrnoException).code;
      throw new UserError(
        `${where}: ${f.key}: ${e instanceof UserError ? e.message : `cannot read ${f.file}: ${code === 'ENOENT' ? 'no such file' : (e as Error).message}`}`,
      );
    }
    const r = compileSource(source);
    if (!r.ir || !r.rulesetHash) {
      const first = formatDiagnostics(f.path, source, r.diagnostics).split('\n')[0];
      throw new UserError(`${where}: ${f.key}: ${f.path} does not compile: ${first}`);
    }
    const seen = byHash.get(r.rulesetHash);
    if (seen) throw new UserError(`${where}: ${f.key}: ${f.path} has the same ruleset as ${seen}`);
    byHash.set(r.rulesetHash, f.path);
    games.push({
      path: f.path,
      file: f.file,
      source,
      game: compileAnyGame(r.ir),
      rulesetHash: r.rulesetHash,
      name: r.ir.name,
      ...(f.origin ? { origin: f.origin } : {}),
    });
  }
  const participants = config.participants.map((p, i) => makeParticipant(p, `${where}: participants[${i}]`, base));
  const names = new Map<string, number>();
  const ids = new Map<string, number>();
  participants.forEach((p, i) => {
    if (names.has(p.name))
      throw new UserError(`${where}: participants[${i}].name: '${p.name}' is also the name of participants[${names.get(p.name)}] (give each a distinct name)`);
    if (ids.has(p.id))
      throw new UserError(`${where}: participants[${i}]: the same configuration as participants[${ids.get(p.id)}] (a participant is its configuration)`);
    names.set(p.name, i);
    ids.set(p.id, i);
  });
  const anchors = ablationAnchors(config, participants, where);
  // The plan's size is checked before any list is expanded: a round robin's pairs from the count of
  // participants, the other schedules' from their matchups.
  const tooLarge = (slotCount: number): UserError =>
    new UserError(
      `${where}: the plan has ${slotCount.toLocaleString('en-US')} slots, more than the ${MAX_PLAN_SLOTS.toLocaleString('en-US')} one tournament plays; split it into several configs (stores) or lower runs`,
    );
  const seatsOf = games.map((g) => g.game.numSeats as number);
  for (const [gi, n] of seatsOf.entries())
    if (n > participants.length)
      throw new UserError(
        `${where}: ${games[gi].path} seats ${n} players, and the tournament has ${participants.length} participants (a table seats distinct participants)`,
      );
  const permutations = seatsOf.map((n) => seatPermutations(n));
  const bound = games.reduce(
    (sum, _, gi) => {
      const t = tableCount(participants.length, seatsOf[gi], config.schedule, anchors.length);
      return t === undefined || sum === undefined ? undefined : sum + t * permutations[gi].length;
    },
    0 as number | undefined,
  );
  if (bound !== undefined && bound * config.runs > MAX_PLAN_SLOTS) throw tooLarge(bound * config.runs);
  let matchups: number[][][];
  try {
    matchups = games.map((g, gi) => scheduleTables(participants.length, seatsOf[gi], config.schedule, config.seed, g.rulesetHash, anchors));
  } catch (e) {
    if (e instanceof UserError) throw new UserError(`${where}: ${e.message}`);
    throw e;
  }
  const slotCount = matchups.reduce((n, m, gi) => n + m.length * permutations[gi].length, 0) * config.runs;
  if (slotCount > MAX_PLAN_SLOTS) throw tooLarge(slotCount);
  const storePath = resolve(storeOverride ?? resolve(base, config.store));
  const scheme = storePlaySeedScheme(storePath);
  if (scheme === 1 && seatsOf.some((n) => n > 2))
    throw new UserError(
      `${where}: the store ${storePath} was filled under play-seed scheme 1 (a deal per pair of participants), which has no deals for tables of more than two seats; play into a new store`,
    );
  const format = { hands: config.handsPerMatch, stacks: config.stacks };
  const slots: PlannedSlot[] = [];
  games.forEach((g, gi) => {
    for (const table of matchups[gi]) {
      for (let run = 0; run < config.runs; run++) {
        // Scheme 1 keys a run by its pair (two seats only, checked above).
        const ps = schemePlaySeed(scheme, config.seed, g.rulesetHash, run, participants[table[0]].id, participants[table[1]].id);
        permutations[gi].forEach((perm, slot) => {
          const seats = perm.map((k) => table[k]);
          slots.push({
            id: tableSlotId(
              config.seed,
              g.rulesetHash,
              run,
              seats.map((p) => participants[p].id),
              scheme,
              format,
            ),
            seq: slots.length,
            game: gi,
            run,
            slot,
            seats,
            playSeed: ps,
            ...(format.hands > 1 ? { format } : {}),
          });
        });
      }
    }
  });
  if (config.fallback !== null && typeof config.fallback === 'object')
    for (const k of Object.keys(config.fallback))
      if (k !== 'default' && !games.some((g) => g.path === k || basename(g.path) === k))
        throw new UserError(`${configPath}: fallback.${k}: names no game of this tournament (keys are game files as written, their file names, or default)`);
  const summary: PlanSummary = {
    seed: config.seed,
    runs: config.runs,
    schedule: config.schedule,
    games: games.map((g) => ({ path: g.path, rulesetHash: g.rulesetHash })),
    participants: participants.map((p) => ({ name: p.name, id: p.id, config: p.config })),
    // Absent for one hand a slot, so earlier commitments stand.
    ...(config.handsPerMatch > 1 ? { handsPerMatch: config.handsPerMatch, stacks: config.stacks } : {}),
    ...(scheme === 2 ? { playSeeds: 2 as const } : {}),
    // It decides moves, so it is committed; absent when not declared (earlier commitments stand).
    ...(config.fallback !== null ? { fallback: games.map((g) => fallbackPolicyFor(config, g.path)) } : {}),
  };
  const commitment = sha256(
    canonicalJson({ config: summary, rulesetHashes: games.map((g) => g.rulesetHash), engineVersion: ENGINE_VERSION, seeds: { seed: config.seed } }),
  );
  return { configPath, config, games, participants, matchups, slots, storePath, summary, commitment, playSeedScheme: scheme };
}

/**
 * The play-seed scheme of the store at `path`: the one it records (`meta(playSeedScheme)`), scheme 1
 * for a store filled before schemes were recorded (it holds a plan but no scheme), and the current
 * scheme for a new or empty store. A store that cannot be read gets the current scheme here; the
 * store check before play reports what is wrong with it.
 */
export function storePlaySeedScheme(path: string): PlaySeedScheme {
  if (!existsSync(path)) return CURRENT_PLAY_SEED_SCHEME;
  let store: RunStore | undefined;
  try {
    store = RunStore.openReadOnly(path);
    const recorded = store.meta('playSeedScheme');
    if (recorded === '1' || recorded === '2') return Number(recorded) as PlaySeedScheme;
    return store.meta('plan') !== undefined ? 1 : CURRENT_PLAY_SEED_SCHEME;
  } catch {
    return CURRENT_PLAY_SEED_SCHEME;
  } finally {
    store?.close();
  }
}

/** The anchors of an `ablation` schedule (the members of a `panel`) as participant indexes (empty for other schedules). */
function ablationAnchors(config: TournamentConfig, participants: readonly Participant[], where: string): number[] {
  if (config.schedule.type !== 'ablation' && config.schedule.type !== 'panel') return [];
  const key = config.schedule.type === 'panel' ? 'panel' : 'anchors';
  const names = config.schedule.type === 'panel' ? config.schedule.panel : config.schedule.anchors;
  const idx = names.map((n, k) => {
    const i = participants.findIndex((p) => p.name === n);
    if (i < 0) throw new UserError(`${where}: schedule.${key}[${k}]: no participant is named '${n}' (names: ${participants.map((p) => p.name).join(', ')})`);
    return i;
  });
  const what = key === 'panel' ? 'a panel member' : 'an anchor';
  if (new Set(idx).size !== idx.length) throw new UserError(`${where}: schedule.${key}: ${what} is named twice`);
  if (idx.length === participants.length)
    throw new UserError(
      key === 'panel'
        ? `${where}: schedule.panel: every participant is on the panel; a panel schedule needs at least one participant that is not, to play against it`
        : `${where}: schedule.anchors: every participant is an anchor; an ablation needs at least one variant that is not`,
    );
  return idx;
}

/**
 * The frozen fallback of LLM players in the game at `path`: the config's `fallback` (one policy, or
 * the entry for the game's file as written or its file name, else `default`), else `uniform`.
 * @throws UserError for a per-game entry that names no game of the plan (checked by {@link buildPlan})
 */
export function fallbackPolicyFor(config: Pick<TournamentConfig, 'fallback'>, path: string): FallbackPolicy {
  const f = config.fallback;
  if (f === null) return 'uniform';
  if (typeof f === 'string') return f;
  return f[path] ?? f[basename(path)] ?? f.default ?? 'uniform';
}

/**
 * What changed between the plan a store was filled under and a new one, in words (e.g.
 * `seed 1 → 2`, `participant 'cfr' changed: params.iterations 1000 → 500`).
 */
export function describeChanges(old: PlanSummary, now: PlanSummary): string[] {
  const out: string[] = [];
  if (old.seed !== now.seed) out.push(`seed ${old.seed} → ${now.seed}`);
  if (now.runs < old.runs) out.push(`runs ${old.runs} → ${now.runs}`);
  if ((old.handsPerMatch ?? 1) !== (now.handsPerMatch ?? 1)) out.push(`hands_per_match ${old.handsPerMatch ?? 1} → ${now.handsPerMatch ?? 1}`);
  if ((old.stacks ?? 'reset') !== (now.stacks ?? 'reset')) out.push(`stacks ${old.stacks ?? 'reset'} → ${now.stacks ?? 'reset'}`);
  if (canonicalJson(old.fallback ?? null) !== canonicalJson(now.fallback ?? null))
    out.push(`fallback ${canonicalJson(old.fallback ?? 'uniform')} → ${canonicalJson(now.fallback ?? 'uniform')}`);
  if (canonicalJson(old.schedule) !== canonicalJson(now.schedule)) out.push(`schedule ${canonicalJson(old.schedule)} → ${canonicalJson(now.schedule)}`);
  for (const g of old.games) {
    const n = now.games.find((x) => x.path === g.path);
    if (!n) {
      if (!now.games.some((x) => x.rulesetHash === g.rulesetHash)) out.push(`game ${g.path} removed`);
    } else if (n.rulesetHash !== g.rulesetHash) out.push(`game ${g.path} changed (ruleset ${g.rulesetHash.slice(0, 12)}… → ${n.rulesetHash.slice(0, 12)}…)`);
  }
  for (const p of old.participants) {
    const n = now.participants.find((x) => x.name === p.name);
    if (!n) {
      if (!now.participants.some((x) => x.id === p.id)) out.push(`participant '${p.name}' removed`);
    } else if (n.id !== p.id) {
      const diffs = diffJson(p.config, n.config, '');
      out.push(`participant '${p.name}' changed${diffs.length ? `: ${diffs.join(', ')}` : ''}`);
    }
  }
  return out;
}

function diffJson(a: unknown, b: unknown, at: string): string[] {
  if (typeof a === 'object' && a !== null && typeof b === 'object' && b !== null && !Array.isArray(a) && !Array.isArray(b)) {
    const keys = [...new Set([...Object.keys(a), ...Object.keys(b)])].sort();
    return keys.flatMap((k) => diffJson((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k], at ? `${at}.${k}` : k));
  }
  const x = JSON.stringify(a);
  const y = JSON.stringify(b);
  return x === y ? [] : [`${at} ${x ?? '(none)'} → ${y ?? '(none)'}`];
}
