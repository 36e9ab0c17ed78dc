/**
 * The replay record of a tournament slot, rebuilt from the run store. The store keeps each slot's
 * play seed and the seats' moves, not the chance outcomes; those are a pure function of the play
 * seed ({@link DuplicateChance}, the same streams the match runner drew from), so the whole history
 * is replayed (`replayStoredSlot`, src/eval/match/replay.ts): chance from the play seed, each
 * seat's move from the store by its label. Every stored move is checked on the way (the seat to
 * move, the label legal, the action id, the digest of the seat's information state) and the final
 * returns against the stored ones; a store written by another engine, or altered, is refused
 * naming the slot and the ply.
 */
import { CHANCE, type Game } from '../../interpreter/api.js';
import { compileAnyGame } from '../../interpreter/game.js';
import { compileSource } from '../../compiler/index.js';
import { renderTurnPrompt } from '../../render/prompt.js';
import { UserError } from '../../util/errors.js';
import { ENGINE_VERSION } from '../../util/version.js';
import { replayStoredSlot, type ReplayDeparture, type ReplayHand } from '../match/index.js';
import { slotSeats, type MoveRecord, type RunStore, type SlotRecord } from '../store/store.js';
import { REPLAY_FORMAT, type DecisionNote, type ReplayRecord } from './replay.js';

/** How to list a store's slot ids, quoted in errors. */
const HOW_TO_LIST = (db: string) => `list the slot ids with: gbgc records export ${db} --jsonl --table slots`;

/**
 * Find a slot by its full id or a unique prefix of it.
 * @throws UserError when no slot or more than one slot matches (naming how to list the ids)
 */
export function findSlot(store: RunStore, ref: string): SlotRecord {
  const id = ref.trim().toLowerCase();
  if (!/^[0-9a-f]+$/.test(id)) throw new UserError(`--slot: '${ref}' is not a slot id (slot ids are hexadecimal); ${HOW_TO_LIST(store.path)}`);
  const rows = store.slotsByIdPrefix(id, 6);
  if (rows.length === 0) throw new UserError(`${store.path}: no slot with id ${id.length < 32 ? 'starting with ' : ''}${id}; ${HOW_TO_LIST(store.path)}`);
  const exact = rows.find((r) => r.id === id);
  if (exact) return exact;
  if (rows.length > 1)
    throw new UserError(
      `${store.path}: '${id}' is the start of ${rows.length > 5 ? 'more than 5' : rows.length} slot ids (${rows
        .slice(0, 5)
        .map((r) => r.id)
        .join(', ')}); give more of the id`,
    );
  return rows[0];
}

/**
 * The viewer's note of an LLM move from its move record (the `extra` of `src/eval/llm`: `kind:
 * 'llm'`, `raw`, `calls`, `path`, `fallbackReason`, `prompt`), or undefined for other agents.
 * @param fallbackPrompt the turn prompt, for records written before the prompt was kept (it is a pure function of the seat's observation)
 */
export function llmNote(e: Record<string, unknown> | null, fallbackPrompt: () => string): DecisionNote | undefined {
  if (!e || e.kind !== 'llm') return undefined;
  const calls = Array.isArray(e.calls) ? (e.calls as { kind?: string; text?: string }[]) : [];
  const texts = calls.filter((c) => typeof c.text === 'string' && c.text !== '');
  // Several replies (a format-fix re-ask, a retry): show each with the call it answered.
  const reply =
    texts.length > 1 ? texts.map((c) => `[${c.kind ?? 'call'}]\n${c.text}`).join('\n\n') : typeof e.raw === 'string' ? e.raw : (texts[0]?.text ?? '');
  return {
    prompt: typeof e.prompt === 'string' ? e.prompt : fallbackPrompt(),
    reply,
    ...(typeof e.path === 'string' ? { path: e.path } : {}),
    ...(typeof e.fallbackReason === 'string' ? { fallbackReason: e.fallbackReason } : {}),
  };
}

/** A compiled game and its source as the store holds it. @throws UserError when the store lacks it or it compiles to other rules */
function storedGame(store: RunStore, slot: SlotRecord, mismatch: string): { game: Game; source: string } {
  const g = store.game(slot.game);
  if (!g) throw new UserError(`${store.path}: slot ${slot.id}: the store holds no game with ruleset ${slot.game}`);
  const compiled = compileSource(g.source);
  if (!compiled.ir)
    throw new UserError(
      `${store.path}: slot ${slot.id}: the stored game ${g.path} does not compile here (${compiled.diagnostics[0]?.message ?? 'unknown error'}); ${mismatch}`,
    );
  // A table game (3 to 6 seats, or a button) replays on the table engine, a two-seat game on the interpreter.
  const game = compileAnyGame(compiled.ir);
  if (game.rulesetHash !== slot.game)
    throw new UserError(
      `${store.path}: slot ${slot.id}: the stored game ${g.path} compiles to ruleset ${game.rulesetHash.slice(0, 12)}…, not the slot's ${slot.game.slice(0, 12)}…; ${mismatch}`,
    );
  return { game, source: g.source };
}

/**
 * Rebuild the replay record of one finished slot of one hand: chance drawn again from its play
 * seed, the seats' moves taken from the store by label, each checked. Notes carry each LLM move's
 * turn prompt and raw reply (from the move's `extra`). For a match of several hands, see
 * {@link replayHandsFromStore} (this gives its first hand).
 * @param ref the slot's full id or a unique prefix
 * @throws UserError for an unknown or ambiguous id, a slot that ended in an error, and any mismatch
 *   between the store and this engine's replay (naming the slot and the ply)
 */
export function replayFromStore(store: RunStore, ref: string): ReplayRecord {
  return replayHandsFromStore(store, ref)[0];
}

/**
 * Rebuild the replay records of every hand of one finished slot, in order: each hand replayed from
 * its own chance keys (`handChanceKeys`), its table options (button, starting stacks) and its
 * stored moves, checked move by move, each hand's returns against the stored ones and, for a slot
 * of one hand, against the slot's. A slot of one hand gives one record.
 * @param ref the slot's full id or a unique prefix
 * @throws UserError as {@link replayFromStore}, naming the hand too
 */
export function replayHandsFromStore(store: RunStore, ref: string): ReplayRecord[] {
  const slot = findSlot(store, ref);
  if (slot.status !== 'done')
    throw new UserError(`${store.path}: slot ${slot.id} ended in an error (${slot.error ?? 'no message'}); it has no moves to replay`);
  const engine = store.meta('engineVersion');
  const mismatch =
    engine && engine !== ENGINE_VERSION
      ? `the store was written by engine ${engine}, this is ${ENGINE_VERSION}`
      : 'the store was altered or written by another engine';
  const { game, source } = storedGame(store, slot, mismatch);
  const names = new Map(store.participants().map((p) => [p.id, p.name]));
  const seatNames = game.ir.seats;
  const moves: MoveRecord[] = store.readMoves(slot.id);
  const where = (h: ReplayHand) => (h.many ? `slot ${slot.id}, hand ${h.record.hand + 1} of ${h.count}` : `slot ${slot.id}`);
  const records: ReplayRecord[] = [];
  let history: ReplayRecord['history'] = [];
  let notes: Record<number, DecisionNote> = {};
  const departure = replayStoredSlot(game, slot, moves, {
    handStart() {
      history = [];
      notes = {};
    },
    chance(_hand, state, action) {
      history.push({ player: CHANCE, action, label: state.actionToString(CHANCE, action) });
    },
    decision({ state, player, move: m, legal, index }) {
      const llm = llmNote(m.extra, () => renderTurnPrompt(state.observation(player)));
      const note = m.chat ? { ...llm, chat: m.chat } : llm;
      if (note) notes[history.length] = note;
      history.push({ player, action: legal[index], label: m.label });
    },
    handEnd(h, state) {
      const returns = state.returns();
      const stored = h.many ? h.record.returns : slotSeats(slot).map((x) => x.return);
      // A house game's slot stores no result for the house's seat (null): the players' are compared.
      if (returns.some((r, i) => stored[i] !== null && r !== stored[i])) {
        throw new UserError(
          `${store.path}: ${where(h)}: the replayed returns (${returns.join(', ')}) differ from the stored ones (${stored.join(', ')}); ${mismatch}`,
        );
      }
      records.push({
        format: REPLAY_FORMAT,
        game: { name: game.ir.name, rulesetHash: game.rulesetHash, source },
        slot: slot.id,
        participants: h.record.seats.map((id) => names.get(id) ?? id),
        history,
        ...(Object.keys(notes).length ? { notes } : {}),
        ...(h.many ? { table: h.table, hand: { index: h.record.hand, count: h.count } } : {}),
      });
    },
  });
  if (departure) throw new UserError(`${store.path}: ${where(departure.hand)}${departureText(departure, seatNames)}; ${mismatch}`);
  return records;
}

/** The viewer's wording of a departure from the store, after the slot (and hand): `, ply N: what` (`: what` for a table that starts no hand). */
function departureText(d: ReplayDeparture, seatNames: readonly string[]): string {
  const what = d.hand.many ? 'hand' : 'game';
  switch (d.kind) {
    case 'table':
      return `: the stored table (${JSON.stringify(d.hand.table)}) does not start a hand of this game (${d.error})`;
    case 'missing':
      return `, ply ${d.ply}: the store has no move here, but ${seatNames[d.player]} is to move (the ${what} is not over)`;
    case 'ply-gap':
      return `, ply ${d.ply}: the stored moves skip from ply ${d.ply - 1} to ply ${d.stored}`;
    case 'seat':
      return `, ply ${d.ply}: the store has a move of ${seatNames[d.stored] ?? `seat ${d.stored}`}, but ${seatNames[d.player]} is to move`;
    case 'digest':
      return `, ply ${d.ply}: ${seatNames[d.player]}'s information state differs from the one stored (digest ${d.digest}, stored ${d.stored})`;
    case 'illegal':
      return `, ply ${d.ply}: the stored move '${d.label}' of ${seatNames[d.player]} is not legal here (legal: ${d.labels.join(', ')})`;
    case 'action-id':
      return `, ply ${d.ply}: the stored move '${d.label}' has action id ${d.stored}, the game gives it ${d.action}`;
    case 'extra-moves':
      return `, ply ${d.ply}: the store holds ${d.count} move${d.count === 1 ? '' : 's'} after the end of the ${what}`;
  }
}
