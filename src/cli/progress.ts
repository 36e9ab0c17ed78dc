/**
 * A progress bar on stderr (cli-progress), drawn only when stderr is a terminal. It writes
 * through `ctx.io.stderr`, like everything else a command prints.
 */
import cliProgress from 'cli-progress';
import type { CliIO } from './io.js';

/** Progress of long work: `update(done)` as it goes, `stop()` at the end (also on errors). */
export interface Progress {
  /** `payload`: values for custom format tokens, e.g. `{rate}`. */
  update(done: number, payload?: Record<string, unknown>): void;
  stop(): void;
}

const NONE: Progress = { update: () => {}, stop: () => {} };

/**
 * Start a bar of `total` units, or a no-op when stderr is not a terminal.
 * @param format cli-progress format, e.g. `'simulate [{bar}] {value}/{total} episodes'`
 */
export function startProgress(io: CliIO, total: number, format: string): Progress {
  if (!io.stderrIsTTY) return NONE;
  const stream = {
    isTTY: true,
    columns: process.stderr.columns ?? 80,
    write: (s: string): boolean => {
      io.stderr(s);
      return true;
    },
  };
  const bar = new cliProgress.SingleBar(
    { stream: stream as unknown as NodeJS.WritableStream, format, hideCursor: true, clearOnComplete: true },
    cliProgress.Presets.shades_classic,
  );
  bar.start(total, 0, { rate: '-' });
  return { update: (done, payload) => bar.update(done, payload), stop: () => bar.stop() };
}
