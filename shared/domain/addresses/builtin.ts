/**
 * The built-in address rules (docs/addresses.md): no network, always on,
 * the answer for every address no carrier validates. They check what is
 * certain without knowing the streets: the fields a country requires, the
 * ISO country code, the postal code's format in Canada and the US, that the
 * province or state matches the postal code, and they spot post office
 * boxes. A broken rule is `invalid`; a province or state the postal code
 * settles is `corrected`, with the fixed address as its suggestion;
 * otherwise `unverified`, since no rule here can say a street exists. The
 * classification is always `unknown`: only a carrier knows who lives there.
 *
 * Pure and linear in the input's length: any string, of any size, is read
 * with bounded work per character, and what a message repeats of the
 * caller's text is clipped (`echoed`).
 */
import type { AddressMessage, AddressValidation } from '../carrier';
import type { Address } from '../rate/schema';
import { echoed } from '../text-clipping';
import { isIsoCountryCode } from './countries';
import type { AddressMessageCode } from './messages';
import { statesOfZip, zipTableStates } from './us-zip3';

/** Canada's provinces and territories, by the first letter of a postal code (Canada Post's forward sortation areas). */
const CA_PROVINCE_BY_LETTER: ReadonlyMap<string, string> = new Map([
  ['A', 'NL'],
  ['B', 'NS'],
  ['C', 'PE'],
  ['E', 'NB'],
  ['G', 'QC'],
  ['H', 'QC'],
  ['J', 'QC'],
  ['K', 'ON'],
  ['L', 'ON'],
  ['M', 'ON'],
  ['N', 'ON'],
  ['P', 'ON'],
  ['R', 'MB'],
  ['S', 'SK'],
  ['T', 'AB'],
  ['V', 'BC'],
  ['Y', 'YT'],
]);
/** X is shared by the Northwest Territories and Nunavut: these forward sortation areas say which. */
const CA_X_AREAS: ReadonlyMap<string, string> = new Map([
  ['X0A', 'NU'],
  ['X0B', 'NU'],
  ['X0C', 'NU'],
  ['X0E', 'NT'],
  ['X0G', 'NT'],
  ['X1A', 'NT'],
]);
const CA_PROVINCES: ReadonlySet<string> = new Set(['AB', 'BC', 'MB', 'NB', 'NL', 'NS', 'NT', 'NU', 'ON', 'PE', 'QC', 'SK', 'YT']);
/** A Canadian postal code without its space: no D, F, I, O, Q, U anywhere, no W or Z first. */
const CA_POSTAL = /^[ABCEGHJ-NPRSTVXY]\d[ABCEGHJ-NPRSTV-Z]\d[ABCEGHJ-NPRSTV-Z]\d$/;

/** Countries addressed with US ZIP codes: the US and the territories with their own ISO code. */
const ZIP_COUNTRIES: ReadonlySet<string> = new Set(['US', 'PR', 'VI', 'GU', 'AS', 'MP', 'MH', 'FM', 'PW']);
const ZIP = /^(\d{5})(?:-?(\d{4}))?$/;

/** Countries whose addresses need a postal code, beside the ZIP countries (their carriers refuse one without). */
const POSTAL_REQUIRED: ReadonlySet<string> = new Set([
  'CA',
  ...ZIP_COUNTRIES,
  'AT',
  'AU',
  'BE',
  'BR',
  'CH',
  'CN',
  'DE',
  'ES',
  'FR',
  'GB',
  'IN',
  'IT',
  'JP',
  'MX',
  'NL',
]);
/** Countries whose addresses need a province or state. */
const PROVINCE_REQUIRED: ReadonlySet<string> = new Set(['CA', 'US']);
/** City-states and the like, addressed without a city. */
const CITY_OPTIONAL: ReadonlySet<string> = new Set(['GI', 'HK', 'MC', 'MO', 'SG', 'VA']);

/**
 * A post office box in a street line: "PO Box", "P.O. Box", "Post Office
 * Box", "Postal Box", French "Case postale" / "C.P. 123", "Boîte postale".
 */
const PO_BOX = /\b(?:P\s*\.?\s*O\s*\.?\s*BOX|POST(?:AL)?\s+(?:OFFICE\s+)?BOX|CASE\s+POSTALE|BO[IÎ]TE\s+POSTALE|C\s*\.?\s*P\s*\.?\s+\d)/;

/** Text with its ends trimmed and every run of white space one space. */
const squeeze = (text: string): string => text.trim().replace(/\s+/g, ' ');

const TEXT_FIELDS = ['personName', 'companyName', 'addressLine1', 'addressLine2', 'city', 'provinceName', 'phoneNumber', 'emailAddress'] as const;

/**
 * The address with white space normalised in every text field (a field left
 * blank is dropped), its country and province codes upper case, its postal
 * code upper case and, in Canada and the ZIP countries, in the postal
 * service's format when it has it.
 */
export const normaliseAddress = (address: Address): Address => {
  const normal: Address = { ...address };
  for (const field of TEXT_FIELDS) {
    const value = address[field];
    if (value === undefined) continue;
    const squeezed = squeeze(value);
    if (squeezed === '') delete normal[field];
    else normal[field] = squeezed;
  }
  normal.personName = squeeze(address.personName);
  normal.addressLine1 = squeeze(address.addressLine1);
  normal.countryCode = address.countryCode.trim().toUpperCase();
  if (address.provinceCode !== undefined) {
    const province = address.provinceCode.trim().toUpperCase();
    if (province === '') delete normal.provinceCode;
    else normal.provinceCode = province;
  }
  if (address.postalCode !== undefined) {
    const postal = formatPostalCode(normal.countryCode, address.postalCode);
    if (postal === '') delete normal.postalCode;
    else normal.postalCode = postal;
  }
  return normal;
};

const formatPostalCode = (country: string, postal: string): string => {
  const upper = squeeze(postal).toUpperCase();
  if (country === 'CA') {
    const joined = upper.replace(/ /g, '');
    return CA_POSTAL.test(joined) ? `${joined.slice(0, 3)} ${joined.slice(3)}` : upper;
  }
  if (ZIP_COUNTRIES.has(country)) {
    const zip = ZIP.exec(upper);
    if (zip) return zip[2] ? `${zip[1]}-${zip[2]}` : zip[1]!;
  }
  return upper;
};

type Finding = { code: AddressMessageCode; message: string; field?: keyof Address; breaks: boolean };

const missing = (field: keyof Address, country: string): Finding => ({
  code: 'MISSING_FIELD',
  message: `${field} is required${country ? ` for an address in ${echoed(country)}` : ''}`,
  field,
  breaks: true,
});

/** The province a Canadian postal code settles; undefined for an X area this table does not know. */
const provinceOfCanadianPostal = (postal: string): string | undefined =>
  postal.startsWith('X') ? CA_X_AREAS.get(postal.slice(0, 3)) : CA_PROVINCE_BY_LETTER.get(postal[0]!);

/**
 * The province or state the postal code settles, checked against the one
 * given: a fix when it is certain, a broken rule when it is not.
 */
const checkProvince = (
  normal: Address,
  settled: { province: string | undefined; accepts: readonly string[]; known: ReadonlySet<string>; postal: string },
): { findings: Finding[]; fix?: string } => {
  const given = normal.provinceCode;
  if (given !== undefined && settled.accepts.includes(given)) return { findings: [] };
  if (settled.province !== undefined) {
    const why = given === undefined ? 'was missing' : settled.known.has(given) ? `${echoed(given)} does not match` : `${echoed(given)} is unknown`;
    return {
      fix: settled.province,
      findings: [
        {
          code: 'PROVINCE_CORRECTED',
          message: `provinceCode ${why}: postal code ${settled.postal} is in ${settled.province}`,
          field: 'provinceCode',
          breaks: false,
        },
      ],
    };
  }
  if (given === undefined) return { findings: [missing('provinceCode', normal.countryCode)] };
  if (!settled.known.has(given)) {
    return {
      findings: [
        { code: 'PROVINCE_UNKNOWN', message: `provinceCode ${echoed(given)} is not one of ${normal.countryCode}`, field: 'provinceCode', breaks: true },
      ],
    };
  }
  return {
    findings: [
      {
        code: 'PROVINCE_MISMATCH',
        message: `provinceCode ${given} does not match postal code ${settled.postal} (${settled.accepts.join(' or ') || 'unknown area'})`,
        field: 'provinceCode',
        breaks: true,
      },
    ],
  };
};

/** Postal code and province rules of Canada and the ZIP countries. */
const postalRules = (normal: Address): { findings: Finding[]; fix?: string } => {
  const country = normal.countryCode;
  const postal = normal.postalCode;
  if (postal === undefined) return { findings: [] };
  if (country === 'CA') {
    if (!CA_POSTAL.test(postal.replace(' ', ''))) {
      return {
        findings: [
          { code: 'POSTAL_CODE_FORMAT', message: `postalCode ${echoed(postal)} is not a Canadian postal code (A1A 1A1)`, field: 'postalCode', breaks: true },
        ],
      };
    }
    const province = provinceOfCanadianPostal(postal);
    const accepts = postal.startsWith('X') ? (province ? [province] : ['NT', 'NU']) : province ? [province] : [];
    return checkProvince(normal, { province, accepts, known: CA_PROVINCES, postal });
  }
  if (!ZIP_COUNTRIES.has(country)) return { findings: [] };
  const zip = ZIP.exec(postal);
  if (!zip) {
    return {
      findings: [
        { code: 'POSTAL_CODE_FORMAT', message: `postalCode ${echoed(postal)} is not a ZIP code (12345 or 12345-6789)`, field: 'postalCode', breaks: true },
      ],
    };
  }
  const states = statesOfZip(zip[1]!);
  if (states.length === 0) {
    const unassigned: Finding = {
      code: 'POSTAL_CODE_UNASSIGNED',
      message: `ZIP code ${postal} has a prefix USPS does not assign`,
      field: 'postalCode',
      breaks: false,
    };
    const province = country === 'US' && normal.provinceCode === undefined ? [missing('provinceCode', country)] : [];
    return { findings: [unassigned, ...province] };
  }
  if (country !== 'US') {
    // A territory addressed by its own country code: the ZIP must be the territory's.
    if (states.includes(country)) return { findings: [] };
    return { findings: [{ code: 'POSTAL_CODE_FORMAT', message: `ZIP code ${postal} is not one of ${country}`, field: 'postalCode', breaks: true }] };
  }
  return checkProvince(normal, { province: states.length === 1 ? states[0] : undefined, accepts: states, known: zipTableStates(), postal });
};

const requiredFields = (normal: Address): Finding[] => {
  const country = normal.countryCode;
  const findings: Finding[] = [];
  if (normal.personName === '') findings.push(missing('personName', ''));
  if (normal.addressLine1 === '') findings.push(missing('addressLine1', ''));
  if (normal.city === undefined && !CITY_OPTIONAL.has(country)) findings.push(missing('city', country));
  if (normal.postalCode === undefined && POSTAL_REQUIRED.has(country)) findings.push(missing('postalCode', country));
  // A missing province the postal code settles is a correction, found by postalRules.
  if (normal.provinceCode === undefined && PROVINCE_REQUIRED.has(country) && normal.postalCode === undefined) findings.push(missing('provinceCode', country));
  return findings;
};

const poBox = (normal: Address): Finding[] =>
  (['addressLine1', 'addressLine2'] as const)
    .filter((field) => PO_BOX.test(normal[field]?.toUpperCase() ?? ''))
    .map((field) => ({ code: 'PO_BOX', message: `${field} is a post office box`, field, breaks: false }));

/** The built-in rules' answer for one address (see above). */
export const validateBuiltin = (address: Address): AddressValidation => {
  const normal = normaliseAddress(address);
  const findings: Finding[] = [];
  let fix: string | undefined;
  if (!isIsoCountryCode(normal.countryCode)) {
    findings.push({
      code: 'COUNTRY_UNKNOWN',
      message: `countryCode ${echoed(normal.countryCode)} is not an ISO 3166-1 country code`,
      field: 'countryCode',
      breaks: true,
    });
  } else {
    findings.push(...requiredFields(normal));
    const postal = postalRules(normal);
    findings.push(...postal.findings);
    fix = postal.fix;
  }
  findings.push(...poBox(normal));
  const messages: AddressMessage[] = findings.map(({ code, message, field }) => ({ code, message, ...(field ? { field } : {}) }));
  if (findings.some((f) => f.breaks)) return { status: 'invalid', classification: 'unknown', suggestions: [], messages };
  if (fix !== undefined) return { status: 'corrected', classification: 'unknown', suggestions: [{ ...normal, provinceCode: fix }], messages };
  return { status: 'unverified', classification: 'unknown', suggestions: [normal], messages };
};
