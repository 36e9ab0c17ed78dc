/**
 * E0241: a decision that picks an amount (a sealed bid, a wager, a variable bet) offers each whole
 * amount of its range as its own action; agents, prompts and solvers list them all, so a range
 * holds at most {@link MAX_AMOUNTS} amounts. A range bounded by the stack can reach every chip
 * of the game (every starting stack: chips only move between the seats and the pot).
 *
 * The no-limit and pot-limit rounds of a table game (3 to 6 seats, or a button: the table engine)
 * are not limited: a seat may raise to any total up to its stack (the league's table: 10,000
 * chips), and agents and menus treat those totals as one range (a move and an amount).
 */
import { error, type Diagnostic } from '../../diagnostics/diagnostic.js';
import { visitSteps } from '../../ir/walk.js';
import type { Check } from './check.js';
import { boundsContext, intInterval, type BoundsContext } from '../../ir/bounds.js';
import { allBlocks, isTableGame } from '../../ir/facts.js';

export const MAX_AMOUNTS = 1000;

export const checkMenuSize: Check = ({ ir, spanOf }) => {
  const out: Diagnostic[] = [];
  const chips = ir.stacks.reduce((a, b) => a + b, 0);
  const table = isTableGame(ir);
  const limit = MAX_AMOUNTS.toLocaleString('en-US');
  let bounds: BoundsContext | undefined;
  const stackNote = `a range up to the stack can reach all ${chips.toLocaleString('en-US')} chips of the game (${ir.stacks.length === 2 ? 'both starting stacks' : 'every starting stack'})`;
  for (const p of allBlocks(ir))
    visitSteps(p.steps, (st) => {
      let size = 0;
      let what = '';
      let help: string | undefined;
      if (st.kind === 'auction') {
        size = st.max - st.min + 1;
        what = `the bids ${st.min}..${st.max}`;
      } else if (st.kind === 'wager' && typeof st.max === 'object') {
        // The largest wager is worked out at run time and capped by the stack: bound it by its interval and by every chip of the game.
        const hi = Math.min(chips, intInterval(st.max, bounds ?? (bounds = boundsContext(ir)))[1]);
        size = hi - st.min + 1;
        what = `the wager ${st.min}..(an expression that may reach ${hi.toLocaleString('en-US')})`;
        help = `the largest wager is capped by the stack, so it may reach ${hi.toLocaleString('en-US')}; bound the expression by a loop counter or smaller numbers`;
      } else if (st.kind === 'wager') {
        const max = st.max as number | 'stack';
        const hi = max === 'stack' ? chips : max;
        size = hi - st.min + 1;
        what = `the wager ${st.min}..${st.max}`;
        if (st.max === 'stack') help = stackNote;
      } else if (st.kind === 'varbet' && !(table && st.raises)) {
        size = st.max === 'stack' ? chips : Math.min(st.max, chips);
        what = `the variable bets 1..${st.max === 'stack' ? 'stack' : st.max}`;
        if (st.max === 'stack') help = stackNote;
      } else return;
      if (size > MAX_AMOUNTS)
        out.push(
          error(
            'E0241',
            `${what}: ${size.toLocaleString('en-US')} amounts to choose from; a decision offers at most ${limit}`,
            spanOf(st),
            help ?? 'narrow the range',
          ),
        );
    });
  return out;
};
