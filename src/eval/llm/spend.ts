/**
 * The spend guard: money spent against a budget, counted over everything the run store holds for
 * the run (the calls of earlier runs and of slots a crash left unfinished, read from the response
 * cache, plus this process's), so a rerun or a resume does not start again from $0. The
 * tournament asks {@link SpendGuard.canStartSlot} before each slot, and each decision asks
 * {@link SpendGuard.checkCall} before each HTTP request: once the budget is reached no request is
 * sent, the slot under way stops unfinished (its paid replies stay in the cache and are replayed
 * by a later run), and the slots not finished stay missing, never failed. The spend of a run is
 * therefore at most the budget plus the calls in flight when it was reached.
 */

/** Thrown by {@link SpendGuard.checkCall} when the budget is reached: the slot under way stops and stays missing. */
export class BudgetReachedError extends Error {
  constructor(
    readonly budgetUsd: number,
    readonly spentUsd: number,
  ) {
    super(`the LLM budget of US$${budgetUsd} is reached (US$${spentUsd.toFixed(4)} spent)`);
    this.name = 'BudgetReachedError';
  }
}

export class SpendGuard {
  private spentUsd = 0;
  /**
   * @param budgetUsd US dollars; Infinity for no limit
   * @param alreadySpentUsd what earlier runs of the same run store spent
   */
  constructor(
    readonly budgetUsd: number = Infinity,
    alreadySpentUsd = 0,
  ) {
    this.spentUsd = alreadySpentUsd;
  }

  /** Add the cost of a call that was paid for (cache hits cost nothing). */
  add(usd: number): void {
    this.spentUsd += usd;
  }

  /** Count spend recorded elsewhere (earlier runs of the store), once. */
  addEarlier(usd: number): void {
    this.spentUsd += usd;
  }

  get spent(): number {
    return this.spentUsd;
  }

  /** Whether another slot may start. */
  canStartSlot(): boolean {
    return this.spentUsd < this.budgetUsd;
  }

  /** @throws BudgetReachedError when the budget is reached (called before each HTTP request) */
  checkCall(): void {
    if (this.spentUsd >= this.budgetUsd) throw new BudgetReachedError(this.budgetUsd, this.spentUsd);
  }
}
