/**
 * Requests-per-minute limits shared by every worker of a Redis: a fixed-window counter per endpoint
 * (`INCR gbgc:rl:<endpoint>:<window>`), windows counted on the Redis server's clock (`TIME`) so
 * machines with skewed clocks agree. A request over the limit waits for the next window.
 */
import type { Redis } from 'ioredis';

/**
 * A shared limiter for {@link setSharedRateLimiter}: at most `rpm` grants per endpoint per window.
 * @param windowMs window length (ms, default one minute; tests use shorter ones)
 * @returns a function resolving to the index of the window the request was granted in
 */
export function redisRateLimiter(redis: Redis, windowMs = 60_000): (endpoint: string, rpm: number) => Promise<number> {
  return async (endpoint, rpm) => {
    for (;;) {
      const [sec, usec] = await redis.time();
      const now = Number(sec) * 1000 + Math.floor(Number(usec) / 1000);
      const w = Math.floor(now / windowMs);
      const key = `gbgc:rl:${endpoint}:${w}`;
      const res = await redis
        .multi()
        .incr(key)
        .pexpire(key, 2 * windowMs)
        .exec();
      const n = Number(res?.[0]?.[1]);
      if (n <= rpm) return w;
      await new Promise((r) => setTimeout(r, (w + 1) * windowMs - now + Math.floor(Math.random() * 20)));
    }
  };
}
