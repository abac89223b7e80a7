/** The admin CLI's two failures, told apart by their exit codes (docs/configuration.md, "Admin CLI"). */

/** Bad arguments: the CLI prints the message and exits 2. */
export class UsageError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UsageError';
  }
}

/** No usable target, or the target refused the command: the CLI prints the message and exits 1. */
export class AdminError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'AdminError';
  }
}
