/**
 * One error type for every provider failure, so the decision loop can decide on retries without
 * knowing the SDKs. Messages pass through `redactSecrets`.
 */
import { redactSecrets } from '../redact.js';

/**
 * How a call failed: an HTTP status, a broken connection, a 200 answer that is not a reply (an
 * HTML page from a proxy, a cut stream, an error event inside a stream: `body`), or the decision
 * deadline's abort.
 */
export type FailureKind = 'http' | 'connection' | 'body' | 'abort';

export class ProviderCallError extends Error {
  constructor(
    readonly kind: FailureKind,
    message: string,
    readonly status?: number,
    /** The server's `retry-after-ms` / `retry-after`, in milliseconds, when it sent one. */
    readonly retryAfterMs?: number,
  ) {
    super(redactSecrets(message));
    this.name = 'ProviderCallError';
  }

  /** 408, 429, 5xx, broken connections and unreadable answers may succeed on a retry; anything else will not. */
  get retryable(): boolean {
    if (this.kind === 'connection' || this.kind === 'body') return true;
    if (this.kind !== 'http' || this.status === undefined) return false;
    return this.status === 408 || this.status === 429 || this.status >= 500;
  }

  /** `http-429`, `connection`, `timeout`: the outcome word of a call record. */
  get outcome(): string {
    return this.kind === 'http' ? `http-${this.status}` : this.kind === 'abort' ? 'timeout' : this.kind === 'body' ? 'bad-body' : 'connection';
  }

  /**
   * A rejected key or account: 401, 403, or a 400 whose message says the key is invalid (Gemini
   * answers a bad key with 400 `API_KEY_INVALID`). No move can succeed; the run stops.
   */
  get isAuth(): boolean {
    if (this.kind !== 'http') return false;
    if (this.status === 401 || this.status === 403) return true;
    return (
      this.status === 400 && /API_KEY_INVALID|API key not valid|invalid[ _-]?api[ _-]?key|invalid x-api-key|authentication|unauthenticated/i.test(this.message)
    );
  }

  /**
   * A request the provider will refuse on every attempt: any other 4xx but 408 and 429 (a wrong
   * model id, a malformed request, a prompt longer than the context window). The run stops.
   */
  get isPermanent(): boolean {
    return this.kind === 'http' && this.status !== undefined && this.status >= 400 && this.status < 500 && this.status !== 408 && this.status !== 429;
  }
}

/** Milliseconds from `retry-after-ms` or `retry-after` (seconds or an HTTP date); undefined when absent or unreadable. */
export function retryAfterFrom(headers: { get(name: string): string | null } | undefined | null): number | undefined {
  if (!headers) return undefined;
  const ms = headers.get('retry-after-ms');
  if (ms !== null && ms.trim() !== '' && Number.isFinite(Number(ms))) return Math.max(0, Number(ms));
  const ra = headers.get('retry-after');
  if (ra === null || ra.trim() === '') return undefined;
  if (Number.isFinite(Number(ra))) return Math.max(0, Number(ra) * 1000);
  const date = Date.parse(ra);
  return Number.isFinite(date) ? Math.max(0, date - Date.now()) : undefined;
}

/**
 * Milliseconds from the retry hint in a Gemini error body (`google.rpc.RetryInfo`'s `retryDelay:
 * "41s"`, which Google sends with a 429 instead of a `retry-after` header); undefined when absent.
 */
export function retryDelayFromBody(message: string): number | undefined {
  const m = /"retryDelay"\s*:\s*"(\d+(?:\.\d+)?)s"/.exec(message);
  return m ? Number(m[1]) * 1000 : undefined;
}

/** The failure of a 200 answer whose body is not a reply (`what` names what was expected). */
export function notAReply(what: string, got: unknown): ProviderCallError {
  const shown =
    typeof got === 'string' ? `text starting ${JSON.stringify(got.slice(0, 60))}` : got === null || got === undefined ? 'an empty body' : 'JSON without it';
  return new ProviderCallError('body', `the provider answered 200 without ${what} (${shown}); a proxy or gateway page, not the model`);
}

/** The failure of a stream that ended before its final event (`what`: the event expected). */
export function cutStream(what: string): ProviderCallError {
  return new ProviderCallError('body', `the stream ended before ${what}: a cut stream`);
}

/**
 * Map an OpenAI or Anthropic SDK error (both share the Stainless error classes' shape: `status`,
 * `headers`, class names `APIConnectionError`, `APIUserAbortError`) to a {@link ProviderCallError}.
 */
export function fromStainlessError(e: unknown, signal: AbortSignal): ProviderCallError {
  if (e instanceof ProviderCallError) return e;
  const err = e as { name?: string; status?: number; headers?: { get(n: string): string | null }; message?: string; constructor?: { name?: string } };
  const cls = err?.constructor?.name ?? err?.name ?? '';
  const msg = String(err?.message ?? e);
  if (signal.aborted || cls === 'APIUserAbortError' || err?.name === 'AbortError') return new ProviderCallError('abort', 'the decision deadline passed');
  if (typeof err?.status === 'number')
    return new ProviderCallError('http', `HTTP ${err.status}: ${msg}`, err.status, retryAfterFrom(err.headers) ?? retryDelayFromBody(msg));
  // The SDKs wrap every network failure in APIConnectionError; anything else was thrown while reading a 200 answer.
  if (cls.startsWith('APIConnection')) return new ProviderCallError('connection', `connection failed: ${msg}`);
  return new ProviderCallError('body', `the provider's answer could not be read: ${msg}`);
}
