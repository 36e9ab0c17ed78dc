/**
 * The spend guard: money spent so far against a budget. The tournament asks {@link SpendGuard.canStartSlot}
 * before each slot and stops at the first slot boundary after the budget is reached; slots not
 * started stay missing (a rerun with a larger budget completes them), never failed.
 */
export class SpendGuard {
  private spentUsd = 0;
  /** @param budgetUsd US dollars; Infinity for no limit */
  constructor(readonly budgetUsd: number = Infinity) {}

  /** Add the cost of a call that was paid for (cache hits cost nothing). */
  add(usd: number): void {
    this.spentUsd += usd;
  }

  get spent(): number {
    return this.spentUsd;
  }

  /** Whether another slot may start. */
  canStartSlot(): boolean {
    return this.spentUsd < this.budgetUsd;
  }
}
