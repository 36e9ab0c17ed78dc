/**
 * Source positions: offsets ↔ 1-based line and column, and token ranges.
 */
import type { IToken } from 'chevrotain';
import type { SourceRange } from '../diagnostics/diagnostic.js';

/** 1-based line and column of an offset. */
export function positionAt(text: string, offset: number): { line: number; column: number } {
  let line = 1;
  let lineStart = 0;
  for (let i = 0; i < offset && i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 10 || (c === 13 && text.charCodeAt(i + 1) !== 10)) {
      line++;
      lineStart = i + 1;
    }
  }
  return { line, column: offset - lineStart + 1 };
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

