/**
 * Warnings (W0xxx): one golden case per check (the warning, its line and column), a clean
 * counterpart that must not warn, `// gbgc-allow`, and the CLI (`check`, `--deny-warnings`,
 * `--json`, `explain`).
 */
import { describe, expect, it } from 'vitest';
import { compileSource } from '../../src/compiler/index.js';
import { formatDiagnostics } from '../../src/diagnostics/format.js';
import { CATALOGUE } from '../../src/diagnostics/catalogue.js';
import { runCli } from '../cli/run-cli.js';
import { writeFileSync, mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { ADVISORY_CODES, irDiagnostics } from '../../src/compiler/checks/index.js';
import { sample } from '../../src/sampler/sample.js';
import { join } from 'node:path';
import { tmpdir } from 'node:os';

/** A Kuhn-like game: `decl` goes before the phases, `body` is the Play phase, then a fixed betting round. */
const game = (body: string, decl = '', betting = true) => `game "K" {
  players Alice, Bob
  stack 10 each
  deck { ranks J = 11, Q = 12, K = 13; suits hearts, spades }
${decl}  phase Setup {
    shuffle deck
    deal 1 to each face down
    ante 1 each
  }
  phase Play {
${body}
  }
${betting ? '  phase Bet {\n    betting fixed { bet 1; raises at most 1; first Alice }\n  }\n' : ''}  showdown high-card
}
`;

/** `source` with a last phase `Late` (its body `body`) after the others. */
const withLatePhase = (source: string, body: string): string => source.replace('  showdown high-card', `  phase Late {\n${body}\n  }\n  showdown high-card`);

/** A sub-phase `Extra` that deals a card to each seat (line 6 of a {@link game} that declares it). */
const EXTRA_DEAL = '  subphase Extra {\n    deal 1 to each face down\n  }\n';

interface Case {
  name: string;
  source: string;
  /** [code, line, column] of each warning, in order. */
  expected: [string, number, number][];
}

const CASES: Case[] = [
  {
    name: 'W0001 sub-phase never called',
    source: game('    pay 1 from Alice to Bob', '  subphase Bonus { pay 1 from pot to Alice }\n'),
    expected: [['W0001', 5, 12]],
  },
  { name: 'W0002 step after end', source: game('    end "over"\n    shuffle deck'), expected: [['W0002', 12, 5]] },
  { name: 'W0003 a variable set and never read', source: game('    set n = 2', '  var n = 0\n'), expected: [['W0003', 12, 5]] },
  { name: 'W0003 a variable read only to set it again', source: game('    set n = n + 1', '  var n = 0\n'), expected: [['W0003', 12, 5]] },
  {
    name: 'W0003 a hidden position given and never asked about',
    source: game('    assign Warden to Bob', '  position Warden hidden\n'),
    expected: [['W0003', 12, 5]],
  },
  {
    name: 'W0101 every outcome favours Alice',
    source: game(
      '    simultaneous {\n      options Hold, Push\n      outcome Hold/Hold { pay 1 from Bob to Alice }\n      outcome Push/Hold { }\n      otherwise { peek Alice at random card of Bob occurrence public }\n    }',
    ),
    expected: [['W0101', 11, 5]],
  },
  {
    name: 'W0102 Bob cannot bet after Alice checks',
    source: game(
      '    choice Alice public {\n      option bet { wager Alice 1..2  choice Bob public { option fold { end winner Alice "fold" } option call { match Bob } } }\n      option check { }\n    }',
      '',
      false,
    ),
    expected: [['W0102', 11, 5]],
  },
  { name: 'W0103 back-to-back payments', source: game('    pay 2 from Bob to Alice\n    pay 1 from Bob to Alice'), expected: [['W0103', 12, 5]] },
  {
    name: 'W0104 condition on a score nothing changes',
    source: game('    if score(Alice) > 0 public { pay 1 from Bob to Alice }'),
    expected: [['W0104', 11, 5]],
  },
  {
    name: 'W0104 condition on a variable nothing sets',
    source: game('    if n >= 1 public { pay 1 from Bob to Alice }', '  var n = 0\n'),
    expected: [['W0104', 12, 5]],
  },
  {
    name: 'W0105 private check of a public number',
    source: game('    if pot > 1 private { peek Alice at random card of Bob private }'),
    expected: [['W0105', 11, 5]],
  },
  {
    name: 'W0105 private check whose payment gives it away',
    source: game('    if highest(Alice) > highest(Bob) private { pay 1 from Bob to Alice }'),
    expected: [['W0105', 11, 5]],
  },
  {
    name: 'W0105 private choice whose only costly option gives it away',
    source: game('    choice Alice private {\n      option look cost 1 { peek Alice at random card of Bob private }\n      option rest { }\n    }'),
    expected: [['W0105', 11, 5]],
  },
  { name: 'W0253 a big blind larger than a stack (posted all-in)', source: game('    blinds Alice 1, Bob 20'), expected: [['W0253', 11, 5]] },
  { name: 'W0106 both hands revealed before the betting', source: game('    reveal hand of Alice\n    reveal hand of Bob'), expected: [['W0106', 15, 5]] },
  {
    name: 'W0107 a deal after the last decision',
    source: game('    pay 1 from pot to Alice', '', true).replace(
      '  showdown high-card',
      '  phase Late {\n    deal 1 to each face down\n  }\n  showdown high-card',
    ),
    expected: [['W0107', 17, 5]],
  },
  {
    name: 'W0107 a deal in a sub-phase called only after the last decision',
    source: withLatePhase(game('    pay 1 from pot to Alice', EXTRA_DEAL), '    call Extra'),
    expected: [['W0107', 6, 5]],
  },
];

/** The same constructs written so that nothing is degenerate. */
const CLEAN: { name: string; source: string }[] = [
  {
    name: 'a sub-phase that deals, called before a decision as well as after the last one',
    source: withLatePhase(game('    call Extra', EXTRA_DEAL), '    call Extra'),
  },
  {
    name: 'a deal in a loop whose rounds bet after it',
    source: withLatePhase(
      game('    pay 1 from pot to Alice'),
      '    repeat up to 2 rounds as r until r >= 2 {\n      deal 1 to each face down\n      betting fixed { bet 1; raises at most 1; first Alice }\n    }',
    ),
  },
  {
    name: 'a contest: outcomes favour both seats',
    source: game(
      '    simultaneous {\n      options Hold, Push\n      outcome Hold/Hold { pay 1 from Bob to Alice }\n      outcome Push/Hold { pay 1 from Alice to Bob }\n    }',
    ),
  },
  {
    name: 'Bob may bet after Alice checks',
    source: game(
      '    choice Alice public {\n      option bet { wager Alice 1..2  call BobAnswers }\n      option check { choice Bob public { option bet { wager Bob 1..2  call AliceAnswers } option check { } } }\n    }',
      '  subphase BobAnswers { choice Bob public { option fold { end winner Alice "fold" } option call { match Bob } } }\n  subphase AliceAnswers { choice Alice public { option fold { end winner Bob "fold" } option call { match Alice } } }\n',
      false,
    ),
  },
  { name: 'payments to different payees', source: game('    pay 2 from Bob to Alice\n    pay 1 from Bob to pot') },
  { name: 'a condition on a score that changes', source: game('    score Bob +1\n    if score(Alice) > 0 public { pay 1 from Bob to Alice }') },
  {
    name: 'a private check whose branches look alike',
    source: game('    if highest(Alice) > highest(Bob) private { peek Alice at random card of Bob private }'),
  },
  { name: 'one hand revealed: the other is hidden', source: game('    reveal hand of Alice') },
  { name: 'a variable set, then read by a condition', source: game('    set n = n + 1\n    if n >= 1 public { pay 1 from Bob to Alice }', '  var n = 0\n') },
  { name: 'a variable read in an amount', source: game('    set n = 2\n    pay n from Bob to Alice', '  var n = 0\n') },
  {
    name: 'a hidden position given, then asked about',
    source: game(
      '    assign Warden to highest-card\n    if Alice holds Warden private { peek Alice at random card of Bob private }',
      '  position Warden hidden\n',
    ),
  },
  { name: 'a deal before the last decision', source: game('    deal 1 to each face down') },
  { name: 'Kuhn poker', source: game('    pay 1 from pot to pot'.replace('pay 1 from pot to pot', 'shuffle deck')) },
];

describe('warnings: one golden case per check', () => {
  for (const c of CASES)
    it(c.name, () => {
      const r = compileSource(c.source);
      expect(r.ir).not.toBeNull();
      expect(r.diagnostics.map((d) => [d.code, d.range.line, d.range.column])).toEqual(c.expected);
      for (const d of r.diagnostics) {
        expect(d.severity).toBe('warning');
        expect(CATALOGUE[d.code]).toBeDefined();
      }
    });
  for (const c of CLEAN)
    it(`no warning: ${c.name}`, () => {
      const r = compileSource(c.source);
      expect(r.ir).not.toBeNull();
      expect(r.diagnostics).toEqual([]);
    });

  it('prints file:line:col: warning[CODE] with the excerpt, and counts warnings', () => {
    const src = CASES.find((c) => c.name.startsWith('W0103'))!.source;
    const text = formatDiagnostics('g.gbg', src, compileSource(src).diagnostics);
    expect(text).toBe(
      [
        'g.gbg:12:5: warning[W0103]: this payment follows another from the same payer to the same payee',
        '   |',
        '12 |     pay 1 from Bob to Alice',
        '   |     ^^^^^^^^^^^^^^^^^^^^^^^',
        '   = help: write one payment of 3',
        '',
        'g.gbg: 1 warning',
        '',
      ].join('\n'),
    );
  });

  it('`// gbgc-allow CODE` on the line, or alone on the line above, silences that warning only', () => {
    const src = game('    pay 2 from Bob to Alice\n    pay 1 from Bob to Alice // gbgc-allow W0103');
    expect(compileSource(src).diagnostics).toEqual([]);
    const above = game('    pay 2 from Bob to Alice\n    // gbgc-allow W0103\n    pay 1 from Bob to Alice');
    expect(compileSource(above).diagnostics).toEqual([]);
    const other = game('    pay 2 from Bob to Alice\n    pay 1 from Bob to Alice // gbgc-allow W0104');
    expect(compileSource(other).diagnostics.map((d) => d.code)).toEqual(['W0103']);
  });

  it('warnings do not change the compiled game', () => {
    const warned = compileSource(CASES.find((c) => c.name.startsWith('W0103'))!.source);
    const allowed = compileSource(game('    pay 2 from Bob to Alice\n    pay 1 from Bob to Alice // gbgc-allow W0103'));
    expect(warned.rulesetHash).toBe(allowed.rulesetHash);
  });
});

describe('W0003 on the bundled examples and on generated games', () => {
  it('no bundled example gains a W0003', () => {
    for (const f of readdirSync('examples').filter((x) => x.endsWith('.gbg'))) {
      const codes = compileSource(readFileSync(join('examples', f), 'utf8')).diagnostics.map((d) => d.code);
      expect(codes, f).not.toContain('W0003');
    }
  });

  it("fires on the coherent builder's game of seed 1 at complexity 0.7 (a hidden position Warden nothing reads), which that builder still accepts", async () => {
    const g = await sample(1, 0.7, { builder: 'coherent' });
    const w = compileSource(g.source).diagnostics.filter((d) => d.code === 'W0003');
    expect(w.map((d) => d.message)).toEqual(['the hidden position Warden is given here but no condition asks who holds it: it changes no play']);
    // Advice to authors: not one of the diagnostics the generator judges its draws by.
    expect(ADVISORY_CODES.has('W0003')).toBe(true);
    expect(irDiagnostics(g.ir).map((d) => d.code)).not.toContain('W0003');
  });

  it('the paper builder draws again rather than emit a game with a W0003 (seed 1 at complexity 0.7)', async () => {
    const g = await sample(1, 0.7);
    expect(compileSource(g.source).diagnostics.filter((d) => d.code === 'W0003')).toEqual([]);
  });
});

describe('gbgc check with warnings', () => {
  const dir = mkdtempSync(join(tmpdir(), 'gbgc-warn-'));
  const file = join(dir, 'w.gbg');
  writeFileSync(file, CASES.find((c) => c.name.startsWith('W0103'))!.source);

  it('exits 0 with warnings, 1 with --deny-warnings', async () => {
    const r = await runCli(['check', file]);
    expect(r.code).toBe(0);
    expect(r.stderr).toContain('warning[W0103]');
    expect(r.stderr).toContain('1 warning');
    expect((await runCli(['check', '--deny-warnings', file])).code).toBe(1);
  });

  it('--json lists warnings with their severity', async () => {
    const r = await runCli(['check', '--json', file]);
    const report = JSON.parse(r.stdout) as { ok: boolean; diagnostics: { code: string; severity: string }[] }[];
    expect(report[0]!.ok).toBe(true);
    expect(report[0]!.diagnostics.map((d) => [d.code, d.severity])).toEqual([['W0103', 'warning']]);
  });

  it('explain prints a warning code', async () => {
    const r = await runCli(['explain', 'W0106']);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^W0106 \(warning\): no hidden information at any decision/);
    expect(JSON.parse((await runCli(['explain', 'W0101', '--json'])).stdout).severity).toBe('warning');
  });
});
