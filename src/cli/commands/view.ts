/**
 * `gbgc view RECORD [--as SEAT|all] [-o match.html]` and `gbgc view DB --slot ID [--as SEAT|all]
 * [--out match.html]`: the match viewer for a recorded game (a replay record written by `gbgc play
 * --record`) or for a tournament slot (rebuilt from the run store by replaying its play seed and
 * its stored moves): one self-contained HTML page that steps through the game from one seat's view
 * (only what that seat saw) or the omniscient view. Which of the two the file is, is read from its
 * content (the SQLite header, else JSON).
 */
import { closeSync, existsSync, openSync, readSync } from 'node:fs';
import { info } from '../io.js';
import type { RegisterCommand } from './index.js';
import { UsageError, UserError } from '../errors.js';
import { writeFileAtomic } from '../io.js';
import { refuseOutputOverInput } from '../../util/fs.js';
import { compileSource } from '../../compiler/index.js';
import { compileAnyGame } from '../../interpreter/game.js';
import { buildReplay, parseReplayRecord, type ReplayRecord, type ViewerPerspective } from '../../eval/report/replay.js';
import { replayHandsFromStore } from '../../eval/report/slot-replay.js';
import { RunStore } from '../../eval/store/store.js';
import { withStoreErrors } from '../../eval/store/errors.js';
import { parseJsonInput, readTextCapped } from '../../util/json.js';
import { storeAbsent } from '../../eval/store/store.js';
import { renderViewerHtml } from '../../eval/report/viewer.js';
import { renderRulebook } from '../../render/rulebook.js';

/** Parse `--as`: a seat name (any case) or `all`, as `play --as` takes seats by name. @throws UsageError otherwise */
export function perspectiveOption(text: string, seats: readonly string[]): ViewerPerspective {
  const t = text.trim().toLowerCase();
  if (t === 'all') return 'all';
  const i = seats.findIndex((s) => s.toLowerCase() === t);
  if (i < 0) throw new UsageError(`--as must be ${seats.join(', ')} or all, got '${text}'`);
  return i;
}

/** The first 16 bytes of every SQLite database file. */
const SQLITE_HEADER = 'SQLite format 3\0';

/** Whether `file` starts with the SQLite header. @throws UserError when it cannot be read */
export function isSqliteFile(file: string): boolean {
  let fd: number;
  try {
    fd = openSync(file, 'r');
  } catch (e) {
    throw new UserError(`cannot read ${file}: ${(e as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such file' : (e as Error).message}`);
  }
  try {
    const buf = Buffer.alloc(16);
    let n: number;
    try {
      n = readSync(fd, buf, 0, 16, 0);
    } catch (e) {
      throw new UserError(`cannot read ${file}: ${(e as NodeJS.ErrnoException).code === 'EISDIR' ? 'it is a folder' : (e as Error).message}`);
    }
    return n === 16 && buf.toString('latin1') === SQLITE_HEADER;
  } finally {
    closeSync(fd);
  }
}

/** Read a replay record (JSON) from a file. @throws UserError when it cannot be read or is not a record */
function readRecordFile(file: string): ReplayRecord {
  return parseReplayRecord(parseJsonInput(readTextCapped(file, 'replay record'), file), file);
}

/** Rebuild a slot's replay records (one per hand) from a run store. @throws UserError (see {@link replayHandsFromStore}) */
function readSlot(file: string, slot: string): ReplayRecord[] {
  return withStoreErrors(file, () => {
    const store = RunStore.openReadOnly(file);
    try {
      return replayHandsFromStore(store, slot);
    } finally {
      store.close();
    }
  });
}

/** Parse `--hand`: a hand number from 1. @throws UsageError otherwise */
function handOption(text: string): number {
  const n = Number(text);
  if (!/^\d+$/.test(text.trim()) || !Number.isSafeInteger(n) || n < 1) throw new UsageError(`--hand must be a hand number from 1, got '${text}'`);
  return n;
}

export const registerView: RegisterCommand = (cmd, ctx) =>
  cmd
    .argument('<file>', 'a replay record (JSON) from gbgc play --record, or a run store (SQLite) from gbgc tournament with --slot')
    .option('--slot <id>', 'the slot of a run store to replay: its id or a unique prefix')
    .option('--hand <n>', 'a slot that is a match of several hands: show hand N only (from 1; default: every hand, one at a time)')
    .option('--as <seat>', 'whose view: a seat name, or all (omniscient)', 'all')
    .option('-o, --output <file>', 'write the page here (default: standard output)')
    .option('--out <file>', 'same as --output')
    .addHelpText(
      'after',
      "\nA seat's page holds only what that seat saw; the omniscient page shows every hand (2 to 6 seats).\nA slot is rebuilt from its play seed and its stored moves; a store that does not replay\non this engine (altered, or written by another engine) is refused naming the slot and ply.\nA slot that is a match of several hands (hands_per_match) steps through its hands one at a\ntime (a hand selector; Page Up / Page Down), or shows one with --hand N.\n\nExamples:\n  gbgc play examples/leduc.gbg --record hand.json\n  gbgc view hand.json --as Alice -o alice.html\n  gbgc records export runs.db --jsonl --table slots   # slot ids\n  gbgc view runs.db --slot 3f2a9c --as all --out match.html\n  gbgc view runs.db --slot 3f2a9c --hand 4 --out hand4.html",
    )
    .action((file: string, opts: { as: string; output?: string; out?: string; slot?: string; hand?: string }) => {
      if (opts.output !== undefined && opts.out !== undefined && opts.output !== opts.out) throw new UsageError('give one of --output and --out');
      const output = opts.output ?? opts.out;
      refuseOutputOverInput([output], [file]);
      let records: ReplayRecord[];
      // An empty file given with --slot is an empty store (refused as such), not a replay record.
      if (isSqliteFile(file) || (opts.slot !== undefined && existsSync(file) && storeAbsent(file))) {
        if (opts.slot === undefined)
          throw new UsageError(
            `${file} is a run store: name the slot to view with --slot ID (list the ids with: gbgc records export ${file} --jsonl --table slots)`,
          );
        records = readSlot(file, opts.slot);
      } else {
        if (opts.slot !== undefined) throw new UsageError(`--slot applies to a run store (SQLite); ${file} is not one`);
        records = [readRecordFile(file)];
      }
      if (opts.hand !== undefined) {
        const h = handOption(opts.hand);
        if (h > records.length)
          throw new UserError(
            `${file}: --hand ${h}: ${records.length === 1 ? 'this is a game of one hand' : `the match has ${records.length} hands`}${opts.slot ? ` (slot ${opts.slot})` : ''}`,
          );
        records = [records[h - 1]];
      }
      const record = records[0];
      const compiled = compileSource(record.game.source);
      if (!compiled.ir) throw new UserError(`${file}: the recorded game does not compile (${compiled.diagnostics[0]?.message ?? 'unknown error'})`);
      const game = compileAnyGame(compiled.ir);
      const perspective = perspectiveOption(opts.as, game.ir.seats);
      const replays = records.map((r) => buildReplay(game, r, perspective));
      const html = renderViewerHtml(replays.length === 1 ? replays[0] : replays, { rulebook: renderRulebook(game.ir) });
      if (output) {
        writeFileAtomic(output, html);
        info(ctx, `wrote ${output}\n`);
      } else ctx.io.stdout(html);
    });
