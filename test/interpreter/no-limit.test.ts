/**
 * Blinds and no-limit / pot-limit raises, heads-up, against a table of cases written from the
 * league methodology's hold'em ruleset (`min_raise_rule: previous_raise_size_or_big_blind`,
 * `all_in_reopens_betting_only_if_full_raise`) and the usual heads-up rule (the small blind acts
 * first before the flop and may complete, the big blind keeps its option when called).
 */
import { describe, expect, it } from 'vitest';
import { compileSource } from '../../src/compiler/index.js';
import { compileGame, type InterpreterState } from '../../src/interpreter/index.js';
import { renderTurnPrompt } from '../../src/render/prompt.js';

/** A heads-up game: blinds 1/2 (Alice small), a pre-flop round Alice first, a flop round Bob first. */
function game(opts: { alice?: number; bob?: number; rule?: 'no-limit' | 'pot-limit'; fixed?: boolean } = {}) {
  const round = (first: string) =>
    opts.fixed ? `betting fixed { first ${first}; bet 2; raises at most 3 }` : `betting variable { first ${first}; raises ${opts.rule ?? 'no-limit'}; bet 2 }`;
  const src = `game "NL" {
  stack Alice ${opts.alice ?? 20}, Bob ${opts.bob ?? 20}
  deck { ranks J = 11, Q = 12, K = 13; suits hearts, spades }
  phase Pre { shuffle deck; blinds Alice 1, Bob 2; deal 1 to each face down; ${round('Alice')} }
  phase Flop { ${round('Bob')} }
  showdown high-card
}`;
  const r = compileSource(src);
  if (!r.ir) throw new Error(r.diagnostics.map((d) => d.message).join('; '));
  return compileGame(r.ir);
}

/** The state after the deal and the named actions (menu labels). */
function play(g: ReturnType<typeof game>, labels: string[]): InterpreterState {
  const s = g.newInitialState();
  const go = () => {
    while (!s.isTerminal() && s.currentPlayer() < 0) s.applyAction(s.chanceOutcomes()[0][0]);
  };
  go();
  for (const l of labels) {
    const m = s.observation(s.currentPlayer()).decision!.menu.find((x) => x.label === l);
    if (!m) throw new Error(`'${l}' is not offered: ${labelsOf(s).join(', ')}`);
    s.applyAction(m.action);
    go();
  }
  return s;
}

function labelsOf(s: InterpreterState): string[] {
  return s.observation(s.currentPlayer()).decision!.menu.map((m) => m.label);
}

/** The menu summarised: named actions, then the raise or bet range `word lo..hi`. */
function summary(s: InterpreterState): string {
  const labels = labelsOf(s);
  const amounts = labels.filter((l) => / \d+$/.test(l));
  const named = labels.filter((l) => !/ \d+$/.test(l));
  if (amounts.length === 0) return named.join(' ');
  const ns = amounts.map((l) => Number(l.split(' ')[1]));
  return `${named.join(' ')} ${amounts[0].split(' ')[0]} ${ns[0]}..${ns[ns.length - 1]}`;
}

const seat = (s: InterpreterState) => s.program.seatNames[s.currentPlayer()];

describe('heads-up no-limit: min-raise and all-in table', () => {
  const cases: { name: string; opts?: Parameters<typeof game>[0]; actions: string[]; toAct: string; menu: string }[] = [
    {
      name: 'the small blind acts first pre-flop; min raise = the big blind (to 4), max all-in (to 20)',
      actions: [],
      toAct: 'Alice',
      menu: 'fold call raise 4..20',
    },
    { name: 'a raise to 6 (4 more) makes the next min raise 4 more (to 10)', actions: ['raise 6'], toAct: 'Bob', menu: 'fold call raise 10..20' },
    {
      name: 'a raise to 5 (3 more) then a re-raise to 9 (4 more): the next min raise goes 4 more, to 13',
      actions: ['raise 5', 'raise 9'],
      toAct: 'Alice',
      menu: 'fold call raise 13..20',
    },
    { name: 'a raise to 10 (8 more): the min re-raise goes to 18', actions: ['raise 10'], toAct: 'Bob', menu: 'fold call raise 18..20' },
    {
      name: 'the big blind keeps its option when the small blind completes: check, or raise from 4',
      actions: ['call'],
      toAct: 'Bob',
      menu: 'check raise 4..20',
    },
    {
      name: 'after the option is checked the round ends; post-flop the big blind acts first, min bet = the big blind',
      actions: ['call', 'check'],
      toAct: 'Bob',
      menu: 'check bet 2..18',
    },
    {
      name: 'post-flop: a bet of 3 then a raise to 9 (6 more): min re-raise to 15',
      actions: ['call', 'check', 'bet 3', 'raise 9'],
      toAct: 'Bob',
      menu: 'fold call raise 15..18',
    },
    {
      name: 'a short all-in does not reopen betting: Bob all-in to 7 over a raise to 6 (1 more, less than 4); Alice may only fold or call',
      opts: { bob: 7 },
      actions: ['raise 6', 'raise 7'],
      toAct: 'Alice',
      menu: 'fold call',
    },
    {
      name: 'a seat with fewer chips than a min raise may still go all-in for less',
      opts: { alice: 3 },
      actions: [],
      toAct: 'Alice',
      menu: 'fold call raise 3..3',
    },
    { name: 'facing an all-in big blind, the small blind may fold or call, not raise', opts: { bob: 2 }, actions: [], toAct: 'Alice', menu: 'fold call' },
    {
      name: 'pot-limit: the small blind may raise to at most 6 (call 1, then the pot of 4)',
      opts: { rule: 'pot-limit' },
      actions: [],
      toAct: 'Alice',
      menu: 'fold call raise 4..6',
    },
    {
      name: 'pot-limit post-flop: the first bet is at most the pot (4)',
      opts: { rule: 'pot-limit' },
      actions: ['call', 'check'],
      toAct: 'Bob',
      menu: 'check bet 2..4',
    },
    {
      name: 'pot-limit: facing a bet of 4 into 4, the max raise is to 4 + (8 + 4) = 16',
      opts: { rule: 'pot-limit' },
      actions: ['call', 'check', 'bet 4'],
      toAct: 'Alice',
      menu: 'fold call raise 8..16',
    },
    {
      name: 'fixed-limit with blinds: the small blind faces 1 to call and may raise',
      opts: { fixed: true },
      actions: [],
      toAct: 'Alice',
      menu: 'fold call raise',
    },
    { name: 'fixed-limit with blinds: the big blind keeps its option', opts: { fixed: true }, actions: ['call'], toAct: 'Bob', menu: 'check bet' },
  ];
  for (const c of cases)
    it(c.name, () => {
      const s = play(game(c.opts), c.actions);
      expect(seat(s)).toBe(c.toAct);
      expect(summary(s)).toBe(c.menu);
    });

  it('the short all-in is called and the round ends at once; chips are conserved', () => {
    const s = play(game({ bob: 7 }), ['raise 6', 'raise 7', 'call']);
    expect(s.isTerminal()).toBe(true);
    const r = s.returns();
    expect(r[0] + r[1]).toBe(0);
    expect([-7, 0, 7]).toContain(r[0]);
  });

  it('an all-in small blind smaller than the big blind: the excess goes back, no betting', () => {
    const s = play(game({ alice: 1 }), []);
    expect(s.isTerminal()).toBe(true);
    const texts = s.observation(1).log.map((e) => e.text);
    expect(texts).toContain('Alice posts the small blind: 1 chip.');
    expect(texts).toContain('Bob posts the big blind: 2 chips.');
    expect(texts).toContain('1 chip that could not be matched go back to Bob.');
    expect([-1, 0, 1]).toContain(s.returns()[0]);
  });

  it('the prompt states the call, the raise range and the all-in, as the engine computes them', () => {
    const s = play(game(), ['raise 6']);
    const d = s.observation(1).decision!;
    expect(d.prompt).toContain('facing a bet: 4 chips to call');
    expect(d.prompt).toContain('raise to any total from 10 chips to 20 chips');
    expect(d.prompt).toContain('raise 20 is all-in');
    expect(d.menu.find((m) => m.label === 'raise 10')?.cost).toBe(8);
    // The turn prompt offers the raises as one range, each costing N less the 2 chips already in.
    const prompt = renderTurnPrompt(s.observation(1), 'txt');
    expect(prompt).toContain('raise N, where N is any whole number from 10 to 20 (costs you N − 2 chips, as you have already put in 2 chips)');
    expect(prompt).not.toContain('raise 11');
  });
});
