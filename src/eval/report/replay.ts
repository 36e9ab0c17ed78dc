/**
 * Replays of one played game (a tournament slot or a `gbgc play --record` game): the record of
 * every action from the initial state, and the step-by-step snapshots a viewer shows, computed by
 * the interpreter from that record. A seat's snapshots hold only what the seat's observation holds
 * (the engine's single source of visibility); the omniscient view holds every seat's observations.
 * Any number of seats (2 to 6): a table game's hand replays on the table engine like a two-seat game.
 */
import { CHANCE, TERMINAL, type Game, type GameState, type Observation, type TableOptions } from '../../interpreter/api.js';
import { UserError } from '../../util/errors.js';

/** Format tag of {@link ReplayRecord}. */
export const REPLAY_FORMAT = 'gbgc-replay/1';

/** What an agent saw and answered at one of its decisions (LLM players; absent for bots). */
export interface DecisionNote {
  /** The turn prompt the agent was given (the system prompt is the rulebook). */
  prompt?: string;
  /** The agent's raw reply text. */
  reply?: string;
  /** How the reply became the action: `strict`, `lenient`, `format-fix`, `fallback`, … */
  path?: string;
  /** Why a fallback was taken, when one was. */
  fallbackReason?: string;
  /** The table message sent with the move (games with chat): delivered to every seat, or refused with the reason. */
  chat?: { text: string; accepted: boolean; reason: string | null };
}

/** One played game: the rules, who sat where, and every action (chance outcomes included) in order. */
export interface ReplayRecord {
  format: typeof REPLAY_FORMAT;
  game: { name: string; rulesetHash: string; source: string };
  /** The slot it was played in, when it comes from a tournament store. */
  slot?: string;
  /** Participant shown in each seat, seat 0 first (e.g. `random`, `llm:openai/gpt-…`); one per seat of the game. */
  participants: string[];
  /** Every action applied from the initial state: the player (a seat or −1 for chance), the action id and its label. */
  history: { player: number; action: number; label: string }[];
  /** Notes by index into `history`, for decisions that have them. */
  notes?: Record<number, DecisionNote>;
  /** How the hand was dealt (a hand of a match: the button seat, the starting stacks); absent: the game's declared table. */
  table?: TableOptions;
  /** Which hand of a match this is (from 0) and how many the match played; absent for a game of one hand. */
  hand?: { index: number; count: number };
}

/** Who a viewer shows the game to: a seat, from 0 (only what it saw), or everyone (omniscient). */
export type ViewerPerspective = number | 'all';

/** What one seat sees at one step. */
export interface SeatSnapshot {
  hand: string[];
  /** Events that became visible to the seat at this step. */
  newEvents: string[];
  /** The seat's decision at this step (it is to act), with its menu labels. */
  decision: { prompt: string; menu: string[] } | null;
}

/** One step of a replay (after `step` actions of the history; step 0 is the initial state). */
export interface Snapshot {
  step: number;
  phase: string;
  /** Public piles by name. */
  publicPiles: Record<string, string[]>;
  /** Chips in each seat's stack. */
  stacks: number[];
  pot: number;
  /** The action that led here (for step ≥ 1), as this perspective may know it. */
  via: string | null;
  /** Per seat shown: seat index → snapshot (one seat in a seat view, every seat in the omniscient view). */
  seats: Partial<Record<number, SeatSnapshot>>;
  /**
   * The omniscient view's events of this step, merged over the seats: an event every seat saw once,
   * an event only some seats saw tagged with them (`[Bob only] …`); absent in a seat's view.
   */
  events?: string[];
  /** The move the shown seat makes next and its notes (prompt, raw reply), when it is that seat's turn. */
  next: { seat: number; label: string; note?: DecisionNote } | null;
  terminal: boolean;
  /** At the end: chips won per seat. */
  returns: number[] | null;
}

/** A replay prepared for one perspective. */
export interface Replay {
  perspective: ViewerPerspective;
  gameName: string;
  rulesetHash: string;
  slot?: string;
  seatNames: string[];
  /** Each seat's stack before anything is paid (antes and blinds included), chips. */
  startingStacks: number[];
  participants: string[];
  snapshots: Snapshot[];
  /** Which hand of a match (from 0) of how many, when the replay is one hand of several. */
  hand?: { index: number; count: number };
}

/**
 * Check a parsed JSON value is a replay record.
 * @throws UserError naming the first field that is wrong
 */
export function parseReplayRecord(value: unknown, file: string): ReplayRecord {
  const v = value as Partial<ReplayRecord> | null;
  const bad = (what: string) => new UserError(`${file}: not a gbgc replay record: ${what}`);
  if (!v || typeof v !== 'object') throw bad('expected a JSON object');
  if (v.format !== REPLAY_FORMAT) throw bad(`"format" must be "${REPLAY_FORMAT}"`);
  if (
    !v.game ||
    typeof v.game !== 'object' ||
    typeof v.game.source !== 'string' ||
    typeof v.game.rulesetHash !== 'string' ||
    (v.game.name !== undefined && typeof v.game.name !== 'string')
  )
    throw bad('"game" must hold "name", "rulesetHash" and "source" (strings)');
  if (!Array.isArray(v.participants) || v.participants.length < 2 || v.participants.length > 6 || v.participants.some((p) => typeof p !== 'string'))
    throw bad('"participants" must list one name (a string) per seat, 2 to 6');
  if (v.slot !== undefined && typeof v.slot !== 'string') throw bad('"slot" must be a string');
  if (v.table !== undefined) {
    const t = v.table as { button?: unknown; stacks?: unknown } | null;
    if (
      !t ||
      typeof t !== 'object' ||
      (t.button !== undefined && !Number.isInteger(t.button)) ||
      (t.stacks !== undefined && (!Array.isArray(t.stacks) || t.stacks.some((x) => !Number.isInteger(x))))
    )
      throw bad('"table" must be { button?, stacks? } (a seat number, whole numbers of chips)');
  }
  if (v.hand !== undefined) {
    const h = v.hand as { index?: unknown; count?: unknown } | null;
    if (!h || typeof h !== 'object' || !Number.isInteger(h.index) || !Number.isInteger(h.count)) throw bad('"hand" must be { index, count } (whole numbers)');
  }
  if (!Array.isArray(v.history)) throw bad('"history" must be a list of actions');
  v.history.forEach((h, i) => {
    if (!h || typeof h !== 'object' || !Number.isInteger(h.player) || !Number.isInteger(h.action) || typeof h.label !== 'string')
      throw bad(`"history"[${i}] must be { player, action, label }`);
  });
  if (v.notes !== undefined) {
    if (!v.notes || typeof v.notes !== 'object' || Array.isArray(v.notes)) throw bad('"notes" must be an object of decision notes by history index');
    for (const [k, n] of Object.entries(v.notes as Record<string, unknown>)) {
      const note = n as Partial<DecisionNote> | null;
      const strings = ['prompt', 'reply', 'path', 'fallbackReason'] as const;
      if (!note || typeof note !== 'object' || strings.some((f) => note[f] !== undefined && typeof note[f] !== 'string'))
        throw bad(`"notes".${k} must hold strings (prompt, reply, path, fallbackReason)`);
      const c = note.chat as Partial<NonNullable<DecisionNote['chat']>> | undefined;
      if (
        c !== undefined &&
        (!c || typeof c !== 'object' || typeof c.text !== 'string' || typeof c.accepted !== 'boolean' || (c.reason !== null && typeof c.reason !== 'string'))
      )
        throw bad(`"notes".${k}.chat must be { text, accepted, reason }`);
    }
  }
  return v as ReplayRecord;
}

/**
 * Replay `record` on `game` and build the snapshots of one perspective. A seat's snapshots are
 * taken from `state.observation(seat)` only; the action that led to a step is named for a seat only
 * when it appears in that seat's new events (its own moves, public moves), so a seat never learns
 * a chance outcome or a secret choice through the viewer.
 * @throws UserError when the record does not fit the game (another ruleset, an illegal action, a label that differs)
 */
export function buildReplay(game: Game, record: ReplayRecord, perspective: ViewerPerspective): Replay {
  if (record.game.rulesetHash !== game.rulesetHash)
    throw new UserError(`the replay was recorded under ruleset ${record.game.rulesetHash.slice(0, 12)}…, not the game's ${game.rulesetHash.slice(0, 12)}…`);
  const n = game.numSeats;
  if (record.participants.length !== n) throw new UserError(`the replay names ${record.participants.length} participants, but the game has ${n} seats`);
  if (perspective !== 'all' && !(Number.isInteger(perspective) && perspective >= 0 && perspective < n))
    throw new UserError(`replay: no seat ${String(perspective)} in a game of ${n} seats`);
  let state: GameState;
  try {
    state = game.newInitialState(record.table);
  } catch (e) {
    throw new UserError(`replay: the recorded table ${JSON.stringify(record.table)} does not start a hand of this game (${(e as Error).message})`);
  }
  const everySeat = Array.from({ length: n }, (_, s) => s);
  const shown: number[] = perspective === 'all' ? everySeat : [perspective];
  const logLength: number[] = everySeat.map(() => 0);
  const snapshots: Snapshot[] = [];
  const seatNames: string[] = game.ir.seats.slice();

  const snap = (step: number, via: string | null): Snapshot => {
    const obs: Observation[] = everySeat.map((s) => state.observation(s));
    const seats: Snapshot['seats'] = {};
    for (const s of shown) {
      const o = obs[s];
      const newEvents = o.log.slice(logLength[s]).map((e) => e.text);
      logLength[s] = o.log.length;
      seats[s] = { hand: o.hand, newEvents, decision: o.decision ? { prompt: o.decision.prompt, menu: o.decision.menu.map((m) => m.label) } : null };
    }
    const events =
      perspective === 'all'
        ? mergeEvents(
            shown.map((s) => seats[s]!.newEvents.map((t) => t.split(`${seatNames[s]} (you)`).join(seatNames[s]))),
            seatNames,
          )
        : null;
    const base = obs[shown[0]];
    const nextEntry = record.history[step];
    const nextSeat = nextEntry && nextEntry.player >= 0 && (shown as number[]).includes(nextEntry.player) ? nextEntry.player : -1;
    return {
      step,
      phase: base.phase,
      publicPiles: base.publicPiles,
      stacks: base.stacks,
      pot: base.pot,
      via,
      seats,
      ...(events ? { events } : {}),
      next: nextSeat >= 0 ? { seat: nextSeat, label: nextEntry.label, ...(record.notes?.[step] ? { note: record.notes[step] } : {}) } : null,
      terminal: state.isTerminal(),
      returns: state.isTerminal() ? state.returns() : null,
    };
  };

  snapshots.push(snap(0, null));
  record.history.forEach((h, i) => {
    const player = state.currentPlayer();
    if (player === TERMINAL) throw new UserError(`replay: action ${i + 1} (${h.label}) comes after the end of the game`);
    if (player !== h.player)
      throw new UserError(`replay: action ${i + 1} is recorded for player ${h.player}, but ${player === CHANCE ? 'chance' : seatNames[player]} is to move`);
    const legal = state.legalActions();
    if (!legal.includes(h.action)) throw new UserError(`replay: action ${i + 1} (${h.label}) is not legal there`);
    const label = state.actionToString(player, h.action);
    if (label !== h.label) throw new UserError(`replay: action ${i + 1} is labelled '${h.label}' in the record but '${label}' by the game`);
    state.applyAction(h.action);
    // A perspective is told the move only when it was a seat's move it may see; chance outcomes
    // reach a seat only through its own observation's events.
    const mover = player === CHANCE ? null : seatNames[player];
    const visible = perspective === 'all' || player === perspective;
    const via = perspective === 'all' ? `${mover ?? 'Chance'}: ${label}` : visible && mover ? `${mover}: ${label}` : null;
    snapshots.push(snap(i + 1, via));
  });
  return {
    perspective,
    gameName: game.ir.name,
    rulesetHash: game.rulesetHash,
    slot: record.slot,
    seatNames,
    startingStacks: everySeat.map((s) => record.table?.stacks?.[s] ?? game.ir.stacks[s]),
    participants: record.participants,
    snapshots,
    ...(record.hand ? { hand: record.hand } : {}),
  };
}

/**
 * Merge the seats' new events of one step into one list (the omniscient view): the seats see one
 * event log in the same order, each seat a part of it, so an event at the head of some seats' lists
 * that no other seat holds later is taken next; an event every seat saw is listed once, one only some
 * seats saw is tagged with them (`[Bob only] …`, `[Ann and Bob only] …`). Texts are compared with a
 * seat's own name in place of `Name (you)`.
 */
export function mergeEvents(lists: readonly (readonly string[])[], seatNames: readonly string[]): string[] {
  const out: string[] = [];
  const at = lists.map(() => 0);
  const left = () => lists.some((l, i) => at[i] < l.length);
  while (left()) {
    let taken = false;
    for (let i = 0; i < lists.length && !taken; i++) {
      if (at[i] >= lists[i].length) continue;
      const e = lists[i][at[i]];
      const holders = lists.map((l, j) => (at[j] < l.length && l[at[j]] === e ? j : -1)).filter((j) => j >= 0);
      const later = lists.some((l, j) => !holders.includes(j) && l.indexOf(e, at[j]) >= 0);
      if (later) continue;
      out.push(holders.length === lists.length ? e : `[${holders.map((j) => seatNames[j]).join(' and ')} only] ${e}`);
      for (const j of holders) at[j]++;
      taken = true;
    }
    if (!taken) {
      // Orders that disagree (not produced by one event log): take the first seat's head as its own.
      const i = lists.findIndex((l, j) => at[j] < l.length);
      out.push(`[${seatNames[i]} only] ${lists[i][at[i]]}`);
      at[i]++;
    }
  }
  return out;
}

/**
 * Make a replay record from a played history (every action from the initial state, chance included).
 * @param notes per history index, what an LLM player saw and answered
 */
export function recordReplay(
  game: Game,
  source: string,
  participants: string[],
  history: readonly { player: number; action: number }[],
  options: { slot?: string; notes?: Record<number, DecisionNote> } = {},
): ReplayRecord {
  const state = game.newInitialState();
  const labelled = history.map((h) => {
    const label = state.actionToString(h.player, h.action);
    state.applyAction(h.action);
    return { player: h.player, action: h.action, label };
  });
  return {
    format: REPLAY_FORMAT,
    game: { name: game.ir.name, rulesetHash: game.rulesetHash, source },
    ...(options.slot ? { slot: options.slot } : {}),
    participants,
    history: labelled,
    ...(options.notes ? { notes: options.notes } : {}),
  };
}
