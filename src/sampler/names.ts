/**
 * Names for generated games: small word lists for phases, sub-phases, options, variables,
 * positions and piles, and an allocator that hands out each name once, never a keyword of the
 * language (`src/parser/tokens.ts`) and never a seat's name.
 */
import { KEYWORDS } from '../parser/tokens.js';
import type { Draw } from './draw.js';

/** The two seats of every generated game. */
export const SEATS: [string, string] = ['Alice', 'Bob'];

/** The language's reserved words (their token patterns), e.g. `deal`, `pot`, `score`. */
export const RESERVED: ReadonlySet<string> = new Set(
  KEYWORDS.map((t) => (t.PATTERN instanceof RegExp ? t.PATTERN.source : String(t.PATTERN)).replace(/\\-/g, '-')),
);

/** Whether `name` is a valid identifier of the language that is not a keyword. */
export function isPlainName(name: string): boolean {
  return /^[A-Za-z_][A-Za-z0-9_]*$/.test(name) && !RESERVED.has(name);
}

/** Word lists, by what they name. Every entry is a plain name (checked by a test). */
export const WORDS = {
  draw: ['Draw', 'Reinforcements', 'Harvest', 'Supply', 'Gathering'],
  observe: ['Omens', 'Scouting', 'Vigil', 'Glimpse', 'Insight'],
  choice: ['Gambit', 'Council', 'Tactics', 'Stratagem', 'Decision'],
  simultaneous: ['Duel', 'Standoff', 'Skirmish', 'Clash', 'Parley'],
  auction: ['Market', 'Bazaar', 'Bidding', 'Tender', 'Exchange'],
  betting: ['Betting', 'Wagering', 'Raising', 'Staking', 'Pledging'],
  sidebet: ['Wagers', 'Prophecy', 'Forecast', 'Hunch', 'Oath'],
  position: ['Roles', 'Ranking', 'Crowning', 'Appointment', 'Election'],
  discard: ['Purge', 'Cleanup', 'Tribute', 'Sacrifice', 'Offering'],
  events: ['Aftermath', 'Reckoning', 'Twists', 'Fortunes', 'Upheaval'],
  loop: ['Rounds', 'Campaign', 'Seasons', 'Cycles', 'Tides'],
  check: ['Audit', 'Inspection', 'Judgement', 'Review', 'Trial'],
  /** Options of simultaneous rounds (names, never keywords). */
  moves: ['Press', 'Hold', 'Bluff', 'Strike', 'Guard', 'Parry', 'Feint', 'Rush', 'Wait', 'Charge', 'Dodge', 'Retreat'],
  /** Options of choices that gain something. */
  gains: ['scout', 'spy', 'draw', 'boast', 'gamble', 'trade', 'grab', 'prepare', 'study', 'rally'],
  /** The free option of a choice. */
  rests: ['rest', 'wait', 'decline', 'abstain', 'hold'],
  variables: ['tally', 'heat', 'tension', 'favor', 'luck', 'momentum', 'debt', 'glory'],
  counters: ['round', 'turn', 'lap', 'cycle', 'stage'],
  positions: ['Leader', 'Oracle', 'Captain', 'Dealer', 'Warden', 'Sage', 'Herald'],
  boards: ['board', 'table', 'river', 'commons'],
  discardPiles: ['discards', 'graveyard', 'vault', 'muck'],
  suits: [
    ['hearts', 'spades', 'clubs', 'diamonds'],
    ['red', 'black', 'green', 'blue'],
    ['suns', 'moons', 'stars', 'crowns'],
  ],
} as const;

/** Hands out unique names: the first free word of a list, else the word with a number (`Draw2`). */
export class NameAllocator {
  private readonly used = new Set<string>(SEATS);

  constructor(private readonly draw: Draw) {}

  /** A fresh name from `words` (a random start, then in order), suffixed with 2, 3, … when all are taken. */
  fresh(words: readonly string[]): string {
    const start = this.draw.int(0, words.length - 1);
    for (let n = 1; ; n++) {
      for (let i = 0; i < words.length; i++) {
        const base = words[(start + i) % words.length];
        const name = n === 1 ? base : `${base}${n}`;
        if (!this.used.has(name) && isPlainName(name)) {
          this.used.add(name);
          return name;
        }
      }
    }
  }

  /** Claim a fixed name (e.g. `Setup`); a number is appended if it is taken. */
  claim(base: string): string {
    for (let n = 1; ; n++) {
      const name = n === 1 ? base : `${base}${n}`;
      if (!this.used.has(name) && isPlainName(name)) {
        this.used.add(name);
        return name;
      }
    }
  }
}
