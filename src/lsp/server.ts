/**
 * The `.gbg` language server (LSP over a stream, normally stdio; `gbgc lsp`): diagnostics as you
 * type with codes and the `explain` text on hover, formatting through the Prettier plugin, hovers
 * with the rulebook's sentence for a step, go to definition and find references for phases,
 * sub-phases and other names, completion of keywords and names, and an outline of the phases.
 *
 * Every request is answered from {@link analyze} of the document's current text.
 */
import {
  CompletionItemKind,
  DiagnosticSeverity,
  SymbolKind,
  TextDocuments,
  TextDocumentSyncKind,
  createConnection,
  type Connection,
  type Diagnostic as LspDiagnostic,
  type DocumentSymbol,
  type Location,
} from 'vscode-languageserver/node';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { analyze, completions, definitionAt, hoverAt, referencesAt, type Analysis, type NameKind } from './analysis.js';
import { checkPositionParams, frameGuard } from './guard.js';

const COMPLETION_KIND: Record<NameKind | 'keyword', CompletionItemKind> = {
  keyword: CompletionItemKind.Keyword,
  seat: CompletionItemKind.Constant,
  phase: CompletionItemKind.Module,
  subphase: CompletionItemKind.Function,
  variable: CompletionItemKind.Variable,
  counter: CompletionItemKind.Variable,
  position: CompletionItemKind.EnumMember,
  pile: CompletionItemKind.Field,
};

/**
 * Start a language server on the given streams (stdin/stdout by default) and return its connection.
 * The process should exit when the client sends `exit`.
 */
export function startLanguageServer(
  input: NodeJS.ReadableStream = process.stdin,
  output: NodeJS.WritableStream = process.stdout,
  log: (line: string) => void = (l) => void process.stderr.write(`gbgc lsp: ${l}\n`),
): Connection {
  // Malformed frames and document notifications with bad parameters are dropped with a log line
  // before the connection sees them (see guard.ts).
  const connection = createConnection(input.pipe(frameGuard(log)), output);
  const documents = new TextDocuments(TextDocument);
  const cache = new Map<string, { version: number; analysis: Analysis }>();

  const analysisOf = (doc: TextDocument): Analysis => {
    const hit = cache.get(doc.uri);
    if (hit && hit.version === doc.version) return hit.analysis;
    const analysis = analyze(doc.getText());
    cache.set(doc.uri, { version: doc.version, analysis });
    return analysis;
  };
  const range = (doc: TextDocument, start: number, end: number) => ({ start: doc.positionAt(start), end: doc.positionAt(Math.max(start, end)) });

  connection.onInitialize(() => ({
    capabilities: {
      textDocumentSync: TextDocumentSyncKind.Incremental,
      hoverProvider: true,
      definitionProvider: true,
      referencesProvider: true,
      documentSymbolProvider: true,
      documentFormattingProvider: true,
      completionProvider: { triggerCharacters: [' '] },
    },
    serverInfo: { name: 'gbgc' },
  }));

  const publish = (doc: TextDocument) => {
    const a = analysisOf(doc);
    const diagnostics: LspDiagnostic[] = a.diagnostics.map((d) => ({
      range: range(doc, d.range.start, Math.max(d.range.end, d.range.start + 1)),
      severity: d.severity === 'error' ? DiagnosticSeverity.Error : DiagnosticSeverity.Warning,
      code: d.code,
      source: 'gbgc',
      message: [d.message, ...(d.help ? [`help: ${d.help}`] : []), ...(d.related ?? []).map((r) => `note: line ${r.range.line}: ${r.message}`)].join('\n'),
    }));
    void connection.sendDiagnostics({ uri: doc.uri, version: doc.version, diagnostics });
  };
  documents.onDidChangeContent((e) => publish(e.document));
  documents.onDidClose((e) => {
    cache.delete(e.document.uri);
    void connection.sendDiagnostics({ uri: e.document.uri, diagnostics: [] });
  });

  connection.onHover((p) => {
    checkPositionParams(p, true);
    const doc = documents.get(p.textDocument.uri);
    if (!doc) return null;
    const h = hoverAt(analysisOf(doc), doc.offsetAt(p.position));
    return h ? { contents: { kind: 'markdown', value: h.markdown }, range: range(doc, h.start, h.end) } : null;
  });

  connection.onDefinition((p): Location | null => {
    checkPositionParams(p, true);
    const doc = documents.get(p.textDocument.uri);
    if (!doc) return null;
    const d = definitionAt(analysisOf(doc), doc.offsetAt(p.position));
    return d ? { uri: doc.uri, range: range(doc, d.start, d.end) } : null;
  });

  connection.onReferences((p): Location[] => {
    checkPositionParams(p, true);
    const doc = documents.get(p.textDocument.uri);
    if (!doc) return [];
    return referencesAt(analysisOf(doc), doc.offsetAt(p.position), p.context.includeDeclaration).map((o) => ({
      uri: doc.uri,
      range: range(doc, o.start, o.end),
    }));
  });

  connection.onDocumentSymbol((p): DocumentSymbol[] => {
    checkPositionParams(p, false);
    const doc = documents.get(p.textDocument.uri);
    if (!doc) return [];
    return analysisOf(doc).outline.map((o) => ({
      name: o.name,
      detail: o.kind === 'subphase' ? 'sub-phase' : o.kind,
      kind: o.kind === 'phase' ? SymbolKind.Module : o.kind === 'subphase' ? SymbolKind.Function : SymbolKind.Event,
      range: range(doc, o.start, o.end),
      selectionRange: range(doc, o.nameStart, o.nameEnd),
    }));
  });

  connection.onCompletion((p) => {
    checkPositionParams(p, false);
    const doc = documents.get(p.textDocument.uri);
    if (!doc) return [];
    return completions(analysisOf(doc)).map((c) => ({ label: c.label, kind: COMPLETION_KIND[c.kind], detail: c.kind === 'keyword' ? undefined : c.kind }));
  });

  connection.onDocumentFormatting(async (p) => {
    checkPositionParams(p, false);
    const doc = documents.get(p.textDocument.uri);
    if (!doc) return [];
    const text = doc.getText();
    // A document that does not parse is left as it is (the diagnostics say why).
    if (!analysisOf(doc).ast) return [];
    const { formatSource } = await import('../format/index.js');
    let formatted: string;
    try {
      formatted = await formatSource(text);
    } catch {
      return [];
    }
    return formatted === text ? [] : [{ range: range(doc, 0, text.length), newText: formatted }];
  });

  documents.listen(connection);
  connection.listen();
  return connection;
}
