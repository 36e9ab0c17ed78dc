/**
 * One-token mutants of valid `.gbg` programs, and the "one mistake, one diagnostic" judge used by
 * `test/compiler/mutants.test.ts` (a moderate count) and `bench/mutants.ts` (10,000).
 *
 * A mutant deletes one token, replaces one token, or inserts one token before it. A replacement or
 * insertion is a token of the same file (half the time) or of the lexer's vocabulary (keywords,
 * punctuation, a name, a number, a string). Draws are a pure function of the seed.
 *
 * The judge ({@link judgeMutant}) states the rule documented in `docs/language.md` (Diagnostics):
 * a mutant that still compiles has no error; otherwise `compileSource` reports exactly one error,
 * and it lies on the changed line, or on the line of the first token where the text stops being
 * a prefix of a valid program (a deleted `}` can only be noticed there) or on the line of the
 * token before it (where a missing word belongs), or at a use of a name that the changed line
 * declares or declared (renaming a declaration makes its uses unknown), or, for a clash between
 * two places (a name or rank value declared twice, an ante against the stack, a deal against the
 * deck), with the changed line among the error's notes (`Diagnostic.related`).
 */
import type { IToken } from 'chevrotain';
import seedrandom from 'seedrandom';
import { compileSource } from '../../src/compiler/index.js';
import { firstNonViableToken } from '../../src/parser/parse.js';
import { gbgLexer, KEYWORDS, HighCard, PairWithBoard, SumOfRanks, HighestCard, LowestCard, ChipLeader } from '../../src/parser/tokens.js';
import type { Diagnostic } from '../../src/diagnostics/diagnostic.js';

export type MutationKind = 'delete' | 'replace' | 'insert';

export interface Mutant {
  /** Which program (a label such as `examples/kuhn.gbg`). */
  origin: string;
  kind: MutationKind;
  /** The changed token's text before (`''` for an insertion) and after (`''` for a deletion). */
  before: string;
  after: string;
  /** 1-based line of the change. */
  line: number;
  source: string;
  /** The original token (for replace/delete) or the token the insertion precedes. */
  original: string;
}

const PUNCTUATION = ['{', '}', '(', ')', ',', ';', '=', '==', '!=', '<', '<=', '>', '>=', '+', '-', '/', '%', '..'];
const OTHERS = ['x', 'Alice', 'Carol', '0', '1', '7', '100', '"s"', '1.5'];
/** Every keyword of the language, punctuation, and a few names, numbers and strings. */
export const VOCABULARY: string[] = [
  ...[...KEYWORDS, HighCard, PairWithBoard, SumOfRanks, HighestCard, LowestCard, ChipLeader].map((t) => (t.LABEL ?? '').replace(/'/g, '')),
  ...PUNCTUATION,
  ...OTHERS,
];

/** Draw `count` mutants of `programs` from `seed` (programs taken in turn). */
export function drawMutants(programs: { origin: string; source: string }[], count: number, seed: number): Mutant[] {
  const rng = seedrandom(`mutants/${seed}`);
  const int = (n: number) => Math.floor(rng() * n);
  const lexed = programs.map((p) => ({ ...p, tokens: gbgLexer().tokenize(p.source).tokens }));
  const out: Mutant[] = [];
  for (let i = 0; i < count; i++) {
    const p = lexed[i % lexed.length]!;
    const toks: IToken[] = p.tokens;
    const k = int(toks.length);
    const tok = toks[k]!;
    const r = rng();
    const kind: MutationKind = r < 1 / 3 ? 'delete' : r < 2 / 3 ? 'replace' : 'insert';
    const pick = () => (rng() < 0.5 ? toks[int(toks.length)]!.image : VOCABULARY[int(VOCABULARY.length)]!);
    const start = tok.startOffset;
    const end = (tok.endOffset ?? start) + 1;
    let source: string;
    let before = tok.image;
    let after = '';
    if (kind === 'delete') source = p.source.slice(0, start) + p.source.slice(end);
    else if (kind === 'replace') {
      after = pick();
      source = p.source.slice(0, start) + after + p.source.slice(end);
    } else {
      after = pick();
      before = '';
      source = `${p.source.slice(0, start)} ${after} ${p.source.slice(start)}`;
    }
    out.push({ origin: p.origin, kind, before, after, line: tok.startLine ?? 1, source, original: tok.image });
  }
  return out;
}

export interface Verdict {
  ok: boolean;
  /** Why it failed: `2 errors`, `error on line 9, changed line 6`, … */
  reason?: string;
  errors: Diagnostic[];
}

/** Judge one mutant against the rule (see the module comment); `compile` defaults to the compiler's. */
export function judgeMutant(m: Mutant, compile: (text: string) => { ir: unknown; diagnostics: Diagnostic[] } = compileSource): Verdict {
  const r = compile(m.source);
  const errors = r.diagnostics.filter((d) => d.severity === 'error');
  if (r.ir) return { ok: errors.length === 0, reason: errors.length ? 'errors but an IR' : undefined, errors };
  if (errors.length === 0) return { ok: false, reason: 'no IR and no error', errors };
  if (errors.length > 1) return { ok: false, reason: `${errors.length} errors`, errors };
  const e = errors[0]!;
  if (e.range.line === m.line) return { ok: true, errors };
  // A clash (two declarations of one name or rank value, an ante against the stack, a deal
  // against the deck and the deals before it): the error names the other places as notes.
  if ((e.related ?? []).some((r) => r.range.line === m.line)) return { ok: true, errors };
  const first = firstNonViableToken(m.source);
  if (first !== undefined && (e.range.line === first.line || e.range.line === first.previousLine)) return { ok: true, errors };
  // A use of the name the change removed or misspelt (a rank may be named by digits: `3 = 3`).
  const at = m.source.slice(e.range.start, e.range.end);
  if (/^[A-Za-z_]\w*$/.test(at) || (/^\d+$/.test(at) && (at === m.original || at === m.after))) {
    const words = new Set([m.original, m.after, ...(m.source.split(/\r?\n/)[m.line - 1] ?? '').split(/\W+/)]);
    if (words.has(at)) return { ok: true, errors };
  }
  return { ok: false, reason: `error on line ${e.range.line}, changed line ${m.line}${first ? `, first non-viable line ${first.line}` : ''}`, errors };
}
