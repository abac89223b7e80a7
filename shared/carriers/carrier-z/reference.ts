/**
 * Carrier Z's reference data: the carrier as GET /v1/carriers lists it,
 * its services and its own packaging types. Loaded into the table with the
 * rest of the reference data (shared/store/seed.ts).
 */
import { dims, fixed, service, type ConnectorReference } from '../reference-kit';

const CODE = 'CARRIERZ';

export const reference: ConnectorReference = {
  carrier: {
    code: 'CARRIERZ',
    kind: 'parcel',
    fullName: { en: 'Carrier Z Logistics', fr: 'Logistique Transporteur Z' },
    shortName: { en: 'Carrier Z', fr: 'Transporteur Z' },
  },
  services: [
    service(CODE, {
      code: 'CARRIERZ_EXPRESS_SAVER',
      billingCode: 'ZES',
      fullName: { en: 'Express Saver', fr: 'Express économique' },
      shortName: { en: 'Saver', fr: 'Économique' },
      transitDays: 2,
      commitTime: '18:00',
      guaranteed: true,
      priceFactorBp: 16000,
    }),
    service(CODE, {
      code: 'CARRIERZ_STANDARD',
      billingCode: 'ZST',
      fullName: { en: 'Standard', fr: 'Standard' },
      shortName: { en: 'Standard', fr: 'Standard' },
      transitDays: 5,
      commitTime: '19:00',
      guaranteed: false,
      priceFactorBp: 9500,
    }),
    service(CODE, {
      code: 'CARRIERZ_EXPRESS',
      billingCode: 'ZEX',
      fullName: { en: 'Express', fr: 'Express' },
      shortName: { en: 'Express', fr: 'Express' },
      chips: ['fast'],
      transitDays: 1,
      commitTime: '10:30',
      guaranteed: true,
      priceFactorBp: 24000,
    }),
  ],
  packaging: [
    {
      id: '908b8d39-65ad-440b-b564-753448271b7d',
      code: 'CARRIERZ_PAD_PAK',
      name: 'Carrier Z Padded Pak',
      categoryName: 'Carrier Z',
      carrierId: 'CARRIERZ',
      isEnvelope: false,
      dimensions: dims(fixed(38), fixed(30), fixed(4)),
    },
    {
      id: '1006c641-9fea-4adf-9a1e-a6d489d38c98',
      code: 'CARRIERZ_PAK',
      name: 'Carrier Z Pak',
      categoryName: 'Carrier Z',
      carrierId: 'CARRIERZ',
      isEnvelope: false,
      dimensions: dims(fixed(41), fixed(33), fixed(3)),
    },
  ],
};
