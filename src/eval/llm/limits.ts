/**
 * Concurrency and requests-per-minute limits per endpoint (`p-queue`): every participant that
 * calls the same endpoint (kind and base URL) shares one queue, so two models of one provider
 * together stay within the account's limits.
 */
import PQueue from 'p-queue';

const queues = new Map<string, PQueue>();

/**
 * The queue of an endpoint, made on first use with the first caller's limits.
 * @param concurrency requests in flight at once
 * @param rpm requests started per minute (undefined: no limit)
 */
export function endpointQueue(endpoint: string, concurrency: number, rpm?: number): PQueue {
  let q = queues.get(endpoint);
  if (!q) {
    q = rpm ? new PQueue({ concurrency, intervalCap: rpm, interval: 60_000 }) : new PQueue({ concurrency });
    queues.set(endpoint, q);
  }
  return q;
}

/** Forget every queue (tests that change limits between cases). */
export function resetEndpointQueues(): void {
  queues.clear();
}

/**
 * A limit shared by several processes (queue workers on several machines): called before each
 * request to an endpoint whose participant sets `rpm`, it resolves when the request may start.
 */
export type SharedRateLimiter = (endpoint: string, rpm: number) => Promise<unknown>;

let shared: SharedRateLimiter | undefined;

/** Install (or with undefined, remove) the shared limiter of this process (`gbgc worker` installs a Redis one). */
export function setSharedRateLimiter(limiter: SharedRateLimiter | undefined): void {
  shared = limiter;
}

/** Wait for the shared limiter when one is installed and `rpm` is set (a no-op otherwise). */
export async function sharedRateLimit(endpoint: string, rpm: number | undefined): Promise<void> {
  if (shared && rpm) await shared(endpoint, rpm);
}
