/**
 * Replaying a stored blackjack session (a match of several hands from one carried shoe): the
 * viewer and every reader of a slot's hands start each hand from the cards the last one left, as
 * the match loop did, so hand 2 onwards replays to the stored moves and returns.
 */
import Database from 'better-sqlite3';
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../cli/run-cli.js';
import { playSessions } from '../support/session-store.js';
import { RunStore } from '../../src/eval/store/store.js';
import { replayHandsFromStore } from '../../src/eval/report/slot-replay.js';

describe('a stored blackjack session', () => {
  it('replays every hand from the carried shoe (gbgc view --hand 4 and the replay records)', async () => {
    const { dir, db } = await playSessions({
      games: [resolve('examples/blackjack.gbg')],
      participants: ['{kind: always-fold}', '{kind: random}'],
      runs: 1,
      seed: 3,
      hands: 4,
    });
    const raw = new Database(db, { readonly: true });
    const ids = raw.prepare("SELECT id FROM slots WHERE status = 'done' ORDER BY id").pluck().all() as string[];
    raw.close();
    expect(ids.length).toBe(2);
    const store = RunStore.openReadOnly(db);
    try {
      for (const id of ids) {
        const hands = replayHandsFromStore(store, id);
        // Each hand replays to its stored moves and returns (a mismatch throws), the last included.
        expect(hands.length).toBe(4);
      }
    } finally {
      store.close();
    }
    const out = join(dir, 'hand4.html');
    const v = await runCli(['view', db, '--slot', ids[0]!, '--hand', '4', '--out', out]);
    expect(v.code, v.stderr).toBe(0);
    expect(existsSync(out)).toBe(true);
  });
});
