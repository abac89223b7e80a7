/**
 * The track and cancel wire formats a transport answers with, the
 * counterparts of the rate (./rate.ts) and ship (./ship.ts) formats:
 * `{ tracking: CarrierTracking }` and `{ voided: { trackingNumber } }` as
 * JSON. Connectors parse every answer with them, so a transport that returns
 * something else (a proxy error page, a changed carrier API) becomes a
 * CarrierError instead of a broken order further down.
 */
import * as z from '../../zod';
import { trackingEventCodeSchema, transitStatusSchema } from '../../domain/entities';
import { CarrierError, type CarrierTracking } from '../../domain/carrier';

const identifier = z.string().check(z.minLength(1), z.maxLength(64));

/** Carriers report a few dozen scans at most; the bound keeps a runaway answer out of the order. */
export const MAX_WIRE_EVENTS = 200;

export const trackWireSchema = z.object({
  tracking: z.object({
    trackingNumber: identifier,
    transitStatus: transitStatusSchema,
    events: z
      .array(
        z.object({
          status: transitStatusSchema,
          code: trackingEventCodeSchema,
          description: z.string().check(z.minLength(1), z.maxLength(300)),
          location: z.optional(z.string().check(z.minLength(1), z.maxLength(200))),
          occurredAt: z.iso.datetime({ offset: true }),
        }),
      )
      .check(z.maxLength(MAX_WIRE_EVENTS)),
  }),
});
export type TrackWire = { tracking: CarrierTracking };

export const cancelWireSchema = z.object({ voided: z.object({ trackingNumber: identifier }) });
export type CancelWire = z.infer<typeof cancelWireSchema>;

function malformed(carrierCode: string, what: string, error: z.core.$ZodError): CarrierError {
  const issue = error.issues[0];
  const where = issue && issue.path.length > 0 ? ` at ${issue.path.join('.')}` : '';
  return new CarrierError(carrierCode, `${carrierCode} answered with a malformed ${what} response${where}: ${issue?.message ?? 'unreadable'}`);
}

/**
 * Reads a transport's track answer for the shipment `trackingNumber`: the
 * tracking of another shipment would show someone else's journey on the
 * order, and events out of order would make the newest one look old.
 */
export function parseTrackWire(carrierCode: string, trackingNumber: string, raw: unknown): CarrierTracking {
  const parsed = trackWireSchema.safeParse(raw);
  if (!parsed.success) throw malformed(carrierCode, 'track', parsed.error);
  const { tracking } = parsed.data;
  if (tracking.trackingNumber !== trackingNumber) {
    throw new CarrierError(carrierCode, `${carrierCode} answered with the tracking of another shipment (${tracking.trackingNumber})`);
  }
  const times = tracking.events.map((e) => Date.parse(e.occurredAt));
  if (times.some((t, i) => i > 0 && t > (times[i - 1] as number))) {
    throw new CarrierError(carrierCode, `${carrierCode} answered with tracking events that are not newest first`);
  }
  return tracking;
}

/** Reads a transport's cancel answer: it must void the shipment asked about. */
export function parseCancelWire(carrierCode: string, trackingNumber: string, raw: unknown): void {
  const parsed = cancelWireSchema.safeParse(raw);
  if (!parsed.success) throw malformed(carrierCode, 'cancel', parsed.error);
  if (parsed.data.voided.trackingNumber !== trackingNumber) {
    throw new CarrierError(carrierCode, `${carrierCode} answered with the void of another shipment (${parsed.data.voided.trackingNumber})`);
  }
}
