import { describe, expect, it } from 'vitest';
import { bettingCourses } from '../../src/render/view/betting.js';

const show = (seats: [string, string], first: 0 | 1, bet: number, cap: number) =>
  bettingCourses(seats, first, bet, cap).map(
    (c) =>
      `${c.moves.map((m) => `${m.seat[0]}:${m.verb}${m.chips ? m.chips : ''}`).join(' ')} => ${c.foldWinner ? `${c.foldWinner} wins` : `${c.eachPutIn} each`}`,
  );

describe('bettingCourses', () => {
  it('lists the five courses of a Kuhn round (bet 1, cap 1)', () => {
    expect(show(['Alice', 'Bob'], 0, 1, 1)).toEqual([
      'A:checks B:checks => 0 each',
      'A:checks B:bets1 A:folds => Bob wins',
      'A:checks B:bets1 A:calls1 => 1 each',
      'A:bets1 B:folds => Alice wins',
      'A:bets1 B:calls1 => 1 each',
    ]);
  });
  it('lists the nine courses of a Leduc round (bet 2, cap 2), raises costing match plus bet', () => {
    const courses = show(['Alice', 'Bob'], 0, 2, 2);
    expect(courses).toHaveLength(9);
    expect(courses).toContain('A:checks B:bets2 A:raises4 B:calls2 => 4 each');
    expect(courses).toContain('A:bets2 B:raises4 A:folds => Bob wins');
    expect(courses).not.toContain('A:bets2 B:raises4 A:raises4 B:calls2 => 6 each');
  });
  it('grows by four courses per extra bet allowed and respects the first seat', () => {
    for (const cap of [1, 2, 3, 4, 5]) expect(bettingCourses(['A', 'B'], 1, 3, cap)).toHaveLength(4 * cap + 1);
    const top = bettingCourses(['Alice', 'Bob'], 1, 3, 3);
    expect(top[0].moves[0].seat).toBe('Bob');
    expect(Math.max(...top.map((c) => c.eachPutIn))).toBe(9);
  });
});
