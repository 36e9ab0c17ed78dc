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
 * Also times `formatSource` (parse, layout, comment placement, Prettier printer) on the same file,
 * as a ratio to the tokenizer pass and to `compileSource`. The game is made of many
 * phases and sub-phases using every step kind, with comments, and is checked to compile without
 * diagnostics and to be in the canonical layout already (formatting it changes nothing).
 * Run: `npx tsx bench/parse.ts [--json]`.
 */
import { compileSource } from '../src/compiler/index.js';
import { parse } from '../src/parser/parse.js';
import { formatSource } from '../src/format/index.js';
import { figure, report } from './lib/figures.js';

const json = process.argv.includes('--json');
const TARGET_LINES = 2000;

/**
 * A valid game of exactly `lines` lines: a 13 × 4 × 4 deck (208 cards, within the 255-card limit), a public board, a variable, a
 * position, and many rounds, each a phase (deals, antes, a conditional fixed or variable
 * betting round, a loop) and the sub-phase it calls (a choice with a probabilistic cost, a
 * simultaneous round, conditional events, a sealed-bid auction, a side bet, a peek, a score
 * change, a position), so that every kind of step and condition is parsed and printed.
 */
export function generateGame(lines: number): string {
  const out = [
    '// Generated for bench/parse.ts: many rounds using every kind of step.',
    'game "Bench" {',
    '  players Alice, Bob',
    '  stack Alice 100000, Bob 100000',
    '',
    '  deck {',
    '    ranks',
    ...['Two', 'Three', 'Four', 'Five', 'Six', 'Seven', 'Eight', 'Nine', 'Ten', 'Jack', 'Queen', 'King', 'Ace'].map(
      (r, i, all) => `      ${r} = ${i + 2}${i < all.length - 1 ? ',' : ''}`,
    ),
    '    suits clubs, diamonds, hearts, spades',
    '    copies 4',
    '  }',
    '',
    '  pile board public',
    '  pile muck hidden',
    '  var tally = 0',
    '  position Lead public',
  ];
  const closing = ['', '  showdown sum-of-ranks {', '    bonus 3 for pair of Ace', '    penalty 1 per Two', '  }', '}', ''];
  let cardsLeft = 13 * 4 * 4;
  for (let i = 0; ; i++) {
    const deal = cardsLeft >= 3;
    if (deal) cardsLeft -= 3;
    const seat = i % 2 === 0 ? 'Alice' : 'Bob';
    const other = i % 2 === 0 ? 'Bob' : 'Alice';
    const round = [
      '',
      i % 5 === 0 ? `  /* Round ${i}: deals, an ante, a betting round and a loop; then its sub-phase. */` : `  // round ${i}`,
      `  phase Round${i} {`,
      i % 2 === 0 ? '    shuffle deck' : '    shuffle muck',
      deal ? '    deal 1 to each face down' : '    shuffle board',
      deal ? `    deal 1 from deck to ${i % 3 === 0 ? 'board face up' : 'muck'}` : '    shuffle deck',
      i % 2 === 0 ? '    ante 1 each' : `    ante 2 from ${seat}`,
      `    call Side${i}`,
      `    if stack(Alice) > ${i % 7} and stack(Bob) > tally and ${seat} holds Lead public {`,
      '      betting variable {',
      `        first ${seat}`,
      i % 3 === 0 ? '        max 500' : `        max ${1 + (i % 5)}`,
      '        fallback bet 1',
      '      }',
      '    } else {',
      '      betting fixed {',
      `        bet ${1 + (i % 4)}`,
      `        raises at most ${1 + (i % 3)}`,
      `        first ${other} // opens`,
      '      }',
      '    }',
      `    repeat up to ${1 + (i % 3)} rounds as r until pot > ${10 + i} or not (hand(any) has pair) {`,
      '      set tally = tally + r - 1',
      '    }',
      '  }',
      '',
      `  subphase Side${i} {`,
      `    choice ${seat} ${i % 2 === 0 ? 'public' : 'private'} {`,
      `      option peek cost 1 at ${10 + (i % 90)}% {`,
      `        peek ${seat} at random card of ${other} private`,
      '      }',
      i % 2 === 0 ? '      option pass {' : `      option pass cost 1 at ${10 + (i % 90)}% {`,
      '      }',
      '    }',
      '    simultaneous {',
      '      options Hold, Press',
      '      outcome Hold/Press {',
      `        pay 1 from ${seat} to ${other}`,
      '      }',
      '      otherwise {',
      `        score ${seat} +1`,
      '      }',
      '    }',
      '    events {',
      '      when hand(Alice) has any of Ace, King public {',
      '        sidebet Bob 1 on highest(Bob) >= highest(Alice) and size(board) != 0',
      '      }',
      '    }',
      '    auction sealed {',
      `      bids 0..${1 + (i % 4)}`,
      '      tie coinflip',
      `      winner pays ${i % 2 === 0 ? 'pot' : 'opponent'}`,
      '      prize {',
      '        deal 1 to winner face down',
      '      }',
      '    }',
      '    assign Lead to chip-leader',
      '  }',
    ];
    if (out.length + round.length + closing.length - 1 > lines) break;
    out.push(...round);
  }
  const [blank, ...showdown] = closing;
  out.push(blank!);
  while (out.length + showdown.length - 1 < lines) out.push('  // the showdown adds up the ranks of each hand, with a bonus and a penalty');
  out.push(...showdown);
  return out.join('\n');
}

/** Every `.gbg` token, white space and comments, as one sticky alternation. */
const TOKEN =
  /\s+|\/\/[^\n]*|\/\*[\s\S]*?\*\/|"(?:[^"\\\n]|\\.)*"|high-card|pair-with-board|sum-of-ranks|highest-card|lowest-card|chip-leader|[A-Za-z_][A-Za-z0-9_]*|\d+(?:\.\d+)?|\.\.|[<>=!]=|[{},;=+\-%/()<>]/y;
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
if ((await formatSource(text)) !== text) throw new Error('bench: the generated game is not in the canonical layout');
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
  subphases: first.ir.subphases.length,
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
  formatRatioToTokenizer: +(formatMs / tokenizeMs).toFixed(1),
  formatRatioToCompile: +(formatMs / compileMs).toFixed(2),
};
report('parse', [
  figure({
    id: 'compile',
    kind: 'time',
    name: `compileSource of a generated ${lineCount}-line game`,
    value: figures.compileMs,
    unit: 'ms',
    reference: { name: 'a sticky-regex tokenizer pass over the same text', value: figures.directTokenizerMs, unit: 'ms' },
    ratioMeaning: 'times the tokenizer pass',
    note: 'median of 15 runs',
  }),
  figure({
    id: 'compile-vs-json',
    kind: 'time',
    name: `compileSource of a generated ${lineCount}-line game`,
    value: figures.compileMs,
    unit: 'ms',
    reference: { name: "JSON.parse of the game's IR", value: figures.irJsonParseMs, unit: 'ms' },
    ratioMeaning: 'times JSON.parse of the IR',
    note: 'median of 15 runs',
  }),
  figure({
    id: 'format',
    kind: 'time',
    name: `formatSource of the same game`,
    value: figures.formatMs,
    unit: 'ms',
    reference: { name: 'compileSource of the same game', value: figures.compileMs, unit: 'ms' },
    ratioMeaning: 'times compileSource',
    note: 'median of 7 runs',
  }),
]);
if (json) console.log(JSON.stringify(figures));
else {
  console.log(
    `generated game: ${lineCount} lines, ${text.length} bytes, ${tokenCount} tokens, ${figures.phases} phases and ${figures.subphases} sub-phases (median of 15 runs)`,
  );
  console.log(
    `  parse + lower + validate (compileSource)  ${compileMs.toFixed(2).padStart(8)} ms  ${figures.compileLinesPerSecond.toLocaleString('en-US').padStart(11)} lines/s`,
  );
  console.log(
    `    of which parse (lexer, parser, AST)       ${parseMs.toFixed(2).padStart(8)} ms  ${perSecond(parseMs).toLocaleString('en-US').padStart(11)} lines/s`,
  );
  console.log(
    `  direct: sticky-regex tokenizer pass       ${tokenizeMs.toFixed(2).padStart(8)} ms  ${figures.directTokenizerLinesPerSecond.toLocaleString('en-US').padStart(11)} lines/s`,
  );
  console.log(`  direct: JSON.parse of the IR's JSON       ${jsonMs.toFixed(2).padStart(8)} ms  (${irJson.length} bytes)`);
  console.log(`  ratio: ${figures.ratioToTokenizer}× the tokenizer pass, ${figures.ratioToIrJsonParse}× JSON.parse of the IR`);
  console.log(
    `  format (formatSource, Prettier printer)   ${formatMs.toFixed(2).padStart(8)} ms  ${figures.formatLinesPerSecond.toLocaleString('en-US').padStart(11)} lines/s`,
  );
  console.log(`  ratio: format is ${figures.formatRatioToTokenizer}× the tokenizer pass, ${figures.formatRatioToCompile}× compileSource`);
}
