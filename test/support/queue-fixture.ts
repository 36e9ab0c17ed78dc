/**
 * The set-up the queue tests share: a throwaway `redis-server` (see `redis-server.ts`), a fresh
 * temporary folder and an ioredis client for the whole file, removed after; tournament configs on
 * Kuhn and Leduc written into that folder; and a poll for a condition bounded only by a hang limit.
 */
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
