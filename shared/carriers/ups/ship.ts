/**
 * UPS Shipping (Shipping.yaml): the ship request (`POST /shipments/{version}/ship`),
 * Label Recovery (`POST /labels/{version}/recovery`) and their answers.
 *
 * The builders are pure and their output validates against the document's
 * request schemas (test/unit/carriers/ups/operations.test.ts). Decisions beside
 * those of the rate request (./rate.ts, ./mapping.ts, docs/ups.md):
 *
 * - Our reference (the rateResponseId, a UUID) goes on every package as a
 *   ReferenceNumber of its 32 hex digits (UPS takes 35 characters), where
 *   UPS Tracking's reference search finds it: that is how a retry finds a
 *   shipment an earlier attempt bought (./operations.ts). It is also the
 *   request's CustomerContext, which UPS echoes.
 * - UPS issues one label format per request, and its only image format is
 *   GIF. The ship asks for GIF (the PDF label is UPS's image on a 4×6 page,
 *   re-encoded as PNG since PDF cannot embed GIF); the ZPL label of each
 *   package comes from Label Recovery by its tracking number.
 * - `createReturnLabel`: a second shipment, UPS's Print Return Label return
 *   service (code 9), from the recipient back to the shipper, billed to the
 *   shipper, on the same service when UPS allows it (Ground otherwise).
 * - International goods carry UPS's invoice (form 01) built from the
 *   commercial invoice; UPS returns it as a PDF, stored as the customs
 *   invoice. Duties are billed as `internationalOptions.billDutyTo` says
 *   (UPS's ShipmentCharge type 02), to the recipient by default.
 * - Dimensions are whole units (the Shipping document allows 3 characters),
 *   rounded up; weights one decimal.
 */
import * as z from '../../zod';
import type { RateRequest } from '../../domain/rate/schema';
import { clip } from '../../domain/text-clipping';
import { gifToPng } from '../../labels/png';
import {
  compact,
  contactOf,
  dutiesPayerOf,
  invoiceTotal,
  isInternational,
  refuseNonConveyable,
  refuseTooManyPackages,
  shipReferenceOf,
  thirdPartyAccountOf,
} from '../request-mapping';
import { CarrierError, CarrierRefusal, type CarrierDocument, type CarrierShipment, type ShipInput } from '../../domain/carrier';
import { accountNumberOf, addressOf, customsValueOf, cut, isUsDomestic, money, packagesOf, PRESENT, thirdPartyCountryOf, UPS_ACCOUNT } from './mapping';
import type { Documented, Mismatches, Shipping } from './documents';
import { UPS } from './oauth';
import { upsServiceByCode } from './services';

/** The Shipping version this connector speaks. */
export const UPS_SHIPPING_VERSION = 'v2409';
export const UPS_SHIP_PATH = `/shipments/${UPS_SHIPPING_VERSION}/ship`;
export const UPS_RECOVERY_PATH = `/labels/${UPS_SHIPPING_VERSION}/recovery`;
export const upsVoidPath = (shipmentId: string) => `/shipments/${UPS_SHIPPING_VERSION}/void/cancel/${encodeURIComponent(shipmentId)}`;

/** UPS's public tracking page of a tracking number. */
export const upsTrackingUrl = (trackingNumber: string) => `https://www.ups.com/track?tracknum=${encodeURIComponent(trackingNumber)}`;

/** Our reference as UPS keeps it: the UUID's 32 hex digits, upper case (UPS takes 35 characters). */
export const upsReferenceOf = (reference: string): string => reference.replaceAll('-', '').toUpperCase().slice(0, 35);

/**
 * A party of Shipping's request (Shipper, ShipTo, ShipFrom), but for its
 * address's City: the document requires one, and a party given without a
 * city (our API's city is optional) is sent without it, as it always was.
 */
type CityOptional<Party extends { Address: { City: string } }> = Omit<Party, 'Address'> & { Address: Omit<Party['Address'], 'City'> & { City?: string } };
type UpsShipParty = CityOptional<Shipping['Shipment_ShipTo']>;
type UpsShipPackage = Shipping['Shipment_Package'];
type UpsCharge = Shipping['PaymentInformation_ShipmentCharge'];

/** Shipping's request (SHIPRequestWrapper), its parties' City optional (`CityOptional`). */
export type UpsShipBody = {
  ShipmentRequest: Omit<Shipping['ShipmentRequest'], 'Shipment'> & {
    Shipment: Omit<Shipping['ShipmentRequest_Shipment'], 'Shipper' | 'ShipTo' | 'ShipFrom'> & {
      Shipper: CityOptional<Shipping['Shipment_Shipper']>;
      ShipTo: CityOptional<Shipping['Shipment_ShipTo']>;
      ShipFrom?: CityOptional<Shipping['Shipment_ShipFrom']>;
    };
  };
};

/** The requests of one ship: the shipment, and its return shipment when asked. */
export type UpsShipRequests = { reference: string; packageCount: number; shipment: UpsShipBody; returnShipment?: UpsShipBody };

function shipPartyOf(address: RateRequest['shipper'], field: string, residential = false): UpsShipParty {
  const contact = contactOf(UPS, field, address);
  const phone = contact.phoneNumber?.replace(/[^0-9]/g, '');
  return compact<UpsShipParty>({
    Name: cut(contact.companyName ?? contact.personName, 35)!,
    AttentionName: cut(contact.personName, 35),
    Phone: phone && phone.length >= 1 ? { Number: clip(phone, 15) } : undefined,
    EMailAddress: contact.emailAddress && contact.emailAddress.length <= 50 ? contact.emailAddress : undefined,
    Address: addressOf(address, field, residential),
  });
}

/** The rate request's packages as the Shipping document spells them, each carrying our reference. */
function shipPackagesOf(request: RateRequest, reference: string): UpsShipPackage[] {
  return packagesOf(request).map(({ PackagingType, Dimensions, PackageServiceOptions, ...rest }) =>
    compact<UpsShipPackage>({
      ...rest,
      Packaging: PackagingType,
      Dimensions: Dimensions && {
        UnitOfMeasurement: Dimensions.UnitOfMeasurement,
        Length: String(Math.min(999, Math.ceil(Number(Dimensions.Length)))),
        Width: String(Math.min(999, Math.ceil(Number(Dimensions.Width)))),
        Height: String(Math.min(999, Math.ceil(Number(Dimensions.Height)))),
      },
      PackageServiceOptions: PackageServiceOptions && {
        ...(PackageServiceOptions.DeclaredValue ? { DeclaredValue: PackageServiceOptions.DeclaredValue } : {}),
        ...(PackageServiceOptions.DeliveryConfirmation ? { DeliveryConfirmation: PackageServiceOptions.DeliveryConfirmation } : {}),
      },
      ReferenceNumber: [{ Value: reference }],
    }),
  );
}

/** UPS's invoice (form 01) from the commercial invoice. */
function invoiceFormOf(request: RateRequest, shipTime: string): Shipping['ShipmentServiceOptions_InternationalForms'] | undefined {
  const invoice = request.commercialInvoice;
  if (!invoice) return undefined;
  const total = invoiceTotal(invoice);
  return {
    FormType: ['01'],
    Product: invoice.invoiceItems.slice(0, 50).map((item) =>
      compact<Shipping['InternationalForms_Product']>({
        Description: [cut(item.description, 35) ?? 'Goods'],
        Unit: { Number: String(item.quantity), UnitOfMeasurement: { Code: 'PCS' }, Value: (item.value / item.quantity).toFixed(2) },
        CommodityCode: item.hsCode && /^[0-9.]{6,15}$/.test(item.hsCode) ? item.hsCode : undefined,
        OriginCountryCode: item.countryOfManufacture && /^[A-Za-z]{2}$/.test(item.countryOfManufacture) ? item.countryOfManufacture.toUpperCase() : undefined,
      }),
    ),
    InvoiceDate: shipTime.slice(0, 10).replaceAll('-', ''),
    ReasonForExport: ({ permanent: 'SALE', return: 'RETURN', repair: 'REPAIR', returnRepair: 'REPAIR' } as const)[
      request.internationalOptions?.exportType ?? 'permanent'
    ],
    CurrencyCode: total.currency,
    ...(invoice.generalNote ? { Comments: cut(invoice.generalNote, 150) } : {}),
  };
}

function chargesOf(request: RateRequest, accountNumber: string, international: boolean): UpsCharge[] {
  const thirdParty = thirdPartyAccountOf(UPS, request);
  if (thirdParty !== undefined && !UPS_ACCOUNT.test(thirdParty))
    throw new CarrierRefusal(UPS, 'UPS bills a third party only by its 6-character UPS account number');
  const transportation: UpsCharge = thirdParty
    ? { Type: '01', BillThirdParty: { AccountNumber: thirdParty.toUpperCase(), Address: { CountryCode: thirdPartyCountryOf(request) } } }
    : { Type: '01', BillShipper: { AccountNumber: accountNumber } };
  if (!international || request.internationalOptions?.documentsOnly) return [transportation];
  const duties = dutiesPayerOf(UPS, request, 'recipient');
  if (duties.party === 'recipient') return [transportation];
  if (duties.party === 'sender') return [transportation, { Type: '02', BillShipper: { AccountNumber: accountNumber } }];
  if (!UPS_ACCOUNT.test(duties.accountNumber!)) throw new CarrierRefusal(UPS, 'UPS bills duties to a third party only by its 6-character UPS account number');
  return [
    transportation,
    {
      Type: '02',
      BillThirdParty: { AccountNumber: duties.accountNumber!.toUpperCase(), Address: { CountryCode: request.recipient.countryCode.toUpperCase() } },
    },
  ];
}

/** Ground for a return where the outbound service has no return (UPS returns by most services; the express freight ones excepted). */
const RETURN_FALLBACK = '03';

/** The ship requests of `input`; CarrierRefusal when UPS cannot ship it as it stands. */
export function buildUpsShipRequests(input: ShipInput): UpsShipRequests {
  const { request } = input;
  refuseNonConveyable(UPS, request);
  refuseTooManyPackages(UPS, request);
  const service = upsServiceByCode(input.serviceCode);
  if (!service) throw new CarrierRefusal(UPS, `UPS does not offer the service ${input.serviceCode}`);
  const reference = upsReferenceOf(shipReferenceOf(UPS, input));
  const accountNumber = accountNumberOf(input);
  const international = isInternational(request);
  const documentsOnly = international && request.internationalOptions?.documentsOnly === true;
  const customsValue = international && !documentsOnly ? customsValueOf(request) : undefined;
  if (international && !documentsOnly && !customsValue) {
    throw new CarrierRefusal(UPS, 'UPS ships international goods only with their value: internationalOptions.declaredValue or a commercial invoice');
  }
  const signature = request.shippingOptions.signature ?? 'none';
  const shipper = shipPartyOf(request.shipper, 'shipper');
  const recipient = shipPartyOf(request.recipient, 'recipient', request.recipient.residential === true);
  const invoiceForm = international && !documentsOnly ? invoiceFormOf(request, input.shipTime) : undefined;
  const options = compact<Shipping['Shipment_ShipmentServiceOptions']>({
    SaturdayDeliveryIndicator: request.shippingOptions.saturdayDelivery === true ? PRESENT : undefined,
    DeliveryConfirmation: signature !== 'none' && !isUsDomestic(request) ? { DCISType: signature === 'adult' ? '2' : '1' } : undefined,
    InternationalForms: invoiceForm,
  });
  const description = cut(request.commercialInvoice?.invoiceItems.map((i) => i.description).join(', '), 50) ?? (international ? 'Documents' : undefined);
  const packages = shipPackagesOf(request, reference);
  const body = (shipment: Partial<UpsShipBody['ShipmentRequest']['Shipment']>): UpsShipBody => ({
    ShipmentRequest: {
      Request: { RequestOption: 'nonvalidate', SubVersion: UPS_SHIPPING_VERSION.slice(1), TransactionReference: { CustomerContext: reference } },
      Shipment: compact<UpsShipBody['ShipmentRequest']['Shipment']>({
        Description: description,
        DocumentsOnlyIndicator: documentsOnly ? PRESENT : undefined,
        Shipper: { ...shipper, ShipperNumber: accountNumber },
        ShipTo: recipient,
        ShipFrom: shipper,
        PaymentInformation: { ShipmentCharge: chargesOf(request, accountNumber, international) },
        Service: { Code: service.upsCode, Description: cut(service.name, 35) },
        InvoiceLineTotal:
          customsValue && ['US', 'PR'].includes(request.shipper.countryCode.toUpperCase()) && ['CA', 'PR'].includes(request.recipient.countryCode.toUpperCase())
            ? money(customsValue)
            : undefined,
        ShipmentServiceOptions: Object.keys(options).length > 0 ? options : undefined,
        Package: packages,
        ...shipment,
      }),
      LabelSpecification: { LabelImageFormat: { Code: 'GIF' }, LabelStockSize: { Height: '6', Width: '4' } },
    },
  });
  const shipmentBody = body({});
  if (request.shippingOptions.createReturnLabel !== true) return { reference, packageCount: packages.length, shipment: shipmentBody };
  // The return: the recipient sends the first package back to the shipper, billed to the shipper's account.
  const returnShipment = body({
    ReturnService: { Code: '9', Description: 'UPS Print Return Label' },
    Description: description ?? 'Return',
    Shipper: { ...shipper, ShipperNumber: accountNumber },
    // The recipient's address (ShipTo's type) as ShipFrom, which has no residential indicator: left undefined, it leaves with the JSON round trip below.
    ShipFrom: { ...recipient, Address: { ...recipient.Address, ResidentialAddressIndicator: undefined } as UpsShipParty['Address'] },
    ShipTo: shipper,
    PaymentInformation: { ShipmentCharge: [{ Type: '01', BillShipper: { AccountNumber: accountNumber } }] },
    Service: { Code: service.upsCode === '03' || service.upsCode === '11' ? service.upsCode : RETURN_FALLBACK },
    ShipmentServiceOptions: undefined,
    InvoiceLineTotal: undefined,
    Package: packages.slice(0, 1).map(({ PackageServiceOptions: _options, ...p }) => ({ ...p, Description: description ?? 'Return' })),
  });
  return { reference, packageCount: packages.length, shipment: shipmentBody, returnShipment: JSON.parse(JSON.stringify(returnShipment)) as UpsShipBody };
}

/** Label Recovery of one package's label in `format`. */
export const buildUpsLabelRecovery = (trackingNumber: string, format: 'ZPL' | 'GIF'): Shipping['LABELRECOVERYRequestWrapper'] => ({
  LabelRecoveryRequest: {
    Request: { SubVersion: UPS_SHIPPING_VERSION.slice(1), RequestOption: 'Non_Validate' },
    LabelSpecification: { LabelImageFormat: { Code: format }, LabelStockSize: { Height: '6', Width: '4' } },
    TrackingNumber: trackingNumber,
  },
});

// ---------------------------------------------------------------------------
// The answers.

/** UPS answers a one-element list as the element itself in places; both are read as a list. */
const list = <T extends z.ZodMiniType>(item: T) =>
  z.union([
    z.array(item),
    z.pipe(
      item,
      z.transform((one) => [one]),
    ),
  ]);
const image = z.object({ ImageFormat: z.object({ Code: z.string() }), GraphicImage: z.string().check(z.minLength(1)) });

const shipResponseSchema = z.object({
  ShipmentResponse: z.object({
    Response: z.object({ ResponseStatus: z.object({ Code: z.string(), Description: z.optional(z.string()) }) }),
    ShipmentResults: z.object({
      ShipmentIdentificationNumber: z.string().check(z.minLength(1), z.maxLength(18)),
      PackageResults: list(z.object({ TrackingNumber: z.string().check(z.minLength(1), z.maxLength(18)), ShippingLabel: z.optional(image) })),
      Form: z.optional(z.object({ Image: z.optional(image) })),
    }),
  }),
});

const recoveryResponseSchema = z.object({
  LabelRecoveryResponse: z.object({
    Response: z.object({ ResponseStatus: z.object({ Code: z.string(), Description: z.optional(z.string()) }) }),
    LabelResults: list(
      z.object({
        TrackingNumber: z.string().check(z.minLength(1)),
        LabelImage: z.object({ LabelImageFormat: z.object({ Code: z.string() }), GraphicImage: z.string().check(z.minLength(1)) }),
      }),
    ),
  }),
});

// What the schemas read is Shipping's SHIPResponseWrapper and LABELRECOVERYResponseWrapper (./documents.ts): a renamed or retyped field fails tsc.
type _ShipResponseDocumented = Documented<Mismatches<z.input<typeof shipResponseSchema>, Shipping['SHIPResponseWrapper']>>;
type _RecoveryResponseDocumented = Documented<Mismatches<z.input<typeof recoveryResponseSchema>, Shipping['LABELRECOVERYResponseWrapper']>>;

const malformed = (what: string, error: z.core.$ZodError) => {
  const issue = error.issues[0];
  const where = issue && issue.path.length > 0 ? ` at ${issue.path.join('.')}` : '';
  return new CarrierError(UPS, `UPS answered with a malformed ${what}${where}: ${issue?.message ?? 'unreadable'}`);
};

/** What a ship answer says: the shipment id, the tracking number and label image of each package, the invoice. */
export type UpsShipped = { shipmentId: string; packages: { trackingNumber: string; label?: { format: string; content: Buffer } }[]; invoice?: Buffer };

const BASE64 = /^[A-Za-z0-9+/=\r\n]+$/;
const decode = (text: string, what: string): Buffer => {
  if (!BASE64.test(text)) throw new CarrierError(UPS, `UPS sent ${what} that is not base64`);
  return Buffer.from(text, 'base64');
};

export function parseUpsShipResponse(raw: unknown): UpsShipped {
  const parsed = shipResponseSchema.safeParse(raw);
  if (!parsed.success) throw malformed('ship response', parsed.error);
  const { Response, ShipmentResults } = parsed.data.ShipmentResponse;
  if (Response.ResponseStatus.Code !== '1')
    throw new CarrierError(UPS, `UPS did not ship: ${Response.ResponseStatus.Description ?? `status ${Response.ResponseStatus.Code}`}`);
  const invoiceImage = ShipmentResults.Form?.Image;
  return {
    shipmentId: ShipmentResults.ShipmentIdentificationNumber,
    packages: ShipmentResults.PackageResults.map((p) =>
      compact({
        trackingNumber: p.TrackingNumber,
        label: p.ShippingLabel
          ? { format: p.ShippingLabel.ImageFormat.Code.toUpperCase(), content: decode(p.ShippingLabel.GraphicImage, 'a label') }
          : undefined,
      }),
    ),
    ...(invoiceImage ? { invoice: decode(invoiceImage.GraphicImage, 'an invoice') } : {}),
  };
}

/** The labels of a Label Recovery answer, by tracking number. */
export function parseUpsLabelRecovery(raw: unknown): Map<string, { format: string; content: Buffer }> {
  const parsed = recoveryResponseSchema.safeParse(raw);
  if (!parsed.success) throw malformed('label recovery response', parsed.error);
  return new Map(
    parsed.data.LabelRecoveryResponse.LabelResults.map((r) => [
      r.TrackingNumber,
      { format: r.LabelImage.LabelImageFormat.Code.trim().toUpperCase(), content: decode(r.LabelImage.GraphicImage, 'a label') },
    ]),
  );
}

/** A label document of package `packageIndex` (or the return label) from UPS's bytes: GIF re-encoded as PNG, ZPL as is. */
async function labelDocument(label: { format: string; content: Buffer }, type: 'label' | 'returnLabel', packageIndex: number): Promise<CarrierDocument> {
  if (label.format === 'GIF') {
    try {
      return { type, packageIndex, format: 'PNG', content: await gifToPng(label.content) };
    } catch (error) {
      throw new CarrierError(UPS, `UPS sent a label image that cannot be read: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  if (label.format === 'ZPL') return { type, packageIndex, format: 'ZPL', content: label.content };
  throw new CarrierError(UPS, `UPS sent a label in ${label.format}, which was not asked for`);
}

/**
 * The port's shipment from UPS's answers: the ship (GIF labels), the ZPL
 * labels recovered per package, and the return shipment's answer when one
 * was made.
 */
export async function upsShipmentOf(
  input: ShipInput,
  shipped: UpsShipped,
  zpl: Map<string, { format: string; content: Buffer }>,
  returned?: UpsShipped,
): Promise<CarrierShipment> {
  const count = shipped.packages.length;
  if (count === 0) throw new CarrierError(UPS, 'UPS answered a ship without packages');
  const documents: CarrierDocument[] = [];
  for (const [index, p] of shipped.packages.entries()) {
    if (p.label) documents.push(await labelDocument(p.label, 'label', index));
    const recovered = zpl.get(p.trackingNumber);
    if (recovered) documents.push(await labelDocument(recovered, 'label', index));
  }
  const returnLabel = returned?.packages[0]?.label;
  if (returnLabel) documents.push(await labelDocument(returnLabel, 'returnLabel', 0));
  if (shipped.invoice) documents.push({ type: 'customsInvoice', format: 'PDF', content: shipped.invoice });
  const master = shipped.packages[0]!.trackingNumber;
  return compact({
    reference: input.reference,
    carrierCode: UPS,
    serviceCode: input.serviceCode,
    trackingNumber: master,
    pieceTrackingNumbers: shipped.packages.map((p) => p.trackingNumber),
    trackingUrl: upsTrackingUrl(master),
    returnTrackingNumber: returned?.packages[0]?.trackingNumber,
    customs: shipped.invoice ? { declarationNumber: shipped.shipmentId, documentsOnly: false } : undefined,
    shipmentId: shipped.shipmentId,
    documents,
  });
}
