/**
 * Carrier Y's reference data: the carrier as GET /v1/carriers lists it,
 * its services and its own packaging types. Loaded into the table with the
 * rest of the reference data (shared/store/seed.ts).
 */
import { dims, fixed, service, type ConnectorReference } from '../reference-kit';

const CODE = 'CARRIERY';

export const reference: ConnectorReference = {
  carrier: {
    code: 'CARRIERY',
    kind: 'parcel',
    fullName: { en: 'Carrier Y Parcel Services', fr: 'Services de colis Transporteur Y' },
    shortName: { en: 'Carrier Y', fr: 'Transporteur Y' },
  },
  services: [
    service(CODE, {
      code: 'CARRIERY_PRIORITY',
      billingCode: 'YPR',
      fullName: { en: 'Priority Next Day', fr: 'Priorité jour suivant' },
      shortName: { en: 'Priority', fr: 'Priorité' },
      chips: ['fast'],
      transitDays: 1,
      commitTime: '12:00',
      guaranteed: true,
      priceFactorBp: 22000,
    }),
    service(CODE, {
      code: 'CARRIERY_XPRESSPOST',
      billingCode: 'YXP',
      fullName: { en: 'Xpresspost', fr: 'Xpresspost' },
      shortName: { en: 'Xpress', fr: 'Xpress' },
      transitDays: 2,
      commitTime: '17:00',
      guaranteed: true,
      priceFactorBp: 15000,
    }),
    service(CODE, {
      code: 'CARRIERY_EXPEDITED',
      billingCode: 'YEX',
      fullName: { en: 'Expedited Parcel', fr: 'Colis accélérés' },
      shortName: { en: 'Expedited', fr: 'Accéléré' },
      transitDays: 3,
      commitTime: '17:00',
      guaranteed: false,
      priceFactorBp: 11000,
    }),
    service(CODE, {
      code: 'CARRIERY_REGULAR',
      billingCode: 'YRG',
      fullName: { en: 'Regular Parcel', fr: 'Colis standard' },
      shortName: { en: 'Regular', fr: 'Standard' },
      chips: ['economy'],
      transitDays: 6,
      commitTime: '17:00',
      guaranteed: false,
      priceFactorBp: 9000,
    }),
  ],
  packaging: [
    {
      id: 'a267e2cd-7a2d-4e76-b4d7-3bcd1caf7496',
      code: 'CARRIERY_EXPRESS_PAK',
      name: 'Carrier Y Express Pak',
      categoryName: 'Carrier Y',
      carrierId: 'CARRIERY',
      isEnvelope: false,
      dimensions: dims(fixed(40), fixed(30), fixed(3)),
    },
  ],
};
