/**
 * The turn prompt at a three-seat table (examples/league-holdem.gbg): every number it prints (the
 * pot, each seat's stack, hand size and chips bet this round, the highest bet, the chips to call,
 * the raise-to range) and every status (button, blinds, folded, all-in) equals the table engine's
 * own state at that decision, over seeded hands with the button on every seat; the opponents are
 * named by seat, never as "the opponent".
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { compileSource } from '../../src/compiler/index.js';
import { compileTableGame, CHANCE, FOLD, type TableState } from '../../src/interpreter/index.js';
import { buildPromptView, renderTurnPrompt } from '../../src/render/prompt.js';
import { rngFromKeys } from '../../src/util/rng.js';

const ir = compileSource(readFileSync(join(import.meta.dirname, '..', '..', 'examples', 'league-holdem.gbg'), 'utf8')).ir!;
const game = compileTableGame(ir);
const NAMES = ['A', 'B', 'C'];

/** Each seat's line of the prompt's seat list, parsed. */
function seatLines(text: string): { seat: number; name: string; you: boolean; stack: number; cards: number; bet: number; tags: string[] }[] {
  return [...text.matchAll(/^ {2}- seat (\d), \*\*(\w+)\*\*( \(you\))?: stack (\d+) chips?; (\d+) cards? in hand; (\d+) chips? bet this round(.*)$/gm)].map(
    (m) => ({
      seat: Number(m[1]) - 1,
      name: m[2],
      you: m[3] !== undefined,
      stack: Number(m[4]),
      cards: Number(m[5]),
      bet: Number(m[6]),
      tags: m[7].split('; ').filter((t) => t !== ''),
    }),
  );
}

describe('turn prompt at a three-seat no-limit table', () => {
  it('prints the engine state: pot, stacks, hands, bets, call, raise range, button, blinds, folds, all-ins', () => {
    const rng = rngFromKeys(31, 3);
    let prompts = 0;
    let sawFold = 0;
    let sawAllIn = 0;
    let sawRaiseRange = 0;
    for (let hand = 0; hand < 18; hand++) {
      const button = hand % 3;
      const s = game.newInitialState({ button }) as TableState;
      while (!s.isTerminal()) {
        const p = s.currentPlayer();
        if (p === CHANCE) {
          s.applyAction(s.sampleChance(rng()));
          continue;
        }
        const obs = s.observation(p);
        const md = renderTurnPrompt(obs);
        prompts++;
        // Who is who: you, and both opponents by name and seat.
        const others = [1, 2].map((k) => (p + k) % 3);
        expect(md).toContain(
          `You are **${NAMES[p]}** (seat ${p + 1}) at a table of 3 seats; your opponents are **${NAMES[others[0]]}** (seat ${others[0] + 1}) and **${NAMES[others[1]]}** (seat ${others[1] + 1}).`,
        );
        expect(md).not.toMatch(/the opponent|your opponent is/);
        // Pot, button, blinds.
        const { stacks, pot } = s.chips();
        expect(md).toContain(`- **Pot:** ${pot} chips\n`);
        expect(md).toContain(`- **Button:** ${NAMES[button]}; **small blind:** ${NAMES[(button + 1) % 3]}; **big blind:** ${NAMES[(button + 2) % 3]}\n`);
        expect(md).toContain(`- **Highest bet this betting round:** ${s.currentBet} chip`);
        // Every seat's line.
        const lines = seatLines(md);
        expect(lines.map((l) => l.seat)).toEqual([0, 1, 2]);
        for (const l of lines) {
          expect(l.name).toBe(NAMES[l.seat]);
          expect(l.you).toBe(l.seat === p);
          expect(l.stack).toBe(stacks[l.seat]);
          expect(l.cards).toBe(s.observation(l.seat).hand.length);
          expect(l.bet).toBe(s.round[l.seat]);
          expect(l.tags.includes('folded')).toBe(s.folded[l.seat]);
          expect(l.tags.includes('all-in')).toBe(!s.folded[l.seat] && s.stack[l.seat] === 0);
          expect(l.tags.includes('button')).toBe(l.seat === button);
          expect(l.tags.includes('small blind')).toBe(l.seat === (button + 1) % 3);
          expect(l.tags.includes('big blind')).toBe(l.seat === (button + 2) % 3);
          if (s.folded[l.seat]) sawFold++;
          if (l.tags.includes('all-in')) sawAllIn++;
        }
        // What to call and the raise-to range, against the legal actions.
        const need = Math.min(s.currentBet - s.round[p], s.stack[p]);
        const legal = s.legalActions();
        if (need > 0) expect(md).toContain(`To call: ${need} chip`);
        else expect(md).toContain('Nothing to call: you may check.');
        expect(md.includes('- **fold**')).toBe(legal.includes(FOLD));
        const raises = legal.filter((a) => a > 1).map((a) => a - 1);
        if (raises.length > 0) {
          const word = s.currentBet > 0 ? 'raise' : 'bet';
          expect(md).toContain(`You may ${word} to a total of N chips for this round, N from ${raises[0]} to ${raises.at(-1)};`);
          expect(md).toContain(`- **${word} N**, where N is any whole number from ${raises[0]} to ${raises.at(-1)} (costs you N`);
          expect(buildPromptView(obs).table!.raiseTo).toEqual({ min: Math.min(...raises), max: Math.max(...raises) });
          sawRaiseRange++;
        } else expect(md).toContain('You may not bet or raise.');
        // Play on: fold often, shove sometimes, so folds and all-ins appear in later prompts.
        const r = rng();
        const a = r < 0.3 && legal.includes(FOLD) ? FOLD : r < 0.45 && raises.length ? 1 + raises.at(-1)! : r < 0.6 && raises.length ? 1 + raises[0] : 1;
        s.applyAction(a);
      }
      // The end: every seat's result is its return.
      const end = renderTurnPrompt(s.observation(0));
      s.returns().forEach((won, seat) => {
        const words = won > 0 ? `won ${won} chip` : won < 0 ? `lost ${-won} chip` : 'broke even';
        expect(end).toContain(`- ${NAMES[seat]}: ${words}`);
      });
    }
    expect(prompts).toBeGreaterThan(60);
    expect(sawFold).toBeGreaterThan(5);
    expect(sawAllIn).toBeGreaterThan(2);
    expect(sawRaiseRange).toBeGreaterThan(20);
  });

  it('a raise costs the chips it adds: N less what the seat already bet this round', () => {
    const s = game.newInitialState({ button: 0 }) as TableState;
    while (s.currentPlayer() === CHANCE) s.applyAction(s.legalActions()[0]);
    // Seat 0 (button) acts first before the flop facing the big blind: nothing in yet.
    expect(s.currentPlayer()).toBe(0);
    s.applyAction(1 + 300); // raise to 300
    s.applyAction(1); // small blind calls
    // The big blind has 100 in: a raise to N costs N − 100.
    expect(s.currentPlayer()).toBe(2);
    const md = renderTurnPrompt(s.observation(2));
    expect(md).toContain('To call: 200 chips.');
    expect(md).toContain('You may raise to a total of N chips for this round, N from 500 to 10000;');
    expect(md).toContain('(costs you N − 100 chips, as you have already put in 100 chips)');
  });
});
