/**
 * Canada Post's services by their codes (Get Rates `service-code`, Create
 * Shipment `delivery-spec/service-code`; each one's `billingCode` in the
 * catalog). The parser names a quote by our code here; a Canada Post code
 * not listed is not quoted. `family` is where a service goes: Canada
 * (`DOM.`), the United States (`USA.`) or elsewhere (`INT.`).
 */
export type CanadaPostFamily = 'domestic' | 'usa' | 'international';
export type CanadaPostService = { code: string; cpCode: string; name: string; family: CanadaPostFamily; days: number; guaranteed: boolean; chips?: string[] };

export const CANADA_POST_SERVICES: readonly CanadaPostService[] = [
  { code: 'CANADAPOST_REGULAR_PARCEL', cpCode: 'DOM.RP', name: 'Regular Parcel', family: 'domestic', days: 7, guaranteed: false, chips: ['economy'] },
  { code: 'CANADAPOST_EXPEDITED_PARCEL', cpCode: 'DOM.EP', name: 'Expedited Parcel', family: 'domestic', days: 4, guaranteed: false },
  { code: 'CANADAPOST_XPRESSPOST', cpCode: 'DOM.XP', name: 'Xpresspost', family: 'domestic', days: 2, guaranteed: true },
  { code: 'CANADAPOST_XPRESSPOST_CERTIFIED', cpCode: 'DOM.XP.CERT', name: 'Xpresspost Certified', family: 'domestic', days: 2, guaranteed: true },
  { code: 'CANADAPOST_PRIORITY', cpCode: 'DOM.PC', name: 'Priority', family: 'domestic', days: 1, guaranteed: true, chips: ['fast'] },
  { code: 'CANADAPOST_LIBRARY_MATERIALS', cpCode: 'DOM.LIB', name: 'Library Materials', family: 'domestic', days: 7, guaranteed: false },
  { code: 'CANADAPOST_EXPEDITED_PARCEL_USA', cpCode: 'USA.EP', name: 'Expedited Parcel USA', family: 'usa', days: 6, guaranteed: false },
  {
    code: 'CANADAPOST_PRIORITY_WORLDWIDE_ENVELOPE_USA',
    cpCode: 'USA.PW.ENV',
    name: 'Priority Worldwide envelope USA',
    family: 'usa',
    days: 2,
    guaranteed: true,
    chips: ['fast'],
  },
  {
    code: 'CANADAPOST_PRIORITY_WORLDWIDE_PAK_USA',
    cpCode: 'USA.PW.PAK',
    name: 'Priority Worldwide pak USA',
    family: 'usa',
    days: 2,
    guaranteed: true,
    chips: ['fast'],
  },
  {
    code: 'CANADAPOST_PRIORITY_WORLDWIDE_PARCEL_USA',
    cpCode: 'USA.PW.PARCEL',
    name: 'Priority Worldwide parcel USA',
    family: 'usa',
    days: 2,
    guaranteed: true,
    chips: ['fast'],
  },
  {
    code: 'CANADAPOST_SMALL_PACKET_USA_AIR',
    cpCode: 'USA.SP.AIR',
    name: 'Small Packet USA Air',
    family: 'usa',
    days: 10,
    guaranteed: false,
    chips: ['economy'],
  },
  {
    code: 'CANADAPOST_SMALL_PACKET_USA_SURFACE',
    cpCode: 'USA.SP.SURF',
    name: 'Small Packet USA Surface',
    family: 'usa',
    days: 20,
    guaranteed: false,
    chips: ['economy'],
  },
  { code: 'CANADAPOST_TRACKED_PACKET_USA', cpCode: 'USA.TP', name: 'Tracked Packet – USA', family: 'usa', days: 8, guaranteed: false },
  { code: 'CANADAPOST_TRACKED_PACKET_USA_LVM', cpCode: 'USA.TP.LVM', name: 'Tracked Packet – USA (LVM)', family: 'usa', days: 8, guaranteed: false },
  { code: 'CANADAPOST_XPRESSPOST_USA', cpCode: 'USA.XP', name: 'Xpresspost USA', family: 'usa', days: 4, guaranteed: true },
  { code: 'CANADAPOST_XPRESSPOST_INTERNATIONAL', cpCode: 'INT.XP', name: 'Xpresspost International', family: 'international', days: 6, guaranteed: false },
  { code: 'CANADAPOST_INTERNATIONAL_PARCEL_AIR', cpCode: 'INT.IP.AIR', name: 'International Parcel Air', family: 'international', days: 10, guaranteed: false },
  {
    code: 'CANADAPOST_INTERNATIONAL_PARCEL_SURFACE',
    cpCode: 'INT.IP.SURF',
    name: 'International Parcel Surface',
    family: 'international',
    days: 40,
    guaranteed: false,
    chips: ['economy'],
  },
  {
    code: 'CANADAPOST_PRIORITY_WORLDWIDE_ENVELOPE_INTL',
    cpCode: 'INT.PW.ENV',
    name: 'Priority Worldwide envelope INT’L',
    family: 'international',
    days: 4,
    guaranteed: true,
    chips: ['fast'],
  },
  {
    code: 'CANADAPOST_PRIORITY_WORLDWIDE_PAK_INTL',
    cpCode: 'INT.PW.PAK',
    name: 'Priority Worldwide pak INT’L',
    family: 'international',
    days: 4,
    guaranteed: true,
    chips: ['fast'],
  },
  {
    code: 'CANADAPOST_PRIORITY_WORLDWIDE_PARCEL_INTL',
    cpCode: 'INT.PW.PARCEL',
    name: 'Priority Worldwide parcel INT’L',
    family: 'international',
    days: 4,
    guaranteed: true,
    chips: ['fast'],
  },
  {
    code: 'CANADAPOST_SMALL_PACKET_INTERNATIONAL_AIR',
    cpCode: 'INT.SP.AIR',
    name: 'Small Packet International Air',
    family: 'international',
    days: 12,
    guaranteed: false,
    chips: ['economy'],
  },
  {
    code: 'CANADAPOST_SMALL_PACKET_INTERNATIONAL_SURFACE',
    cpCode: 'INT.SP.SURF',
    name: 'Small Packet International Surface',
    family: 'international',
    days: 60,
    guaranteed: false,
    chips: ['economy'],
  },
  {
    code: 'CANADAPOST_TRACKED_PACKET_INTERNATIONAL',
    cpCode: 'INT.TP',
    name: 'Tracked Packet – International',
    family: 'international',
    days: 10,
    guaranteed: false,
  },
];

const byCpCode = new Map(CANADA_POST_SERVICES.map((s) => [s.cpCode, s]));
const byCode = new Map(CANADA_POST_SERVICES.map((s) => [s.code, s]));

export const canadaPostServiceByCpCode = (cpCode: string): CanadaPostService | undefined => byCpCode.get(cpCode);
/** The Canada Post service of one of our service codes (`CANADAPOST_XPRESSPOST`). */
export const canadaPostServiceByCode = (code: string): CanadaPostService | undefined => byCode.get(code);
