/**
 * Structure figures of a game, for the generator's statistics (`bench/generator-stats.ts`,
 * `docs/generator.md`).
 */
import type { GameIR, Step } from '../ir/schema.js';
import { childBlocks } from '../ir/walk.js';
import { subphaseMap } from '../ir/facts.js';

/**
 * The most betting rounds one episode can play: each `betting` or `varbet` step, and each
 * choice in which a seat may wager (a wager round; the answers and counter-bets inside it belong
 * to the same round), counted on the longest path — a loop counts its body `max` times, an `if`
 * its richest branch, a sub-phase call its body.
 */
export function bettingRounds(ir: GameIR): number {
  const subs = subphaseMap(ir);
  const block = (steps: readonly Step[], depth: number): number => steps.reduce((n, st) => n + step(st, depth), 0);
  const step = (st: Step, depth: number): number => {
    if (depth > 64) return 0;
    switch (st.kind) {
      case 'betting':
      case 'varbet':
        return 1;
      case 'choice':
        // A wager round, or a fixed-limit round as a chain of choices (an option `bet` that pays to the pot).
        if (st.options.some((o) => o.steps.some((x) => x.kind === 'wager' || (o.name === 'bet' && x.kind === 'pay' && x.to.kind === 'pot')))) return 1;
        return Math.max(0, ...st.options.map((o) => block(o.steps, depth + 1)));
      case 'repeat':
        return st.max * block(st.steps, depth + 1);
      case 'call':
        return block(subs.get(st.phase) ?? [], depth + 1);
      default:
        return Math.max(0, ...childBlocks(st).map((b) => block(b, depth + 1)));
    }
  };
  return ir.phases.reduce((n, p) => n + block(p.steps, 0), 0);
}
