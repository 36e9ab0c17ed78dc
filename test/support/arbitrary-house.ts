/**
 * A fast-check arbitrary of valid house programs: two seats, one of them a house (`house NAME`,
 * with or without `bank unlimited` or `bank N`) that makes no decision; the player wagers, a card
 * is dealt face up, and the house pays a multiple of the stake when the card is high. Each
 * program compiles without errors. Some declare a shoe (`shoe cut N`): the deck is then carried from
 * hand to hand and shuffled only when a new shoe starts, so those programs have no `shuffle deck`.
 */
import fc from 'fast-check';

/** A house program's source. */
export function arbitraryHouse(): fc.Arbitrary<{ source: string }> {
  return fc
    .record({
      bank: fc.oneof(
        fc.constant(''),
        fc.constant(' bank unlimited'),
        fc.integer({ min: 100, max: 5000 }).map((n) => ` bank ${n}`),
      ),
      stack: fc.integer({ min: 10, max: 1000 }),
      max: fc.integer({ min: 1, max: 10 }),
      pays: fc.integer({ min: 1, max: 5 }),
      ranks: fc.integer({ min: 2, max: 9 }),
      // A cut below the smallest deck (2 ranks × 2 suits = 4 cards).
      shoe: fc.option(fc.integer({ min: 1, max: 3 }), { nil: undefined }),
    })
    .map((d) => ({
      source: [
        `game "House" {`,
        `  players Player, Bank`,
        `  house Bank${d.bank}`,
        `  stack Player ${d.stack}`,
        ...(d.shoe === undefined ? [] : [`  shoe cut ${d.shoe}`]),
        `  deck { ranks ${Array.from({ length: d.ranks }, (_, i) => `${i + 1} = ${i + 1}`).join(', ')}; suits c, d }`,
        `  pile table public`,
        `  phase Bet {`,
        `    wager Player 1..${d.max}`,
        `  }`,
        `  phase Spin {`,
        ...(d.shoe === undefined ? [`    shuffle deck`] : []),
        `    deal 1 to table face up`,
        `    pay all from pot to Bank`,
        `    if table has ${d.ranks} public {`,
        `      pay ${d.pays + 1} * ${d.max} from Bank to Player`,
        `    }`,
        `  }`,
        `  showdown high-card`,
        `}`,
        '',
      ].join('\n'),
    }));
}
