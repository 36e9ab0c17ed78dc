/**
 * Front-end speed: parse + lower + validate (`compileSource`: Chevrotain lexer and parser, AST →
 * IR lowering, semantic checks, JSON Schema validation, ruleset hash) of a generated 2,000-line
 * `.gbg` file, in lines per second, against two hand-written direct baselines measured in the
 * same run on the same game:
 *
 * - a single-pass sticky-regex tokenizer over the same text (what any front end must at least
 *   do: read every character once and cut it into tokens);
 * - `JSON.parse` of the game's IR as JSON (reading the same rules from the cheapest format).
 *
 * Also times `formatSource` (the Prettier printer) on the same file. The game is made of many
 * phases using every step kind, with comments, and is checked to compile without diagnostics.
 * Run: `npx tsx bench/parse.ts [--json]`.
 */
import { compileSource } from '../src/compiler/index.js';
import { parse } from '../src/parser/parse.js';
import { formatSource } from '../src/format/index.js';

const json = process.argv.includes('--json');
const TARGET_LINES = 2000;

/** A valid game of exactly `lines` lines: a 13 × 4 × 10 deck, a public board, many phases. */
export function generateGame(lines: number): string {
  const out = [
    '// Generated for bench/parse.ts: many phases with every kind of step.',
    'game "Bench" {',
    '  players Alice, Bob',
    '  stack Alice 100000, Bob 100000',
    '',
    '  deck {',
    '    ranks Two = 2, Three = 3, Four = 4, Five = 5, Six = 6, Seven = 7, Eight = 8,',
    '      Nine = 9, Ten = 10, Jack = 11, Queen = 12, King = 13, Ace = 14',
    '    suits clubs, diamonds, hearts, spades',
    '    copies 10',
    '  }',
    '',
    '  pile board public',
    '  pile muck hidden',
  ];
  let cardsLeft = 13 * 4 * 10;
  // The closing three lines and the final newline make `lines` lines in all.
  for (let i = 0; out.length + 13 <= lines - 3; i++) {
    const deal = cardsLeft >= 3;
    if (deal) cardsLeft -= 3;
    out.push(
      '',
      i % 5 === 0 ? `  /* Round ${i}: a deal, an ante and a betting round. */` : `  // round ${i}`,
      `  phase Round${i} {`,
      i % 2 === 0 ? '    shuffle deck' : '    shuffle muck',
      deal ? '    deal 1 to each face down' : '    shuffle board',
      deal ? `    deal 1 from deck to ${i % 3 === 0 ? 'board face up' : 'muck'}` : '    shuffle deck',
      i % 2 === 0 ? '    ante 1 each' : `    ante 2 from ${i % 4 === 1 ? 'Alice' : 'Bob'}`,
      '    betting fixed {',
      `      bet ${1 + (i % 4)}`,
      `      raises at most ${1 + (i % 3)}`,
      `      first ${i % 2 === 0 ? 'Alice' : 'Bob'} // opens`,
      '    }',
      '  }',
    );
  }
  while (out.length < lines - 3) out.push('  // the showdown compares the cards of each hand with the board');
  out.push('', '  showdown pair-with-board using board', '}', '');
  return out.join('\n');
}

/** Every `.gbg` token, white space and comments, as one sticky alternation. */
const TOKEN =
  /\s+|\/\/[^\n]*|\/\*[\s\S]*?\*\/|"(?:[^"\\\n]|\\.)*"|high-card|pair-with-board|[A-Za-z_][A-Za-z0-9_]*|\d+(?:\.\d+)?|[{},;=-]/y;
/**
 * The direct baseline: one pass of a sticky regular expression that cuts the text into tokens
 * (kind = first character code, offsets), skipping white space and comments.
 * @throws Error at a character no token starts with.
 */
export function tokenizeDirect(text: string): { kind: number; start: number; end: number }[] {
  const tokens: { kind: number; start: number; end: number }[] = [];
  TOKEN.lastIndex = 0;
  while (TOKEN.lastIndex < text.length) {
    const start = TOKEN.lastIndex;
    const m = TOKEN.exec(text);
    if (!m) throw new Error(`bench: the direct tokenizer stopped at offset ${start}`);
    const c = m[0].charCodeAt(0);
    if (c > 32 && !(c === 47 && (m[0][1] === '/' || m[0][1] === '*'))) tokens.push({ kind: c, start, end: TOKEN.lastIndex });
  }
  return tokens;
}

/** Median milliseconds of `reps` calls of `f` after `warmup` unmeasured calls. */
async function median(reps: number, warmup: number, f: () => unknown): Promise<number> {
  for (let i = 0; i < warmup; i++) await f();
  const times: number[] = [];
  for (let i = 0; i < reps; i++) {
    const t0 = performance.now();
    await f();
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)]!;
}

const text = generateGame(TARGET_LINES);
const lineCount = text.split('\n').length - 1;
const first = compileSource(text);
if (lineCount !== TARGET_LINES) throw new Error(`bench: generated ${lineCount} lines, not ${TARGET_LINES}`);
if (first.diagnostics.length > 0 || !first.ir) throw new Error(`bench: the generated game does not compile: ${first.diagnostics[0]?.message}`);
const irJson = JSON.stringify(first.ir);
const tokenCount = tokenizeDirect(text).length;

const compileMs = await median(15, 3, () => compileSource(text));
const parseMs = await median(15, 3, () => parse(text));
const tokenizeMs = await median(15, 3, () => tokenizeDirect(text));
const jsonMs = await median(15, 3, () => JSON.parse(irJson));
const formatMs = await median(7, 2, () => formatSource(text));

const perSecond = (ms: number) => Math.round((lineCount / ms) * 1000);
const figures = {
  lines: lineCount,
  bytes: text.length,
  tokens: tokenCount,
  phases: first.ir.phases.length,
  compileMs: +compileMs.toFixed(2),
  compileLinesPerSecond: perSecond(compileMs),
  parseOnlyMs: +parseMs.toFixed(2),
  directTokenizerMs: +tokenizeMs.toFixed(2),
  directTokenizerLinesPerSecond: perSecond(tokenizeMs),
  ratioToTokenizer: +(compileMs / tokenizeMs).toFixed(1),
  irJsonParseMs: +jsonMs.toFixed(2),
  ratioToIrJsonParse: +(compileMs / jsonMs).toFixed(1),
  formatMs: +formatMs.toFixed(2),
  formatLinesPerSecond: perSecond(formatMs),
};
if (json) console.log(JSON.stringify(figures));
else {
  console.log(`generated game: ${lineCount} lines, ${text.length} bytes, ${tokenCount} tokens, ${figures.phases} phases (median of 15 runs)`);
  console.log(`  parse + lower + validate (compileSource)  ${compileMs.toFixed(2).padStart(8)} ms  ${figures.compileLinesPerSecond.toLocaleString('en-US').padStart(11)} lines/s`);
  console.log(`    of which parse (lexer, parser, AST)       ${parseMs.toFixed(2).padStart(8)} ms  ${perSecond(parseMs).toLocaleString('en-US').padStart(11)} lines/s`);
  console.log(`  direct: sticky-regex tokenizer pass       ${tokenizeMs.toFixed(2).padStart(8)} ms  ${figures.directTokenizerLinesPerSecond.toLocaleString('en-US').padStart(11)} lines/s`);
  console.log(`  direct: JSON.parse of the IR's JSON       ${jsonMs.toFixed(2).padStart(8)} ms  (${irJson.length} bytes)`);
  console.log(`  ratio: ${figures.ratioToTokenizer}× the tokenizer pass, ${figures.ratioToIrJsonParse}× JSON.parse of the IR`);
  console.log(`  format (formatSource, Prettier printer)   ${formatMs.toFixed(2).padStart(8)} ms  ${figures.formatLinesPerSecond.toLocaleString('en-US').padStart(11)} lines/s`);
}
