/**
 * Canadian sales tax on carrier services, by the shipper's province, for
 * shipments that originate in Canada. Shipments from anywhere else carry
 * none. Rates in whole basis points, as the pricing of the rate flow requires:
 * QST is 9.975 %, which that cannot express, so it is quoted as 998 bp
 * (9.98 %, at most half a basis point high).
 *
 * The sandbox keeps this simple on purpose: BC, MB and SK provincial taxes do
 * not apply to courier and freight services, so those provinces charge GST
 * only, and a Canadian shipper whose province cannot be told charges GST.
 * Real zero-rating of exported freight is not modelled.
 */
import type { QuoteTax } from '../../domain/carrier';
import { canadianProvince, type SandboxPlace } from './geography';

const GST: QuoteTax = { code: 'GST', name: { en: 'GST', fr: 'TPS' }, rateBp: 500 };
const QST: QuoteTax = { code: 'QST', name: { en: 'QST', fr: 'TVQ' }, rateBp: 998 };
const hst = (rateBp: number): QuoteTax => ({ code: 'HST', name: { en: 'HST', fr: 'TVH' }, rateBp });

const TAXES_BY_PROVINCE: Record<string, QuoteTax[]> = {
  ON: [hst(1300)],
  NB: [hst(1500)],
  NL: [hst(1500)],
  PE: [hst(1500)],
  NS: [hst(1400)],
  QC: [GST, QST],
  AB: [GST],
  BC: [GST],
  MB: [GST],
  SK: [GST],
  YT: [GST],
  NT: [GST],
  NU: [GST],
};

export function canadianSalesTaxes(origin: SandboxPlace): QuoteTax[] {
  if (origin.countryCode.toUpperCase() !== 'CA') return [];
  const province = canadianProvince(origin);
  return (province && TAXES_BY_PROVINCE[province]) || [GST];
}
