/**
 * What the language server knows about one `.gbg` document, as pure functions of its text:
 * diagnostics, the outline, names and where they are declared and used, hovers and completions.
 * One `compileSource` per version: its diagnostics, and its lowered IR (kept when a check rejects
 * the game) for the hovers' step sentences.
 * Positions are 0-based offsets into the text (UTF-16 units, as LSP counts them by default); the
 * server converts them to LSP positions.
 */
import { compileSource } from '../compiler/index.js';
import { lookupCode } from '../diagnostics/catalogue.js';
import type { Diagnostic } from '../diagnostics/diagnostic.js';
import type { GameIR, Step } from '../ir/schema.js';
import { allSteps } from '../ir/facts.js';
import type { GameFile, Span } from '../parser/ast.js';
import { ALL_TOKENS } from '../parser/tokens.js';
import { renderStepSentence } from '../render/step.js';

/** What a declared name is. */
export type NameKind = 'seat' | 'phase' | 'subphase' | 'variable' | 'position' | 'pile' | 'counter';

/** A name as written: where, and whether this occurrence declares it. */
export interface NameOccurrence {
  name: string;
  start: number;
  end: number;
  /** The kind of the declaration this occurrence names (`undefined` when the name is declared nowhere). */
  kind?: NameKind;
  declaration: boolean;
}

/** One outline entry: a phase or sub-phase, its whole block and its name. */
export interface OutlineEntry {
  name: string;
  kind: 'phase' | 'subphase' | 'showdown';
  start: number;
  end: number;
  nameStart: number;
  nameEnd: number;
}

/** The analysis of one version of a document. */
export interface Analysis {
  text: string;
  /** Every diagnostic of `gbgc check`, in source order. */
  diagnostics: Diagnostic[];
  ast: GameFile | null;
  /** The lowered IR (even when later checks fail), for hovers. */
  ir: GameIR | null;
  /** Source span of each IR step. */
  stepSpans: { step: Step; start: number; end: number }[];
  names: NameOccurrence[];
  outline: OutlineEntry[];
}

const DECLARING: Record<string, NameKind> = { Phase: 'phase', Subphase: 'subphase', Var: 'variable', Position: 'position', Pile: 'pile' };

/** Analyse a document's text. Never throws on any input. */
export function analyze(text: string): Analysis {
  const compiled = compileSource(text);
  const out: Analysis = { text, diagnostics: compiled.diagnostics, ast: compiled.ast, ir: null, stepSpans: [], names: [], outline: [] };
  if (!compiled.ast) return out;
  collectNames(compiled.ast, out);
  // The compiler's own lowering (kept even when a check rejects the game): the document is lowered once.
  const lowered = compiled.lowered;
  if (lowered) {
    out.ir = lowered.ir;
    for (const step of allSteps(lowered.ir)) {
      const span = lowered.spans.get(step);
      if (span) out.stepSpans.push({ step, start: span.start, end: span.end });
    }
  }
  return out;
}

/** Walk the AST generically: every `Ident` is a name occurrence; declarations are classified by their node. */
function collectNames(ast: GameFile, out: Analysis): void {
  const declared = new Map<string, NameKind>();
  const idents: { name: string; span: Span; declares?: NameKind }[] = [];
  const walk = (node: unknown, parentKind: string | undefined, key: string | undefined) => {
    if (Array.isArray(node)) {
      for (const n of node) walk(n, parentKind, key);
      return;
    }
    if (node === null || typeof node !== 'object') return;
    const n = node as { kind?: string; name?: unknown; span?: Span };
    if (n.kind === 'Ident' && typeof n.name === 'string' && n.span) {
      let declares: NameKind | undefined;
      if (key === 'name' && parentKind && DECLARING[parentKind]) declares = DECLARING[parentKind];
      if (parentKind === 'Players') declares = 'seat';
      if (parentKind === 'RepeatStep' && key === 'counter') declares = 'counter';
      idents.push({ name: n.name, span: n.span, declares });
      if (declares && !declared.has(n.name)) declared.set(n.name, declares);
      return;
    }
    for (const [k, v] of Object.entries(n)) if (k !== 'span') walk(v, n.kind, k);
  };
  walk(ast.game.decls, 'Game', 'decls');
  for (const id of idents) {
    out.names.push({
      name: id.name,
      start: id.span.start,
      end: id.span.end,
      kind: id.declares ?? declared.get(id.name),
      declaration: id.declares !== undefined,
    });
  }
  for (const d of ast.game.decls) {
    if (d.kind === 'Phase' || d.kind === 'Subphase') {
      out.outline.push({
        name: d.name.name,
        kind: d.kind === 'Phase' ? 'phase' : 'subphase',
        start: d.span.start,
        end: d.span.end,
        nameStart: d.name.span.start,
        nameEnd: d.name.span.end,
      });
    } else if (d.kind === 'Showdown') {
      out.outline.push({
        name: 'showdown',
        kind: 'showdown',
        start: d.span.start,
        end: d.span.end,
        nameStart: d.span.start,
        nameEnd: d.span.start + 'showdown'.length,
      });
    }
  }
}

/** The name occurrence at `offset` (the cursor may sit just after the name's last character). */
export function nameAt(a: Analysis, offset: number): NameOccurrence | undefined {
  return a.names.find((n) => offset >= n.start && offset <= n.end);
}

/** Where the name at `offset` is declared. */
export function definitionAt(a: Analysis, offset: number): NameOccurrence | undefined {
  const n = nameAt(a, offset);
  if (!n || !n.kind) return undefined;
  return a.names.find((o) => o.declaration && o.name === n.name);
}

/** Every occurrence of the name at `offset` (its declaration first when `includeDeclaration`). */
export function referencesAt(a: Analysis, offset: number, includeDeclaration = true): NameOccurrence[] {
  const n = nameAt(a, offset);
  if (!n || !n.kind) return [];
  const all = a.names.filter((o) => o.name === n.name && o.kind === n.kind);
  return includeDeclaration ? [...all.filter((o) => o.declaration), ...all.filter((o) => !o.declaration)] : all.filter((o) => !o.declaration);
}

const KIND_WORDS: Record<NameKind, string> = {
  seat: 'seat',
  phase: 'phase',
  subphase: 'sub-phase',
  variable: 'variable',
  position: 'position',
  pile: 'pile',
  counter: 'loop counter (a variable)',
};

/**
 * The hover at `offset`, as Markdown: a diagnostic there (its code, message and the catalogue's
 * explanation, as `gbgc explain` prints it); else the rulebook's sentence for the innermost step
 * there; else what a declared name is.
 */
export function hoverAt(a: Analysis, offset: number): { markdown: string; start: number; end: number } | undefined {
  const d = a.diagnostics.find((x) => offset >= x.range.start && offset <= Math.max(x.range.end, x.range.start + 1));
  if (d) {
    const entry = lookupCode(d.code)?.entry;
    const lines = [`**${d.severity} ${d.code}**: ${d.message}`];
    if (entry) lines.push('', `*${entry.title}*`, '', entry.explanation);
    return { markdown: lines.join('\n'), start: d.range.start, end: d.range.end };
  }
  const name = nameAt(a, offset);
  if (name?.kind && (name.kind !== 'subphase' || name.declaration) && name.kind !== 'counter') {
    // Names are described when the cursor is on the name itself, except `call X` (the call step's sentence says more).
    const onCall = a.stepSpans.some((s) => s.step.kind === 'call' && name.start >= s.start && name.end <= s.end);
    if (!onCall) {
      const uses = a.names.filter((o) => o.name === name.name && o.kind === name.kind && !o.declaration).length;
      return { markdown: `**${KIND_WORDS[name.kind]}** \`${name.name}\` — used ${uses} time${uses === 1 ? '' : 's'}`, start: name.start, end: name.end };
    }
  }
  if (a.ir) {
    let best: Analysis['stepSpans'][number] | undefined;
    for (const s of a.stepSpans) {
      if (offset >= s.start && offset <= s.end && (!best || s.end - s.start < best.end - best.start)) best = s;
    }
    if (best) {
      try {
        return { markdown: renderStepSentence(a.ir, best.step), start: best.start, end: best.end };
      } catch {
        return undefined;
      }
    }
  }
  return undefined;
}

/** The language's keywords (from the lexer's token labels), sorted. */
export const KEYWORDS: readonly string[] = [
  ...new Set(
    ALL_TOKENS.map((t) => (typeof t.LABEL === 'string' && /^'[a-z][a-z-]*'$/.test(t.LABEL) ? t.LABEL.slice(1, -1) : null)).filter(
      (w): w is string => w !== null,
    ),
  ),
].sort();

/** Completion candidates: declared names (with their kind) and keywords. */
export function completions(a: Analysis): { label: string; kind: NameKind | 'keyword' }[] {
  const out: { label: string; kind: NameKind | 'keyword' }[] = [];
  const seen = new Set<string>();
  for (const n of a.names) {
    if (n.declaration && n.kind && !seen.has(n.name)) {
      seen.add(n.name);
      out.push({ label: n.name, kind: n.kind });
    }
  }
  for (const k of KEYWORDS) if (!seen.has(k)) out.push({ label: k, kind: 'keyword' });
  return out;
}
