/**
 * A fast-check arbitrary of valid table programs (the games the table engine plays: 3 to 6
 * seats, or 2 seats with a button): seats, a button and the odd-chip rule, antes, blinds (named,
 * or placed by the button), deals to each seat and to a board, fixed and no-limit/pot-limit
 * betting rounds whose first seat is named or left of a table position, and the showdowns a
 * table plays, and table chat (limits, a scripted table message, a scripted seat's message). Each program compiles without errors.
 */
import fc from 'fast-check';

const NAMES = ['Ann', 'Ben', 'Cid', 'Dee', 'Eve', 'Fay'];
const RANKS = ['2', '3', '4', '5', '6', '7', '8', '9', 'T', 'J', 'Q', 'K', 'A'];

/** A table program's source. */
export function arbitraryTable(): fc.Arbitrary<{ source: string }> {
  return fc
    .record({
      seats: fc.integer({ min: 2, max: 6 }),
      button: fc.boolean(),
      oddChip: fc.boolean(),
      stacks: fc.array(fc.integer({ min: 50, max: 400 }), { minLength: 6, maxLength: 6 }),
      each: fc.boolean(),
      ranks: fc.integer({ min: 6, max: 13 }),
      ante: fc.option(fc.integer({ min: 1, max: 3 }), { nil: null }),
      blinds: fc.option(fc.tuple(fc.integer({ min: 1, max: 5 }), fc.integer({ min: 1, max: 10 })), { nil: null }),
      hole: fc.integer({ min: 1, max: 2 }),
      rounds: fc.array(
        fc.record({
          board: fc.integer({ min: 0, max: 2 }),
          fixed: fc.boolean(),
          bet: fc.integer({ min: 1, max: 20 }),
          cap: fc.integer({ min: 1, max: 4 }),
          potLimit: fc.boolean(),
          first: fc.constantFrom('button', 'small-blind', 'big-blind', 'seat 0', 'seat 1', 'none'),
        }),
        { minLength: 1, maxLength: 3 },
      ),
      showdown: fc.constantFrom('high-card', 'poker-hand using board', 'pair-with-board using board'),
      chat: fc.option(
        fc.record({
          perPhase: fc.integer({ min: 1, max: 3 }),
          perHand: fc.integer({ min: 3, max: 6 }),
          max: fc.integer({ min: 1, max: 500 }),
          scripted: fc.option(fc.constantFrom('Welcome to the table.', 'Good luck.'), { nil: null }),
          rail: fc.option(fc.constantFrom('Bet black on this spin.', 'Raise it up.'), { nil: null }),
        }),
        { nil: null },
      ),
    })
    .map((d) => {
      const n = d.seats;
      const button = n === 2 || d.button;
      const names = NAMES.slice(0, n);
      const lines = [`game "Table ${n}" {`, `  players ${names.join(', ')}`];
      lines.push(d.each ? `  stack ${d.stacks[0]} each` : `  stack ${names.map((s, i) => `${s} ${d.stacks[i]}`).join(', ')}`);
      if (button) lines.push('  button');
      if (button && d.oddChip) lines.push('  odd chip left of button');
      if (d.chat !== null) {
        lines.push(`  chat ${d.chat.perPhase} per phase, ${d.chat.perHand} per hand, max ${d.chat.max}`);
        if (d.chat.scripted !== null) lines.push(`  chat "${d.chat.scripted}"`);
        if (d.chat.rail !== null) lines.push(`  chat "${d.chat.rail}" from Rail`);
      }
      lines.push(
        `  deck { ranks ${RANKS.slice(13 - d.ranks)
          .map((r, i) => `${r} = ${i + 15 - d.ranks}`)
          .join(', ')}; suits c, d, h, s }`,
      );
      lines.push('  pile board public');
      const first = (f: string): string => {
        if (button) return `first left of ${f.startsWith('seat') || f === 'none' ? 'button' : f}`;
        return f.startsWith('seat') ? `first ${names[Number(f.slice(5))]}` : '';
      };
      d.rounds.forEach((r, i) => {
        const steps: string[] = [];
        if (i === 0) {
          steps.push('shuffle deck');
          if (d.ante !== null) steps.push(`ante ${d.ante} each`);
          if (d.blinds !== null) steps.push(button ? `blinds ${d.blinds[0]}, ${d.blinds[1]}` : `blinds ${names[0]} ${d.blinds[0]}, ${names[1]} ${d.blinds[1]}`);
          steps.push(`deal ${d.hole} to each`);
        }
        if (r.board > 0) steps.push(`deal ${r.board} to board`);
        const who = first(r.first);
        steps.push(
          r.fixed
            ? `betting fixed { bet ${r.bet}; raises at most ${r.cap}${who ? `; ${who}` : ''} }`
            : `betting variable { raises ${r.potLimit ? 'pot-limit' : 'no-limit'}; bet ${r.bet}${who ? `; ${who}` : ''} }`,
        );
        lines.push(`  phase P${i} {`, ...steps.map((s) => `    ${s}`), '  }');
      });
      lines.push(`  showdown ${d.showdown}`, '}', '');
      return { source: lines.join('\n') };
    });
}
