/**
 * Printing diagnostics compiler-style:
 *
 *     file.gbg:3:11: error[E0201]: unknown seat 'Carol'
 *         |
 *       3 |     first Carol
 *         |           ^^^^^
 *         = help: the seats are Alice, Bob
 *
 * followed by a `= note: line N: …` line for each related place (`Diagnostic.related`).
 */
import type { Diagnostic } from './diagnostic.js';

/** The excerpt's line text with tabs expanded to single spaces so the caret lines up. */
function lineText(source: string, line: number): string {
  const lines = source.split(/\r\n|\r|\n/);
  return (lines[line - 1] ?? '').replace(/\t/g, ' ');
}

/**
 * Render one diagnostic with a source excerpt and a caret under the offending range
 * (clipped to the end of its first line).
 */
export function formatDiagnostic(fileName: string, source: string, d: Diagnostic): string {
  const { line, column } = d.range;
  const head = `${fileName}:${line}:${column}: ${d.severity}[${d.code}]: ${d.message}`;
  const text = lineText(source, line);
  const shown = text.length > 200 ? `${text.slice(0, 200)}…` : text;
  const gutter = String(line).length;
  const pad = ' '.repeat(gutter);
  const maxWidth = Math.max(1, text.length - (column - 1));
  const width = Math.max(1, Math.min(d.range.end - d.range.start, maxWidth, 200));
  const caretPad = ' '.repeat(Math.min(column - 1, 201));
  const out = [head, `${pad} |`, `${line} | ${printable(shown)}`, `${pad} | ${caretPad}${'^'.repeat(width)}`];
  if (d.help) out.push(`${pad} = help: ${d.help}`);
  for (const r of d.related ?? []) out.push(`${pad} = note: line ${r.range.line}: ${r.message}`);
  return out.join('\n');
}

/** Replace control characters so binary input cannot garble a terminal. */
function printable(s: string): string {
  return s.replace(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/g, '\ufffd');
}

/** Render a list of diagnostics followed by a summary line (`2 errors`). */
export function formatDiagnostics(fileName: string, source: string, list: Diagnostic[]): string {
  if (list.length === 0) return '';
  const errors = list.filter((d) => d.severity === 'error').length;
  const warnings = list.length - errors;
  const parts = [];
  if (errors) parts.push(`${errors} error${errors === 1 ? '' : 's'}`);
  if (warnings) parts.push(`${warnings} warning${warnings === 1 ? '' : 's'}`);
  return `${list.map((d) => formatDiagnostic(fileName, source, d)).join('\n\n')}\n\n${fileName}: ${parts.join(', ')}\n`;
}
