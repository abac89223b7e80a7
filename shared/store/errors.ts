/**
 * Errors of the store: they name entities and keys, never an HTTP status. A
 * service (or the admin CLI) decides what one means to its caller.
 * ConditionFailed, for conditional writes and transactions, is in table-ops.ts.
 */
export class ItemNotFound extends Error {
  override readonly name = 'ItemNotFound';

  constructor(
    readonly entity: string,
    readonly id: string,
  ) {
    super(`${entity} not found: ${id}`);
  }
}
