/**
 * What the report tells about a run beyond the estimates, read from the run store: each game's
 * name, file and (for a generated game) seed and complexity with its ruleset hash; each
 * participant's configuration; the commitment; and a few slots per game to link viewer pages to.
 * The store is opened through its reader (`RunStore.openReadOnly`), which checks its schema and
 * engine versions (another engine's store only when allowed, as for the estimates).
 */
import { basename } from 'node:path';
import { compileSource } from '../../compiler/index.js';
import type { Origin } from '../../ir/schema.js';
import { RunStore, slotHands } from '../store/store.js';
import { blockRecords, corrections, leagueLabels, type BlockRecord, type CorrectionRecord, type LeagueLabels } from '../store/league.js';
import { withStoreErrors } from '../store/errors.js';

/** A game of the run as the report names it. */
export interface ReportGame {
  /** Ruleset hash (what the estimates key games by). */
  hash: string;
  /** The game's name (from its source). */
  name: string;
  /** The file as the tournament config named it (relative to the config). */
  path: string;
  /** Short unique label used in tables and figures: the name, with the file's base name when names repeat. */
  label: string;
  /** Generator, builder version, seed and complexity, for a generated game. */
  origin: Origin | null;
  /** Finished slots of the game in the store. */
  done: number;
  /** Up to {@link SLOTS_PER_GAME} finished slot ids to show in the viewer, in slot-list order. */
  slots: string[];
}

/** A participant with its configuration as stored (the JSON its id hashes). */
export interface ReportParticipant {
  id: string;
  name: string;
  kind: string;
  /** Parameters of the kind (the `params` of the stored configuration), or the whole configuration. */
  params: Record<string, unknown>;
}

/** The commitment hashes a store holds. */
export interface ReportCommitment {
  /** Recorded by `gbgc tournament --commit` before play (meta key `commitment`). */
  committed: string | null;
  /** The commitment of the plan the slots were played under (meta key `planCommitment`). */
  played: string | null;
}

/** Table chat of one participant (observed behaviour): messages offered with its moves, delivered and refused. */
export interface ReportChat {
  participant: string;
  offered: number;
  accepted: number;
  refused: number;
  /** Its decisions in games that declare chat (the sample), and the blocks (game, play seed) holding them. */
  decisions: number;
  blocks: number;
}

/** The league's records of the store: labels, corrections, block commitments, and table chat. */
export interface ReportLeague {
  labels: LeagueLabels;
  corrections: CorrectionRecord[];
  blocks: BlockRecord[];
  /** Per participant that played a game declaring chat; empty when no game does. */
  chat: ReportChat[];
}

export interface ReportContext {
  games: ReportGame[];
  participants: ReportParticipant[];
  commitment: ReportCommitment;
  league?: ReportLeague;
}

/** Table chat per participant over the finished slots of games that declare chat. */
function chatOf(store: RunStore, chatGames: ReadonlySet<string>): ReportChat[] {
  const by = new Map<string, ReportChat & { blockSet: Set<string> }>();
  if (chatGames.size === 0) return [];
  for (const slot of store.slots()) {
    if (slot.status !== 'done' || !chatGames.has(slot.game)) continue;
    const moves = store.readMoves(slot.id);
    for (const hand of slotHands(slot, moves.length))
      for (const m of moves.slice(hand.firstPly, hand.firstPly + hand.plies)) {
        const id = hand.seats[m.seat];
        if (id === undefined) continue;
        let r = by.get(id);
        if (!r) by.set(id, (r = { participant: id, offered: 0, accepted: 0, refused: 0, decisions: 0, blocks: 0, blockSet: new Set() }));
        r.decisions++;
        r.blockSet.add(`${slot.game}:${slot.play_seed}`);
        if (!m.chat) continue;
        r.offered++;
        if (m.chat.accepted) r.accepted++;
        else r.refused++;
      }
  }
  return [...by.values()].map(({ blockSet, ...r }) => ({ ...r, blocks: blockSet.size }));
}

/** Viewer pages linked per game. */
export const SLOTS_PER_GAME = 3;

/**
 * Read the report context of a run store (read-only).
 * @param opts.allowEngineMismatch read a store of another engine (the estimates it goes with were made so, and say it)
 * @throws UserError when the file is not a run store; StoreVersionError for another schema, or for
 *   another engine without `allowEngineMismatch`
 */
export function readReportContext(path: string, opts: { allowEngineMismatch?: boolean } = {}): ReportContext {
  return withStoreErrors(path, () => {
    const store = RunStore.openReadOnly(path, { engine: true, allowEngineMismatch: opts.allowEngineMismatch });
    try {
      const commitment = { committed: store.meta('commitment') ?? null, played: store.meta('planCommitment') ?? null };
      const participants: ReportParticipant[] = store.participants().map((p) => ({ id: p.id, name: p.name, kind: p.kind, params: paramsOf(p.config) }));
      const done = store.db.prepare("SELECT COUNT(*) FROM slots WHERE game = ? AND status = 'done'").pluck();
      const slotIds = store.db
        .prepare(`SELECT id FROM slots WHERE game = ? AND status = 'done' AND move_log IS NOT NULL ORDER BY seq LIMIT ${SLOTS_PER_GAME}`)
        .pluck();
      const games: ReportGame[] = store.games().map((g) => {
        const ir = compileSource(store.game(g.ruleset_hash)!.source).ir;
        return {
          hash: g.ruleset_hash,
          name: g.name,
          path: g.path,
          label: g.name,
          origin: ir?.origin ?? null,
          done: done.get(g.ruleset_hash) as number,
          slots: slotIds.all(g.ruleset_hash) as string[],
        };
      });
      uniqueLabels(games);
      const chatGames = new Set(
        store
          .games()
          .filter((g) => compileSource(store.game(g.ruleset_hash)!.source).ir?.chat)
          .map((g) => g.ruleset_hash),
      );
      const league: ReportLeague = {
        labels: leagueLabels(store),
        corrections: corrections(store),
        blocks: blockRecords(store),
        chat: chatOf(store, chatGames),
      };
      return { games, participants, commitment, league };
    } finally {
      store.close();
    }
  });
}

/** The `params` of a stored participant configuration (the whole object when it has none; empty when not JSON). */
function paramsOf(config: string): Record<string, unknown> {
  try {
    const c = JSON.parse(config) as unknown;
    if (c && typeof c === 'object' && !Array.isArray(c)) {
      const p = (c as { params?: unknown }).params;
      return p && typeof p === 'object' && !Array.isArray(p) ? (p as Record<string, unknown>) : (c as Record<string, unknown>);
    }
  } catch {
    // not JSON: shown as no parameters
  }
  return {};
}

/** Make labels unique: a repeated name gets its file's base name, a repeated pair its hash's first 8 digits. */
function uniqueLabels(games: ReportGame[]): void {
  const count = (key: (g: ReportGame) => string) => {
    const n = new Map<string, number>();
    for (const g of games) n.set(key(g), (n.get(key(g)) ?? 0) + 1);
    return n;
  };
  const byName = count((g) => g.name);
  for (const g of games) if ((byName.get(g.name) ?? 0) > 1) g.label = `${g.name} (${basename(g.path)})`;
  const byLabel = count((g) => g.label);
  for (const g of games) if ((byLabel.get(g.label) ?? 0) > 1) g.label = `${g.label} [${g.hash.slice(0, 8)}]`;
}

/** Game label by ruleset hash; a hash the context does not know is shown as its first 12 digits. */
export function gameLabeler(ctx: ReportContext | undefined): (hash: string) => string {
  const m = new Map((ctx?.games ?? []).map((g) => [g.hash, g.label]));
  return (h) => m.get(h) ?? (h.length > 14 ? `${h.slice(0, 12)}…` : h);
}
