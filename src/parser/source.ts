/**
 * Source positions: offsets ↔ 1-based line and column, and token ranges.
 */
import type { IToken } from 'chevrotain';
import type { SourceRange } from '../diagnostics/diagnostic.js';

/**
 * 1-based line and column of an offset (a UTF-16 index). Columns count code points, so a
 * character outside the Basic Multilingual Plane (an emoji, a rare CJK character) is one column,
 * as a terminal shows it.
 */
export function positionAt(text: string, offset: number): { line: number; column: number } {
  let line = 1;
  let column = 1;
  for (let i = 0; i < offset && i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 10 || (c === 13 && text.charCodeAt(i + 1) !== 10)) {
      line++;
      column = 1;
    } else if (!(c >= 0xdc00 && c <= 0xdfff && i > 0 && text.charCodeAt(i - 1) >= 0xd800 && text.charCodeAt(i - 1) <= 0xdbff)) column++;
  }
  return { line, column };
}

export function rangeAtOffset(text: string, start: number, length: number): SourceRange {
  const { line, column } = positionAt(text, start);
  return { start, end: start + Math.max(1, length), line, column };
}

export function tokenRange(tok: IToken): SourceRange {
  return {
    start: tok.startOffset,
    end: (tok.endOffset ?? tok.startOffset) + 1,
    line: tok.startLine ?? 1,
    column: tok.startColumn ?? 1,
  };
}
