/**
 * The ship wire format a transport answers with: `{ shipment: CarrierShipment }`
 * as JSON, the ship counterpart of the rate wire format (./rate.ts). Connectors
 * parse every answer with it, so a transport that returns something else (a
 * proxy error page, a changed carrier API) becomes a CarrierError instead of
 * a broken order further down.
 */
import * as z from '../../zod';
import { notificationStatus } from '../../domain/rate/schema';
import { RATE_LIMITS } from '../../domain/rate/limits';
import { carrierDocumentFormatSchema, carrierDocumentTypeSchema } from '../../domain/entities';
import { CarrierError, type CarrierDocument, type CarrierShipment } from '../../domain/carrier';

const identifier = z.string().check(z.minLength(1), z.maxLength(64));
/** A carrier's shipment id fits an order item with room to spare. */
export const MAX_SHIPMENT_ID = 2_000;
/** One document at most 2 MB (base64 of 1.5 MB): a label image or a customs form. */
const MAX_DOCUMENT_BASE64 = 2_000_000;

export const shipWireSchema = z.object({
  shipment: z.object({
    reference: identifier,
    carrierCode: identifier,
    serviceCode: identifier,
    trackingNumber: identifier,
    pieceTrackingNumbers: z.array(identifier).check(z.minLength(1)),
    trackingUrl: z.url({ protocol: /^https$/ }),
    returnTrackingNumber: z.optional(identifier),
    billOfLadingNumber: z.optional(identifier),
    customs: z.optional(z.object({ declarationNumber: identifier, documentsOnly: z.boolean() })),
    notification: z.optional(z.object({ email: z.string().check(z.minLength(1)), statuses: z.array(notificationStatus).check(z.minLength(1)) })),
    shipmentId: z.optional(z.string().check(z.minLength(1), z.maxLength(MAX_SHIPMENT_ID))),
    /** The documents the carrier issued, their bytes in base64. */
    documents: z.optional(
      z
        .array(
          z.object({
            type: carrierDocumentTypeSchema,
            format: carrierDocumentFormatSchema,
            packageIndex: z.optional(z.number().check(z.int(), z.gte(0), z.lte(RATE_LIMITS.packageCount))),
            content: z.base64().check(z.minLength(1), z.maxLength(MAX_DOCUMENT_BASE64)),
          }),
        )
        .check(z.maxLength(2 * RATE_LIMITS.packageCount + 2)),
    ),
  }),
});
/** As the sandbox network sends it: CarrierShipment with each document's bytes in base64. */
export type ShipWire = { shipment: Omit<CarrierShipment, 'documents'> & { documents?: Array<Omit<CarrierDocument, 'content'> & { content: string }> } };

/**
 * Reads a transport's ship answer for `carrierCode`: it must be that
 * carrier's shipment under `reference` (an answer for another reference would
 * attach someone else's shipment to the order), its master tracking number
 * the first package's.
 */
export function parseShipWire(carrierCode: string, reference: string, raw: unknown): CarrierShipment {
  const parsed = shipWireSchema.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue && issue.path.length > 0 ? ` at ${issue.path.join('.')}` : '';
    throw new CarrierError(carrierCode, `${carrierCode} answered with a malformed ship response${where}: ${issue?.message ?? 'unreadable'}`);
  }
  const { shipment } = parsed.data;
  if (shipment.carrierCode !== carrierCode) throw new CarrierError(carrierCode, `${carrierCode} answered with a shipment of ${shipment.carrierCode}`);
  if (shipment.reference !== reference) {
    throw new CarrierError(carrierCode, `${carrierCode} answered with the shipment of another reference (${shipment.reference})`);
  }
  if (shipment.trackingNumber !== shipment.pieceTrackingNumbers[0]) {
    throw new CarrierError(carrierCode, `${carrierCode} answered with a master tracking number that is not its first package's`);
  }
  const { documents, ...rest } = shipment;
  const count = shipment.pieceTrackingNumbers.length;
  if (documents?.some((d) => d.packageIndex !== undefined && d.packageIndex >= count)) {
    throw new CarrierError(carrierCode, `${carrierCode} answered with a label of a package it did not ship`);
  }
  const kinds = documents?.map((d) => `${d.type}|${d.packageIndex ?? ''}|${d.format}`) ?? [];
  if (new Set(kinds).size !== kinds.length) throw new CarrierError(carrierCode, `${carrierCode} answered with the same document twice`);
  return documents ? { ...rest, documents: documents.map((d) => ({ ...d, content: Buffer.from(d.content, 'base64') })) } : rest;
}
