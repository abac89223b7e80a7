/**
 * UPS on-call pickups (Pickup.yaml, version v2409): the `pickups`
 * capability (docs/ups.md, "Pickups").
 *
 * - `create`: Pickup Creation (`POST /pickupcreation/v2409/pickup`), paid by
 *   the shipper's account (PaymentMethod 01) and rated (RatePickupIndicator
 *   Y), so UPS's charge for an on-demand pickup is the booking's `charges`.
 *   Our reference is UPS's ReferenceNumber (`upsPickupReference`: at most 35
 *   characters), which Pending Status gives back. The load is one
 *   PickupPiece: the port gives the count and weight of the parcels, not
 *   their services, so they go as UPS Ground (`003`) to the pickup's country.
 * - `find`: Pickup Pending Status (`GET /shipments/v2409/pickup/oncall`,
 *   header AccountNumber): the account's pending pickups, matched by our
 *   reference and the day; a cancelled one is not found. UPS lists today's
 *   and tomorrow's only, and says no times: the window found is the day UPS
 *   lists with the default window's times (`UPS_PICKUP_WINDOW`).
 * - `cancel`: Pickup Cancel by PRN (`DELETE /shipments/v2409/pickup/02`,
 *   header Prn). When UPS refuses, its pending status tells a pickup already
 *   cancelled (success) from one UPS will no longer cancel (dispatched to
 *   the driver, its day past): CarrierRefusal with UPS's reason.
 * - `availability`: UPS has no availability operation; Pickup Rate of the
 *   day (ServiceDateOption 03, a specific day) is the check. A day UPS rates
 *   is one window, `UPS_PICKUP_WINDOW`; a Saturday or Sunday UPS says is out
 *   of its Weekend Service Territory has none; a refusal is UPS's reason.
 *
 * Every answer is bounded and validated before it is read (PRNs, dates
 * yyyyMMdd, amounts); the LiveCall scrubs every string of it.
 */
import * as z from '../../zod';
import type { Address } from '../../domain/rate/schema';
import {
  CarrierError,
  CarrierRefusal,
  type CarrierAccount,
  type CarrierPickup,
  type PickupAvailability,
  type PickupAvailabilityInput,
  type PickupInput,
  type PickupLookup,
  type PickupRef,
  type PickupWindow,
} from '../../domain/carrier';
import { dayNumber, weekday } from '../../domain/dates';
import { clip } from '../../domain/text-clipping';
import type { UpsAnswer, UpsApi } from './api';
import { bodyOf, reasonOf } from './answers';
import type { Documented, Mismatches, Pickup, PickupCancelHeaders, PickupPendingHeaders } from './documents';
import { cut, decimal, UPS_ACCOUNT } from './mapping';
import { UPS } from './oauth';

export const UPS_PICKUP_VERSION = 'v2409';
export const UPS_PICKUP_CREATE_PATH = `/pickupcreation/${UPS_PICKUP_VERSION}/pickup`;
/** Pickup Rate (POST) and Pickup Pending Status (GET) of on-call pickups. */
export const UPS_PICKUP_ONCALL_PATH = `/shipments/${UPS_PICKUP_VERSION}/pickup/oncall`;
/** Pickup Cancel by PRN (CancelBy 02). */
export const UPS_PICKUP_CANCEL_PATH = `/shipments/${UPS_PICKUP_VERSION}/pickup/02`;

/**
 * The window offered for a day UPS rates, and asked for in its rate: UPS
 * publishes no earliest ready or latest close time (its pickup system
 * enforces its own call-by and lead times at booking), so a business day's.
 */
export const UPS_PICKUP_WINDOW = { readyTime: '09:00', closeTime: '17:00' } as const;
/** Pieces UPS takes per service (PickupPiece.Quantity: "Max per service: 999"). */
export const UPS_PICKUP_MAX_PIECES = 999;
/** UPS's overweight line: any package over 70 lb or 32 kg (OverweightIndicator). */
const OVERWEIGHT = { lb: 70, kg: 32 } as const;
/** UPS Ground, as Pickup's service codes write it. */
const GROUND = '003';
/** ReferenceNumber: at most 35 characters. */
const REFERENCE_MAX = 35;
/** Pending pickups read at most from one answer. */
const MAX_PENDING = 500;

export type UpsPickupCreateBody = Pickup['PICKUPCreationRequestWrapper'];
export type UpsPickupRateBody = Pickup['PICKUPRequestWrapper'];

/** Our reference as UPS's ReferenceNumber holds it: as is up to 35 characters; a longer one without its hyphens (a UUID is 32), then its first 35. */
export const upsPickupReference = (reference: string): string =>
  reference.length <= REFERENCE_MAX ? reference : reference.replaceAll('-', '').slice(0, REFERENCE_MAX);

const refuse = (reason: string): never => {
  throw new CarrierRefusal(UPS, reason);
};

/** `YYYY-MM-DD` as UPS's yyyyMMdd; a date that is no calendar day is refused. */
function upsDate(date: string): string {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date) || Number.isNaN(dayNumber(date))) refuse(`UPS books pickups on a calendar day (YYYY-MM-DD); got "${clip(date, 20)}"`);
  return date.replaceAll('-', '');
}

/** `HH:MM` (24 h) as UPS's HHmm. */
function upsTime(time: string, field: string): string {
  const m = /^([01]\d|2[0-3]):([0-5]\d)$/.exec(time);
  if (!m) refuse(`UPS takes pickup times as HH:MM, 24 h (${field}); got "${clip(time, 20)}"`);
  return `${m![1]}${m![2]}`;
}

/** The account number of the call: the pickup is paid by it and its pending pickups are listed under it. */
function accountNumberOf(account: CarrierAccount | undefined): string {
  const number = account?.accountNumber.trim() ?? '';
  if (!UPS_ACCOUNT.test(number)) refuse('UPS books pickups under a UPS account number of 6 letters and digits; the carrier account has none');
  return number.toUpperCase();
}

/** The pickup address as one street line (UPS takes one), its city and its postal code, checked. */
function placeOf(address: Address) {
  const line = cut([address.addressLine1, address.addressLine2].filter(Boolean).join(' '), 73) ?? refuse('UPS needs a street line at the pickup address');
  const city = cut(address.city, 50) ?? refuse('UPS needs the city of the pickup address');
  const written = address.postalCode?.trim();
  // UPS takes 8 characters: a ZIP+4 goes as its ZIP code.
  const postal = written && /^\d{5}-?\d{4}$/.test(written) ? written.slice(0, 5) : written;
  if (postal && postal.length > 8) refuse('UPS takes pickup postal codes of at most 8 characters');
  const province = cut(address.provinceCode?.toUpperCase(), 50);
  return { line, city, postal: postal || undefined, province, country: address.countryCode.toUpperCase() };
}

/** Pickup Creation of `input`, paid and rated by `accountNumber`. */
export function buildUpsPickupCreate(input: PickupInput, accountNumber: string): UpsPickupCreateBody {
  const { address, load, window } = input;
  const place = placeOf(address);
  const phone = cut(address.phoneNumber, 25) ?? refuse('UPS needs a phone number at the pickup address');
  const count = load.packageCount;
  if (!Number.isInteger(count) || count < 1 || count > UPS_PICKUP_MAX_PIECES)
    refuse(`UPS picks up 1 to ${UPS_PICKUP_MAX_PIECES} parcels of a service a request; got ${count}`);
  const weight = decimal(Math.max(load.totalWeight.value, 0.1), 1);
  if (!(load.totalWeight.value > 0) || weight.length > 6) refuse(`UPS takes a pickup's total weight above 0 and below 10000 ${load.totalWeight.unit}`);
  const readyTime = upsTime(window.readyTime, 'readyTime');
  const closeTime = upsTime(window.closeTime, 'closeTime');
  if (closeTime <= readyTime) refuse('UPS needs the close time of a pickup after its ready time');
  const instruction = cut(input.instructions, 57);
  return {
    PickupCreationRequest: {
      Request: {},
      RatePickupIndicator: 'Y',
      Shipper: { Account: { AccountNumber: accountNumber, AccountCountryCode: place.country } },
      PickupDateInfo: { CloseTime: closeTime, ReadyTime: readyTime, PickupDate: upsDate(window.date) },
      PickupAddress: {
        CompanyName: cut(address.companyName, 27) ?? cut(address.personName, 27)!,
        ContactName: cut(address.personName, 22)!,
        AddressLine: [place.line],
        City: place.city,
        ...(place.province ? { StateProvince: place.province } : {}),
        ...(place.postal ? { PostalCode: place.postal } : {}),
        CountryCode: place.country,
        ResidentialIndicator: address.residential ? 'Y' : 'N',
        Phone: { Number: phone },
      },
      AlternateAddressIndicator: 'Y',
      PickupPiece: [{ ServiceCode: GROUND, Quantity: String(count), DestinationCountryCode: place.country, ContainerCode: '01' }],
      TotalWeight: { Weight: weight, UnitOfMeasurement: load.totalWeight.unit === 'kg' ? 'KGS' : 'LBS' },
      OverweightIndicator: load.totalWeight.value / count > OVERWEIGHT[load.totalWeight.unit] ? 'Y' : 'N',
      PaymentMethod: '01',
      ...(instruction ? { SpecialInstruction: instruction } : {}),
      ReferenceNumber: upsPickupReference(input.reference),
    },
  };
}

/** Pickup Rate of a specific day at `address` (the availability check), under `accountNumber` when the call has one. */
export function buildUpsPickupRate(input: PickupAvailabilityInput, accountNumber: string | undefined): UpsPickupRateBody {
  const place = placeOf(input.address);
  if (!place.postal) refuse('UPS rates a pickup for an address with a postal code');
  return {
    PickupRateRequest: {
      Request: {},
      ...(accountNumber ? { ShipperAccount: { AccountNumber: accountNumber, AccountCountryCode: place.country } } : {}),
      PickupAddress: {
        AddressLine: place.line,
        City: place.city,
        ...(place.province ? { StateProvince: place.province } : {}),
        PostalCode: place.postal!,
        CountryCode: place.country,
        ResidentialIndicator: input.address.residential ? 'Y' : 'N',
      },
      AlternateAddressIndicator: 'Y',
      ServiceDateOption: '03',
      PickupDateInfo: {
        ReadyTime: upsTime(UPS_PICKUP_WINDOW.readyTime, 'readyTime'),
        CloseTime: upsTime(UPS_PICKUP_WINDOW.closeTime, 'closeTime'),
        PickupDate: upsDate(input.date),
      },
    },
  };
}

// The answers.

const words = (max: number) => z.string().check(z.maxLength(max));
/** UPS answers a one-element list as the element itself in places; both are read as a list, bounded. */
const list = <T extends z.ZodMiniType>(item: T, max: number) =>
  z.union([
    z.array(item).check(z.maxLength(max)),
    z.pipe(
      item,
      z.transform((one) => [one]),
    ),
  ]);
/** A PRN: UPS's 11 characters (its cancel takes up to 26), letters and digits only: it goes back in a header. */
const prnSchema = z.string().check(z.regex(/^[A-Z0-9]{1,26}$/i, 'must be a pickup request number of letters and digits'));
const amountSchema = z.string().check(z.maxLength(16), z.regex(/^\s*\d{1,10}(\.\d{1,2})?\s*$/, 'must be a decimal amount'));
const responseSchema = z.object({ ResponseStatus: z.object({ Code: words(1), Description: words(35) }) });
const weekendSchema = z.object({ SatWST: words(1), SunWST: words(1) });

const createAnswerSchema = z.object({
  PickupCreationResponse: z.object({
    Response: responseSchema,
    PRN: prnSchema,
    RateStatus: z.object({ Code: words(2) }),
    RateResult: z.optional(z.object({ CurrencyCode: z.optional(z.string().check(z.regex(/^[A-Z]{3}$/))), GrandTotalOfAllCharge: z.optional(amountSchema) })),
  }),
});
type _CreateDocumented = Documented<Mismatches<z.input<typeof createAnswerSchema>, Pickup['PICKUPCreationResponseWrapper']>>;

const rateAnswerSchema = z.object({
  PickupRateResponse: z.object({
    Response: responseSchema,
    RateResult: z.object({ CurrencyCode: z.optional(words(3)) }),
    WeekendServiceTerritoryIndicator: z.optional(words(1)),
    WeekendServiceTerritory: z.optional(weekendSchema),
  }),
});
type _RateDocumented = Documented<Mismatches<z.input<typeof rateAnswerSchema>, Pickup['PICKUPResponseWrapper']>>;

const pendingAnswerSchema = z.object({
  PickupPendingStatusResponse: z.object({
    Response: responseSchema,
    PendingStatus: z.optional(
      list(
        z.object({
          PickupType: words(2),
          ServiceDate: z.string().check(z.regex(/^\d{8}$/, 'must be a date yyyyMMdd')),
          PRN: prnSchema,
          OnCallStatusCode: z.optional(words(3)),
          PickupStatusMessage: words(500),
          ReferenceNumber: z.optional(words(REFERENCE_MAX)),
        }),
        MAX_PENDING,
      ),
    ),
  }),
});
type _PendingDocumented = Documented<Mismatches<z.input<typeof pendingAnswerSchema>, Pickup['PICKUPPendingResponseWrapper']>>;
type Pending = NonNullable<z.infer<typeof pendingAnswerSchema>['PickupPendingStatusResponse']['PendingStatus']>[number];

const cancelAnswerSchema = z.object({ PickupCancelResponse: z.object({ Response: responseSchema, PickupType: words(2) }) });
type _CancelDocumented = Documented<Mismatches<z.input<typeof cancelAnswerSchema>, Pickup['PICKUPCancelResponseWrapper']>>;

function read<S extends z.ZodMiniType>(schema: S, raw: unknown, what: string): z.infer<S> {
  const parsed = schema.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue && issue.path.length > 0 ? ` at ${issue.path.join('.')}` : '';
    throw new CarrierError(UPS, `UPS answered with a malformed ${what}${where}: ${clip(issue?.message ?? 'unreadable', 200)}`);
  }
  return parsed.data;
}

const succeeded = (response: z.infer<typeof responseSchema>, what: string) => {
  if (response.ResponseStatus.Code !== '1') throw new CarrierError(UPS, `UPS did not ${what}: ${response.ResponseStatus.Description}`);
};

/** Minor units of a decimal amount (two places). */
const minorUnits = (amount: string): number => Math.round(Number(amount.trim()) * 100);

/** UPS's answer to a Pickup Creation, as the booking of `input`. */
export function parseUpsPickupCreate(raw: unknown, input: PickupInput): CarrierPickup {
  const answer = read(createAnswerSchema, raw, 'pickup creation').PickupCreationResponse;
  succeeded(answer.Response, 'book the pickup');
  const total = answer.RateResult?.GrandTotalOfAllCharge;
  const currency = answer.RateResult?.CurrencyCode;
  // 01: rate available; the others (not available, not applicable, not requested) bill nothing we can show.
  const charges = answer.RateStatus.Code === '01' && total !== undefined && currency !== undefined ? { amount: minorUnits(total), currency } : undefined;
  return { reference: input.reference, confirmationNumber: answer.PRN, window: { ...input.window }, ...(charges ? { charges } : {}) };
}

/** UPS's answer to a Pickup Rate of `date`: one window, or none when UPS does not come that weekend day. */
export function parseUpsPickupRate(raw: unknown, date: string): PickupAvailability {
  const answer = read(rateAnswerSchema, raw, 'pickup rate').PickupRateResponse;
  succeeded(answer.Response, 'rate the pickup');
  const day = weekday(dayNumber(date));
  const weekend = answer.WeekendServiceTerritory;
  const served =
    day === 6
      ? (weekend?.SatWST ?? answer.WeekendServiceTerritoryIndicator) !== 'N'
      : day === 0
        ? (weekend?.SunWST ?? answer.WeekendServiceTerritoryIndicator) !== 'N'
        : true;
  return { windows: served ? [{ date, ...UPS_PICKUP_WINDOW }] : [] };
}

/** Pending Status 007 is a cancelled pickup: in its status code, or leading its message. */
const cancelled = (p: Pending) => (p.OnCallStatusCode ?? /^\s*(\d{3})\b/.exec(p.PickupStatusMessage)?.[1]) === '007';

/** The pending pickups of UPS's Pending Status answer. */
export function parseUpsPickupPending(raw: unknown): Pending[] {
  const answer = read(pendingAnswerSchema, raw, 'pickup pending status').PickupPendingStatusResponse;
  succeeded(answer.Response, 'list the pending pickups');
  return answer.PendingStatus ?? [];
}

/** The booking under our reference on `date` among pending pickups, unless cancelled. */
export function pickupOf(pending: readonly Pending[], lookup: PickupLookup): CarrierPickup | undefined {
  const reference = upsPickupReference(lookup.reference);
  const day = upsDate(lookup.date);
  const found = pending.find((p) => p.ReferenceNumber === reference && p.ServiceDate === day && !cancelled(p));
  if (!found) return undefined;
  const window: PickupWindow = { date: lookup.date, ...UPS_PICKUP_WINDOW };
  return { reference: lookup.reference, confirmationNumber: found.PRN, window };
}

type Context = { account?: CarrierAccount; signal: AbortSignal };

async function pending(api: UpsApi, accountNumber: string, signal: AbortSignal): Promise<Pending[]> {
  const headers: PickupPendingHeaders = { AccountNumber: accountNumber };
  const answer = await api.send({ method: 'GET', path: UPS_PICKUP_ONCALL_PATH, headers, retryable: true }, signal);
  return parseUpsPickupPending(bodyOf(answer, 'list the pending pickups', () => false));
}

export async function upsPickupFind(lookup: PickupLookup, api: UpsApi, { account, signal }: Context): Promise<CarrierPickup | undefined> {
  return pickupOf(await pending(api, accountNumberOf(account), signal), lookup);
}

export async function upsPickupCreate(input: PickupInput, api: UpsApi, { account, signal }: Context): Promise<CarrierPickup> {
  const accountNumber = accountNumberOf(account);
  const body = buildUpsPickupCreate(input, accountNumber);
  if (input.mayExist) {
    const found = pickupOf(await pending(api, accountNumber, signal), { reference: input.reference, date: input.window.date, address: input.address });
    // What UPS booked under our reference is this booking: its window is the one asked for (UPS's status says no times).
    if (found) return { ...found, window: { ...input.window } };
  }
  // Not retryable: UPS has no idempotency key; an unknown outcome is found by `find` before booking again.
  const answer = await api.send({ method: 'POST', path: UPS_PICKUP_CREATE_PATH, body, retryable: false }, signal);
  return parseUpsPickupCreate(bodyOf(answer, 'book the pickup'), input);
}

export async function upsPickupAvailability(input: PickupAvailabilityInput, api: UpsApi, { account, signal }: Context): Promise<PickupAvailability> {
  const number = account?.accountNumber.trim();
  const body = buildUpsPickupRate(input, number && UPS_ACCOUNT.test(number) ? number.toUpperCase() : undefined);
  const answer = await api.send({ method: 'POST', path: UPS_PICKUP_ONCALL_PATH, body, retryable: true }, signal);
  return parseUpsPickupRate(bodyOf(answer, 'rate the pickup'), input.date);
}

export async function upsPickupCancel(ref: PickupRef, api: UpsApi, { account, signal }: Context): Promise<void> {
  const prn = prnSchema.safeParse(ref.confirmationNumber);
  if (!prn.success) refuse('UPS cancels pickups by their pickup request number (letters and digits)');
  const headers: PickupCancelHeaders = { Prn: ref.confirmationNumber };
  const answer: UpsAnswer = await api.send({ method: 'DELETE', path: UPS_PICKUP_CANCEL_PATH, headers, retryable: true }, signal);
  if (answer.status >= 200 && answer.status < 300) {
    succeeded(read(cancelAnswerSchema, answer.body, 'pickup cancel').PickupCancelResponse.Response, 'cancel the pickup');
    return;
  }
  if (answer.status !== 400 && answer.status !== 422) bodyOf(answer, 'cancel the pickup');
  // Refused: already cancelled is done; anything else is UPS keeping the pickup, with its reason.
  const listed = (await pending(api, accountNumberOf(account), signal)).find((p) => p.PRN.toUpperCase() === ref.confirmationNumber.toUpperCase());
  if (listed && cancelled(listed)) return;
  throw new CarrierRefusal(UPS, clip(reasonOf(answer), 300));
}
