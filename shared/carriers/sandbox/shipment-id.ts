/**
 * The shipment id a sandbox carrier issues at ship: the facts its tracking
 * journey is made of (./tracking.ts), written into the id itself. A real
 * carrier looks its shipment up by id; the sandbox keeps no state, so the id
 * carries what it would have remembered, and track and void requests need
 * nothing but the tracking number and this id, as a real carrier's do.
 */
import * as z from '../../zod';
import { CarrierError, type Commitment, type TrackingPlace } from '../../domain/carrier';

/** What a sandbox carrier knows of a shipment it made: when, where from and to, and by when it is due. */
export type SandboxShipmentFacts = {
  shippedAt: string;
  commitment: Commitment | null;
  origin: TrackingPlace;
  destination: TrackingPlace;
};

const PREFIX = 'SBX1.';
/**
 * The characters of a city or province a sandbox carrier keeps in its scan
 * places (and so in the id), as a real carrier's tracking shows a shortened
 * place. A rate request allows 255 characters of text, and an id must stay
 * within the 2,000 characters a ship answer may carry (../wire/ship.ts):
 * 255 characters on each side made ids of up to 3.5 KB, which the connector
 * refused (502 at ship). At 64 (counted in code points), the longest id
 * (lone surrogates, escaped six bytes each by JSON) is about 1,400.
 */
export const PLACE_TEXT_KEPT = 64;
/** Ids issued before the cut kept up to 100 characters; they still decode. */
const text = z.string().check(z.minLength(1), z.maxLength(100));
const place = z.strictObject({ city: text, provinceCode: z.optional(text), countryCode: text });
const factsSchema = z.strictObject({
  shippedAt: text,
  commitment: z.nullable(z.strictObject({ commitDate: text, commitTime: text, timezoneCode: text, guaranteed: z.boolean() })),
  origin: place,
  destination: place,
});

export const encodeShipmentId = (facts: SandboxShipmentFacts): string => PREFIX + Buffer.from(JSON.stringify(facts), 'utf8').toString('base64url');

/** The facts of a sandbox shipment id; CarrierError for an id the carrier never issued. */
export function decodeShipmentId(carrierCode: string, trackingNumber: string, shipmentId: string | undefined): SandboxShipmentFacts {
  const unknown = () => new CarrierError(carrierCode, `${carrierCode} has no shipment ${trackingNumber} under that shipment id`);
  if (!shipmentId?.startsWith(PREFIX) || shipmentId.length > 2_000) throw unknown();
  try {
    const parsed = factsSchema.safeParse(JSON.parse(Buffer.from(shipmentId.slice(PREFIX.length), 'base64url').toString('utf8')));
    if (!parsed.success) throw unknown();
    return parsed.data;
  } catch {
    throw unknown();
  }
}
