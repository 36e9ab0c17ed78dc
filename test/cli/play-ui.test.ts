/**
 * Playing in a terminal: amount decisions show their range and take a number, unique prefixes
 * of action names are accepted, peeks stay in the state summary, and the showdown says why,
 * checked against the engine's own facts.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli } from './run-cli.js';
import { compileSource } from '../../src/compiler/index.js';
import { compileGame } from '../../src/interpreter/game.js';
import { CHANCE, type GameState, type MenuItem, type Observation } from '../../src/interpreter/api.js';
import { sampleChanceOutcome } from '../../src/interpreter/chance.js';
import { episodeRng } from '../../src/interpreter/rng.js';
import { describeTurn, parsePlayReply, peekKnowledge } from '../../src/cli/terminal-turn.js';
import { menuEntries } from '../../src/render/menu.js';
import { rngFromKeys } from '../../src/util/rng.js';

const dir = mkdtempSync(join(tmpdir(), 'gbgc-play-ui-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
/** A wager of 1..stack with stacks of 100. */
const WAGER = join(dir, 'wager.gbg');
writeFileSync(
  WAGER,
  `game "Wager" {
  players Alice, Bob
  stack 100 each

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

  phase Bet {
    choice Alice public {
      option bet {
        wager Alice 1..stack
        call Answer
      }
      option check {
      }
    }
  }

  subphase Answer {
    choice Bob public {
      option fold {
        end winner Alice "Alice wins after Bob folds"
      }
      option call {
        match Bob
      }
    }
  }

  showdown high-card
}
`,
);

const game = (file: string) => compileGame(compileSource(readFileSync(file, 'utf8')).ir!);

/** Play random episodes (seeded) until `stop` holds for a state; returns it, or null. */
function findState(file: string, stop: (s: GameState) => boolean, episodes = 400): GameState | null {
  const g = game(file);
  for (let ep = 0; ep < episodes; ep++) {
    const rng = episodeRng(7, ep);
    const pick = rngFromKeys(11, ep);
    const s = g.newInitialState();
    while (!s.isTerminal()) {
      if (stop(s)) return s;
      if (s.currentPlayer() === CHANCE) s.applyAction(sampleChanceOutcome(s, rng));
      else {
        const legal = s.legalActions();
        s.applyAction(legal[Math.floor(pick() * legal.length)]);
      }
    }
    if (stop(s)) return s;
  }
  return null;
}

describe('amount decisions', () => {
  const wagerRange = (s: GameState): boolean => {
    if (s.isTerminal() || s.currentPlayer() === CHANCE) return false;
    const d = s.observation(s.currentPlayer()).decision;
    return !!d && menuEntries(d.menu).some((e) => e.amounts && e.amounts.length >= 10);
  };
  const state = findState(WAGER, wagerRange);

  it('a wager of 1..stack is one line with its range, and a number alone picks that amount', () => {
    expect(state).not.toBeNull();
    const obs = state!.observation(state!.currentPlayer());
    const menu = obs.decision!.menu;
    const range = menuEntries(menu).find((e) => e.amounts && e.amounts.length >= 10)!;
    const lo = range.amounts![0];
    const hi = range.amounts![range.amounts!.length - 1];
    const text = describeTurn(obs);
    const menuLines = text.split('\n').filter((l) => l.startsWith('  - '));
    expect(menuLines).toHaveLength(menuEntries(menu).length);
    expect(menuLines.length).toBeLessThan(menu.length);
    expect(text).toContain(`${range.word} N, N from ${lo} to ${hi} (or just the number)`);
    const mid = Math.floor((lo + hi) / 2);
    const byNumber = parsePlayReply(String(mid), menu);
    const byWord = parsePlayReply(`${range.word} ${mid}`, menu);
    expect(byNumber).toEqual({ ok: true, action: menu.find((m) => m.label === `${range.word} ${mid}`)!.action });
    expect(byNumber).toEqual(byWord);
    expect(hi - lo + 1).toBe(range.amounts!.length);
    expect(hi).toBe(99);
    const out = parsePlayReply(String(hi + 1), menu);
    expect(out.ok).toBe(false);
    if (!out.ok) expect(out.message).toBe(`${range.word} ${hi + 1} is not legal: the amount must be a whole number from ${lo} to ${hi}`);
  });
});

describe('gbgc play with a wager', () => {
  it('the range is one line and "50" wagers 50 chips', async () => {
    const r = await runCli(['play', WAGER, '--seed', '1'], 'b\n50\n');
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('  - bet N, N from 1 to 99 (or just the number) (costs you N chips)\n');
    expect(r.stdout).toContain('Alice wagers 50 chips.');
    expect(r.stdout.split('\n').filter((l) => l.startsWith('  - ')).length).toBe(3);
  });
});

describe('unique prefixes', () => {
  const menu: MenuItem[] = [
    { action: 0, label: 'fold' },
    { action: 1, label: 'call' },
    { action: 2, label: 'check' },
    { action: 3, label: 'raise' },
  ];
  it('a unique prefix (any case) picks the action; an ambiguous one names the matches', () => {
    expect(parsePlayReply('f', menu)).toEqual({ ok: true, action: 0 });
    expect(parsePlayReply('R', menu)).toEqual({ ok: true, action: 3 });
    expect(parsePlayReply('cal', menu)).toEqual({ ok: true, action: 1 });
    expect(parsePlayReply('ch', menu)).toEqual({ ok: true, action: 2 });
    expect(parsePlayReply('c', menu)).toEqual({ ok: false, message: "'c' could be call or check; type more of the name" });
    expect(parsePlayReply('x', menu).ok).toBe(false);
    expect(parsePlayReply('{"action": "call"}', menu)).toEqual({ ok: true, action: 1 });
  });

  it('gbgc play accepts "c" for call and "b" for bet in Kuhn poker', async () => {
    // Kuhn, seed 3: Alice (you) checks or bets first; answer with prefixes only.
    const r = await runCli(['play', 'examples/kuhn.gbg', '--seed', '3', '--vs', 'random'], 'b\nc\nc\nc\n');
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('Your move: b\n');
    expect(r.stdout).toMatch(/Result: you (won|lost) \d+ chips?/);
    expect(r.stdout).not.toContain('is not a legal action');
  });
});

describe('peeks stay in the state summary', () => {
  it('what a seat learned by peeking is listed at each later decision', () => {
    let seen: Observation | null = null;
    const s = findState('examples/genstrat-4643-v1.gbg', (st) => {
      if (st.isTerminal() || st.currentPlayer() === CHANCE) return false;
      const obs = st.observation(st.currentPlayer());
      const peek = obs.log.findIndex((e) => e.kind === 'peek' && e.seat === obs.seat && e.cards?.length);
      // a decision at least two events after the peek (the peek has scrolled by)
      if (peek >= 0 && obs.decision && obs.log.length > peek + 2) {
        seen = obs;
        return true;
      }
      return false;
    });
    expect(s).not.toBeNull();
    const obs = seen as unknown as Observation;
    const peeks = obs.log.filter((e) => e.kind === 'peek' && e.seat === obs.seat && e.cards?.length);
    expect(peekKnowledge(obs)).toEqual(peeks.map((e) => e.text));
    const summary = describeTurn(obs);
    expect(summary).toContain(`What you learned by peeking: ${peeks.map((e) => e.text).join(' ')}`);
    for (const e of peeks) expect(summary).toContain(e.cards![0]);
  });
});

describe('the showdown says why', () => {
  const result = (s: GameState) => s.observation(0).log.find((e) => e.kind === 'result');

  it('Leduc: pairing the board, or high card, agrees with the winner', () => {
    let pairs = 0;
    let high = 0;
    const g = game('examples/leduc.gbg');
    const ir = compileSource(readFileSync('examples/leduc.gbg', 'utf8')).ir!;
    for (let ep = 0; ep < 300; ep++) {
      const rng = episodeRng(5, ep);
      const s = g.newInitialState();
      while (!s.isTerminal())
        s.applyAction(s.currentPlayer() === CHANCE ? sampleChanceOutcome(s, rng) : s.legalActions().includes(1) ? 1 : s.legalActions()[0]);
      const r = result(s);
      if (!r) continue;
      const obs = s.observation(0);
      const reveals = obs.log.filter((e) => e.kind === 'reveal');
      const board = obs.publicPiles.board ?? Object.values(obs.publicPiles)[0];
      const rankOf = (card: string) => card.split(' ')[0];
      const hands = [0, 1].map((seat) => reveals.filter((e) => e.seat === seat).map((e) => rankOf(e.cards![0])));
      const boardRanks = board.map(rankOf);
      const pairing = hands.map((h) => h.some((x) => boardRanks.includes(x)));
      if (r.seat !== undefined && pairing[r.seat] && !pairing[1 - r.seat]) {
        pairs++;
        const rank = hands[r.seat].find((x) => boardRanks.includes(x))!;
        expect(r.reason).toBe(`${ir.seats[r.seat]} pairs the board (${rank})`);
      } else if (r.seat !== undefined) {
        high++;
        const loser = 1 - r.seat;
        expect(r.reason).toBe(
          `${pairing[0] ? 'both hands pair' : 'neither hand pairs'} the board; ${ir.seats[r.seat]}'s ${hands[r.seat][0]} beats ${ir.seats[loser]}'s ${hands[loser][0]}`,
        );
      } else expect(r.reason).toMatch(/the hands are equal by high card$/);
    }
    expect(pairs).toBeGreaterThan(0);
    expect(high).toBeGreaterThan(0);
  });

  it('sum-of-ranks: the breakdown adds up to the totals the showdown logged', () => {
    const s = findState('examples/genstrat-4643-v1.gbg', (st) => st.isTerminal() && !!result(st));
    expect(s).not.toBeNull();
    const obs = s!.observation(0);
    const r = result(s!)!;
    const totals = obs.log.filter((e) => e.kind === 'total');
    expect(totals).toHaveLength(2);
    for (const t of totals) {
      const name = obs.seatNames[t.seat!];
      const m = new RegExp(`${name} ([^;]*) = (-?\\d+)`).exec(r.reason!)!;
      expect(Number(m[2])).toBe(t.amount);
      // the terms add up to the total
      const sum =
        m[1] === 'no cards'
          ? 0
          : m[1]
              .split(' + ')
              .map((term) => Number(term.split(' ').at(-1)))
              .reduce((a, b) => a + b, 0);
      expect(sum).toBe(t.amount);
    }
    const [a, b] = totals.map((t) => t.amount!);
    if (a !== b) expect(r.reason).toMatch(new RegExp(`^${obs.seatNames[a > b ? 0 : 1]} has the higher total: `));
  });

  it('gbgc play prints the reason after the result', async () => {
    const r = await runCli(['play', 'examples/kuhn.gbg', '--seed', '3', '--vs', 'random'], 'check\ncall\ncall\n');
    expect(r.code).toBe(0);
    if (r.stdout.includes('wins the showdown.')) expect(r.stdout).toMatch(/wins the showdown\. Why: \w+'s [JQK] beats \w+'s [JQK]\./);
  });
});
