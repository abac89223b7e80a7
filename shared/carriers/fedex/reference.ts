/**
 * FedEx's reference data: the carrier as GET /v1/carriers lists it, its
 * services (FedEx's `serviceType` is each one's `billingCode`) and FedEx's
 * own packaging (its `packagingType` codes in FEDEX_PACKAGING_CODES). Transit
 * days and commit times are the catalog's defaults for display; FedEx's own
 * answer (Rates and Transit Times with transit times) is what a quote carries.
 */
import { carrierBoxes, service, type ConnectorReference } from '../reference-kit';
import { FEDEX_SERVICES } from './services';

const CODE = 'FEDEX';

/** Our packaging code → FedEx's `packagingType` (Rate and Ship); YOUR_PACKAGING (the customer's) for any other. */
export const FEDEX_PACKAGING_CODES: Readonly<Record<string, string>> = {
  FEDEX_ENVELOPE: 'FEDEX_ENVELOPE',
  FEDEX_PAK: 'FEDEX_PAK',
  FEDEX_BOX: 'FEDEX_BOX',
  FEDEX_SMALL_BOX: 'FEDEX_SMALL_BOX',
  FEDEX_MEDIUM_BOX: 'FEDEX_MEDIUM_BOX',
  FEDEX_LARGE_BOX: 'FEDEX_LARGE_BOX',
  FEDEX_EXTRA_LARGE_BOX: 'FEDEX_EXTRA_LARGE_BOX',
  FEDEX_TUBE: 'FEDEX_TUBE',
  FEDEX_10KG_BOX: 'FEDEX_10KG_BOX',
  FEDEX_25KG_BOX: 'FEDEX_25KG_BOX',
};

const box = carrierBoxes(CODE, 'FedEx');

export const reference: ConnectorReference = {
  carrier: {
    code: CODE,
    kind: 'parcel',
    fullName: { en: 'FedEx', fr: 'FedEx' },
    shortName: { en: 'FedEx', fr: 'FedEx' },
  },
  services: FEDEX_SERVICES.map((s) =>
    service(CODE, {
      code: s.code,
      billingCode: s.fedexCode,
      fullName: { en: s.name, fr: s.name },
      shortName: { en: s.name.replace(/^FedEx /, ''), fr: s.name.replace(/^FedEx /, '') },
      ...(s.days === 1 && s.category === 'EXPRESS' ? { chips: ['fast'] } : {}),
      transitDays: s.days,
      commitTime: s.commitTime,
      guaranteed: s.guaranteed,
      priceFactorBp: 10_000,
    }),
  ),
  // Sizes from FedEx's packaging pages (outside measures, rounded to a millimetre).
  packaging: [
    box('0b7c8f5e-3f43-4c3e-9a2e-6f1f0b1c2d01', 'FEDEX_ENVELOPE', 'FedEx Envelope', true, [31.8, 24.1, 0.5]),
    box('0b7c8f5e-3f43-4c3e-9a2e-6f1f0b1c2d02', 'FEDEX_PAK', 'FedEx Pak', false, [39.1, 30.5, 2]),
    box('0b7c8f5e-3f43-4c3e-9a2e-6f1f0b1c2d03', 'FEDEX_SMALL_BOX', 'FedEx Small Box', false, [31.4, 27.6, 3.8]),
    box('0b7c8f5e-3f43-4c3e-9a2e-6f1f0b1c2d04', 'FEDEX_MEDIUM_BOX', 'FedEx Medium Box', false, [31.4, 27.6, 7.3]),
    box('0b7c8f5e-3f43-4c3e-9a2e-6f1f0b1c2d05', 'FEDEX_LARGE_BOX', 'FedEx Large Box', false, [44.8, 31.4, 7.6]),
    box('0b7c8f5e-3f43-4c3e-9a2e-6f1f0b1c2d06', 'FEDEX_EXTRA_LARGE_BOX', 'FedEx Extra Large Box', false, [30.2, 28.4, 26.7]),
    box('0b7c8f5e-3f43-4c3e-9a2e-6f1f0b1c2d07', 'FEDEX_BOX', 'FedEx Box', false, [31.4, 27.6, 7.3]),
    box('0b7c8f5e-3f43-4c3e-9a2e-6f1f0b1c2d08', 'FEDEX_TUBE', 'FedEx Tube', false, [96.5, 15.2, 15.2]),
    box('0b7c8f5e-3f43-4c3e-9a2e-6f1f0b1c2d09', 'FEDEX_10KG_BOX', 'FedEx 10kg Box', false, [40.2, 32.9, 25.9]),
    box('0b7c8f5e-3f43-4c3e-9a2e-6f1f0b1c2d10', 'FEDEX_25KG_BOX', 'FedEx 25kg Box', false, [54.8, 42.1, 33.5]),
  ],
};
