/**
 * The language server survives what a broken or hostile client sends: a header without
 * Content-Length, a body that is not JSON, a didOpen whose text is not a string and requests with
 * bad parameters. Each bad frame is dropped with one log line (no stack trace) or answered with a
 * JSON-RPC InvalidParams error, and the requests after it are answered as usual.
 */
import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { StreamMessageReader, type Message } from 'vscode-jsonrpc/node';
import { startLanguageServer } from '../../src/lsp/server.js';
import { frameGuard } from '../../src/lsp/guard.js';

const frame = (body: string): string => `Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`;
const req = (id: number, method: string, params: unknown): string => frame(JSON.stringify({ jsonrpc: '2.0', id, method, params }));
const note = (method: string, params: unknown): string => frame(JSON.stringify({ jsonrpc: '2.0', method, params }));

describe('language server robustness', () => {
  it('drops malformed frames and bad notifications with a log line, answers bad requests with InvalidParams, and keeps answering', async () => {
    const input = new PassThrough();
    const output = new PassThrough();
    const logs: string[] = [];
    startLanguageServer(input, output, (l) => logs.push(l));
    const replies = new Map<number, Message & { result?: unknown; error?: { code: number; message: string } }>();
    const reader = new StreamMessageReader(output);
    reader.listen((m) => {
      const id = (m as { id?: number }).id;
      if (typeof id === 'number') replies.set(id, m);
    });
    const reply = async (id: number) => {
      for (let i = 0; i < 200 && !replies.has(id); i++) await new Promise((r) => setTimeout(r, 10));
      return replies.get(id);
    };
    const uri = 'file:///k.gbg';
    input.write('Content-Type: application/json\r\n\r\n{"jsonrpc":"2.0","id":99,"method":"initialize","params":{}}');
    input.write(frame('{not json'));
    input.write(req(1, 'initialize', { processId: null, rootUri: null, capabilities: {} }));
    expect((await reply(1))?.result).toMatchObject({ serverInfo: { name: 'gbgc' } });
    expect(replies.has(99)).toBe(false);
    input.write(note('initialized', {}));
    input.write(note('textDocument/didOpen', { textDocument: { uri, languageId: 'gbg', version: 1, text: 42 } }));
    input.write(note('textDocument/didChange', { textDocument: { uri, version: 2 }, contentChanges: [{ text: null }] }));
    input.write(req(2, 'textDocument/hover', { textDocument: { uri } }));
    input.write(req(3, 'textDocument/hover', { position: { line: 0, character: 0 } }));
    const bad = await reply(2);
    expect(bad?.error?.code).toBe(-32602);
    expect(bad?.error?.message).toMatch(/params\.position must be/);
    expect((await reply(3))?.error?.code).toBe(-32602);
    // A good document afterwards is opened and answered.
    input.write(note('textDocument/didOpen', { textDocument: { uri, languageId: 'gbg', version: 1, text: 'game "G" {\n  players A, B\n}\n' } }));
    input.write(req(4, 'textDocument/documentSymbol', { textDocument: { uri } }));
    expect((await reply(4))?.result).toEqual([]);
    expect(logs).toEqual([
      'dropped a frame whose header has no Content-Length: "Content-Type: application/json"',
      'dropped a frame whose body is not JSON (9 bytes)',
      'dropped textDocument/didOpen: params.textDocument.text must be a string',
      'dropped textDocument/didChange: each content change must have a string text',
    ]);
  });

  it('the frame guard passes frames split at any byte and refuses a body over 64 MiB by its header', async () => {
    const logs: string[] = [];
    const g = frameGuard((l) => logs.push(l));
    const out: Buffer[] = [];
    g.on('data', (d: Buffer) => out.push(d));
    const text = req(1, 'x', { a: 'é' }) + frame('{"jsonrpc":"2.0","method":"y"}');
    for (const ch of Buffer.from(text)) g.write(Buffer.from([ch]));
    g.write('Content-Length: 999999999999\r\n\r\n');
    await new Promise((r) => setImmediate(r));
    expect(Buffer.concat(out).toString()).toBe(text);
    expect(logs).toEqual(['dropped a frame of 999999999999 bytes (more than 67108864)']);
  });
});
