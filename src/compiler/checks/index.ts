/**
 * The registry of semantic checks, run in this order after lowering.
 */
import type { Check } from './check.js';
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

export const CHECKS: readonly Check[] = [checkDealSize, checkAntes, checkReachability, checkAuctionPrize, checkLimits, checkAuctionNesting, checkNumberRange, checkMenuSize, checkLoopNesting, checkChoiceCosts, checkOneSidedSimultaneous, checkOneSeatBetting, checkBackToBackPayments, checkConstantConditions, checkPrivateHidesNothing, checkNoHiddenInformation, checkLateDeals, checkUnreadState];
export type { Check, CheckContext } from './check.js';

/**
 * Warnings the generator's acceptance filter does not count (its `degenerate` check): W0003 (state
 * written and never read) is advice to a game's author; the generator's draws are judged without it,
 * so that a seed keeps drawing the same game.
 */
export const ADVISORY_CODES: ReadonlySet<string> = new Set(['W0003']);

/** The degenerate-construct checks (W0101–W0107), one per class of GENSTRAT-incoherent construct. */
export const DEGENERATE_CHECKS: readonly Check[] = [checkOneSidedSimultaneous, checkOneSeatBetting, checkBackToBackPayments, checkConstantConditions, checkPrivateHidesNothing, checkNoHiddenInformation, checkLateDeals];

const NO_SPAN = { start: 0, end: 0, line: 1, column: 1 };

/**
 * Every diagnostic (errors and warnings) the semantic checks report on an IR that has no source
 * (e.g. a drawn game), positions unknown (line 1, column 1), except the {@link ADVISORY_CODES}:
 * what the generator judges its draws by.
 */
export function irDiagnostics(ir: GameIR): Diagnostic[] {
  const ctx = { ir, spanOf: () => NO_SPAN };
  return CHECKS.flatMap((check) => check(ctx)).filter((d) => !ADVISORY_CODES.has(d.code));
}
