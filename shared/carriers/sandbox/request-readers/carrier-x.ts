/**
 * Carrier X in the sandbox network: what it understands of the requests its
 * connector builds (shared/carriers/carrier-x), the rate, ship, track and
 * void readers side by side, the way a real carrier's API parses its own format.
 */
import type { CarrierXRateRequest, CarrierXShipRequest, CarrierXTrackRequest, CarrierXVoidRequest } from '../../carrier-x';
import type { SandboxPlace } from '../geography';
import { sum, type SandboxReaders, type SandboxShipOrder } from '../readers';
import type { SandboxShipment } from '../shipment';

export function readCarrierXRequest(request: CarrierXRateRequest): SandboxShipment {
  const place = (a: CarrierXRateRequest['shipper']): SandboxPlace => ({
    countryCode: a.countryCode,
    provinceCode: a.stateOrProvinceCode,
    postalCode: a.postalCode,
    city: a.city,
  });
  const special = request.specialServices;
  return {
    carrierCode: 'CARRIERX',
    serviceCodes: request.serviceTypes,
    shipDate: request.shipDate,
    currency: request.preferredCurrency,
    origin: place(request.shipper),
    destination: { ...place(request.recipient), residential: request.recipient.residential },
    pieces: request.requestedPackageLineItems.map((item) => ({
      count: item.groupPackageCount,
      unit: item.weight.units === 'KG' ? 'metric' : 'imperial',
      weight: item.weight.value,
      dimensions: item.dimensions,
    })),
    signature: special.signatureOption === 'DIRECT' ? 'required' : special.signatureOption === 'ADULT' ? 'adult' : 'none',
    saturdayDelivery: special.saturdayDelivery === true,
    insurance: special.declaredValue,
    estimatedDuties: request.requestEstimatedDutiesAndTaxes === true ? { customsValue: request.customsClearance?.customsValue } : undefined,
    accessorials: [],
  };
}

export function readCarrierXShipRequest(request: CarrierXShipRequest): SandboxShipOrder {
  return {
    // A ship request carries the rate request's shipment, for one service: the carrier dates its commitment from it.
    shipTime: request.shipTimestamp,
    view: readCarrierXRequest({ ...request, serviceTypes: [request.serviceType] } as unknown as CarrierXRateRequest),
    carrierCode: 'CARRIERX',
    reference: request.transactionId,
    serviceCode: request.serviceType,
    packageCount: sum(request.requestedPackageLineItems.map((item) => item.groupPackageCount)),
    returnLabel: request.returnShipment,
    billOfLading: false,
  };
}

export const carrierXReaders: SandboxReaders<CarrierXRateRequest, CarrierXShipRequest, CarrierXTrackRequest, CarrierXVoidRequest> = {
  rate: readCarrierXRequest,
  ship: readCarrierXShipRequest,
  track: (request) => ({
    trackingNumber: request.trackingInfo.trackingNumberInfo.trackingNumber,
    shipmentId: request.trackingInfo.trackingNumberInfo.shipmentId,
  }),
  cancel: (request) => ({ trackingNumber: request.trackingNumber, shipmentId: request.shipmentId }),
};
