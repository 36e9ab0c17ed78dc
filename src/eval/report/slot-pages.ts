/**
 * The viewer pages the report links from its games table: for each game, a few of its slots
 * replayed from the run store (omniscient view, with the rulebook), written as `slots/<id>.html`
 * inside the report folder.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { compileSource } from '../../compiler/index.js';
import { compileAnyGame } from '../../interpreter/game.js';
import { renderRulebook } from '../../render/rulebook.js';
import { writeFileAtomic } from '../../util/fs.js';
import { UserError } from '../../util/errors.js';
import { RunStore } from '../store/store.js';
import type { ReportContext } from './context.js';
import { buildReplay } from './replay.js';
import { slotPagePath } from './sections.js';
import { replayHandsFromStore } from './slot-replay.js';
import { renderViewerHtml } from './viewer.js';

/**
 * Write the viewer page of every slot listed in `ctx.games[].slots`; a slot that does not replay
 * on this engine is dropped from its game's list (the report then links fewer pages).
 * @returns the pages written, relative to `dir`
 */
export function writeSlotPages(db: string, dir: string, ctx: ReportContext): string[] {
  const written: string[] = [];
  if (!ctx.games.some((g) => g.slots.length > 0)) return written;
  mkdirSync(join(dir, 'slots'), { recursive: true });
  const store = RunStore.openReadOnly(db);
  try {
    for (const g of ctx.games) {
      const kept: string[] = [];
      for (const id of g.slots) {
        try {
          const records = replayHandsFromStore(store, id);
          const ir = compileSource(records[0].game.source).ir;
          if (!ir) continue;
          const game = compileAnyGame(ir);
          const page = slotPagePath(id);
          const replays = records.map((r) => buildReplay(game, r, 'all'));
          writeFileAtomic(join(dir, page), renderViewerHtml(replays.length === 1 ? replays[0] : replays, { rulebook: renderRulebook(ir) }));
          written.push(page);
          kept.push(id);
        } catch (e) {
          if (!(e instanceof UserError)) throw e;
        }
      }
      g.slots = kept;
    }
  } finally {
    store.close();
  }
  return written;
}
