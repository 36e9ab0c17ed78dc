/**
 * `gbgc play FILE --record hand.json`: the replay record of a game played in the terminal (scripted
 * standard input, in-process CLI) replays to what the terminal showed, is the same for the same seed
 * and answers, is read by `gbgc view`, and keeps an LLM opponent's turn prompts and raw replies.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compileSource } from '../../src/compiler/index.js';
import { CHANCE } from '../../src/interpreter/api.js';
import { compileGame } from '../../src/interpreter/game.js';
import { parseReplayRecord } from '../../src/eval/report/replay.js';
import { renderTurnPrompt } from '../../src/render/prompt.js';
import { runCli } from '../cli/run-cli.js';
import { startFakeServer, type FakeServer } from '../eval/llm/fake-server.js';
import { SECRET_KEY, setFakeKeys } from '../eval/llm/helpers.js';

const dir = mkdtempSync(join(tmpdir(), 'gbgc-play-record-'));
const gameOf = (file: string) => compileGame(compileSource(readFileSync(file, 'utf8')).ir!);
const LEDUC_ANSWERS = '{"action": "check"}\ncall\n{"action": "call"}\ncheck\ncall\ncall\n';

let server: FakeServer;
beforeAll(async () => {
  setFakeKeys();
  server = await startFakeServer((req) => {
    const replies = [...req.messages[0].content.matchAll(/reply `(\{"action": [^`]+\})`/g)].map((m) => m[1]);
    return { reply: `My card decides. ${replies[0]}` };
  });
});
afterAll(async () => {
  await server.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('gbgc play --record', () => {
  it('writes the replay record of the game: it replays to what the terminal showed, and gbgc view reads it', async () => {
    const file = join(dir, 'hand.json');
    const r = await runCli(['play', 'examples/leduc.gbg', '--as', 'Bob', '--seed', '5', '--record', file], LEDUC_ANSWERS);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    const record = parseReplayRecord(JSON.parse(readFileSync(file, 'utf8')), file);
    const game = gameOf('examples/leduc.gbg');
    expect(record.game.rulesetHash).toBe(game.rulesetHash);
    expect(record.game.source).toBe(readFileSync('examples/leduc.gbg', 'utf8'));
    expect(record.participants).toEqual(['random', 'human']);
    const state = game.newInitialState();
    for (const h of record.history) {
      expect(h.player).toBe(state.currentPlayer());
      expect(h.label).toBe(state.actionToString(h.player, h.action));
      state.applyAction(h.action);
    }
    expect(state.isTerminal()).toBe(true);
    expect(record.history.some((h) => h.player === CHANCE)).toBe(true);
    // Every event Bob saw was printed, and the result line is the replay's.
    for (const e of state.observation(1).log) expect(r.stdout).toContain(`  ${e.text}${e.reason ? ` Why: ${e.reason}.` : ''}\n`);
    expect(r.stdout).toContain(`Final stacks: Alice ${state.chips().stacks[0]}, Bob ${state.chips().stacks[1]}.`);
    // Same seed, same answers: the same record.
    const again = join(dir, 'again.json');
    expect((await runCli(['play', 'examples/leduc.gbg', '--as', 'Bob', '--seed', '5', '--record', again], LEDUC_ANSWERS)).code).toBe(0);
    expect(readFileSync(again, 'utf8')).toBe(readFileSync(file, 'utf8'));
    // gbgc view reads it (decided by content: JSON, not SQLite).
    const page = join(dir, 'bob.html');
    const v = await runCli(['view', file, '--as', 'Bob', '--out', page]);
    expect(v.code).toBe(0);
    expect(readFileSync(page, 'utf8')).toContain('Bob’s view: only what Bob saw');
    const slot = await runCli(['view', file, '--slot', 'abc']);
    expect(slot.code).toBe(2);
  });

  it('writes nothing when the game did not end; refuses a missing folder, a folder as the file, an empty name before playing', async () => {
    const file = join(dir, 'unfinished.json');
    const eof = await runCli(['play', 'examples/kuhn.gbg', '--seed', '1', '--record', file], '');
    expect(eof.code).toBe(1);
    expect(existsSync(file)).toBe(false);
    const missing = join(dir, 'no-such-folder', 'hand.json');
    const r = await runCli(['play', 'examples/kuhn.gbg', '--seed', '3', '--record', missing], 'bet\ncall\n');
    expect(r.code).toBe(1);
    expect(r.stderr).toBe(`gbgc: error: cannot write ${missing}: the folder ${join(dir, 'no-such-folder')} does not exist\n`);
    // Refused before the game started.
    expect(r.stdout).toBe('');
    const folder = await runCli(['play', 'examples/kuhn.gbg', '--seed', '3', '--record', dir], 'bet\ncall\n');
    expect(folder.code).toBe(1);
    expect(folder.stderr).toBe(`gbgc: error: cannot write ${dir}: it is a folder\n`);
    expect(folder.stdout).toBe('');
    const empty = await runCli(['play', 'examples/kuhn.gbg', '--seed', '3', '--record', ''], 'bet\ncall\n');
    expect(empty.code).toBe(2);
    const viewFolder = await runCli(['view', dir]);
    expect(viewFolder.code).toBe(1);
    expect(viewFolder.stderr).toBe(`gbgc: error: cannot read ${dir}: it is a folder\n`);
  });

  it("keeps an LLM opponent's turn prompt and raw reply per move, shown on the model's seat only", async () => {
    process.env.OPENAI_BASE_URL = server.openaiBase;
    try {
      const file = join(dir, 'llm.json');
      const r = await runCli(
        ['play', 'examples/kuhn.gbg', '--as', 'Bob', '--vs', 'llm:openai/test-model', '--seed', '3', '--record', file],
        'check\ncall\ncall\ncall\n',
      );
      expect(r.code).toBe(0);
      const record = parseReplayRecord(JSON.parse(readFileSync(file, 'utf8')), file);
      expect(record.participants).toEqual(['llm:openai/test-model', 'human']);
      const game = gameOf('examples/kuhn.gbg');
      const state = game.newInitialState();
      let modelMoves = 0;
      record.history.forEach((h, i) => {
        if (h.player === 0) {
          const note = record.notes![i];
          expect(note.prompt).toBe(renderTurnPrompt(state.observation(0)));
          expect(server.requests.map((q) => q.messages[0].content)).toContain(note.prompt);
          expect(note.reply).toMatch(/^My card decides\. \{"action": "\w+"\}$/);
          expect(note.reply).toContain(`"${h.label}"`);
          modelMoves++;
        } else expect(record.notes?.[i]).toBeUndefined();
        state.applyAction(h.action);
      });
      expect(modelMoves).toBeGreaterThan(0);
      expect(readFileSync(file, 'utf8')).not.toContain(SECRET_KEY);
      const alice = join(dir, 'llm-alice.html');
      const bob = join(dir, 'llm-bob.html');
      expect((await runCli(['view', file, '--as', 'Alice', '-o', alice])).code).toBe(0);
      expect((await runCli(['view', file, '--as', 'Bob', '-o', bob])).code).toBe(0);
      expect(readFileSync(alice, 'utf8')).toContain('My card decides.');
      expect(readFileSync(bob, 'utf8')).not.toContain('My card decides.');
    } finally {
      delete process.env.OPENAI_BASE_URL;
    }
  });
});
