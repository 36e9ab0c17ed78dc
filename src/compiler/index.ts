/**
 * The compiler pipeline, in stages: source text → AST (parser) → IR and scope (lowering) →
 * semantic checks (the registry in `checks/index.ts`) → schema validation → ruleset hash. Every
 * stage's product is returned, even when a later stage fails (the language server reads the
 * lowered IR of a game a check rejects). Never throws on any input; every problem is a diagnostic.
 */
import { parse } from '../parser/parse.js';
import { positionAt } from '../parser/source.js';
import type { Decl, GameFile } from '../parser/ast.js';
import { applyAllowComments, error, hasErrors, mergeUnknownNames, sortDiagnostics, type Diagnostic } from '../diagnostics/diagnostic.js';
import type { GameIR } from '../ir/schema.js';
import { validateIR } from '../ir/validate.js';
import { rulesetHash } from '../ir/hash.js';
import { lower, type SpanMap } from './lower.js';
import type { Scope } from './scope.js';
import { CHECKS, runChecks, type CheckRecord } from './checks/index.js';

/** The check registry's public surface, for the stages above the compiler (other stages import the compiler through this file). */
export { ADVISORY_CODES, anyCheckReports, CHECKS, irDiagnostics } from './checks/index.js';
export type { CheckRecord } from './checks/index.js';

/** The lowering stage's product: the IR as lowered, before any check, and where each part came from. */
export interface LoweredStage {
  ir: GameIR;
  /** Source span of each IR phase and step (offsets into the text). */
  spans: SpanMap;
}

export interface CompileResult {
  /** The AST, when the text parsed. */
  ast: GameFile | null;
  /** The names the game declares, as lowering resolved them, when the text parsed. */
  scope: Scope | null;
  /**
   * The IR as lowered and its span map, when lowering reported no error, even when a check or the
   * schema then rejects it (`ir` is null then). For tools that read a rejected game (hovers).
   */
  lowered: LoweredStage | null;
  /** The accepted IR: lowered, with no error from any check or the schema (warnings alone do not stop it). */
  ir: GameIR | null;
  /** SHA-256 of the IR's canonical JSON, when there is an accepted IR. */
  rulesetHash: string | null;
  /** Errors and warnings (`severity`), sorted by position; warnings silenced by `// gbgc-allow` are left out. */
  diagnostics: Diagnostic[];
}

/** Options of {@link compileSource}. */
export interface CompileOptions {
  /** The checks to run after lowering (default: the registry, `CHECKS`). */
  checks?: readonly CheckRecord[];
}

/**
 * Compile `.gbg` source text. Never throws: a program too deep for the compiler's own recursion
 * (beyond the limits the parser and the checks report) becomes a lone E0233 diagnostic; a check
 * that throws becomes a diagnostic naming it (E0233 when it ran out of stack, else E0902) beside
 * every other check's diagnostics, and the earlier stages keep their products.
 */
export function compileSource(text: string, options: CompileOptions = {}): CompileResult {
  const r: CompileResult = { ast: null, scope: null, lowered: null, ir: null, rulesetHash: null, diagnostics: [] };
  try {
    runStages(text, options.checks ?? CHECKS, r);
  } catch (e) {
    if (!(e instanceof RangeError)) throw e;
    // Too deep for parsing, lowering or hashing: no stage's product is safe to walk recursively.
    const d = error('E0233', 'this program is nested too deeply to compile', { start: 0, end: 1, line: 1, column: 1 });
    return { ast: null, scope: null, lowered: null, ir: null, rulesetHash: null, diagnostics: [d] };
  }
  // Lines and columns from the text itself: columns count code points (the lexer counts UTF-16 units).
  for (const d of r.diagnostics) {
    d.range = { ...d.range, ...positionAt(text, d.range.start) };
    if (d.related) d.related = d.related.map((x) => ({ ...x, range: { ...x.range, ...positionAt(text, x.range.start) } }));
  }
  return r;
}

/** Run the stages in order, filling `r` as each completes; stop after the first stage with errors. */
function runStages(text: string, checks: readonly CheckRecord[], r: CompileResult): void {
  const parsed = parse(text);
  r.diagnostics = parsed.diagnostics;
  if (!parsed.ast) return;
  r.ast = parsed.ast;
  const lowered = lower(parsed.ast);
  r.scope = lowered.scope;
  if (!lowered.ir) {
    r.diagnostics = sortDiagnostics(continuedOnTheLine(parsed.ast.game.decls, text, mergeUnknownNames(lowered.diagnostics)));
    return;
  }
  const ir = lowered.ir;
  r.lowered = { ir, spans: lowered.spans };
  const fallback = parsed.ast.game.name.span;
  const ctx = { ir, spanOf: (n: object) => lowered.spans.get(n) ?? fallback };
  r.diagnostics = applyAllowComments(text, sortDiagnostics(runChecks(checks, ctx)));
  if (hasErrors(r.diagnostics)) return;
  const schemaErrors = validateIR(ir);
  if (schemaErrors.length > 0) {
    r.diagnostics = schemaErrors.map((e) => error('E0901', `internal error: the IR fails its schema at ${e.path}: ${e.message}`, fallback));
    return;
  }
  r.ir = ir;
  r.rulesetHash = rulesetHash(ir);
}

/**
 * One mistake, one error: a declaration that starts on the line where a wrong one ends is taken
 * as part of that mistake (as the parser does for a word that starts the next item inside a
 * broken one), so its own errors are dropped. `showdown pair-with-board players board` (with
 * `using` replaced) is one error, the missing `using`, not also a second `players`.
 */
function continuedOnTheLine(decls: readonly Decl[], text: string, list: Diagnostic[]): Diagnostic[] {
  const inside = (d: Diagnostic, x: Decl) => d.severity === 'error' && d.range.start >= x.span.start && d.range.start < x.span.end;
  const drop = new Set<Diagnostic>();
  for (let i = 1; i < decls.length; i++) {
    const [prev, next] = [decls[i - 1]!, decls[i]!];
    if (positionAt(text, Math.max(prev.span.start, prev.span.end - 1)).line !== next.span.line) continue;
    if (!list.some((d) => inside(d, prev) && !drop.has(d))) continue;
    for (const d of list) if (inside(d, next)) drop.add(d);
  }
  return drop.size === 0 ? list : list.filter((d) => !drop.has(d));
}
