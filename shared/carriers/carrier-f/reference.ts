/**
 * Carrier F's reference data: the carrier as GET /v1/carriers lists it,
 * its services and its own packaging types. Loaded into the table with the
 * rest of the reference data (shared/store/seed.ts).
 */
import { service, type ConnectorReference } from '../reference-kit';

const CODE = 'CARRIERF';

export const reference: ConnectorReference = {
  carrier: {
    code: 'CARRIERF',
    kind: 'freight',
    fullName: { en: 'Carrier F Freight (LTL)', fr: 'Transporteur F Fret (LTL)' },
    shortName: { en: 'Carrier F', fr: 'Transporteur F' },
  },
  services: [
    service(CODE, {
      code: 'CARRIERF_LTL_STANDARD',
      billingCode: 'FLS',
      fullName: { en: 'LTL Standard', fr: 'LTL standard' },
      shortName: { en: 'LTL', fr: 'LTL' },
      transitDays: 5,
      commitTime: '17:00',
      guaranteed: false,
      priceFactorBp: 10000,
    }),
    service(CODE, {
      code: 'CARRIERF_LTL_GUARANTEED',
      billingCode: 'FLG',
      fullName: { en: 'LTL Guaranteed', fr: 'LTL garanti' },
      shortName: { en: 'LTL Guaranteed', fr: 'LTL garanti' },
      transitDays: 3,
      commitTime: '12:00',
      guaranteed: true,
      priceFactorBp: 14000,
    }),
  ],
  packaging: [],
};
