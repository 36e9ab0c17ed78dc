/**
 * Compiler diagnostics: a code from the catalogue, a message, and where.
 */
import type { DiagnosticCode } from './catalogue.js';

export type Severity = 'error' | 'warning';

/** A position range in a source file; lines and columns are 1-based, offsets 0-based. */
export interface SourceRange {
  start: number;
  end: number;
  line: number;
  column: number;
}

export interface Diagnostic {
  code: DiagnosticCode;
  severity: Severity;
  message: string;
  range: SourceRange;
  /** Extra lines printed after the excerpt as `= help: …`. */
  help?: string;
}

/** Build an error diagnostic. */
export function error(code: DiagnosticCode, message: string, range: SourceRange, help?: string): Diagnostic {
  return help === undefined ? { code, severity: 'error', message, range } : { code, severity: 'error', message, range, help };
}

/** Sort by position, then code, and drop exact duplicates (same code at the same place). */
export function sortDiagnostics(list: Diagnostic[]): Diagnostic[] {
  const seen = new Set<string>();
  return [...list]
    .sort((a, b) => a.range.start - b.range.start || a.code.localeCompare(b.code))
    .filter((d) => {
      const key = `${d.code}@${d.range.start}:${d.message}`;
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    });
}
