/**
 * The compiler pipeline: source text → AST (parser) → IR (lowering) → semantic checks →
 * schema validation → ruleset hash. Never throws on any input; every problem is a diagnostic.
 */
import { parse } from '../parser/parse.js';
import { positionAt } from '../parser/source.js';
import type { Decl, GameFile } from '../parser/ast.js';
import { applyAllowComments, error, hasErrors, mergeUnknownNames, sortDiagnostics, type Diagnostic } from '../diagnostics/diagnostic.js';
import type { GameIR } from '../ir/schema.js';
import { validateIR } from '../ir/validate.js';
import { rulesetHash } from '../ir/hash.js';
import { lower } from './lower.js';
import { CHECKS } from './checks/index.js';

export interface CompileResult {
  /** The AST, when the text parsed. */
  ast: GameFile | null;
  /** The IR, when there were no errors (warnings alone do not stop it). */
  ir: GameIR | null;
  /** SHA-256 of the IR's canonical JSON, when there is an IR. */
  rulesetHash: string | null;
  /** Errors and warnings (`severity`), sorted by position; warnings silenced by `// gbgc-allow` are left out. */
  diagnostics: Diagnostic[];
}

/**
 * Compile `.gbg` source text. Never throws: a program too deep for the compiler's own recursion
 * (beyond the limits the checks report) becomes an E0233 diagnostic.
 */
export function compileSource(text: string): CompileResult {
  try {
    const r = compileUnchecked(text);
    // Lines and columns from the text itself: columns count code points (the lexer counts UTF-16 units).
    for (const d of r.diagnostics) {
      d.range = { ...d.range, ...positionAt(text, d.range.start) };
      if (d.related) d.related = d.related.map((x) => ({ ...x, range: { ...x.range, ...positionAt(text, x.range.start) } }));
    }
    return r;
  } catch (e) {
    if (!(e instanceof RangeError)) throw e;
    const d = error('E0233', 'this program is nested too deeply to compile', { start: 0, end: 1, line: 1, column: 1 });
    return { ast: null, ir: null, rulesetHash: null, diagnostics: [d] };
  }
}

function compileUnchecked(text: string): CompileResult {
  const parsed = parse(text);
  if (!parsed.ast) return { ast: null, ir: null, rulesetHash: null, diagnostics: parsed.diagnostics };
  const lowered = lower(parsed.ast);
  if (!lowered.ir) return { ast: parsed.ast, ir: null, rulesetHash: null, diagnostics: sortDiagnostics(continuedOnTheLine(parsed.ast.game.decls, text, mergeUnknownNames(lowered.diagnostics))) };
  const ir = lowered.ir;
  const fallback = parsed.ast.game.name.span;
  const ctx = { ir, spanOf: (n: object) => lowered.spans.get(n) ?? fallback };
  const found = applyAllowComments(text, sortDiagnostics(CHECKS.flatMap((check) => check(ctx))));
  if (hasErrors(found)) return { ast: parsed.ast, ir: null, rulesetHash: null, diagnostics: found };
  const schemaErrors = validateIR(ir);
  if (schemaErrors.length > 0) {
    const d = schemaErrors.map((e) => error('E0901', `internal error: the IR fails its schema at ${e.path}: ${e.message}`, fallback));
    return { ast: parsed.ast, ir: null, rulesetHash: null, diagnostics: d };
  }
  return { ast: parsed.ast, ir, rulesetHash: rulesetHash(ir), diagnostics: found };
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
