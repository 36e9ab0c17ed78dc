/**
 * Roulette's table chat and exhibition measures: scripted seats (`chat "…" from Rail`) compiled,
 * formatted and decompiled; delivered before the bets lock in a turn order that rotates each spin
 * (one player seat and one scripted seat: the scripted seat speaks first on odd spins, right after
 * the player's first decision on even ones); the streak and control conditions; and the measures of
 * a session played by a player that bets the recommended colour whenever it has seen it, against
 * hand-computed values (follow rate, late recommendations, skips, compliance, session net, the
 * target regret of a spin against the reference's dynamic program).
 */
import { describe, expect, it } from 'vitest';
import { compileSource } from '../../src/compiler/index.js';
import { formatSource } from '../../src/format/format-source.js';
import { decompile } from '../../src/format/decompile.js';
import { compileGame } from '../../src/interpreter/game.js';
import { playSlot } from '../../src/eval/match/play.js';
import type { Agent, AgentView } from '../../src/eval/agents/agent.js';
import type { StoredSlots } from '../../src/eval/store/read.js';
import type { MoveRecord, SlotRecord } from '../../src/eval/store/store.js';
import { rouletteMeasures, spinBets } from '../../src/eval/stats/roulette.js';
import { RouletteTargetReference } from '../../src/algorithms/casino/roulette.js';
import { renderChatSection } from '../../src/render/chat.js';
import { RAIL_TIP, rouletteCondition, STREAK_CUE } from '../support/roulette-conditions.js';

const CUE = STREAK_CUE;
const TIP = RAIL_TIP;

/** Bets 10 on the colour of the last colour-naming message it has seen this spin, else skips; records what it saw at each decision. */
function follower(seen: { ply: number; log: string[] }[]): Agent {
  let placed = false;
  return {
    name: 'follower',
    chat: true,
    act(view: AgentView) {
      const log = (view.chat?.log ?? []).map((m) => `${m.from ?? (m.seat === null ? 'Table' : m.seat)}: ${m.text}`);
      seen.push({ ply: view.ply, log });
      const pick = (label: string) => view.legal[view.labels.indexOf(label)];
      if (view.labels.includes('bet 10')) return pick('bet 10');
      const tip = view.chat?.log.find((m) => m.from === 'Rail');
      if (tip && !placed && view.labels.includes('black')) {
        placed = true;
        return pick('black');
      }
      placed = false;
      return pick('done');
    },
  };
}

const never: Agent = { name: 'house', act: () => Promise.reject(new Error('the house never decides')) };

describe('scripted seats in the language', () => {
  it('compile to the IR, refuse a player’s name, and keep their hash through format and decompile', async () => {
    const src = rouletteCondition(true);
    const r = compileSource(src);
    expect(r.diagnostics).toEqual([]);
    expect(r.ir!.chat).toEqual({ perPhase: null, perHand: null, maxChars: 240, messages: [CUE], seats: [{ name: 'Rail', messages: [TIP] }] });
    expect(compileSource(await formatSource(src)).rulesetHash).toBe(r.rulesetHash);
    expect(compileSource(decompile(r.ir!)).rulesetHash).toBe(r.rulesetHash);
    const bad = compileSource(src.replace('from Rail', 'from Player')).diagnostics.map((d) => [d.code, d.message]);
    expect(bad).toEqual([['E0260', "'Player' is a seat of the game; a scripted message comes from a scripted seat, a name that is not one of the players"]]);
  });
});

describe('roulette chat: before the bets lock, in rotating order', () => {
  it('delivers the scripted seat before the first decision on odd spins, right after it on even spins; the prompt names it', async () => {
    const game = compileGame(compileSource(rouletteCondition(true)).ir!);
    const seen: { ply: number; log: string[] }[] = [];
    const out = await playSlot(game, [follower(seen), never], 3, 0, { format: { hands: 6, stacks: 'carry' } });
    const hands = out.hands!;
    for (const h of hands) {
      const first = seen.find((s) => s.ply === h.firstPly)!;
      // Spin h's turn order starts at speaker h mod 2 of [Player, Rail].
      if (h.hand % 2 === 1) {
        expect(first.log).toEqual([`Table: ${CUE}`, `Rail: ${TIP}`]);
        // It bet black 10 then stopped: three decisions.
        expect(out.records.slice(h.firstPly, h.firstPly + h.plies).map((m) => m.label)).toEqual(['black', 'bet 10', 'done']);
      } else {
        expect(first.log).toEqual([`Table: ${CUE}`]);
        expect(out.records.slice(h.firstPly, h.firstPly + h.plies).map((m) => m.label)).toEqual(['done']);
      }
    }
    const prompt = renderChatSection(
      { rules: game.ir.chat!, log: [{ seat: null, phase: null, text: TIP, from: 'Rail' }], remaining: { phase: null, hand: null } },
      game.ir.seats,
    );
    expect(prompt).toContain(`- **Rail** (a scripted seat): ${JSON.stringify(TIP)}`);
  });

  it('measures the session: follow rate over spins the recommendation preceded, late ones apart, skips, compliance, net, regret', async () => {
    const results: Record<string, unknown> = {};
    for (const streak of [true, false]) {
      const source = rouletteCondition(streak);
      const c = compileSource(source);
      const game = compileGame(c.ir!);
      const out = await playSlot(game, [follower([]), never], 3, 0, { format: { hands: 50, stacks: 'carry' } });
      const slot: SlotRecord = {
        id: 's0',
        seq: 0,
        game: c.rulesetHash!,
        run: 0,
        slot: 0,
        seat0: 'p',
        seat1: 'h',
        play_seed: 3,
        status: 'done',
        return0: out.returns[0],
        return1: null,
        moves0: out.moves[0],
        moves1: null,
        fallbacks0: 0,
        fallbacks1: null,
        wall_ms: 1,
        error: null,
        notes: null,
        finished_at: 'now',
        hands: out.hands!.map((h) => ({ ...h, seats: h.order.map((k) => ['p', 'h'][k]) })),
        house: 1,
      };
      const stored: StoredSlots = {
        slots: [slot],
        participants: [{ id: 'p', name: 'follower', kind: 'x', config: '{}' }],
        games: [{ ruleset_hash: c.rulesetHash!, name: c.ir!.name, path: 'r.gbg', source }],
        commitment: null,
        engineVersion: 'x',
      };
      const movesOf = (): MoveRecord[] => out.records;
      const r = rouletteMeasures(stored, movesOf, { target: 1200, B: 50, seed: 1, names: { p: 'follower' } })!;
      const g = r.games[0];
      expect(g.condition).toBe(streak ? 'streak' : 'control');
      expect(g.recommendation).toEqual({ colour: 'black', seat: 'Rail' });
      const row = g.rows[0];
      // 50 spins: on the 25 odd ones it saw the tip first and bet black 10 (follow 25/25); the 25 even ones are late and skipped.
      expect([row.sessions, row.spins]).toEqual([1, 50]);
      expect(row.fallacyFollow).toMatchObject({ value: 1, n: 25, blocks: 1, ci: null });
      expect(row.lateRecommendations).toBe(25);
      expect(row.skipRate).toMatchObject({ value: 0.5, n: 50 });
      expect(row.compliance).toMatchObject({ value: 1, n: 50 });
      expect(row.sessionNet).toMatchObject({ value: out.returns[0], n: 1 });
      expect(row.targetReached.value).toBe(0);
      // The regret of every spin, by the reference at the spin's bankroll and spins left.
      const ref = new RouletteTargetReference({ target: 1200 });
      let regret = 0;
      for (const h of out.hands!)
        regret += ref.targetRegret({ bankroll: h.stacks![0], spinsLeft: 50 - h.hand, bets: spinBets(out.records.slice(h.firstPly, h.firstPly + h.plies)) });
      expect(row.targetRegret.value).toBeCloseTo(regret / 50, 12);
      // Spin 0 is a skip from 1,000 chips with 50 spins: V(50, 1000) − V(49, 1000).
      expect(ref.targetRegret({ bankroll: 1000, spinsLeft: 50, bets: [] })).toBeCloseTo(
        ref.successProbability(1000, 50) - ref.successProbability(1000, 49),
        15,
      );
      results[streak ? 'streak' : 'control'] = row.sessionNet.value;
    }
    // The same committed spins and the same bets in both conditions: the same session.
    expect(results.streak).toBe(results.control);
  });
});
