/**
 * FedEx Track: by tracking number (`POST /track/v1/trackingnumbers`) and by
 * reference (`POST /track/v1/referencenumbers`), the requests and answers,
 * and FedEx's status and event codes mapped to ours.
 */
import * as z from '../../zod';
import { CarrierError, type CarrierTracking, type TrackingEvent, type TrackingEventCode, type TransitStatus } from '../../domain/carrier';
import { FEDEX, malformed } from './errors';

export const FEDEX_TRACK_PATH = '/track/v1/trackingnumbers';
export const FEDEX_REFERENCE_PATH = '/track/v1/referencenumbers';

export const buildFedexTrack = (trackingNumber: string) => ({ includeDetailedScans: true, trackingInfo: [{ trackingNumberInfo: { trackingNumber } }] });

/**
 * Track by reference: our reference (./ship.ts, `fedexReferenceOf`) as a
 * customer reference of the account, shipped between the two dates
 * (`shipDateEnd`, as FedEx's description and examples spell it; docs/fedex.md).
 */
export const buildFedexReferenceSearch = (reference: string, accountNumber: string, shipDateBegin: string, shipDateEnd: string) => ({
  includeDetailedScans: false,
  referencesInformation: { type: 'CUSTOMER_REFERENCE', value: reference, accountNumber, shipDateBegin, shipDateEnd },
});

/** FedEx's event type (its scan and status codes) → our code and status; any other scan is a move in transit. */
const BY_CODE: Readonly<Record<string, { code: TrackingEventCode; status: TransitStatus }>> = {
  OC: { code: 'LABEL_CREATED', status: 'pending' },
  IN: { code: 'LABEL_CREATED', status: 'pending' },
  PU: { code: 'PICKED_UP', status: 'intransit' },
  PX: { code: 'PICKED_UP', status: 'intransit' },
  AR: { code: 'ARRIVED', status: 'intransit' },
  AF: { code: 'ARRIVED', status: 'intransit' },
  IT: { code: 'ARRIVED', status: 'intransit' },
  DP: { code: 'DEPARTED', status: 'intransit' },
  OD: { code: 'OUT_FOR_DELIVERY', status: 'intransit' },
  DL: { code: 'DELIVERED', status: 'delivered' },
  DE: { code: 'EXCEPTION', status: 'exception' },
  SE: { code: 'EXCEPTION', status: 'exception' },
  CD: { code: 'EXCEPTION', status: 'exception' },
  RS: { code: 'EXCEPTION', status: 'exception' },
  CA: { code: 'CANCELLED', status: 'cancelled' },
};

export const fedexEventCodeOf = (code: string | undefined): { code: TrackingEventCode; status: TransitStatus } =>
  BY_CODE[(code ?? '').toUpperCase()] ?? { code: 'ARRIVED', status: 'intransit' };

const words = (max: number) => z.string().check(z.maxLength(max));
const placeSchema = z.object({ city: z.optional(words(100)), stateOrProvinceCode: z.optional(words(10)), countryCode: z.optional(words(3)) });
const scanSchema = z.object({
  date: words(40),
  eventType: z.optional(words(10)),
  eventDescription: z.optional(words(300)),
  derivedStatusCode: z.optional(words(10)),
  scanLocation: z.optional(placeSchema),
});
const resultSchema = z.object({
  trackingNumberInfo: z.optional(z.object({ trackingNumber: z.optional(words(40)) })),
  latestStatusDetail: z.optional(z.object({ code: z.optional(words(10)), derivedCode: z.optional(words(10)), description: z.optional(words(300)) })),
  scanEvents: z.optional(z.array(scanSchema).check(z.maxLength(500))),
  error: z.optional(z.object({ code: z.optional(words(200)), message: z.optional(words(2000)) })),
});
const trackAnswerSchema = z.object({
  output: z.object({
    completeTrackResults: z
      .array(z.object({ trackingNumber: z.optional(words(40)), trackResults: z.array(resultSchema).check(z.maxLength(200)) }))
      .check(z.maxLength(200)),
  }),
});

const locationOf = (p: z.infer<typeof placeSchema> | undefined): string | undefined =>
  p?.city && p.countryCode ? [p.city, p.stateOrProvinceCode, p.countryCode].filter(Boolean).join(', ') : undefined;

function eventOf(scan: z.infer<typeof scanSchema>): TrackingEvent | undefined {
  const at = Date.parse(scan.date);
  if (Number.isNaN(at)) return undefined;
  const mapped = fedexEventCodeOf(scan.eventType);
  const location = locationOf(scan.scanLocation);
  return {
    status: mapped.status,
    code: mapped.code,
    description: `${scan.eventDescription?.trim() || 'FedEx update'} (FedEx ${scan.eventType || 'scan'})`,
    ...(location ? { location } : {}),
    occurredAt: new Date(at).toISOString(),
  };
}

/** Our tracking of `trackingNumber` from FedEx's answer: events newest first, the status of the latest. */
export function parseFedexTrack(raw: unknown, trackingNumber: string): CarrierTracking {
  const parsed = trackAnswerSchema.safeParse(raw);
  if (!parsed.success) throw malformed('tracking response', parsed.error);
  const results = parsed.data.output.completeTrackResults.flatMap((r) => r.trackResults);
  const found = results.find((r) => r.trackingNumberInfo?.trackingNumber === trackingNumber) ?? results[0];
  if (!found || found.error)
    throw new CarrierError(FEDEX, `FedEx has no tracking for ${trackingNumber}${found?.error?.message ? `: ${found.error.message}` : ''}`);
  const events = (found.scanEvents ?? []).flatMap((scan) => eventOf(scan) ?? []).sort((a, b) => b.occurredAt.localeCompare(a.occurredAt));
  const latest = found.latestStatusDetail?.code;
  const transitStatus = latest ? fedexEventCodeOf(latest).status : (events[0]?.status ?? 'pending');
  return { trackingNumber, transitStatus, events };
}

/** The tracking numbers FedEx lists under a reference, in its order; a cancelled shipment's are left out. None when it finds none. */
export function parseFedexReferenceSearch(raw: unknown): string[] {
  const parsed = trackAnswerSchema.safeParse(raw);
  if (!parsed.success) throw malformed('reference search response', parsed.error);
  const numbers = parsed.data.output.completeTrackResults
    .flatMap((r) => r.trackResults)
    .filter((r) => !r.error && (r.latestStatusDetail?.code ?? '').toUpperCase() !== 'CA')
    .map((r) => r.trackingNumberInfo?.trackingNumber ?? '')
    .filter((n) => n !== '');
  return [...new Set(numbers)];
}

const cancelAnswerSchema = z.object({ output: z.object({ cancelledShipment: z.boolean(), message: z.optional(words(2000)) }) });

/** Whether FedEx's cancel answer says the shipment is cancelled; a CarrierError otherwise. */
export function parseFedexCancel(raw: unknown): void {
  const parsed = cancelAnswerSchema.safeParse(raw);
  if (!parsed.success) throw malformed('cancel response', parsed.error);
  if (!parsed.data.output.cancelledShipment)
    throw new CarrierError(FEDEX, `FedEx did not cancel the shipment${parsed.data.output.message ? `: ${parsed.data.output.message}` : ''}`);
}

/** FedEx's words when the shipment it is asked to cancel is already cancelled. */
export const isAlreadyCancelled = (reason: string): boolean => /already\s+(been\s+)?(cancel|delet)/i.test(reason);
