/**
 * The `gbgc` command line. Each command lives in `commands/<name>.ts`; the registry
 * (`commands/index.ts`) holds its name, arguments and summary. This file builds the commander
 * program from the registry (naming and describing each command, which then adds its arguments,
 * options and action) and maps errors to exit codes: 0 ok, 1 bad input, 2 bad usage, 70 an
 * internal error. Stack traces are printed only with `--debug`.
 */
import { Command, CommanderError, Option } from 'commander';
import { processIO, type CliContext, type CliIO } from './io.js';
import { DiagnosticError, UsageError } from './errors.js';
import { COMMANDS, commandName, type CommandEntry } from './commands/index.js';
import { CompileError } from './load.js';
import { colorize, useColor } from './color.js';
import { isSqliteError, storeErrorMessage } from '../eval/store/errors.js';

/** Operating-system errors about files and folders given on the command line (exit 1). */
const FILE_ERRORS = new Set(['ENOENT', 'EISDIR', 'ENOTDIR', 'EEXIST', 'EACCES', 'EPERM', 'EROFS', 'ENOSPC', 'ENAMETOOLONG', 'ELOOP']);

/** Commander's own messages start `error: `; ours start `gbgc: error: `. One prefix for both. */
const outputError = (text: string, write: (s: string) => void): void => write(text.replace(/^error: /, 'gbgc: error: '));

export type { CliContext } from './io.js';

export { info } from './io.js';

/** Global options, which may stand anywhere on the line. */
const GLOBAL_FLAGS = new Set(['--debug', '--no-color', '--quiet', '-q']);

/**
 * The commands a command line needs loaded: the command it runs (for `help NAME`, NAME), or every
 * command for `completion` (its script lists every command's options). Other commands are listed
 * from the registry without loading their modules.
 */
export function commandsToLoad(argv: readonly string[]): CommandEntry[] {
  const operands = (argv.includes('--') ? argv.slice(0, argv.indexOf('--')) : argv).filter((a) => !GLOBAL_FLAGS.has(a));
  const first = operands[0];
  const target = first === 'help' ? operands[1] : first;
  if (target === 'completion') return COMMANDS;
  return COMMANDS.filter((e) => commandName(e) === target);
}

/**
 * Build the commander program (exported for tests and for generating docs): the commands of
 * `load` fully (their options, help and actions), the others as entries that only list their name,
 * arguments and summary. Without `load`, every command is loaded.
 */
export async function buildProgram(ctx: CliContext, load: readonly CommandEntry[] = COMMANDS): Promise<Command> {
  const program = new Command();
  program
    .name('gbgc')
    .description('Compiler, interpreter and solver for generalized betting games (.gbg)')
    .version('0.1.0')
    .option('--debug', 'print stack traces of internal errors')
    .option('--no-color', 'no colours (also when NO_COLOR is set; colours are used only on a terminal)')
    .option('-q, --quiet', 'print no progress and no informational lines; errors and requested output stay')
    .showHelpAfterError('(run with --help for usage)')
    .exitOverride()
    .configureOutput({
      writeOut: (s) => ctx.io.stdout(s),
      writeErr: (s) => ctx.io.stderr(s),
      outputError,
    });
  const registers = await Promise.all(COMMANDS.map((e) => (load.includes(e) ? e.load() : undefined)));
  COMMANDS.forEach((entry, i) => {
    const register = registers[i];
    // The summary comes from the registry in both cases; a loaded command adds its arguments,
    // options and action, a listed one only the arguments of its spec.
    let cmd: Command;
    if (register) cmd = register(program.command(commandName(entry)).description(entry.summary), ctx);
    else {
      // Listed, not loaded: the same line in `gbgc --help` as the loaded command would give.
      cmd = program.command(entry.spec).description(entry.summary);
      if (entry.options) cmd.addOption(new Option('--listed-only').hideHelp());
    }
    cmd.exitOverride().configureOutput({ writeOut: (s) => ctx.io.stdout(s), writeErr: (s) => ctx.io.stderr(s), outputError });
    cmd.showHelpAfterError('(run with --help for usage)');
  });
  return program;
}

/**
 * Run `gbgc` with the given arguments (without `node` and the script path).
 * @returns the process exit code.
 */
export async function main(argv: string[], rawIO: CliIO = processIO()): Promise<number> {
  // Global options are honoured anywhere on the line (before or after the command).
  const operands = argv.includes('--') ? argv.slice(0, argv.indexOf('--')) : argv;
  const debug = operands.includes('--debug');
  const quiet = operands.includes('--quiet') || operands.includes('-q');
  const color = useColor(rawIO.stderrIsTTY, rawIO.env ?? process.env, operands.includes('--no-color'));
  const colorState = { severity: 'error' as 'error' | 'warning' };
  const io: CliIO = {
    ...rawIO,
    stderr: color ? (t) => rawIO.stderr(colorize(t, colorState)) : rawIO.stderr,
    // progress is drawn only on a terminal, and never with --quiet
    stderrIsTTY: rawIO.stderrIsTTY && !quiet,
  };
  const ctx: CliContext = { io, exitCode: 0, quiet };
  const program = await buildProgram(ctx, commandsToLoad(argv));
  if (argv.length === 0) {
    program.outputHelp();
    return 2;
  }
  // `gbgc help NAME` for a command that does not exist is bad usage (commander would print the
  // general help and succeed).
  if (
    argv[0] === 'help' &&
    argv.length > 1 &&
    !argv[1].startsWith('-') &&
    !program.commands.some((c) => c.name() === argv[1] || c.aliases().includes(argv[1]))
  ) {
    io.stderr(`gbgc: error: unknown command '${argv[1]}'; the commands are ${program.commands.map((c) => c.name()).join(', ')}\n`);
    return 2;
  }
  try {
    await program.parseAsync(argv, { from: 'user' });
    return ctx.exitCode;
  } catch (e) {
    if (e instanceof CommanderError) {
      if (e.code === 'commander.helpDisplayed' || e.code === 'commander.version' || e.code === 'commander.help') return 0;
      return 2;
    }
    const err = e as Error & { exitCode?: number; code?: unknown };
    if (err instanceof UsageError) {
      io.stderr(`gbgc: error: ${err.message}\n`);
      return 2;
    }
    if (err instanceof CompileError) {
      io.stderr(`${err.formatted}`);
      return 1;
    }
    if (err instanceof DiagnosticError) {
      // Already `PATH: error[CODE]: …` (or `error[CODE]: …`), as a diagnostic.
      io.stderr(`${err.message}\n`);
      return err.exitCode;
    }
    if (err?.code === 'ERR_INVALID_ARG_VALUE' && /null bytes/.test(err.message)) {
      // A path given with a NUL character (node refuses to open it).
      io.stderr(`gbgc: error: a file path cannot hold a NUL character\n`);
      return 1;
    }
    if (typeof err?.code === 'string' && FILE_ERRORS.has(err.code)) {
      // Files that cannot be read or written are bad input, not an internal error.
      io.stderr(`gbgc: error: ${err.message}\n`);
      if (debug && err.stack) io.stderr(`${err.stack}\n`);
      return 1;
    }
    // A store's SQLite error a user can cause (full disk, read-only, damaged file) that no command
    // named its store for: still one line and exit 1.
    const sqlite = isSqliteError(err) ? storeErrorMessage('the run store', err) : undefined;
    if (sqlite !== undefined) {
      io.stderr(`gbgc: error: ${sqlite}\n`);
      if (debug && err.stack) io.stderr(`${err.stack}\n`);
      return 1;
    }
    if (typeof err?.exitCode === 'number') {
      io.stderr(`gbgc: error: ${err.message}\n`);
      if (debug && err.stack) io.stderr(`${err.stack}\n`);
      return err.exitCode;
    }
    io.stderr(`gbgc: internal error: ${err?.message ?? String(e)}\n`);
    if (debug && err?.stack) io.stderr(`${err.stack}\n`);
    else io.stderr('(run with --debug for a stack trace)\n');
    return 70;
  }
}
