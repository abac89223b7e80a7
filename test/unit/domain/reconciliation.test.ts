/** The pure rules of reconciliation (shared/domain/reconciliation.ts): round times, and which packages are orphans. */
import { adoptedNumbers, nextRoundAt, orphansOf } from '../../../shared/domain/reconciliation';
import type { Order } from '../../../shared/domain/entities';
import { parseDueCheck } from '../../../shared/domain/due-check';

const at = (iso: string) => new Date(iso);
const DAY = 86_400_000;

describe('nextRoundAt', () => {
  const since = at('2026-11-01T00:00:00.000Z');
  const windowEnd = new Date(since.getTime() + 28 * DAY);

  it('waits twice as long after each round, from SHIP_RECONCILE_AFTER_SECONDS', () => {
    const now = at('2026-11-01T00:05:00.000Z');
    expect(nextRoundAt(now, 0, windowEnd, 300)!.getTime() - now.getTime()).toBe(600_000);
    expect(nextRoundAt(now, 1, windowEnd, 300)!.getTime() - now.getTime()).toBe(1_200_000);
    expect(nextRoundAt(now, 3, windowEnd, 300)!.getTime() - now.getTime()).toBe(4_800_000);
  });

  it('waits at most a day, whatever the round (a billion rounds neither overflows nor waits forever)', () => {
    const now = at('2026-11-02T00:00:00.000Z');
    for (const round of [9, 30, 1_000, 1_000_000_000]) expect(nextRoundAt(now, round, windowEnd, 300)!.getTime() - now.getTime()).toBe(DAY);
  });

  it('never goes past the void window, and ends at it', () => {
    const late = new Date(windowEnd.getTime() - 3_600_000);
    expect(nextRoundAt(late, 20, windowEnd, 300)).toEqual(windowEnd);
    expect(nextRoundAt(windowEnd, 20, windowEnd, 300)).toBeUndefined();
    expect(nextRoundAt(at('9999-12-31T00:00:00.000Z'), 0, windowEnd, 300)).toBeUndefined();
  });
});

const order = (fields: Partial<Order>): Order =>
  ({ orderId: 'o-1', trackingNumber: '1ZA', pieceTrackingNumbers: ['1ZA', '1ZB'], ...fields }) as unknown as Order;

describe('orphansOf', () => {
  const found = [
    { trackingNumber: '1ZA', role: 'outbound' as const },
    { trackingNumber: '1ZB', role: 'outbound' as const },
    { trackingNumber: '1ZC', role: 'outbound' as const },
    { trackingNumber: '1ZR', role: 'return' as const },
    { trackingNumber: '1ZS', role: 'return' as const },
  ];

  it("voids what the order does not hold: other shipments' packages and returns; never the order's pieces, return or shipment id", () => {
    const o = order({ returnTrackingNumber: '1ZR', carrierShipmentId: '1ZA' });
    expect(adoptedNumbers(o)).toEqual(new Set(['1ZA', '1ZB', '1ZR']));
    expect(orphansOf(found, o, [], false).map((p) => p.trackingNumber)).toEqual(['1ZC', '1ZS']);
  });

  it('skips what an earlier round settled', () => {
    expect(orphansOf(found, order({}), ['1ZC', '1ZR'], false).map((p) => p.trackingNumber)).toEqual(['1ZS']);
  });

  it('without an order voids nothing (it may still be adopted), unless the rate was given up: then everything found', () => {
    expect(orphansOf(found, undefined, [], false)).toEqual([]);
    expect(orphansOf(found, undefined, ['1ZA'], true).map((p) => p.trackingNumber)).toEqual(['1ZB', '1ZC', '1ZR', '1ZS']);
  });
});

describe('a reconciliation message of the tracking-checks queue', () => {
  it('is read with its kind; any other kind is a tracking check; a hostile one is no message', () => {
    const dueAt = '2026-11-01T00:05:00.000Z';
    expect(parseDueCheck(JSON.stringify({ orderId: 'o-1', dueAt, reconcile: 'SHIP' }))).toEqual({ orderId: 'o-1', dueAt, reconcile: 'SHIP' });
    expect(parseDueCheck(JSON.stringify({ orderId: 'o-1', dueAt, reconcile: 'VOID' }))).toEqual({ orderId: 'o-1', dueAt, reconcile: 'VOID' });
    expect(parseDueCheck(JSON.stringify({ orderId: 'o-1', dueAt, reconcile: 'constructor' }))).toEqual({ orderId: 'o-1', dueAt });
    expect(parseDueCheck(JSON.stringify({ orderId: 'o-1', dueAt, reconcile: { SHIP: 1 } }))).toEqual({ orderId: 'o-1', dueAt });
    expect(parseDueCheck(JSON.stringify({ orderId: 'x'.repeat(400_000), dueAt, reconcile: 'SHIP' }))).toBeUndefined();
  });

  it("reads a pickup's round with its company, and no pickup round without one", () => {
    const dueAt = '2026-11-29T10:00:00.000Z';
    expect(parseDueCheck(JSON.stringify({ orderId: 'p-1', dueAt, reconcile: 'PICKUP', companyId: 'c-1' }))).toEqual({
      orderId: 'p-1',
      dueAt,
      reconcile: 'PICKUP',
      companyId: 'c-1',
    });
    expect(parseDueCheck(JSON.stringify({ orderId: 'p-1', dueAt, reconcile: 'PICKUP' }))).toBeUndefined();
    expect(parseDueCheck(JSON.stringify({ orderId: 'p-1', dueAt, reconcile: 'PICKUP', companyId: 'c'.repeat(65) }))).toBeUndefined();
  });
});
