/**
 * FedEx Address Validation (`POST /address/v1/addresses/resolve`): up to
 * 100 addresses of any country a call, each answered in order with FedEx's
 * resolved address and its classification (docs/fedex.md, "Address
 * validation").
 *
 * - The request is the same address as a rate's (./mapping.ts): street lines
 *   of 35 characters, Québec as `PQ`. The document requires a city and a
 *   postal code; one missing is sent empty (FedEx resolves by either), and an
 *   address with neither, or one FedEx could not be sent (a postal code over
 *   10 characters), is answered here, unverified, without a call.
 * - The answer: `attributes.Resolved` is whether FedEx matched the address;
 *   resolved and the same as sent is `verified`, resolved otherwise is
 *   `corrected` (FedEx's tokens say changed, or the city, province, postal
 *   code or street differ beyond case and spacing). Unresolved is `invalid`
 *   when FedEx says it is not validly formed in a country it covers,
 *   `unverified` otherwise (a country FedEx does not cover, a street it does
 *   not know). FedEx refuses
 *   a call none of whose addresses it resolves (`STANDARDIZED.ADDRESS.NOTFOUND`):
 *   every address is then unverified.
 * - A resolved address is the suggestion, in our form (`QC`, a Canadian
 *   postal code as `A1A 1A1`, a ZIP+4 as `12345-6789`); FedEx's customer
 *   messages are `CARRIER_NOTE`s, and so are its suite attributes (a suite
 *   missing or not valid, about `addressLine2`). What is read is bounded; the LiveCall
 *   scrubs every string of it.
 */
import * as z from '../../zod';
import type { Address } from '../../domain/rate/schema';
import { CarrierError, CarrierRefusal, type AddressMessage, type AddressValidation, type AddressValidationInput } from '../../domain/carrier';
import { clip } from '../../domain/text-clipping';
import type { FedexApi } from './api';
import { bodyOf, FEDEX, fedexErrorCodes, malformed } from './errors';
import { addressOf, type FedexAddress } from './mapping';
import { FEDEX_MAX_ADDRESSES } from './profile';

export const FEDEX_ADDRESS_PATH = '/address/v1/addresses/resolve';

type FedexAddressToValidate = { address: Required<Pick<FedexAddress, 'streetLines' | 'city' | 'postalCode'>> & Omit<FedexAddress, 'residential'> };
export type FedexAddressBody = { addressesToValidate: FedexAddressToValidate[] };

/** An address FedEx is sent, or why it is answered without a call. */
type Prepared = { address: FedexAddressToValidate } | { answer: AddressValidation };

const unverified = (message: string): AddressValidation => ({
  status: 'unverified',
  classification: 'unknown',
  suggestions: [],
  messages: [{ code: 'CARRIER_NOTE', message }],
});

function prepare(address: Address, index: number): Prepared {
  let mapped: FedexAddress;
  try {
    mapped = addressOf(address, `addresses[${index}]`, true);
  } catch (error) {
    if (error instanceof CarrierRefusal) return { answer: unverified(error.message) };
    throw error;
  }
  const { residential: _residential, ...place } = mapped;
  if (!place.city && !place.postalCode) return { answer: unverified('FedEx resolves an address by its city or its postal code; it has neither') };
  return { address: { address: { ...place, streetLines: place.streetLines ?? [], city: place.city ?? '', postalCode: place.postalCode ?? '' } } };
}

/** The request of the addresses FedEx is sent, and which of the input each is. */
export function buildFedexAddressRequest(input: AddressValidationInput): { body: FedexAddressBody; sent: number[]; answered: Map<number, AddressValidation> } {
  if (input.addresses.length > FEDEX_MAX_ADDRESSES)
    throw new CarrierRefusal(FEDEX, `FedEx validates at most ${FEDEX_MAX_ADDRESSES} addresses a call; ${input.addresses.length} were given`);
  const body: FedexAddressBody = { addressesToValidate: [] };
  const sent: number[] = [];
  const answered = new Map<number, AddressValidation>();
  input.addresses.forEach((address, i) => {
    const prepared = prepare(address, i);
    if ('answer' in prepared) answered.set(i, prepared.answer);
    else {
      sent.push(i);
      body.addressesToValidate.push(prepared.address);
    }
  });
  return { body, sent, answered };
}

const words = (max: number) => z.string().check(z.maxLength(max));
const token = z.object({ changed: z.optional(z.boolean()), value: z.optional(words(100)) });
const resolvedSchema = z.object({
  streetLinesToken: z.optional(z.array(words(200)).check(z.maxLength(5))),
  city: z.optional(words(100)),
  stateOrProvinceCode: z.optional(words(10)),
  countryCode: z.optional(words(3)),
  cityToken: z.optional(z.array(token).check(z.maxLength(5))),
  postalCodeToken: z.optional(token),
  parsedPostalCode: z.optional(z.object({ base: z.optional(words(20)), addOn: z.optional(words(20)) })),
  classification: z.optional(words(20)),
  // FedEx documents no shape for a message: a text, or a code and a message, are read.
  customerMessage: z.optional(z.array(z.unknown()).check(z.maxLength(20))),
  attributes: z.optional(
    z.object({
      Resolved: z.optional(z.boolean()),
      ValidlyFormed: z.optional(z.boolean()),
      CountrySupported: z.optional(z.boolean()),
      SuiteRequiredButMissing: z.optional(z.boolean()),
      InvalidSuiteNumber: z.optional(z.boolean()),
    }),
  ),
});
const answerSchema = z.object({ output: z.object({ resolvedAddresses: z.array(resolvedSchema).check(z.maxLength(FEDEX_MAX_ADDRESSES)) }) });
type Resolved = z.infer<typeof resolvedSchema>;

const CLASSIFICATIONS: Readonly<Record<string, AddressValidation['classification']>> = {
  BUSINESS: 'commercial',
  RESIDENTIAL: 'residential',
  MIXED: 'mixed',
  UNKNOWN: 'unknown',
};

const same = (text: string | undefined) => (text ?? '').replace(/\s+/g, ' ').trim().toUpperCase();
const compactPostal = (text: string | undefined) => (text ?? '').replace(/[\s-]+/g, '').toUpperCase();
const ourProvince = (country: string, code: string | undefined) => (country === 'CA' && code === 'PQ' ? 'QC' : code);

/** A postal code in the form our built-in rules give it. */
function postalOf(country: string, resolved: Resolved): string | undefined {
  const raw = compactPostal(resolved.postalCodeToken?.value ?? resolved.parsedPostalCode?.base);
  if (!raw) return undefined;
  if (country === 'CA' && /^[A-Z]\d[A-Z]\d[A-Z]\d$/.test(raw)) return `${raw.slice(0, 3)} ${raw.slice(3)}`;
  if (country === 'US' && /^\d{9}$/.test(raw)) return `${raw.slice(0, 5)}-${raw.slice(5)}`;
  return raw;
}

const messageText = (item: unknown): string | undefined => {
  if (typeof item === 'string') return item;
  if (typeof item !== 'object' || item === null) return undefined;
  const { code, message } = item as { code?: unknown; message?: unknown };
  return [code, message].filter((part): part is string => typeof part === 'string' && part !== '').join(': ') || undefined;
};

const notesOf = (resolved: Resolved): AddressMessage[] => [
  ...(resolved.customerMessage ?? []).flatMap((item) => {
    const text = messageText(item)?.trim();
    return text ? [{ code: 'CARRIER_NOTE', message: clip(text, 300) }] : [];
  }),
  ...(resolved.attributes?.SuiteRequiredButMissing === true
    ? [{ code: 'CARRIER_NOTE', message: 'FedEx: the address needs a suite or unit number', field: 'addressLine2' }]
    : []),
  ...(resolved.attributes?.InvalidSuiteNumber === true
    ? [{ code: 'CARRIER_NOTE', message: 'FedEx: the suite or unit number is not valid', field: 'addressLine2' }]
    : []),
];

/** The address FedEx resolved, as ours: the input's contact fields, FedEx's place. */
function suggestionOf(input: Address, resolved: Resolved): Address {
  const country = (resolved.countryCode ?? input.countryCode).toUpperCase();
  const [line1, ...rest] = resolved.streetLinesToken?.filter((line) => line.trim() !== '') ?? [];
  const province = ourProvince(country, resolved.stateOrProvinceCode) ?? input.provinceCode;
  const { addressLine2: _line2, provinceName, ...contact } = input;
  const line2 = rest.join(' ').trim();
  const postalCode = postalOf(country, resolved) ?? input.postalCode;
  return {
    ...contact,
    addressLine1: line1?.trim() || input.addressLine1,
    ...(line1 ? (line2 ? { addressLine2: line2 } : {}) : input.addressLine2 ? { addressLine2: input.addressLine2 } : {}),
    ...(resolved.city?.trim() ? { city: resolved.city.trim() } : input.city ? { city: input.city } : {}),
    countryCode: country,
    ...(province ? { provinceCode: province } : {}),
    ...(provinceName && province === input.provinceCode?.toUpperCase() ? { provinceName } : {}),
    ...(postalCode ? { postalCode } : {}),
  };
}

/** Whether FedEx changed the address beyond case and spacing. */
function changed(input: Address, suggestion: Address, resolved: Resolved): boolean {
  if (resolved.postalCodeToken?.changed === true || resolved.cityToken?.some((t) => t.changed === true)) return true;
  const postal = (a: Address) => {
    const p = compactPostal(a.postalCode);
    // A ZIP+4 FedEx adds to a ZIP code is a completion, not a correction.
    return a.countryCode.toUpperCase() === 'US' ? p.slice(0, 5) : p;
  };
  const street = (a: Address) => same([a.addressLine1, a.addressLine2].filter(Boolean).join(' '));
  return (
    same(input.city) !== same(suggestion.city) ||
    ourProvince(input.countryCode.toUpperCase(), input.provinceCode?.toUpperCase()) !== suggestion.provinceCode?.toUpperCase() ||
    postal(input) !== postal(suggestion) ||
    street(input) !== street(suggestion) ||
    input.countryCode.toUpperCase() !== suggestion.countryCode
  );
}

/** One address as FedEx resolved it. */
export function validationOf(input: Address, resolved: Resolved): AddressValidation {
  const classification = CLASSIFICATIONS[resolved.classification ?? ''] ?? 'unknown';
  const messages = notesOf(resolved);
  const attributes = resolved.attributes ?? {};
  if (attributes.Resolved !== true) {
    // Not validly formed says something only of a country FedEx covers.
    const invalid = attributes.ValidlyFormed === false && attributes.CountrySupported !== false;
    return { status: invalid ? 'invalid' : 'unverified', classification, suggestions: [], messages };
  }
  const suggestion = suggestionOf(input, resolved);
  return { status: changed(input, suggestion, resolved) ? 'corrected' : 'verified', classification, suggestions: [suggestion], messages };
}

/** FedEx's answer, one validation per address sent, in order. */
export function parseFedexAddresses(raw: unknown, inputs: readonly Address[]): AddressValidation[] {
  const parsed = answerSchema.safeParse(raw);
  if (!parsed.success) throw malformed('address resolution', parsed.error);
  const resolved = parsed.data.output.resolvedAddresses;
  if (resolved.length !== inputs.length) throw new CarrierError(FEDEX, `FedEx resolved ${resolved.length} addresses of the ${inputs.length} it was sent`);
  return resolved.map((r, i) => validationOf(inputs[i]!, r));
}

export async function fedexValidateAddresses(input: AddressValidationInput, api: FedexApi, signal: AbortSignal): Promise<AddressValidation[]> {
  const { body, sent, answered } = buildFedexAddressRequest(input);
  if (sent.length > 0) {
    const answer = await api.send({ method: 'POST', path: FEDEX_ADDRESS_PATH, body, retryable: true, readOnly: true }, signal);
    const sentAddresses = sent.map((i) => input.addresses[i]!);
    const results =
      answer.status === 400 && fedexErrorCodes(answer.body).includes('STANDARDIZED.ADDRESS.NOTFOUND')
        ? sentAddresses.map(() => unverified('FedEx found no standardized address'))
        : parseFedexAddresses(bodyOf(answer, 'validate the addresses'), sentAddresses);
    sent.forEach((index, i) => answered.set(index, results[i]!));
  }
  return input.addresses.map((_, i) => answered.get(i)!);
}
