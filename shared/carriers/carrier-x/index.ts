/**
 * Carrier X (docs/architecture.md, carriers): the packaging mapping of spec 2.5, duties billed
 * to the sender at rate time when `internationalOptions` is not empty, and
 * `requestEstimatedDutiesAndTaxes` (spec 2.7). At ship time duties follow
 * `billDutyTo` ("full duty billing follows at ship time"), the sender when
 * it is not given, as quoted.
 */
import type { Piece, RateRequest } from '../../domain/rate/schema';
import type { PricingPlan } from '../../domain/entities';
import type { RateInput, ShipInput, ShipmentRef } from '../../domain/carrier';
import type { CarrierTransport } from '../connector';
import {
  compact,
  contactOf,
  dutiesPayerOf,
  hasInternationalOptions,
  insuranceOf,
  invoiceTotal,
  placeOf,
  refuseNonConveyable,
  refuseTooManyPackages,
  serviceCodesOf,
  shipDateOf,
  shipReferenceOf,
  signatureOf,
  thirdPartyAccountOf,
  totalPieceCount,
  type Money,
  type ShipContact,
} from '../request-mapping';
import { defineSandboxConnector } from '../connector';
import { sandboxWireParsers } from '../wire';
import { sandboxPickups } from '../wire/pickup';

export const CARRIERX = 'CARRIERX';

export type CarrierXPackagingType = 'CARRIERX_ENVELOPE' | 'CARRIERX_PAK' | 'CARRIERX_BOX' | 'CARRIERX_TUBE' | 'YOUR_PACKAGING';

export type CarrierXAddress = {
  countryCode: string;
  stateOrProvinceCode?: string;
  postalCode?: string;
  city?: string;
  residential: boolean;
};

/** One line per piece of the request: `groupPackageCount` identical packages, as carrier X's API groups them. */
export type CarrierXPackageLineItem = {
  sequenceNumber: number;
  groupPackageCount: number;
  weight: { units: 'LB' | 'KG'; value: number };
  /** Sent for YOUR_PACKAGING only; carrier X knows the size of its own packaging. */
  dimensions?: { units: 'IN' | 'CM'; length: number; width: number; height: number };
  /** Boxes and tubes repeat the shipment packagingType on each piece (spec 2.5). */
  packagingType?: CarrierXPackagingType;
};

export type CarrierXRateRequest = {
  accountNumber: string;
  preferredCurrency: string;
  serviceTypes: string[];
  shipDate: string;
  shipper: CarrierXAddress;
  recipient: CarrierXAddress;
  packagingType: CarrierXPackagingType;
  totalPackageCount: number;
  requestedPackageLineItems: CarrierXPackageLineItem[];
  /** Third-party billing only; the plan's account pays otherwise. */
  shippingChargesPayment?: { paymentType: 'THIRD_PARTY'; accountNumber: string };
  specialServices: { signatureOption?: 'DIRECT' | 'ADULT'; saturdayDelivery?: true; declaredValue?: Money };
  /** Present when `internationalOptions` has at least one key; duties are the sender's at rate time. */
  customsClearance?: { dutiesPayment: { paymentType: 'SENDER' }; documentsOnly: boolean; customsValue?: Money };
  requestEstimatedDutiesAndTaxes?: boolean;
};

export type CarrierXDutiesPayment = { paymentType: 'SENDER' | 'RECIPIENT' | 'THIRD_PARTY'; accountNumber?: string };

/** The rate request's shipment for one service, with what a label needs; duties as billed at ship time. */
export type CarrierXShipRequest = Omit<CarrierXRateRequest, 'serviceTypes' | 'customsClearance'> & {
  /** The idempotency key: the same transactionId answers the shipment already made. */
  transactionId: string;
  serviceType: string;
  /** When the shipment is tendered (ISO 8601). */
  shipTimestamp: string;
  shipperContact: ShipContact;
  recipientContact: ShipContact;
  customsClearance?: { dutiesPayment: CarrierXDutiesPayment; documentsOnly: boolean; customsValue?: Money };
  returnShipment: boolean;
};

const PAK_FAMILY = new Set(['CARRIERX_PAK', 'CARRIERY_EXPRESS_PAK', 'CARRIERZ_PAD_PAK', 'CARRIERZ_PAK']);
const BOX_CODES = new Set(['CARRIERX_SMALL_BOX', 'CARRIERX_MEDIUM_BOX', 'CARRIERX_LARGE_BOX', 'CARRIERX_EXTRA_LARGE_BOX']);

/** The single shipment-level packaging type carrier X receives, derived from all pieces (spec 2.5). */
export function carrierXPackagingType(pieces: Piece[]): CarrierXPackagingType {
  const codes = pieces.map((p) => p.packagingType?.code);
  const every = (test: (code: string | undefined, piece: Piece) => boolean) => pieces.every((p, i) => test(codes[i], p));

  if (every((_, p) => p.packagingType?.isEnvelope === true)) {
    return totalPieceCount(pieces) === 1 ? 'CARRIERX_ENVELOPE' : 'YOUR_PACKAGING';
  }
  // An envelope piece among others is a mixed shipment, whatever its code.
  if (pieces.some((p) => p.packagingType?.isEnvelope === true)) return 'YOUR_PACKAGING';
  if (every((code) => code !== undefined && PAK_FAMILY.has(code))) return 'CARRIERX_PAK';
  if (every((code) => code !== undefined && BOX_CODES.has(code) && code === codes[0])) return 'CARRIERX_BOX';
  if (every((code) => code === 'CARRIERX_TUBE')) return 'CARRIERX_TUBE';
  return 'YOUR_PACKAGING';
}

function lineItems(request: RateRequest, packagingType: CarrierXPackagingType): CarrierXPackageLineItem[] {
  const metric = request.packages.unitOfMeasure === 'metric';
  const weightUnits = metric ? 'KG' : 'LB';
  if (packagingType === 'CARRIERX_ENVELOPE') {
    return [{ sequenceNumber: 1, groupPackageCount: 1, weight: { units: weightUnits, value: metric ? 0.5 : 1 } }];
  }
  return request.packages.pieces.map((piece, i) =>
    compact({
      sequenceNumber: i + 1,
      groupPackageCount: piece.quantity,
      weight: { units: weightUnits, value: piece.weight },
      dimensions:
        packagingType === 'YOUR_PACKAGING'
          ? { units: metric ? ('CM' as const) : ('IN' as const), length: piece.length, width: piece.width, height: piece.height }
          : undefined,
      packagingType: packagingType === 'CARRIERX_BOX' || packagingType === 'CARRIERX_TUBE' ? packagingType : undefined,
    }),
  );
}

const address = (a: RateRequest['shipper']): CarrierXAddress => {
  const place = placeOf(a);
  return compact({
    countryCode: place.countryCode,
    stateOrProvinceCode: place.provinceCode,
    postalCode: place.postalCode,
    city: place.city,
    residential: a.residential === true,
  });
};

/** Customs value carrier X needs to estimate duties: the invoice total, else the declared value. */
function customsValueOf(request: RateRequest): Money | undefined {
  if (request.commercialInvoice) return invoiceTotal(request.commercialInvoice);
  const declared = request.internationalOptions?.declaredValue;
  return declared ? { amount: declared.value, currency: declared.currency.toUpperCase() } : undefined;
}

/** What rate and ship requests share: the shipment itself, without the services asked about. */
function shipmentOf(request: RateRequest, plan: PricingPlan) {
  const packagingType = carrierXPackagingType(request.packages.pieces);
  const items = lineItems(request, packagingType);
  const signature = signatureOf(request);
  const international = request.internationalOptions ?? {};
  const thirdParty = thirdPartyAccountOf(CARRIERX, request);

  return compact({
    accountNumber: plan.account.accountNumber,
    preferredCurrency: plan.currency,
    shipDate: shipDateOf(request),
    shipper: address(request.shipper),
    recipient: address(request.recipient),
    packagingType,
    totalPackageCount: items.reduce((n, item) => n + item.groupPackageCount, 0),
    requestedPackageLineItems: items,
    shippingChargesPayment: thirdParty ? { paymentType: 'THIRD_PARTY' as const, accountNumber: thirdParty } : undefined,
    specialServices: compact({
      signatureOption: signature === 'required' ? ('DIRECT' as const) : signature === 'adult' ? ('ADULT' as const) : undefined,
      saturdayDelivery: request.shippingOptions.saturdayDelivery === true ? (true as const) : undefined,
      declaredValue: insuranceOf(request),
    }),
    customsClearance: hasInternationalOptions(request)
      ? compact({
          dutiesPayment: { paymentType: 'SENDER' as const },
          documentsOnly: international.documentsOnly === true,
          customsValue: customsValueOf(request),
        })
      : undefined,
    requestEstimatedDutiesAndTaxes: international.requestEstimatedDutiesAndTaxes,
  });
}

export function buildCarrierXRateRequest(input: RateInput): CarrierXRateRequest {
  const { request, plan } = input;
  refuseNonConveyable(CARRIERX, request);
  return { ...shipmentOf(request, plan), serviceTypes: serviceCodesOf(CARRIERX, input) };
}

const DUTIES_PAYMENT_TYPES = { sender: 'SENDER', recipient: 'RECIPIENT', thirdParty: 'THIRD_PARTY' } as const;

export function buildCarrierXShipRequest(input: ShipInput): CarrierXShipRequest {
  const { request, plan } = input;
  refuseNonConveyable(CARRIERX, request);
  refuseTooManyPackages(CARRIERX, request);
  const shipment = shipmentOf(request, plan);
  const duties = shipment.customsClearance ? dutiesPayerOf(CARRIERX, request, 'sender') : undefined;
  return compact({
    ...shipment,
    transactionId: shipReferenceOf(CARRIERX, input),
    serviceType: input.serviceCode,
    shipTimestamp: input.shipTime,
    shipperContact: contactOf(CARRIERX, 'shipper', request.shipper),
    recipientContact: contactOf(CARRIERX, 'recipient', request.recipient),
    customsClearance:
      shipment.customsClearance && duties
        ? {
            ...shipment.customsClearance,
            dutiesPayment: compact({ paymentType: DUTIES_PAYMENT_TYPES[duties.party], accountNumber: duties.accountNumber }),
          }
        : undefined,
    returnShipment: request.shippingOptions.createReturnLabel === true,
  });
}

/**
 * Carrier X finds a shipment by its tracking number; its shipment id (the
 * ship answer's) goes along, as carrier X's API takes it.
 */
export type CarrierXTrackRequest = {
  trackingInfo: { trackingNumberInfo: { trackingNumber: string; shipmentId?: string } };
  includeDetailedScans: true;
};

/** Carrier X voids a whole shipment, every package, by its master tracking number. */
export type CarrierXVoidRequest = { trackingNumber: string; shipmentId?: string; deletionControl: 'DELETE_ALL_PACKAGES' };

export function buildCarrierXTrackRequest(shipment: ShipmentRef): CarrierXTrackRequest {
  return {
    trackingInfo: { trackingNumberInfo: compact({ trackingNumber: shipment.trackingNumber, shipmentId: shipment.shipmentId }) },
    includeDetailedScans: true,
  };
}

export function buildCarrierXVoidRequest(shipment: ShipmentRef): CarrierXVoidRequest {
  return compact({ trackingNumber: shipment.trackingNumber, shipmentId: shipment.shipmentId, deletionControl: 'DELETE_ALL_PACKAGES' as const });
}

export type CarrierXTransport = CarrierTransport<CarrierXRateRequest, CarrierXShipRequest, CarrierXTrackRequest, CarrierXVoidRequest>;

/** Carrier X, as the registry lists it: a carrier of the sandbox network. */
export const carrierX = defineSandboxConnector({
  buildRateRequest: buildCarrierXRateRequest,
  buildShipRequest: buildCarrierXShipRequest,
  buildTrackRequest: buildCarrierXTrackRequest,
  buildVoidRequest: buildCarrierXVoidRequest,
  ...sandboxWireParsers(CARRIERX),
  capabilities: { pickups: sandboxPickups(CARRIERX) },
});
