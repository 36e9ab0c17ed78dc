/**
 * The language server driven over stdio with real LSP messages (initialize, didOpen, didChange,
 * hover, definition, references, documentSymbol, completion, formatting), answers checked against
 * the compiler's and the renderer's own output.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMessageConnection, StreamMessageReader, StreamMessageWriter, type MessageConnection } from 'vscode-jsonrpc/node';
import { compileSource } from '../../src/compiler/index.js';
import { CATALOGUE } from '../../src/diagnostics/catalogue.js';
import { formatSource } from '../../src/format/index.js';
import { renderStepSentence } from '../../src/render/step.js';

interface Pos {
  line: number;
  character: number;
}
interface Range {
  start: Pos;
  end: Pos;
}
interface PublishedDiagnostics {
  uri: string;
  version?: number;
  diagnostics: { range: Range; severity: number; code: string; message: string; source: string }[];
}

let child: ChildProcess;
let conn: MessageConnection;
const published: PublishedDiagnostics[] = [];
let waiters: ((p: PublishedDiagnostics) => void)[] = [];

/** The next diagnostics published for `uri` (optionally for a given version). */
function nextDiagnostics(uri: string, version?: number): Promise<PublishedDiagnostics> {
  const have = published.find((p) => p.uri === uri && (version === undefined || p.version === version));
  if (have) return Promise.resolve(have);
  return new Promise((resolve) => {
    const w = (p: PublishedDiagnostics) => {
      if (p.uri === uri && (version === undefined || p.version === version)) {
        waiters = waiters.filter((x) => x !== w);
        resolve(p);
      }
    };
    waiters.push(w);
  });
}

/** LSP position (UTF-16) of the first occurrence of `needle` in `text`, plus `delta` characters. */
function posOf(text: string, needle: string, delta = 0, nth = 0): Pos {
  let at = -1;
  for (let i = 0; i <= nth; i++) at = text.indexOf(needle, at + 1);
  if (at < 0) throw new Error(`'${needle}' not in text`);
  const offset = at + delta;
  const before = text.slice(0, offset);
  const line = before.split('\n').length - 1;
  return { line, character: offset - (before.lastIndexOf('\n') + 1) };
}

const GAME = readFileSync('examples/genstrat-4643.gbg', 'utf8');
const GAME_URI = 'file:///work/genstrat-4643.gbg';
const LEDUC = readFileSync('examples/leduc.gbg', 'utf8');
const LEDUC_URI = 'file:///work/leduc.gbg';

beforeAll(async () => {
  child = spawn(process.execPath, ['--import', 'tsx', 'test/lsp/server-entry.ts'], { stdio: ['pipe', 'pipe', 'inherit'] });
  conn = createMessageConnection(new StreamMessageReader(child.stdout!), new StreamMessageWriter(child.stdin!));
  conn.onNotification('textDocument/publishDiagnostics', (p: PublishedDiagnostics) => {
    published.push(p);
    for (const w of [...waiters]) w(p);
  });
  conn.listen();
  const init = (await conn.sendRequest('initialize', { processId: process.pid, rootUri: null, capabilities: {} })) as {
    capabilities: Record<string, unknown>;
    serverInfo: { name: string };
  };
  expect(init.serverInfo.name).toBe('gbgc');
  expect(init.capabilities).toMatchObject({
    hoverProvider: true,
    definitionProvider: true,
    referencesProvider: true,
    documentFormattingProvider: true,
    documentSymbolProvider: true,
  });
  await conn.sendNotification('initialized', {});
  for (const [uri, text] of [
    [GAME_URI, GAME],
    [LEDUC_URI, LEDUC],
  ]) {
    await conn.sendNotification('textDocument/didOpen', { textDocument: { uri, languageId: 'gbg', version: 1, text } });
  }
});

afterAll(async () => {
  if (conn) {
    await conn.sendRequest('shutdown');
    await conn.sendNotification('exit');
    conn.dispose();
  }
  await new Promise<void>((resolve) => (child.exitCode !== null ? resolve() : child.once('exit', () => resolve())));
  expect(child.exitCode).toBe(0);
});

describe('diagnostics as you type', () => {
  it('publishes none for a valid game', async () => {
    expect((await nextDiagnostics(GAME_URI, 1)).diagnostics).toEqual([]);
  });

  it('publishes the compiler’s own diagnostics with codes and ranges after a change, and clears them when fixed', async () => {
    const broken = LEDUC.replace('ante 1 each', 'ante 1 eech');
    await conn.sendNotification('textDocument/didChange', { textDocument: { uri: LEDUC_URI, version: 2 }, contentChanges: [{ text: broken }] });
    const got = await nextDiagnostics(LEDUC_URI, 2);
    const expected = compileSource(broken).diagnostics;
    expect(expected.length).toBeGreaterThan(0);
    expect(got.diagnostics.map((d) => d.code)).toEqual(expected.map((d) => d.code));
    expect(got.diagnostics[0].source).toBe('gbgc');
    expect(got.diagnostics[0].message).toContain(expected[0].message);
    expect(got.diagnostics[0].range.start).toEqual(posOf(broken, 'eech'));

    // Hover on the mistake: the code, the message and the catalogue's explanation.
    const hover = (await conn.sendRequest('textDocument/hover', { textDocument: { uri: LEDUC_URI }, position: posOf(broken, 'eech', 1) })) as {
      contents: { value: string };
    };
    expect(hover.contents.value).toContain(expected[0].code);
    expect(hover.contents.value).toContain(CATALOGUE[expected[0].code].explanation);

    // An incremental edit that fixes it.
    const at = posOf(broken, 'eech');
    await conn.sendNotification('textDocument/didChange', {
      textDocument: { uri: LEDUC_URI, version: 3 },
      contentChanges: [{ range: { start: at, end: { line: at.line, character: at.character + 4 } }, text: 'each' }],
    });
    expect((await nextDiagnostics(LEDUC_URI, 3)).diagnostics).toEqual([]);
  });
});

describe('navigation', () => {
  it('goes from a call to the sub-phase it names, and finds every call', async () => {
    const ir = compileSource(GAME).ir!;
    const sub = ir.subphases[0].name;
    const callPos = posOf(GAME, `call ${sub}`, 'call '.length + 1);
    const def = (await conn.sendRequest('textDocument/definition', { textDocument: { uri: GAME_URI }, position: callPos })) as { uri: string; range: Range };
    expect(def.uri).toBe(GAME_URI);
    expect(def.range.start).toEqual(posOf(GAME, `subphase ${sub}`, 'subphase '.length));

    const refs = (await conn.sendRequest('textDocument/references', {
      textDocument: { uri: GAME_URI },
      position: callPos,
      context: { includeDeclaration: true },
    })) as { range: Range }[];
    const calls = GAME.split(new RegExp(`\\bcall ${sub}\\b`)).length - 1;
    expect(calls).toBeGreaterThan(0);
    expect(refs).toHaveLength(calls + 1);
    expect(refs[0].range.start).toEqual(def.range.start);
  });

  it('outlines the phases and sub-phases in order', async () => {
    const symbols = (await conn.sendRequest('textDocument/documentSymbol', { textDocument: { uri: GAME_URI } })) as { name: string; detail: string }[];
    const ir = compileSource(GAME).ir!;
    const phases = symbols.filter((s) => s.detail === 'phase').map((s) => s.name);
    const subs = symbols.filter((s) => s.detail === 'sub-phase').map((s) => s.name);
    expect(phases).toEqual(ir.phases.map((p) => p.name));
    expect(subs.sort()).toEqual(ir.subphases.map((p) => p.name).sort());
    expect(symbols.at(-1)?.name).toBe('showdown');
  });
});

describe('hover', () => {
  it('shows the rulebook’s sentence for the step under the cursor', async () => {
    const hover = (await conn.sendRequest('textDocument/hover', { textDocument: { uri: LEDUC_URI }, position: posOf(LEDUC, 'deal 1 to each', 2) })) as {
      contents: { kind: string; value: string };
    };
    const ir = compileSource(LEDUC).ir!;
    const deal = ir.phases[0].steps[1];
    expect(deal.kind).toBe('deal');
    expect(hover.contents.kind).toBe('markdown');
    expect(hover.contents.value).toBe(renderStepSentence(ir, deal));
    expect(hover.contents.value).toContain('Deal 1 card face down from the deck to each seat');
  });
});

describe('completion and formatting', () => {
  it('completes keywords and the names the game declares', async () => {
    const items = (await conn.sendRequest('textDocument/completion', { textDocument: { uri: GAME_URI }, position: { line: 0, character: 0 } })) as {
      label: string;
      detail?: string;
    }[];
    const labels = items.map((i) => i.label);
    for (const kw of ['deal', 'betting', 'showdown', 'phase', 'subphase']) expect(labels).toContain(kw);
    const ir = compileSource(GAME).ir!;
    for (const s of ir.subphases) expect(items.find((i) => i.label === s.name)?.detail).toBe('subphase');
    expect(items.find((i) => i.label === 'Alice')?.detail).toBe('seat');
  });

  it('formats a document as `gbgc fmt` does', async () => {
    const messy = LEDUC.replace('  stack 100 each', 'stack    100 each').replace('    bet 2', '        bet 2');
    await conn.sendNotification('textDocument/didChange', { textDocument: { uri: LEDUC_URI, version: 4 }, contentChanges: [{ text: messy }] });
    const edits = (await conn.sendRequest('textDocument/formatting', { textDocument: { uri: LEDUC_URI }, options: { tabSize: 2, insertSpaces: true } })) as {
      newText: string;
    }[];
    expect(edits).toHaveLength(1);
    expect(edits[0].newText).toBe(await formatSource(messy));
    expect(edits[0].newText).toBe(LEDUC);
  });
});
