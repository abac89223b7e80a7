/**
 * FedEx pickups (the `pickups` capability, docs/fedex.md, "Pickups"): FedEx's
 * Pickup Request API, Check Pickup Availability, Create Pickup and Cancel
 * Pickup, with FedEx Express (`FDXE`), whose courier FedEx dispatches the
 * same day and whose booking names the FedEx station that cancels it.
 *
 * - Availability asks for the day (`dispatchDate`) as a same-day and a
 *   future-day pickup, and answers FedEx's Express option of that day when
 *   FedEx says it is available: from its earliest ready time to its latest
 *   close time, and its cut-off (the latest time a pickup of that day may be
 *   booked).
 * - FedEx keeps no reference of ours on a pickup and has no lookup of
 *   pickups: `find` answers nothing, so a create after one of unknown
 *   outcome books again. Create is never sent again by the client after a
 *   5xx or a lost answer (`retryable: false`).
 * - Cancel: FedEx refusing (past its cut-off, the courier dispatched) is a
 *   CarrierRefusal with FedEx's words; a pickup already cancelled is
 *   cancelled.
 *
 * What is read of FedEx's answers is bounded and checked (dates, HH:MM
 * times, the confirmation code and location's characters); the LiveCall
 * scrubs every string and error of what we sent.
 */
import * as z from '../../zod';
import type { Address } from '../../domain/rate/schema';
import { dayNumber } from '../../domain/dates';
import { clip } from '../../domain/text-clipping';
import {
  CarrierRefusal,
  type CarrierPickup,
  type PickupAvailability,
  type PickupAvailabilityInput,
  type PickupInput,
  type PickupRef,
  type PickupWindow,
} from '../../domain/carrier';
import type { FedexApi } from './api';
import { bodyOf, FEDEX, fedexErrorCodes, malformed, reasonOf } from './errors';
import { addressOf, cut, FEDEX_ACCOUNT, type FedexAddress } from './mapping';
import { isAlreadyCancelled } from './track';

export const FEDEX_PICKUP_PATH = '/pickup/v1/pickups';
export const FEDEX_PICKUP_AVAILABILITY_PATH = '/pickup/v1/pickups/availabilities';
export const FEDEX_PICKUP_CANCEL_PATH = '/pickup/v1/pickups/cancel';

/** FedEx Express: the operating company whose pickups the API books the same day. */
const CARRIER = 'FDXE';
/** The courier's remarks: 60 characters (the document). */
const REMARKS_MAX = 60;
/** A contact's phone number: 8 to 13 digits (the document). */
const PHONE = /^\d{8,13}$/;
/** One pickup request is 99 packages at most (FedEx's Pickup Request guide). */
const MAX_PACKAGES = 99;
/** FedEx's total weight of a pickup: at most 99999 (the document). */
const MAX_WEIGHT = 99_999;

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const HHMM = /^([01]\d|2[0-3]):[0-5]\d$/;
/** FedEx's times: `HH:MM:SS` (and `HH:MM` read as well). */
const FEDEX_TIME = /^([01]\d|2[0-3]):[0-5]\d(:[0-5]\d)?$/;

const isDate = (date: string) => DATE.test(date) && !Number.isNaN(dayNumber(date));

function accountOf(accountNumber: string | undefined): string {
  const number = accountNumber?.trim() ?? '';
  if (!FEDEX_ACCOUNT.test(number)) throw new CarrierRefusal(FEDEX, 'FedEx account numbers are 9 digits; the carrier account has another');
  return number;
}

function dayOf(date: string): string {
  if (!isDate(date)) throw new CarrierRefusal(FEDEX, `A FedEx pickup's date is YYYY-MM-DD (${clip(date, 20)})`);
  return date;
}

export type FedexPickupAddress = Required<Pick<FedexAddress, 'streetLines' | 'city' | 'stateOrProvinceCode' | 'postalCode' | 'countryCode'>>;

/**
 * The pickup place as FedEx's pickup location requires it: street, city,
 * state or province and postal code (the document requires each; a country
 * without provinces sends an empty one).
 */
function pickupAddressOf(address: Address): FedexPickupAddress {
  const mapped = addressOf(address, 'address', true);
  if (!mapped.streetLines?.length) throw new CarrierRefusal(FEDEX, 'FedEx books a pickup only at a street address (address.addressLine1)');
  if (!mapped.city) throw new CarrierRefusal(FEDEX, 'FedEx books a pickup only with the city (address.city)');
  if (!mapped.postalCode) throw new CarrierRefusal(FEDEX, 'FedEx books a pickup only with the postal code (address.postalCode)');
  if (!mapped.stateOrProvinceCode && ['CA', 'US'].includes(mapped.countryCode))
    throw new CarrierRefusal(FEDEX, 'FedEx books a pickup in Canada or the US only with the province or state (address.provinceCode)');
  return {
    streetLines: mapped.streetLines,
    city: mapped.city,
    stateOrProvinceCode: mapped.stateOrProvinceCode ?? '',
    postalCode: mapped.postalCode,
    countryCode: mapped.countryCode,
  };
}

export type FedexPickupAvailabilityBody = {
  pickupAddress: Omit<FedexPickupAddress, 'streetLines' | 'city' | 'stateOrProvinceCode'> & Partial<FedexPickupAddress>;
  dispatchDate: string;
  pickupRequestType: ('SAME_DAY' | 'FUTURE_DAY')[];
  carriers: [typeof CARRIER];
  countryRelationship: 'DOMESTIC';
  associatedAccountNumber: string;
};

/** Check Pickup Availability for the place and day: by its postal code (FedEx requires it), the street when given. */
export function buildFedexPickupAvailability(input: PickupAvailabilityInput, accountNumber: string | undefined): FedexPickupAvailabilityBody {
  const mapped = addressOf(input.address, 'address', true);
  if (!mapped.postalCode) throw new CarrierRefusal(FEDEX, 'FedEx tells pickup availability by postal code; the address has none (address.postalCode)');
  const { residential: _residential, ...place } = mapped;
  return {
    pickupAddress: { ...place, postalCode: mapped.postalCode },
    dispatchDate: dayOf(input.date),
    // The day is the same day or a later one where the place is, which only FedEx knows: both are asked.
    pickupRequestType: ['SAME_DAY', 'FUTURE_DAY'],
    carriers: [CARRIER],
    countryRelationship: 'DOMESTIC',
    associatedAccountNumber: accountOf(accountNumber),
  };
}

const text = (max: number) => z.string().check(z.maxLength(max));
const fedexTime = text(8).check(z.regex(FEDEX_TIME, 'is not a time HH:MM:SS'));
/** A ready or close time every half hour of a day is 48 options; a few more are read. */
const timeOptions = z.array(fedexTime).check(z.maxLength(100));
const availabilitySchema = z.object({
  output: z.object({
    options: z.optional(
      z
        .array(
          z.object({
            carrier: z.optional(text(10)),
            available: z.optional(z.boolean()),
            pickupDate: z.optional(text(10).check(z.regex(DATE, 'is not a date YYYY-MM-DD'))),
            cutOffTime: z.optional(fedexTime),
            defaultReadyTime: z.optional(fedexTime),
            defaultLatestTimeOptions: z.optional(fedexTime),
            readyTimeOptions: z.optional(timeOptions),
            latestTimeOptions: z.optional(timeOptions),
          }),
        )
        .check(z.maxLength(20)),
    ),
  }),
});

const hhmm = (time: string) => time.slice(0, 5);
const earliest = (times: readonly string[]) => times.map(hhmm).sort()[0];
const latest = (times: readonly string[]) => times.map(hhmm).sort().at(-1);

/** FedEx's Express option of `date`, when available: the widest window it offers, and its cut-off. */
export function parseFedexPickupAvailability(raw: unknown, date: string): PickupAvailability {
  const parsed = availabilitySchema.safeParse(raw);
  if (!parsed.success) throw malformed('pickup availability', parsed.error);
  const option = (parsed.data.output.options ?? []).find((o) => o.carrier === CARRIER && o.pickupDate === date && o.available === true);
  if (!option) return { windows: [] };
  const readyTime = earliest(option.readyTimeOptions ?? []) ?? (option.defaultReadyTime && hhmm(option.defaultReadyTime));
  const closeTime = latest(option.latestTimeOptions ?? []) ?? (option.defaultLatestTimeOptions && hhmm(option.defaultLatestTimeOptions));
  const cutoffTime = option.cutOffTime && hhmm(option.cutOffTime);
  const windows = readyTime && closeTime && readyTime < closeTime ? [{ date, readyTime, closeTime }] : [];
  return { windows, ...(cutoffTime ? { cutoffTime } : {}) };
}

export type FedexPickupBody = {
  associatedAccountNumber: { value: string };
  originDetail: {
    pickupLocation: { contact: { personName: string; companyName?: string; phoneNumber: string }; address: FedexPickupAddress };
    readyDateTimestamp: string;
    customerCloseTime: string;
  };
  carrierCode: typeof CARRIER;
  packageCount: number;
  totalWeight: { units: 'KG' | 'LB'; value: number };
  remarks?: string;
};

function windowOf(window: PickupWindow): PickupWindow {
  dayOf(window.date);
  if (!HHMM.test(window.readyTime) || !HHMM.test(window.closeTime))
    throw new CarrierRefusal(FEDEX, "A FedEx pickup's ready and close times are HH:MM (window.readyTime, window.closeTime)");
  if (window.readyTime >= window.closeTime) throw new CarrierRefusal(FEDEX, "A FedEx pickup's ready time comes before its close time");
  return window;
}

/** Create Pickup: the place and who the courier asks for, the window in local times, the load, the caller's instructions for the courier. */
export function buildFedexPickup(input: PickupInput, accountNumber: string | undefined): FedexPickupBody {
  const window = windowOf(input.window);
  const phone = input.address.phoneNumber?.replace(/\D/g, '');
  if (!phone || !PHONE.test(phone))
    throw new CarrierRefusal(FEDEX, 'FedEx books a pickup only with a phone number of 8 to 13 digits for the courier (address.phoneNumber)');
  const { packageCount, totalWeight } = input.load;
  if (!Number.isInteger(packageCount) || packageCount < 1 || packageCount > MAX_PACKAGES)
    throw new CarrierRefusal(FEDEX, `A FedEx pickup is 1 to ${MAX_PACKAGES} packages; book several for more`);
  const weight = Math.max(Math.round(totalWeight.value * 10) / 10, 0.1);
  if (!(weight <= MAX_WEIGHT)) throw new CarrierRefusal(FEDEX, `A FedEx pickup weighs at most ${MAX_WEIGHT} ${totalWeight.unit}`);
  const remarks = cut(input.instructions?.replace(/\s+/g, ' '), REMARKS_MAX)?.trimEnd();
  const companyName = cut(input.address.companyName, 35);
  return {
    associatedAccountNumber: { value: accountOf(accountNumber) },
    originDetail: {
      pickupLocation: {
        contact: { personName: cut(input.address.personName, 70) ?? '', ...(companyName ? { companyName } : {}), phoneNumber: phone },
        address: pickupAddressOf(input.address),
      },
      // Local times at the place, without a zone designator (the document).
      readyDateTimestamp: `${window.date}T${window.readyTime}:00`,
      customerCloseTime: `${window.closeTime}:00`,
    },
    carrierCode: CARRIER,
    packageCount,
    totalWeight: { units: totalWeight.unit === 'lb' ? 'LB' : 'KG', value: weight },
    ...(remarks ? { remarks } : {}),
  };
}

/** FedEx's confirmation codes and station ids: a few letters and digits (`3001`, `CPU16200910`, `NQAA`). */
const code = (max: number) => text(max).check(z.regex(/^[A-Za-z0-9-]+$/, 'is not a FedEx code'));
const createSchema = z.object({ output: z.object({ pickupConfirmationCode: code(40), location: z.optional(code(10)) }) });

/** The pickup FedEx booked: its confirmation code, and the Express station that cancels it. */
export function parseFedexPickup(raw: unknown, input: PickupInput): CarrierPickup {
  const parsed = createSchema.safeParse(raw);
  if (!parsed.success) throw malformed('pickup confirmation', parsed.error);
  const { pickupConfirmationCode, location } = parsed.data.output;
  return { reference: input.reference, confirmationNumber: pickupConfirmationCode, window: input.window, ...(location ? { location } : {}) };
}

export type FedexPickupCancelBody = {
  associatedAccountNumber: { value: string };
  pickupConfirmationCode: string;
  scheduledDate: string;
  carrierCode: typeof CARRIER;
  location?: string;
};

export const buildFedexPickupCancel = (pickup: PickupRef, accountNumber: string | undefined): FedexPickupCancelBody => ({
  associatedAccountNumber: { value: accountOf(accountNumber) },
  pickupConfirmationCode: pickup.confirmationNumber,
  scheduledDate: dayOf(pickup.date),
  carrierCode: CARRIER,
  ...(pickup.location ? { location: pickup.location } : {}),
});

export async function fedexPickupAvailability(
  input: PickupAvailabilityInput,
  accountNumber: string | undefined,
  api: FedexApi,
  signal: AbortSignal,
): Promise<PickupAvailability> {
  const body = buildFedexPickupAvailability(input, accountNumber);
  const answer = await api.send({ method: 'POST', path: FEDEX_PICKUP_AVAILABILITY_PATH, body, retryable: true, readOnly: true }, signal);
  return parseFedexPickupAvailability(bodyOf(answer, 'tell the pickup availability'), body.dispatchDate);
}

/** Why a booking that an earlier attempt may have made is not booked again (docs/fedex.md, "Pickups"). */
export const FEDEX_PICKUP_MAY_EXIST =
  'an earlier attempt of this pickup may have been booked with FedEx, which offers no lookup of pickups: it is not booked again; check with FedEx before booking another';

export async function fedexCreatePickup(input: PickupInput, accountNumber: string | undefined, api: FedexApi, signal: AbortSignal): Promise<CarrierPickup> {
  const body = buildFedexPickup(input, accountNumber);
  // FedEx has no lookup to ask first (the connector's `find`): after an attempt of unknown outcome, booking again could make
  // a second pickup nobody can cancel (the first one's confirmation number never reached us). Refused instead: a person checks.
  if (input.mayExist) throw new CarrierRefusal(FEDEX, FEDEX_PICKUP_MAY_EXIST);
  // Not retryable: FedEx has no idempotency key, so only a 429 (answered before anything is done) is sent again.
  const answer = await api.send({ method: 'POST', path: FEDEX_PICKUP_PATH, body, retryable: false }, signal);
  return parseFedexPickup(bodyOf(answer, 'book the pickup'), input);
}

export async function fedexCancelPickup(pickup: PickupRef, accountNumber: string | undefined, api: FedexApi, signal: AbortSignal): Promise<void> {
  const body = buildFedexPickupCancel(pickup, accountNumber);
  const answer = await api.send({ method: 'PUT', path: FEDEX_PICKUP_CANCEL_PATH, body, retryable: true }, signal);
  if (answer.status >= 200 && answer.status < 300) return;
  const reason = reasonOf(answer);
  // Cancelling a cancelled pickup succeeds (the port's rule): a retried cancel finds it cancelled.
  if (isAlreadyCancelled(reason) || fedexErrorCodes(answer.body).some((c) => /ALREADY\.CANCEL/i.test(c))) return;
  bodyOf(answer, `cancel pickup ${clip(pickup.confirmationNumber, 40)}`, (status) => status >= 400 && status < 500);
}
