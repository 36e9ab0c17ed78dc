/**
 * Decision quality of a run store's participants against a reference, reported beside the game
 * results and apart from them (LLM game league methodology, reporting rules: game results, decision
 * quality, observed behaviour and execution are shown separately; "EV loss is the difference
 * between the best legal action's expected value and the chosen action's expected value at the same
 * observation. Uncomputed states remain missing rather than being assigned a loss").
 *
 * For a two-seat game whose tree fits the node budget, the reference is the CFR+ average profile of
 * `solve` (`iterations` iterations): at seat b's information state I, action a is worth
 *   Q(I, a) = Σ_{h∈I} π_{−b}(h) v_b(h·a) / Σ_{h∈I} π_{−b}(h)
 * with the opponent and chance playing that profile (the stated opponent model) and play after a
 * following it too (`TreeDecisionReference`). A stored move's information state is found by its
 * digest (`obsDigest` of the key, what the match loop records); a move whose state the reference
 * does not value (a game with no reference, a digest not in the tree, a state the profile never
 * reaches) is counted as uncovered and never scored.
 *
 * A blackjack game laid out as `examples/blackjack.gbg` has its own reference (./blackjack-quality.ts):
 * each session is replayed and each player decision valued by the basic-strategy chart's values
 * (`basicStrategyValues()`), in expected value per initial bet (the reference's unit, its
 * {@link DecisionReferenceInfo.unit}); agreement there is choosing the cell's best action exactly.
 * Its measures stay Preview ({@link previewReason}).
 *
 * Per participant: decisions, decisions covered, mean EV loss over covered decisions (chips per
 * decision, the seat's returns' unit) and agreement (share of covered decisions choosing a best
 * action, within {@link DQ_AGREEMENT_TOLERANCE} chips by default), the blocks (game, play seed) holding its covered decisions, and 95 %
 * block-bootstrap percentile intervals of both (ratio of the drawn blocks' sums, B replicates from
 * `rngFromKeys(seed, DQ_STREAM, r)`), null with fewer than two blocks. Decisions are not independent
 * samples: the block is the unit.
 */
import { compileSource } from '../../compiler/index.js';
import { isTableGame } from '../../ir/facts.js';
import { compileGame } from '../../interpreter/game.js';
import { solve, DEFAULT_ITERATIONS } from '../../algorithms/solve.js';
import { TreeTooLargeError } from '../../algorithms/tree.js';
import { TreeDecisionReference, type TreeDecision } from '../../algorithms/tree-decision-reference.js';
import { evLoss } from '../../algorithms/ev-loss.js';
import { rngFromKeys } from '../../util/rng.js';
import { obsDigest } from '../match/play.js';
import { slotHands, type MoveRecord } from '../store/store.js';
import type { StoredSlots } from '../store/read.js';
import { percentileInterval, type Interval } from './dist.js';
import { BLACKJACK_REFERENCE, blackjackDecisionReference, blackjackMoveValues, type BlackjackDecisionReference, type MoveValue } from './blackjack-quality.js';

/** Default node budget of a game's reference tree. */
export const DQ_MAX_NODES = 20_000;
/** Stream key of the decision-quality bootstrap. */
const DQ_STREAM = 0x6471;
/**
 * Default tolerance (chips) within which a chosen action counts as a best action: a CFR+ profile is
 * an approximate equilibrium, and the actions it mixes have values that differ by up to about 1e-3
 * chips after 1,000 iterations on Kuhn (`test/algorithms/tree-decision-reference.test.ts`); with
 * 1e-9 the cfr agent agreed with its own reference on 76.6 % of its 47 decisions of a 20-run Kuhn
 * tournament, with 1e-3 on 95.7 % (docs/statistics.md).
 */
export const DQ_AGREEMENT_TOLERANCE = 1e-3;

/** How one game's decisions were valued. */
export interface DecisionReferenceInfo {
  /** Ruleset hash. */
  game: string;
  name: string;
  /** The reference (e.g. `CFR+ 1000 iterations, average profile`), or null when the game has none. */
  reference: string | null;
  /** The reference profile's exploitability, chips/game (how far it is from an equilibrium), or null. */
  exploitability: number | null;
  /** Why the game has no reference, or null. */
  reason: string | null;
  /** What its EV loss is measured in when not the section's unit (blackjack: expected value per initial bet). */
  unit?: string;
  /**
   * Why the game's decision measures stay Preview whatever the run's label (absent: they follow it):
   * a house game's (the league's blackjack and roulette) until its reference's scope and calculation
   * are validated, as the league methodology requires.
   */
  preview?: string | null;
}

/** Why a game's decision measures stay Preview (see {@link DecisionReferenceInfo.preview}), or null. */
export function previewReason(ir: { house?: unknown; shoe?: unknown }): string | null {
  if (!ir.house) return null;
  return ir.shoe
    ? "blackjack's decision measures stay Preview until the reference's scope and calculation are validated"
    : "a house game's decision measures stay Preview until a reference for its states is validated";
}

/** Decision quality of one participant. */
export interface DecisionQualityRow {
  participant: string;
  name: string;
  /** Decisions recorded in its finished slots (all games). */
  decisions: number;
  /** Decisions whose information state the reference values. */
  covered: number;
  /** Mean EV loss over covered decisions, chips per decision; null when none is covered. */
  meanLoss: number | null;
  meanLossCi: Interval | null;
  /** Share of covered decisions choosing a best action; null when none is covered. */
  agreement: number | null;
  agreementCi: Interval | null;
  /** Blocks (game, play seed) holding its covered decisions. */
  blocks: number;
}

/** The decision-quality section of the estimates. */
export interface DecisionQualitySection {
  /** What the loss is measured in and against. */
  unit: string;
  opponentModel: string;
  /** Chips within which a chosen action counts as a best action. */
  agreementTolerance: number;
  references: DecisionReferenceInfo[];
  rows: DecisionQualityRow[];
  B: number;
  seed: number;
  warnings: string[];
}

/** Options of {@link decisionQuality}. */
export interface DecisionQualityOptions {
  /** CFR+ iterations of each game's reference profile (default {@link DEFAULT_ITERATIONS}). */
  iterations?: number;
  /** Node budget of each game's tree (default {@link DQ_MAX_NODES}); a larger game has no reference. */
  maxNodes?: number;
  B: number;
  seed: number;
  /** Chips within which a chosen action counts as a best action for agreement (default {@link DQ_AGREEMENT_TOLERANCE}). */
  agreementTolerance?: number;
  /** Participant id → display name. */
  names: Record<string, string>;
  /** Participants to leave out (ids). */
  exclude?: readonly string[];
  /** Keep only these games (ruleset hashes), when given. */
  games?: readonly string[] | null;
}

/** A game's reference: its decisions by information-state digest. */
interface GameReference {
  info: DecisionReferenceInfo;
  byDigest: Map<string, TreeDecision> | null;
  ref: TreeDecisionReference | null;
  /** Blackjack's reference (./blackjack-quality.ts), whose moves are valued by replaying each slot. */
  blackjack?: BlackjackDecisionReference;
}

/** Build the reference of one stored game (see the module comment), or say why it has none. */
function gameReference(game: { ruleset_hash: string; name: string; source: string }, iterations: number, maxNodes: number): GameReference {
  const none = (reason: string): GameReference => ({
    info: { game: game.ruleset_hash, name: game.name, reference: null, exploitability: null, reason },
    byDigest: null,
    ref: null,
  });
  const compiled = compileSource(game.source);
  if (!compiled.ir) return none('its stored source does not compile with this gbgc');
  const preview = previewReason(compiled.ir);
  const blackjack = blackjackDecisionReference(compiled.ir);
  if (blackjack)
    return {
      info: {
        game: game.ruleset_hash,
        name: game.name,
        reference: BLACKJACK_REFERENCE,
        exploitability: null,
        reason: null,
        unit: BLACKJACK_UNIT,
        preview,
      },
      byDigest: null,
      ref: null,
      blackjack,
    };
  if (preview) {
    const r = none(
      compiled.ir.house && isTableGame(compiled.ir)
        ? `a table of ${compiled.ir.seats.length} seats: no exact reference covers its states`
        : 'no validated reference covers its states',
    );
    r.info.preview = preview;
    return r;
  }
  if (isTableGame(compiled.ir)) return none(`a table of ${compiled.ir.seats.length} seats: no exact reference covers its states`);
  try {
    const s = solve(compileGame(compiled.ir), { iterations, maxNodes });
    const byDigest = new Map<string, TreeDecision>();
    for (let i = 0; i < s.tree.numInfosets; i++)
      byDigest.set(obsDigest(s.tree.infosetKey[i]), { seat: s.tree.infosetSeat[i], infoStateKey: s.tree.infosetKey[i] });
    return {
      info: {
        game: game.ruleset_hash,
        name: game.name,
        reference: `CFR+ ${s.iterations} iterations, average profile`,
        exploitability: s.exploitability,
        reason: null,
      },
      byDigest,
      ref: new TreeDecisionReference(s.tree, s.policy, `cfr+${s.iterations}`),
    };
  } catch (e) {
    if (e instanceof TreeTooLargeError) return none(`its game tree has more than ${maxNodes} histories (the reference's node budget, --reference-nodes)`);
    return none(`no exact reference within the limits: ${(e as Error).message}`);
  }
}

/** The unit of blackjack's EV loss. */
const BLACKJACK_UNIT = 'expected value per initial bet (1 = the base bet), at the hand, up card and options the player saw';

/** Per block sums of one participant. */
interface BlockSums {
  loss: number;
  covered: number;
  agree: number;
}

/** A stored move's value under a two-seat game's tree reference, or null when uncovered. */
function treeMoveValue(gr: GameReference, m: MoveRecord, tolerance: number): MoveValue | null {
  const d = gr.byDigest?.get(m.obsDigest);
  if (!d || d.seat !== m.seat) return null;
  const values = gr.ref!.actionValues(d);
  if (!values || !values.has(m.label)) return null;
  const loss = evLoss(values, m.label)!;
  return { loss, agrees: loss <= tolerance };
}

/**
 * The decision-quality section of a store's slots (see the module comment).
 * @param stored the store's slots, participants and games (`readSlots`)
 * @param movesOf the moves of a finished slot, in ply order
 */
export function decisionQuality(stored: StoredSlots, movesOf: (slotId: string) => MoveRecord[], opts: DecisionQualityOptions): DecisionQualitySection {
  const iterations = opts.iterations ?? DEFAULT_ITERATIONS;
  const maxNodes = opts.maxNodes ?? DQ_MAX_NODES;
  const tolerance = opts.agreementTolerance ?? DQ_AGREEMENT_TOLERANCE;
  const exclude = new Set(opts.exclude ?? []);
  const keep = opts.games ? new Set(opts.games) : null;
  const refs = new Map<string, GameReference>();
  const decisions = new Map<string, number>();
  const blocks = new Map<string, Map<string, BlockSums>>();
  // Units of each participant's covered decisions (chips of a tree reference, blackjack's per initial bet).
  const units = new Map<string, Set<string>>();
  const stopped: string[] = [];
  for (const slot of stored.slots) {
    if (slot.status !== 'done' || (keep && !keep.has(slot.game))) continue;
    let gr = refs.get(slot.game);
    if (!gr) {
      const g = stored.games.find((x) => x.ruleset_hash === slot.game);
      gr = g
        ? gameReference(g, iterations, maxNodes)
        : {
            info: { game: slot.game, name: slot.game.slice(0, 12), reference: null, exploitability: null, reason: 'the store holds no source for it' },
            byDigest: null,
            ref: null,
          };
      refs.set(slot.game, gr);
    }
    const moves = movesOf(slot.id);
    const block = `${slot.game}:${slot.play_seed}`;
    let replayed: (MoveValue | null)[] | null = null;
    if (gr.blackjack) {
      const r = blackjackMoveValues(gr.blackjack, slot, moves);
      if (r.stopped) stopped.push(`${gr.info.name}: slot ${slot.id}: ${r.stopped}; its later decisions are uncovered`);
      replayed = r.values;
    }
    for (const hand of slotHands(slot, moves.length)) {
      for (let i = hand.firstPly; i < hand.firstPly + hand.plies && i < moves.length; i++) {
        const m = moves[i];
        const participant = hand.seats[m.seat];
        if (participant === undefined || exclude.has(participant)) continue;
        decisions.set(participant, (decisions.get(participant) ?? 0) + 1);
        const v = replayed ? replayed[i] : treeMoveValue(gr, m, tolerance);
        if (!v) continue;
        if (gr.blackjack) units.set(participant, (units.get(participant) ?? new Set()).add('blackjack'));
        else units.set(participant, (units.get(participant) ?? new Set()).add('chips'));
        const loss = v.loss;
        let bySlot = blocks.get(participant);
        if (!bySlot) blocks.set(participant, (bySlot = new Map()));
        let b = bySlot.get(block);
        if (!b) bySlot.set(block, (b = { loss: 0, covered: 0, agree: 0 }));
        b.loss += loss;
        b.covered++;
        if (v.agrees) b.agree++;
      }
    }
  }
  const rows: DecisionQualityRow[] = [...decisions.keys()]
    .sort((a, b) => (opts.names[a] ?? a).localeCompare(opts.names[b] ?? b))
    .map((participant, k) => {
      const bs = [...(blocks.get(participant)?.values() ?? [])];
      const covered = bs.reduce((s, b) => s + b.covered, 0);
      const loss = bs.reduce((s, b) => s + b.loss, 0);
      const agree = bs.reduce((s, b) => s + b.agree, 0);
      let meanLossCi: Interval | null = null;
      let agreementCi: Interval | null = null;
      if (bs.length >= 2) {
        const rl = new Float64Array(opts.B);
        const ra = new Float64Array(opts.B);
        for (let r = 0; r < opts.B; r++) {
          const rng = rngFromKeys(opts.seed, DQ_STREAM, k, r);
          let c = 0;
          let l = 0;
          let a = 0;
          for (let i = 0; i < bs.length; i++) {
            const b = bs[Math.floor(rng() * bs.length)];
            c += b.covered;
            l += b.loss;
            a += b.agree;
          }
          rl[r] = l / c;
          ra[r] = a / c;
        }
        meanLossCi = percentileInterval(rl);
        agreementCi = percentileInterval(ra);
      }
      return {
        participant,
        name: opts.names[participant] ?? participant,
        decisions: decisions.get(participant)!,
        covered,
        meanLoss: covered > 0 ? loss / covered : null,
        meanLossCi,
        agreement: covered > 0 ? agree / covered : null,
        agreementCi,
        blocks: bs.length,
      };
    });
  const references = [...refs.values()].map((r) => r.info);
  const warnings: string[] = [];
  warnings.push(...stopped);
  for (const r of rows)
    if ((units.get(r.participant)?.size ?? 0) > 1)
      warnings.push(
        `${r.name}: its covered decisions mix chips (two-seat games) and blackjack's expected value per initial bet; read its mean EV loss per game (--games)`,
      );
  for (const r of rows)
    if (r.covered > 0 && r.blocks < 2) warnings.push(`${r.name}: its covered decisions lie in ${r.blocks} block; its decision-quality intervals are not given`);
  // A section whose only references are blackjack's is in its unit; otherwise chips, each blackjack reference naming its own.
  const valued = references.filter((r) => r.reference);
  const onlyBlackjack = valued.length > 0 && valued.every((r) => r.unit === BLACKJACK_UNIT);
  return {
    unit: onlyBlackjack ? BLACKJACK_UNIT : 'chips per decision (the seat’s returns), at the information state the seat saw',
    opponentModel: onlyBlackjack
      ? "blackjack: the house's declared rules (peek, stand on soft 17) and the shoe's cards, the player taking the reference's best action after the decision"
      : 'the reference profile: the opponent and chance play it, and so does the seat after the decision',
    agreementTolerance: tolerance,
    references,
    rows,
    B: opts.B,
    seed: opts.seed,
    warnings,
  };
}

/** The section as text lines, for `gbgc analyze` and the report. */
export function formatDecisionQuality(dq: DecisionQualitySection): string[] {
  const w = Math.max(11, ...dq.rows.map((r) => r.name.length));
  const f = (x: number | null, d: number) => (x === null ? '—' : x.toFixed(d));
  const ci = (c: Interval | null, d: number) => (c ? `[${f(c.lo, d)}, ${f(c.hi, d)}]` : '—');
  const pct = (x: number | null) => (x === null ? '—' : `${(100 * x).toFixed(1)}%`);
  const pctCi = (c: Interval | null) => (c ? `[${pct(c.lo)}, ${pct(c.hi)}]` : '—');
  const out = [
    `decision quality (separate from the results; no combined score): EV loss = best legal action's value − chosen action's value, ${dq.unit}; opponent model: ${dq.opponentModel}; agreement: ${dq.unit === BLACKJACK_UNIT ? 'the chosen action is the best' : `the chosen action within ${dq.agreementTolerance} chips of the best`}; uncovered states stay missing; 95 % block-bootstrap percentile intervals, B = ${dq.B}, seed ${dq.seed}`,
    ...dq.references.map((r) =>
      r.reference
        ? `  reference  ${r.name}: ${r.reference}${r.exploitability === null ? '' : ` (exploitability ${r.exploitability.toPrecision(3)} chips/game)`}${r.unit ? `; EV loss in ${r.unit}; agreement: the chosen action is the best` : ''}${r.preview ? `; Preview: ${r.preview}` : ''}`
        : `  reference  ${r.name}: none (${r.reason}); its decisions are uncovered${r.preview ? `; Preview: ${r.preview}` : ''}`,
    ),
    `${'participant'.padEnd(w)}  ${'mean EV loss'.padStart(12)}  ${'95 % CI'.padStart(19)}  ${'agreement'.padStart(9)}  ${'95 % CI'.padStart(17)}  ${'covered / decisions'.padStart(19)}  ${'blocks'.padStart(6)}`,
    ...dq.rows.map(
      (r) =>
        `${r.name.padEnd(w)}  ${f(r.meanLoss, 4).padStart(12)}  ${ci(r.meanLossCi, 4).padStart(19)}  ${pct(r.agreement).padStart(9)}  ${pctCi(r.agreementCi).padStart(17)}  ${`${r.covered} / ${r.decisions}`.padStart(19)}  ${String(r.blocks).padStart(6)}`,
    ),
  ];
  for (const x of dq.warnings) out.push(`warning: ${x}`);
  return out;
}
