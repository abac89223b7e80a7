/**
 * Canada Post's pickups (the `pickups` capability; docs/canada-post.md,
 * "Pickups"): Get Pickup Availability (pickup.xsd, `application/vnd.cpc.pickup+xml`)
 * and Create Pickup Request, Get Pickup Requests, Get Pickup Request Details
 * and Cancel Pickup Request (pickuprequest.xsd,
 * `application/vnd.cpc.pickuprequest+xml`), one on-demand pickup each.
 *
 * Decisions:
 *
 * - Our reference goes as the request's `customer-request-id`, and at the end
 *   of its `pickup-instructions` as `[ref <id>]`: Canada Post answers neither
 *   Get Pickup Requests nor Get Pickup Request Details with the
 *   customer-request-id, but the details keep the instructions, so the tag is
 *   what a lookup after a lost answer matches (with the pickup's day).
 * - The window is narrowed to what Canada Post takes (its schema: quarter
 *   hours from 12:00 to 17:45; its documentation: ready by 16:00, closing at
 *   least an hour later): ready time rounded up, close time rounded down. A
 *   window that cannot hold such a pickup is refused before any call.
 * - A contract account's pickup is at the address given (`alternate-address`,
 *   a third-party pickup its contract must allow) and billed to the contract;
 *   a non-contract account's is at the business address of its Canada Post
 *   profile (the only place Canada Post picks up for it), paid by the card on
 *   that profile.
 * - Every answer is read within bounds: ids, dates and times by their
 *   pattern, lists by their length, amounts by the schema's range.
 */
import * as z from '../../zod';
import type { Address } from '../../domain/rate/schema';
import { clip, clipWithEllipsis } from '../../domain/text-clipping';
import {
  CarrierError,
  CarrierRefusal,
  type CarrierPickup,
  type PickupAvailability,
  type PickupAvailabilityInput,
  type PickupInput,
  type PickupLookup,
  type PickupRef,
  type PickupWindow,
} from '../../domain/carrier';
import { KG_PER_LB } from '../request-mapping';
import type { CanadaPostApi } from './api';
import { bodyOf, malformed } from './messages';
import { linkOf, linkSchema } from './ship';
import { CANADAPOST, canadaPostReferenceOf, readXml, xmlDocument, type XmlNode } from './xml';

export const PICKUP_MEDIA = {
  availability: 'application/vnd.cpc.pickup+xml',
  request: 'application/vnd.cpc.pickuprequest+xml',
} as const;
const NS_PICKUP_REQUEST = 'http://www.canadapost.ca/ws/pickuprequest';

/** Create Pickup Request (POST) and Get Pickup Requests (GET). */
export const pickupRequestsPath = (customer: string) => `/enab/${encodeURIComponent(customer)}/pickuprequest`;
/** Cancel Pickup Request (DELETE), as the documentation's example spells it. */
export const pickupRequestPath = (customer: string, requestId: string) => `${pickupRequestsPath(customer)}/${encodeURIComponent(requestId)}`;
/** Get Pickup Availability of a postal code (A1A1A1). */
export const pickupAvailabilityPath = (postalCode: string) => `/ad/pickup/pickupavailability/${encodeURIComponent(postalCode)}`;

/** Canada Post's rules of an on-demand pickup's times (its schema's pattern, and its documentation). */
export const CANADA_POST_PICKUP_RULES = {
  earliestReady: '12:00',
  latestReady: '16:00',
  latestClose: '17:45',
  minimumMinutes: 60,
  /** Days ahead a pickup may be booked: 30 under a parcel contract, 5 without one. */
  advanceDays: { contract: 30, nonContract: 5 },
} as const;
/** `pickup-instructions` takes 132 characters; our reference tag is at their end. */
const INSTRUCTIONS_MAX = 132;
/** At most this many pickup requests are read from Get Pickup Requests (open ones and up to 20 of history). */
export const PICKUP_LIST_LIMIT = 50;

const HHMM = /^([01]\d|2[0-3]):([0-5]\d)$/;
const DATE = /^\d{4}-\d{2}-\d{2}$/;
const CA_POSTAL = /^[A-Z]\d[A-Z]\d[A-Z]\d$/;
const REQUEST_ID = /^[A-Za-z0-9-]{1,32}$/;
// The EmailType pattern of pickuprequest.xsd.
const EMAIL = /^(['_A-Za-z0-9\-+]+)(\.['_A-Za-z0-9\-+]+)*@([A-Za-z0-9-]+)(\.[A-Za-z0-9-]+)*(\.[A-Za-z]{2,5})$/;

const minutesOf = (hhmm: string): number => {
  const m = HHMM.exec(hhmm);
  if (!m) throw new CarrierRefusal(CANADAPOST, `a pickup time must be HH:MM (24 h); got ${clip(hhmm, 8)}`);
  return Number(m[1]) * 60 + Number(m[2]);
};
const hhmmOf = (minutes: number): string => `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

/**
 * The window Canada Post is asked for: the ready time rounded up to a quarter
 * hour and no earlier than 12:00, the close time rounded down and no later
 * than 17:45; CarrierRefusal when the ready time is after 16:00 or the close
 * is less than an hour after it.
 */
export function canadaPostWindowOf(window: PickupWindow): PickupWindow {
  const rules = CANADA_POST_PICKUP_RULES;
  if (!DATE.test(window.date)) throw new CarrierRefusal(CANADAPOST, 'a pickup date must be YYYY-MM-DD');
  const ready = Math.max(Math.ceil(minutesOf(window.readyTime) / 15) * 15, minutesOf(rules.earliestReady));
  const close = Math.min(Math.floor(minutesOf(window.closeTime) / 15) * 15, minutesOf(rules.latestClose));
  if (ready > minutesOf(rules.latestReady))
    throw new CarrierRefusal(CANADAPOST, `Canada Post picks up parcels ready by ${rules.latestReady} (ready time ${window.readyTime} asked)`);
  if (close - ready < rules.minimumMinutes)
    throw new CarrierRefusal(
      CANADAPOST,
      `Canada Post needs the place open at least ${rules.minimumMinutes} minutes after the ready time, between ${rules.earliestReady} and ${rules.latestClose}`,
    );
  return { date: window.date, readyTime: hhmmOf(ready), closeTime: hhmmOf(close) };
}

/** Text as an XML element takes it: control characters (which XML 1.0 forbids) and runs of white space as one space, trimmed. */
const plain = (text: string | undefined): string | undefined => text?.replace(/[\p{Cc}\s]+/gu, ' ').trim();

/** Our reference as a pickup carries it (`customer-request-id`, and the tag of its instructions). */
export const pickupReferenceOf = (reference: string): string => canadaPostReferenceOf(reference);
const tagOf = (reference: string) => `[ref ${pickupReferenceOf(reference)}]`;

/** The driver's instructions, clipped so that our reference tag ends them within Canada Post's 132 characters. */
export function pickupInstructionsOf(reference: string, instructions: string | undefined): string {
  const tag = tagOf(reference);
  const text = plain(instructions);
  return text ? `${clipWithEllipsis(text, INSTRUCTIONS_MAX - tag.length - 1)} ${tag}` : tag;
}

const refuse = (what: string): never => {
  throw new CarrierRefusal(CANADAPOST, `Canada Post books a pickup with ${what}`);
};

/** A phone number as Canada Post's PhoneType takes it (NNN-NNN-NNNN), from a North American number. */
export function pickupPhoneOf(phone: string | undefined): string | undefined {
  const digits = (phone ?? '').replace(/\D/g, '');
  const ten = digits.length === 11 && digits.startsWith('1') ? digits.slice(1) : digits;
  return ten.length === 10 ? `${ten.slice(0, 3)}-${ten.slice(3, 6)}-${ten.slice(6)}` : undefined;
}

/** The postal code of a Canadian address (A1A1A1); CarrierRefusal otherwise. */
export function pickupPostalCodeOf(address: Address): string {
  if (address.countryCode.toUpperCase() !== 'CA') refuse('an address in Canada');
  const postal = (address.postalCode ?? '').replace(/\s+/g, '').toUpperCase();
  return CA_POSTAL.test(postal) ? postal : refuse('a Canadian postal code (A1A1A1) at the pickup address');
}

const cut = (text: string | undefined, max: number): string | undefined => {
  const t = plain(text);
  return t ? clip(t, max) : undefined;
};

/** Where the driver comes: the address given (contract: a third-party pickup), or the profile's business address. */
function pickupLocationOf(address: Address, contract: boolean): XmlNode {
  if (!contract) return { 'business-address-flag': 'true' };
  return {
    'business-address-flag': 'false',
    'alternate-address': {
      company: cut(address.companyName, 35) ?? cut(address.personName, 35),
      'address-line-1': cut(address.addressLine1, 35),
      city: cut(address.city, 35) ?? refuse('the city of the pickup address'),
      province: cut(address.provinceCode, 2)?.toUpperCase() ?? refuse('the province code of the pickup address'),
      'postal-code': pickupPostalCodeOf(address),
    },
  };
}

/** A heavy item is one over 23 kg (Canada Post's limit of what one person lifts); the load's average stands for its parcels. */
const HEAVY_KG = 23;

/**
 * The `pickup-request-details` of Create Pickup Request; CarrierRefusal when
 * the input cannot be one (no Canadian address, no e-mail or 10-digit phone
 * to reach the contact, a window outside Canada Post's hours).
 */
export function buildPickupRequestXml(input: PickupInput, contractId: string | undefined): { xml: string; window: PickupWindow } {
  const window = canadaPostWindowOf(input.window);
  const { address, load } = input;
  pickupPostalCodeOf(address);
  const email = address.emailAddress?.trim();
  if (!email || email.length > 60 || !EMAIL.test(email)) refuse('the contact’s e-mail address (emailAddress of the pickup address)');
  const phone = pickupPhoneOf(address.phoneNumber) ?? refuse('a 10-digit phone number at the pickup address');
  if (!Number.isInteger(load.packageCount) || load.packageCount < 1) refuse('at least one parcel');
  const kg = load.totalWeight.unit === 'lb' ? load.totalWeight.value * KG_PER_LB : load.totalWeight.value;
  const heavy = kg / load.packageCount > HEAVY_KG;
  const xml = xmlDocument('pickup-request-details', NS_PICKUP_REQUEST, {
    'customer-request-id': pickupReferenceOf(input.reference),
    'pickup-type': 'OnDemand',
    'pickup-location': pickupLocationOf(address, contractId !== undefined),
    'contact-info': {
      'contact-name': cut(address.personName, 45),
      email,
      'contact-phone': phone,
      'receive-email-updates-flag': 'true',
    },
    'location-details': { 'pickup-instructions': pickupInstructionsOf(input.reference, input.instructions) },
    'items-characteristics': heavy ? { 'heavy-item-flag': 'true' } : undefined,
    'pickup-volume': String(Math.min(load.packageCount, 9999)),
    'pickup-times': { 'on-demand-pickup-time': { date: window.date, 'preferred-time': window.readyTime, 'closing-time': window.closeTime } },
    'payment-info': contractId ? { 'contract-id': contractId, 'method-of-payment': 'Account' } : { 'method-of-payment': 'CreditCard' },
  });
  return { xml, window };
}

// ---------------------------------------------------------------------------
// The answers.

const requestId = z.string().check(z.regex(REQUEST_ID, 'must be a pickup request id of 1 to 32 letters and digits'));
const date = z.string().check(z.regex(DATE, 'must be a date YYYY-MM-DD'));
const time = z.string().check(z.regex(HHMM, 'must be a time HH:MM'));
const amount = z.string().check(z.regex(/^\d{1,6}(\.\d{1,2})?$/, 'must be an amount of at most 999999.99'));
const headerSchema = z.object({
  'request-id': requestId,
  'request-status': z.string().check(z.maxLength(32)),
  'next-pickup-date': z.optional(date),
});
const infoSchema = z.object({
  'pickup-request-header': headerSchema,
  'pickup-request-price': z.optional(z.object({ 'due-amount': amount })),
});

/** What Create Pickup Request answers: the request id, and the amount due where Canada Post prices the pickup. */
export function parsePickupRequestInfo(xml: string): { requestId: string; due?: { amount: number; currency: string } } {
  const parsed = infoSchema.safeParse(readXml(xml, 'the pickup request')['pickup-request-info']);
  if (!parsed.success) throw malformed('pickup request answer', parsed.error);
  const price = parsed.data['pickup-request-price'];
  return {
    requestId: parsed.data['pickup-request-header']['request-id'],
    ...(price ? { due: { amount: Math.round(Number(price['due-amount']) * 100), currency: 'CAD' } } : {}),
  };
}

const listedSchema = z.object({ 'pickup-request-header': headerSchema, links: z.optional(z.object({ link: z.array(linkSchema) })) });
const listSchema = z.union([z.literal(''), z.object({ 'pickup-request': z.optional(z.union([listedSchema, z.array(listedSchema)])) })]);

export type ListedPickup = { requestId: string; status: string; nextPickupDate?: string; detailsHref?: string };

/** The pickup requests of Get Pickup Requests, in Canada Post's order; a CarrierError above PICKUP_LIST_LIMIT. */
export function parsePickupRequests(xml: string): ListedPickup[] {
  const parsed = listSchema.safeParse(readXml(xml, 'the pickup requests')['pickup-requests']);
  if (!parsed.success) throw malformed('pickup requests answer', parsed.error);
  if (parsed.data === '' || parsed.data['pickup-request'] === undefined) return [];
  const listed = ([] as z.infer<typeof listedSchema>[]).concat(parsed.data['pickup-request']);
  if (listed.length > PICKUP_LIST_LIMIT)
    throw new CarrierError(CANADAPOST, `Canada Post lists ${listed.length} pickup requests; at most ${PICKUP_LIST_LIMIT} are read`);
  return listed.map((p) => {
    const header = p['pickup-request-header'];
    const details = (p.links?.link ?? []).map(linkOf).find((l) => l.rel === 'details');
    return {
      requestId: header['request-id'],
      status: header['request-status'],
      ...(header['next-pickup-date'] ? { nextPickupDate: header['next-pickup-date'] } : {}),
      ...(details ? { detailsHref: details.href } : {}),
    };
  });
}

const detailedSchema = z.object({
  'pickup-request-header': headerSchema,
  'pickup-request-details': z.object({
    'location-details': z.object({ 'pickup-instructions': z.optional(z.string().check(z.maxLength(INSTRUCTIONS_MAX))) }),
    'pickup-times': z.object({
      'on-demand-pickup-time': z.optional(z.object({ date, 'preferred-time': time, 'closing-time': time })),
    }),
  }),
});

/** Get Pickup Request Details: the request's id and status, its instructions, and its on-demand window (none for a scheduled pickup). */
export function parsePickupRequestDetails(xml: string): { requestId: string; status: string; instructions: string; window?: PickupWindow } {
  const parsed = detailedSchema.safeParse(readXml(xml, 'the pickup request details')['pickup-request-detailed-info']);
  if (!parsed.success) throw malformed('pickup request details answer', parsed.error);
  const details = parsed.data['pickup-request-details'];
  const times = details['pickup-times']['on-demand-pickup-time'];
  return {
    requestId: parsed.data['pickup-request-header']['request-id'],
    status: parsed.data['pickup-request-header']['request-status'],
    instructions: details['location-details']['pickup-instructions'] ?? '',
    ...(times ? { window: { date: times.date, readyTime: times['preferred-time'], closeTime: times['closing-time'] } } : {}),
  };
}

const availabilitySchema = z.object({
  'on-demand-tour': z.enum(['true', 'false']),
  'on-demand-cutoff': z.optional(z.string().check(z.maxLength(16))),
});

/** Get Pickup Availability: whether an on-demand pickup comes to the postal code, and the day's cut-off when it reads as HH:MM. */
export function parsePickupAvailability(xml: string): { onDemand: boolean; cutoff?: string } {
  const parsed = availabilitySchema.safeParse(readXml(xml, 'the pickup availability')['pickup-availability']);
  if (!parsed.success) throw malformed('pickup availability answer', parsed.error);
  const cutoff = parsed.data['on-demand-cutoff']?.trim();
  return { onDemand: parsed.data['on-demand-tour'] === 'true', ...(cutoff && HHMM.test(cutoff) ? { cutoff } : {}) };
}

// ---------------------------------------------------------------------------
// The operations over a client.

const DAY_MS = 86_400_000;
const dayNumber = (ymd: string) => Date.parse(`${ymd}T00:00:00Z`) / DAY_MS;

/**
 * The time zone of a Canadian place: the address's own `timezone` where it
 * is an IANA zone, else its province's principal zone (a province spanning
 * two, like Ontario west of 90°W, takes the zone most of it keeps).
 */
const PROVINCE_ZONES: Readonly<Record<string, string>> = {
  NL: 'America/St_Johns',
  NS: 'America/Halifax',
  NB: 'America/Moncton',
  PE: 'America/Halifax',
  QC: 'America/Toronto',
  ON: 'America/Toronto',
  MB: 'America/Winnipeg',
  SK: 'America/Regina',
  AB: 'America/Edmonton',
  BC: 'America/Vancouver',
  YT: 'America/Whitehorse',
  NT: 'America/Yellowknife',
  NU: 'America/Iqaluit',
};

/** The day (YYYY-MM-DD) and the minute of the day at the place, at `now`. */
export function localClockOf(address: Address, now: Date): { date: string; minutes: number } {
  const zones = [address.timezone, PROVINCE_ZONES[(address.provinceCode ?? '').toUpperCase()], 'America/Toronto'];
  for (const timeZone of zones) {
    if (!timeZone) continue;
    try {
      const parts = new Intl.DateTimeFormat('en-CA', {
        timeZone,
        year: 'numeric',
        month: '2-digit',
        day: '2-digit',
        hour: '2-digit',
        minute: '2-digit',
        hourCycle: 'h23',
      }).formatToParts(now);
      const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
      return { date: `${part('year')}-${part('month')}-${part('day')}`, minutes: Number(part('hour')) * 60 + Number(part('minute')) };
    } catch {
      // Not a zone Intl knows (the address's own may be anything): the next one.
    }
  }
  // A Node built without time zone data: UTC.
  return { date: now.toISOString().slice(0, 10), minutes: now.getUTCHours() * 60 + now.getUTCMinutes() };
}

/**
 * The windows of a place and day: none where Canada Post's on-demand tour
 * does not reach, or for a day before today or beyond how far ahead the
 * account may book (days at the place); else the widest window Canada Post
 * takes, with its on-demand cut-off. Today's starts an hour from now at the
 * place (Canada Post's same-day rule), and there is none once the cut-off
 * or 16:00 has passed.
 */
export async function canadaPostPickupAvailability(
  input: PickupAvailabilityInput,
  api: CanadaPostApi,
  signal: AbortSignal,
  now = new Date(),
): Promise<PickupAvailability> {
  if (!DATE.test(input.date) || Number.isNaN(dayNumber(input.date))) throw new CarrierRefusal(CANADAPOST, 'a pickup date must be YYYY-MM-DD');
  const postal = pickupPostalCodeOf(input.address);
  const answer = await api.send(
    { method: 'GET', target: { path: pickupAvailabilityPath(postal) }, accept: PICKUP_MEDIA.availability, retryable: true },
    signal,
  );
  const read = parsePickupAvailability(bodyOf(answer, 'tell the pickup availability'));
  const rules = CANADA_POST_PICKUP_RULES;
  const local = localClockOf(input.address, now);
  const ahead = dayNumber(input.date) - dayNumber(local.date);
  const horizon = api.contractId ? rules.advanceDays.contract : rules.advanceDays.nonContract;
  let ready = minutesOf(rules.earliestReady);
  if (ahead === 0) ready = Math.max(ready, Math.ceil((local.minutes + rules.minimumMinutes) / 15) * 15);
  const pastCutoff = ahead === 0 && read.cutoff !== undefined && local.minutes > minutesOf(read.cutoff);
  const open = read.onDemand && ahead >= 0 && ahead <= horizon && !pastCutoff && ready <= minutesOf(rules.latestReady);
  return {
    windows: open ? [{ date: input.date, readyTime: hhmmOf(ready), closeTime: rules.latestClose }] : [],
    ...(read.cutoff ? { cutoffTime: read.cutoff } : {}),
  };
}

/** The open pickup of `lookup.date` whose instructions carry our reference; undefined when Canada Post lists none. */
export async function canadaPostFindPickup(lookup: PickupLookup, api: CanadaPostApi, signal: AbortSignal): Promise<CarrierPickup | undefined> {
  const answer = await api.send(
    { method: 'GET', target: { path: pickupRequestsPath(api.customerNumber) }, accept: PICKUP_MEDIA.request, retryable: true },
    signal,
  );
  if (answer.status === 404) return undefined;
  const tag = tagOf(lookup.reference);
  const candidates = parsePickupRequests(bodyOf(answer, 'list its pickup requests')).filter(
    (p) => p.status !== 'Cancelled' && (p.nextPickupDate === undefined || p.nextPickupDate === lookup.date),
  );
  for (const listed of candidates) {
    const target = listed.detailsHref ? { link: listed.detailsHref } : { path: `${pickupRequestPath(api.customerNumber, listed.requestId)}/details` };
    const read = parsePickupRequestDetails(
      bodyOf(await api.send({ method: 'GET', target, accept: PICKUP_MEDIA.request, retryable: true }, signal), 'read a pickup request'),
    );
    if (read.status === 'Cancelled' || !read.window || read.window.date !== lookup.date || !read.instructions.endsWith(tag)) continue;
    return { reference: lookup.reference, confirmationNumber: read.requestId, window: read.window };
  }
  return undefined;
}

/**
 * Books one on-demand pickup under our reference, or, when an earlier attempt
 * may have booked it (`mayExist`), adopts the one Canada Post holds. The
 * create is never sent twice by the client: a lost answer is resolved by the
 * lookup of a retry.
 */
export async function canadaPostCreatePickup(input: PickupInput, api: CanadaPostApi, signal: AbortSignal): Promise<CarrierPickup> {
  const { xml, window } = buildPickupRequestXml(input, api.contractId);
  if (input.mayExist === true) {
    const found = await canadaPostFindPickup({ reference: input.reference, date: window.date, address: input.address }, api, signal);
    if (found) return found;
  }
  const answer = await api.send(
    {
      method: 'POST',
      target: { path: pickupRequestsPath(api.customerNumber) },
      accept: PICKUP_MEDIA.request,
      body: { contentType: PICKUP_MEDIA.request, xml },
      retryable: false,
    },
    signal,
  );
  const info = parsePickupRequestInfo(bodyOf(answer, 'book the pickup'));
  return { reference: input.reference, confirmationNumber: info.requestId, window, ...(info.due ? { charges: info.due } : {}) };
}

/**
 * Cancels a pickup request. Not found is a pickup already cancelled (Canada
 * Post's 404), the cancel's success; a refusal (11004: the time has passed)
 * is a CarrierRefusal with Canada Post's words.
 */
export async function canadaPostCancelPickup(ref: PickupRef, api: CanadaPostApi, signal: AbortSignal): Promise<void> {
  if (!REQUEST_ID.test(ref.confirmationNumber)) throw new CarrierRefusal(CANADAPOST, 'a Canada Post pickup request id is 1 to 32 letters and digits');
  const answer = await api.send(
    { method: 'DELETE', target: { path: pickupRequestPath(api.customerNumber, ref.confirmationNumber) }, accept: PICKUP_MEDIA.request, retryable: true },
    signal,
  );
  if ((answer.status >= 200 && answer.status < 300) || answer.status === 404) return;
  bodyOf(answer, 'cancel the pickup');
}
