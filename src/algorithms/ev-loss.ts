/**
 * Decision quality against a reference: the EV loss of one decision (the best legal action's
 * expected value minus the chosen action's, at the same observation) and agreement with the
 * reference's best action, with states the reference does not cover kept missing rather than
 * scored (LLM game league methodology, reporting rules: "Uncomputed states remain missing rather
 * than being assigned a loss"). Any reference that values a decision's legal actions can serve it:
 * the blackjack and roulette references of `casino/`, or a solver's action values.
 */

/** The expected value of each legal action at one observation, in the game's unit (per initial bet, probability of reaching a target, chips). */
export type ActionValues = ReadonlyMap<string, number>;

/** A reference: action values of a decision it covers, or undefined for one it does not. */
export interface DecisionReference<Observation> {
  /** What the reference is, for reports (e.g. `blackjack-cd-6deck-s17`). */
  readonly name: string;
  /** The legal actions' values at `observation`, or undefined when not computed. */
  actionValues(observation: Observation): ActionValues | undefined;
}

/** Actions whose value is within `tolerance` of the best (ties all count as best). */
export function bestActions(values: ActionValues, tolerance = 1e-12): string[] {
  let top = -Infinity;
  for (const v of values.values()) top = Math.max(top, v);
  return [...values].filter(([, v]) => v >= top - tolerance).map(([a]) => a);
}

/**
 * EV loss of `chosen`: max over legal actions of the value, minus the value of `chosen` (≥ 0).
 * Undefined when `values` is undefined (a state the reference does not cover).
 * @throws RangeError when `values` is empty or `chosen` is not one of its actions (not a legal action).
 */
export function evLoss(values: ActionValues | undefined, chosen: string): number | undefined {
  if (values === undefined) return undefined;
  const v = values.get(chosen);
  if (v === undefined) throw new RangeError(`"${chosen}" is not a legal action here (legal: ${[...values.keys()].join(', ') || 'none'})`);
  let top = -Infinity;
  for (const x of values.values()) top = Math.max(top, x);
  return top - v;
}

/** Whether `chosen` is a best action (within `tolerance`); undefined for an uncovered state. */
export function agreesWithReference(values: ActionValues | undefined, chosen: string, tolerance = 1e-12): boolean | undefined {
  const loss = evLoss(values, chosen);
  return loss === undefined ? undefined : loss <= tolerance;
}

/** One scored decision: its loss and agreement, or missing ones for an uncovered state. */
export interface ScoredDecision {
  loss: number | undefined;
  agrees: boolean | undefined;
}

/** Score one decision against a reference (see {@link evLoss}). */
export function scoreDecision<O>(reference: DecisionReference<O>, observation: O, chosen: string, tolerance = 1e-12): ScoredDecision {
  const values = reference.actionValues(observation);
  const loss = evLoss(values, chosen);
  return { loss, agrees: loss === undefined ? undefined : loss <= tolerance };
}

/** Decision quality over many decisions. */
export interface DecisionQuality {
  /** Decisions seen, covered by the reference, and missing (not computed). */
  decisions: number;
  covered: number;
  missing: number;
  /** Mean EV loss over covered decisions (undefined when none is covered). */
  meanLoss: number | undefined;
  /** Sum of EV losses over covered decisions. */
  totalLoss: number;
  /** Share of covered decisions that chose a best action (undefined when none is covered). */
  agreement: number | undefined;
}

/** Aggregate scored decisions; missing ones are counted, never scored as zero loss. */
export function summarizeDecisions(scored: Iterable<ScoredDecision>): DecisionQuality {
  let decisions = 0;
  let covered = 0;
  let total = 0;
  let agree = 0;
  for (const s of scored) {
    decisions++;
    if (s.loss === undefined) continue;
    covered++;
    total += s.loss;
    if (s.agrees) agree++;
  }
  return {
    decisions,
    covered,
    missing: decisions - covered,
    meanLoss: covered > 0 ? total / covered : undefined,
    totalLoss: total,
    agreement: covered > 0 ? agree / covered : undefined,
  };
}
