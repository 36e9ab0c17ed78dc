/**
 * `gbgc view RECORD [--as SEAT|all] [-o match.html]`: the match viewer for a recorded game (a
 * replay record written by `gbgc play --record`): one self-contained HTML page that steps through
 * the game from one seat's view (only what that seat saw) or the omniscient view.
 */
import { readFileSync } from 'node:fs';
import { info } from '../io.js';
import type { RegisterCommand } from './index.js';
import { UsageError, UserError } from '../errors.js';
import { writeFileAtomic } from '../io.js';
import { compileSource } from '../../compiler/index.js';
import { compileGame } from '../../interpreter/game.js';
import { buildReplay, parseReplayRecord, type ViewerPerspective } from '../../eval/report/replay.js';
import { renderViewerHtml } from '../../eval/report/viewer.js';
import { renderRulebook } from '../../render/rulebook.js';

/** Parse `--as`: a seat name (any case) or `all`, as `play --as` takes seats by name. @throws UsageError otherwise */
export function perspectiveOption(text: string, seats: readonly [string, string]): ViewerPerspective {
  const t = text.trim().toLowerCase();
  if (t === 'all') return 'all';
  const i = seats.findIndex((s) => s.toLowerCase() === t);
  if (i < 0) throw new UsageError(`--as must be ${seats[0]}, ${seats[1]} or all, got '${text}'`);
  return i as 0 | 1;
}

export const registerView: RegisterCommand = (program, ctx) =>
  program
    .command('view')
    .description('write a self-contained HTML page that replays a recorded game step by step')
    .argument('<record>', 'a replay record (JSON) from gbgc play --record')
    .option('--as <seat>', "whose view: a seat name, or all (omniscient)", 'all')
    .option('-o, --output <file>', 'write the page here (default: standard output)')
    .addHelpText('after', "\nA seat's page holds only what that seat saw; the omniscient page shows both hands.\n\nExamples:\n  gbgc play examples/leduc.gbg --record hand.json\n  gbgc view hand.json --as Alice -o alice.html")
    .action((file: string, opts: { as: string; output?: string }) => {
      let text: string;
      try {
        text = readFileSync(file, 'utf8');
      } catch (e) {
        throw new UserError(`cannot read ${file}: ${(e as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such file' : (e as Error).message}`);
      }
      let json: unknown;
      try {
        json = JSON.parse(text);
      } catch (e) {
        throw new UserError(`${file}: not JSON (${(e as Error).message})`);
      }
      const record = parseReplayRecord(json, file);
      const compiled = compileSource(record.game.source);
      if (!compiled.ir) throw new UserError(`${file}: the recorded game does not compile (${compiled.diagnostics[0]?.message ?? 'unknown error'})`);
      const game = compileGame(compiled.ir);
      const perspective = perspectiveOption(opts.as, game.program.seatNames);
      const replay = buildReplay(game, record, perspective);
      const html = renderViewerHtml(replay, { rulebook: renderRulebook(game.ir) });
      if (opts.output) {
        writeFileAtomic(opts.output, html);
        info(ctx, `wrote ${opts.output}\n`);
      } else ctx.io.stdout(html);
    });
