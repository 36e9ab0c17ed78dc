/**
 * The registry of semantic checks, run in this order after lowering.
 */
import type { Check } from './check.js';
import { checkDealSize } from './deal-size.js';
import { checkAntes } from './antes.js';
import { checkReachability } from './reachability.js';
import { checkAuctionPrize } from './auction-prize.js';
import { checkLimits } from './limits.js';
import { checkAuctionNesting } from './auction-nesting.js';
import { checkNumberRange } from './number-range.js';
import { checkMenuSize } from './menu-size.js';
import { checkLoopNesting } from './loop-nesting.js';

export const CHECKS: readonly Check[] = [checkDealSize, checkAntes, checkReachability, checkAuctionPrize, checkLimits, checkAuctionNesting, checkNumberRange, checkMenuSize, checkLoopNesting];
export type { Check, CheckContext } from './check.js';
