/**
 * The engine version: recorded with every participant, tournament store and commitment, so that a
 * result names the exact engine it was played with (league methodology: a changed engine is a new
 * version). Bump it whenever the interpreter, the L0 definition, the duplicate-play chance streams
 * or a bot's behaviour change what a slot would play.
 */
export const ENGINE_VERSION = 'gbgc-0.1.0+engine.2';
