/**
 * E0240: every number of a game is at most {@link MAX_NUMBER} in size (stacks, amounts, card
 * values, variables, scores, numbers in conditions), so chip and score arithmetic stays exact in
 * the interpreter's 32-bit registers: even 10,000 loop rounds of the largest amount stay below
 * 2^31 per step.
 */
import { error, type Diagnostic } from '../../diagnostics/diagnostic.js';
import type { Step } from '../../ir/schema.js';
import { childBlocks, visitSteps } from '../../ir/walk.js';
import type { Check } from './check.js';
import { allBlocks } from '../../ir/facts.js';

export const MAX_NUMBER = 1_000_000;

/** The numbers held by a value (objects and arrays searched deeply), skipping the arrays in `skip`. */
function numbers(v: unknown, skip: ReadonlySet<unknown>, out: number[]): number[] {
  if (typeof v === 'number') out.push(v);
  else if (Array.isArray(v)) {
    if (!skip.has(v)) for (const x of v) numbers(x, skip, out);
  } else if (typeof v === 'object' && v !== null) for (const x of Object.values(v)) numbers(x, skip, out);
  return out;
}

const tooBig = (n: number): boolean => !Number.isFinite(n) || Math.abs(n) > MAX_NUMBER;

export const checkNumberRange: Check = ({ ir, spanOf }) => {
  const out: Diagnostic[] = [];
  const fallback = ir.phases[0]!;
  const report = (n: number, what: string, at: object): void =>
    void out.push(error('E0240', `${what} ${n} is too large: numbers in a game are at most ${MAX_NUMBER.toLocaleString('en-US')} in size`, spanOf(at)));
  // One mistake, one error: `stack N each` gives every seat the same number.
  if (ir.stacks.every((x) => x === ir.stacks[0]) && tooBig(ir.stacks[0]!)) report(ir.stacks[0]!, 'the starting stack', ir.stacks);
  else for (const [i, s] of ir.stacks.entries()) if (tooBig(s)) report(s, `the starting stack of ${ir.seats[i]}`, ir.stacks);
  for (const r of ir.deck.ranks) if (tooBig(r.value)) report(r.value, `the value of rank ${r.name}`, r);
  for (const v of ir.variables) if (tooBig(v.initial)) report(v.initial, `the initial value of ${v.name}`, fallback);
  for (const n of numbers(ir.showdown, new Set(), [])) if (tooBig(n)) report(n, 'the showdown number', fallback);
  for (const p of allBlocks(ir))
    visitSteps(p.steps, (st: Step) => {
      const big = numbers(st, new Set(childBlocks(st)), []).find(tooBig);
      if (big !== undefined) report(big, 'the number', st);
    });
  return out;
};
