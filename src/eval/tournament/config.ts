/**
 * Tournament configs: YAML or JSON, validated with ajv against {@link CONFIG_SCHEMA} (participant
 * parameters against their kind's schema from the agent registry). Every error names the file and
 * the key, e.g. `t.yaml: participants[2].raise: must be <= 1`.
 */
import { Ajv, type ErrorObject } from 'ajv';
import { UserError } from '../../util/errors.js';
import { parseJsonInput, parseYamlInput, readTextCapped } from '../../util/json.js';

/** Largest tournament config read: 4 MiB (a config lists games and participants, not data). */
export const CONFIG_MAX_BYTES = 4 * 1024 * 1024;
import { AGENTS, agentNames } from '../agents/index.js';
import { FALLBACK_POLICIES, type FallbackPolicy } from '../llm/types.js';

/** A participant as written in a config: a kind, an optional display name, the kind's parameters. */
export interface ParticipantEntry {
  kind: string;
  name?: string;
  [param: string]: unknown;
}

/** A validated config, defaults filled in. Paths are as written (relative to the config's folder). */
export interface TournamentConfig {
  games: { files: string[]; pool: string | null; selection: string | null };
  participants: ParticipantEntry[];
  /**
   * round-robin: every pair; coverage: each participant meets at least k opponents per game;
   * ablation: every participant not named in `anchors` (a variant) meets every anchor, nothing else;
   * panel: every participant not named in `panel` meets the fixed panel (at a table of n seats,
   * every n − 1 of its members), and panel members do not meet each other (the league's design).
   */
  schedule: { type: 'round-robin' } | { type: 'coverage'; k: number } | { type: 'ablation'; anchors: string[] } | { type: 'panel'; panel: string[] };
  /** Runs per table per game (each run is a block: one slot per seat permutation, two for two seats). */
  runs: number;
  /** Hands per slot (a match of that many hands, the button moving a seat a hand); 1: one hand per slot. */
  handsPerMatch: number;
  /** `reset`: every hand starts from the game's declared stacks; `carry`: from the stacks the previous hand ended with (the match ends when a seat is broke). */
  stacks: 'reset' | 'carry';
  /** Slots played at once (useful for agents that wait, e.g. LLMs). */
  concurrency: number;
  seed: number;
  /** The run store's path. */
  store: string;
  /** LLM spend limit in US dollars: no slot starts once it is reached (null: no limit). Not part of the commitment. */
  budgetUsd: number | null;
  /** LLM prices by model id (`{input, output, cached_input}`, USD per million tokens); see docs/llm.md. */
  prices: Record<string, unknown>;
  /**
   * The frozen fallback of LLM players (docs/llm.md): one policy for every game, or per game by
   * its file (as written, or its file name) with `default` for the rest; null when not declared
   * (then `uniform`, GENSTRAT v2 Appendix F).
   */
  fallback: FallbackPolicy | Record<string, FallbackPolicy> | null;
  /** Redis URL of the slot queue (`redis://HOST:PORT`): play through `gbgc worker`s instead of locally (null: local). */
  queue: string | null;
  /** Bot slots per queue job (null: chosen from the measured slot time, about 1 s of play per job). Not part of the commitment. */
  queueBlockSlots: number | null;
}

/** JSON Schema of a config (participants checked per kind afterwards). */
export const CONFIG_SCHEMA = {
  type: 'object',
  additionalProperties: false,
  required: ['games', 'participants'],
  properties: {
    games: {
      anyOf: [
        { type: 'array', items: { type: 'string', minLength: 1 }, minItems: 1 },
        {
          type: 'object',
          additionalProperties: false,
          minProperties: 1,
          properties: {
            files: { type: 'array', items: { type: 'string', minLength: 1 } },
            pool: { type: 'string', minLength: 1 },
            selection: { type: 'string', minLength: 1 },
          },
        },
      ],
    },
    participants: {
      type: 'array',
      minItems: 2,
      items: { type: 'object', required: ['kind'], properties: { kind: { type: 'string' }, name: { type: 'string', minLength: 1 } } },
    },
    schedule: {
      anyOf: [
        { enum: ['round-robin'] },
        { type: 'object', additionalProperties: false, required: ['type'], properties: { type: { const: 'round-robin' } } },
        {
          type: 'object',
          additionalProperties: false,
          required: ['type', 'k'],
          properties: { type: { const: 'coverage' }, k: { type: 'integer', minimum: 1 } },
        },
        {
          type: 'object',
          additionalProperties: false,
          required: ['type', 'anchors'],
          properties: { type: { const: 'ablation' }, anchors: { type: 'array', minItems: 1, items: { type: 'string', minLength: 1 } } },
        },
        {
          type: 'object',
          additionalProperties: false,
          required: ['type', 'panel'],
          properties: { type: { const: 'panel' }, panel: { type: 'array', minItems: 1, items: { type: 'string', minLength: 1 } } },
        },
      ],
    },
    runs: { type: 'integer', minimum: 1, maximum: 1_000_000 },
    hands_per_match: { type: 'integer', minimum: 1, maximum: 100_000 },
    stacks: { enum: ['reset', 'carry'] },
    concurrency: { type: 'integer', minimum: 1, maximum: 1024 },
    seed: { type: 'integer', minimum: -9007199254740991, maximum: 9007199254740991 },
    store: { type: 'string', minLength: 1 },
    budget_usd: { type: 'number', minimum: 0 },
    prices: { type: 'object', additionalProperties: { type: 'object' } },
    queue: { type: 'string', minLength: 1 },
    queue_block_slots: { type: 'integer', minimum: 1, maximum: 10_000 },
    fallback: { anyOf: [{ enum: [...FALLBACK_POLICIES] }, { type: 'object', minProperties: 1, additionalProperties: { enum: [...FALLBACK_POLICIES] } }] },
  },
} as const;

const ajv = new Ajv({ allErrors: false, strict: false });
const validateConfig = ajv.compile(CONFIG_SCHEMA);
const kindValidators = new Map<string, ReturnType<typeof ajv.compile>>();

/** `/participants/2/raise` → `participants[2].raise`. */
function keyOf(path: string): string {
  return path
    .split('/')
    .slice(1)
    .map((p) => (/^\d+$/.test(p) ? `[${p}]` : `.${p.replace(/~1/g, '/').replace(/~0/g, '~')}`))
    .join('')
    .replace(/^\./, '');
}

function describe(e: ErrorObject): string {
  if (e.keyword === 'additionalProperties')
    return `${keyOf(e.instancePath) ? `${keyOf(e.instancePath)}.` : ''}${(e.params as { additionalProperty: string }).additionalProperty}: unknown key`;
  if (e.keyword === 'required')
    return `${keyOf(e.instancePath) ? `${keyOf(e.instancePath)}.` : ''}${(e.params as { missingProperty: string }).missingProperty}: required`;
  if (e.keyword === 'enum')
    return `${keyOf(e.instancePath) || '(top)'}: must be one of ${(e.params as { allowedValues: unknown[] }).allowedValues.map((v) => JSON.stringify(v)).join(', ')}`;
  return `${keyOf(e.instancePath) || '(top)'}: ${e.message ?? 'invalid'}`;
}

/**
 * Read and validate a config file.
 * @throws UserError (one line naming the file and the key) when it cannot be read, parsed or validated
 */
export function readConfig(path: string): TournamentConfig {
  const text = readTextCapped(path, 'tournament config', CONFIG_MAX_BYTES);
  const data = path.endsWith('.json') ? parseJsonInput(text, path) : parseYamlInput(text, path);
  return validate(data, path);
}

/**
 * Validate parsed config data.
 * @param where the file name for messages
 * @throws UserError naming the key
 */
export function validate(data: unknown, where: string): TournamentConfig {
  if (!validateConfig(data)) {
    const errors = validateConfig.errors ?? [];
    // anyOf failures report every branch; the deepest error says most.
    const best = [...errors].sort((a, b) => b.instancePath.length - a.instancePath.length)[0];
    throw new UserError(`${where}: ${best ? describe(best) : 'invalid config'}`);
  }
  const d = data as unknown as Record<string, unknown>;
  const participants = d.participants as ParticipantEntry[];
  participants.forEach((p, i) => {
    if (!Object.hasOwn(AGENTS, p.kind))
      throw new UserError(`${where}: participants[${i}].kind: unknown agent kind '${p.kind}'; known kinds: ${agentNames().join(', ')}`);
    let v = kindValidators.get(p.kind);
    if (!v) {
      const params = AGENTS[p.kind].params;
      v = ajv.compile({
        type: 'object',
        additionalProperties: false,
        required: ['kind', ...(params.required ?? [])],
        properties: { kind: { type: 'string' }, name: { type: 'string', minLength: 1 }, ...params.properties },
      });
      kindValidators.set(p.kind, v);
    }
    if (!v(p)) {
      const e = v.errors![0];
      throw new UserError(`${where}: ${describe({ ...e, instancePath: `/participants/${i}${e.instancePath}` })}`);
    }
  });
  const g = d.games;
  const games = Array.isArray(g)
    ? { files: g as string[], pool: null, selection: null }
    : {
        files: ((g as { files?: string[] }).files ?? []) as string[],
        pool: (g as { pool?: string }).pool ?? null,
        selection: (g as { selection?: string }).selection ?? null,
      };
  if (d.stacks === 'carry' && ((d.hands_per_match as number | undefined) ?? 1) === 1)
    throw new UserError(
      `${where}: stacks: carry takes the stacks from one hand to the next, and a match of one hand has no next: set hands_per_match above 1, or leave stacks out`,
    );
  const s = d.schedule;
  const schedule = s === undefined || s === 'round-robin' ? { type: 'round-robin' as const } : (s as TournamentConfig['schedule']);
  return {
    games,
    participants,
    schedule,
    runs: (d.runs as number | undefined) ?? 10,
    handsPerMatch: (d.hands_per_match as number | undefined) ?? 1,
    stacks: (d.stacks as 'reset' | 'carry' | undefined) ?? 'reset',
    concurrency: (d.concurrency as number | undefined) ?? 1,
    seed: (d.seed as number | undefined) ?? 1,
    store: (d.store as string | undefined) ?? 'runs.db',
    budgetUsd: (d.budget_usd as number | undefined) ?? null,
    prices: (d.prices as Record<string, unknown> | undefined) ?? {},
    queue: (d.queue as string | undefined) ?? null,
    queueBlockSlots: (d.queue_block_slots as number | undefined) ?? null,
    fallback: (d.fallback as TournamentConfig['fallback'] | undefined) ?? null,
  };
}
