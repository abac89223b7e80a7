/**
 * UPS Address Validation Street Level (AddressValidation.yaml,
 * `POST /addressvalidation/v2/3`: validation and classification): one
 * address of the United States or Puerto Rico a call, checked against the
 * USPS database (docs/ups.md, "Address validation").
 *
 * - The request is UPS's AddressKeyFormat: the street lines, the city
 *   (PoliticalDivision2), the state (PoliticalDivision1), the ZIP code split
 *   into its five digits and its +4, the country; candidates asked up to
 *   `UPS_MAX_CANDIDATES`. An address of another country is answered here,
 *   unverified, without a call (UPS covers no other).
 * - The answer: `ValidAddressIndicator` is a match, `verified` when its
 *   candidate is the address as sent (case, spacing and a +4 UPS adds
 *   aside), `corrected` otherwise; `AmbiguousAddressIndicator` is no exact
 *   match, `unverified` with UPS's candidates as suggestions, best first;
 *   `NoCandidatesIndicator` is an address the USPS does not know, `invalid`.
 *   AddressClassification 1 is commercial, 2 residential, else unknown.
 *   UPS's alerts are `CARRIER_NOTE`s. Lists and texts are bounded; the
 *   LiveCall scrubs every string of it.
 */
import * as z from '../../zod';
import type { Address } from '../../domain/rate/schema';
import { CarrierError, CarrierRefusal, type AddressMessage, type AddressValidation, type AddressValidationInput } from '../../domain/carrier';
import { clip } from '../../domain/text-clipping';
import type { UpsApi } from './api';
import { bodyOf } from './answers';
import type { AddressValidation as Xav, AddressValidationQuery, Documented, Mismatches } from './documents';
import { cut } from './mapping';
import { UPS } from './oauth';
import { UPS_ADDRESS_COUNTRIES } from './profile';

/** Version 2 (the document's only valid one), request option 3: validation and classification. */
export const UPS_ADDRESS_PATH = '/addressvalidation/v2/3';
/** The candidates asked for (UPS answers up to 15 by default, 50 at most). */
export const UPS_MAX_CANDIDATES = 5;
export const UPS_ADDRESS_QUERY = { maximumcandidatelistsize: UPS_MAX_CANDIDATES } as const satisfies AddressValidationQuery;

export type UpsAddressBody = Xav['XAVRequestWrapper'];

/** The request of one address, or undefined when UPS covers not its country. */
export function buildUpsAddressRequest(address: Address): UpsAddressBody | undefined {
  const country = address.countryCode.toUpperCase();
  if (!(UPS_ADDRESS_COUNTRIES as readonly string[]).includes(country)) return undefined;
  const lines = [address.addressLine1, address.addressLine2].map((line) => cut(line, 100)).filter((line): line is string => line !== undefined);
  const zip = /^(\d{5})(?:-?(\d{4}))?$/.exec((address.postalCode ?? '').replace(/\s+/g, ''));
  const postal = cut(address.postalCode?.replace(/\s+/g, ''), 10);
  const city = cut(address.city, 30);
  const state = cut(address.provinceCode?.toUpperCase(), 30);
  return {
    XAVRequest: {
      AddressKeyFormat: {
        ...(lines.length > 0 ? { AddressLine: lines } : {}),
        ...(city ? { PoliticalDivision2: city } : {}),
        ...(state ? { PoliticalDivision1: state } : {}),
        ...(zip ? { PostcodePrimaryLow: zip[1]!, ...(zip[2] ? { PostcodeExtendedLow: zip[2] } : {}) } : postal ? { PostcodePrimaryLow: postal } : {}),
        CountryCode: country,
      },
    },
  };
}

const words = (max: number) => z.string().check(z.maxLength(max));
const classificationSchema = z.object({ Code: words(1), Description: words(15) });
const keyFormatSchema = z.object({
  AddressLine: z.optional(z.array(words(100)).check(z.maxLength(3))),
  PoliticalDivision2: z.optional(words(30)),
  PoliticalDivision1: z.optional(words(30)),
  PostcodePrimaryLow: z.optional(words(10)),
  PostcodeExtendedLow: z.optional(words(10)),
  CountryCode: words(2),
});
const answerSchema = z.object({
  XAVResponse: z.object({
    Response: z.object({
      ResponseStatus: z.object({ Code: words(1), Description: words(35) }),
      Alert: z.optional(z.array(z.object({ Code: words(10), Description: words(150) })).check(z.maxLength(20))),
    }),
    ValidAddressIndicator: z.optional(words(10)),
    AmbiguousAddressIndicator: z.optional(words(10)),
    NoCandidatesIndicator: z.optional(words(10)),
    AddressClassification: z.optional(classificationSchema),
    // Version 2 answers every list as a list (the document).
    Candidate: z.optional(
      z.array(z.object({ AddressClassification: z.optional(classificationSchema), AddressKeyFormat: keyFormatSchema })).check(z.maxLength(50)),
    ),
  }),
});
// What the schema reads is AddressValidation's XAVResponseWrapper (./documents.ts): a renamed or retyped field fails tsc.
type _AddressResponseDocumented = Documented<Mismatches<z.input<typeof answerSchema>, Xav['XAVResponseWrapper']>>;
type KeyFormat = z.infer<typeof keyFormatSchema>;

const CLASSIFICATIONS: Readonly<Record<string, AddressValidation['classification']>> = { '1': 'commercial', '2': 'residential' };

const same = (text: string | undefined) => (text ?? '').replace(/\s+/g, ' ').trim().toUpperCase();
const zip5 = (postal: string | undefined) =>
  (postal ?? '')
    .replace(/[\s-]+/g, '')
    .toUpperCase()
    .slice(0, 5);

/** A candidate as our address: the input's contact fields, UPS's place. */
function suggestionOf(input: Address, candidate: KeyFormat): Address {
  const [line1, ...rest] = (candidate.AddressLine ?? []).map((line) => line.trim()).filter((line) => line !== '');
  const { addressLine2: _line2, provinceName: _name, ...contact } = input;
  const primary = candidate.PostcodePrimaryLow?.trim();
  const extended = candidate.PostcodeExtendedLow?.trim();
  const postalCode = primary ? (extended ? `${primary}-${extended}` : primary) : input.postalCode;
  const city = candidate.PoliticalDivision2?.trim() || input.city;
  const province = candidate.PoliticalDivision1?.trim() || input.provinceCode;
  return {
    ...contact,
    addressLine1: line1 ?? input.addressLine1,
    ...(line1 ? (rest.length > 0 ? { addressLine2: rest.join(' ') } : {}) : input.addressLine2 ? { addressLine2: input.addressLine2 } : {}),
    ...(city ? { city } : {}),
    ...(province ? { provinceCode: province } : {}),
    ...(postalCode ? { postalCode } : {}),
    countryCode: candidate.CountryCode.toUpperCase(),
  };
}

function changed(input: Address, suggestion: Address): boolean {
  const street = (a: Address) => same([a.addressLine1, a.addressLine2].filter(Boolean).join(' '));
  return (
    street(input) !== street(suggestion) ||
    same(input.city) !== same(suggestion.city) ||
    same(input.provinceCode) !== same(suggestion.provinceCode) ||
    // A ZIP+4 UPS adds to a ZIP code is a completion, not a correction.
    zip5(input.postalCode) !== zip5(suggestion.postalCode) ||
    input.countryCode.toUpperCase() !== suggestion.countryCode
  );
}

/** UPS's answer of one address. */
export function parseUpsAddress(raw: unknown, input: Address): AddressValidation {
  const parsed = answerSchema.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue && issue.path.length > 0 ? ` at ${issue.path.join('.')}` : '';
    throw new CarrierError(UPS, `UPS answered with a malformed address validation${where}: ${issue?.message ?? 'unreadable'}`);
  }
  const answer = parsed.data.XAVResponse;
  if (answer.Response.ResponseStatus.Code !== '1')
    throw new CarrierError(UPS, `UPS did not validate the address: ${answer.Response.ResponseStatus.Description}`);
  const messages: AddressMessage[] = (answer.Response.Alert ?? []).map((alert) => ({
    code: 'CARRIER_NOTE',
    message: clip(`${alert.Code}: ${alert.Description}`, 300),
  }));
  const candidates = (answer.Candidate ?? []).slice(0, UPS_MAX_CANDIDATES);
  const classification = CLASSIFICATIONS[answer.AddressClassification?.Code ?? candidates[0]?.AddressClassification?.Code ?? ''] ?? ('unknown' as const);
  const suggestions = candidates.map((candidate) => suggestionOf(input, candidate.AddressKeyFormat));
  if (answer.ValidAddressIndicator !== undefined && suggestions.length > 0) {
    return { status: changed(input, suggestions[0]!) ? 'corrected' : 'verified', classification, suggestions: suggestions.slice(0, 1), messages };
  }
  if (answer.NoCandidatesIndicator !== undefined || suggestions.length === 0) {
    return { status: 'invalid', classification, suggestions: [], messages: [...messages, { code: 'CARRIER_NOTE', message: 'UPS found no such address' }] };
  }
  return { status: 'unverified', classification, suggestions, messages: [...messages, { code: 'CARRIER_NOTE', message: 'UPS found no exact match' }] };
}

export async function upsValidateAddresses(input: AddressValidationInput, api: UpsApi, signal: AbortSignal): Promise<AddressValidation[]> {
  if (input.addresses.length > 1) throw new CarrierRefusal(UPS, `UPS validates one address a call; ${input.addresses.length} were given`);
  return Promise.all(
    input.addresses.map(async (address): Promise<AddressValidation> => {
      const body = buildUpsAddressRequest(address);
      if (!body) {
        return {
          status: 'unverified',
          classification: 'unknown',
          suggestions: [],
          messages: [{ code: 'CARRIER_NOTE', message: `UPS validates addresses of ${UPS_ADDRESS_COUNTRIES.join(' and ')} only` }],
        };
      }
      const answer = await api.send(
        {
          method: 'POST',
          path: UPS_ADDRESS_PATH,
          query: { maximumcandidatelistsize: String(UPS_ADDRESS_QUERY.maximumcandidatelistsize) },
          body,
          retryable: true,
        },
        signal,
      );
      return parseUpsAddress(bodyOf(answer, 'validate the address'), address);
    }),
  );
}
