/**
 * The language server's guard on what a client sends, between the input stream and the JSON-RPC
 * connection: frames whose header has no valid `Content-Length` (or a larger one than
 * {@link MAX_FRAME_BYTES}), bodies that are not JSON, and document notifications with parameters of
 * the wrong types are dropped with one log line, so one bad frame never leaves the server deaf to
 * the requests after it. The requests' own parameters are checked by {@link checkPositionParams},
 * which the handlers call (a bad one gets a JSON-RPC InvalidParams error response).
 */
import { Transform, type TransformCallback } from 'node:stream';
import { ErrorCodes, ResponseError } from 'vscode-languageserver/node';

/** Largest message body the server reads: 64 MiB. */
export const MAX_FRAME_BYTES = 64 * 1024 * 1024;

const HEADER_END = Buffer.from('\r\n\r\n');
const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Why a document notification's parameters are unusable, or undefined when they are fine. */
function documentNotificationProblem(method: string, params: unknown): string | undefined {
  if (method !== 'textDocument/didOpen' && method !== 'textDocument/didChange' && method !== 'textDocument/didClose' && method !== 'textDocument/didSave')
    return undefined;
  if (!isObject(params) || !isObject(params.textDocument) || typeof params.textDocument.uri !== 'string') return 'params.textDocument.uri must be a string';
  const td = params.textDocument;
  if (method === 'textDocument/didOpen') {
    if (typeof td.text !== 'string') return 'params.textDocument.text must be a string';
    if (typeof td.version !== 'number' || !Number.isFinite(td.version)) return 'params.textDocument.version must be a number';
    if (typeof td.languageId !== 'string') return 'params.textDocument.languageId must be a string';
  }
  if (method === 'textDocument/didChange') {
    if (typeof td.version !== 'number' || !Number.isFinite(td.version)) return 'params.textDocument.version must be a number';
    if (!Array.isArray(params.contentChanges)) return 'params.contentChanges must be a list';
    for (const c of params.contentChanges) {
      if (!isObject(c) || typeof c.text !== 'string') return 'each content change must have a string text';
      if (c.range !== undefined && !isRange(c.range)) return 'a content change range must be {start, end} positions';
    }
  }
  return undefined;
}

const isPosition = (p: unknown): boolean =>
  isObject(p) && Number.isInteger(p.line) && Number.isInteger(p.character) && (p.line as number) >= 0 && (p.character as number) >= 0;
const isRange = (r: unknown): boolean => isObject(r) && isPosition(r.start) && isPosition(r.end);

/**
 * Check a request's `textDocument` (and `position`, when `withPosition`).
 * @throws ResponseError InvalidParams naming the field
 */
export function checkPositionParams(params: unknown, withPosition: boolean): void {
  if (!isObject(params) || !isObject(params.textDocument) || typeof params.textDocument.uri !== 'string')
    throw new ResponseError(ErrorCodes.InvalidParams, 'params.textDocument.uri must be a string');
  if (withPosition && !isPosition(params.position))
    throw new ResponseError(ErrorCodes.InvalidParams, 'params.position must be {line, character}, whole numbers from 0');
}

/**
 * A stream that passes well-formed LSP frames through and drops the others.
 * @param log called with one line per dropped frame
 */
export function frameGuard(log: (line: string) => void): Transform {
  let buf = Buffer.alloc(0);
  return new Transform({
    transform(chunk: Buffer | string, _enc: BufferEncoding, done: TransformCallback) {
      buf = Buffer.concat([buf, typeof chunk === 'string' ? Buffer.from(chunk) : chunk]);
      for (;;) {
        // After a bad frame the stream may stand inside its body: skip to the next header.
        if (buf.length > 0 && !/^[A-Za-z][A-Za-z0-9-]*(:|$)/.test(buf.subarray(0, 64).toString('latin1'))) {
          const next = /content-length:/i.exec(buf.toString('latin1'));
          if (!next) {
            buf = buf.subarray(Math.max(0, buf.length - 15));
            break;
          }
          buf = buf.subarray(next.index);
        }
        const end = buf.indexOf(HEADER_END);
        if (end === -1) {
          // A header longer than 8 KiB is not a header.
          if (buf.length > 8192) {
            log(`dropped ${buf.length} bytes without a header end`);
            buf = Buffer.alloc(0);
          }
          break;
        }
        const header = buf.subarray(0, end).toString('ascii');
        const m = /(?:^|\r\n)content-length:[ \t]*(\d+)[ \t]*(?:\r\n|$)/i.exec(header);
        const length = m ? Number(m[1]) : NaN;
        if (!Number.isSafeInteger(length) || length > MAX_FRAME_BYTES) {
          log(
            m
              ? `dropped a frame of ${m[1]} bytes (more than ${MAX_FRAME_BYTES})`
              : `dropped a frame whose header has no Content-Length: ${JSON.stringify(header.slice(0, 80))}`,
          );
          buf = buf.subarray(end + HEADER_END.length);
          continue;
        }
        if (buf.length < end + HEADER_END.length + length) break;
        const body = buf.subarray(end + HEADER_END.length, end + HEADER_END.length + length);
        buf = buf.subarray(end + HEADER_END.length + length);
        let message: unknown;
        try {
          message = JSON.parse(body.toString('utf8'));
        } catch {
          log(`dropped a frame whose body is not JSON (${length} bytes)`);
          continue;
        }
        if (!isObject(message) || (message.method !== undefined && typeof message.method !== 'string')) {
          log('dropped a frame that is not a JSON-RPC message');
          continue;
        }
        const problem =
          typeof message.method === 'string' && message.id === undefined ? documentNotificationProblem(message.method, message.params) : undefined;
        if (problem) {
          log(`dropped ${message.method}: ${problem}`);
          continue;
        }
        this.push(Buffer.concat([Buffer.from(`Content-Length: ${body.length}\r\n\r\n`, 'ascii'), body]));
      }
      done();
    },
  });
}
