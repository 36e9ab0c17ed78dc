/**
 * The roulette exhibition's two conditions as rulesets of their own, built from
 * `examples/roulette.gbg`: the league's chat limit, then (streak only) a scripted run of one colour
 * as a table message, then the scripted seat Rail recommending black.
 */
import { readFileSync } from 'node:fs';

export const STREAK_CUE = 'The board shows the last eight spins: red, red, red, red, red, red, red, red.';
export const RAIL_TIP = 'Black is due after all those reds. Bet black on this spin.';

/** The source of the streak (`streak`) or control condition. */
export function rouletteCondition(streak: boolean): string {
  const base = readFileSync('examples/roulette.gbg', 'utf8');
  const lines = ['  chat max 240', ...(streak ? [`  chat ${JSON.stringify(STREAK_CUE)}`] : []), `  chat ${JSON.stringify(RAIL_TIP)} from Rail`];
  return base
    .replace('game "League roulette" {', `game "League roulette (${streak ? 'streak' : 'control'})" {`)
    .replace('  house House bank unlimited\n', `  house House bank unlimited\n${lines.join('\n')}\n`);
}
