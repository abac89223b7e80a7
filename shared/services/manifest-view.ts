/**
 * A stored manifest as the API answers it (shared/contract/manifests.ts):
 * GET /v1/manifests… and the `manifest.created` webhook event.
 */
import type { Manifest } from '../contract/manifests';
import type { ManifestRecord } from '../store/manifests';
import { loadReference } from '../store/reference';

export const manifestView = async (record: Omit<ManifestRecord, 'lines'>): Promise<Manifest> => {
  const carrier = (await loadReference()).carriers.find((c) => c.code === record.carrierCode);
  return {
    manifestId: record.manifestId,
    carrier: { code: record.carrierCode, name: carrier?.fullName.en ?? record.carrierCode },
    carrierAccount: record.accountNumber ? { accountNumber: record.accountNumber } : null,
    mode: record.mode,
    shipDate: record.shipDate,
    status: record.status,
    orders: record.orders,
    packageCount: record.packageCount,
    totalWeightKg: record.totalWeightKg,
    carrierManifestIds: record.carrierManifestIds,
    documents:
      record.status === 'closed'
        ? record.documents.map((d) => ({ code: d.code, format: 'PDF' as const, source: d.source, href: `/v1/manifests/${record.manifestId}/${d.code}` }))
        : [],
    createdDate: record.createdDate,
    closedAt: record.closedAt ?? null,
  };
};
