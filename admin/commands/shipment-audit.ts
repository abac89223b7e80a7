import { defineCommand } from '../command';
import { uuidOf } from '../values';

export const shipmentAudit = defineCommand({
  kind: 'shipment-audit',
  words: 'shipment audit',
  options: { order: { type: 'string', value: 'ID', required: true, description: 'the order id', parse: uuidOf('an order id') } },
  help: [
    '-> {"orderId","audit":[{"at","action","carrierCode","trackingNumber","detail"}],"reconciling":[{"kind","dueAt","round"}]}',
    "   (what the reconciler did to the order's shipments: orphans voided or adopted, voids confirmed",
    '   or refused, oldest first; and its carrier calls of unknown outcome still being reconciled)',
  ],
  build: (v) => ({ orderId: v.order }),
  run: async ({ orderId }) => {
    const { auditTrail, getRecord, RECONCILE_KINDS } = await import('../../shared/store/reconciliation');
    const records = await Promise.all(RECONCILE_KINDS.map((kind) => getRecord(orderId, kind)));
    return {
      orderId,
      audit: (await auditTrail(orderId)).map(({ orderId: _orderId, ...entry }) => entry),
      reconciling: records.flatMap((r) => (r?.dueAt ? [{ kind: r.kind, dueAt: r.dueAt, round: r.round }] : [])),
    };
  },
});
