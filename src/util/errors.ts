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
