/**
 * UPS's reference data: the carrier as GET /v1/carriers lists it, its
 * services as UPS names them (the UPS service code is each one's
 * `billingCode`) and UPS's own packaging (its PackagingType codes in
 * UPS_PACKAGING_CODES). Transit days, commit times and price factors are the
 * catalog's defaults for display; UPS's own answer (Shop with time in
 * transit) is what a quote carries.
 */
import { carrierBoxes, service, type ConnectorReference } from '../reference-kit';
import { UPS_SERVICES } from './services';

const CODE = 'UPS';

/** Typical business days, commit time and whether UPS guarantees it, per UPS service code. */
const TRANSIT: Readonly<Record<string, { days: number; time: string; guaranteed: boolean; chips?: string[] }>> = {
  '01': { days: 1, time: '10:30', guaranteed: true, chips: ['fast'] },
  '02': { days: 2, time: '23:59', guaranteed: true },
  '03': { days: 5, time: '23:59', guaranteed: false },
  '07': { days: 2, time: '10:30', guaranteed: true, chips: ['fast'] },
  '08': { days: 5, time: '23:59', guaranteed: true },
  '11': { days: 5, time: '23:59', guaranteed: false },
  '12': { days: 3, time: '23:59', guaranteed: true },
  '13': { days: 1, time: '15:00', guaranteed: true },
  '14': { days: 1, time: '08:00', guaranteed: true, chips: ['fast'] },
  '54': { days: 2, time: '09:00', guaranteed: true, chips: ['fast'] },
  '59': { days: 2, time: '10:30', guaranteed: true },
  '65': { days: 3, time: '23:59', guaranteed: true },
};

/** Our packaging code → UPS's PackagingType code (Rating and Shipping); `02` (the customer's package) for any other. */
export const UPS_PACKAGING_CODES: Readonly<Record<string, string>> = {
  UPS_LETTER: '01',
  UPS_TUBE: '03',
  UPS_PAK: '04',
  UPS_EXPRESS_BOX: '21',
  UPS_EXPRESS_BOX_SMALL: '2a',
  UPS_EXPRESS_BOX_MEDIUM: '2b',
  UPS_EXPRESS_BOX_LARGE: '2c',
  UPS_25KG_BOX: '24',
  UPS_10KG_BOX: '25',
};

const box = carrierBoxes(CODE, 'UPS');

export const reference: ConnectorReference = {
  carrier: {
    code: CODE,
    kind: 'parcel',
    fullName: { en: 'United Parcel Service', fr: 'United Parcel Service' },
    shortName: { en: 'UPS', fr: 'UPS' },
  },
  services: UPS_SERVICES.map((s) => {
    const transit = TRANSIT[s.upsCode] ?? { days: 5, time: '23:59', guaranteed: false };
    return service(CODE, {
      code: s.code,
      billingCode: s.upsCode,
      fullName: { en: s.name, fr: s.name },
      shortName: { en: s.name.replace(/^UPS /, '').split(' / ')[0]!, fr: s.name.replace(/^UPS /, '').split(' / ')[0]! },
      ...(transit.chips ? { chips: transit.chips } : {}),
      transitDays: transit.days,
      commitTime: transit.time,
      guaranteed: transit.guaranteed,
      priceFactorBp: 10_000,
    });
  }),
  packaging: [
    box('dd6544cf-1225-46e1-9926-9b46aed395eb', 'UPS_LETTER', 'UPS Letter', true, [31.8, 24.1, 0.5]),
    box('b4d4b2af-150b-4158-8bba-05e596b9a943', 'UPS_TUBE', 'UPS Tube', false, [96.5, 15.2, 15.2]),
    box('3b6332ad-f315-443c-af5c-4275a0d746a1', 'UPS_PAK', 'UPS Pak', false, [40.6, 32.4, 2]),
    box('3d1d7dc0-9d58-4c4c-9b86-d877887060a6', 'UPS_EXPRESS_BOX', 'UPS Express Box', false, [45.7, 31.8, 7.6]),
    box('8def809b-37a9-4125-a1dd-8172939485fb', 'UPS_EXPRESS_BOX_SMALL', 'UPS Express Box - Small', false, [33, 27.9, 5.1]),
    box('80f0f6a3-dd57-4303-9a0c-111a4ca748db', 'UPS_EXPRESS_BOX_MEDIUM', 'UPS Express Box - Medium', false, [40.6, 27.9, 7.6]),
    box('765e9de0-af40-4f7a-8170-0c42f4fb2d9f', 'UPS_EXPRESS_BOX_LARGE', 'UPS Express Box - Large', false, [45.7, 33, 7.6]),
    box('a9a5a9bb-aa28-4a0e-b463-d0bfd1c0ed71', 'UPS_25KG_BOX', 'UPS 25 KG Box', false, [50.2, 45.1, 33.5]),
    box('5b0f3f0e-2d7c-4f43-9a57-3f0f8f6f1c10', 'UPS_10KG_BOX', 'UPS 10 KG Box', false, [41.9, 33.7, 26.7]),
  ],
};
