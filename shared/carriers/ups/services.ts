/**
 * UPS services by UPS service code (Rating `Service.Code`, the service's
 * `billingCode` in the catalog). The parser names a quote by the service code
 * here; a UPS code not listed is not quoted.
 *
 * UPS names some codes differently by origin (from Canada `01` is "UPS
 * Express", `02` "UPS Expedited", `13` "UPS Express Saver"); the catalog's
 * names (the connector's reference data, next step) may follow the origin,
 * the code stays.
 */
export type UpsService = { code: string; upsCode: string; name: string };

export const UPS_SERVICES: readonly UpsService[] = [
  { code: 'UPS_NEXT_DAY_AIR', upsCode: '01', name: 'UPS Next Day Air / UPS Express' },
  { code: 'UPS_2ND_DAY_AIR', upsCode: '02', name: 'UPS 2nd Day Air / UPS Expedited' },
  { code: 'UPS_GROUND', upsCode: '03', name: 'UPS Ground' },
  { code: 'UPS_WORLDWIDE_EXPRESS', upsCode: '07', name: 'UPS Worldwide Express' },
  { code: 'UPS_WORLDWIDE_EXPEDITED', upsCode: '08', name: 'UPS Worldwide Expedited' },
  { code: 'UPS_STANDARD', upsCode: '11', name: 'UPS Standard' },
  { code: 'UPS_3_DAY_SELECT', upsCode: '12', name: 'UPS 3 Day Select' },
  { code: 'UPS_NEXT_DAY_AIR_SAVER', upsCode: '13', name: 'UPS Next Day Air Saver / UPS Express Saver' },
  { code: 'UPS_NEXT_DAY_AIR_EARLY', upsCode: '14', name: 'UPS Next Day Air Early / UPS Express Early' },
  { code: 'UPS_WORLDWIDE_EXPRESS_PLUS', upsCode: '54', name: 'UPS Worldwide Express Plus' },
  { code: 'UPS_2ND_DAY_AIR_AM', upsCode: '59', name: 'UPS 2nd Day Air A.M.' },
  { code: 'UPS_WORLDWIDE_SAVER', upsCode: '65', name: 'UPS Worldwide Saver' },
];

const byUpsCode = new Map(UPS_SERVICES.map((s) => [s.upsCode, s]));

export const upsServiceByUpsCode = (upsCode: string): UpsService | undefined => byUpsCode.get(upsCode);

const byCode = new Map(UPS_SERVICES.map((s) => [s.code, s]));

/** The UPS service of one of our service codes (`UPS_GROUND`). */
export const upsServiceByCode = (code: string): UpsService | undefined => byCode.get(code);
