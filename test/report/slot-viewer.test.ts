/**
 * `gbgc view DB --slot ID`: a small bot tournament on Leduc is played into a run store through the
 * tournament API, every slot is rebuilt from its play seed and stored moves (checked against the
 * runner's own chance draws), each seat's page is searched for the opponent's unrevealed cards (as
 * the observation API defines what a seat saw), and altered stores are refused naming the slot and
 * ply. Stepping through pages in Chromium, and LLM moves: `slot-viewer-browser.test.ts`.
 */
import Database from 'better-sqlite3';
import { copyFileSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHANCE, type Game } from '../../src/interpreter/api.js';
import type { CompiledGame } from '../../src/interpreter/game.js';
import type { Agent } from '../../src/eval/agents/index.js';
import { playSlot } from '../../src/eval/match/play.js';
import { buildReplay } from '../../src/eval/report/replay.js';
import { RunStore, type SlotRecord } from '../../src/eval/store/index.js';
import { makeAgents, type TournamentPlan } from '../../src/eval/tournament/index.js';
import { renderRulebook } from '../../src/render/rulebook.js';
import { runCli } from '../cli/run-cli.js';
import { escapeHtml, playTournament, recordOf, unrevealedCards } from './slot-viewer-support.js';

const dir = mkdtempSync(join(tmpdir(), 'gbgc-slot-viewer-'));

let bots: { plan: TournamentPlan; db: string };
let slots: SlotRecord[];
let game: CompiledGame;
let rulebook: string;
/** The page without the rulebook panel (the rulebook lists the deck, so every card name is in it). */
const withoutRulebook = (html: string) => {
  const body = escapeHtml(rulebook);
  expect(html).toContain(body);
  return html.replace(body, '');
};

beforeAll(async () => {
  bots = await playTournament(dir, 'bots', [{ kind: 'random' }, { kind: 'heuristic' }], 5, 3);
  game = bots.plan.games[0].game as CompiledGame;
  rulebook = renderRulebook(game.ir);
  const s = RunStore.openReadOnly(bots.db);
  slots = s.slots();
  s.close();
});
afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

describe('gbgc view DB --slot', () => {
  it("rebuilds every slot: the runner's chance draws, the stored moves by label, the stored returns", async () => {
    expect(slots).toHaveLength(10);
    const agents = await makeAgents(bots.plan);
    const s = RunStore.openReadOnly(bots.db);
    try {
      for (const row of slots) {
        const record = recordOf(bots.db, row.id);
        expect(record.slot).toBe(row.id);
        const names = new Map(s.participants().map((p) => [p.id, p.name]));
        expect(record.participants).toEqual([names.get(row.seat0), names.get(row.seat1)]);
        // The seat moves are the stored ones, in order.
        const moves = s.readMoves(row.id);
        expect(record.history.filter((h) => h.player !== CHANCE).map((h) => [h.player, h.action, h.label])).toEqual(
          moves.map((m) => [m.seat, m.action, m.label]),
        );
        // The chance outcomes are the ones the match runner drew for this play seed.
        const spec = bots.plan.slots.find((p) => p.id === row.id)!;
        const pair: [Agent, Agent] = [agents.get(`${spec.seats[0]}:0`)!, agents.get(`${spec.seats[1]}:0`)!];
        const again = await playSlot(game as Game, pair, row.play_seed, row.slot, { recordChance: true });
        expect(record.history.filter((h) => h.player === CHANCE).map((h) => h.action)).toEqual(again.chance!.map((c) => c.outcome));
        expect(again.returns).toEqual([row.return0, row.return1]);
        // The record replays through the viewer's own check.
        const replay = buildReplay(game, record, 'all');
        expect(replay.snapshots.at(-1)!.returns).toEqual([row.return0, row.return1]);
      }
    } finally {
      s.close();
    }
  });

  it("every seat's page holds none of the opponent's unrevealed cards; its own cards are there", async () => {
    let hiddenChecked = 0;
    for (const row of slots) {
      const record = recordOf(bots.db, row.id);
      for (const seat of [0, 1] as const) {
        const { mine, hidden } = unrevealedCards(game, record.history, seat);
        const out = join(dir, `page-${row.id}-${seat}.html`);
        const r = await runCli(['view', bots.db, '--slot', row.id.slice(0, 12), '--as', game.ir.seats[seat], '--out', out]);
        expect(r.stderr).toBe('');
        expect(r.code).toBe(0);
        const page = withoutRulebook(readFileSync(out, 'utf8'));
        for (const c of mine) expect(page).toContain(c);
        for (const c of hidden) expect(page, `slot ${row.id}, seat ${seat}: ${c}`).not.toContain(c);
        hiddenChecked += hidden.length;
      }
    }
    // The store has folds, so some opponent card stayed hidden (the check above was not vacuous).
    expect(hiddenChecked).toBeGreaterThan(0);
  });

  it('refuses an altered store naming the slot and the ply', async () => {
    const row = slots[0];
    const s = RunStore.openReadOnly(bots.db);
    const moves = s.readMoves(row.id);
    s.close();
    expect(moves.length).toBeGreaterThanOrEqual(2);
    const altered = (name: string, sql: string, ...args: unknown[]) => {
      const path = join(dir, name);
      copyFileSync(bots.db, path);
      const db = new Database(path);
      db.prepare(sql).run(...args);
      db.close();
      return path;
    };
    // A label no move of the game has.
    const bad = altered('label.db', "UPDATE slots SET move_log = json_set(move_log, '$[1][3]', ?) WHERE id = ?", 'dance', row.id);
    const r = await runCli(['view', bad, '--slot', row.id]);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain(`slot ${row.id}, ply 1: the stored move 'dance' of`);
    expect(r.stderr).toContain('is not legal here (legal: ');
    expect(r.stderr).toContain('the store was altered or written by another engine');
    // Another legal label at ply 0 (label and action id changed together): the replay parts from the stored game later.
    const state = game.newInitialState();
    const chanceFree = recordOf(bots.db, row.id).history.slice(
      0,
      recordOf(bots.db, row.id).history.findIndex((h) => h.player !== CHANCE),
    );
    for (const h of chanceFree) state.applyAction(h.action);
    const other = state.legalActions().find((a) => a !== moves[0].action)!;
    const changed = altered(
      'move.db',
      "UPDATE slots SET move_log = json_set(move_log, '$[0][3]', ?, '$[0][2]', ?) WHERE id = ?",
      state.actionToString(state.currentPlayer(), other),
      other,
      row.id,
    );
    const r2 = await runCli(['view', changed, '--slot', row.id]);
    expect(r2.code).toBe(1);
    expect(r2.stderr).toMatch(new RegExp(`slot ${row.id}(, ply \\d+)?: `));
    // Written by another engine version: the message says so.
    const otherEngine = altered('engine.db', "UPDATE meta SET value = 'gbgc 0.0.0-other' WHERE key = 'engineVersion'");
    const db = new Database(otherEngine);
    db.prepare("UPDATE slots SET move_log = json_set(move_log, '$[1][3]', ?) WHERE id = ?").run('dance', row.id);
    db.close();
    const r4 = await runCli(['view', otherEngine, '--slot', row.id]);
    expect(r4.code).toBe(1);
    expect(r4.stderr).toContain(`slot ${row.id}, ply 1: `);
    expect(r4.stderr).toContain('the store was written by engine gbgc 0.0.0-other, this is ');
    // An SQLite file that is not a run store.
    const foreign = join(dir, 'foreign.db');
    const f = new Database(foreign);
    f.exec('CREATE TABLE t (x INTEGER)');
    f.close();
    const r5 = await runCli(['view', foreign, '--slot', 'ab']);
    expect(r5.code).toBe(1);
    expect(r5.stderr).toContain('not a gbgc run store');
    // A changed play seed: other cards, so a stored information state no longer matches.
    const seed = altered('seed.db', 'UPDATE slots SET play_seed = play_seed + 1 WHERE id = ?', row.id);
    const r3 = await runCli(['view', seed, '--slot', row.id]);
    expect(r3.code).toBe(1);
    expect(r3.stderr).toMatch(new RegExp(`slot ${row.id}, ply \\d+: .*information state differs`));
  });

  it('slot ids: a unique prefix works; unknown or ambiguous ids exit 1 saying how to list them; a store needs --slot', async () => {
    const unknown = await runCli(['view', bots.db, '--slot', 'ffffffffffffffffffff']);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain(`gbgc records export ${bots.db} --jsonl --table slots`);
    const first = new Map<string, number>();
    for (const r of slots) first.set(r.id[0], (first.get(r.id[0]) ?? 0) + 1);
    const shared = [...first].find(([, n]) => n > 1);
    if (shared) {
      const amb = await runCli(['view', bots.db, '--slot', shared[0]]);
      expect(amb.code).toBe(1);
      expect(amb.stderr).toContain(`'${shared[0]}' is the start of`);
    }
    const notHex = await runCli(['view', bots.db, '--slot', 'xyz']);
    expect(notHex.code).toBe(1);
    const noSlot = await runCli(['view', bots.db]);
    expect(noSlot.code).toBe(2);
    expect(noSlot.stderr).toContain('--slot');
    const prefix = await runCli(['view', bots.db, '--slot', slots[1].id.slice(0, 10).toUpperCase()]);
    expect(prefix.code).toBe(0);
    expect(prefix.stdout).toContain(`slot ${slots[1].id}`);
    const help = await runCli(['view', '--help']);
    expect(help.stdout).toContain('--slot <id>');
  });
});
