/**
 * What each sandbox carrier understands from its track and void requests:
 * the shipment they name, read back from the carrier's own record of it
 * (./tracking.ts makes its journey). Each reader is the inverse of its
 * adapter's builder.
 */
import type { CarrierFBookingRecord, CarrierFTrackRequest, CarrierFVoidRequest } from '../carrier-f';
import type { CarrierXShipmentRecord, CarrierXTrackRequest, CarrierXVoidRequest } from '../carrier-x';
import type { CarrierYShipmentRecord, CarrierYTrackRequest, CarrierYVoidRequest } from '../carrier-y';
import type { CarrierZShipmentRecord, CarrierZTrackRequest, CarrierZVoidRequest } from '../carrier-z';
import type { ShipmentRef, TrackingPlace } from '../types';

const place = (city: string, provinceCode: string | undefined, countryCode: string): TrackingPlace =>
  provinceCode === undefined ? { city, countryCode } : { city, provinceCode, countryCode };

function fromCarrierX(trackingNumber: string, record: CarrierXShipmentRecord): ShipmentRef {
  const { commit } = record;
  return {
    reference: record.transactionId,
    trackingNumber,
    serviceCode: record.serviceType,
    shippedAt: record.shipTimestamp,
    commitment: commit
      ? { commitDate: commit.dateOrTimestamp.slice(0, 10), commitTime: commit.dateOrTimestamp.slice(11, 16), timezoneCode: commit.timezone, guaranteed: commit.guaranteed }
      : null,
    origin: place(record.shipper.city, record.shipper.stateOrProvinceCode, record.shipper.countryCode),
    destination: place(record.recipient.city, record.recipient.stateOrProvinceCode, record.recipient.countryCode),
  };
}

export const readCarrierXTrackRequest = (request: CarrierXTrackRequest): ShipmentRef =>
  fromCarrierX(request.trackingInfo.trackingNumberInfo.trackingNumber, request.shipment);
export const readCarrierXVoidRequest = (request: CarrierXVoidRequest): ShipmentRef => fromCarrierX(request.trackingNumber, request.shipment);

function fromCarrierY(trackingNumber: string, record: CarrierYShipmentRecord): ShipmentRef {
  const delivery = record.expectedDelivery;
  return {
    reference: record.clientReference,
    trackingNumber,
    serviceCode: record.service,
    shippedAt: record.mailedAt,
    commitment: delivery ? { commitDate: delivery.date, commitTime: delivery.time, timezoneCode: delivery.timezone, guaranteed: delivery.guaranteed } : null,
    origin: place(record.origin.city, record.origin.provinceCode, record.origin.countryCode),
    destination: place(record.destination.city, record.destination.provinceCode, record.destination.countryCode),
  };
}

export const readCarrierYTrackRequest = (request: CarrierYTrackRequest): ShipmentRef => fromCarrierY(request.pin, request.shipment);
export const readCarrierYVoidRequest = (request: CarrierYVoidRequest): ShipmentRef => fromCarrierY(request.shipmentPin, request.shipment);

function fromCarrierZ(trackingNumber: string, record: CarrierZShipmentRecord): ShipmentRef {
  const { commitment } = record;
  return {
    reference: record.shipmentReference,
    trackingNumber,
    serviceCode: record.serviceCode,
    shippedAt: record.issuedAt,
    commitment: commitment
      ? { commitDate: commitment.deliverBy.slice(0, 10), commitTime: commitment.deliverBy.slice(11, 16), timezoneCode: commitment.tz, guaranteed: commitment.guaranteed }
      : null,
    origin: place(record.from.city, record.from.region, record.from.country),
    destination: place(record.to.city, record.to.region, record.to.country),
  };
}

export const readCarrierZTrackRequest = (request: CarrierZTrackRequest): ShipmentRef => fromCarrierZ(request.waybills[0], request.shipment);
export const readCarrierZVoidRequest = (request: CarrierZVoidRequest): ShipmentRef => fromCarrierZ(request.waybill, request.shipment);

function fromCarrierF(trackingNumber: string, record: CarrierFBookingRecord): ShipmentRef {
  const commitment = record.deliveryCommitment;
  return {
    reference: record.bookingReference,
    trackingNumber,
    serviceCode: record.serviceLevel,
    shippedAt: record.tenderedAt,
    commitment: commitment
      ? { commitDate: commitment.date, commitTime: commitment.time, timezoneCode: commitment.timezone, guaranteed: commitment.guaranteed }
      : null,
    origin: place(record.shipper.city, record.shipper.province, record.shipper.country),
    destination: place(record.consignee.city, record.consignee.province, record.consignee.country),
  };
}

export const readCarrierFTrackRequest = (request: CarrierFTrackRequest): ShipmentRef => fromCarrierF(request.proNumber, request.booking);
export const readCarrierFVoidRequest = (request: CarrierFVoidRequest): ShipmentRef => fromCarrierF(request.proNumber, request.booking);
