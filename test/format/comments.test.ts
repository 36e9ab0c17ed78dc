import { describe, expect, it } from 'vitest';
import { formatSource } from '../../src/format/index.js';
import { compileSource } from '../../src/compiler/index.js';

/** A valid game around `body` (the declarations), on one line each. */
const game = (body: string) => `game "C" {\n${body}\n}\n`;
const REST = '  stack 5 each\n  deck { ranks J = 11, Q = 12; suits h }\n  phase Z { shuffle deck }\n  showdown high-card';

/** Format, then check the result is a fixed point that compiles to the same IR as the input. */
async function fmt(src: string): Promise<string> {
  const out = await formatSource(src);
  expect(await formatSource(out)).toBe(out);
  const before = compileSource(src);
  // Warnings (W0xxx) may apply to these programs (and decompiling drops `// gbgc-allow` comments): errors only.
  expect(before.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
  expect(compileSource(out).rulesetHash).toBe(before.rulesetHash);
  return out;
}

const DECK = '  deck {\n    ranks J = 11, Q = 12\n    suits h\n  }\n\n  phase Z {\n    shuffle deck\n  }\n\n  showdown high-card';

describe('comments before items and at the ends of lines', () => {
  it('keeps comments before the game, before declarations and steps, at line ends and at the end of the file', async () => {
    const src =
      '// file header\n/* block header */\ngame "C" { // on the brace line\n  // before stack\n  stack 5 each // chips\n' +
      '  deck { ranks J = 11, Q = 12; suits h }\n  /* before the phase */\n  phase P {\n    // first step\n    shuffle deck /* inline */\n' +
      '    deal 1 to each // one card\n    // after the last step\n  }\n  showdown high-card\n} // after the game\n// last line\n';
    expect(await fmt(src)).toBe(
      '// file header\n/* block header */\ngame "C" { // on the brace line\n  // before stack\n  stack 5 each // chips\n\n' +
        '  deck {\n    ranks J = 11, Q = 12\n    suits h\n  }\n\n  /* before the phase */\n  phase P {\n    // first step\n    shuffle deck /* inline */\n' +
        '    deal 1 to each // one card\n    // after the last step\n  }\n\n  showdown high-card\n} // after the game\n// last line\n',
    );
  });

  it('keeps one blank line around comments where the author left one', async () => {
    const src = game(`${REST}\n  phase P {\n    shuffle deck\n\n    // set up\n\n    deal 1 to each\n\n    // done\n  }`);
    expect(await fmt(src)).toContain('    shuffle deck\n\n    // set up\n\n    deal 1 to each\n\n    // done\n  }');
  });

  it('prints comments of an empty block inside it, and of the block header before its brace', async () => {
    const src = game(`${REST}\n  phase /* header */ P {   /* nothing yet */ }\n  phase Q { // todo\n  }\n  phase R {\n    // one\n\n    // two\n  }`);
    const out = await fmt(src);
    expect(out).toContain('  phase P /* header */ {\n    /* nothing yet */\n  }\n');
    expect(out).toContain('  phase Q { // todo\n  }\n');
    expect(out).toContain('  phase R {\n    // one\n\n    // two\n  }\n');
  });

  it('moves a line comment written before a brace to after it', async () => {
    const src = game(`${REST}\n  phase P // the only phase\n  {\n    shuffle deck\n  }`);
    expect(await fmt(src)).toContain('  phase P { // the only phase\n    shuffle deck\n  }\n');
  });
});

describe('comments between the words of an item', () => {
  it('prints them right after the item, in order', async () => {
    const src = game(`${REST}\n  phase P {\n    deal /* a */ 1 from /* b */ deck to each // c\n      face down\n    ante 1 /* d */ each\n  }`);
    expect(await fmt(src)).toContain('    deal 1 from deck to each face down /* a */ /* b */ // c\n    ante 1 each /* d */\n');
  });

  it('a comment on its own line inside an item leads the next item', async () => {
    const src = game(`${REST}\n  phase P {\n    deal 1\n    // why from the deck\n    to each\n    shuffle deck\n  }`);
    expect(await fmt(src)).toContain('    deal 1 to each\n    // why from the deck\n    shuffle deck\n');
  });

  it('a comment inside the last item of a block stays after it', async () => {
    const src = game(`${REST}\n  phase P {\n    shuffle\n    // the deck\n    deck\n  }`);
    expect(await fmt(src)).toContain('    shuffle deck\n    // the deck\n  }\n');
  });
});

describe('comments in lists', () => {
  it('puts the list one element per line when a line comment sits inside it', async () => {
    const src = game(`  players Alice, // opens\n    Bob\n${REST}`);
    expect(await fmt(src)).toContain('  players\n    Alice, // opens\n    Bob\n');
  });

  it('keeps block comments inline and on one line when it fits', async () => {
    const src = game(
      `  players Alice /* first */, /* second */ Bob\n  stack 5 each\n  deck { ranks J = 11 /* jack */, Q = 12; suits h }\n  phase Z { shuffle deck }\n  showdown high-card`,
    );
    const out = await fmt(src);
    expect(out).toContain('  players Alice /* first */, /* second */ Bob\n');
    expect(out).toContain('    ranks J = 11 /* jack */, Q = 12\n');
  });

  it('a comment inside the last element of a list trails the whole list', async () => {
    const src = game(`  stack Alice 5, Bob /* bob */ 6\n${DECK}`);
    expect(await fmt(src)).toContain('  stack Alice 5, Bob 6 /* bob */\n');
  });

  it('keeps the order of an own-line comment and an end-of-line comment around a comma', async () => {
    const src = game(`  players Alice\n  // a\n  , // b\n  Bob\n${REST}`);
    const out = await fmt(src);
    expect(out.indexOf('// a')).toBeLessThan(out.indexOf('// b'));
    expect(out).toContain('  players\n    Alice,\n    // a\n    // b\n    Bob\n');
  });
});

describe('comments in the generated record', () => {
  it('keeps comments before, between and after its fields, each field on its own line', async () => {
    const src = game(
      `${REST}\n  phase P { shuffle deck }\n  generated { /* why */ generator "g"\n    // the builder\n    builder "1" seed /* s */ 3 // seed\n    complexity 0.50 }`,
    );
    expect(await fmt(src)).toContain(
      '  generated {\n    /* why */ generator "g"\n    // the builder\n    builder "1"\n    seed 3 /* s */ // seed\n    complexity 0.50\n  }\n',
    );
  });
});

describe('comment text', () => {
  it('prints block comments verbatim, with their inner lines, and strips trailing blanks of line comments', async () => {
    const src = game(`  /* two\n     lines { "not a string" */\n  players Alice, Bob // trailing blanks   \n${REST}`);
    const out = await fmt(src);
    expect(out).toContain('  /* two\n     lines { "not a string" */\n  players Alice, Bob // trailing blanks\n');
  });
});

/** A valid game around the steps of one phase. */
const phase = (steps: string) =>
  game(`  stack 5 each\n  deck { ranks J = 11, Q = 12; suits h }\n  position Lead public\n  phase P {\n${steps}\n  }\n  showdown high-card`);

describe('comments in conditional steps', () => {
  it('puts block comments of a condition before its `{` and line comments after it', async () => {
    const src = phase('    if /* a */ stack(Alice) > 0 // b\n      and pot > 1 public { // c\n      shuffle deck\n    }');
    expect(await fmt(src)).toContain('    if stack(Alice) > 0 and pot > 1 public /* a */ { // b\n      // c\n      shuffle deck\n    }\n');
  });

  it('moves comments between `}` and `else` to the `else` line, and keeps comments of empty branches inside them', async () => {
    const src = phase('    if true public {\n    } // d\n    else if false /* e */ private {\n    }\n    // f\n    else { /* g */ }');
    expect(await fmt(src)).toContain('    if true public {\n    } else if false private { // d\n      /* e */\n    } else { // f\n      /* g */\n    }\n');
  });

  it('keeps comments before and after the items of `events`, and after a `when` block', async () => {
    const src = phase('    events {\n      // x\n      when (true) public { shuffle deck } // y\n      when /* z */ false private { }\n    }');
    expect(await fmt(src)).toContain(
      '    events {\n      // x\n      when (true) public {\n        shuffle deck\n      } // y\n      when false private /* z */ {\n      }\n    }\n',
    );
  });

  it('keeps a comment written inside a loop header before its `{`', async () => {
    const src = phase('    repeat up to /* twice */ 2 rounds as r until /* low */ stack(any) <= 1 { shuffle deck }');
    expect(await fmt(src)).toContain('    repeat up to 2 rounds as r until stack(any) <= 1 /* twice */ /* low */ {\n      shuffle deck\n    }\n');
  });
});

describe('comments in choices, simultaneous rounds and auctions', () => {
  it('keeps comments of a choice on its lines and of an option in its header', async () => {
    const src = phase(
      '    choice Alice public { // h\n      option bet cost /* i */ 1 at 50% {\n        shuffle deck // j\n      } // k\n      // l\n      option pass { }\n    }',
    );
    expect(await fmt(src)).toContain(
      '    choice Alice public { // h\n      option bet cost 1 at 50% /* i */ {\n        shuffle deck // j\n      } // k\n      // l\n      option pass {\n      }\n    }\n',
    );
  });

  it('keeps comments of the options line and before `otherwise`', async () => {
    const src = phase(
      '    simultaneous {\n      options Hold, /* m */ Parry // n\n      // o\n      outcome Hold/Parry { }\n      /* p */ otherwise // q\n      { }\n    }',
    );
    expect(await fmt(src)).toContain(
      '    simultaneous {\n      options Hold, Parry /* m */ // n\n      // o\n      outcome Hold/Parry {\n      }\n      /* p */ otherwise { // q\n      }\n    }\n',
    );
  });

  it('keeps comments on and between the lines of an auction and in its prize header', async () => {
    const src = phase(
      '    auction sealed { // r\n      bids 0 .. /* s */ 3 // t\n      tie coinflip\n      // u\n      winner pays pot prize /* v */ { deal 1 to winner }\n      // w\n    }',
    );
    expect(await fmt(src)).toContain(
      '    auction sealed { // r\n      bids 0..3 /* s */ // t\n      tie coinflip\n      // u\n      winner pays pot\n      prize /* v */ {\n        deal 1 to winner\n      }\n      // w\n    }\n',
    );
  });

  it('prints comments inside one-line steps after them, and keeps the comments of a showdown block', async () => {
    const src = game(
      '  stack 5 each\n  deck { ranks J = 11, Q = 12; suits h }\n  phase P {\n    peek Alice /* x */ at random card of Bob private\n    sidebet Alice 1 on /* y */ true\n    score Bob /* z */ + 2\n  }\n  showdown sum-of-ranks { // rules\n    bonus 1 per J /* one */\n  }',
    );
    const out = await fmt(src);
    expect(out).toContain('    peek Alice at random card of Bob private /* x */\n    sidebet Alice 1 on true /* y */\n    score Bob +2 /* z */\n');
    expect(out).toContain('  showdown sum-of-ranks { // rules\n    bonus 1 per J /* one */\n  }\n');
  });

  it('keeps the comments of a sum-of-ranks showdown whose block has no rules, and the block', async () => {
    const src = game('  stack 5 each\n  deck { ranks J = 11, Q = 12; suits h }\n  phase P { shuffle deck }\n  showdown sum-of-ranks /* none */ { // yet\n  }');
    expect(await fmt(src)).toContain('  showdown sum-of-ranks /* none */ { // yet\n  }\n}\n');
  });
});
