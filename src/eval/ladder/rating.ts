/**
 * Rating a participant on a ladder (the I/O edge of {@link climb}): make each level's agent and
 * check it is the one calibrated (participant id and policy hash), play the ladder duels climbing
 * from Lv0, and — with a run store — record every slot (and reuse slots the store already holds,
 * so an interrupted rating resumes without replaying them).
 */
import { createHash } from 'node:crypto';
import type { Game } from '../../interpreter/api.js';
import { canonicalJson } from '../../ir/hash.js';
import { UserError } from '../../util/errors.js';
import { createParticipantAgent, type Agent, type AgentOptions, type Participant } from '../agents/index.js';
import type { RunStore, SlotRecord } from '../store/store.js';
import { levelParticipant, policyHash } from './build.js';
import { playDuel } from './duel.js';
import type { LadderGame } from './file.js';
import { climb, type Rating } from './rate.js';
import { duelFigures, poolFigures, type DuelFigures } from './stats.js';

/** The rating of a participant on one game's ladder. */
export interface GameRating {
  game: string;
  rulesetHash: string;
  participant: { name: string; kind: string; id: string };
  seed: number;
  runs: number;
  rating: Rating;
  /** The participant against each level climbed (all its bots pooled), from its side, with the figures against each bot. */
  steps: (DuelFigures & { level: number; name: string; bots?: (DuelFigures & { name: string })[] })[];
  /** Slots played now and slots reused from the store. */
  slotsPlayed: number;
  slotsReused: number;
}

/** Options of {@link rateOnGame}. */
export interface RateOptions {
  runs: number;
  seed: number;
  /** Record slots here (and reuse those it holds). */
  store?: RunStore;
  /** The game's source text, stored with the game when recording. */
  source?: string;
  /** Options of the participant's agent (e.g. an LLM runtime). */
  agentOptions?: AgentOptions;
  onLevel?: (level: number) => void;
}

/** The id of a ladder slot: the first 128 bits (hex) of SHA-256 of `{ladder, seed, rulesetHash, run, seat0, seat1}` (distinct from tournament slot ids). */
export function ladderSlotId(seed: number, rulesetHash: string, run: number, seat0: string, seat1: string): string {
  return createHash('sha256')
    .update(canonicalJson({ ladder: true, seed, rulesetHash, run, seat0, seat1 }))
    .digest('hex')
    .slice(0, 32);
}

/**
 * The agents of a game's levels (every bot of each level), each checked against the ladder.
 * @throws UserError when a bot's participant id or policy hash differs from the recorded one
 *         (another engine version or other rules than the ladder was calibrated with)
 */
export async function levelAgents(game: Game, lg: LadderGame): Promise<{ participant: Participant; agent: Agent }[][]> {
  if (game.rulesetHash !== lg.rulesetHash)
    throw new UserError(
      `${lg.path}: ruleset hash ${game.rulesetHash.slice(0, 16)}… differs from the ladder's ${lg.rulesetHash.slice(0, 16)}… (the rules changed since the ladder was built)`,
    );
  const out: { participant: Participant; agent: Agent }[][] = [];
  for (const l of lg.levels) {
    const level: { participant: Participant; agent: Agent }[] = [];
    const bots = l.bots ?? [{ name: l.name, agent: l.agent, participantId: l.participantId, policyHash: l.policyHash }];
    for (const b of bots) {
      const p = levelParticipant(b.agent, `${lg.game} Lv${l.level}`);
      if (p.id !== b.participantId)
        throw new UserError(
          `${lg.game} Lv${l.level} (${b.name}): participant id ${p.id.slice(0, 12)}… differs from the ladder's ${b.participantId.slice(0, 12)}… (built by another engine version or with other parameters); rebuild the ladder`,
        );
      const agent = await createParticipantAgent(p, game);
      const h = policyHash(agent);
      if (h !== b.policyHash) throw new UserError(`${lg.game} Lv${l.level} (${b.name}): the policy hash differs from the ladder's; rebuild the ladder`);
      level.push({ participant: p, agent });
    }
    out.push(level);
  }
  return out;
}

/**
 * Rate a participant on one game's ladder: climb from Lv0 (see {@link climb}); against a level of
 * several bots it plays `runs` runs against each, and its win rate is over all their games pooled.
 * @throws UserError from {@link levelAgents}
 */
export async function rateOnGame(game: Game, lg: LadderGame, who: Participant, opts: RateOptions): Promise<GameRating> {
  const levels = await levelAgents(game, lg);
  const agent = await createParticipantAgent(who, game, opts.agentOptions);
  const store = opts.store;
  let played = 0;
  let reused = 0;
  if (store) {
    store.putParticipant({ id: who.id, name: who.name, kind: who.kind, config: canonicalJson(who.config) });
    store.putGame({ ruleset_hash: game.rulesetHash, name: lg.game, path: lg.path, source: opts.source ?? '' });
  }
  const lookup = store?.db.prepare("SELECT return0, return1 FROM slots WHERE id = ? AND status = 'done'");
  const maxSeq = store?.db.prepare('SELECT COALESCE(MAX(seq), -1) FROM slots').pluck();
  const steps: GameRating['steps'] = [];
  const { rating } = await climb(levels.length, async (k) => {
    opts.onLevel?.(k);
    const perBot: (DuelFigures & { name: string })[] = [];
    for (const lv of levels[k]) {
      store?.putParticipant({ id: lv.participant.id, name: lv.participant.name, kind: lv.participant.kind, config: canonicalJson(lv.participant.config) });
      const ids = (slot: number): [string, string] => (slot === 0 ? [who.id, lv.participant.id] : [lv.participant.id, who.id]);
      const runs = await playDuel(game, agent, lv.agent, {
        runs: opts.runs,
        seed: opts.seed,
        recordMoves: store !== undefined,
        known: lookup
          ? (run, slot) => {
              const row = lookup.get(ladderSlotId(opts.seed, game.rulesetHash, run, ...ids(slot))) as { return0: number; return1: number } | undefined;
              if (row) reused++;
              return row ? [row.return0, row.return1] : undefined;
            }
          : undefined,
        onSlot: (run, slot, ps, o) => {
          played++;
          if (!store) return;
          const [s0, s1] = ids(slot);
          const id = ladderSlotId(opts.seed, game.rulesetHash, run, s0, s1);
          const row: SlotRecord = {
            id,
            seq: (maxSeq!.get() as number) + 1,
            game: game.rulesetHash,
            run,
            slot,
            seat0: s0,
            seat1: s1,
            play_seed: ps,
            status: 'done',
            return0: o.returns[0],
            return1: o.returns[1],
            moves0: o.moves[0],
            moves1: o.moves[1],
            fallbacks0: o.fallbacks[0],
            fallbacks1: o.fallbacks[1],
            wall_ms: 0,
            error: null,
            notes: JSON.stringify({ ladder: { level: k, name: lv.participant.name, seed: opts.seed } }),
            finished_at: new Date().toISOString(),
          };
          store.recordSlot(row, o.records);
        },
      });
      perBot.push({ ...duelFigures(runs), name: lv.participant.name });
    }
    const f = poolFigures(perBot);
    steps.push({ ...f, level: k, name: perBot.map((b) => b.name).join(' + '), ...(perBot.length > 1 ? { bots: perBot } : {}) });
    return f;
  });
  return {
    game: lg.game,
    rulesetHash: game.rulesetHash,
    participant: { name: who.name, kind: who.kind, id: who.id },
    seed: opts.seed,
    runs: opts.runs,
    rating,
    steps,
    slotsPlayed: played,
    slotsReused: reused,
  };
}
