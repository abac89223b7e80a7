/** The end-of-day manifest PDF we render (shared/labels/renderers/manifest.ts): its header, one row per package, totals in words that agree with their numbers. */
import { renderManifest } from '../../../shared/labels/render';
import type { ManifestDocument } from '../../../shared/labels/renderers/manifest';
import { readPdf } from './inspect';

const manifest = (lines: ManifestDocument['lines']): ManifestDocument => ({
  manifestId: '034bcb8e-567e-4891-93b3-4beeed30353d',
  carrier: { code: 'CARRIERY', name: 'Carrier Y Parcel Services' },
  accountNumber: 'SBX-CARRIERY-DEFAULT',
  mode: 'live',
  shipDate: '2026-11-27',
  createdDate: '2026-11-26T09:00:00.000Z',
  shipper: { name: 'Alex Shipper', company: 'Maple Goods', city: 'Toronto', province: 'ON', country: 'CA' },
  lines,
});
const line = (n: number, packages: number) => ({
  orderId: `00000000-0000-4000-8000-00000000000${n}`,
  trackingNumber: `46336923371500${n}0`,
  serviceName: 'Regular Parcel',
  packages: Array.from({ length: packages }, (_, i) => ({ trackingNumber: `46336923371500${n}${i}`, weightKg: 1.25 })),
});
const textOf = async (document: ManifestDocument) => (await readPdf((await renderManifest(document)).body)).pages.map((p) => p.text).join('\n');

describe('the manifest PDF', () => {
  it('names the ship date, carrier, account, shipper and manifest, each with its label', async () => {
    const text = await textOf(manifest([line(1, 1)]));
    for (const field of [
      'Ship date: 2026-11-27',
      'Carrier: Carrier Y Parcel Services (CARRIERY)',
      'Account: SBX-CARRIERY-DEFAULT',
      'Shipper: Maple Goods, Alex Shipper',
      'Manifest: 034bcb8e-567e-4891-93b3-4beeed30353d',
    ]) {
      expect(text).toContain(field);
    }
  });

  it('counts one shipment and one package in the singular, several in the plural', async () => {
    expect(await textOf(manifest([line(1, 1)]))).toContain('TOTAL 1 shipment, 1 package, 1.25 kg');
    expect(await textOf(manifest([line(1, 2), line(2, 1)]))).toContain('TOTAL 2 shipments, 3 packages, 3.75 kg');
  });
});
