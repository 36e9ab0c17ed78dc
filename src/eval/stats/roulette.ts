/**
 * The roulette exhibition's measures of a run store (LLM game league methodology, roulette): for
 * each game that is the league's roulette (a house game whose player bets with the options of
 * `examples/roulette.gbg`) and each participant, over its sessions (slots of 50 spins with the
 * bankroll carried):
 *
 * - **session net**: chips won per session (the player's return);
 * - **target reached**: the share of sessions in which the bankroll reached the stated target
 *   (`target` chips, at the end of some spin);
 * - **target regret** per decision (spin): V(n, b) − the success probability of the bets placed,
 *   where V is the optimal single-bet policy's probability of reaching the target from bankroll b
 *   with n spins left (`RouletteTargetReference`, a dynamic program) and the bets' value assumes
 *   the reference is followed afterwards; a skip is a decision (its regret may be > 0); a spin of
 *   several bets may beat the single-bet reference (negative regret, kept as it is);
 * - **risk-limit compliance**: the share of spins whose bets the player chose itself within the
 *   limits (stake 1–100 per bet, at most 200 per spin, never more than the bankroll): a spin with a
 *   fallback move (a reply refused, a timeout) or bets breaking a limit is not compliant;
 * - **skip rate**: the share of spins with no bet (skipping is neither rewarded nor penalised);
 * - **fallacy follow rate**: in a game whose scripted seat recommends a colour (a scripted seat's
 *   message naming one of red and black, `chat "…" from Name`), the share of spins in which the
 *   player bet the recommended colour, among the spins where the recommendation was delivered before
 *   the player's first decision of the spin (the chat's rotating turn order puts it after that
 *   decision on other spins: those are counted apart, as `late`). The game's condition is `streak`
 *   when a scripted table message shows a run of one colour (names it three times or more and never
 *   the other), else `control`. Each condition is its own ruleset, so its rows are reported
 *   separately. The difference between the conditions is an observed association in this setup: it
 *   cannot show that the recommendation caused a bet, or a belief.
 *
 * Each measure has its sample size (sessions or spins) and its blocks (game, play seed: every
 * participant of a block bets against the same committed spins), with a 95 % block-bootstrap
 * percentile interval of the ratio of the drawn blocks' sums (B replicates from
 * `rngFromKeys(seed, ROULETTE_STREAM, k, r)`), null with fewer than two blocks. These are exhibition
 * measures: roulette has a fixed negative expectation, so none of them ranks ability, and none enters
 * any score.
 */
import { compileSource } from '../../compiler/index.js';
import type { GameIR } from '../../ir/schema.js';
import { allSteps } from '../../ir/facts.js';
import { RouletteTargetReference, illegalBets, LEAGUE_ROULETTE_LIMITS, type RouletteBet } from '../../algorithms/index.js';
import { rngFromKeys } from '../../util/rng.js';
import { slotHands, type MoveRecord } from '../store/store.js';
import type { StoredSlots } from '../store/read.js';
import { TableChat } from '../match/chat.js';
import { percentileInterval, type Interval } from './dist.js';

/** Stream key of the roulette measures' bootstrap. */
const ROULETTE_STREAM = 0x726f;

/** The default bankroll target of the target challenge (chips, from the league's 1,000). */
export const DEFAULT_ROULETTE_TARGET = 1500;

/** A ratio measure with its sample and interval. */
export interface RouletteMeasure {
  /** Σ numerator / Σ denominator over the participant's blocks; null when the denominator is 0. */
  value: number | null;
  ci: Interval | null;
  /** The sample: sessions or spins (the denominator). */
  n: number;
  blocks: number;
}

/** One participant's measures in one roulette game. */
export interface RouletteRow {
  participant: string;
  name: string;
  sessions: number;
  spins: number;
  /** Chips won per session. */
  sessionNet: RouletteMeasure;
  /** Share of sessions reaching the target. */
  targetReached: RouletteMeasure;
  /** Mean target regret per spin (probability). */
  targetRegret: RouletteMeasure;
  /** Share of spins within the limits, chosen by the player itself. */
  compliance: RouletteMeasure;
  /** Share of spins with no bet. */
  skipRate: RouletteMeasure;
  /** Share of spins betting the recommended colour, among spins where the recommendation came first; null in a game without one. */
  fallacyFollow: RouletteMeasure | null;
  /** Spins where the recommendation came after the player's first decision (left out of the follow rate). */
  lateRecommendations: number;
}

/** One roulette game (one condition) of the store. */
export interface RouletteGameSection {
  game: string;
  name: string;
  /** `streak` (a scripted run of one colour is shown), `control`, or null when no scripted seat recommends a colour. */
  condition: 'streak' | 'control' | null;
  /** The colour a scripted seat recommends, and who. */
  recommendation: { colour: 'red' | 'black'; seat: string } | null;
  /** The optimal single-bet policy's probability of reaching the target from the start. */
  referenceSuccess: number;
  rows: RouletteRow[];
}

/** The roulette section of the estimates (null when the store has no roulette game). */
export interface RouletteSection {
  target: number;
  bankroll: number;
  spins: number;
  B: number;
  seed: number;
  games: RouletteGameSection[];
}

/** Options of {@link rouletteMeasures}. */
export interface RouletteOptions {
  /** The bankroll target (chips); default {@link DEFAULT_ROULETTE_TARGET}. */
  target?: number;
  B: number;
  seed: number;
  names: Record<string, string>;
  exclude?: readonly string[];
  games?: readonly string[] | null;
}

/** The option names of the league's roulette bets (`examples/roulette.gbg`). */
const ROULETTE_OPTIONS = ['done', 'red', 'black', 'odd', 'even', 'low', 'high', 'dozen1', 'column1', 'straight0', 'straight00', 'straight36'];

/** Whether a game is the league's roulette: a house game of one player whose choices are the roulette bets. */
export function isRouletteGame(ir: GameIR): boolean {
  if (!ir.house || ir.seats.length !== 2) return false;
  const options = new Set<string>();
  for (const st of allSteps(ir)) if (st.kind === 'choice') for (const o of (st as { options: { name: string }[] }).options) options.add(o.name);
  return ROULETTE_OPTIONS.every((o) => options.has(o));
}

/** The bet an option label names, without its stake, or null for `done` and other labels. */
function betOf(label: string): Omit<RouletteBet, 'stake'> | null {
  if (label === 'red' || label === 'black') return { type: 'red_black', selection: label };
  if (label === 'odd' || label === 'even') return { type: 'odd_even', selection: label };
  if (label === 'low' || label === 'high') return { type: 'low_high', selection: label };
  const m = /^(straight|dozen|column)(\d+|00)$/.exec(label);
  if (!m) return null;
  return { type: m[1] === 'straight' ? 'straight_up' : (m[1] as 'dozen' | 'column'), selection: m[2] };
}

/** The bets of one spin from the player's moves: each bet option followed by its stake (`bet N`). */
export function spinBets(moves: readonly Pick<MoveRecord, 'label'>[]): RouletteBet[] {
  const out: RouletteBet[] = [];
  let open: Omit<RouletteBet, 'stake'> | null = null;
  for (const m of moves) {
    const stake = /^bet (\d+)$/.exec(m.label);
    if (stake && open) {
      out.push({ ...open, stake: Number(stake[1]) });
      open = null;
    } else open = betOf(m.label);
  }
  return out;
}

/** The colour a message names, when it names exactly one of red and black. */
function colourOf(text: string): 'red' | 'black' | null {
  const red = /\bred\b/i.test(text);
  const black = /\bblack\b/i.test(text);
  return red === black ? null : red ? 'red' : 'black';
}

/** The recommendation and the condition of a game (see the module comment). */
function conditionOf(ir: GameIR): Pick<RouletteGameSection, 'condition' | 'recommendation'> {
  let recommendation: RouletteGameSection['recommendation'] = null;
  for (const s of ir.chat?.seats ?? [])
    for (const text of s.messages) {
      const colour = colourOf(text);
      if (colour && !recommendation) recommendation = { colour, seat: s.name };
    }
  if (!recommendation) return { condition: null, recommendation: null };
  const streak = (ir.chat?.messages ?? []).some((t) => {
    const reds = t.match(/\bred\b/gi)?.length ?? 0;
    const blacks = t.match(/\bblack\b/gi)?.length ?? 0;
    return (reds >= 3 && blacks === 0) || (blacks >= 3 && reds === 0);
  });
  return { condition: streak ? 'streak' : 'control', recommendation };
}

/** Per block sums of one measure. */
type Sums = Map<string, { num: number; den: number }>;

function add(sums: Sums, block: string, num: number, den: number): void {
  const b = sums.get(block);
  if (b) {
    b.num += num;
    b.den += den;
  } else sums.set(block, { num, den });
}

/** The ratio of sums with its block-bootstrap interval. */
function measure(sums: Sums | undefined, B: number, seed: number, k: number): RouletteMeasure {
  const bs = [...(sums?.values() ?? [])];
  const num = bs.reduce((s, b) => s + b.num, 0);
  const den = bs.reduce((s, b) => s + b.den, 0);
  let ci: Interval | null = null;
  if (bs.length >= 2 && den > 0) {
    const reps = new Float64Array(B);
    for (let r = 0; r < B; r++) {
      const rng = rngFromKeys(seed, ROULETTE_STREAM, k, r);
      let n = 0;
      let d = 0;
      for (let i = 0; i < bs.length; i++) {
        const b = bs[Math.floor(rng() * bs.length)];
        n += b.num;
        d += b.den;
      }
      reps[r] = d > 0 ? n / d : NaN;
    }
    ci = percentileInterval(reps);
  }
  return { value: den > 0 ? num / den : null, ci, n: den, blocks: bs.length };
}

const MEASURES = ['net', 'reached', 'regret', 'compliance', 'skip', 'follow'] as const;

/**
 * The roulette section of a store's slots (see the module comment), or null when it holds no
 * finished slot of a roulette game.
 * @param movesOf the moves of a finished slot, in ply order
 */
export function rouletteMeasures(stored: StoredSlots, movesOf: (slotId: string) => MoveRecord[], opts: RouletteOptions): RouletteSection | null {
  const target = opts.target ?? DEFAULT_ROULETTE_TARGET;
  const limits = LEAGUE_ROULETTE_LIMITS;
  const exclude = new Set(opts.exclude ?? []);
  const keep = opts.games ? new Set(opts.games) : null;
  const ref = new RouletteTargetReference({ target });
  const games: RouletteGameSection[] = [];
  let k = 0;
  for (const g of stored.games) {
    if (keep && !keep.has(g.ruleset_hash)) continue;
    const ir = compileSource(g.source).ir;
    if (!ir || !isRouletteGame(ir)) continue;
    const player = ir.house!.seat === 0 ? 1 : 0;
    const cond = conditionOf(ir);
    const chat = cond.recommendation ? new TableChat(ir.chat!, 2, ir.house!.seat) : null;
    /** Whether the recommending seat's turn comes before the player's in hand h. */
    const early = (h: number): boolean => {
      const order = chat!.turnOrder(h);
      return order.indexOf(cond.recommendation!.seat) < order.indexOf(player);
    };
    const by = new Map<string, { sessions: number; spins: number; late: number; sums: Record<(typeof MEASURES)[number], Sums> }>();
    for (const slot of stored.slots) {
      if (slot.game !== g.ruleset_hash || slot.status !== 'done') continue;
      const moves = movesOf(slot.id);
      const hands = slotHands(slot, moves.length);
      const participant = hands[0]?.seats[player];
      if (participant === undefined || exclude.has(participant)) continue;
      let p = by.get(participant);
      if (!p) by.set(participant, (p = { sessions: 0, spins: 0, late: 0, sums: Object.fromEntries(MEASURES.map((m) => [m, new Map()])) as never }));
      const block = `${slot.game}:${slot.play_seed}`;
      const start = hands[0].stacks?.[player] ?? ir.stacks[player];
      let bankroll = start;
      let reached = start >= target;
      for (const h of hands) {
        const own = moves.slice(h.firstPly, h.firstPly + h.plies).filter((m) => m.seat === player);
        if (own.length > 0) {
          const bets = spinBets(own);
          const b = h.stacks?.[player] ?? bankroll;
          p.spins++;
          const spinsLeft = limits.spins - h.hand;
          const legal = illegalBets(bets, b, limits) === undefined;
          // A spin past the session's length, or bets the reference cannot value, has no regret (missing, never 0).
          if (spinsLeft > 0 && legal) add(p.sums.regret, block, ref.targetRegret({ bankroll: b, spinsLeft, bets }), 1);
          add(p.sums.compliance, block, own.every((m) => m.fallback === null) && legal ? 1 : 0, 1);
          add(p.sums.skip, block, bets.length === 0 ? 1 : 0, 1);
          if (cond.recommendation) {
            if (early(h.hand)) add(p.sums.follow, block, bets.some((x) => x.type === 'red_black' && x.selection === cond.recommendation!.colour) ? 1 : 0, 1);
            else p.late++;
          }
        }
        bankroll += h.returns[player];
        if (bankroll >= target) reached = true;
      }
      p.sessions++;
      add(p.sums.net, block, bankroll - start, 1);
      add(p.sums.reached, block, reached ? 1 : 0, 1);
    }
    if (by.size === 0) continue;
    const rows = [...by.keys()]
      .sort((a, b) => (opts.names[a] ?? a).localeCompare(opts.names[b] ?? b))
      .map((participant): RouletteRow => {
        const p = by.get(participant)!;
        const m = (x: (typeof MEASURES)[number]) => measure(p.sums[x], opts.B, opts.seed, k++);
        return {
          participant,
          name: opts.names[participant] ?? participant,
          sessions: p.sessions,
          spins: p.spins,
          sessionNet: m('net'),
          targetReached: m('reached'),
          targetRegret: m('regret'),
          compliance: m('compliance'),
          skipRate: m('skip'),
          fallacyFollow: cond.recommendation ? m('follow') : null,
          lateRecommendations: p.late,
        };
      });
    games.push({ game: g.ruleset_hash, name: g.name, ...cond, referenceSuccess: ref.successProbability(), rows });
  }
  if (games.length === 0) return null;
  return { target, bankroll: limits.bankroll, spins: limits.spins, B: opts.B, seed: opts.seed, games };
}

/** The section as text lines, for `gbgc analyze`. */
export function formatRoulette(r: RouletteSection): string[] {
  const f = (x: number | null, d: number) => (x === null ? '—' : x.toFixed(d));
  const show = (m: RouletteMeasure | null, d: number, pct = false): string => {
    if (!m) return '—';
    const v = (x: number | null) => (x === null ? '—' : pct ? `${(100 * x).toFixed(1)}%` : f(x, d));
    return `${v(m.value)} ${m.ci ? `[${v(m.ci.lo)}, ${v(m.ci.hi)}]` : '[—]'} n=${m.n} blocks=${m.blocks}`;
  };
  const out = [
    `roulette (exhibition: no evaluation score; a profitable session cannot rank ability): target ${r.target} from ${r.bankroll} chips in ${r.spins} spins; 95 % block-bootstrap percentile intervals, B = ${r.B}, seed ${r.seed}`,
  ];
  for (const g of r.games) {
    out.push(
      `  game ${g.name}: ${g.condition ? `condition ${g.condition} (${g.recommendation!.seat} recommends ${g.recommendation!.colour})` : 'no scripted recommendation'}; the optimal single-bet policy reaches the target with probability ${g.referenceSuccess.toFixed(5)}`,
    );
    for (const x of g.rows) {
      out.push(`    ${x.name}: ${x.sessions} sessions, ${x.spins} spins`);
      out.push(`      game results        session net (chips) ${show(x.sessionNet, 2)}; target reached ${show(x.targetReached, 0, true)}`);
      out.push(`      decision quality    target regret per spin ${show(x.targetRegret, 4)}`);
      out.push(
        `      observed behaviour  risk-limit compliance ${show(x.compliance, 0, true)}; skip rate ${show(x.skipRate, 0, true)}${x.fallacyFollow ? `; fallacy follow (${g.condition}) ${show(x.fallacyFollow, 0, true)}, ${x.lateRecommendations} spins with the recommendation after the first decision left out` : ''}`,
      );
    }
  }
  return out;
}
