/**
 * `gbgc view DB --slot ID`: a small bot tournament on Leduc is played into a run store through the
 * tournament API, every slot is rebuilt from its play seed and stored moves (checked against the
 * runner's own chance draws), each seat's page is searched for the opponent's unrevealed cards (as
 * the observation API defines what a seat saw), one slot is stepped through in Chromium per view
 * (screenshots in test-artifacts/viewer/), and altered stores are refused naming the slot and ply.
 * LLM moves show the turn prompt the model was given and its raw reply.
 */
import Database from 'better-sqlite3';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { chromium, type Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHANCE, type Game } from '../../src/interpreter/api.js';
import type { CompiledGame } from '../../src/interpreter/game.js';
import { createParticipantAgent, type Agent } from '../../src/eval/agents/index.js';
import { createLlmKindAgent } from '../../src/eval/llm/kind.js';
import type { Provider } from '../../src/eval/llm/types.js';
import { playSlot } from '../../src/eval/match/play.js';
import { buildReplay, type ReplayRecord } from '../../src/eval/report/replay.js';
import { replayFromStore } from '../../src/eval/report/slot-replay.js';
import { RunStore, type SlotRow } from '../../src/eval/store/index.js';
import { buildPlan, makeAgents, openStoreFor, readConfig, runTournament, type TournamentPlan } from '../../src/eval/tournament/index.js';
import { renderRulebook } from '../../src/render/rulebook.js';
import { renderTurnPrompt } from '../../src/render/prompt.js';
import { runCli } from '../cli/run-cli.js';

const ARTIFACTS = resolve('test-artifacts/viewer');
const LEDUC = resolve('examples/leduc.gbg');
const dir = mkdtempSync(join(tmpdir(), 'gbgc-slot-viewer-'));
let browser: Browser;

const escapeHtml = (t: string) => t.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string);

/**
 * The cards the opponent of `seat` held at some point of `history` that never reached `seat`'s
 * observation (its hand, the public piles, face-up cards, or the text of an event it saw).
 */
function unrevealedCards(game: CompiledGame, history: readonly { action: number }[], seat: 0 | 1): { mine: string[]; hidden: string[] } {
  const state = game.newInitialState();
  const opp = new Set<string>();
  const mine = new Set<string>();
  const seen: string[] = [];
  const look = () => {
    for (const c of state.observation(1 - seat).hand) opp.add(c);
    const o = state.observation(seat);
    for (const c of o.hand) mine.add(c);
    seen.push(...o.hand, ...Object.values(o.publicPiles).flat(), ...(o.faceUp?.flat() ?? []), ...o.log.map((e) => e.text));
  };
  look();
  for (const h of history) {
    state.applyAction(h.action);
    look();
  }
  const text = seen.join('\n');
  return { mine: [...mine], hidden: [...opp].filter((c) => !text.includes(c)) };
}

/** Write a tournament config and play it into `store` in-process; returns the plan. */
async function playTournament(name: string, participants: Record<string, unknown>[], runs: number, seed: number, agentsFor?: (plan: TournamentPlan) => Promise<Map<string, Agent>>): Promise<{ plan: TournamentPlan; db: string }> {
  const cfg = join(dir, `${name}.yaml`);
  const db = join(dir, `${name}.db`);
  writeFileSync(cfg, JSON.stringify({ games: { files: [LEDUC] }, participants, runs, seed, store: `${name}.db` }));
  const plan = buildPlan(cfg, readConfig(cfg), db);
  const agents = agentsFor ? await agentsFor(plan) : await makeAgents(plan);
  const store = openStoreFor(plan);
  try {
    await runTournament(plan, store, agents);
  } finally {
    store.close();
  }
  return { plan, db };
}

let bots: { plan: TournamentPlan; db: string };
let slots: SlotRow[];
let game: CompiledGame;
let rulebook: string;
/** The page without the rulebook panel (the rulebook lists the deck, so every card name is in it). */
const withoutRulebook = (html: string) => {
  const body = escapeHtml(rulebook);
  expect(html).toContain(body);
  return html.replace(body, '');
};

beforeAll(async () => {
  mkdirSync(ARTIFACTS, { recursive: true });
  bots = await playTournament('bots', [{ kind: 'random' }, { kind: 'heuristic' }], 5, 3);
  game = bots.plan.games[0].game as CompiledGame;
  rulebook = renderRulebook(game.ir);
  const s = RunStore.openReadOnly(bots.db);
  slots = s.slots();
  s.close();
  browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--no-sandbox', '--headless', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
  });
});
afterAll(async () => {
  await browser?.close();
  rmSync(dir, { recursive: true, force: true });
});

const recordOf = (db: string, id: string): ReplayRecord => {
  const s = RunStore.openReadOnly(db);
  try {
    return replayFromStore(s, id);
  } finally {
    s.close();
  }
};

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
        const moves = s.movesOf(row.id);
        expect(record.history.filter((h) => h.player !== CHANCE).map((h) => [h.player, h.action, h.label])).toEqual(moves.map((m) => [m.seat, m.action, m.label]));
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
        const r = await runCli(['view', bots.db, '--slot', row.id.slice(0, 12), '--as', game.program.seatNames[seat], '--out', out]);
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

  // A slot that ended in a fold: the opponent's card was never shown.
  const folded = () => slots.find((row) => unrevealedCards(game, recordOf(bots.db, row.id).history, 0).hidden.length > 0)!;

  for (const perspective of [0, 1, 'all'] as const) {
    it(`steps through a stored slot in Chromium from ${perspective === 'all' ? 'the omniscient' : `seat ${perspective}'s`} view`, async () => {
      const row = folded();
      const record = recordOf(bots.db, row.id);
      const file = join(dir, `slot-${perspective}.html`);
      const as = perspective === 'all' ? 'all' : game.program.seatNames[perspective];
      expect((await runCli(['view', bots.db, '--slot', row.id, '--as', as, '-o', file])).code).toBe(0);
      const page = await browser.newPage();
      const errors: string[] = [];
      page.on('pageerror', (e) => errors.push(e.message));
      await page.goto(pathToFileURL(file).href);
      expect(await page.textContent('header .meta:last-child')).toContain(`slot ${row.id}`);
      const state = game.newInitialState();
      const steps = record.history.length;
      for (let step = 0; step <= steps; step++) {
        if (step > 0) {
          state.applyAction(record.history[step - 1].action);
          await page.click('#next');
        }
        expect(await page.textContent('#step-label')).toBe(`step ${step} of ${steps}`);
        for (const s of perspective === 'all' ? [0, 1] : [perspective]) {
          const hand = state.observation(s).hand;
          expect(await page.textContent(`#hand-${s}`)).toBe(hand.length ? hand.join(', ') : '(no cards)');
        }
        if (perspective !== 'all') {
          expect(await page.$(`#hand-${1 - perspective}`)).toBeNull();
          // Nothing the seat did not see is visible anywhere on the page at this step.
          const visible = await page.innerText('body');
          const rulebookText = (await page.textContent('#rulebook')) ?? '';
          for (const c of unrevealedCards(game, record.history, perspective).hidden) expect(visible.replace(rulebookText, '')).not.toContain(c);
        }
        const board = state.observation(0).publicPiles.board ?? [];
        expect(await page.textContent('#piles')).toBe(`board: ${board.length ? board.join(', ') : '(empty)'}`);
        expect(await page.textContent('#pot')).toBe(String(state.chips().pot));
        expect(await page.textContent('#stacks')).toBe(`Alice ${state.chips().stacks[0]}, Bob ${state.chips().stacks[1]}`);
        if (step === 3) await page.screenshot({ path: join(ARTIFACTS, `slot-${perspective}-step3.png`), fullPage: true });
      }
      expect(await page.textContent('#result')).toContain(`Game over. Returns: Alice ${row.return0! > 0 ? '+' : ''}${row.return0}`);
      await page.screenshot({ path: join(ARTIFACTS, `slot-${perspective}-end.png`), fullPage: true });
      // Chips won by each seat and the pot: one point per step each.
      const lines = await page.$$eval('#chips-chart polyline', (els) => els.map((e) => [e.querySelector('title')!.textContent, e.getAttribute('points')!.split(' ').length]));
      expect(lines).toEqual([['Alice (chips won)', steps + 1], ['Bob (chips won)', steps + 1], ['pot', steps + 1]]);
      if (perspective === 'all') {
        // An event both seats saw is listed once, one seat's own events are tagged with it.
        const shownLog = await page.$$eval('#log li', (els) => els.map((e) => e.textContent ?? ''));
        const both = state.observation(0).log.map((e) => e.text).filter((t) => state.observation(1).log.some((e) => e.text === t));
        for (const t of both) expect(shownLog).toContain(t);
        expect(shownLog.filter((l) => l === 'The deck is shuffled.')).toHaveLength(1);
        expect(shownLog.some((l) => l.startsWith('[Alice only] Alice is dealt '))).toBe(true);
      }
      expect(errors).toEqual([]);
      await page.close();
    });
  }

  it('refuses an altered store naming the slot and the ply', async () => {
    const row = slots[0];
    const s = RunStore.openReadOnly(bots.db);
    const moves = s.movesOf(row.id);
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
    const chanceFree = recordOf(bots.db, row.id).history.slice(0, recordOf(bots.db, row.id).history.findIndex((h) => h.player !== CHANCE));
    for (const h of chanceFree) state.applyAction(h.action);
    const other = state.legalActions().find((a) => a !== moves[0].action)!;
    const changed = altered('move.db', "UPDATE slots SET move_log = json_set(move_log, '$[0][3]', ?, '$[0][2]', ?) WHERE id = ?", state.actionToString(state.currentPlayer(), other), other, row.id);
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

describe('LLM moves in a stored slot', () => {
  it("show the turn prompt the model was given and its raw reply, on the model's seat only", async () => {
    const replies: string[] = [];
    const provider: Provider = {
      kind: 'openai',
      model: 'test-model',
      endpoint: 'in-process',
      async complete(req) {
        const last = req.messages[0].content;
        const options = [...last.matchAll(/reply `(\{"action": [^`]+\})`/g)].map((m) => m[1]);
        // The very first reply is unusable: the move is taken on the format-fix re-ask.
        const text = replies.length === 0 ? 'hmm' : `I weigh my card. ${options[replies.length % options.length]}`;
        replies.push(text);
        return { text, stop: 'stop', usage: { input: 100, output: 10, reasoning: 0, cached: 0 } };
      },
    };
    const { plan, db } = await playTournament('llm', [{ kind: 'random' }, { kind: 'llm', name: 'model', model: 'openai/test-model' }], 1, 9, async (p) => {
      const agents = new Map<string, Agent>();
      const g = p.games[0].game;
      for (let i = 0; i < p.participants.length; i++) {
        const part = p.participants[i];
        agents.set(`${i}:0`, part.kind === 'llm' ? (createLlmKindAgent(g, { model: 'openai/test-model' }, {}, { provider }) as unknown as Agent) : await createParticipantAgent(part, g));
      }
      return agents;
    });
    expect(replies.length).toBeGreaterThan(0);
    const s = RunStore.openReadOnly(db);
    const rows = s.slots();
    const moves = s.movesOf(rows[0].id);
    s.close();
    const llmSeat = rows[0].seat0 === plan.participants.find((p) => p.kind === 'llm')!.id ? 0 : 1;
    // The stored move record keeps the prompt (additive field of the `extra` JSON).
    const stored = moves.filter((m) => m.seat === llmSeat).map((m) => JSON.parse(m.extra!) as { prompt: string; raw: string; path: string });
    expect(stored.length).toBeGreaterThan(0);
    const record = recordOf(db, rows[0].id);
    const state = game.newInitialState();
    let k = 0;
    record.history.forEach((h, i) => {
      if (h.player === llmSeat) {
        expect(record.notes![i].prompt).toBe(renderTurnPrompt(state.observation(llmSeat)));
        expect(record.notes![i].prompt).toBe(stored[k].prompt);
        // Every reply of the move, each under the call it answered, when there were several.
        expect(record.notes![i].reply).toBe(k === 0 ? `[initial]\nhmm\n\n[format-fix]\n${replies[1]}` : stored[k].raw);
        if (k > 0) expect(replies).toContain(record.notes![i].reply);
        expect(record.notes![i].path).toBe(k === 0 ? 'format-fix' : stored[k].path);
        k++;
      } else if (h.player !== CHANCE) expect(record.notes?.[i]).toBeUndefined();
      state.applyAction(h.action);
    });
    expect(k).toBe(stored.length);
    // The model's seat page shows them in Chromium; the other seat's page holds neither.
    const seatName = game.program.seatNames[llmSeat];
    const mine = join(dir, 'llm-mine.html');
    const theirs = join(dir, 'llm-theirs.html');
    expect((await runCli(['view', db, '--slot', rows[0].id, '--as', seatName, '--out', mine])).code).toBe(0);
    expect((await runCli(['view', db, '--slot', rows[0].id, '--as', game.program.seatNames[1 - llmSeat], '--out', theirs])).code).toBe(0);
    expect(readFileSync(theirs, 'utf8')).not.toContain('I weigh my card');
    const page = await browser.newPage();
    await page.goto(pathToFileURL(mine).href);
    const firstMove = record.history.findIndex((h) => h.player === llmSeat);
    for (let i = 0; i < firstMove; i++) await page.click('#next');
    expect(await page.isVisible('#llm')).toBe(true);
    expect(await page.textContent('#llm-reply')).toBe(record.notes![firstMove].reply);
    expect(await page.textContent('#llm-prompt')).toBe(record.notes![firstMove].prompt);
    expect(await page.textContent('#llm-path')).toBe('format-fix');
    await page.screenshot({ path: join(ARTIFACTS, 'slot-llm-prompt.png'), fullPage: true });
    await page.close();
  });
});
