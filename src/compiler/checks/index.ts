/**
 * The registry of semantic checks: one record per check (`id`, `codes`, `category`, `run`), run
 * in this order after lowering by `compileSource` and, on drawn games, by {@link irDiagnostics}.
 */
import type { CheckRecord } from './check.js';
import { checkDealSize } from './deal-size.js';
import { checkAntes } from './antes.js';
import { checkReachability } from './reachability.js';
import { checkAuctionPrize } from './auction-prize.js';
import { checkLimits } from './limits.js';
import { checkOneSidedSimultaneous } from './one-sided-simultaneous.js';
import { checkOneSeatBetting } from './one-seat-betting.js';
import { checkBackToBackPayments } from './back-to-back-payments.js';
import { checkConstantConditions } from './constant-conditions.js';
import { checkPrivateHidesNothing } from './private-hides-nothing.js';
import { checkNoHiddenInformation } from './no-hidden-information.js';
import { checkLateDeals } from './late-deals.js';
import type { GameIR } from '../../ir/schema.js';
import type { Diagnostic } from '../../diagnostics/diagnostic.js';
import { checkAuctionNesting } from './auction-nesting.js';
import { checkNumberRange } from './number-range.js';
import { checkMenuSize } from './menu-size.js';
import { checkLoopNesting } from './loop-nesting.js';
import { checkChoiceCosts } from './choice-costs.js';
import { checkUnreadState } from './unread-state.js';
import { checkTable } from './table.js';
import { checkHouse } from './house.js';
import { checkShoe } from './shoe.js';

/** Every semantic check, in the order they run (their diagnostics are sorted by position afterwards). */
export const CHECKS: readonly CheckRecord[] = [
  { id: 'deal-size', codes: ['E0207'], category: 'semantics', run: checkDealSize },
  { id: 'antes', codes: ['E0210'], category: 'semantics', run: checkAntes },
  { id: 'table', codes: ['E0252', 'W0253'], category: 'semantics', run: checkTable },
  { id: 'house', codes: ['E0255'], category: 'semantics', run: checkHouse },
  { id: 'shoe', codes: ['E0256'], category: 'semantics', run: checkShoe },
  { id: 'reachability', codes: ['E0224', 'W0001', 'W0002'], category: 'reachability', run: checkReachability },
  { id: 'auction-prize', codes: ['E0227'], category: 'semantics', run: checkAuctionPrize },
  { id: 'limits', codes: ['E0231', 'E0232', 'E0233', 'E0234'], category: 'limits', run: checkLimits },
  { id: 'auction-nesting', codes: ['E0243'], category: 'limits', run: checkAuctionNesting },
  { id: 'number-range', codes: ['E0240'], category: 'limits', run: checkNumberRange },
  { id: 'menu-size', codes: ['E0241'], category: 'limits', run: checkMenuSize },
  { id: 'loop-nesting', codes: ['E0242'], category: 'limits', run: checkLoopNesting },
  { id: 'choice-costs', codes: ['E0223', 'E0249'], category: 'semantics', run: checkChoiceCosts },
  { id: 'one-sided-simultaneous', codes: ['W0101'], category: 'degenerate', run: checkOneSidedSimultaneous },
  { id: 'one-seat-betting', codes: ['W0102'], category: 'degenerate', run: checkOneSeatBetting },
  { id: 'back-to-back-payments', codes: ['W0103'], category: 'degenerate', run: checkBackToBackPayments },
  { id: 'constant-conditions', codes: ['W0104'], category: 'degenerate', run: checkConstantConditions },
  { id: 'private-hides-nothing', codes: ['W0105'], category: 'degenerate', run: checkPrivateHidesNothing },
  { id: 'no-hidden-information', codes: ['W0106'], category: 'degenerate', run: checkNoHiddenInformation },
  { id: 'late-deals', codes: ['W0107'], category: 'degenerate', run: checkLateDeals },
  { id: 'unread-state', codes: ['W0003'], category: 'advisory', run: checkUnreadState },
];
export { runCheck, runChecks } from './check.js';
export type { Check, CheckCategory, CheckContext, CheckRecord } from './check.js';

/**
 * Warnings the generator's acceptance filter does not count (its `degenerate` check): the codes of
 * the `advisory` checks, W0003 (state written and never read), advice to a game's author; the
 * generator's draws are judged without it, so that a seed keeps drawing the same game.
 */
export const ADVISORY_CODES: ReadonlySet<string> = new Set(CHECKS.filter((c) => c.category === 'advisory').flatMap((c) => c.codes));

const NO_SPAN = { start: 0, end: 0, line: 1, column: 1 };

/** The context for checking an IR that has no source (a drawn game): every span is line 1, column 1. */
export function sourcelessContext(ir: GameIR): { ir: GameIR; spanOf: () => typeof NO_SPAN } {
  return { ir, spanOf: () => NO_SPAN };
}

/**
 * Every diagnostic (errors and warnings) the semantic checks report on an IR that has no source
 * (e.g. a drawn game), positions unknown (line 1, column 1), except the {@link ADVISORY_CODES}:
 * what the generator judges its draws by. Unlike `compileSource`, a check that throws is not
 * turned into a diagnostic: the generator would count it as a flag and redraw around a bug.
 * @throws whatever a check throws
 */
export function irDiagnostics(ir: GameIR): Diagnostic[] {
  const ctx = sourcelessContext(ir);
  return CHECKS.flatMap((c) => c.run(ctx)).filter((d) => !ADVISORY_CODES.has(d.code));
}

/**
 * Whether any check reports anything on a sourceless IR (advisory codes included); stops at the
 * first that does. @throws whatever a check throws (as {@link irDiagnostics})
 */
export function anyCheckReports(ir: GameIR): boolean {
  const ctx = sourcelessContext(ir);
  return CHECKS.some((c) => c.run(ctx).length > 0);
}
