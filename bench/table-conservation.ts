/**
 * Full-size check of the table engine's chip invariants (the quick version is
 * `test/interpreter/table-engine.test.ts`, 3,000 hands of each): HANDS random hands of
 * `examples/league-holdem.gbg` with 3 seats and with 6 seats, random starting stacks (100 to
 * 9,999) and the button on seat h mod n; every seat picks fold/check-call/raise uniformly, then a
 * raise size uniformly in its bounds. After each hand: pot 0, the stacks sum to the chips dealt in,
 * every stack ≥ 0, returns sum to 0. Prints the hands checked and every violation; exits 1 when
 * there is one. Not a timing.
 *
 * Run: `npx tsx bench/table-conservation.ts [HANDS]` (default 100,000).
 */
import { readFileSync } from 'node:fs';
import { compileSource } from '../src/compiler/index.js';
import { compileTableGame } from '../src/interpreter/index.js';
import { rngFromKeys } from '../src/util/rng.js';
import { randomHand } from '../test/support/table-play.js';

const hands = Number(process.argv[2] ?? 100_000);
const source = readFileSync('examples/league-holdem.gbg', 'utf8');
let bad = 0;
for (const seats of ['A, B, C', 'A, B, C, D, E, F']) {
  const ir = compileSource(source.replace('players A, B, C', `players ${seats}`)).ir!;
  const game = compileTableGame(ir);
  const n = ir.seats.length;
  const rng = rngFromKeys(31, n, 1);
  const t0 = performance.now();
  for (let h = 0; h < hands; h++) {
    const stacks = Array.from({ length: n }, () => 100 + Math.floor(rng() * 9900));
    const s = game.newInitialState({ button: h % n, stacks });
    randomHand(s, rng);
    const c = s.chips();
    const total = stacks.reduce((a, x) => a + x, 0);
    const sum = c.stacks.reduce((a, x) => a + x, 0);
    const ret = s.returns().reduce((a, x) => a + x, 0);
    if (c.pot !== 0 || sum !== total || c.stacks.some((x) => x < 0) || ret !== 0) {
      bad++;
      console.log(`${n} seats, hand ${h}: pot ${c.pot}, stacks ${c.stacks.join(' ')} (dealt in ${total}), returns sum ${ret}`);
    }
  }
  console.log(`${n} seats: ${hands} hands checked in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
}
console.log(bad === 0 ? 'no violation' : `${bad} violations`);
process.exit(bad === 0 ? 0 : 1);
