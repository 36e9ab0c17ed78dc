/**
 * Study files (`gbgc study STUDY.yaml`): the whole GENSTRAT design in one YAML or JSON file —
 * pool, fast axes, farthest-point selection, precise re-score, tournament, analysis, report —
 * validated with ajv; every error is one line naming the file and the key. Defaults are filled in
 * and paths resolved against the study file's folder. See docs/study.md.
 */
import { Ajv } from 'ajv';
import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { parse as parseYaml } from 'yaml';
import { UserError } from '../../util/errors.js';
import { CONFIG_SCHEMA } from '../tournament/config.js';

/** A validated study with defaults filled in. */
export interface Study {
  /** The study file (as given). */
  file: string;
  /** The study folder (absolute): every stage writes its output there. */
  out: string;
  pool:
    | {
        kind: 'build';
        count: number;
        complexity: [number, number];
        seed: number;
        filter: 'v2' | 'v1' | 'none';
        episodes: number;
        maxTries: number;
        repair: boolean;
        workers: number | null;
      }
    | { kind: 'folder'; folder: string };
  axes: { set: 'v2' | 'v1'; seed: number; jobs: number | null };
  select: { n: number; seed: number };
  rescore: { tier: 'precise' | 'fast' | 'none' };
  /** The tournament section as the tournament config takes it (games and store are set by the study). */
  tournament: Record<string, unknown>;
  /**
   * The analysis: bootstrap sizes and seed; the analysis set (`v2`, or `v1` for GENSTRAT v1's
   * estimators and conventions); participants (names) left out and games (absolute paths) kept,
   * as `gbgc analyze --exclude-participant` and `--games` do (empty: none left out, every game);
   * whether a store played by another engine is analysed (and reported) anyway, as
   * `--allow-engine-mismatch` does (default false: refused).
   */
  analysis: {
    bootstrap: number;
    secondary: number;
    seed: number;
    set: 'v2' | 'v1';
    excludeParticipants: string[];
    games: string[];
    allowEngineMismatch: boolean;
  };
  report: boolean;
}

const int = (min: number, max = 1_000_000_000) => ({ type: 'integer', minimum: min, maximum: max });
const TOURNAMENT_KEYS = { ...CONFIG_SCHEMA.properties } as Record<string, unknown>;
delete TOURNAMENT_KEYS.games;
delete TOURNAMENT_KEYS.store;
delete TOURNAMENT_KEYS.queue;

/** JSON Schema of a study file. */
export const STUDY_SCHEMA = {
  type: 'object',
  additionalProperties: false,
  required: ['pool', 'select', 'tournament'],
  properties: {
    out: { type: 'string', minLength: 1 },
    pool: {
      type: 'object',
      additionalProperties: false,
      properties: {
        folder: { type: 'string', minLength: 1 },
        count: int(1, 10_000_000),
        complexity: {
          anyOf: [
            { type: 'number', minimum: 0, maximum: 1 },
            { type: 'string', pattern: '^\\s*[0-9.]+\\s*(\\.\\.\\s*[0-9.]+\\s*)?$' },
            { type: 'array', items: { type: 'number', minimum: 0, maximum: 1 }, minItems: 2, maxItems: 2 },
          ],
        },
        seed: int(0),
        filter: { enum: ['v2', 'v1', 'none'] },
        episodes: int(1),
        max_tries: int(1, 1_000_000),
        repair: { type: 'boolean' },
        workers: int(1, 1024),
      },
    },
    axes: { type: 'object', additionalProperties: false, properties: { set: { enum: ['v2', 'v1'] }, seed: int(0), jobs: int(1, 256) } },
    select: { type: 'object', additionalProperties: false, required: ['n'], properties: { n: int(1, 1_000_000), seed: int(0) } },
    rescore: { type: 'object', additionalProperties: false, properties: { tier: { enum: ['precise', 'fast', 'none'] } } },
    tournament: { type: 'object', additionalProperties: false, required: ['participants'], properties: TOURNAMENT_KEYS },
    analysis: {
      type: 'object',
      additionalProperties: false,
      properties: {
        bootstrap: int(0, 1_000_000),
        secondary: int(0, 1_000_000),
        seed: int(0),
        set: { enum: ['v2', 'v1'] },
        exclude_participants: { type: 'array', items: { type: 'string', minLength: 1 } },
        games: { type: 'array', items: { type: 'string', minLength: 1 } },
        allow_engine_mismatch: { type: 'boolean' },
      },
    },
    report: { type: 'boolean' },
  },
} as const;

const ajv = new Ajv({ allErrors: false, strict: false });
const validateStudy = ajv.compile(STUDY_SCHEMA);

/** `/pool/count` → `pool.count`. */
const keyOf = (path: string): string =>
  path
    .split('/')
    .slice(1)
    .map((p) => (/^\d+$/.test(p) ? `[${p}]` : `.${p}`))
    .join('')
    .replace(/^\./, '');

/**
 * Read and validate a study file.
 * @throws UserError (one line naming the file and the key) when it cannot be read, parsed or validated
 */
export function readStudy(path: string): Study {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    throw new UserError(`cannot read ${path}: ${code === 'ENOENT' ? 'no such file' : code === 'EISDIR' ? 'is a folder' : (e as Error).message}`);
  }
  let data: unknown;
  try {
    data = path.endsWith('.json') ? JSON.parse(text) : parseYaml(text);
  } catch (e) {
    throw new UserError(`${path}: not valid ${path.endsWith('.json') ? 'JSON' : 'YAML'}: ${(e as Error).message.split('\n')[0]}`);
  }
  if (!validateStudy(data)) {
    const errors = validateStudy.errors ?? [];
    const e = [...errors].sort((a, b) => b.instancePath.length - a.instancePath.length)[0];
    const at = keyOf(e?.instancePath ?? '');
    if (e?.keyword === 'additionalProperties')
      throw new UserError(`${path}: ${at ? `${at}.` : ''}${(e.params as { additionalProperty: string }).additionalProperty}: unknown key`);
    if (e?.keyword === 'required') throw new UserError(`${path}: ${at ? `${at}.` : ''}${(e.params as { missingProperty: string }).missingProperty}: required`);
    if (e?.keyword === 'enum')
      throw new UserError(
        `${path}: ${at}: must be one of ${(e.params as { allowedValues: unknown[] }).allowedValues.map((v) => JSON.stringify(v)).join(', ')}`,
      );
    throw new UserError(`${path}: ${at || '(top)'}: ${e?.message ?? 'invalid study file'}`);
  }
  const d = data as unknown as Record<string, Record<string, unknown> | string | boolean | undefined>;
  const base = dirname(resolve(path));
  const pool = (d.pool ?? {}) as Record<string, unknown>;
  let poolSpec: Study['pool'];
  if (pool.folder !== undefined) {
    const extra = Object.keys(pool).filter((k) => k !== 'folder');
    if (extra.length)
      throw new UserError(
        `${path}: pool.${extra[0]}: not with pool.folder (folder names an existing pool; without it the study builds one from count, complexity, seed …)`,
      );
    poolSpec = { kind: 'folder', folder: resolve(base, pool.folder as string) };
  } else {
    if (pool.count === undefined) throw new UserError(`${path}: pool.count: required (or pool.folder, an existing pool)`);
    poolSpec = {
      kind: 'build',
      count: pool.count as number,
      complexity: complexityRange(pool.complexity ?? '0..1', `${path}: pool.complexity`),
      seed: (pool.seed as number | undefined) ?? 1,
      filter: (pool.filter as 'v2' | 'v1' | 'none' | undefined) ?? 'v2',
      episodes: (pool.episodes as number | undefined) ?? 2000,
      maxTries: (pool.max_tries as number | undefined) ?? 100,
      repair: (pool.repair as boolean | undefined) ?? true,
      workers: (pool.workers as number | undefined) ?? null,
    };
  }
  const axes = (d.axes ?? {}) as Record<string, unknown>;
  const select = d.select as Record<string, unknown>;
  const analysis = (d.analysis ?? {}) as Record<string, unknown>;
  return {
    file: path,
    out: resolve(base, (d.out as string | undefined) ?? 'study'),
    pool: poolSpec,
    axes: { set: (axes.set as 'v2' | 'v1' | undefined) ?? 'v2', seed: (axes.seed as number | undefined) ?? 1, jobs: (axes.jobs as number | undefined) ?? null },
    select: { n: select.n as number, seed: (select.seed as number | undefined) ?? 1 },
    rescore: { tier: ((d.rescore as Record<string, unknown> | undefined)?.tier as Study['rescore']['tier'] | undefined) ?? 'precise' },
    tournament: d.tournament as Record<string, unknown>,
    analysis: {
      bootstrap: (analysis.bootstrap as number | undefined) ?? 2000,
      secondary: (analysis.secondary as number | undefined) ?? 500,
      seed: (analysis.seed as number | undefined) ?? 1,
      set: (analysis.set as 'v2' | 'v1' | undefined) ?? 'v2',
      excludeParticipants: (analysis.exclude_participants as string[] | undefined) ?? [],
      games: ((analysis.games as string[] | undefined) ?? []).map((g) => resolve(base, g)),
      allowEngineMismatch: (analysis.allow_engine_mismatch as boolean | undefined) ?? false,
    },
    report: (d.report as boolean | undefined) ?? true,
  };
}

/** `A..B`, one number, or `[A, B]` as a range within [0, 1]. @throws UserError */
function complexityRange(v: unknown, where: string): [number, number] {
  let lo: number;
  let hi: number;
  if (Array.isArray(v)) [lo, hi] = v as [number, number];
  else if (typeof v === 'number') lo = hi = v;
  else {
    const parts = String(v)
      .split('..')
      .map((t) => Number(t.trim()));
    lo = parts[0];
    hi = parts.length === 2 ? parts[1] : lo;
  }
  if (!(lo >= 0 && hi <= 1 && lo <= hi)) throw new UserError(`${where}: must be a range A..B with 0 ≤ A ≤ B ≤ 1, got ${JSON.stringify(v)}`);
  return [lo, hi];
}

/** The starter study file `gbgc init --study` writes: every key, commented, with small budgets to try the pipeline. */
export const STARTER_STUDY = `# A GENSTRAT study: every stage of the paper's design from this one file.
#   gbgc study study.yaml          run it (resumable: rerun after an interruption)
#   gbgc study status study.yaml   what is done
# Keys and what each stage writes: docs/study.md.

# Folder of every stage's output (relative to this file).
out: study

# Stage 1: a pool of generated games accepted by the Monte Carlo filter (gbgc pool).
pool:
  count: 40                # games in the pool
  complexity: 0..0.3       # complexity range, spread evenly over the games (or one number)
  seed: 1                  # pool seed: the same seed gives the same games
  filter: v2               # acceptance filter: v2, v1 or none
  max_tries: 100           # most candidate seeds per game
  # workers: 2             # worker threads (default: the number of cores)
  # folder: my-pool        # instead: an existing pool folder (gbgc pool --out my-pool)

# Stage 2: the fast complexity axes of every pool game (gbgc axes --tier fast).
axes:
  set: v2                  # v2 (six axes) or v1 (five axes)
  seed: 1

# Stage 3: farthest-point selection of n games in the axis space (gbgc select).
select:
  n: 6
  seed: 1

# Stage 4: the chosen games measured again at the precise tier (for the profiles; none to skip).
rescore:
  tier: precise

# Stage 5: the tournament on the chosen games (keys of a tournament config, docs/tournaments.md).
tournament:
  participants:
    - kind: random
    - kind: l1
    - kind: cfr
      mccfrIterations: 500   # MCCFR budget on games whose tree exceeds maxNodes
  schedule: round-robin      # or {type: coverage, k: 2}
  runs: 2                    # runs per matchup per game (each run is two slots)
  seed: 1

# Stage 6: the estimates (gbgc analyze), and stage 7: the HTML report (gbgc report).
analysis:
  bootstrap: 2000
  secondary: 500
  seed: 1
  set: v2                    # or v1: GENSTRAT v1's estimators and conventions as well
  # exclude_participants: [random]   # refit without these participants (GENSTRAT v2 App. H)
  # games: [study/pool/...gbg]       # refit on these games only (paths relative to this file)
  # allow_engine_mismatch: true      # analyse a store played by an older engine (warned; recorded in the estimates)
report: true
`;
