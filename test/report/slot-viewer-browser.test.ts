/**
 * `gbgc view DB --slot ID` in headless Chromium: a small bot tournament on Leduc is played into a
 * run store through the tournament API and one slot that ended in a fold is stepped through per
 * view (seat 0, seat 1, omniscient), every step checked against the engine (screenshots in
 * test-artifacts/viewer/). LLM moves show the turn prompt the model was given and its raw reply.
 * The store checks without a browser are in `slot-viewer.test.ts`.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Browser } from 'playwright-core';
import { launchChromium } from '../support/chromium.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHANCE } from '../../src/interpreter/api.js';
import type { CompiledGame } from '../../src/interpreter/game.js';
import { createParticipantAgent, type Agent } from '../../src/eval/agents/index.js';
import { createLlmKindAgent } from '../../src/eval/llm/kind.js';
import type { Provider } from '../../src/eval/llm/types.js';
import { RunStore, type SlotRecord } from '../../src/eval/store/index.js';
import type { TournamentPlan } from '../../src/eval/tournament/index.js';
import { renderTurnPrompt } from '../../src/render/prompt.js';
import { runCli } from '../cli/run-cli.js';
import { playTournament, recordOf, unrevealedCards } from './slot-viewer-support.js';

const ARTIFACTS = resolve('test-artifacts/viewer');
const dir = mkdtempSync(join(tmpdir(), 'gbgc-slot-viewer-browser-'));
let browser: Browser;
let bots: { plan: TournamentPlan; db: string };
let slots: SlotRecord[];
let game: CompiledGame;

beforeAll(async () => {
  mkdirSync(ARTIFACTS, { recursive: true });
  bots = await playTournament(dir, 'bots', [{ kind: 'random' }, { kind: 'heuristic' }], 5, 3);
  game = bots.plan.games[0].game as CompiledGame;
  const s = RunStore.openReadOnly(bots.db);
  slots = s.slots();
  s.close();
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('gbgc view DB --slot in Chromium', () => {
  // A slot that ended in a fold: the opponent's card was never shown.
  const folded = () => slots.find((row) => unrevealedCards(game, recordOf(bots.db, row.id).history, 0).hidden.length > 0)!;

  for (const perspective of [0, 1, 'all'] as const) {
    it(`steps through a stored slot in Chromium from ${perspective === 'all' ? 'the omniscient' : `seat ${perspective}'s`} view`, async () => {
      const row = folded();
      const record = recordOf(bots.db, row.id);
      const file = join(dir, `slot-${perspective}.html`);
      const as = perspective === 'all' ? 'all' : game.ir.seats[perspective];
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
      const lines = await page.$$eval('#chips-chart polyline', (els) =>
        els.map((e) => [e.querySelector('title')!.textContent, e.getAttribute('points')!.split(' ').length]),
      );
      expect(lines).toEqual([
        ['Alice (chips won)', steps + 1],
        ['Bob (chips won)', steps + 1],
        ['pot', steps + 1],
      ]);
      if (perspective === 'all') {
        // An event both seats saw is listed once, one seat's own events are tagged with it.
        const shownLog = await page.$$eval('#log li', (els) => els.map((e) => e.textContent ?? ''));
        const both = state
          .observation(0)
          .log.map((e) => e.text)
          .filter((t) => state.observation(1).log.some((e) => e.text === t));
        for (const t of both) expect(shownLog).toContain(t);
        expect(shownLog.filter((l) => l === 'The deck is shuffled.')).toHaveLength(1);
        expect(shownLog.some((l) => l.startsWith('[Alice only] Alice is dealt '))).toBe(true);
      }
      expect(errors).toEqual([]);
      await page.close();
    });
  }
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
    const { plan, db } = await playTournament(dir, 'llm', [{ kind: 'random' }, { kind: 'llm', name: 'model', model: 'openai/test-model' }], 1, 9, async (p) => {
      const agents = new Map<string, Agent>();
      const g = p.games[0].game;
      for (let i = 0; i < p.participants.length; i++) {
        const part = p.participants[i];
        agents.set(
          `${i}:0`,
          part.kind === 'llm'
            ? ((await createLlmKindAgent(g, { model: 'openai/test-model' }, {}, { provider })) as unknown as Agent)
            : await createParticipantAgent(part, g),
        );
      }
      return agents;
    });
    expect(replies.length).toBeGreaterThan(0);
    const s = RunStore.openReadOnly(db);
    const rows = s.slots();
    const moves = s.readMoves(rows[0].id);
    s.close();
    const llmSeat = rows[0].seat0 === plan.participants.find((p) => p.kind === 'llm')!.id ? 0 : 1;
    // The stored move record keeps the prompt (additive field of the `extra` JSON).
    const stored = moves.filter((m) => m.seat === llmSeat).map((m) => m.extra as { prompt: string; raw: string; path: string });
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
    const seatName = game.ir.seats[llmSeat];
    const mine = join(dir, 'llm-mine.html');
    const theirs = join(dir, 'llm-theirs.html');
    expect((await runCli(['view', db, '--slot', rows[0].id, '--as', seatName, '--out', mine])).code).toBe(0);
    expect((await runCli(['view', db, '--slot', rows[0].id, '--as', game.ir.seats[1 - llmSeat], '--out', theirs])).code).toBe(0);
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
