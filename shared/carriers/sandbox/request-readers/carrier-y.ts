/**
 * Carrier Y in the sandbox network: what it understands of the requests its
 * connector builds (shared/carriers/carrier-y), the rate, ship, track and
 * void readers side by side, the way a real carrier's API parses its own format.
 */
import type { CarrierYRateRequest, CarrierYShipRequest, CarrierYTrackRequest, CarrierYVoidRequest } from '../../carrier-y';
import { CarrierRefusal } from '../../../domain/carrier';
import { sum, type SandboxReaders, type SandboxShipOrder } from '../readers';
import type { SandboxShipment } from '../shipment';

export function readCarrierYRequest(request: CarrierYRateRequest): SandboxShipment {
  const has = (code: string) => request.options.find((o) => o.code === code);
  const coverage = has('COV');
  return {
    carrierCode: 'CARRIERY',
    serviceCodes: request.services,
    shipDate: request.expectedMailingDate,
    currency: request.currency,
    origin: request.origin,
    destination: request.destination,
    pieces: request.parcels.map((p) => ({ count: p.quantity, unit: 'metric', weight: p.weightKg, dimensions: p.dimensionsCm })),
    signature: has('PA18') ? 'adult' : has('SO') ? 'required' : 'none',
    saturdayDelivery: has('SAT') !== undefined,
    insurance: coverage?.amount !== undefined ? { amount: coverage.amount, currency: coverage.currency ?? request.currency } : undefined,
    accessorials: [],
  };
}

/** Carrier Y refuses an international shipment that comes without its forms. */
export function readCarrierYShipRequest(request: CarrierYShipRequest): SandboxShipOrder {
  if (request.origin.countryCode !== request.destination.countryCode && !request.customs) {
    throw new CarrierRefusal('CARRIERY', 'CARRIERY requires customs forms for a shipment from one country to another');
  }
  return {
    // A ship request carries the rate request's shipment, for one service: the carrier dates its commitment from it.
    shipTime: request.mailedAt,
    view: readCarrierYRequest({ ...request, services: [request.service] }),
    carrierCode: 'CARRIERY',
    reference: request.clientReference,
    serviceCode: request.service,
    packageCount: sum(request.parcels.map((p) => p.quantity)),
    returnLabel: request.returnLabel,
    billOfLading: false,
    customs: request.customs ? { documentsOnly: request.customs.documentsOnly } : undefined,
    notification: request.notification ? { email: request.notification.email, statuses: ['intransit'] } : undefined,
  };
}

export const carrierYReaders: SandboxReaders<CarrierYRateRequest, CarrierYShipRequest, CarrierYTrackRequest, CarrierYVoidRequest> = {
  rate: readCarrierYRequest,
  ship: readCarrierYShipRequest,
  track: (request) => ({ trackingNumber: request.pin, shipmentId: request.shipmentId }),
  cancel: (request) => ({ trackingNumber: request.shipmentPin, shipmentId: request.shipmentId }),
};
