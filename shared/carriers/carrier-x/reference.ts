/**
 * Carrier X's reference data: the carrier as GET /v1/carriers lists it,
 * its services and its own packaging types. Loaded into the table with the
 * rest of the reference data (shared/store/seed.ts).
 */
import { dims, fixed, service, type ConnectorReference } from '../reference-kit';

const CODE = 'CARRIERX';

export const reference: ConnectorReference = {
  carrier: {
    code: 'CARRIERX',
    kind: 'parcel',
    fullName: { en: 'Carrier X Express', fr: 'Transporteur X Express' },
    shortName: { en: 'Carrier X', fr: 'Transporteur X' },
  },
  services: [
    service(CODE, {
      code: 'CARRIERX_PRIORITY_OVERNIGHT',
      billingCode: 'XPO',
      fullName: { en: 'Priority Overnight', fr: 'Priorité du lendemain' },
      shortName: { en: 'Priority', fr: 'Priorité' },
      chips: ['fast'],
      transitDays: 1,
      commitTime: '10:30',
      guaranteed: true,
      priceFactorBp: 26000,
    }),
    service(CODE, {
      code: 'CARRIERX_2_DAY',
      billingCode: 'X2D',
      fullName: { en: 'Express 2Day', fr: 'Express 2 jours' },
      shortName: { en: '2Day', fr: '2 jours' },
      transitDays: 2,
      commitTime: '17:00',
      guaranteed: true,
      priceFactorBp: 17000,
    }),
    service(CODE, {
      code: 'CARRIERX_GROUND',
      billingCode: 'XGD',
      fullName: { en: 'Ground', fr: 'Au sol' },
      shortName: { en: 'Ground', fr: 'Sol' },
      chips: ['economy'],
      transitDays: 4,
      commitTime: '23:59',
      guaranteed: false,
      priceFactorBp: 10000,
    }),
    service(CODE, {
      code: 'CARRIERX_FIRST_OVERNIGHT',
      billingCode: 'XFO',
      fullName: { en: 'First Overnight (retired)', fr: 'Premier du lendemain (retiré)' },
      shortName: { en: 'First', fr: 'Premier' },
      transitDays: 1,
      commitTime: '08:00',
      guaranteed: true,
      priceFactorBp: 32000,
      isDisabled: true,
    }),
  ],
  packaging: [
    {
      id: '5a3a5b83-6f1c-4103-968a-9a379df43251',
      code: 'CARRIERX_PAK',
      name: 'Carrier X Pak',
      categoryName: 'Carrier X',
      carrierId: 'CARRIERX',
      isEnvelope: false,
      dimensions: dims(fixed(39), fixed(31), fixed(3)),
    },
    {
      id: '7b5ef843-a9d8-4630-86e0-30fe3986b169',
      code: 'CARRIERX_SMALL_BOX',
      name: 'Carrier X Small Box',
      categoryName: 'Carrier X',
      carrierId: 'CARRIERX',
      isEnvelope: false,
      dimensions: dims(fixed(31), fixed(28), fixed(4)),
    },
    {
      id: '3dcd7a86-2b66-4d39-8f63-c3779e68eeb6',
      code: 'CARRIERX_MEDIUM_BOX',
      name: 'Carrier X Medium Box',
      categoryName: 'Carrier X',
      carrierId: 'CARRIERX',
      isEnvelope: false,
      dimensions: dims(fixed(34), fixed(29), fixed(6)),
    },
    {
      id: '52762ae7-14ea-49c9-abb2-485fd623505c',
      code: 'CARRIERX_LARGE_BOX',
      name: 'Carrier X Large Box',
      categoryName: 'Carrier X',
      carrierId: 'CARRIERX',
      isEnvelope: false,
      dimensions: dims(fixed(45), fixed(31), fixed(8)),
    },
    {
      id: 'fc0d0876-1621-469a-a2a1-223c052286f0',
      code: 'CARRIERX_EXTRA_LARGE_BOX',
      name: 'Carrier X Extra Large Box',
      categoryName: 'Carrier X',
      carrierId: 'CARRIERX',
      isEnvelope: false,
      dimensions: dims(fixed(40), fixed(36), fixed(28)),
    },
    {
      id: 'f8d9c094-dde7-42a0-9d25-a6354ad0144f',
      code: 'CARRIERX_TUBE',
      name: 'Carrier X Tube',
      categoryName: 'Carrier X',
      carrierId: 'CARRIERX',
      isEnvelope: false,
      dimensions: dims(fixed(97), fixed(15), fixed(15)),
    },
  ],
};
