/**
 * Graded bot ladders and (level, progress) ratings (BotzoneBench §4.4–4.5): duel figures,
 * calibration, the climb, the ladder file, building and rating. See docs/ladder.md.
 */
export * from './stats.js';
export * from './duel.js';
export * from './calibrate.js';
export * from './rate.js';
export * from './file.js';
export * from './build.js';
export * from './rating.js';
export * from './table.js';
