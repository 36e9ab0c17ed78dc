/**
 * What a semantic check is: a registered record (`id`, the codes it reports, its category, and
 * `run`, a function of the lowered IR) and the one way checks are run, which turns a check that
 * throws into a diagnostic naming it, so a document always gets every other check's diagnostics.
 * Checks run after names are resolved; each reports diagnostics pointing at source spans through
 * the lowering's span map.
 */
import { error, type Diagnostic } from '../../diagnostics/diagnostic.js';
import type { DiagnosticCode } from '../../diagnostics/catalogue.js';
import type { GameIR, Phase, Step } from '../../ir/schema.js';
import type { Span } from '../../parser/ast.js';

export interface CheckContext {
  ir: GameIR;
  /** Source span of an IR object (phase or step); the game's span when unknown. */
  spanOf(node: object): Span;
}

/** The function a check runs: every diagnostic it finds on the IR. */
export type Check = (ctx: CheckContext) => Diagnostic[];

/**
 * What a check is about: `semantics` (a game the language cannot mean: errors), `limits` (what
 * the engine can hold: errors), `reachability` (dead code), `degenerate` (GENSTRAT-incoherent
 * constructs, W01xx), `advisory` (advice to a game's author that the generator's acceptance
 * filter does not count).
 */
export type CheckCategory = 'semantics' | 'limits' | 'reachability' | 'degenerate' | 'advisory';

/** A registered semantic check. */
export interface CheckRecord {
  /** Stable name (kebab-case, the check's file name), used in internal diagnostics. */
  id: string;
  /** Every code the check can report. */
  codes: readonly DiagnosticCode[];
  category: CheckCategory;
  run: Check;
}

/**
 * Run one check. Never throws: a check that runs out of stack (a program nested beyond what its
 * recursion holds) reports E0233, and a check that throws anything else reports E0902 naming the
 * check, both at the game's name (`ctx.spanOf` of the IR).
 */
export function runCheck(check: CheckRecord, ctx: CheckContext): Diagnostic[] {
  try {
    return check.run(ctx);
  } catch (e) {
    const at = ctx.spanOf(ctx.ir);
    if (e instanceof RangeError) return [error('E0233', `this program is nested too deeply for the compiler's check '${check.id}'`, at)];
    const why = e instanceof Error ? e.message : String(e);
    return [error('E0902', `internal error: the check '${check.id}' failed: ${why}`, at)];
  }
}

/** Run every check of a registry, in order, concatenating their diagnostics (see {@link runCheck}). */
export function runChecks(checks: readonly CheckRecord[], ctx: CheckContext): Diagnostic[] {
  return checks.flatMap((c) => runCheck(c, ctx));
}

/**
 * The steps that always run, in play order, if the game lasts: the steps written directly in
 * the phases (not inside a condition, loop, option, or sub-phase).
 */
export function* topLevelSteps(ir: GameIR): Generator<{ phase: Phase; step: Step }> {
  for (const phase of ir.phases) for (const step of phase.steps) yield { phase, step };
}
