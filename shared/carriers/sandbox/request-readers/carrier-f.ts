/**
 * Carrier F in the sandbox network: what it understands of the requests its
 * connector builds (shared/carriers/carrier-f), the rate, ship, track and
 * void readers side by side, the way a real carrier's API parses its own format.
 */
import type { CarrierFRateRequest, CarrierFShipRequest, CarrierFTrackRequest, CarrierFVoidRequest } from '../../carrier-f';
import type { SandboxPlace } from '../geography';
import { sum, type SandboxReaders, type SandboxShipOrder } from '../readers';
import type { SandboxShipment } from '../shipment';

export function readCarrierFRequest(request: CarrierFRateRequest): SandboxShipment {
  const place = (p: CarrierFRateRequest['shipper']): SandboxPlace => ({
    countryCode: p.country,
    provinceCode: p.province,
    postalCode: p.postalCode,
    city: p.city,
  });
  return {
    carrierCode: 'CARRIERF',
    serviceCodes: request.serviceLevels,
    shipDate: request.pickupDate,
    currency: request.currency,
    origin: place(request.shipper),
    destination: { ...place(request.consignee), residential: request.consignee.residential },
    pieces: request.handlingUnits.map((u) => ({
      count: u.count,
      unit: 'imperial',
      weight: u.weightLb,
      dimensions: { length: u.lengthIn, width: u.widthIn, height: u.heightIn },
    })),
    signature: 'none',
    saturdayDelivery: false,
    insurance: request.declaredValue,
    accessorials: request.accessorials.map((a) => a.code),
  };
}

export function readCarrierFShipRequest(request: CarrierFShipRequest): SandboxShipOrder {
  return {
    // A ship request carries the rate request's shipment, for one service: the carrier dates its commitment from it.
    shipTime: request.tenderedAt,
    view: readCarrierFRequest({ ...request, serviceLevels: [request.serviceLevel] }),
    carrierCode: 'CARRIERF',
    reference: request.bookingReference,
    serviceCode: request.serviceLevel,
    packageCount: sum(request.handlingUnits.map((u) => u.count)),
    returnLabel: request.returnLabel,
    billOfLading: true,
  };
}

export const carrierFReaders: SandboxReaders<CarrierFRateRequest, CarrierFShipRequest, CarrierFTrackRequest, CarrierFVoidRequest> = {
  rate: readCarrierFRequest,
  ship: readCarrierFShipRequest,
  track: (request) => ({ trackingNumber: request.proNumber, shipmentId: request.bookingId }),
  cancel: (request) => ({ trackingNumber: request.proNumber, shipmentId: request.bookingId }),
};
