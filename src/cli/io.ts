/**
 * Where a command writes. Commands never touch `process.stdout` directly, so tests can run them
 * in-process and read what they printed. `CliContext`, handed to every command, lives here too.
 */

export interface CliIO {
  stdout: (text: string) => void;
  stderr: (text: string) => void;
  /** Whether stderr is a terminal (progress bars are drawn only then). */
  stderrIsTTY: boolean;
  /** Standard input, for interactive commands. */
  stdin: NodeJS.ReadableStream;
  /** The environment (for `NO_COLOR`); the process's when absent. */
  env?: Record<string, string | undefined>;
}

let pipeGuard = false;

/** The process's streams. A closed pipe on stdout (`gbgc … | head`) ends the process quietly. */
export function processIO(): CliIO {
  if (!pipeGuard) {
    pipeGuard = true;
    process.stdout.on('error', (e: NodeJS.ErrnoException) => {
      if (e.code === 'EPIPE') process.exit(0);
      throw e;
    });
  }
  return {
    stdout: (t) => void process.stdout.write(t),
    stderr: (t) => void process.stderr.write(t),
    stderrIsTTY: Boolean(process.stderr.isTTY),
    stdin: process.stdin,
    env: process.env,
  };
}

/**
 * Print an informational line (`wrote FILE`, `FILE: ok`, a summary), unless `--quiet`.
 * @param ctx the command's context (its streams and whether `--quiet` was given)
 * @param stream where it goes (stdout by default)
 */
export function info(ctx: { io: CliIO; quiet?: boolean }, text: string, stream: 'stdout' | 'stderr' = 'stdout'): void {
  if (!ctx.quiet) ctx.io[stream](text);
}

export { writeFileAtomic } from '../util/fs.js';

/** Shared context handed to every command. */
export interface CliContext {
  io: CliIO;
  /** Set by a command to the exit code it wants (0 by default). */
  exitCode: number;
  /** `--quiet`: print no progress and no informational lines (errors and requested output stay). */
  quiet?: boolean;
}
