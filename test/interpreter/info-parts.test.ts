/**
 * Information-state fields (`infoStateParts`) and decision sites read from a state's memo against
 * a plain reference that reads the whole event log at every call (positions' holders in a map,
 * tokens in arrays joined at the end), at every decision of random episodes of every two-seat
 * example and of sampled games, with copies, in-place resets and rewinds between the calls.
 */
import { describe, expect, it } from 'vitest';
import type { InfoStateParts } from '../../src/interpreter/api.js';
import { compileGame, CHANCE, type InterpreterState } from '../../src/interpreter/index.js';
import { DEAL_FIRST, EV } from '../../src/interpreter/layout.js';
import { handPile } from '../../src/interpreter/program.js';
import { sampleIR } from '../../src/sampler/sample.js';
import { rngFromKeys } from '../../src/util/rng.js';
import { exampleIRs } from './helpers.js';

const CHIPS = new Set<number>([EV.ANTE, EV.BLIND, EV.TRANSFER, EV.REFUND, EV.WIN, EV.ODD_CHIP, EV.SPLIT]);
const MARKERS = new Set<number>([EV.PHASE, EV.SUBPHASE, EV.SHUFFLE, EV.ASK, EV.SHOWDOWN, EV.END]);
const ACTIONS = new Set<number>([EV.FOLD, EV.CHECK, EV.CALL, EV.BET, EV.RAISE, EV.CHOSE, EV.WAGER, EV.MATCH, EV.PICK, EV.PICKS, EV.BID, EV.BIDS, EV.SIDEBET]);
const OPTION_IN_B = new Set<number>([EV.CHOSE, EV.PICK, EV.BID, EV.SIDEBET]);

/** The fields as the definition reads them: every event of the log, from the first. */
function referenceParts(s: InterpreterState, seat: number): InfoStateParts {
  const log = s.log;
  const bit = 1 << seat;
  const path: string[] = [];
  const signals: string[] = [];
  const roles = new Map<number, string>();
  for (let i = 0; i < log.count; i++) {
    if (!(log.seenBy(i) & bit)) continue;
    const kind = log.kind(i);
    if (MARKERS.has(kind) || CHIPS.has(kind)) continue;
    const who = log.seat(i);
    const seen = (log.contentSeenBy(i) & bit) !== 0;
    if (ACTIONS.has(kind))
      path.push(
        kind === EV.PICKS || kind === EV.BIDS
          ? `${kind}.${log.b(i)}.${log.c(i)}`
          : OPTION_IN_B.has(kind) && seen
            ? `${kind}.${who}.${log.b(i)}`
            : `${kind}.${who}`,
      );
    else if (kind === EV.ASSIGN) roles.set(log.a(i), String(who));
    else if (kind === EV.ASSIGN_HIDDEN) roles.set(log.a(i), log.b(i) ? 'me' : 'not-me');
    else if (kind === EV.DEAL) {
      if (log.a(i) !== handPile(seat) && seen) signals.push(`D${log.c(i) & ~DEAL_FIRST & 0xff}>${log.a(i)}:${log.b(i)}`);
    } else signals.push(seen ? `${kind}.${who}.${log.a(i)}.${log.b(i)}.${log.c(i)}` : `${kind}.${who}.${log.a(i)}`);
  }
  return {
    hand: s
      .pileCards(handPile(seat))
      .sort((a, b) => a - b)
      .join(','),
    path: path.join(' '),
    signals: signals.join(' '),
    roles: [...roles]
      .sort((a, b) => a[0] - b[0])
      .map(([k, v]) => `${k}=${v}`)
      .join(','),
    chipsInPlay: s.program.startStacks[0] + s.program.startStacks[1],
  };
}

/** The last phase entered, read from the whole log. */
function referencePhase(s: InterpreterState): number {
  const phases = s.phasesEntered();
  return phases.length ? phases[phases.length - 1] : -1;
}

/**
 * Random episodes of `game`; at every decision both seats' fields and the site are compared with
 * the reference. Now and then the episode goes on in a copy, in a state reset in place from it, or
 * after a detour rewound. Returns the number of decisions checked.
 */
function checkEpisodes(game: ReturnType<typeof compileGame>, episodes: number, seed: number): number {
  let checked = 0;
  const spare = game.newInitialState();
  for (let e = 0; e < episodes; e++) {
    const rng = rngFromKeys(seed, e);
    let s = game.newInitialState();
    while (!s.isTerminal()) {
      const legal = s.legalActions();
      if (s.currentPlayer() !== CHANCE) {
        for (const seat of [0, 1]) expect(s.infoStateParts(seat)).toEqual(referenceParts(s, seat));
        expect(s.decisionSite().phase).toBe(referencePhase(s));
        checked++;
      }
      const u = rng();
      if (u < 0.15) s = s.clone();
      else if (u < 0.25) {
        spare.resetFrom(s);
        s = spare;
      } else if (u < 0.35 && s.currentPlayer() !== CHANCE) {
        // A detour of a few actions, its fields read, then undone.
        const mark = s.newMark();
        s.saveTo(mark);
        for (let k = 0; k < 3 && !s.isTerminal(); k++) {
          const l = s.legalActions();
          s.applyAction(l[Math.floor(rng() * l.length)]);
          if (!s.isTerminal() && s.currentPlayer() !== CHANCE) s.infoStateParts(k & 1);
        }
        s.rewind(mark);
      }
      s.applyAction(legal[Math.floor(rng() * legal.length)]);
    }
  }
  return checked;
}

describe('information-state fields from the memo', () => {
  it('equal the whole-log reading on every two-seat example', () => {
    for (const { file, ir } of exampleIRs()) {
      const n = checkEpisodes(compileGame(ir), 30, 7);
      expect(n, file).toBeGreaterThan(0);
    }
  });

  it('equal the whole-log reading on sampled games (c from 0.3 to 1, positions and signals included)', () => {
    let withRoles = 0;
    let withSignals = 0;
    for (let i = 0; i < 24; i++) {
      const game = compileGame(sampleIR(100 + i, 0.3 + (0.7 * i) / 23));
      expect(checkEpisodes(game, 12, i)).toBeGreaterThan(0);
      // How much of the fields the games exercise: positions and signals must occur.
      const s = game.newInitialState();
      const rng = rngFromKeys(1, i);
      while (!s.isTerminal()) {
        if (s.currentPlayer() !== CHANCE) {
          const f = s.infoStateParts(s.currentPlayer());
          if (f.roles !== '') withRoles++;
          if (f.signals !== '') withSignals++;
        }
        const l = s.legalActions();
        s.applyAction(l[Math.floor(rng() * l.length)]);
      }
    }
    expect(withRoles).toBeGreaterThan(0);
    expect(withSignals).toBeGreaterThan(0);
  });
});
