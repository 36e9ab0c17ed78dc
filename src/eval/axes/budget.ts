/**
 * Measurement budgets of the complexity axes (GENSTRAT v2 Appendix C): the pool is scored at the
 * `fast` tier, the selected benchmark at the `precise` tier.
 */
export interface AxisBudget {
  tier: 'fast' | 'precise';
  /** L0 episodes of the episode log (state space, temporal depth, information sensitivity, risk). */
  l0Episodes: number;
  /** L1's own L0 episodes, on which L1 is fitted (brittleness). */
  l1Episodes: number;
  /** Sobol opponent policies of the opponent-modelling axis: the global pass, then the concentrated pass. */
  sobolGlobal: number;
  sobolConcentrated: number;
}

export const BUDGETS: Record<'fast' | 'precise', AxisBudget> = {
  fast: { tier: 'fast', l0Episodes: 1000, l1Episodes: 1500, sobolGlobal: 64, sobolConcentrated: 0 },
  precise: { tier: 'precise', l0Episodes: 3000, l1Episodes: 1500, sobolGlobal: 64, sobolConcentrated: 256 },
};
