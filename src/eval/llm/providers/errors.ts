/**
 * One error type for every provider failure, so the decision loop can decide on retries without
 * knowing the SDKs. Messages pass through `redactSecrets`.
 */
import { redactSecrets } from '../redact.js';

/** How a call failed: an HTTP status, a broken connection, or the decision deadline's abort. */
export type FailureKind = 'http' | 'connection' | 'abort';

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

  /** 408, 429, 5xx and broken connections may succeed on a retry; anything else will not. */
  get retryable(): boolean {
    if (this.kind === 'connection') return true;
    if (this.kind !== 'http' || this.status === undefined) return false;
    return this.status === 408 || this.status === 429 || this.status >= 500;
  }

  /** `http-429`, `connection`, `timeout`: the outcome word of a call record. */
  get outcome(): string {
    return this.kind === 'http' ? `http-${this.status}` : this.kind === 'abort' ? 'timeout' : 'connection';
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
 * Map an OpenAI or Anthropic SDK error (both share the Stainless error classes' shape: `status`,
 * `headers`, class names `APIConnectionError`, `APIUserAbortError`) to a {@link ProviderCallError}.
 */
export function fromStainlessError(e: unknown, signal: AbortSignal): ProviderCallError {
  if (e instanceof ProviderCallError) return e;
  const err = e as { name?: string; status?: number; headers?: { get(n: string): string | null }; message?: string; constructor?: { name?: string } };
  const cls = err?.constructor?.name ?? err?.name ?? '';
  const msg = String(err?.message ?? e);
  if (signal.aborted || cls === 'APIUserAbortError' || err?.name === 'AbortError') return new ProviderCallError('abort', 'the decision deadline passed');
  if (typeof err?.status === 'number') return new ProviderCallError('http', `HTTP ${err.status}: ${msg}`, err.status, retryAfterFrom(err.headers));
  return new ProviderCallError('connection', `connection failed: ${msg}`);
}
