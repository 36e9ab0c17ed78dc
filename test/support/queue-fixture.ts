/**
 * The set-up the queue tests share: a throwaway `redis-server` (see `redis-server.ts`), a fresh
 * temporary folder and an ioredis client for the whole file, removed after; tournament configs on
 * Kuhn and Leduc written into that folder; a poll for a condition bounded only by a hang limit; and
 * a store's rows for comparing a queued run with the local one.
 */
import Database from 'better-sqlite3';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { Redis } from 'ioredis';
import { afterAll, beforeAll } from 'vitest';
import { startRedis, type TestRedis } from './redis-server.js';

/** What a queue test file uses; the fields are set in its `beforeAll`. */
export interface QueueFixture {
  redis: TestRedis;
  /** The file's temporary folder. */
  dir: string;
  client: Redis;
  /** Write a tournament config on examples/kuhn.gbg and examples/leduc.gbg plus `lines`; its path. */
  writeConfig(name: string, lines: string[]): string;
}

/**
 * Register `beforeAll`/`afterAll` hooks that start Redis and make the folder (`prefix` names it),
 * after `before` (e.g. building `dist/`) has run.
 */
export function useQueueFixture(prefix: string, before?: () => void): QueueFixture {
  const fx = {
    writeConfig(name: string, lines: string[]): string {
      const file = join(fx.dir, name);
      writeFileSync(
        file,
        `${[`games: [${JSON.stringify(resolve('examples/kuhn.gbg'))}, ${JSON.stringify(resolve('examples/leduc.gbg'))}]`, ...lines].join('\n')}\n`,
      );
      return file;
    },
  } as QueueFixture;
  beforeAll(async () => {
    before?.();
    fx.redis = await startRedis();
    fx.dir = mkdtempSync(join(tmpdir(), prefix));
    fx.client = new Redis(fx.redis.url, { maxRetriesPerRequest: null });
    fx.client.on('error', () => {});
  });
  afterAll(async () => {
    fx.client?.disconnect();
    await fx.redis?.stop();
    if (fx.dir) rmSync(fx.dir, { recursive: true, force: true });
  });
  return fx;
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Poll `cond` until it holds; the limit only catches a hang (a loaded machine is slow, not stuck). */
export async function waitFor(what: string, cond: () => boolean | Promise<boolean>, ms = 300_000): Promise<void> {
  const end = Date.now() + ms;
  while (!(await cond())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await sleep(20);
  }
}

/** The slot columns a queued run and a local run of one config must agree on (all but the timings). */
export const SLOT_COLS = 'id, seq, game, run, slot, seat0, seat1, play_seed, status, return0, return1, moves0, moves1, fallbacks0, fallbacks1, error, notes';
/** The move columns they must agree on (all but the latency). */
export const MOVE_COLS = 'slot, ply, seat, obs_digest, action, label, fallback, extra';

/** A store's slots (`slotCols`, by id) and moves (`moveCols`, by slot and ply), its row counts and its duplicated keys. */
export function readStore(
  file: string,
  slotCols = SLOT_COLS,
  moveCols = MOVE_COLS,
): { slots: unknown[]; moves: unknown[]; rows: number; moveRows: number; dupSlots: number; dupMoves: number } {
  const db = new Database(file, { readonly: true });
  try {
    return {
      slots: db.prepare(`SELECT ${slotCols} FROM slots ORDER BY id`).all(),
      moves: db.prepare(`SELECT ${moveCols} FROM moves ORDER BY slot, ply`).all(),
      rows: db.prepare('SELECT COUNT(*) FROM slots').pluck().get() as number,
      moveRows: db.prepare('SELECT COUNT(*) FROM moves').pluck().get() as number,
      dupSlots: db.prepare('SELECT COUNT(*) - COUNT(DISTINCT id) FROM slots').pluck().get() as number,
      dupMoves: db.prepare("SELECT COUNT(*) - COUNT(DISTINCT slot || ':' || ply) FROM moves").pluck().get() as number,
    };
  } finally {
    db.close();
  }
}
