/**
 * Redis connections for the slot queue: URL parsing (`redis://[user:password@]HOST:PORT[/DB]`,
 * `rediss://` for TLS) and a connect probe with a bounded timeout, so an unreachable server is one
 * clear error instead of endless reconnection attempts.
 */
import { Redis, type RedisOptions } from 'ioredis';
import { UsageError, UserError } from '../../util/errors.js';

/** How long the first connection may take before the server counts as unreachable (ms). */
export const CONNECT_TIMEOUT_MS = 3000;

/** A parsed queue URL. */
export interface QueueUrl {
  /** The URL without its password, for messages. */
  display: string;
  options: RedisOptions;
}

/** A URL as messages show it: the password (and a user name's secret part) replaced by `***`. */
export function redactUrl(text: string): string {
  return text.replace(/(\/\/[^/@\s]*?):[^/@\s]*@/g, '$1:***@').replace(/(\/\/)([^/:@\s]+)@/g, '$1***@');
}

/**
 * Parse a queue URL.
 * @throws UsageError when it is not `redis://HOST:PORT[/DB]` or `rediss://…`
 */
export function parseQueueUrl(text: string, what = '--queue'): QueueUrl {
  let u: URL;
  try {
    u = new URL(text);
  } catch {
    throw new UsageError(`${what} must be a URL of the form redis://HOST:PORT, got '${redactUrl(text)}'`);
  }
  if (u.protocol !== 'redis:' && u.protocol !== 'rediss:') throw new UsageError(`${what} must start with redis:// or rediss://, got '${redactUrl(text)}'`);
  if (!u.hostname) throw new UsageError(`${what} has no host: '${redactUrl(text)}'`);
  const port = u.port ? Number(u.port) : 6379;
  const path = u.pathname.replace(/^\//, '');
  if (path !== '' && !/^\d+$/.test(path)) throw new UsageError(`${what}: the path must be a database number (redis://HOST:PORT/0), got '/${path}'`);
  if (u.search || u.hash) throw new UsageError(`${what}: no query or fragment is allowed, got '${redactUrl(text)}'`);
  const host = u.hostname.replace(/^\[|\]$/g, '');
  const options: RedisOptions = {
    host,
    port,
    db: path === '' ? 0 : Number(path),
    ...(u.username ? { username: decodeURIComponent(u.username) } : {}),
    ...(u.password ? { password: decodeURIComponent(u.password) } : {}),
    ...(u.protocol === 'rediss:' ? { tls: {} } : {}),
  };
  return { display: `${u.protocol}//${u.hostname}:${port}${path ? `/${path}` : ''}`, options };
}

/**
 * Open a connection for BullMQ (`maxRetriesPerRequest: null`, as its workers need), after checking
 * with a probe that the server answers within {@link CONNECT_TIMEOUT_MS}.
 * @throws UserError naming the URL when the server cannot be reached or refuses the login
 */
export async function connectQueue(url: QueueUrl, timeoutMs = CONNECT_TIMEOUT_MS): Promise<Redis> {
  const probe = new Redis({
    ...url.options,
    lazyConnect: true,
    connectTimeout: timeoutMs,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
    enableOfflineQueue: false,
  });
  let lastError: Error | undefined;
  probe.on('error', (e: Error) => (lastError ??= e));
  try {
    await Promise.race([
      probe.connect().then(() => probe.ping()),
      new Promise((_, reject) => setTimeout(() => reject(new Error(`no answer within ${timeoutMs} ms`)), timeoutMs).unref()),
    ]);
  } catch (e) {
    const cause = lastError ?? (e as Error);
    const code = (cause as NodeJS.ErrnoException).code;
    const why =
      code === 'ECONNREFUSED'
        ? 'connection refused'
        : code === 'ENOTFOUND'
          ? 'no such host'
          : code === 'ETIMEDOUT'
            ? `no answer within ${timeoutMs} ms`
            : /RESP|protocol/i.test(cause.message)
              ? 'the server there does not speak the Redis protocol'
              : cause.message;
    throw new UserError(`cannot reach Redis at ${url.display}: ${why} (is redis-server running there?)`);
  } finally {
    probe.disconnect();
  }
  const redis = new Redis({ ...url.options, connectTimeout: timeoutMs, maxRetriesPerRequest: null });
  redis.on('error', () => {});
  return redis;
}
