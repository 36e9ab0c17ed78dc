/**
 * Table chat as a declared game feature: the `chat` declarations compiled, formatted and
 * decompiled; the limits enforced by the match loop (a 241-character message and a fifth message in
 * a hand refused with the reason and recorded with the move, the counts reset each hand, scripted
 * table messages delivered); the run store keeping the records; rule-based bots neither reading nor
 * writing chat; and an LLM player writing a message with its move through the real OpenAI SDK and
 * the local fake server, its next prompt showing the table's messages.
 */
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compileSource } from '../../src/compiler/index.js';
import { formatSource } from '../../src/format/format-source.js';
import { decompile } from '../../src/format/decompile.js';
import { compileAnyGame, compileGame } from '../../src/interpreter/game.js';
import { playSlot } from '../../src/eval/match/play.js';
import { RunStore, type SlotRecord } from '../../src/eval/store/store.js';
import { replayFromStore } from '../../src/eval/report/slot-replay.js';
import { buildReplay } from '../../src/eval/report/replay.js';
import { renderViewerHtml } from '../../src/eval/report/viewer.js';
import type { Agent, AgentView } from '../../src/eval/agents/agent.js';
import { createLlmKindAgent } from '../../src/eval/llm/kind.js';
import { messageOf } from '../../src/eval/llm/parse.js';
import { startFakeServer, type FakeServer, type SeenRequest } from './llm/fake-server.js';
import { setFakeKeys } from './llm/helpers.js';

/** A two-seat game of six betting phases (each seat acts once per phase when both check) with table chat. */
const SIX_PHASES = `game "Six rounds" {
  players A, B
  stack 20 each
  chat 1 per phase, 4 per hand, max 240
  chat "Welcome to the table."
  deck {
    ranks J = 11, Q = 12, K = 13
    suits hearts
    copies 1
  }
  phase Setup {
    shuffle deck
    deal 1 to each face down
    ante 1 each
  }
${[1, 2, 3, 4, 5, 6].map((k) => `  phase R${k} {\n    betting fixed {\n      bet 1\n      raises at most 1\n      first A\n    }\n  }`).join('\n')}
  showdown high-card
}
`;

/** An agent that reads and writes chat: checks (or calls), sending the next scripted message with each move. */
function talker(messages: string[], seen: AgentView['chat'][]): Agent {
  let k = 0;
  return {
    name: 'talker',
    chat: true,
    act(view) {
      seen.push(view.chat);
      const i = view.labels.findIndex((l) => l === 'check' || l === 'call');
      const message = messages[k++];
      return { action: view.legal[i], ...(message !== undefined ? { message } : {}) };
    },
  };
}

/** A rule-based bot (no chat): checks or calls; records whether it was shown chat. */
function bot(seen: unknown[]): Agent {
  return {
    name: 'bot',
    act(view) {
      seen.push(view.chat);
      return view.legal[view.labels.findIndex((l) => l === 'check' || l === 'call')];
    },
  };
}

/** A finished slot's row of talker (seat 0) against bot. */
function slotRow(game: string, out: { returns: number[]; moves: number[] }): SlotRecord {
  return {
    id: '',
    seq: 0,
    game,
    run: 0,
    slot: 0,
    seat0: 'talker',
    seat1: 'bot',
    play_seed: 0,
    status: 'done',
    return0: out.returns[0],
    return1: out.returns[1],
    moves0: out.moves[0],
    moves1: out.moves[1],
    fallbacks0: 0,
    fallbacks1: 0,
    wall_ms: 1,
    error: null,
    notes: null,
    finished_at: 'now',
  };
}

describe('the chat declarations', () => {
  it('compile to the IR, and the league table declares the league limits', () => {
    const r = compileSource(SIX_PHASES);
    expect(r.diagnostics).toEqual([]);
    expect(r.ir!.chat).toEqual({ perPhase: 1, perHand: 4, maxChars: 240, messages: ['Welcome to the table.'] });
    const league = compileSource(readFileSync('examples/league-holdem.gbg', 'utf8'));
    expect(league.ir!.chat).toEqual({ perPhase: 1, perHand: 4, maxChars: 240, messages: [] });
    // Kuhn declares none: no chat, and its ruleset hash is unchanged by the feature.
    expect(compileSource(readFileSync('examples/kuhn.gbg', 'utf8')).ir!.chat).toBeUndefined();
  });

  it('refuses limits out of range and limits declared twice (E0260, E0205)', () => {
    const bad = SIX_PHASES.replace('chat 1 per phase, 4 per hand, max 240', 'chat 0 per hand, max 20000\n  chat 1 per phase');
    const codes = compileSource(bad).diagnostics.map((d) => [d.code, d.message]);
    expect(codes).toEqual([
      ['E0260', 'a chat limit is a whole number from 1 to 1000, got 0'],
      ['E0260', 'a chat limit is a whole number from 1 to 10000, got 20000'],
      ['E0205', 'the chat limits are declared twice'],
    ]);
  });

  it('format and decompile keep the declarations (same ruleset hash)', async () => {
    const formatted = await formatSource(SIX_PHASES);
    expect(formatted).toContain('  chat 1 per phase, 4 per hand, max 240\n  chat "Welcome to the table."\n');
    const ir = compileSource(SIX_PHASES);
    expect(compileSource(formatted).rulesetHash).toBe(ir.rulesetHash);
    expect(compileSource(decompile(ir.ir!)).rulesetHash).toBe(ir.rulesetHash);
  });
});

describe('chat in a match', () => {
  it('a 241-character message and a fifth message in a hand are refused with the reason, recorded and kept by the store; counts reset each hand', async () => {
    const game = compileGame(compileSource(SIX_PHASES).ir!);
    const long = 'x'.repeat(241);
    // Hand 1: the 241-character message, then four accepted, then a fifth one refused; hand 2: accepted again.
    const said = [long, 'one', 'two', 'three', 'four', 'five', 'again'];
    const seen: AgentView['chat'][] = [];
    const botSaw: unknown[] = [];
    const out = await playSlot(game, [talker(said, seen), bot(botSaw)], 7, 0, { format: { hands: 2, stacks: 'reset' } });
    const chats = out.records.filter((m) => m.chat).map((m) => m.chat!);
    expect(chats.slice(0, 7)).toEqual([
      { text: long, accepted: false, reason: '241 characters, over the limit of 240 per message' },
      { text: 'one', accepted: true, reason: null },
      { text: 'two', accepted: true, reason: null },
      { text: 'three', accepted: true, reason: null },
      { text: 'four', accepted: true, reason: null },
      { text: 'five', accepted: false, reason: 'message 5 of this seat in this hand, over the limit of 4 per hand' },
      { text: 'again', accepted: true, reason: null },
    ]);
    // The bot was never shown chat and never sent any; the talker saw the table message and the accepted ones.
    expect(botSaw.every((c) => c === undefined)).toBe(true);
    expect(chats).toHaveLength(said.length); // every message is the talker's (the seats rotate in hand 2)
    expect(seen[0]!.log).toEqual([{ seat: null, phase: null, text: 'Welcome to the table.' }]);
    expect(seen[5]!.log.map((l) => l.text)).toEqual(['Welcome to the table.', 'one', 'two', 'three', 'four']);
    expect(seen[5]!.remaining).toEqual({ phase: 1, hand: 0 });
    expect(seen[6]!.log).toEqual([{ seat: null, phase: null, text: 'Welcome to the table.' }]); // hand 2: afresh

    // The store keeps each record with its move (schema 4) and reads it back.
    const dir = mkdtempSync(join(tmpdir(), 'gbgc-chat-'));
    const store = RunStore.open(join(dir, 'chat.db'));
    store.recordSlot({ ...slotRow(game.rulesetHash, out), id: 's', seq: 0, play_seed: 7 }, out.records);
    expect(store.readMoves('s').map((m) => m.chat ?? null)).toEqual(out.records.map((m) => m.chat ?? null));
    const view = store.db.prepare("SELECT chat FROM moves WHERE slot = 's' AND chat IS NOT NULL ORDER BY ply").pluck().all() as string[];
    expect(view.map((c) => JSON.parse(c).text)).toEqual(said);

    // A slot of one hand in the viewer: each message is a note of its move, shown on the page.
    const one = await playSlot(game, [talker(['hello', long], []), bot([])], 8, 0);
    store.recordSlot({ ...slotRow(game.rulesetHash, one), id: 'ab12', seq: 1, play_seed: 8 }, one.records);
    store.putGame({ ruleset_hash: game.rulesetHash, name: 'Six rounds', path: 'six.gbg', source: SIX_PHASES });
    const record = replayFromStore(store, 'ab12');
    const notes = Object.values(record.notes ?? {});
    expect(notes.map((n) => n.chat)).toEqual([
      { text: 'hello', accepted: true, reason: null },
      { text: long, accepted: false, reason: '241 characters, over the limit of 240 per message' },
    ]);
    const html = renderViewerHtml(buildReplay(game, record, 'all'));
    expect(html).toContain('<section id="chat" hidden><h2>Table chat</h2>');
    expect(html).toContain('"text":"hello","accepted":true');
    store.close();
  });

  it('a game without chat refuses a message and records why', async () => {
    const game = compileGame(compileSource(readFileSync('examples/kuhn.gbg', 'utf8')).ir!);
    const out = await playSlot(game, [talker(['hello'], []), bot([])], 1, 0);
    expect(out.records[0].chat).toEqual({ text: 'hello', accepted: false, reason: 'this game declares no table chat' });
  });
});

describe('an LLM player writes a message with its move (OpenAI SDK, local fake server)', () => {
  let server: FakeServer;
  beforeAll(async () => {
    setFakeKeys();
    server = await startFakeServer((req: SeenRequest) => {
      const prompt = req.messages[req.messages.length - 1].content;
      const reply = [...prompt.matchAll(/reply `(\{"action": "(?:check|call)"\})`/g)].map((m) => m[1])[0];
      const n = server.requests.length;
      return { reply: `${reply!.slice(0, -1)}, "message": "Move ${n} from the model."}` };
    });
  });
  afterAll(async () => server.close());

  it('the reply’s message is delivered, shown in the next prompt, and recorded; the bot gets no chat', async () => {
    const game = compileAnyGame(compileSource(SIX_PHASES).ir!);
    const llm = await createLlmKindAgent(game, { model: 'openai/chatty', base_url: server.openaiBase, deadline_ms: 30_000 });
    llm.beginSlot('slot-chat');
    const botSaw: unknown[] = [];
    const out = await playSlot(game, [llm as unknown as Agent, bot(botSaw)], 3, 0, { slotId: 'slot-chat' });
    const mine = out.records.filter((m) => m.seat === 0);
    expect(mine.length).toBe(6);
    expect(mine.map((m) => m.chat!.accepted)).toEqual([true, true, true, true, false, false]);
    expect(mine[4].chat!.reason).toBe('message 5 of this seat in this hand, over the limit of 4 per hand');
    const prompts = server.requests.map((r) => r.messages[r.messages.length - 1].content);
    expect(prompts[0]).toContain('## Table chat');
    expect(prompts[0]).toContain('- **Table**: "Welcome to the table."');
    expect(prompts[0]).toContain('put a "message" field in your JSON reply');
    expect(prompts[1]).toContain(`- **A** (seat 1) during R1: ${JSON.stringify(mine[0].chat!.text)}`);
    expect(prompts[4]).toContain('You may not send another message now');
    // The move record keeps the prompt with its chat section for the viewer.
    expect(String(mine[1].extra!.prompt)).toContain(JSON.stringify(mine[0].chat!.text));
    expect(botSaw.every((c) => c === undefined)).toBe(true);
  });

  it('reads the message field of the reply’s JSON object', () => {
    expect(messageOf('{"action": "call", "message": "hi"}')).toBe('hi');
    expect(messageOf('I think so.\n```json\n{"action": "fold", "Message": "bye"}\n```')).toBe('bye');
    expect(messageOf('{"action": "call"}')).toBeNull();
    expect(messageOf('{"action": "call", "message": 3}')).toBeNull();
  });
});
