/**
 * Errors that any stage may throw for problems the user caused. The CLI prints them as one line
 * without a stack trace and exits with their `exitCode`; anything else is an internal error (70).
 */

/** Bad input (a file that does not compile, a game too large, a policy that does not fit, …): exit code 1. */
export class UserError extends Error {
  readonly exitCode = 1;
  constructor(message: string) {
    super(message);
    this.name = 'UserError';
  }
}

/** Bad usage (unknown option, out-of-range flag value): exit code 2. */
export class UsageError extends Error {
  readonly exitCode = 2;
  constructor(message: string) {
    super(message);
    this.name = 'UsageError';
  }
}

/**
 * Bad input refused under a named code of the diagnostic catalogue (`gbgc explain CODE`), exit 1.
 * Its message is already the diagnostic line, `WHERE: error[CODE]: detail` (or `error[CODE]: detail`
 * when no file is known), and the CLI prints it as it is.
 */
export class DiagnosticError extends UserError {
  constructor(
    /** The catalogue's named code, e.g. `two-seat-only`. */
    readonly code: string,
    /** What is wrong and what to do, without the location or the code. */
    readonly detail: string,
    /** The file (or store) the refusal is about, when known. */
    readonly where?: string,
  ) {
    super(`${where === undefined ? '' : `${where}: `}error[${code}]: ${detail}`);
    this.name = 'DiagnosticError';
  }

  /** The same refusal located at `where` (a command that knows the file names it). */
  at(where: string): DiagnosticError {
    return new DiagnosticError(this.code, this.detail, where);
  }
}
