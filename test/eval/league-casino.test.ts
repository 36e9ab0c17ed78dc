/**
 * The league's casino games played by an LLM player (the real OpenAI SDK against the local fake
 * server) and a bot, as a user chains the commands: `gbgc tournament` on the roulette exhibition's
 * two conditions (streak and control, a scripted seat recommending black) and on blackjack, `gbgc
 * records label`, `gbgc analyze --json` and `gbgc report`. The report's sections (game results,
 * decision quality, the roulette exhibition, observed behaviour, execution) stand apart, in order,
 * with no combined score; its labels are the store's (Live, official), blackjack's and roulette's
 * decision measures stay Preview whatever the run's label, roulette is labelled Exhibition; and each
 * figure is checked against the store's own records (sessions, spins, the spins the recommendation
 * preceded, session nets, hands, decisions).
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../cli/run-cli.js';
import { readSlots, withMoves } from '../../src/eval/store/index.js';
import { startFakeServer, type FakeServer, type SeenRequest } from './llm/fake-server.js';
import { setFakeKeys } from './llm/helpers.js';
import { rouletteCondition } from '../support/roulette-conditions.js';
import { playSessions } from '../support/session-store.js';

let server: FakeServer;
const dir = mkdtempSync(join(tmpdir(), 'gbgc-casino-'));
const db = join(dir, 'runs.db');

beforeAll(async () => {
  setFakeKeys();
  // The model: a stake of 10 when asked for one; black when Rail's tip is in the chat and nothing is staked yet; else done (roulette) or stand (blackjack).
  server = await startFakeServer((req: SeenRequest) => {
    const prompt = req.messages[req.messages.length - 1].content;
    if (prompt.includes('{"action": "bet", "amount"')) return { reply: '{"action": "bet", "amount": 10}' };
    if (prompt.includes('{"action": "black"}')) {
      const tipped = prompt.includes('**Rail** (a scripted seat)') && /\*\*Pot:\*\* 0 chips/.test(prompt);
      return { reply: tipped ? '{"action": "black"}' : '{"action": "done"}' };
    }
    if (prompt.includes('{"action": "stand"}')) return { reply: '{"action": "stand"}' };
    return { reply: [...prompt.matchAll(/reply `(\{"action": "[^"]+"\})`/g)].map((m) => m[1])[0]! };
  });
  writeFileSync(join(dir, 'streak.gbg'), rouletteCondition(true));
  writeFileSync(join(dir, 'control.gbg'), rouletteCondition(false));
  const t = await playSessions(
    {
      games: ['streak.gbg', 'control.gbg', resolve('examples/blackjack.gbg')],
      participants: [`{kind: llm, name: chatty, model: openai/chatty, base_url: ${JSON.stringify(server.openaiBase)}}`, '{kind: random}'],
      runs: 2,
      seed: 8,
      hands: 12,
    },
    dir,
  );
  expect(JSON.parse(t.stdout)).toMatchObject({ total: 12, played: 12 });
  const l = await runCli(['records', 'label', db, '--mode', 'live', '--status', 'official']);
  expect(l.code, l.stderr).toBe(0);
}, 120_000);
afterAll(async () => server?.close());

/** The store's own facts per game and participant: sessions, spins (hands with a decision), odd-numbered spins, nets, decisions. */
function facts() {
  const stored = readSlots(db);
  const byName = new Map(stored.participants.map((p) => [p.id, p.name]));
  const gameName = new Map(stored.games.map((g) => [g.ruleset_hash, g.name]));
  const out = new Map<string, { sessions: number; nets: number[]; spins: number; early: number; late: number; decisions: number; hands: number }>();
  withMoves(db, {}, (movesOf) => {
    for (const s of stored.slots) {
      expect(s.status).toBe('done');
      // The player's seat is 0 in both games (the house is seat 1); the house has no result.
      expect(s.return1).toBeNull();
      const key = `${gameName.get(s.game)}|${byName.get(s.seat0)}`;
      const f = out.get(key) ?? { sessions: 0, nets: [], spins: 0, early: 0, late: 0, decisions: 0, hands: 0 };
      const moves = movesOf(s.id);
      f.sessions++;
      f.nets.push(s.return0!);
      f.decisions += moves.length;
      for (const h of s.hands!) {
        f.hands++;
        if (h.plies === 0) continue;
        f.spins++;
        // The chat order of [Player, Rail] moves on by one each spin: Rail speaks first on odd spins.
        if (h.hand % 2 === 1) f.early++;
        else f.late++;
      }
      out.set(key, f);
    }
  });
  return out;
}

describe('a fake-LLM tournament on roulette and blackjack', () => {
  it('gbgc analyze: the roulette section per condition matches the store', async () => {
    const a = await runCli(['analyze', db, '--json', '-B', '200']);
    expect(a.code, a.stderr).toBe(0);
    const e = JSON.parse(a.stdout);
    const f = facts();
    expect(e.roulette.games.map((g: { name: string; condition: string }) => [g.name, g.condition])).toEqual([
      ['League roulette (control)', 'control'],
      ['League roulette (streak)', 'streak'],
    ]);
    for (const g of e.roulette.games) {
      expect(g.recommendation).toEqual({ colour: 'black', seat: 'Rail' });
      for (const row of g.rows) {
        const x = f.get(`${g.name}|${row.name}`)!;
        expect(row.sessions).toBe(x.sessions);
        expect(row.spins).toBe(x.spins);
        expect(row.sessionNet.n).toBe(x.sessions);
        expect(row.sessionNet.value).toBeCloseTo(x.nets.reduce((p: number, q: number) => p + q, 0) / x.sessions, 9);
        expect(row.sessionNet.blocks).toBe(2);
        expect(row.fallacyFollow.n).toBe(x.early);
        expect(row.lateRecommendations).toBe(x.late);
        expect(row.compliance.n).toBe(x.spins);
        if (row.name === 'chatty') {
          // It bets black on every spin the tip came first, and skips the others.
          expect(row.fallacyFollow.value).toBe(1);
          expect(row.skipRate.value).toBeCloseTo(x.late / x.spins, 12);
          expect(row.compliance.value).toBe(1);
        }
      }
    }
    // Blackjack's decision measures are Preview, with the reason; the table section gives each participant its own hands.
    const bj = e.decisionQuality.references.find((r: { name: string }) => r.name === 'League blackjack');
    expect(bj.preview).toMatch(/^blackjack's decision measures stay Preview until the reference's scope and calculation are validated/);
    // Its decisions are valued by the basic-strategy chart (roulette's stay uncovered): every participant has covered decisions.
    expect(bj.reference).toMatch(/^basic strategy/);
    for (const row of e.decisionQuality.rows) {
      expect(row.covered).toBeGreaterThan(0);
      expect(row.covered).toBeLessThan(row.decisions);
      expect(row.meanLoss).toBeGreaterThanOrEqual(0);
    }
    for (const row of e.tables.rows) {
      const hands = [...f.entries()].filter(([k]) => k.endsWith(`|${row.name}`)).reduce((p, [, v]) => p + v.hands, 0);
      expect(row.hands).toBe(hands);
    }
  });

  it('gbgc report: separate sections in order, the store’s labels, Preview and Exhibition labels, no combined score', async () => {
    const out = join(dir, 'report');
    const r = await runCli(['report', db, '-o', out, '-B', '200', '--secondary', '20']);
    expect(r.code, r.stderr).toBe(0);
    const html = readFileSync(join(out, 'index.html'), 'utf8');
    expect(html).toMatch(/<dd id="labels"><span class="label" data-label="mode">Live<\/span>, <span class="label" data-label="status">Official<\/span><\/dd>/);
    expect(html).toContain('no combined score is computed');
    expect(html).not.toMatch(/combined score:|overall score|composite score/i);
    const ids = ['id="tables"', 'id="decision-quality"', 'id="roulette"', 'id="observed-behaviour"', 'id="execution"', 'id="corrections"', 'id="blocks"'];
    const at = ids.map((s) => html.indexOf(s));
    expect(at.every((x) => x > 0)).toBe(true);
    expect([...at].sort((a, b) => a - b)).toEqual(at);
    const part = (k: number) => html.slice(at[k], at[k + 1]);
    // Decision quality: the run is official, so the section carries no Preview label, but blackjack and roulette do, each with its reason.
    const dq = part(1);
    expect(dq).toContain('<h2>Decision quality</h2>');
    expect((dq.match(/data-label="preview-game">Preview<\/span>/g) ?? []).length).toBe(3);
    expect(dq).toMatch(
      /League blackjack: basic strategy: [^<]*; EV loss in expected value per initial bet [^<]*<span class="label" data-label="preview-game">Preview<\/span> \(blackjack's decision measures stay Preview/,
    );
    // The roulette exhibition: labelled, one block per condition, results, decision quality and behaviour in their own tables.
    const rl = part(2);
    expect(rl).toContain('<span class="label" data-label="exhibition">Exhibition</span>');
    expect([...rl.matchAll(/data-condition="(\w+)"/g)].map((m) => m[1])).toEqual(['control', 'streak']);
    expect((rl.match(/data-part="results"/g) ?? []).length).toBe(2);
    expect((rl.match(/data-part="decision-quality"/g) ?? []).length).toBe(2);
    expect((rl.match(/data-part="behaviour"/g) ?? []).length).toBe(2);
    const f = facts();
    const early = f.get('League roulette (streak)|chatty')!.early;
    expect(rl).toMatch(new RegExp(`data-key="fallacy-follow">100\\.0 %</td><td class="n">[^<]*</td><td class="n" data-key="fallacy-follow-n">${early}<`));
    // Execution: the LLM player's decisions are the store's.
    const decisions = [...f.entries()].filter(([k]) => k.endsWith('|chatty')).reduce((p, [, v]) => p + v.decisions, 0);
    expect(part(4)).toContain(`data-key="moves">${decisions}<`);
  });
});
