/**
 * `gbgc play` and `gbgc view` on the league's three-seat table (examples/league-holdem.gbg), as a
 * user chains them: a tournament of three-hand matches → `gbgc view DB --slot ID` (every hand, the
 * omniscient view) and `--hand N --as SEAT` (one hand, one seat's view); `gbgc play --as B` against
 * two bots (replies that are not legal are re-asked, as at the terminal) → `--record` → `gbgc view`. Every hand replays to its stored returns, stacks and pot
 * always hold the table's chips, and a seat's page holds no card of another seat that was not shown.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../cli/run-cli.js';
import { readHands, readSlots } from '../../src/eval/store/index.js';

const tmp = mkdtempSync(join(tmpdir(), 'gbgc-table-viewer-'));
const GAME = resolve('examples/league-holdem.gbg');
const CHIPS = 30000;

interface ViewData {
  perspective: number | 'all';
  seatNames: string[];
  participants: string[];
  hand?: { index: number; count: number };
  snapshots: {
    stacks: number[];
    pot: number;
    publicPiles: Record<string, string[]>;
    terminal: boolean;
    returns: number[] | null;
    seats: Record<string, { hand: string[]; newEvents: string[] }>;
    events?: string[];
  }[];
}

/** The replay data of a viewer page: one replay, or one per hand of a match. */
function viewerData(html: string): ViewData[] {
  const m = /<script id="replay-data" type="application\/json">(.*?)<\/script>/s.exec(html);
  if (!m) throw new Error('no replay data in the page');
  const data = JSON.parse(m[1]) as unknown;
  return (Array.isArray(data) ? data : [data]) as ViewData[];
}

/** Every card of the full deck named as the engine names them. */
const CARDS = ['2', '3', '4', '5', '6', '7', '8', '9', 'T', 'J', 'Q', 'K', 'A'].flatMap((r) =>
  ['clubs', 'diamonds', 'hearts', 'spades'].map((s) => `${r} of ${s}`),
);

describe("gbgc view on a store of the league's three-seat table", () => {
  it('tournament → view: every hand of a slot, then one hand from one seat', async () => {
    const cfg = join(tmp, 'league.json');
    writeFileSync(
      cfg,
      JSON.stringify({
        games: [GAME],
        participants: [{ kind: 'random' }, { kind: 'heuristic' }, { kind: 'check-fold' }],
        runs: 1,
        seed: 12,
        hands_per_match: 3,
        store: 'league.db',
      }),
    );
    const played = await runCli(['tournament', cfg, '--json']);
    expect(played.code, played.stderr).toBe(0);
    expect(JSON.parse(played.stdout)).toMatchObject({ total: 6, played: 6, errors: 0 });
    const db = join(tmp, 'league.db');
    const { slots, participants } = readSlots(db);
    const names = new Map(participants.map((p) => [p.id, p.name]));
    for (const slot of slots.slice(0, 2)) {
      const stored = readHands(db, slot.id);
      const page = await runCli(['view', db, '--slot', slot.id.slice(0, 12)]);
      expect(page.code, page.stderr).toBe(0);
      const shown = viewerData(page.stdout);
      expect(shown.map((h) => h.hand)).toEqual([0, 1, 2].map((index) => ({ index, count: 3 })));
      shown.forEach((h, k) => {
        expect(h.perspective).toBe('all');
        expect(h.seatNames).toEqual(['A', 'B', 'C']);
        expect(h.participants).toEqual(stored[k].seats.map((id) => names.get(id)));
        for (const s of h.snapshots) {
          expect(s.stacks.reduce((a, b) => a + b, 0) + s.pot).toBe(CHIPS);
          expect(Object.keys(s.seats)).toEqual(['0', '1', '2']);
        }
        const end = h.snapshots.at(-1)!;
        expect(end.terminal).toBe(true);
        expect(end.returns).toEqual(stored[k].returns);
        // The omniscient log: the button and the blinds once each (every seat saw them), each hole card tagged with its seat.
        const events = h.snapshots.flatMap((s) => s.events ?? []);
        const button = stored[k].button!;
        expect(events.filter((e) => e === `${h.seatNames[button]} has the button.`)).toHaveLength(1);
        expect(events.filter((e) => / posts the (small|big) blind: /.test(e) && !e.startsWith('['))).toHaveLength(2);
        for (const seat of [0, 1, 2]) expect(events.filter((e) => e.startsWith(`[${h.seatNames[seat]} only] ${h.seatNames[seat]} is dealt `))).toHaveLength(2);
      });
    }

    // One hand, from B's seat: only B's snapshots, and no card of A or C that B was not shown.
    const slot = slots[0];
    const out = join(tmp, 'hand2-b.html');
    const one = await runCli(['view', db, '--slot', slot.id, '--hand', '2', '--as', 'b', '-o', out]);
    expect(one.code, one.stderr).toBe(0);
    const page = readFileSync(out, 'utf8');
    // The rulebook panel lists the deck; everything else on the page is what B saw.
    const html = page.replace(/<pre id="rulebook">.*?<\/pre>/s, '');
    expect(html.length).toBeLessThan(page.length);
    const [b] = viewerData(page);
    expect(b.hand).toEqual({ index: 1, count: 3 });
    expect(b.perspective).toBe(1);
    for (const s of b.snapshots) expect(Object.keys(s.seats)).toEqual(['1']);
    const all = viewerData((await runCli(['view', db, '--slot', slot.id, '--hand', '2'])).stdout)[0];
    const seen = new Set(
      b.snapshots.flatMap((s) => [
        ...s.seats['1'].hand,
        ...Object.values(s.publicPiles).flat(),
        ...s.seats['1'].newEvents.flatMap((e) => CARDS.filter((c) => e.includes(c))),
      ]),
    );
    const others = new Set(all.snapshots.flatMap((s) => [...s.seats['0'].hand, ...s.seats['2'].hand]));
    const hidden = [...others].filter((c) => !seen.has(c));
    expect(hidden.length).toBeGreaterThan(0);
    for (const c of hidden) expect(html, c).not.toContain(c);
    // A seat name that is not one is refused naming the seats.
    const bad = await runCli(['view', db, '--slot', slot.id, '--as', 'D']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain("--as must be A, B, C or all, got 'D'");
  });

  it('play → record → view: a person at seat B against two bots', async () => {
    const rec = join(tmp, 'hand.json');
    const played = await runCli(['play', GAME, '--as', 'B', '--vs', 'check-fold,random', '--seed', '5', '--record', rec], 'call\ncheck\n'.repeat(20));
    expect(played.code, played.stderr).toBe(0);
    expect(played.stdout).toContain("League no-limit hold'em: you are B (seat 2) against C (check-fold), A (random); seed 5");
    expect(played.stdout).toMatch(/^button A; small blind B; big blind C$/m);
    const record = JSON.parse(readFileSync(rec, 'utf8')) as { participants: string[] };
    expect(record.participants).toEqual(['random', 'human', 'check-fold']);
    const result = /Result: you (won|lost) (\d+) chips?|Result: you broke even/.exec(played.stdout)!;
    const won = result[1] === undefined ? 0 : (result[1] === 'won' ? 1 : -1) * Number(result[2]);
    const view = await runCli(['view', rec, '--as', 'B']);
    expect(view.code, view.stderr).toBe(0);
    const [h] = viewerData(view.stdout);
    expect(h.participants).toEqual(['random', 'human', 'check-fold']);
    expect(h.snapshots.at(-1)!.returns![1]).toBe(won);
    expect(h.snapshots.at(-1)!.returns!.reduce((a, x) => a + x, 0)).toBe(0);
    // The chips chart: one line per seat and the pot, each seat's line ending at its return.
    const lines = [...view.stdout.matchAll(/<polyline [^>]*data-values="([^"]*)"[^>]*><title>([^<]*)<\/title>/g)].map((m) => [
      m[2],
      Number(m[1].split(' ').at(-1)),
    ]);
    expect(lines).toEqual([...['A', 'B', 'C'].map((name, s) => [`${name} (chips won)`, h.snapshots.at(-1)!.returns![s]]), ['pot', 0]]);
    // --vs with the wrong number of names is refused.
    const bad = await runCli(['play', GAME, '--vs', 'random,random,random'], '');
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('--vs takes one agent name (for every other seat) or 2 names, one per other seat clockwise from yours');
  });
});
