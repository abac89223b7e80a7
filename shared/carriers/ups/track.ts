/**
 * UPS Tracking (Tracking.yaml) and Void (Shipping.yaml): the requests and
 * their answers.
 *
 * - Track: `GET /track/v1/details/{inquiryNumber}` by the master tracking
 *   number. UPS's activity status type maps onto our carrier-neutral codes
 *   (docs/ups.md has the table); UPS's own words stay in the event's
 *   description, its status type and code after them in brackets.
 * - Reference search: `GET /track/v1/reference/details/{referenceNumber}`,
 *   restricted to the account (`shipperNum`), finds the packages an earlier
 *   attempt shipped under our reference (./operations.ts adopts them). No
 *   shipment under it is a 404 or an answer without packages.
 * - Void: `DELETE /shipments/{version}/void/cancel/{shipment id}`. A shipment
 *   already voided counts as voided; UPS's other refusals (past the void
 *   window, already moving) are the carrier's refusal with UPS's reason.
 */
import * as z from '../../zod';
import { CarrierError, type CarrierTracking, type TrackingEvent, type TrackingEventCode, type TransitStatus } from '../../domain/carrier';
import type { Documented, Mismatches, Shipping, TrackQuery, Tracking } from './documents';
import { UPS } from './oauth';

export const upsTrackPath = (trackingNumber: string) => `/track/v1/details/${encodeURIComponent(trackingNumber)}`;
export const UPS_TRACK_QUERY = { locale: 'en_US', returnSignature: 'false', returnMilestones: 'false', returnPOD: 'false' } as const satisfies TrackQuery;
export const upsReferencePath = (reference: string) => `/track/v1/reference/details/${encodeURIComponent(reference)}`;

const status = z.object({
  type: z.optional(z.string()),
  code: z.optional(z.string()),
  description: z.optional(z.string()),
  statusCode: z.optional(z.string()),
});
const activity = z.object({
  date: z.string().check(z.regex(/^\d{8}$/)),
  time: z.optional(z.string().check(z.regex(/^\d{6}$/))),
  gmtDate: z.optional(z.string().check(z.regex(/^\d{8}$/))),
  gmtTime: z.optional(z.string().check(z.regex(/^\d{2}:\d{2}:\d{2}$/))),
  location: z.optional(
    z.object({
      address: z.optional(
        z.object({ city: z.optional(z.string()), stateProvince: z.optional(z.string()), countryCode: z.optional(z.string()), country: z.optional(z.string()) }),
      ),
    }),
  ),
  status: z.optional(status),
});
const trackPackage = z.object({ trackingNumber: z.optional(z.string()), activity: z.optional(z.array(activity)), currentStatus: z.optional(status) });
const trackResponseSchema = z.object({
  trackResponse: z.object({
    shipment: z.array(
      z.object({
        inquiryNumber: z.optional(z.string()),
        package: z.optional(z.array(trackPackage)),
        warnings: z.optional(z.array(z.object({ code: z.optional(z.string()), message: z.optional(z.string()) }))),
      }),
    ),
  }),
});

// What the schema reads is Tracking's TrackApiResponse (./documents.ts): a renamed or retyped field fails tsc.
type _TrackResponseDocumented = Documented<Mismatches<z.input<typeof trackResponseSchema>, Tracking['TrackApiResponse']>>;

const malformed = (what: string, error: z.core.$ZodError) => {
  const issue = error.issues[0];
  const where = issue && issue.path.length > 0 ? ` at ${issue.path.join('.')}` : '';
  return new CarrierError(UPS, `UPS answered with a malformed ${what}${where}: ${issue?.message ?? 'unreadable'}`);
};

/** UPS's activity status type → our code and status. `M`/`MV` (manifest, label voided) before pickup. */
const BY_TYPE: Readonly<Record<string, { code: TrackingEventCode; status: TransitStatus }>> = {
  M: { code: 'LABEL_CREATED', status: 'pending' },
  MV: { code: 'CANCELLED', status: 'cancelled' },
  P: { code: 'PICKED_UP', status: 'intransit' },
  I: { code: 'ARRIVED', status: 'intransit' },
  O: { code: 'OUT_FOR_DELIVERY', status: 'intransit' },
  D: { code: 'DELIVERED', status: 'delivered' },
  X: { code: 'EXCEPTION', status: 'exception' },
  RS: { code: 'EXCEPTION', status: 'exception' },
  DO: { code: 'ARRIVED', status: 'intransit' },
  DD: { code: 'ARRIVED', status: 'intransit' },
  W: { code: 'ARRIVED', status: 'intransit' },
  NA: { code: 'ARRIVED', status: 'intransit' },
};

/** UPS's in-transit scans that say the package left a facility (`DP` departure scan) rather than reached one. */
const DEPARTED_CODES = new Set(['DP', 'OF']);
/** `I` with UPS's out-for-delivery code. */
const OUT_FOR_DELIVERY_CODES = new Set(['OT', 'OD']);

/** A UPS activity as both Tracking (poll) and Track Alert (push) give it: its status, the moment in UTC, where. */
export type UpsActivity = {
  type?: string;
  code?: string;
  description?: string;
  /** ISO 8601 in UTC. */
  occurredAt: string;
  location?: { city?: string; stateProvince?: string; countryCode?: string };
};

/** "City, PR, CC" of a UPS activity location; none without a city and a country. */
export function upsLocationOf(address: UpsActivity['location']): string | undefined {
  return address?.city && address.countryCode ? [address.city, address.stateProvince, address.countryCode].filter(Boolean).join(', ') : undefined;
}

/** Our event of a UPS activity: the code and status of its status type (and code), UPS's words with its type/code after them. */
export function upsEventOf(a: UpsActivity): TrackingEvent {
  const type = a.type?.toUpperCase() ?? '';
  const code = a.code?.toUpperCase() ?? '';
  let mapped = BY_TYPE[type] ?? { code: 'ARRIVED' as const, status: 'intransit' as const };
  if (type === 'I' && DEPARTED_CODES.has(code)) mapped = { code: 'DEPARTED', status: 'intransit' };
  if (type === 'I' && OUT_FOR_DELIVERY_CODES.has(code)) mapped = { code: 'OUT_FOR_DELIVERY', status: 'intransit' };
  const location = upsLocationOf(a.location);
  const words = a.description?.trim() || 'UPS update';
  return {
    status: mapped.status,
    code: mapped.code,
    description: `${words} (UPS ${[type, code].filter(Boolean).join('/') || 'status'})`,
    ...(location ? { location } : {}),
    occurredAt: a.occurredAt,
  };
}

function eventOf(a: z.infer<typeof activity>): TrackingEvent {
  // The moment in UTC when UPS gives it, else the local time read as UTC (UPS's local times carry no zone).
  const occurredAt =
    a.gmtDate && a.gmtTime
      ? `${a.gmtDate.slice(0, 4)}-${a.gmtDate.slice(4, 6)}-${a.gmtDate.slice(6, 8)}T${a.gmtTime}.000Z`
      : `${a.date.slice(0, 4)}-${a.date.slice(4, 6)}-${a.date.slice(6, 8)}T${(a.time ?? '000000').replace(/(\d{2})(\d{2})(\d{2})/, '$1:$2:$3')}.000Z`;
  const address = a.location?.address;
  return upsEventOf({
    type: a.status?.type,
    code: a.status?.code,
    description: a.status?.description,
    occurredAt,
    location: address && { city: address.city, stateProvince: address.stateProvince, countryCode: address.countryCode ?? address.country },
  });
}

/** Our tracking of `trackingNumber` from UPS's answer: events newest first, the status of the newest. */
export function parseUpsTrack(raw: unknown, trackingNumber: string): CarrierTracking {
  const parsed = trackResponseSchema.safeParse(raw);
  if (!parsed.success) throw malformed('tracking response', parsed.error);
  const packages = parsed.data.trackResponse.shipment.flatMap((s) => s.package ?? []);
  const found = packages.find((p) => p.trackingNumber === trackingNumber) ?? packages[0];
  if (!found) {
    const warning = parsed.data.trackResponse.shipment.flatMap((s) => s.warnings ?? [])[0];
    throw new CarrierError(UPS, `UPS has no tracking for ${trackingNumber}${warning?.message ? `: ${warning.message}` : ''}`);
  }
  const events = (found.activity ?? []).map(eventOf).sort((a, b) => b.occurredAt.localeCompare(a.occurredAt));
  const newest = events[0];
  return { trackingNumber, transitStatus: newest?.status ?? 'pending', events };
}

/** The tracking numbers UPS holds under a reference (a reference search answer); empty when none. */
export function parseUpsReferenceSearch(raw: unknown): string[] {
  const parsed = trackResponseSchema.safeParse(raw);
  if (!parsed.success) throw malformed('reference search response', parsed.error);
  const numbers = parsed.data.trackResponse.shipment.flatMap((s) => (s.package ?? []).map((p) => p.trackingNumber ?? '')).filter((n) => n !== '');
  return [...new Set(numbers)];
}

const voidResponseSchema = z.object({
  VoidShipmentResponse: z.object({
    Response: z.object({ ResponseStatus: z.object({ Code: z.string(), Description: z.optional(z.string()) }) }),
    SummaryResult: z.object({ Status: z.object({ Code: z.string(), Description: z.optional(z.string()) }) }),
  }),
});

// What the schema reads is Shipping's VOIDSHIPMENTResponseWrapper (./documents.ts).
type _VoidResponseDocumented = Documented<Mismatches<z.input<typeof voidResponseSchema>, Shipping['VOIDSHIPMENTResponseWrapper']>>;

/** Whether UPS's void answer says the shipment is voided; a CarrierError when it cannot be read or says otherwise. */
export function parseUpsVoid(raw: unknown): void {
  const parsed = voidResponseSchema.safeParse(raw);
  if (!parsed.success) throw malformed('void response', parsed.error);
  const { Response, SummaryResult } = parsed.data.VoidShipmentResponse;
  if (Response.ResponseStatus.Code !== '1' || SummaryResult.Status.Code !== '1') {
    throw new CarrierError(
      UPS,
      `UPS did not void the shipment: ${SummaryResult.Status.Description ?? Response.ResponseStatus.Description ?? 'no reason given'}`,
    );
  }
}

/** UPS's words when a shipment it is asked to void is already voided (its error answer). */
export const isAlreadyVoided = (message: string): boolean => /already\s+(been\s+)?voided/i.test(message);
