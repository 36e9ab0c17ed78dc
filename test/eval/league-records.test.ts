/**
 * The league's labels and records as a user chains the commands, on a fake-LLM tournament (the real
 * OpenAI SDK against the local fake server) of a two-seat game with table chat against a bot:
 * `gbgc tournament --commit` (a commitment per block), play, `gbgc records blocks` (seeds released
 * and verified once blocks complete, hidden cards listed), `gbgc records label`, `gbgc records
 * correct` (an error with its affected matches, then its recomputation), `gbgc records summary`,
 * and `gbgc report`: labels in the header, game results, decision quality, observed behaviour,
 * execution, corrections and blocks in separate sections, each with its sample size and block
 * count, and no combined score.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../cli/run-cli.js';
import { canonicalJson } from '../../src/ir/hash.js';
import { startFakeServer, type FakeServer, type SeenRequest } from './llm/fake-server.js';
import { setFakeKeys } from './llm/helpers.js';

const GAME = `game "Kuhn with chat" {
  players Alice, Bob
  stack 10 each
  chat 1 per phase, 4 per hand, max 240
  deck {
    ranks J = 11, Q = 12, K = 13
    suits hearts
  }
  phase Setup {
    shuffle deck
    deal 1 to each face down
  }
  phase Ante {
    ante 1 each
  }
  phase Betting {
    betting fixed {
      bet 1
      raises at most 1
      first Alice
    }
  }
  showdown high-card
}
`;

let server: FakeServer;
const dir = mkdtempSync(join(tmpdir(), 'gbgc-league-'));
const db = join(dir, 'runs.db');
const cfg = join(dir, 'league.yaml');

beforeAll(async () => {
  setFakeKeys();
  // The model calls or checks, and talks: a message of 241 characters at every third request, else a short one.
  server = await startFakeServer((req: SeenRequest) => {
    const prompt = req.messages[req.messages.length - 1].content;
    const reply = [...prompt.matchAll(/reply `(\{"action": "(?:check|call)"\})`/g)].map((m) => m[1])[0];
    const long = server.requests.length % 3 === 0;
    return { reply: `${reply!.slice(0, -1)}, "message": ${JSON.stringify(long ? 'y'.repeat(241) : 'Your move.')}}` };
  });
  writeFileSync(join(dir, 'kuhn-chat.gbg'), GAME);
  writeFileSync(
    cfg,
    [
      'games: [kuhn-chat.gbg]',
      'participants:',
      `  - {kind: llm, name: chatty, model: openai/chatty, base_url: ${JSON.stringify(server.openaiBase)}}`,
      '  - {kind: random}',
      'runs: 6',
      'seed: 4',
      'store: runs.db',
      'prices: {chatty: {input: 0.5, output: 1.5}}',
      '',
    ].join('\n'),
  );
});
afterAll(async () => server.close());

describe('the league records of a fake-LLM tournament', () => {
  let commitments: { block: number; commitment: string }[];

  it('commits a hash per block before play, withholding seeds; releases and verifies them once blocks complete', async () => {
    const c = await runCli(['tournament', cfg, '--commit', '--json']);
    expect(c.code, c.stderr).toBe(0);
    expect(JSON.parse(c.stdout)).toMatchObject({ slots: 12, blocks: 6 });
    const before = await runCli(['records', 'blocks', db, '--json']);
    expect(before.code, before.stderr).toBe(0);
    const b0 = JSON.parse(before.stdout).blocks;
    expect(b0).toHaveLength(6);
    for (const b of b0) expect(b).toMatchObject({ done: 0, slots: 2, complete: false, playSeed: null, salt: null, hiddenCards: null });
    commitments = b0.map((b: { block: number; commitment: string }) => ({ block: b.block, commitment: b.commitment }));

    const t = await runCli(['tournament', cfg, '--json']);
    expect(t.code, t.stderr).toBe(0);
    const after = JSON.parse((await runCli(['records', 'blocks', db, '--json'])).stdout).blocks;
    for (const [k, b] of after.entries()) {
      expect(b).toMatchObject({ complete: true, done: 2, verified: true, commitment: commitments[k].commitment });
      // Anyone can recompute the hash from the released values.
      const engine = JSON.parse(t.stdout).engineVersion;
      const again = createHash('sha256')
        .update(canonicalJson({ block: b.block, engineVersion: engine, game: b.game, playSeed: b.playSeed, salt: b.salt }))
        .digest('hex');
      expect(again).toBe(b.commitment);
      // The hidden cards: each slot's deal, the same in both slots of the block (one play seed).
      expect(b.hiddenCards).toHaveLength(2);
      expect(b.hiddenCards[0].chance).toEqual(b.hiddenCards[1].chance);
      expect(b.hiddenCards[0].chance.length).toBeGreaterThan(0);
    }
  });

  it('labels the results and logs a correction with its matches and recomputation status', async () => {
    expect((await runCli(['records', 'label', db])).stdout).toContain('replay (default), preview (default)');
    const l = await runCli(['records', 'label', db, '--mode', 'delayed', '--status', 'preview', '--json']);
    expect(JSON.parse(l.stdout)).toEqual({ mode: 'delayed', status: 'preview', declared: { mode: true, status: true } });
    expect((await runCli(['records', 'label', db, '--mode', 'later'])).code).toBe(2);

    const slots = (await runCli(['records', 'export', db, '--jsonl'])).stdout
      .trim()
      .split('\n')
      .map((x) => JSON.parse(x).id as string);
    const c = await runCli(['records', 'correct', db, '--error', 'a deal read from the wrong seed', '--matches', slots[0], slots[1], '--json']);
    expect(c.code, c.stderr).toBe(0);
    expect(JSON.parse(c.stdout)).toMatchObject({
      id: 1,
      error: 'a deal read from the wrong seed',
      affectsRankings: true,
      matches: [slots[0], slots[1]],
      status: 'pending',
    });
    const u = await runCli(['records', 'correct', db, '--id', '1', '--status', 'recomputed', '--note', 'ranks unchanged', '--json']);
    expect(JSON.parse(u.stdout)).toMatchObject({ id: 1, status: 'recomputed', note: 'ranks unchanged' });
    const bad = await runCli(['records', 'correct', db, '--error', 'x', '--matches', 'ffff']);
    expect(bad.code).toBe(1);
    expect(bad.stderr).toContain('no match (slot) with id ffff');
    const sum = await runCli(['records', 'summary', db]);
    expect(sum.stdout).toContain('labels delayed, preview');
    expect(sum.stdout).toContain('#1');
    expect(sum.stdout).toContain('recomputation recomputed (ranks unchanged)');
  });

  it('the report: labels, then separate sections, each measure with its sample size and blocks, no combined score', async () => {
    const out = join(dir, 'report');
    const r = await runCli(['report', db, '-o', out, '-B', '200', '--secondary', '20']);
    expect(r.code, r.stderr).toBe(0);
    const html = readFileSync(join(out, 'index.html'), 'utf8');
    expect(html).toMatch(
      /<dd id="labels"><span class="label" data-label="mode">Delayed<\/span>, <span class="label" data-label="status">Preview<\/span>: exploratory/,
    );
    expect(html).toContain('no combined score is computed');
    const order = ['id="leaderboard-table"', 'id="decision-quality"', 'id="observed-behaviour"', 'id="execution"', 'id="corrections"', 'id="blocks"'].map((s) =>
      html.indexOf(s),
    );
    expect(order.every((x) => x > 0)).toBe(true);
    expect([...order].sort((a, b) => a - b)).toEqual(order);
    // Decision quality: covered / decisions and blocks per participant, Preview-labelled.
    const dq = html.slice(html.indexOf('id="decision-quality"'), html.indexOf('id="observed-behaviour"'));
    expect(dq).toContain('Decision quality <span class="label">Preview</span>');
    const covered = [...dq.matchAll(/data-key="covered">(\d+) \/ (\d+)</g)].map((m) => [Number(m[1]), Number(m[2])]);
    expect(covered).toHaveLength(2);
    for (const [c, n] of covered) expect(c).toBe(n);
    expect([...dq.matchAll(/data-key="blocks">(\d+)</g)].map((m) => Number(m[1]))).toEqual([6, 6]);
    // Observed behaviour: the model's messages, a third of them refused for length; the bot sends none.
    const beh = html.slice(html.indexOf('id="observed-behaviour"'), html.indexOf('id="execution"'));
    const n = (k: string) => [...beh.matchAll(new RegExp(`data-key="${k}">(\\d+)<`, 'g'))].map((m) => Number(m[1]));
    const est = JSON.parse(readFileSync(join(out, 'estimates.json'), 'utf8'));
    const llmRow = est.decisionQuality.rows.find((x: { name: string }) => x.name === 'chatty');
    expect(n('offered')).toContain(llmRow.decisions);
    expect(n('offered')).toContain(0);
    const offered = Math.max(...n('offered'));
    expect(Math.max(...n('accepted')) + Math.max(...n('refused'))).toBe(offered);
    expect(Math.max(...n('refused'))).toBeGreaterThan(0);
    expect(n('blocks')).toEqual([6, 6]);
    // The corrections log and the released blocks.
    expect(html).toContain('a deal read from the wrong seed');
    expect(html).toContain('recomputation <strong>recomputed</strong>');
    expect((html.match(/matches the commitment/g) ?? []).length).toBe(6);
  });
});
