/**
 * Property tests of the parser's robustness and of the formatter (fast-check, 200+ runs each).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parse } from '../../src/parser/parse.js';
import { compileSource } from '../../src/compiler/index.js';
import type { Diagnostic } from '../../src/diagnostics/diagnostic.js';
import { formatSource } from '../../src/format/index.js';
import { KEYWORDS } from '../../src/parser/tokens.js';
import { arbitraryProgram } from '../support/arbitrary-program.js';
import { arbitraryTable } from '../support/arbitrary-table.js';
import { arbitraryHouse } from '../support/arbitrary-house.js';
import { VISITOR_KEYS } from '../../src/format/visitor-keys.js';
import type { AstNode, GameFile } from '../../src/parser/ast.js';

const RUNS = 200;

/** A line of formatted source that starts a step. */
const STEP_LINE =
  /^ *(shuffle|deal|ante|blinds|betting|call|if|events|repeat|end|choice|wager|match|simultaneous|auction|peek|reveal|swap|steal|discard|pay|sidebet|score|assign|set) /gm;

/** Visit every node of the tree (depth first, the node before its children). */
function walk(node: AstNode, visit: (n: AstNode, parent: AstNode | null) => void, parent: AstNode | null = null): void {
  visit(node, parent);
  for (const key of VISITOR_KEYS[node.kind] as readonly string[]) {
    const v = (node as unknown as Record<string, AstNode | AstNode[] | null>)[key];
    for (const child of Array.isArray(v) ? v : v ? [v] : []) walk(child, visit, node);
  }
}

/** The node kinds and the optional forms one program uses (names as in {@link EXPECTED_FORMS}). */
function forms(ast: GameFile, source: string): string[] {
  const out: string[] = [];
  if (source.includes(';')) out.push(';');
  if (ast.comments[0]?.block && ast.comments[0].span.start === 0) out.push('file starts with a block comment');
  if (ast.comments.length > 0) out.push('Comment');
  if (ast.comments.length > 12) out.push('more than 12 comments');
  for (const c of ast.comments) out.push(c.block ? (c.text.includes('\n') ? 'multi-line comment' : 'block comment') : 'line comment');
  const seat = (r: { name: unknown; keyword: string | null }) => (r.name ? 'seat' : r.keyword!);
  walk(ast, (n, parent) => {
    out.push(n.kind);
    switch (n.kind) {
      case 'Comment':
        break;
      case 'String':
        if (source.slice(n.span.start, n.span.end).includes('\t')) out.push('raw tab in a string');
        break;
      case 'Stack':
        out.push(n.each ? 'stack each' : 'stack per seat');
        break;
      case 'Chat':
        if (n.from) out.push('chat from');
        break;
      case 'Showdown':
        out.push(
          n.metric,
          ...(n.rules.length > 0 ? ['sum-of-ranks rules'] : []),
          ...n.options,
          ...(n.metric === 'poker-hand' && n.using ? ['poker-hand using'] : []),
        );
        break;
      case 'RaiseRule':
        out.push(`raises ${n.rule}`);
        break;
      case 'ScoringRule':
        out.push(`${n.sign} ${n.per}`);
        break;
      case 'Pile':
      case 'Position':
        out.push(`${n.kind} ${n.visibility}`);
        break;
      case 'Var':
        if (n.initial.value < 0) out.push('negative variable');
        break;
      case 'DealStep':
        out.push(`deal${n.from ? ' from' : ''} to ${n.winner ? 'winner' : n.to ? 'pile' : 'each'} face ${n.face}`);
        break;
      case 'AnteStep':
        out.push(n.from ? 'ante from' : 'ante each');
        break;
      case 'BettingStep':
        out.push(`${n.mode} betting opens with ${n.items[0]!.kind}`);
        break;
      case 'MaxBet':
        out.push(n.amount ? 'max N' : 'max stack');
        break;
      case 'FirstActor':
        out.push(n.leftOf ? `first left of ${n.leftOf}` : 'first seat');
        break;
      case 'BlindsStep':
        out.push(n.small ? 'named blinds' : 'blinds placed by the button');
        break;
      case 'IfStep':
        out.push(`if with ${n.branches.length > 1 ? 'else if' : 'one branch'}`, n.otherwise ? 'if with else' : 'if without else');
        break;
      case 'CondBranch':
        out.push(`${parent?.kind === 'EventsStep' ? 'when' : 'if'} ${n.check}`);
        break;
      case 'RepeatStep':
        out.push(n.until ? 'repeat until' : 'repeat without until');
        break;
      case 'EndStep':
        out.push(n.winner ? 'end winner' : 'end without winner');
        break;
      case 'ChoiceStep':
        out.push(`choice ${n.announce}`);
        break;
      case 'ChoiceOption':
        out.push(n.cost ? (n.chance ? 'cost at chance' : 'certain cost') : 'free option');
        if (n.cost && n.cost.kind !== 'Number') out.push(n.chance ? 'cost expression at chance' : 'certain cost expression');
        if (KEYWORD_WORDS.has(n.name.name)) out.push('keyword option name');
        break;
      case 'WagerStep':
        out.push(!n.max ? 'wager up to stack' : n.max.kind === 'Number' ? 'wager up to N' : 'wager up to an expression');
        break;
      case 'SimultaneousStep':
        out.push(n.otherwise ? 'simultaneous otherwise' : 'simultaneous without otherwise', `${n.options.length} options`);
        break;
      case 'AuctionStep':
        out.push(`winner pays ${n.payTo}`);
        break;
      case 'PeekStep':
        out.push(`peek ${n.pick}`, `peek ${n.visibility}`, `peek by ${seat(n.seat)}`);
        break;
      case 'RevealStep':
        out.push(`reveal ${n.what}`);
        break;
      case 'SwapStep':
        out.push(`swap ${n.visibility}`);
        break;
      case 'StealStep':
        out.push(`steal ${n.visibility}`, `steal to ${seat(n.to)}`);
        break;
      case 'DiscardStep':
        out.push(`discard ${n.pick}`, n.to ? 'discard to a pile' : 'discard out of the game', `discard face ${n.face}`);
        break;
      case 'BetSize':
        if (n.amount.kind !== 'Number') out.push('bet expression');
        break;
      case 'PayStep':
        out.push(
          !n.amount ? 'pay all' : n.amount.kind === 'Number' ? 'pay N' : 'pay expression',
          `pay from ${n.from.keyword ?? 'seat'}`,
          `pay to ${n.to.keyword ?? 'seat'}`,
        );
        break;
      case 'ScoreStep':
        out.push(n.delta.text.startsWith('-') ? 'score -' : 'score +');
        break;
      case 'AssignStep':
        out.push(`assign to ${n.criterion ?? 'seat'}`);
        break;
      case 'Logic':
        out.push(n.op);
        break;
      case 'SeatFn':
        out.push(n.fn, `${n.fn}(${seat(n.seat)})`);
        break;
      case 'Binary':
        out.push(n.op);
        break;
      case 'Has':
        out.push(n.pair ? 'has pair' : n.anyOf ? `has any of ${n.ranks.length > 1 ? 'several' : 'one'}` : 'has one rank', `hand(${seat(n.seat)})`);
        break;
      case 'PileHas':
        out.push(n.anyOf ? `pile has any of ${n.ranks.length > 1 ? 'several' : 'one'}` : 'pile has one rank');
        break;
      case 'Holds':
        out.push(`${seat(n.seat)} holds`);
        break;
      case 'Compare':
        out.push(n.op);
        break;
      default:
    }
  });
  return out;
}

const KEYWORD_WORDS = new Set(KEYWORDS.map((t) => (t.LABEL ?? '').replace(/'/g, '')));

/** Every optional form the arbitrary must produce (besides every node kind). */
const EXPECTED_FORMS = [
  ';',
  'first seat',
  'first left of button',
  'first left of small-blind',
  'first left of big-blind',
  'named blinds',
  'blinds placed by the button',
  'line comment',
  'block comment',
  'multi-line comment',
  'file starts with a block comment',
  'more than 12 comments',
  'chat from',
  'stack each',
  'stack per seat',
  'high-card',
  'pair-with-board',
  'sum-of-ranks',
  'poker-hand',
  'poker-hand using',
  'flush-beats-full-house',
  'no-suits',
  'variable betting opens with RaiseRule',
  'raises no-limit',
  'raises pot-limit',
  'sum-of-ranks rules',
  'bonus pair',
  'bonus each',
  'penalty pair',
  'penalty each',
  'Pile public',
  'Pile hidden',
  'Position public',
  'Position hidden',
  'negative variable',
  ...['from', ''].flatMap((f) =>
    ['each', 'pile', 'winner'].flatMap((t) => ['up', 'down', 'null'].map((face) => `deal${f ? ' from' : ''} to ${t} face ${face}`)),
  ),
  'ante each',
  'ante from',
  'fixed betting opens with BetSize',
  'fixed betting opens with RaiseCap',
  'fixed betting opens with FirstActor',
  'variable betting opens with Fallback',
  'variable betting opens with MaxBet',
  'variable betting opens with FirstActor',
  'max N',
  'max stack',
  'if with else if',
  'if with one branch',
  'if with else',
  'if without else',
  'if public',
  'if private',
  'when public',
  'when private',
  'repeat until',
  'repeat without until',
  'end winner',
  'end without winner',
  'choice public',
  'choice private',
  'cost at chance',
  'certain cost',
  'cost expression at chance',
  'certain cost expression',
  'free option',
  'keyword option name',
  'wager up to N',
  'wager up to stack',
  'wager up to an expression',
  'simultaneous otherwise',
  'simultaneous without otherwise',
  '2 options',
  '3 options',
  'winner pays pot',
  'winner pays opponent',
  'peek random',
  'peek chosen',
  'peek private',
  'peek occurrence',
  'peek by seat',
  'peek by winner',
  'reveal hand',
  'reveal random',
  'swap public',
  'swap private',
  'steal public',
  'steal private',
  'steal to seat',
  'steal to winner',
  'discard random',
  'discard chosen',
  'discard to a pile',
  'discard out of the game',
  'discard face up',
  'discard face down',
  'discard face null',
  'pay N',
  'pay all',
  'pay expression',
  '*',
  'bet expression',
  'pay from seat',
  'pay from pot',
  'pay from winner',
  'pay to seat',
  'pay to pot',
  'pay to winner',
  'score +',
  'score -',
  'assign to highest-card',
  'assign to lowest-card',
  'assign to chip-leader',
  'assign to seat',
  'and',
  'or',
  'stack',
  'handsize',
  'highest',
  'lowest',
  'score',
  'pile has one rank',
  'pile has any of several',
  'pile has any of one',
  'stack(any)',
  'stack(each)',
  'stack(winner)',
  'highest(seat)',
  '+',
  '-',
  'has pair',
  'has any of several',
  'has any of one',
  'has one rank',
  'hand(seat)',
  'hand(any)',
  'hand(each)',
  'hand(winner)',
  'seat holds',
  'any holds',
  'each holds',
  'winner holds',
  '<',
  '<=',
  '>',
  '>=',
  '==',
  '!=',
];

/** Every diagnostic has a 1-based line and column inside `text` (or just past its end). */
function expectValidPositions(text: string, diagnostics: Diagnostic[]): void {
  const lines = text.split(/\r\n|\r|\n/);
  for (const d of diagnostics) {
    const { line, column, start, end } = d.range;
    expect(Number.isInteger(line) && line >= 1 && line <= lines.length, `line ${line} of ${lines.length}: ${d.message}`).toBe(true);
    expect(Number.isInteger(column) && column >= 1 && column <= lines[line - 1]!.length + 1, `column ${column} on line ${line}: ${d.message}`).toBe(true);
    expect(start >= 0 && start <= text.length && end >= start, `range ${start}..${end} of ${text.length}`).toBe(true);
  }
}

/** `parse` and `compileSource` return (never throw); a failed parse has at least one valid diagnostic. */
function expectGracefulParse(text: string): void {
  const parsed = parse(text);
  if (parsed.ast === null) expect(parsed.diagnostics.length).toBeGreaterThan(0);
  expectValidPositions(text, parsed.diagnostics);
  const compiled = compileSource(text);
  if (compiled.ir === null) expect(compiled.diagnostics.length).toBeGreaterThan(0);
  expectValidPositions(text, compiled.diagnostics);
}

/** The language's words and symbols, and some things that are not. */
const SOUP_TOKENS = [
  ...KEYWORDS.map((t) => (t.LABEL ?? '').replace(/'/g, '')),
  'high-card',
  'pair-with-board',
  'Alice',
  'Bob',
  'board',
  'X',
  'hearts',
  'J',
  '10',
  '0',
  '1',
  '2',
  '13',
  '0.5',
  '0.70',
  '007',
  '99999999999',
  '-',
  '"Kuhn"',
  '"',
  '"unterminated',
  '"\\"',
  '{',
  '}',
  ',',
  ';',
  '=',
  '// c\n',
  '/* c */',
  '/*',
  '*/',
  '@',
  '#',
  'é',
  '\u0000',
  '\ufffd',
  '\t',
  '\n',
];
const soupArb = fc
  .array(fc.tuple(fc.constantFrom(...SOUP_TOKENS), fc.constantFrom(' ', '', '\n', '  ')), { maxLength: 60 })
  .map((parts) => parts.map(([t, s]) => t + s).join(''));

/** Delete, insert or swap a character, or delete, duplicate or swap a token, of a valid program. */
const mutantArb = fc
  .tuple(
    arbitraryProgram(),
    fc.constantFrom('delete-char', 'insert-char', 'swap-chars', 'delete-token', 'duplicate-token', 'swap-tokens'),
    fc.nat(),
    fc.nat(),
    fc.constantFrom('{', '}', '"', '/', '*', ';', ',', '=', '-', '1', 'a', ' ', '\n', '\\', '.'),
  )
  .map(([{ source }, how, i, j, ch]) => {
    const at = i % (source.length + 1);
    switch (how) {
      case 'delete-char':
        return source.slice(0, at) + source.slice(at + 1);
      case 'insert-char':
        return source.slice(0, at) + ch + source.slice(at);
      case 'swap-chars':
        return at + 1 < source.length ? source.slice(0, at) + source[at + 1] + source[at] + source.slice(at + 2) : source;
      default: {
        const tokens = source.split(/(\s+)/);
        const a = at % tokens.length;
        const b = j % tokens.length;
        if (how === 'delete-token') tokens.splice(a, 1);
        else if (how === 'duplicate-token') tokens.splice(a, 0, tokens[a]!, ' ');
        else [tokens[a], tokens[b]] = [tokens[b]!, tokens[a]!];
        return tokens.join('');
      }
    }
  });

describe('parse never throws', () => {
  it('on arbitrary strings', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string({ unit: 'binary', maxLength: 200 }), fc.string({ unit: 'grapheme-ascii', maxLength: 200 })), expectGracefulParse),
      {
        numRuns: RUNS,
      },
    );
  });

  it('on token soups of the language', () => {
    fc.assert(fc.property(soupArb, expectGracefulParse), { numRuns: RUNS });
  });

  it('on mutations of valid programs', () => {
    fc.assert(fc.property(mutantArb, expectGracefulParse), { numRuns: RUNS });
  });
});

describe('formatting generated valid programs', () => {
  it('compiles them without diagnostics; formatting is a fixed point, keeps the IR and every comment in order', async () => {
    await fc.assert(
      fc.asyncProperty(arbitraryProgram(), async ({ source, comments }) => {
        const compiled = compileSource(source);
        // Warnings (W0xxx) may apply to these programs (and decompiling drops `// gbgc-allow` comments): errors only.
        expect(compiled.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
        expect(parse(source).ast?.comments.map((c) => c.text)).toEqual(comments);
        const once = await formatSource(source);
        expect(await formatSource(once)).toBe(once);
        expect(compileSource(once).rulesetHash).toBe(compiled.rulesetHash);
        let from = 0;
        for (const c of comments) {
          const at = once.indexOf(c, from);
          expect(at, `comment ${JSON.stringify(c)} missing or out of order`).toBeGreaterThanOrEqual(0);
          from = at + c.length;
        }
      }),
      { numRuns: RUNS },
    );
  });

  it('compiles table programs (3 to 6 seats, a button, chat) and house programs without errors; formatting is a fixed point and keeps the IR', async () => {
    await fc.assert(
      fc.asyncProperty(fc.oneof(arbitraryTable(), arbitraryHouse()), async ({ source }) => {
        const compiled = compileSource(source);
        expect(compiled.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
        const once = await formatSource(source);
        expect(await formatSource(once)).toBe(once);
        expect(compileSource(once).rulesetHash).toBe(compiled.rulesetHash);
      }),
      { numRuns: RUNS },
    );
  });

  it('without comments, puts each declaration, step and item on its own line with no `;`', async () => {
    await fc.assert(
      fc.asyncProperty(arbitraryProgram({ withComments: false }), async ({ source }) => {
        const once = await formatSource(source);
        expect(once).not.toContain(';');
        expect(once).not.toMatch(/[ \t]$/m);
        expect(once).not.toMatch(/\n\n\n/);
        expect(once.endsWith('}\n')).toBe(true);
        for (const l of once.split('\n')) expect(l).toMatch(/^(( {2})*\S.*)?$/);
        const ast = parse(source).ast!;
        let steps = 0;
        walk(ast, (n) => {
          if (n.kind.endsWith('Step')) steps++;
        });
        expect(once.match(STEP_LINE)?.length ?? 0).toBe(steps);
        expect(once.match(/^ {2}(players|stack|deck|pile|var|position|phase|subphase|showdown|generated) /gm)?.length ?? 0).toBe(ast.game.decls.length);
      }),
      { numRuns: RUNS },
    );
  });
});

describe('the arbitrary of valid programs', () => {
  it('covers every node kind, declaration, step and optional form in 200 programs, 50 table programs and 10 house programs', () => {
    const seen = new Set<string>();
    const tables = fc.sample(arbitraryTable(), { numRuns: 50, seed: 42 });
    const houses = fc.sample(arbitraryHouse(), { numRuns: 10, seed: 42 });
    for (const { source } of [...fc.sample(arbitraryProgram(), { numRuns: 200, seed: 42 }), ...tables, ...houses]) {
      const ast = parse(source).ast!;
      for (const f of forms(ast, source)) seen.add(f);
    }
    const kinds = Object.keys(VISITOR_KEYS);
    const missing = [...kinds, ...EXPECTED_FORMS].filter((x) => !seen.has(x));
    expect(missing).toEqual([]);
  });
});
