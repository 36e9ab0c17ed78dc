/**
 * The match viewer in headless Chromium: step through a Leduc game from each seat's view and the
 * omniscient view, check the cards shown at every step against the engine's observations, and check
 * that a seat's page holds none of the opponent's unrevealed cards anywhere in its source.
 * Screenshots are kept in test-artifacts/viewer/.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Browser } from 'playwright-core';
import { launchChromium } from '../support/chromium.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compileSource } from '../../src/compiler/index.js';
import { CHANCE } from '../../src/interpreter/api.js';
import { sampleChanceOutcome } from '../../src/interpreter/chance.js';
import { compileGame } from '../../src/interpreter/game.js';
import { buildReplay, recordReplay, type ReplayRecord } from '../../src/eval/report/replay.js';
import { renderViewerHtml } from '../../src/eval/report/viewer.js';
import { renderRulebook } from '../../src/render/rulebook.js';
import { rngFromKeys } from '../../src/util/rng.js';
import { runCli } from '../cli/run-cli.js';

const SOURCE = readFileSync('examples/leduc.gbg', 'utf8');
const game = compileGame(compileSource(SOURCE).ir!);
const ARTIFACTS = resolve('test-artifacts/viewer');
const dir = mkdtempSync(join(tmpdir(), 'gbgc-viewer-'));
let browser: Browser;

/** A Leduc game that ends in a fold after the flop: Bob's card is never shown to Alice. */
function foldedGame(): { record: ReplayRecord; hidden: [string, string] } {
  for (let seed = 0; ; seed++) {
    const rng = rngFromKeys(7, seed);
    const state = game.newInitialState();
    const history: { player: number; action: number }[] = [];
    while (!state.isTerminal()) {
      const p = state.currentPlayer();
      const legal = state.legalActions();
      const a = p === CHANCE ? sampleChanceOutcome(state, rng) : legal[Math.floor(rng() * legal.length)];
      history.push({ player: p, action: a });
      state.applyAction(a);
    }
    const log = state.observation(0).log;
    const folded = log.some((e) => e.kind === 'fold');
    const flop = state.observation(0).publicPiles.board?.length === 1;
    if (folded && flop && history.filter((h) => h.player >= 0).length >= 4) {
      const hidden = [state.observation(0).hand[0], state.observation(1).hand[0]] as [string, string];
      return { record: recordReplay(game, SOURCE, ['random', 'random'], history), hidden };
    }
  }
}

const { record, hidden } = foldedGame();
const rulebook = renderRulebook(game.ir);
const escapeHtml = (t: string) => t.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string);
/** The page without the rulebook panel (the rulebook lists the deck, so every card name is in it). */
const withoutRulebook = (html: string) => {
  const body = escapeHtml(rulebook);
  expect(html).toContain(body);
  return html.replace(body, '');
};

beforeAll(async () => {
  mkdirSync(ARTIFACTS, { recursive: true });
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('match viewer', () => {
  it("a seat's page never contains the opponent's unrevealed card", () => {
    const alice = withoutRulebook(renderViewerHtml(buildReplay(game, record, 0), { rulebook }));
    const bob = withoutRulebook(renderViewerHtml(buildReplay(game, record, 1), { rulebook }));
    const all = withoutRulebook(renderViewerHtml(buildReplay(game, record, 'all'), { rulebook }));
    expect(alice).toContain(hidden[0]);
    expect(alice).not.toContain(hidden[1]);
    expect(bob).toContain(hidden[1]);
    expect(bob).not.toContain(hidden[0]);
    expect(all).toContain(hidden[0]);
    expect(all).toContain(hidden[1]);
  });

  for (const perspective of [0, 1, 'all'] as const) {
    it(`steps through the game in Chromium from ${perspective === 'all' ? 'the omniscient' : `seat ${perspective}'s`} view`, async () => {
      const replay = buildReplay(game, record, perspective);
      const file = join(dir, `view-${perspective}.html`);
      writeFileSync(file, renderViewerHtml(replay, { rulebook }));
      const page = await browser.newPage();
      const errors: string[] = [];
      page.on('pageerror', (e) => errors.push(e.message));
      await page.goto(pathToFileURL(file).href);
      // Replay the same history on the engine and compare what the page shows at each step.
      const state = game.newInitialState();
      for (let step = 0; step < replay.snapshots.length; step++) {
        if (step > 0) {
          state.applyAction(record.history[step - 1].action);
          await page.click('#next');
        }
        expect(await page.textContent('#step-label')).toBe(`step ${step} of ${replay.snapshots.length - 1}`);
        const seats = perspective === 'all' ? [0, 1] : [perspective];
        for (const s of seats) {
          const hand = state.observation(s).hand;
          expect(await page.textContent(`#hand-${s}`)).toBe(hand.length ? hand.join(', ') : '(no cards)');
        }
        if (perspective !== 'all') expect(await page.$(`#hand-${1 - perspective}`)).toBeNull();
        const board = state.observation(0).publicPiles.board ?? [];
        expect(await page.textContent('#piles')).toBe(`board: ${board.length ? board.join(', ') : '(empty)'}`);
        expect(await page.textContent('#pot')).toBe(String(state.chips().pot));
        const shownLog = await page.$$eval('#log li', (els) => els.map((e) => e.textContent));
        if (perspective !== 'all') {
          // Every event the seat has seen so far is in the log, in order.
          const seen = state.observation(perspective).log.map((e) => e.text);
          expect(shownLog.filter((l) => seen.includes(l ?? ''))).toEqual(seen);
        }
        if (step === 2) await page.screenshot({ path: join(ARTIFACTS, `leduc-${perspective}-step2.png`), fullPage: true });
      }
      expect(await page.textContent('#result')).toBe(
        `Game over. Returns: Alice ${state.returns()[0] > 0 ? '+' : ''}${state.returns()[0]}, Bob ${state.returns()[1] > 0 ? '+' : ''}${state.returns()[1]}`,
      );
      await page.keyboard.press('Home');
      expect(await page.textContent('#step-label')).toBe(`step 0 of ${replay.snapshots.length - 1}`);
      await page.screenshot({ path: join(ARTIFACTS, `leduc-${perspective}-start.png`), fullPage: true });
      expect(errors).toEqual([]);
      await page.close();
    });
  }

  it('gbgc view writes the page from a record and refuses a record of other rules', async () => {
    const rec = join(dir, 'hand.json');
    writeFileSync(rec, JSON.stringify(record));
    const out = join(dir, 'alice.html');
    const r = await runCli(['view', rec, '--as', 'alice', '-o', out]);
    expect(r.code).toBe(0);
    expect(withoutRulebook(readFileSync(out, 'utf8'))).not.toContain(hidden[1]);
    const tampered = join(dir, 'tampered.json');
    writeFileSync(tampered, JSON.stringify({ ...record, history: record.history.map((h, i) => (i === 0 ? { ...h, label: 'A of clubs' } : h)) }));
    const bad = await runCli(['view', tampered]);
    expect(bad.code).toBe(1);
    expect(bad.stderr).toContain("is labelled 'A of clubs' in the record");
    const notRecord = await runCli(['view', 'examples/kuhn.gbg']);
    expect(notRecord.code).toBe(1);
    expect(notRecord.stderr).toContain('not valid JSON');
    const badSeat = await runCli(['view', rec, '--as', 'Carol']);
    expect(badSeat.code).toBe(2);
  });
});
