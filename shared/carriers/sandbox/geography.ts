/**
 * Where a place is, as the sandbox network sees it: Canadian province (from
 * the province code, else the first letter of the postal code), US region,
 * the rating zone between two places and the recipient's time zone code.
 */

/** A place as a sandbox carrier reads it; the city names it in tracking events. */
export type SandboxPlace = { countryCode: string; provinceCode?: string; postalCode?: string; city?: string };

const PROVINCE_BY_POSTAL_LETTER: Record<string, string> = {
  A: 'NL',
  B: 'NS',
  C: 'PE',
  E: 'NB',
  G: 'QC',
  H: 'QC',
  J: 'QC',
  K: 'ON',
  L: 'ON',
  M: 'ON',
  N: 'ON',
  P: 'ON',
  R: 'MB',
  S: 'SK',
  T: 'AB',
  V: 'BC',
  X: 'NT', // X is shared by the Northwest Territories and Nunavut; both are the North region.
  Y: 'YT',
};

/** Canadian regions from west to east; the distance between two of them sets the domestic zone. */
const CA_REGIONS: Record<string, number> = { BC: 0, AB: 1, SK: 1, MB: 1, ON: 2, QC: 3, NB: 4, NS: 4, PE: 4, NL: 4 };
const CA_NORTH = new Set(['YT', 'NT', 'NU']);

const CA_TIMEZONES: Record<string, string> = {
  BC: 'PT',
  AB: 'MT',
  SK: 'CT',
  MB: 'CT',
  ON: 'ET',
  QC: 'ET',
  NB: 'AT',
  NS: 'AT',
  PE: 'AT',
  NL: 'NT',
  YT: 'MT',
  NT: 'MT',
  NU: 'ET',
};

/** US regions by the first digit of the ZIP code: 0–3 east, 4–7 central, 8–9 west. */
const US_STATES_BY_REGION: Record<'WEST' | 'CENTRAL' | 'EAST', string[]> = {
  EAST: 'CT MA ME NH NJ NY PR RI VT DE PA DC MD VA WV NC SC AL FL GA MS TN'.split(' '),
  CENTRAL: 'IN KY MI OH IA MN MT ND SD WI IL KS MO NE AR LA OK TX'.split(' '),
  WEST: 'AZ CO ID NM NV UT WY AK CA HI OR WA'.split(' '),
};
const US_REGION_ORDER = ['WEST', 'CENTRAL', 'EAST'] as const;
type UsRegion = (typeof US_REGION_ORDER)[number];

const US_TIMEZONES: Record<string, string[]> = {
  ET: 'CT DE DC FL GA IN KY ME MD MA MI NH NJ NY NC OH PA RI SC VT VA WV'.split(' '),
  CT: 'AL AR IL IA KS LA MN MS MO NE ND OK SD TN TX WI'.split(' '),
  MT: 'AZ CO ID MT NM UT WY'.split(' '),
  PT: 'CA NV OR WA'.split(' '),
  AKT: ['AK'],
  HT: ['HI'],
  AT: ['PR'],
};
const US_REGION_TIMEZONE: Record<UsRegion, string> = { WEST: 'PT', CENTRAL: 'CT', EAST: 'ET' };

export type Zone = 'CA1' | 'CA2' | 'CA3' | 'CA4' | 'CA5' | 'CA_REMOTE' | 'US1' | 'US2' | 'US3' | 'CA_US' | 'INTL';

/** The province of a Canadian place: its province code when known, else its postal code's first letter. */
export function canadianProvince(place: SandboxPlace): string | undefined {
  const code = place.provinceCode?.toUpperCase();
  if (code && (code in CA_REGIONS || CA_NORTH.has(code))) return code;
  const letter = place.postalCode?.trim().charAt(0).toUpperCase();
  return letter ? PROVINCE_BY_POSTAL_LETTER[letter] : undefined;
}

function usRegion(place: SandboxPlace): UsRegion | undefined {
  const state = place.provinceCode?.toUpperCase();
  const byState = US_REGION_ORDER.find((r) => state !== undefined && US_STATES_BY_REGION[r].includes(state));
  if (byState) return byState;
  const zip = place.postalCode?.trim() ?? '';
  if (!/^\d/.test(zip)) return undefined;
  const digit = Number(zip.charAt(0));
  return digit <= 3 ? 'EAST' : digit <= 7 ? 'CENTRAL' : 'WEST';
}

/**
 * The rating zone: Canadian domestic zones 1–5 by region distance (the North
 * is its own remote zone), US domestic zones 1–3, Canada↔US, and
 * international for everything else. An unknown region rates as the
 * farthest zone of its country.
 */
export function zoneOf(origin: SandboxPlace, destination: SandboxPlace): Zone {
  const from = origin.countryCode.toUpperCase();
  const to = destination.countryCode.toUpperCase();
  if (from === 'CA' && to === 'CA') {
    const [a, b] = [canadianProvince(origin), canadianProvince(destination)];
    if ((a && CA_NORTH.has(a)) || (b && CA_NORTH.has(b))) return 'CA_REMOTE';
    const [ra, rb] = [a ? CA_REGIONS[a] : undefined, b ? CA_REGIONS[b] : undefined];
    if (ra === undefined || rb === undefined) return 'CA5';
    return `CA${Math.abs(ra - rb) + 1}` as Zone;
  }
  if (from === 'US' && to === 'US') {
    const [ra, rb] = [usRegion(origin), usRegion(destination)];
    if (!ra || !rb) return 'US3';
    return `US${Math.abs(US_REGION_ORDER.indexOf(ra) - US_REGION_ORDER.indexOf(rb)) + 1}` as Zone;
  }
  if ((from === 'CA' && to === 'US') || (from === 'US' && to === 'CA')) return 'CA_US';
  return 'INTL';
}

/**
 * Time zone code of a commitment, from the recipient: Canadian province
 * (PT, MT, CT, ET, AT, NT), US state (PT, MT, CT, ET, AKT, HT, AT) or its
 * ZIP region; `UTC` when the place says nothing more.
 */
export function timezoneOf(place: SandboxPlace): string {
  const country = place.countryCode.toUpperCase();
  if (country === 'CA') {
    const province = canadianProvince(place);
    return (province && CA_TIMEZONES[province]) || 'UTC';
  }
  if (country === 'US') {
    const state = place.provinceCode?.toUpperCase();
    const byState = Object.entries(US_TIMEZONES).find(([, states]) => state !== undefined && states.includes(state));
    if (byState) return byState[0];
    const region = usRegion(place);
    return region ? US_REGION_TIMEZONE[region] : 'UTC';
  }
  return 'UTC';
}
