/**
 * Carrier Z in the sandbox network: what it understands of the requests its
 * connector builds (shared/carriers/carrier-z), the rate, ship, track and
 * void readers side by side, the way a real carrier's API parses its own format.
 * Carrier Z issues its own labels (../documents.ts).
 */
import type { CarrierZRateRequest, CarrierZShipRequest, CarrierZTrackRequest, CarrierZVoidRequest } from '../../carrier-z';
import type { SandboxPlace } from '../geography';
import { carrierZDocuments } from '../documents';
import { sum, type SandboxReaders, type SandboxShipOrder } from '../readers';
import type { SandboxShipment } from '../shipment';

export function readCarrierZRequest(request: CarrierZRateRequest): SandboxShipment {
  const place = (p: CarrierZRateRequest['from']): SandboxPlace => ({ countryCode: p.country, provinceCode: p.region, postalCode: p.postal, city: p.city });
  return {
    carrierCode: 'CARRIERZ',
    serviceCodes: request.serviceCodes,
    shipDate: request.pickupDate,
    currency: request.currency,
    origin: place(request.from),
    destination: { ...place(request.to), residential: request.to.residential },
    pieces: request.packages.map(({ count, weight, length, width, height }) => ({
      count,
      unit: request.unitSystem,
      weight,
      dimensions: { length, width, height },
    })),
    signature: ({ NONE: 'none', REQUIRED: 'required', ADULT: 'adult' } as const)[request.signature],
    saturdayDelivery: request.saturdayDelivery,
    insurance: request.declaredValue,
    accessorials: [],
  };
}

export function readCarrierZShipRequest(request: CarrierZShipRequest): SandboxShipOrder {
  return {
    // A ship request carries the rate request's shipment, for one service: the carrier dates its commitment from it.
    shipTime: request.issuedAt,
    view: readCarrierZRequest({ ...request, serviceCodes: [request.serviceCode] }),
    carrierCode: 'CARRIERZ',
    reference: request.shipmentReference,
    serviceCode: request.serviceCode,
    packageCount: sum(request.packages.map((p) => p.count)),
    returnLabel: request.returnLabel,
    billOfLading: false,
  };
}

export const carrierZReaders: SandboxReaders<CarrierZRateRequest, CarrierZShipRequest, CarrierZTrackRequest, CarrierZVoidRequest> = {
  rate: readCarrierZRequest,
  ship: readCarrierZShipRequest,
  track: (request) => ({ trackingNumber: request.waybills[0], shipmentId: request.shipmentId }),
  documents: carrierZDocuments,
  cancel: (request) => ({ trackingNumber: request.waybill, shipmentId: request.shipmentId }),
};
