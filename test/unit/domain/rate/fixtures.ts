/** Builders shared by the rate domain tests. Each call returns fresh objects. */
import fc from 'fast-check';
import type { CarrierQuote, Commitment, QuoteCharge } from '../../../../shared/domain/carrier';
import type { PackagingType, PricingPlan } from '../../../../shared/domain/entities';
import { AppError } from '../../../../shared/errors';
import { rateRoute } from '../../../../shared/contract/rate';
import {
  checkShippingDate,
  resolvePackagingTypes,
  type PackagingCatalog,
  type RateFacts,
  type RateRequest,
  type RateRequestBody,
} from '../../../../shared/domain/rate';
import type { QuotedRate } from '../../../../shared/domain/rate/results';
import { readRouteInput } from '../../../../shared/http/route-input';
import { carriers, services } from '../../../../shared/reference/carriers';
import { defaultPackagingTypes } from '../../../../shared/reference/packaging';
import { pricingPlans } from '../../../../shared/reference/pricing-groups';

/** "Now" of the rate domain tests: the day before the fixtures' shipping date, so it lies in the accepted window. */
export const FIXTURE_NOW = new Date('2025-03-13T12:00:00Z');

/** The smallest body the schema accepts. */
export const minimalBody = (): Record<string, unknown> => ({
  shippingOptions: { shippingDate: '2025-03-14' },
  shipper: { personName: 'Ada Shipper', addressLine1: '1 Main St', countryCode: 'CA' },
  recipient: { personName: 'Bob Recipient', addressLine1: '2 Side St', countryCode: 'CA' },
  packages: {
    unitOfMeasure: 'metric',
    pieces: [{ quantity: 1, weight: 2, length: 30, width: 20, height: 10, packagingType: { code: 'GENERIC_BOX' } }],
  },
});

/** A body using every optional section of spec 2.1, all valid. */
export const fullBody = (): Record<string, unknown> => ({
  ...minimalBody(),
  shippingOptions: {
    shippingDate: '2025-03-14T09:30:00',
    shippingDateTimezone: 'America/Toronto',
    references: { customer: 'C-1', order: 'O-1', invoice: 'I-1' },
    insurance: { amount: 100, currency: 'CAD' },
    signature: 'adult',
    nonConveyable: false,
    createReturnLabel: true,
    saturdayDelivery: false,
    packingSlipType: 'standard',
    deliveryInstructions: 'Leave at the door',
  },
  shipper: {
    personName: 'Ada Shipper',
    addressLine1: '1 Main St',
    countryCode: 'CA',
    provinceCode: 'ON',
    companyName: 'Ada Inc',
    phoneNumber: '555-0100',
    emailAddress: 'ada@example.com',
    addressLine2: 'Suite 1',
    city: 'Toronto',
    provinceName: 'Ontario',
    postalCode: 'M5V 2T6',
    residential: false,
    timezone: 'America/Toronto',
    id: 'addr-1',
    type: 'shipping',
  },
  recipient: { personName: 'Bob Recipient', addressLine1: '2 Side St', countryCode: 'US', provinceCode: 'NY', residential: true },
  internationalOptions: {
    documentsOnly: false,
    declaredValue: { value: 150, currency: 'USD' },
    billDutyTo: 'recipient',
    dutyAccountNumber: 'D-1',
    recipientTaxId: 'T-1',
    senderIsProducer: true,
    businessRelationship: 'unrelated',
    exportType: 'permanent',
    brokerRequired: false,
    commercialInvoiceRequired: true,
    postShipmentDocumentUpload: false,
    requestEstimatedDutiesAndTaxes: true,
  },
  freightOptions: {
    appointment: 'call ahead',
    prebookedAppointment: { appointmentDate: '2025-03-15', appointmentTime: '10:00' },
    pickupAppointment: { appointmentDate: '2025-03-14', appointmentTime: '15:00' },
    tailgate: 'pickup',
    twoPersons: 'delivery',
    afterHours: 'both',
  },
  commercialInvoice: {
    generalNote: 'Gift',
    customsValue: 150,
    currency: 'USD',
    unitOfMeasure: 'metric',
    buyerRequired: false,
    invoiceItems: [
      {
        description: 'Book',
        quantity: 3,
        value: 50,
        weight: 0.5,
        hsCode: '4901.99',
        countryOfManufacture: 'CA',
        unitOfMeasure: 'metric',
        selectedTemplateId: 'tpl-1',
        shouldSaveAsTemplate: false,
        shouldUpdateTemplate: false,
      },
    ],
  },
  buyer: { personName: 'Buyer', addressLine1: '3 Buy St', countryCode: 'US', type: 'buyer' },
  broker: { personName: 'Broker', addressLine1: '4 Broker St', countryCode: 'US', type: 'broker' },
  shippingNotificationOptions: { shippingNotificationStatuses: ['intransit', 'delivered'], shippingNotificationEmail: 'ops@example.com' },
  billingOptions: { type: 'thirdParty', thirdPartyShipperNumber: 'TP-123', carrierCode: 'CARRIERY', soldTo: { any: 'thing' } },
  shippingType: { carrier: 'all', service: 'default' },
  sort: { by: 'date', dir: 'desc' },
});

/** Sets `value` at `path` in a copy of `body` (`undefined` deletes the property). */
export const withPath = (body: Record<string, unknown>, path: (string | number)[], value: unknown): Record<string, unknown> => {
  const copy = structuredClone(body);
  let node: Record<string | number, unknown> = copy;
  for (const key of path.slice(0, -1)) node = node[key] as Record<string | number, unknown>;
  const last = path[path.length - 1] as string | number;
  if (value === undefined) delete node[last];
  else node[last] = value;
  return copy;
};

/** Runs `fn`, expecting an AppError, and returns it. */
export const appErrorOf = (fn: () => unknown): AppError => {
  try {
    fn();
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
  throw new Error('expected an AppError, nothing was thrown');
};

export const COMPANY_BOX: PackagingType = {
  id: '0b7d7a52-3c9e-4a53-9d7e-5d1f7f0c9a11',
  code: 'GENERIC_BOX',
  name: 'Our 40 cm cube',
  categoryName: 'Generic',
  carrierId: null,
  isEnvelope: false,
  isDefault: true,
  isMetric: true,
  length: 40,
  width: 40,
  height: 40,
  weight: 0.3,
  createdDate: '2025-01-02T03:04:05.000Z',
  companyId: 'company-1',
};

export const catalog = () => ({ defaults: structuredClone(defaultPackagingTypes), companyBoxes: [structuredClone(COMPANY_BOX)] });

/** `body` as the rate route reads it with its schema (shared/contract/rate.ts): what the rating service is handed, or the route's 400. */
export const readBody = (body: unknown): RateRequestBody => readRouteInput(rateRoute, { pathParameters: null, queryStringParameters: null, body }).body;

/**
 * What POST /v1/rate checks of a body before it looks at the caller's
 * plans, in its order: the route's schema, then (the rating service)
 * packagingType strings resolved and the shipping date's window.
 */
export const validateRateRequest = (body: unknown, now: Date, packaging: PackagingCatalog = catalog()): RateRequest => {
  const request = resolvePackagingTypes(readBody(body), packaging);
  checkShippingDate(request, now);
  return request;
};

export const defaultPackaging = (code: string): PackagingType => {
  const found = defaultPackagingTypes.find((p) => p.code === code);
  if (!found) throw new Error(`no default packaging ${code}`);
  return found;
};

export const commitment = (commitDate: string, commitTime = '17:00'): Commitment => ({
  commitDate,
  commitTime,
  timezoneCode: 'ET',
  guaranteed: true,
});

let factsSeq = 0;
/** Selection/sort/badge input; unique service code unless given. */
export const facts = (overrides: Partial<RateFacts> = {}): RateFacts & { id: number } => {
  factsSeq += 1;
  return {
    id: factsSeq,
    carrierCode: 'CARRIERX',
    serviceCode: `SVC_${factsSeq}`,
    commitment: null,
    retailTotal: 10_000,
    discountedTotal: 8_000,
    ...overrides,
  };
};

export const plan = (carrierCode: string, overrides: Partial<PricingPlan> = {}): PricingPlan => {
  const found = pricingPlans.find((p) => p.pricingGroupId === 'default' && p.carrierCode === carrierCode);
  if (!found) throw new Error(`no plan for ${carrierCode}`);
  return { ...structuredClone(found), ...overrides };
};

export const charge = (code: string, amount: number, type: QuoteCharge['type'] = 'base'): QuoteCharge => ({
  code,
  billingCode: `B_${code}`,
  name: { en: code, fr: code },
  type,
  chips: type === 'base' ? [] : ['surcharge'],
  amount,
});

export const quote = (carrierCode: string, serviceCode: string, overrides: Partial<CarrierQuote> = {}): CarrierQuote => ({
  carrierCode,
  serviceCode,
  currency: 'CAD',
  fxRate: 1,
  charges: [charge('BASE', 2_000), charge('FUEL', 333, 'fuel')],
  taxes: [{ code: 'HST', name: { en: 'HST', fr: 'TVH' }, rateBp: 1_300 }],
  commitment: commitment('2025-03-17'),
  ...overrides,
});

/** A quote with the reference records of its carrier and service. */
export const quotedRate = (serviceCode: string, overrides: Partial<CarrierQuote> = {}, planOverrides: Partial<PricingPlan> = {}): QuotedRate => {
  const service = services.find((s) => s.code === serviceCode);
  if (!service) throw new Error(`no service ${serviceCode}`);
  const carrier = carriers.find((c) => c.code === service.carrierCode);
  if (!carrier) throw new Error(`no carrier ${service.carrierCode}`);
  return {
    quote: quote(carrier.code, service.code, overrides),
    plan: plan(carrier.code, planOverrides),
    carrier: structuredClone(carrier),
    service: structuredClone(service),
  };
};

const dateArb = fc.date({ min: new Date('2025-01-01T00:00:00Z'), max: new Date('2025-01-10T23:59:00Z'), noInvalidDate: true });

/** Random commitments on a narrow range, so that ties happen. */
export const commitmentArb: fc.Arbitrary<Commitment | null> = fc.option(
  dateArb.map((d) => commitment(d.toISOString().slice(0, 10), `${d.toISOString().slice(11, 13)}:${d.getUTCMinutes() < 30 ? '00' : '30'}`)),
  { nil: null, freq: 4 },
);

/** Random rate facts; small totals and few carriers, so that ties happen. */
export const factsArb: fc.Arbitrary<RateFacts> = fc
  .record({
    carrierCode: fc.constantFrom('CARRIERX', 'CARRIERY', 'CARRIERZ', 'CARRIERF'),
    serviceCode: fc.constantFrom('S1', 'S2', 'S3'),
    commitment: commitmentArb,
    retailTotal: fc.integer({ min: 0, max: 5_000 }),
    discountPart: fc.integer({ min: 0, max: 5_000 }),
  })
  .map(({ discountPart, ...r }) => ({ ...r, discountedTotal: r.retailTotal - Math.min(discountPart, r.retailTotal) }));
