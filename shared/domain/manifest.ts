/**
 * What a shipment brings to an end-of-day manifest (docs/manifests.md): its
 * line (tracking numbers, service, weights in kilograms), its own shipping
 * date and its shipper's zone, read from the order and its rate request when
 * it is shipped. Pure.
 */
import type { RateRequest } from './rate/schema';
import type { Order } from './entities';

const KG_PER_LB = 0.45359237;

/** An IANA zone name the runtime knows, or undefined. */
export const knownZone = (zone: string | undefined): string | undefined => {
  if (!zone || zone.length > 64) return undefined;
  try {
    new Intl.DateTimeFormat('en-CA', { timeZone: zone });
    return zone;
  } catch {
    return undefined;
  }
};

/**
 * The shipper's zone (docs/decisions.md, "Manifests"): the shipper address's
 * `timezone` when it names an IANA zone, else the request's
 * `shippingDateTimezone` when it does, else UTC.
 */
export const shipperZoneOf = (request: Pick<RateRequest, 'shipper' | 'shippingOptions'>): string =>
  knownZone(request.shipper.timezone) ?? knownZone(request.shippingOptions.shippingDateTimezone) ?? 'UTC';

export type ManifestEntryFacts = {
  packages: Array<{ trackingNumber: string; weightKg: number }>;
  shipDate: string;
  zone: string;
  shipper: { name: string; company?: string; city?: string; province?: string; country: string };
};

/** The manifest facts of a shipment: one package per piece tracking number, each piece repeated `quantity` times. */
export const manifestFactsOf = (order: Pick<Order, 'pieceTrackingNumbers' | 'trackingNumber'>, request: RateRequest): ManifestEntryFacts => {
  const factor = request.packages.unitOfMeasure === 'metric' ? 1 : KG_PER_LB;
  const weights = request.packages.pieces.flatMap((p) => Array.from({ length: p.quantity }, () => Math.round(p.weight * factor * 1000) / 1000));
  const numbers = order.pieceTrackingNumbers.length > 0 ? order.pieceTrackingNumbers : [order.trackingNumber];
  const shipper = request.shipper;
  return {
    packages: numbers.map((trackingNumber, i) => ({ trackingNumber, weightKg: weights[i] ?? 0 })),
    shipDate: request.shippingOptions.shippingDate.slice(0, 10),
    zone: shipperZoneOf(request),
    shipper: {
      name: shipper.personName,
      ...(shipper.companyName ? { company: shipper.companyName } : {}),
      ...(shipper.city ? { city: shipper.city } : {}),
      ...(shipper.provinceCode ? { province: shipper.provinceCode } : {}),
      country: shipper.countryCode,
    },
  };
};
