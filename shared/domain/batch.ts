/**
 * Batches (docs/batches.md): the rules that need no I/O. A batch's items go
 * through the batch-items queue to the batch worker; these functions decide
 * which message group an item's message joins (the bound per carrier
 * account), which rate a rating item buys, and the batch's status from its
 * counts.
 */

/** At most this many items per batch (docs/batches.md); more is 400 naming the limit. */
export const MAX_BATCH_ITEMS = 1000;
/** The request body limit of POST /v1/batches: 1,000 rate requests do not fit the API's 128 KiB (docs/batches.md). */
export const BATCH_BODY_BYTES = 1024 * 1024;
/** Items per page of GET /v1/batches/{batchId}/items. */
export const BATCH_ITEMS_PAGE = 100;

export const BATCH_STATUSES = ['queued', 'processing', 'completed', 'completed_with_errors', 'cancelled'] as const;
export type BatchStatus = (typeof BATCH_STATUSES)[number];
export const BATCH_ITEM_STATUSES = ['pending', 'shipped', 'failed', 'cancelled'] as const;
export type BatchItemStatus = (typeof BATCH_ITEM_STATUSES)[number];

export type BatchCounts = { total: number; shipped: number; failed: number; cancelled: number; pending: number };

/** How a rating item picks its rate among those quoted: the filters first, then the rule (cheapest when none). */
export type RateSelection = { carrier?: string; service?: string; rule?: 'cheapest' | 'fastest' };

/** What selection reads of a quoted rate (the rate answer's fields). */
export type QuotedRate = {
  rateResponseId: string;
  carrier: { code: string };
  service: { code: string };
  rate: { totals: { account: { total: { amount: number } } } };
  commitment: { commitDate: string; commitTime: string } | null;
};

/**
 * The rate a rating item buys, or undefined when none passes the filters.
 * `fastest`: the earliest commitment (a rate without one is slowest), then the
 * cheapest; `cheapest`: the lowest account total, then the earliest
 * commitment. Ties keep the quote's order, so the choice is the same each time.
 */
export const selectRate = <R extends QuotedRate>(rates: readonly R[], select: RateSelection): R | undefined => {
  const candidates = rates.filter((r) => (!select.carrier || r.carrier.code === select.carrier) && (!select.service || r.service.code === select.service));
  const commit = (r: R) => (r.commitment ? `${r.commitment.commitDate}T${r.commitment.commitTime}` : '~');
  const price = (r: R) => r.rate.totals.account.total.amount;
  const byCommit = (a: R, b: R) => (commit(a) < commit(b) ? -1 : commit(a) > commit(b) ? 1 : 0);
  const order = select.rule === 'fastest' ? (a: R, b: R) => byCommit(a, b) || price(a) - price(b) : (a: R, b: R) => price(a) - price(b) || byCommit(a, b);
  return [...candidates].sort(order)[0];
};

/**
 * The message group of item `index` whose carrier calls go to `account`
 * (a carrier account's id, or a sandbox carrier's code): one of `perAccount`
 * groups of that account. The queue is FIFO, and FIFO hands one message of a
 * group at a time, so at most `perAccount` items of an account run at once,
 * whichever batches and companies they come from (docs/batches.md).
 */
export const messageGroupOf = (account: string, index: number, perAccount: number): string => `${account}#${index % Math.max(1, perAccount)}`;

/** The status of a batch whose counts are `counts`: final when nothing is pending. */
export const statusOfCounts = (counts: Pick<BatchCounts, 'pending' | 'failed'>): BatchStatus =>
  counts.pending > 0 ? 'processing' : counts.failed > 0 ? 'completed_with_errors' : 'completed';

export const isFinalBatchStatus = (status: BatchStatus): boolean => status === 'completed' || status === 'completed_with_errors' || status === 'cancelled';

/** An item's index as it sorts in a sort key (0000 to 0999). */
export const indexKey = (index: number): string => String(index).padStart(4, '0');
