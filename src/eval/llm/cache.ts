/**
 * The response cache: a provider reply stored under the SHA-256 of (provider, endpoint, model,
 * settings, system prompt, messages, occurrence), so a resumed tournament replays the replies it
 * already paid for instead of asking again. *Occurrence* names the decision inside a run (slot id,
 * move number, call kind); it keeps two equal prompts in different slots as two samples of the model.
 *
 * Stored in one SQLite table (`llm_cache`) of a file next to the run store, or in memory.
 */
import { createHash } from 'node:crypto';
import Database from 'better-sqlite3';
import { redactSecrets } from './redact.js';
import type { ProviderReply } from './types.js';

/** A reply as cached, with the latency of the call that produced it (ms) and what it cost (USD). */
export interface CachedReply {
  reply: ProviderReply;
  latencyMs: number;
  costUsd?: number;
}

export interface ResponseCache {
  get(key: string): CachedReply | undefined;
  /** Store a reply; its text and stop detail are redacted first (a key the server echoed is never stored). */
  set(key: string, value: CachedReply): void;
  /** US dollars paid for every reply the cache holds (the spend of every run that used it). */
  spentUsd?(): number;
  close?(): void;
}

/** The reply with every key value redacted, as it may be stored. */
function redacted(r: ProviderReply): ProviderReply {
  return { ...r, text: redactSecrets(r.text), ...(r.stopDetail !== undefined ? { stopDetail: redactSecrets(r.stopDetail) } : {}) };
}

/** Canonical JSON (keys sorted) for hashing. */
function canonical(v: unknown): string {
  if (v === null || typeof v !== 'object') return JSON.stringify(v);
  if (Array.isArray(v)) return `[${v.map(canonical).join(',')}]`;
  return `{${Object.keys(v as object)
    .filter((k) => (v as Record<string, unknown>)[k] !== undefined)
    .sort()
    .map((k) => `${JSON.stringify(k)}:${canonical((v as Record<string, unknown>)[k])}`)
    .join(',')}}`;
}

/** The cache key of one request. */
export function cacheKey(parts: {
  provider: string;
  endpoint: string;
  model: string;
  settings: unknown;
  system: string;
  messages: unknown;
  occurrence?: string;
}): string {
  return createHash('sha256').update(canonical(parts)).digest('hex');
}

/** A cache in memory (lost at exit). */
export function memoryCache(): ResponseCache {
  const m = new Map<string, CachedReply>();
  return {
    get: (k) => m.get(k),
    set: (k, v) => void m.set(k, { ...v, reply: redacted(v.reply) }),
    spentUsd: () => [...m.values()].reduce((a, v) => a + (v.costUsd ?? 0), 0),
  };
}

/**
 * A cache in an SQLite file (created when missing). Each reply is committed as it arrives, so a
 * process killed mid-slot keeps what it was paid for.
 * @param path the file, e.g. `runs.llm-cache.db` next to `runs.db`, or an open database (the run store's own)
 */
export function sqliteCache(path: string | Database.Database): ResponseCache {
  const db = typeof path === 'string' ? new Database(path) : path;
  if (typeof path === 'string') db.pragma('journal_mode = WAL');
  db.exec(
    'CREATE TABLE IF NOT EXISTS llm_cache (key TEXT PRIMARY KEY, reply TEXT NOT NULL, latency_ms REAL NOT NULL, created TEXT NOT NULL, cost_usd REAL NOT NULL DEFAULT 0)',
  );
  // Caches written before the cost was kept: add the column (their rows count as $0).
  const cols = (db.prepare('PRAGMA table_info(llm_cache)').all() as { name: string }[]).map((c) => c.name);
  if (!cols.includes('cost_usd')) db.exec('ALTER TABLE llm_cache ADD COLUMN cost_usd REAL NOT NULL DEFAULT 0');
  const get = db.prepare('SELECT reply, latency_ms, cost_usd FROM llm_cache WHERE key = ?');
  const put = db.prepare('INSERT OR REPLACE INTO llm_cache (key, reply, latency_ms, created, cost_usd) VALUES (?, ?, ?, ?, ?)');
  const spent = db.prepare('SELECT COALESCE(SUM(cost_usd), 0) FROM llm_cache').pluck();
  return {
    get(key) {
      const row = get.get(key) as { reply: string; latency_ms: number; cost_usd: number } | undefined;
      return row ? { reply: JSON.parse(row.reply) as ProviderReply, latencyMs: row.latency_ms, costUsd: row.cost_usd } : undefined;
    },
    set(key, v) {
      put.run(key, JSON.stringify(redacted(v.reply)), v.latencyMs, new Date().toISOString(), v.costUsd ?? 0);
    },
    spentUsd: () => spent.get() as number,
    close() {
      if (typeof path === 'string') db.close();
    },
  };
}
