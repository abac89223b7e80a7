/**
 * The pure rules of reconciliation (docs/reliability.md): when the next
 * round comes, and which packages a carrier holds under our reference are
 * orphans to void. shared/services/reconciliation.ts applies them.
 */
import type { FoundPackage } from './carrier';
import type { Order } from './entities';

const DAY_MS = 86_400_000;

/** A carrier that says nothing of its void window: voids are asked again for a week. */
export const DEFAULT_VOID_WINDOW_DAYS = 7;

/** When the round after round `round` comes: twice as far each time from SHIP_RECONCILE_AFTER_SECONDS, at most a day, never past the window. */
export const nextRoundAt = (now: Date, round: number, windowEnd: Date, afterSeconds: number): Date | undefined => {
  if (now.getTime() >= windowEnd.getTime()) return undefined;
  const wait = Math.min(afterSeconds * 1000 * 2 ** Math.min(round + 1, 30), DAY_MS);
  return new Date(Math.min(now.getTime() + wait, windowEnd.getTime()));
};

/** The packages an order holds: every piece, the return, and the carrier's shipment id. */
export const adoptedNumbers = (order: Order | undefined): Set<string> =>
  new Set(
    order ? [order.trackingNumber, ...order.pieceTrackingNumbers, order.returnTrackingNumber, order.carrierShipmentId].filter((n): n is string => !!n) : [],
  );

/** The packages found that are orphans: not the order's, not settled before. Without an order, none unless the rate was given up. */
export const orphansOf = (found: readonly FoundPackage[], order: Order | undefined, settled: readonly string[], givenUp: boolean): FoundPackage[] => {
  if (!order && !givenUp) return [];
  const kept = adoptedNumbers(order);
  const seen = new Set(settled);
  return found.filter((p) => !kept.has(p.trackingNumber) && !seen.has(p.trackingNumber));
};
