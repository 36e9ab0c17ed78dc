/**
 * Token estimates without a tokenizer: the number of pre-token pieces of the cl100k/o200k family's
 * split pattern (contractions, letter runs, digit runs of up to three, punctuation runs,
 * whitespace). A BPE tokenizer never emits fewer tokens than pieces, and for English prose and
 * Markdown almost every piece is one token, so the count is a close, slightly low estimate.
 */
const PIECES = /'(?:[sdmt]|ll|ve|re)|[^\r\n\p{L}\p{N}]?\p{L}+|\p{N}{1,3}| ?[^\s\p{L}\p{N}]+[\r\n]*|\s*[\r\n]+|\s+(?!\S)|\s+/gu;

/** Estimated tokens of `text`. */
export function countTokens(text: string): number {
  if (text === '') return 0;
  let n = 0;
  PIECES.lastIndex = 0;
  while (PIECES.exec(text) !== null) n++;
  return n;
}
