/** Inputs and Canada Post answers shared by the Canada Post tests; every answer here validates against Canada Post's response schemas (checked where used). */
import type { RateInput, ShipInput } from '../../../../shared/domain/carrier';
import type { RateRequest } from '../../../../shared/domain/rate/schema';
import type { PricingPlan } from '../../../../shared/domain/entities';
import { enabledServices } from '../fixtures';

export const CUSTOMER = '2004381';
export const CONTRACT = '42708517';
export const REFERENCE = '3f2c9a7e-5b1d-4c8e-9f0a-1b2c3d4e5f60';
export const REF32 = '3f2c9a7e5b1d4c8e9f0a1b2c3d4e5f60';

export const plan: PricingPlan = {
  pricingGroupId: 'default',
  carrierCode: 'CANADAPOST',
  account: { accountNumber: CUSTOMER },
  carrierAccountId: 'acct-cp-1',
  accountDiscountBp: 0,
  customerDiscountBp: 0,
  services: [],
  currency: 'CAD',
};

export const rateInputOf = (request: RateRequest): RateInput => ({ request, plan, services: enabledServices('CANADAPOST') });
export const shipInputOf = (request: RateRequest, serviceCode = 'CANADAPOST_XPRESSPOST', extra: Partial<ShipInput> = {}): ShipInput => ({
  reference: REFERENCE,
  request,
  plan,
  serviceCode,
  shipTime: '2025-06-04T13:00:00.000Z',
  ...extra,
});

export const montreal = {
  personName: 'Félix Tremblay',
  phoneNumber: '+1 514 555 0100',
  addressLine1: '1000 Rue De La Gauchetière O',
  city: 'Montréal',
  provinceCode: 'QC',
  postalCode: 'H3B 4W5',
  countryCode: 'CA',
};

export const BASE = 'https://ct.soa-gw.canadapost.ca';

const link = (rel: string, href: string, media: string, index?: number, element = 'link') =>
  `<${element} rel="${rel}" href="${href}" media-type="${media}"${index === undefined ? '' : ` index="${index}"`}/>`;

/** A price-quote of Get Rates, as rating.xsd has it. */
export const priceQuote = (
  code: string,
  name: string,
  price: { base: string; due: string; taxes?: string; options?: string; adjustments?: string },
  standard = '<am-delivery>false</am-delivery><guaranteed-delivery>true</guaranteed-delivery><expected-transit-time>1</expected-transit-time><expected-delivery-date>2025-06-05</expected-delivery-date>',
) =>
  `<price-quote><service-code>${code}</service-code>${link('service', `${BASE}/rs/ship/service/${code}?country=CA`, 'application/vnd.cpc.ship.rate-v4+xml', undefined, 'service-link')}<service-name>${name}</service-name><price-details><base>${price.base}</base>${price.taxes ?? ''}<due>${price.due}</due>${price.options ?? ''}${price.adjustments ?? ''}</price-details><weight-details/><service-standard>${standard}</service-standard></price-quote>`;

export const priceQuotes = (...quotes: string[]) =>
  `<?xml version="1.0" encoding="UTF-8"?>\n<price-quotes xmlns="http://www.canadapost.ca/ws/ship/rate-v4">${quotes.join('')}</price-quotes>`;

/** A shipment-info answer of Create Shipment / Get Shipment. */
export const shipmentInfo = (id: string, pin: string, extra: { status?: string; returnPin?: string; links?: string[]; requestId?: string } = {}) =>
  `<?xml version="1.0" encoding="UTF-8"?>\n<shipment-info xmlns="http://www.canadapost.ca/ws/shipment-v8">${extra.requestId ? `<customer-request-id>${extra.requestId}</customer-request-id>` : ''}<shipment-id>${id}</shipment-id><shipment-status>${extra.status ?? 'created'}</shipment-status><tracking-pin>${pin}</tracking-pin>${extra.returnPin ? `<return-tracking-pin>${extra.returnPin}</return-tracking-pin>` : ''}<links>${(
    extra.links ?? [
      link('self', `${BASE}/rs/${CUSTOMER}/${CUSTOMER}/shipment/${id}`, 'application/vnd.cpc.shipment-v8+xml'),
      link('details', `${BASE}/rs/${CUSTOMER}/${CUSTOMER}/shipment/${id}/details`, 'application/vnd.cpc.shipment-v8+xml'),
      link('group', `${BASE}/rs/${CUSTOMER}/${CUSTOMER}/shipment?groupid=shipping-api-20250604`, 'application/vnd.cpc.shipment-v8+xml'),
      link('price', `${BASE}/rs/${CUSTOMER}/${CUSTOMER}/shipment/${id}/price`, 'application/vnd.cpc.shipment-v8+xml'),
      link('label', `${BASE}/ers/artifact/6e93d53968881714/${id}1/0`, 'application/pdf', 0),
      link('refund', `${BASE}/rs/${CUSTOMER}/${CUSTOMER}/shipment/${id}/refund`, 'application/vnd.cpc.shipment-v8+xml'),
    ]
  ).join('')}</links></shipment-info>`;

export const shipments = (...hrefs: string[]) =>
  `<?xml version="1.0" encoding="UTF-8"?>\n<shipments xmlns="http://www.canadapost.ca/ws/shipment-v8">${hrefs.map((h) => link('shipment', h, 'application/vnd.cpc.shipment-v8+xml')).join('')}</shipments>`;

export const nonContractInfo = (id: string, pin: string) =>
  `<?xml version="1.0" encoding="UTF-8"?>\n<non-contract-shipment-info xmlns="http://www.canadapost.ca/ws/ncshipment-v4"><shipment-id>${id}</shipment-id><tracking-pin>${pin}</tracking-pin><links>${[
    link('self', `${BASE}/rs/${CUSTOMER}/ncshipment/${id}`, 'application/vnd.cpc.ncshipment-v4+xml'),
    link('details', `${BASE}/rs/${CUSTOMER}/ncshipment/${id}/details`, 'application/vnd.cpc.ncshipment-v4+xml'),
    link('receipt', `${BASE}/rs/${CUSTOMER}/ncshipment/${id}/receipt`, 'application/vnd.cpc.ncshipment-v4+xml'),
    link('refund', `${BASE}/rs/${CUSTOMER}/ncshipment/${id}/refund`, 'application/vnd.cpc.ncshipment-v4+xml'),
    link('label', `${BASE}/ers/artifact/76108cb5192002d5/${id}1/0`, 'application/pdf', 0),
  ].join('')}</links></non-contract-shipment-info>`;

export const messages = (...pairs: [string, string][]) =>
  `<?xml version="1.0" encoding="UTF-8"?>\n<messages xmlns="http://www.canadapost.ca/ws/messages">${pairs.map(([code, description]) => `<message><code>${code}</code><description>${description}</description></message>`).join('')}</messages>`;

const occurrence = (id: string, date: string, time: string, zone: string, description: string, site = '', province = '') =>
  `<occurrence><event-identifier>${id}</event-identifier><event-date>${date}</event-date><event-time>${time}</event-time><event-time-zone>${zone}</event-time-zone><event-description>${description}</event-description><signatory-name></signatory-name><event-site>${site}</event-site><event-province>${province}</event-province><event-retail-location-id></event-retail-location-id><event-retail-name></event-retail-name></occurrence>`;

/** A tracking-detail answer (track.xsd: every element present, dates possibly empty). */
export const trackingDetail = (pin: string, occurrences: Parameters<typeof occurrence>[], expected = '2025-06-06') =>
  `<?xml version="1.0" encoding="UTF-8"?>\n<tracking-detail xmlns="http://www.canadapost.ca/ws/track"><pin>${pin}</pin><active-exists>1</active-exists><archive-exists></archive-exists><changed-expected-date>false</changed-expected-date><destination-postal-id>H3B4W5</destination-postal-id><expected-delivery-date>${expected}</expected-delivery-date><changed-expected-delivery-reason></changed-expected-delivery-reason><mailed-by-customer-number>${CUSTOMER}</mailed-by-customer-number><mailed-on-behalf-of-customer-number>${CUSTOMER}</mailed-on-behalf-of-customer-number><original-pin></original-pin><service-name>Xpresspost</service-name><service-name-2>Xpresspost</service-name-2><customer-ref-1>${REF32}</customer-ref-1><customer-ref-2></customer-ref-2><return-pin></return-pin><signature-image-exists>false</signature-image-exists><suppress-signature>false</suppress-signature><delivery-options></delivery-options><significant-events>${occurrences.map((o) => occurrence(...o)).join('')}</significant-events></tracking-detail>`;

export const PDF = Buffer.from('%PDF-1.4\n% a Canada Post label\n%%EOF\n', 'latin1');

/** A pickup place: Canadian, with the e-mail and the 10-digit phone Create Pickup Request needs. */
export const ottawa = {
  personName: 'Maple Dock',
  companyName: 'Maple & Co',
  addressLine1: '100 Main St',
  city: 'Ottawa',
  provinceCode: 'ON',
  postalCode: 'K2B 8J6',
  countryCode: 'CA',
  phoneNumber: '+1 (613) 555-0100',
  emailAddress: 'dock@maple.example.com',
};
