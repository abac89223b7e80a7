/**
 * A Canada Post stand-in (tooling: no function imports it), answering its
 * REST web services as its developer documentation describes them, over
 * Canada Post's own XML schemas (the carrier-specs folder of the shared folder
 * beside the project, read through ./xsd.ts):
 *
 * - every request is checked as Canada Post checks it: HTTP Basic
 *   credentials of a configured client (401 otherwise), the operation's
 *   versioned media type in `Accept` (and `Content-Type` for a body), a body
 *   that is XML without a DOCTYPE, not too deep, and valid against the
 *   operation's schema (400 with a `messages` document naming the problems
 *   otherwise, as Canada Post refuses malformed XML);
 * - every XML answer is validated against its response schema before it
 *   leaves: a simulator bug fails loudly rather than teach a parser
 *   something Canada Post never says;
 * - it keeps state: contract shipments in their groups, transmitted into
 *   manifests, voided before transmit (Canada Post's 8064 after), refund
 *   requests (7292 for a second one); non-contract shipments and theirs;
 *   PINs, artifacts (PDF or ZPL labels, manifests), tracking that moves on
 *   `advance(pin)`; on-demand pickup requests by customer number, listed,
 *   detailed and cancelled (404 once cancelled, Canada Post's 11004 from the
 *   preferred time on the simulator's clock, or after `dispatchPickup`).
 *
 * Links in answers are absolute on the base URL the request came to
 * (`request.baseUrl`), as Canada Post's point at its own host.
 *
 * Faults for tests: `failNext('lose-answer')` does the work then loses the
 * answer (LostAnswer), `'http500'` answers a 500, `'refuse'` a 400 (SIM400)
 * without doing the work (`failNext(fault, 1, 'transmit')`: only the next
 * request of that operation; `failNext(fault, 1, 'createShipment', 1)`: the
 * one after the next); `holdNext('voidShipment')` keeps the next
 * request of an operation waiting until the test releases it, so a test
 * orders two callers' requests as it wants; `answerLate(ms)` makes the
 * next create (contract or not) land `ms` late (LateAnswer, as the UPS
 * simulator's; `answerLate(ms, 'createPickup')` a pickup request's); `listAfterMs` keeps a brand-new shipment out of Get
 * Shipments and Get Non-Contract Shipments for that long.
 *
 * Codes: Canada Post's where its documentation (or an answer it is known to
 * give) names one: 8064, 7292, 004, E002, `Server` for a schema fault.
 * Refusals Canada Post documents without a code carry the simulator's own,
 * prefixed `SIM` so nobody mistakes them for Canada Post's.
 */
import { XMLBuilder, XMLParser } from 'fast-xml-parser';
import { labelPdf, labelZpl, manifestPdf, type LabelFacts } from './documents';
import { canadaPostXmlProblems, type CanadaPostSchema } from './xsd';
import { LateAnswer, LostAnswer } from '../mock-http';
import { provinceOf, simplePdf, taxRatesOf } from '../stand-in-kit';

export const CANADA_POST_MEDIA = {
  rate: 'application/vnd.cpc.ship.rate-v4+xml',
  shipment: 'application/vnd.cpc.shipment-v8+xml',
  ncshipment: 'application/vnd.cpc.ncshipment-v4+xml',
  manifest: 'application/vnd.cpc.manifest-v8+xml',
  track: 'application/vnd.cpc.track-v2+xml',
  pickup: 'application/vnd.cpc.pickup+xml',
  pickuprequest: 'application/vnd.cpc.pickuprequest+xml',
  pdf: 'application/pdf',
  zpl: 'application/zpl',
} as const;

const NS = {
  rate: 'http://www.canadapost.ca/ws/ship/rate-v4',
  shipment: 'http://www.canadapost.ca/ws/shipment-v8',
  ncshipment: 'http://www.canadapost.ca/ws/ncshipment-v4',
  manifest: 'http://www.canadapost.ca/ws/manifest-v8',
  track: 'http://www.canadapost.ca/ws/track',
  messages: 'http://www.canadapost.ca/ws/messages',
  pickup: 'http://www.canadapost.ca/ws/pickup/availability',
  pickuprequest: 'http://www.canadapost.ca/ws/pickuprequest',
} as const;

/** One HTTP request as the mock server hands it over; header names in lower case. */
export type CanadaPostSimRequest = {
  method: string;
  /** The path below the host (`/rs/ship/price`), undecoded. */
  path: string;
  query?: Readonly<Record<string, string>>;
  headers: Readonly<Record<string, string | undefined>>;
  body?: string;
  /** The server's own base URL (`http://127.0.0.1:4020`): every link of an answer is on it. */
  baseUrl: string;
};

export type CanadaPostSimAnswer = { status: number; contentType: string; body: Buffer };

export type CanadaPostClient = { username: string; password: string };

export type CanadaPostFault = 'lose-answer' | 'http500' | 'refuse';

type Stage = 'created' | 'pickedUp' | 'inTransit' | 'outForDelivery' | 'delivered';
const STAGES: readonly Stage[] = ['created', 'pickedUp', 'inTransit', 'outForDelivery', 'delivered'];

/**
 * The significant events of each stage: Canada Post's event identifiers
 * and words. 0100, 0174 and 1496 are those of the documentation's Get
 * Tracking Details example; 1302 is Canada Post's "Item accepted at the
 * Post Office"; 3000 (electronic information, the label made, nothing
 * scanned) is the identifier the connector reads for it.
 */
export const CANADA_POST_EVENTS: Readonly<Record<Stage, { identifier: string; description: string; site: string; province: string }>> = {
  created: { identifier: '3000', description: 'Electronic information submitted by shipper', site: '', province: '' },
  pickedUp: { identifier: '1302', description: 'Item accepted at the Post Office', site: 'OTTAWA', province: 'ON' },
  inTransit: { identifier: '0100', description: 'Item processed at postal facility', site: 'MISSISSAUGA', province: 'ON' },
  outForDelivery: { identifier: '0174', description: 'Item out for delivery', site: 'MONTREAL', province: 'QC' },
  delivered: { identifier: '1496', description: 'Item successfully delivered', site: 'MONTREAL', province: 'QC' },
};

export type SimulatedPrice = {
  serviceCode: string;
  base: number;
  options: { code: string; name: string; price: number }[];
  adjustments: { code: string; name: string; cost: number; percent?: number }[];
  preTax: number;
  gst: number;
  pst: number;
  hst: number;
  due: number;
  transitDays: number;
  expectedDelivery: string;
  guaranteed: boolean;
  ratedWeight: number;
};

export type SimulatedCanadaPostShipment = {
  kind: 'contract' | 'nonContract';
  shipmentId: string;
  /** The mailed-by customer number, and the mailed-on-behalf-of one (the mailed-by for a non-contract shipment). */
  customerNumber: string;
  mobo: string;
  /** The API username that made it: only it may fetch its artifacts. */
  username: string;
  trackingPin: string;
  customerRequestId?: string;
  customerRef1?: string;
  /** Its group until transmitted (contract); none once transmitted, or when it was made with transmit-shipment. */
  groupId?: string;
  transmitShipment: boolean;
  serviceCode: string;
  encoding: 'PDF' | 'ZPL';
  outputFormat: '4x6' | '8.5x11';
  labelArtifactId: string;
  invoiceArtifactId?: string;
  status: 'created' | 'transmitted';
  manifestId?: string;
  voided: boolean;
  refund?: { ticketId: string; date: string; email: string };
  stage: Stage;
  createdAt: string;
  price: SimulatedPrice;
  finalShippingPoint: string;
  destinationPostalCode: string;
  /** The request's delivery-spec, element by element as sent (Get Shipment Details echoes it). */
  deliverySpec: unknown[];
};

export type SimulatedManifest = {
  poNumber: string;
  customerNumber: string;
  mobo: string;
  username: string;
  groupIds: string[];
  shipmentIds: string[];
  createdAt: string;
  artifactId: string;
  methodOfPayment: string;
  finalShippingPoint: string;
  contractId?: string;
  /** The transmit's customer-reference, which Get Manifest Details answers as customer-ref. */
  customerReference?: string;
  manifestAddress: unknown[];
};

/**
 * An on-demand pickup request. Its local times are read on the simulator's
 * clock as UTC (the stand-in has one time zone): a cancel is refused (11004)
 * from its preferred time on, or once `dispatchPickup` sent the driver.
 */
export type SimulatedPickup = {
  requestId: string;
  customerNumber: string;
  customerRequestId?: string;
  status: 'Pending' | 'Cancelled';
  createdAt: string;
  date: string;
  preferredTime: string;
  closingTime: string;
  instructions: string;
  contactName: string;
  email?: string;
  contactPhone: string;
  volume: string;
  /** The postal code the driver goes to: the alternate address's, or the profile's business address (CANADA_POST_BUSINESS_POSTAL_CODE). */
  postalCode: string;
  /** The request's pickup-location, element by element as sent (the details echo it). */
  location: unknown[];
  contractId?: string;
  dispatched: boolean;
  price: { preTax: number; hst: number; due: number };
};

type Artifact = { username: string; mediaType: string; render: () => Buffer };

/**
 * Thrown by `send`: a lost answer (the work is done, the caller never hears
 * of it), or a late one (`answerLate(delayMs)`: Canada Post takes `delayMs`
 * to act, and only then makes the shipment and answers; until `land()` runs
 * nothing is made, so Get Shipments finds nothing). Whoever serves the
 * simulator waits, then calls `land()` (../mock-http.ts).
 */
export { LateAnswer, LostAnswer };

/** Characters of a request body read at most (the mock server bounds bytes before this). */
export const MAX_BODY_CHARS = 1024 * 1024;
/** Elements nested deeper than this are refused before any parser sees them (Canada Post's documents nest 8 deep). */
export const MAX_DEPTH = 64;

/** The postal code of every customer's business address in its Canada Post profile (the stand-in has one profile). */
export const CANADA_POST_BUSINESS_POSTAL_CODE = 'K2B8J6';
/**
 * The stand-in's pickup facts: an on-demand tour everywhere but the postal
 * codes starting with X (the territories), same-day requests until 15:00,
 * the documented preferred times (12:00 to 16:00, closing an hour later at
 * least), 30 days ahead under a contract and 5 without, and a non-contract
 * pickup's fee.
 */
export const CANADA_POST_PICKUP = {
  onDemandCutoff: '15:00',
  priorityWorldCutoff: '14:00',
  latestPreferred: '16:00',
  advanceDays: { contract: 30, nonContract: 5 },
  nonContractFee: 7.5,
  hstPercent: 13,
} as const;

const escapeXml = (value: string): string => value.replace(/[<>&"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;' })[c]!);

/** `<name>value</name>`, nothing when the value is undefined. */
const t = (name: string, value: string | number | boolean | undefined): string => (value === undefined ? '' : `<${name}>${escapeXml(String(value))}</${name}>`);
const e = (name: string, ...children: string[]): string => `<${name}>${children.join('')}</${name}>`;
const linkXml = (rel: string, href: string, mediaType: string, index?: number): string =>
  `<link rel="${escapeXml(rel)}" href="${escapeXml(href)}" media-type="${escapeXml(mediaType)}"${index === undefined ? '' : ` index="${index}"`}/>`;
const documentXml = (root: string, namespace: string, ...children: string[]): string =>
  `<?xml version="1.0" encoding="UTF-8"?>\n<${root} xmlns="${namespace}">${children.join('')}</${root}>`;

export const messagesXml = (messages: readonly { code: string; description: string }[]): string =>
  documentXml(
    'messages',
    NS.messages,
    ...messages.map((m) => e('message', t('code', m.code), t('description', m.description.replace(/\s+/g, ' ').slice(0, 500)))),
  );

/** Elements that may repeat in the requests the simulator reads. */
const REPEATED = new Set(['group-id', 'shipment-id', 'option', 'item', 'service-code']);

// A DOCTYPE is refused before any parser runs, so only XML's five predefined entities and character references remain to decode.
const plainParser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  removeNSPrefix: true,
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: true,
  processEntities: true,
  htmlEntities: false,
  isArray: (name) => REPEATED.has(name),
});
const orderedParser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  removeNSPrefix: true,
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: true,
  processEntities: true,
  htmlEntities: false,
  preserveOrder: true,
});
const orderedBuilder = new XMLBuilder({
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  preserveOrder: true,
  suppressEmptyNode: true,
  processEntities: true,
});

/** The children of the first element `name` found depth first in an ordered tree. */
function orderedChildren(nodes: unknown[], name: string): unknown[] | undefined {
  for (const node of nodes) {
    if (typeof node !== 'object' || node === null) continue;
    for (const [key, value] of Object.entries(node)) {
      if (key === ':@' || !Array.isArray(value)) continue;
      if (key === name) return value;
      const inner = orderedChildren(value, name);
      if (inner) return inner;
    }
  }
  return undefined;
}

/** Why a body is refused before it is parsed: a DOCTYPE (entities), or nesting deeper than MAX_DEPTH; undefined when neither. */
export function hostileBodyProblem(xml: string): string | undefined {
  if (xml.length > MAX_BODY_CHARS) return `the request body is over ${MAX_BODY_CHARS} characters`;
  if (/<!DOCTYPE|<!ENTITY/i.test(xml)) return 'a DOCTYPE or an entity declaration is not accepted';
  let depth = 0;
  for (const match of xml.matchAll(/<(\/?)[A-Za-z_][^<>]*?(\/?)>/g)) {
    if (match[1]) depth--;
    else if (!match[2]) depth++;
    if (depth > MAX_DEPTH) return `elements are nested deeper than ${MAX_DEPTH}`;
  }
  return undefined;
}

// --- facts of rating ---------------------------------------------------------

type ServiceFacts = { code: string; name: string; base: number; perKg: number; days: number; guaranteed: boolean; maxKg: number };

const SERVICES: Readonly<Record<'domestic' | 'usa' | 'international', readonly ServiceFacts[]>> = {
  domestic: [
    { code: 'DOM.RP', name: 'Regular Parcel', base: 11.2, perKg: 1.35, days: 4, guaranteed: false, maxKg: 30 },
    { code: 'DOM.EP', name: 'Expedited Parcel', base: 12.6, perKg: 1.6, days: 2, guaranteed: true, maxKg: 30 },
    { code: 'DOM.XP', name: 'Xpresspost', base: 16.9, perKg: 2.4, days: 1, guaranteed: true, maxKg: 30 },
    { code: 'DOM.PC', name: 'Priority', base: 27.5, perKg: 3.1, days: 1, guaranteed: true, maxKg: 30 },
  ],
  usa: [
    { code: 'USA.SP.AIR', name: 'Small Packet USA Air', base: 9.4, perKg: 11.5, days: 8, guaranteed: false, maxKg: 1 },
    { code: 'USA.TP', name: 'Tracked Packet - USA', base: 13.8, perKg: 9.2, days: 6, guaranteed: false, maxKg: 2 },
    { code: 'USA.EP', name: 'Expedited Parcel USA', base: 19.6, perKg: 4.1, days: 5, guaranteed: false, maxKg: 30 },
    { code: 'USA.XP', name: 'Xpresspost USA', base: 29.9, perKg: 5.3, days: 3, guaranteed: true, maxKg: 30 },
    { code: 'USA.PW.PARCEL', name: 'Priority Worldwide parcel USA', base: 54.0, perKg: 8.9, days: 2, guaranteed: true, maxKg: 30 },
  ],
  international: [
    { code: 'INT.SP.AIR', name: 'Small Packet International Air', base: 14.5, perKg: 19.0, days: 10, guaranteed: false, maxKg: 2 },
    { code: 'INT.TP', name: 'Tracked Packet - International', base: 24.0, perKg: 16.5, days: 8, guaranteed: false, maxKg: 2 },
    { code: 'INT.IP.SURF', name: 'International Parcel Surface', base: 32.0, perKg: 6.2, days: 40, guaranteed: false, maxKg: 30 },
    { code: 'INT.IP.AIR', name: 'International Parcel Air', base: 45.0, perKg: 11.8, days: 8, guaranteed: false, maxKg: 30 },
    { code: 'INT.XP', name: 'Xpresspost International', base: 62.0, perKg: 14.0, days: 5, guaranteed: false, maxKg: 30 },
    { code: 'INT.PW.PARCEL', name: 'Priority Worldwide parcel INTL', base: 95.0, perKg: 18.5, days: 3, guaranteed: true, maxKg: 30 },
  ],
};
const SERVICE_BY_CODE = new Map(Object.values(SERVICES).flatMap((list) => list.map((s) => [s.code, s] as const)));

const OPTION_PRICES: Readonly<Record<string, { name: string; price: number }>> = {
  SO: { name: 'Signature', price: 2.5 },
  COV: { name: 'Coverage', price: 3.25 },
  PA18: { name: 'Proof of Age Required - 18', price: 4.75 },
  PA19: { name: 'Proof of Age Required - 19', price: 4.75 },
  HFP: { name: 'Card for pickup', price: 2.1 },
  DNS: { name: 'Do not safe drop', price: 0 },
  LAD: { name: 'Leave at door - do not card', price: 0 },
  D2PO: { name: 'Deliver to Post Office', price: 0 },
  COD: { name: 'Collect on delivery', price: 6.25 },
  RASE: { name: 'Return at Sender’s Expense', price: 0 },
  RTS: { name: 'Return to Sender', price: 0 },
  ABAN: { name: 'Abandon', price: 0 },
};

const FUEL_PERCENT = 17.25;
const CONTRACT_DISCOUNT_PERCENT = -12;

const round2 = (n: number) => Math.round(n * 100) / 100;
const money = (n: number) => n.toFixed(2);

const ymd = (d: Date) => d.toISOString().slice(0, 10);

/** `days` business days after `from` (weekends skipped). */
function addBusinessDays(from: Date, days: number): Date {
  const d = new Date(Date.UTC(from.getUTCFullYear(), from.getUTCMonth(), from.getUTCDate()));
  let left = days;
  while (left > 0) {
    d.setUTCDate(d.getUTCDate() + 1);
    if (d.getUTCDay() !== 0 && d.getUTCDay() !== 6) left--;
  }
  return d;
}

type Destination = { family: 'domestic' | 'usa' | 'international'; postalCode: string; country: string };

function priceOf(
  service: ServiceFacts,
  kg: number,
  origin: string,
  destination: Destination,
  optionCodes: readonly string[],
  contract: boolean,
  mailingDate: Date,
): SimulatedPrice {
  const sameRegion = destination.family === 'domestic' && destination.postalCode.charAt(0) === origin.charAt(0);
  const base = round2((service.base + service.perKg * Math.max(kg, 0.1)) * (destination.family === 'domestic' && !sameRegion ? 1.25 : 1));
  const options = optionCodes.filter((c) => OPTION_PRICES[c]).map((code) => ({ code, name: OPTION_PRICES[code]!.name, price: OPTION_PRICES[code]!.price }));
  if (destination.family === 'domestic' && !options.some((o) => o.code === 'DC')) options.unshift({ code: 'DC', name: 'Delivery confirmation', price: 0 });
  const optionsTotal = options.reduce((sum, o) => sum + o.price, 0);
  const adjustments: SimulatedPrice['adjustments'] = [];
  if (contract)
    adjustments.push({
      code: 'AUTDISC',
      name: 'Automation discount',
      cost: round2((base * CONTRACT_DISCOUNT_PERCENT) / 100),
      percent: CONTRACT_DISCOUNT_PERCENT,
    });
  const discounted = base + (adjustments[0]?.cost ?? 0);
  adjustments.push({ code: 'FUELSC', name: 'Fuel surcharge', cost: round2((discounted * FUEL_PERCENT) / 100), percent: FUEL_PERCENT });
  const preTax = round2(base + optionsTotal + adjustments.reduce((sum, a) => sum + a.cost, 0));
  const rates = destination.family === 'domestic' ? taxRatesOf(provinceOf(destination.postalCode)) : { gst: 0, pst: 0, hst: 0 };
  const gst = round2((preTax * rates.gst) / 100);
  const pst = round2((preTax * rates.pst) / 100);
  const hst = round2((preTax * rates.hst) / 100);
  const transitDays = service.days + (destination.family === 'domestic' && !sameRegion ? 2 : 0);
  return {
    serviceCode: service.code,
    base,
    options,
    adjustments,
    preTax,
    gst,
    pst,
    hst,
    due: round2(preTax + gst + pst + hst),
    transitDays,
    expectedDelivery: ymd(addBusinessDays(mailingDate, transitDays)),
    guaranteed: service.guaranteed,
    ratedWeight: Math.max(kg, 0.001),
  };
}

/**
 * A 16-digit PIN as Canada Post's are made: a 7-digit header (here the
 * customer number's last 7 digits), an 8-digit serial, and a mod-10 check
 * digit weighting the 15 digits 3, 1, 3, … (which the documentation's
 * example PIN 7023210039414604 satisfies).
 */
export function canadaPostPin(customerNumber: string, serial: number): string {
  const body = `${customerNumber.replace(/\D/g, '').slice(-7).padStart(7, '0')}${String(serial % 100_000_000).padStart(8, '0')}`;
  const sum = [...body].reduce((total, c, i) => total + Number(c) * (i % 2 === 0 ? 3 : 1), 0);
  return `${body}${(10 - (sum % 10)) % 10}`;
}

export const pinCheckDigitHolds = (pin: string): boolean => /^\d{16}$/.test(pin) && canadaPostPin(pin.slice(0, 7), Number(pin.slice(7, 15))) === pin;

// --- the simulator -------------------------------------------------------------

type Route = {
  name: string;
  method: 'GET' | 'POST' | 'DELETE';
  pattern: RegExp;
  /** The media type the request must accept (and send, for a body); undefined for Get Artifact (PDF or ZPL). */
  media?: string;
  /** The schema of its body, for POST. */
  schema?: CanadaPostSchema;
};

const C = '(\\d{1,10})';
const ROUTES: readonly Route[] = [
  { name: 'rate', method: 'POST', pattern: /^\/rs\/ship\/price$/, media: CANADA_POST_MEDIA.rate, schema: 'rating.xsd' },
  { name: 'createShipment', method: 'POST', pattern: new RegExp(`^/rs/${C}/${C}/shipment$`), media: CANADA_POST_MEDIA.shipment, schema: 'shipment.xsd' },
  { name: 'getShipments', method: 'GET', pattern: new RegExp(`^/rs/${C}/${C}/shipment$`), media: CANADA_POST_MEDIA.shipment },
  { name: 'getShipment', method: 'GET', pattern: new RegExp(`^/rs/${C}/${C}/shipment/(\\d{1,32})$`), media: CANADA_POST_MEDIA.shipment },
  { name: 'voidShipment', method: 'DELETE', pattern: new RegExp(`^/rs/${C}/${C}/shipment/(\\d{1,32})$`), media: CANADA_POST_MEDIA.shipment },
  { name: 'shipmentDetails', method: 'GET', pattern: new RegExp(`^/rs/${C}/${C}/shipment/(\\d{1,32})/details$`), media: CANADA_POST_MEDIA.shipment },
  { name: 'shipmentPrice', method: 'GET', pattern: new RegExp(`^/rs/${C}/${C}/shipment/(\\d{1,32})/price$`), media: CANADA_POST_MEDIA.shipment },
  {
    name: 'refundShipment',
    method: 'POST',
    pattern: new RegExp(`^/rs/${C}/${C}/shipment/(\\d{1,32})/refund$`),
    media: CANADA_POST_MEDIA.shipment,
    schema: 'shipment.xsd',
  },
  { name: 'getGroups', method: 'GET', pattern: new RegExp(`^/rs/${C}/${C}/group$`), media: CANADA_POST_MEDIA.shipment },
  { name: 'transmit', method: 'POST', pattern: new RegExp(`^/rs/${C}/${C}/manifest$`), media: CANADA_POST_MEDIA.manifest, schema: 'manifest.xsd' },
  { name: 'getManifests', method: 'GET', pattern: new RegExp(`^/rs/${C}/${C}/manifest$`), media: CANADA_POST_MEDIA.manifest },
  { name: 'getManifest', method: 'GET', pattern: new RegExp(`^/rs/${C}/${C}/manifest/([A-Za-z0-9]{1,10})$`), media: CANADA_POST_MEDIA.manifest },
  { name: 'manifestDetails', method: 'GET', pattern: new RegExp(`^/rs/${C}/${C}/manifest/([A-Za-z0-9]{1,10})/details$`), media: CANADA_POST_MEDIA.manifest },
  { name: 'manifestShipments', method: 'GET', pattern: new RegExp(`^/rs/${C}/${C}/manifest/([A-Za-z0-9]{1,10})/shipment$`), media: CANADA_POST_MEDIA.manifest },
  { name: 'createNonContract', method: 'POST', pattern: new RegExp(`^/rs/${C}/ncshipment$`), media: CANADA_POST_MEDIA.ncshipment, schema: 'ncshipment.xsd' },
  { name: 'getNonContractShipments', method: 'GET', pattern: new RegExp(`^/rs/${C}/ncshipment$`), media: CANADA_POST_MEDIA.ncshipment },
  { name: 'getNonContract', method: 'GET', pattern: new RegExp(`^/rs/${C}/ncshipment/(\\d{1,32})$`), media: CANADA_POST_MEDIA.ncshipment },
  { name: 'nonContractDetails', method: 'GET', pattern: new RegExp(`^/rs/${C}/ncshipment/(\\d{1,32})/details$`), media: CANADA_POST_MEDIA.ncshipment },
  {
    name: 'refundNonContract',
    method: 'POST',
    pattern: new RegExp(`^/rs/${C}/ncshipment/(\\d{1,32})/refund$`),
    media: CANADA_POST_MEDIA.ncshipment,
    schema: 'ncshipment.xsd',
  },
  { name: 'artifact', method: 'GET', pattern: /^\/rs\/artifact\/([A-Za-z0-9._~%-]{1,192})\/(\d{1,18})\/(\d{1,3})$/ },
  { name: 'track', method: 'GET', pattern: /^\/vis\/track\/pin\/([A-Za-z0-9]{1,32})\/detail$/, media: CANADA_POST_MEDIA.track },
  { name: 'pickupAvailability', method: 'GET', pattern: /^\/ad\/pickup\/pickupavailability\/([A-Za-z0-9%]{1,16})$/, media: CANADA_POST_MEDIA.pickup },
  {
    name: 'createPickup',
    method: 'POST',
    pattern: new RegExp(`^/enab/${C}/pickuprequest$`),
    media: CANADA_POST_MEDIA.pickuprequest,
    schema: 'pickuprequest.xsd',
  },
  { name: 'getPickups', method: 'GET', pattern: new RegExp(`^/enab/${C}/pickuprequest$`), media: CANADA_POST_MEDIA.pickuprequest },
  {
    name: 'pickupDetails',
    method: 'GET',
    pattern: new RegExp(`^/enab/${C}/pickuprequest/([A-Za-z0-9]{1,32})/details$`),
    media: CANADA_POST_MEDIA.pickuprequest,
  },
  { name: 'cancelPickup', method: 'DELETE', pattern: new RegExp(`^/enab/${C}/pickuprequest/([A-Za-z0-9]{1,32})$`), media: CANADA_POST_MEDIA.pickuprequest },
];

/** The root element each POST route takes (a document of another root is refused even when its schema has it). */
const ROOTS: Readonly<Record<string, string>> = {
  rate: 'mailing-scenario',
  createShipment: 'shipment',
  refundShipment: 'shipment-refund-request',
  transmit: 'transmit-set',
  createNonContract: 'non-contract-shipment',
  refundNonContract: 'non-contract-shipment-refund-request',
  createPickup: 'pickup-request-details',
};

const accepts = (header: string | undefined, media: string): boolean =>
  (header ?? '')
    .split(',')
    .map((part) => part.split(';')[0]!.trim().toLowerCase())
    .includes(media);

export type CanadaPostSimulator = ReturnType<typeof createCanadaPostSimulator>;

export type CanadaPostSimulatorOptions = {
  clients: readonly CanadaPostClient[];
  now?: () => Date;
  /** Get Shipments, Get Non-Contract Shipments and Get Pickup Requests list nothing younger than this. */
  listAfterMs?: number;
};

export function createCanadaPostSimulator(options: CanadaPostSimulatorOptions) {
  const now = options.now ?? (() => new Date());
  const listAfterMs = options.listAfterMs ?? 0;
  const shipments: SimulatedCanadaPostShipment[] = [];
  const manifests: SimulatedManifest[] = [];
  const pickups: SimulatedPickup[] = [];
  const artifacts = new Map<string, Artifact>();
  const faults: { fault: CanadaPostFault; only?: string; after: number }[] = [];
  const lateCreates: { delayMs: number; only?: string }[] = [];
  const holds: { only: string; arrived: () => void; released: Promise<void> }[] = [];
  const received: { method: string; path: string; status?: number }[] = [];
  let serial = 0;

  const xmlAnswer = (status: number, contentType: string, xml: string): CanadaPostSimAnswer => ({ status, contentType, body: Buffer.from(xml, 'utf8') });
  const messages = (status: number, list: readonly { code: string; description: string }[], contentType = 'application/xml'): CanadaPostSimAnswer =>
    xmlAnswer(status, contentType, messagesXml(list));

  /** An XML answer, checked against its schema first: a simulator bug fails loudly. */
  async function valid(status: number, contentType: string, schema: CanadaPostSchema, xml: string, what: string): Promise<CanadaPostSimAnswer> {
    const problems = await canadaPostXmlProblems(xml, schema);
    if (problems.length > 0) throw new Error(`the Canada Post simulator's own ${what} answer breaks ${schema}: ${problems.slice(0, 5).join('; ')}`);
    return xmlAnswer(status, contentType, xml);
  }

  const clientOf = (authorization: string | undefined): CanadaPostClient | undefined => {
    const basic = /^Basic\s+([A-Za-z0-9+/=]{1,1024})$/i.exec(authorization ?? '');
    if (!basic) return undefined;
    const decoded = Buffer.from(basic[1]!, 'base64').toString('utf8');
    const colon = decoded.indexOf(':');
    if (colon < 0) return undefined;
    const username = decoded.slice(0, colon);
    const password = decoded.slice(colon + 1);
    return options.clients.find((c) => c.username === username && c.password === password);
  };

  const isListed = (s: SimulatedCanadaPostShipment) => Date.parse(s.createdAt) <= now().getTime() - listAfterMs;

  const contractShipment = (customer: string, mobo: string, id: string) =>
    shipments.find((s) => s.kind === 'contract' && s.shipmentId === id && s.customerNumber === customer && s.mobo === mobo && !s.voided);
  const nonContractShipment = (customer: string, id: string) =>
    shipments.find((s) => s.kind === 'nonContract' && s.shipmentId === id && s.customerNumber === customer);

  const shipmentBase = (base: string, s: SimulatedCanadaPostShipment) =>
    s.kind === 'contract' ? `${base}/rs/${s.customerNumber}/${s.mobo}/shipment/${s.shipmentId}` : `${base}/rs/${s.customerNumber}/ncshipment/${s.shipmentId}`;
  const artifactHref = (base: string, username: string, artifactId: string) => `${base}/rs/artifact/${encodeURIComponent(username)}/${artifactId}/0`;

  function shipmentLinks(base: string, s: SimulatedCanadaPostShipment): string {
    const self = shipmentBase(base, s);
    const media = s.kind === 'contract' ? CANADA_POST_MEDIA.shipment : CANADA_POST_MEDIA.ncshipment;
    const labelMedia = s.encoding === 'ZPL' ? CANADA_POST_MEDIA.zpl : CANADA_POST_MEDIA.pdf;
    return e(
      'links',
      linkXml('self', self, media),
      linkXml('details', `${self}/details`, media),
      s.kind === 'contract' && s.groupId
        ? linkXml('group', `${base}/rs/${s.customerNumber}/${s.mobo}/shipment?groupId=${encodeURIComponent(s.groupId)}`, media)
        : '',
      s.kind === 'contract' ? linkXml('price', `${self}/price`, media) : '',
      linkXml('label', artifactHref(base, s.username, s.labelArtifactId), labelMedia, 0),
      s.invoiceArtifactId ? linkXml('commercialInvoice', artifactHref(base, s.username, s.invoiceArtifactId), CANADA_POST_MEDIA.pdf, 0) : '',
      linkXml('refund', `${self}/refund`, media),
    );
  }

  const priceXml = (p: SimulatedPrice): string =>
    e(
      'shipment-price',
      t('service-code', p.serviceCode),
      t('base-amount', money(p.base)),
      p.options.length > 0 ? e('priced-options', ...p.options.map((o) => e('priced-option', t('option-code', o.code), t('option-price', money(o.price))))) : '',
      e('adjustments', ...p.adjustments.map((a) => e('adjustment', t('adjustment-code', a.code), t('adjustment-amount', money(a.cost))))),
      t('pre-tax-amount', money(p.preTax)),
      t('gst-amount', money(p.gst)),
      t('pst-amount', money(p.pst)),
      t('hst-amount', money(p.hst)),
      t('due-amount', money(p.due)),
      e(
        'service-standard',
        t('am-delivery', false),
        t('guaranteed-delivery', p.guaranteed),
        t('expected-transmit-time', 1),
        t('expected-delivery-date', p.expectedDelivery),
      ),
      t('rated-weight', p.ratedWeight.toFixed(3)),
    );

  const shipmentInfo = (base: string, s: SimulatedCanadaPostShipment): Promise<CanadaPostSimAnswer> =>
    s.kind === 'contract'
      ? valid(
          200,
          CANADA_POST_MEDIA.shipment,
          'shipment.xsd',
          documentXml(
            'shipment-info',
            NS.shipment,
            t('customer-request-id', s.customerRequestId),
            t('shipment-id', s.shipmentId),
            t('shipment-status', s.status),
            t('tracking-pin', s.trackingPin),
            priceXml(s.price),
            shipmentLinks(base, s),
          ),
          'shipment-info',
        )
      : valid(
          200,
          CANADA_POST_MEDIA.ncshipment,
          'ncshipment.xsd',
          documentXml('non-contract-shipment-info', NS.ncshipment, t('shipment-id', s.shipmentId), t('tracking-pin', s.trackingPin), shipmentLinks(base, s)),
          'non-contract-shipment-info',
        );

  // --- operations ---

  type Parsed = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- bodies the operation's schema has just validated

  /** The text of an element (the first, when it repeats). */
  const str = (v: unknown): string | undefined => {
    const one: unknown = Array.isArray(v) ? v[0] : v;
    if (typeof one === 'string') return one;
    return typeof one === 'object' && one !== null && '#text' in one ? String(one['#text']) : undefined;
  };

  function destinationOfRate(destination: Parsed): Destination {
    if (destination.domestic) return { family: 'domestic', postalCode: str(destination.domestic['postal-code']) ?? '', country: 'CA' };
    if (destination['united-states']) return { family: 'usa', postalCode: str(destination['united-states']['zip-code']) ?? '', country: 'US' };
    return {
      family: 'international',
      postalCode: str(destination.international['postal-code']) ?? '',
      country: (str(destination.international['country-code']) ?? '').toUpperCase(),
    };
  }

  function destinationOfAddress(address: Parsed): Destination {
    const country = (str(address['country-code']) ?? 'CA').toUpperCase();
    const postalCode = (str(address['postal-zip-code']) ?? '').replace(/\s+/g, '').toUpperCase();
    return { family: country === 'CA' ? 'domestic' : country === 'US' ? 'usa' : 'international', postalCode, country };
  }

  const optionCodesOf = (node: Parsed | undefined): string[] => ((node?.option ?? []) as Parsed[]).map((o) => str(o['option-code']) ?? '').filter(Boolean);

  async function rate(request: CanadaPostSimRequest, doc: Parsed): Promise<CanadaPostSimAnswer> {
    const scenario = doc['mailing-scenario'];
    const kg = Number(str(scenario['parcel-characteristics'].weight));
    const origin = str(scenario['origin-postal-code'])!;
    const destination = destinationOfRate(scenario.destination);
    const wanted = ((scenario.services?.['service-code'] ?? []) as unknown[]).map(str);
    const mailing = str(scenario['expected-mailing-date']) ? new Date(`${str(scenario['expected-mailing-date'])}T12:00:00Z`) : now();
    const contract = str(scenario['contract-id']) !== undefined;
    const quotes = SERVICES[destination.family]
      .filter((s) => kg <= s.maxKg && (wanted.length === 0 || wanted.includes(s.code)))
      .map((service) => {
        const p = priceOf(service, kg, origin, destination, optionCodesOf(scenario.options), contract, mailing);
        const taxes =
          destination.family === 'domestic'
            ? e(
                'taxes',
                `<gst percent="${taxRatesOf(provinceOf(destination.postalCode)).gst}">${money(p.gst)}</gst>`,
                `<pst percent="${taxRatesOf(provinceOf(destination.postalCode)).pst}">${money(p.pst)}</pst>`,
                `<hst percent="${taxRatesOf(provinceOf(destination.postalCode)).hst}">${money(p.hst)}</hst>`,
              )
            : '';
        return e(
          'price-quote',
          t('service-code', service.code),
          linkXml('service', `${request.baseUrl}/rs/ship/service/${service.code}?country=${destination.country}`, CANADA_POST_MEDIA.rate).replace(
            '<link',
            '<service-link',
          ),
          t('service-name', service.name),
          e(
            'price-details',
            t('base', money(p.base)),
            taxes,
            t('due', money(p.due)),
            p.options.length > 0
              ? e('options', ...p.options.map((o) => e('option', t('option-code', o.code), t('option-name', o.name), t('option-price', money(o.price)))))
              : '',
            e(
              'adjustments',
              ...p.adjustments.map((a) =>
                e(
                  'adjustment',
                  t('adjustment-code', a.code),
                  t('adjustment-name', a.name),
                  t('adjustment-cost', money(a.cost)),
                  a.percent === undefined ? '' : e('qualifier', t('percent', a.percent)),
                ),
              ),
            ),
          ),
          e('weight-details'),
          e(
            'service-standard',
            t('am-delivery', false),
            t('guaranteed-delivery', p.guaranteed),
            t('expected-transit-time', p.transitDays),
            t('expected-delivery-date', p.expectedDelivery),
          ),
        );
      });
    return valid(200, CANADA_POST_MEDIA.rate, 'rating.xsd', documentXml('price-quotes', NS.rate, ...quotes), 'price-quotes');
  }

  const nextId = () => ++serial;

  function addLabelArtifact(username: string, facts: LabelFacts, encoding: 'PDF' | 'ZPL'): string {
    const artifactId = `1000${String(nextId()).padStart(7, '0')}`;
    artifacts.set(artifactId, {
      username,
      mediaType: encoding === 'ZPL' ? CANADA_POST_MEDIA.zpl : CANADA_POST_MEDIA.pdf,
      render: () => (encoding === 'ZPL' ? Buffer.from(labelZpl(facts), 'utf8') : labelPdf(facts)),
    });
    return artifactId;
  }

  function makeShipment(
    kind: SimulatedCanadaPostShipment['kind'],
    customer: string,
    mobo: string,
    username: string,
    root: Parsed,
    ordered: unknown[],
  ): SimulatedCanadaPostShipment {
    const spec = root['delivery-spec'];
    const serviceCode = str(spec['service-code'])!;
    const senderPostal = (str(spec.sender?.['address-details']?.['postal-zip-code']) ?? '').replace(/\s+/g, '').toUpperCase();
    const origin = str(root['requested-shipping-point']) ?? senderPostal;
    const destination = destinationOfAddress(spec.destination['address-details']);
    const kg = Number(str(spec['parcel-characteristics'].weight));
    const encoding = str(spec['print-preferences']?.encoding) === 'ZPL' ? 'ZPL' : 'PDF';
    const outputFormat = encoding === 'ZPL' || str(spec['print-preferences']?.['output-format']) === '4x6' ? '4x6' : '8.5x11';
    const service = SERVICE_BY_CODE.get(serviceCode) ?? { code: serviceCode, name: serviceCode, base: 15, perKg: 2, days: 5, guaranteed: false, maxKg: 30 };
    const contract = kind === 'contract' && str(spec['settlement-info']?.['contract-id']) !== undefined;
    const createdAt = now();
    const mailing = str(root['expected-mailing-date']) ? new Date(`${str(root['expected-mailing-date'])}T12:00:00Z`) : createdAt;
    const pin = canadaPostPin(customer, nextId());
    const facts: LabelFacts = { pin, serviceCode, from: origin, to: destination.postalCode || destination.country };
    const groupId = kind === 'contract' ? str(root['group-id']) : undefined;
    const shipment: SimulatedCanadaPostShipment = {
      kind,
      shipmentId: `34${String(nextId()).padStart(16, '0')}`,
      customerNumber: customer,
      mobo,
      username,
      trackingPin: pin,
      ...(str(root['customer-request-id']) !== undefined ? { customerRequestId: str(root['customer-request-id'])! } : {}),
      ...(str(spec.references?.['customer-ref-1']) !== undefined ? { customerRef1: str(spec.references['customer-ref-1'])! } : {}),
      ...(groupId !== undefined ? { groupId } : {}),
      transmitShipment: kind === 'contract' && groupId === undefined,
      serviceCode,
      encoding,
      outputFormat,
      labelArtifactId: addLabelArtifact(username, facts, encoding),
      status: kind === 'contract' && groupId === undefined ? 'transmitted' : 'created',
      voided: false,
      stage: 'created',
      createdAt: createdAt.toISOString(),
      price: priceOf(service, kg, origin, destination, optionCodesOf(spec.options), contract, mailing),
      finalShippingPoint: /^[A-Z]\d[A-Z]\d[A-Z]\d$/.test(origin) ? origin : 'K1A0B1',
      destinationPostalCode: destination.postalCode,
      deliverySpec: orderedChildren(ordered, 'delivery-spec') ?? [],
    };
    if (spec.customs) {
      const invoiceId = `1000${String(nextId()).padStart(7, '0')}`;
      artifacts.set(invoiceId, {
        username,
        mediaType: CANADA_POST_MEDIA.pdf,
        render: () =>
          simplePdf(612, 792, [
            { text: 'Canada Post - Customs declaration (CN23) / Commercial invoice', size: 14 },
            { text: `PIN ${pin}`, size: 12 },
          ]),
      });
      shipment.invoiceArtifactId = invoiceId;
    }
    shipments.push(shipment);
    return shipment;
  }

  async function createShipment(
    request: CanadaPostSimRequest,
    params: string[],
    doc: Parsed,
    ordered: unknown[],
    username: string,
  ): Promise<CanadaPostSimAnswer> {
    const shipment = makeShipment('contract', params[0]!, params[1]!, username, doc.shipment, ordered);
    return shipmentInfo(request.baseUrl, shipment);
  }

  async function createNonContract(
    request: CanadaPostSimRequest,
    params: string[],
    doc: Parsed,
    ordered: unknown[],
    username: string,
  ): Promise<CanadaPostSimAnswer> {
    const shipment = makeShipment('nonContract', params[0]!, params[0]!, username, doc['non-contract-shipment'], ordered);
    return shipmentInfo(request.baseUrl, shipment);
  }

  async function getShipments(request: CanadaPostSimRequest, params: string[]): Promise<CanadaPostSimAnswer> {
    const [customer, mobo] = params as [string, string];
    const query = request.query ?? {};
    const mine = shipments.filter((s) => s.kind === 'contract' && s.customerNumber === customer && s.mobo === mobo && !s.voided && isListed(s));
    let found: SimulatedCanadaPostShipment[];
    if (query.requestId !== undefined) found = mine.filter((s) => s.customerRequestId === query.requestId);
    else if (query.trackingPIN !== undefined) found = mine.filter((s) => s.trackingPin === query.trackingPIN);
    else if (query.groupId !== undefined) found = mine.filter((s) => s.groupId === query.groupId && s.status === 'created');
    else if (query.noManifest === 'true') found = mine.filter((s) => s.transmitShipment);
    else
      return messages(
        400,
        [{ code: 'SIM100', description: 'Get Shipments needs one of requestId, trackingPIN, groupId or noManifest=true' }],
        CANADA_POST_MEDIA.shipment,
      );
    return valid(
      200,
      CANADA_POST_MEDIA.shipment,
      'shipment.xsd',
      documentXml('shipments', NS.shipment, ...found.map((s) => linkXml('shipment', shipmentBase(request.baseUrl, s), CANADA_POST_MEDIA.shipment))),
      'shipments',
    );
  }

  const notFound = (media: string) => messages(404, [], media);

  async function getShipment(request: CanadaPostSimRequest, params: string[]): Promise<CanadaPostSimAnswer> {
    const s = contractShipment(params[0]!, params[1]!, params[2]!);
    return s ? shipmentInfo(request.baseUrl, s) : notFound(CANADA_POST_MEDIA.shipment);
  }

  const echoSpec = (s: SimulatedCanadaPostShipment) =>
    s.deliverySpec.length > 0 ? `<delivery-spec>${orderedBuilder.build(s.deliverySpec)}</delivery-spec>` : '';
  const refundInfo = (s: SimulatedCanadaPostShipment) =>
    s.refund ? e('refund-request-info', t('service-ticket-date', s.refund.date), t('service-ticket-id', s.refund.ticketId)) : '';

  async function shipmentDetails(_request: CanadaPostSimRequest, params: string[]): Promise<CanadaPostSimAnswer> {
    const s = contractShipment(params[0]!, params[1]!, params[2]!);
    if (!s) return notFound(CANADA_POST_MEDIA.shipment);
    return valid(
      200,
      CANADA_POST_MEDIA.shipment,
      'shipment.xsd',
      documentXml(
        'shipment-details',
        NS.shipment,
        t('customer-request-id', s.customerRequestId),
        t('shipment-status', s.status),
        t('final-shipping-point', s.finalShippingPoint),
        t('tracking-pin', s.trackingPin),
        e('shipment-detail', s.groupId !== undefined ? t('group-id', s.groupId) : t('transmit-shipment', true), echoSpec(s), refundInfo(s)),
      ),
      'shipment-details',
    );
  }

  async function shipmentPrice(_request: CanadaPostSimRequest, params: string[]): Promise<CanadaPostSimAnswer> {
    const s = contractShipment(params[0]!, params[1]!, params[2]!);
    if (!s) return notFound(CANADA_POST_MEDIA.shipment);
    return valid(
      200,
      CANADA_POST_MEDIA.shipment,
      'shipment.xsd',
      priceXml(s.price).replace('<shipment-price>', `<?xml version="1.0" encoding="UTF-8"?>\n<shipment-price xmlns="${NS.shipment}">`),
      'shipment-price',
    );
  }

  function voidShipment(params: string[]): CanadaPostSimAnswer {
    const s = contractShipment(params[0]!, params[1]!, params[2]!);
    if (!s) return notFound(CANADA_POST_MEDIA.shipment);
    if (s.status === 'transmitted') {
      return messages(
        400,
        [
          {
            code: '8064',
            description:
              'A Shipment can only be void if it is in a PROCESSED or PRINTED state. If it has been transmitted, a Refund request should be submitted.',
          },
        ],
        CANADA_POST_MEDIA.shipment,
      );
    }
    s.voided = true;
    delete s.groupId;
    return { status: 204, contentType: CANADA_POST_MEDIA.shipment, body: Buffer.alloc(0) };
  }

  async function refund(s: SimulatedCanadaPostShipment | undefined, doc: Parsed, rootName: string): Promise<CanadaPostSimAnswer> {
    const media = s?.kind === 'nonContract' || rootName.startsWith('non-contract') ? CANADA_POST_MEDIA.ncshipment : CANADA_POST_MEDIA.shipment;
    if (!s || s.voided) return notFound(media);
    if (s.refund)
      return messages(
        409,
        [
          {
            code: '7292',
            description: 'A refund has already been requested for this shipment. Note that refund requests may take a few days to be processed.',
          },
        ],
        media,
      );
    s.refund = { ticketId: `GT${String(nextId()).padStart(8, '0')}`, date: ymd(now()), email: str(doc[rootName].email) ?? '' };
    const info = t('service-ticket-date', s.refund.date) + t('service-ticket-id', s.refund.ticketId);
    return s.kind === 'contract'
      ? valid(200, media, 'shipment.xsd', documentXml('shipment-refund-request-info', NS.shipment, info), 'shipment-refund-request-info')
      : valid(
          200,
          media,
          'ncshipment.xsd',
          documentXml('non-contract-shipment-refund-request-info', NS.ncshipment, info),
          'non-contract-shipment-refund-request-info',
        );
  }

  /** The groups of a customer: every group id with a shipment neither voided nor transmitted. */
  const openGroups = (customer: string, mobo: string): Map<string, SimulatedCanadaPostShipment[]> => {
    const groups = new Map<string, SimulatedCanadaPostShipment[]>();
    for (const s of shipments) {
      if (s.kind !== 'contract' || s.customerNumber !== customer || s.mobo !== mobo || s.voided || s.status !== 'created' || s.groupId === undefined) continue;
      groups.set(s.groupId, [...(groups.get(s.groupId) ?? []), s]);
    }
    return groups;
  };

  async function getGroups(request: CanadaPostSimRequest, params: string[]): Promise<CanadaPostSimAnswer> {
    const [customer, mobo] = params as [string, string];
    const groups = [...openGroups(customer, mobo).keys()].map((id) =>
      e(
        'group',
        t('group-id', id),
        linkXml('group', `${request.baseUrl}/rs/${customer}/${mobo}/shipment?groupId=${encodeURIComponent(id)}`, CANADA_POST_MEDIA.shipment),
      ),
    );
    return valid(200, CANADA_POST_MEDIA.shipment, 'shipment.xsd', documentXml('groups', NS.shipment, ...groups), 'groups');
  }

  const manifestBase = (base: string, m: SimulatedManifest) => `${base}/rs/${m.customerNumber}/${m.mobo}/manifest/${m.poNumber}`;

  async function transmit(request: CanadaPostSimRequest, params: string[], doc: Parsed, ordered: unknown[], username: string): Promise<CanadaPostSimAnswer> {
    const [customer, mobo] = params as [string, string];
    const set = doc['transmit-set'];
    const groupIds = ((set['group-ids']['group-id'] ?? []) as unknown[]).map((g) => str(g)!);
    const excluded = new Set(((set['excluded-shipments']?.['shipment-id'] ?? []) as unknown[]).map((id) => str(id)!));
    const groups = openGroups(customer, mobo);
    const unknown = groupIds.filter((id) => !groups.has(id));
    if (unknown.length > 0) {
      return messages(
        400,
        unknown.map((id) => ({ code: 'SIM200', description: `Group id ${id} was not found for transmission; please remove or correct.` })),
        CANADA_POST_MEDIA.manifest,
      );
    }
    const chosen = groupIds.flatMap((id) => groups.get(id)!).filter((s) => !excluded.has(s.shipmentId));
    if (chosen.length === 0)
      return messages(400, [{ code: 'SIM201', description: 'No shipments to transmit in the groups given.' }], CANADA_POST_MEDIA.manifest);
    const poNumber = `P${String(nextId()).padStart(9, '0')}`;
    const createdAt = now();
    const artifactId = `1000${String(nextId()).padStart(7, '0')}`;
    const pins = chosen.map((s) => s.trackingPin);
    artifacts.set(artifactId, { username, mediaType: CANADA_POST_MEDIA.pdf, render: () => manifestPdf(poNumber, ymd(createdAt), pins) });
    const requestedPoint = str(set['requested-shipping-point']);
    const manifest: SimulatedManifest = {
      poNumber,
      customerNumber: customer,
      mobo,
      username,
      groupIds,
      shipmentIds: chosen.map((s) => s.shipmentId),
      createdAt: createdAt.toISOString(),
      artifactId,
      methodOfPayment: str(set['method-of-payment']) ?? 'Account',
      finalShippingPoint: requestedPoint ?? chosen[0]!.finalShippingPoint,
      manifestAddress: orderedChildren(ordered, 'manifest-address') ?? [],
    };
    const contractId = chosen
      .map((s) => s.deliverySpec)
      .map((spec) => orderedChildren(spec, 'contract-id'))
      .find(Boolean);
    const contractText = contractId?.map((n) => (n as { '#text'?: unknown })['#text']).find((v) => v !== undefined);
    if (typeof contractText === 'string' || typeof contractText === 'number') manifest.contractId = String(contractText);
    const customerReference = str(set['customer-reference']);
    if (customerReference) manifest.customerReference = customerReference;
    manifests.push(manifest);
    for (const s of chosen) {
      s.status = 'transmitted';
      s.manifestId = poNumber;
      delete s.groupId;
    }
    return valid(
      200,
      CANADA_POST_MEDIA.manifest,
      'manifest.xsd',
      documentXml('manifests', NS.manifest, linkXml('manifest', manifestBase(request.baseUrl, manifest), CANADA_POST_MEDIA.manifest)),
      'manifests',
    );
  }

  const manifestOf = (params: string[]) => manifests.find((m) => m.customerNumber === params[0] && m.mobo === params[1] && m.poNumber === params[2]);

  async function getManifests(request: CanadaPostSimRequest, params: string[]): Promise<CanadaPostSimAnswer> {
    const query = request.query ?? {};
    const day = /^\d{8}$/;
    if (!day.test(query.start ?? '') || (query.end !== undefined && !day.test(query.end))) {
      return messages(400, [{ code: 'SIM300', description: 'Get Manifests needs start=YYYYMMDD (and end=YYYYMMDD)' }], CANADA_POST_MEDIA.manifest);
    }
    const compact = (iso: string) => iso.slice(0, 10).replaceAll('-', '');
    const end = query.end ?? compact(now().toISOString());
    const found = manifests.filter(
      (m) => m.customerNumber === params[0] && m.mobo === params[1] && compact(m.createdAt) >= query.start! && compact(m.createdAt) <= end,
    );
    return valid(
      200,
      CANADA_POST_MEDIA.manifest,
      'manifest.xsd',
      documentXml('manifests', NS.manifest, ...found.map((m) => linkXml('manifest', manifestBase(request.baseUrl, m), CANADA_POST_MEDIA.manifest))),
      'manifests',
    );
  }

  async function getManifest(request: CanadaPostSimRequest, params: string[]): Promise<CanadaPostSimAnswer> {
    const m = manifestOf(params);
    if (!m) return notFound(CANADA_POST_MEDIA.manifest);
    const self = manifestBase(request.baseUrl, m);
    return valid(
      200,
      CANADA_POST_MEDIA.manifest,
      'manifest.xsd',
      documentXml(
        'manifest',
        NS.manifest,
        t('po-number', m.poNumber),
        e(
          'links',
          linkXml('self', self, CANADA_POST_MEDIA.manifest),
          linkXml('details', `${self}/details`, CANADA_POST_MEDIA.manifest),
          linkXml('artifact', artifactHref(request.baseUrl, m.username, m.artifactId), CANADA_POST_MEDIA.pdf, 0),
          linkXml('manifestShipments', `${self}/shipment`, CANADA_POST_MEDIA.manifest),
        ),
      ),
      'manifest',
    );
  }

  async function manifestDetails(_request: CanadaPostSimRequest, params: string[]): Promise<CanadaPostSimAnswer> {
    const m = manifestOf(params);
    if (!m) return notFound(CANADA_POST_MEDIA.manifest);
    const included = shipments.filter((s) => m.shipmentIds.includes(s.shipmentId));
    const sum = (pick: (p: SimulatedPrice) => number) => round2(included.reduce((total, s) => total + pick(s.price), 0));
    const at = new Date(Date.parse(m.createdAt) - 5 * 3_600_000);
    return valid(
      200,
      CANADA_POST_MEDIA.manifest,
      'manifest.xsd',
      documentXml(
        'manifest-details',
        NS.manifest,
        t('po-number', m.poNumber),
        t('final-shipping-point', m.finalShippingPoint),
        t('shipping-point-name', 'OTTAWA STN T'),
        t('shipping-point-id', '0001'),
        t('mailed-by-customer', m.customerNumber),
        t('mailed-on-behalf-of', m.mobo),
        t('paid-by-customer', m.customerNumber),
        t('customer-ref', m.customerReference),
        t('manifest-date', ymd(at)),
        t('manifest-time', `${at.toISOString().slice(11, 16)} EST`),
        t('contract-id', m.contractId),
        t('method-of-payment', m.methodOfPayment),
        e(
          'manifest-pricing-info',
          t('base-cost', money(sum((p) => p.base))),
          t('automation-discount', money(sum((p) => p.adjustments.find((a) => a.code === 'AUTDISC')?.cost ?? 0))),
          t(
            'options-and-surcharges',
            money(sum((p) => p.options.reduce((s, o) => s + o.price, 0) + (p.adjustments.find((a) => a.code === 'FUELSC')?.cost ?? 0))),
          ),
          t('gst', money(sum((p) => p.gst))),
          t('pst', money(sum((p) => p.pst))),
          t('hst', money(sum((p) => p.hst))),
          t('total-due-cpc', money(sum((p) => p.due))),
        ),
        `<manifest-address>${orderedBuilder.build(m.manifestAddress)}</manifest-address>`,
      ),
      'manifest-details',
    );
  }

  async function manifestShipments(request: CanadaPostSimRequest, params: string[]): Promise<CanadaPostSimAnswer> {
    const m = manifestOf(params);
    if (!m) return notFound(CANADA_POST_MEDIA.manifest);
    const included = shipments.filter((s) => m.shipmentIds.includes(s.shipmentId) && !s.voided);
    return valid(
      200,
      CANADA_POST_MEDIA.manifest,
      'manifest.xsd',
      documentXml('shipments', NS.manifest, ...included.map((s) => linkXml('shipment', shipmentBase(request.baseUrl, s), CANADA_POST_MEDIA.shipment))),
      'manifest shipments',
    );
  }

  async function getNonContractShipments(request: CanadaPostSimRequest, params: string[]): Promise<CanadaPostSimAnswer> {
    const query = request.query ?? {};
    const mine = shipments.filter((s) => s.kind === 'nonContract' && s.customerNumber === params[0] && isListed(s));
    let found: SimulatedCanadaPostShipment[];
    if (query.trackingPIN !== undefined) found = mine.filter((s) => s.trackingPin === query.trackingPIN);
    else if (/^\d{12}$/.test(query.from ?? '') && (query.to === undefined || /^\d{12}$/.test(query.to))) {
      const stamp = (iso: string) => iso.slice(0, 16).replace(/[-T:]/g, '');
      const to = query.to ?? stamp(now().toISOString());
      found = mine.filter((s) => stamp(s.createdAt) >= query.from! && stamp(s.createdAt) <= to);
    } else
      return messages(
        400,
        [{ code: 'SIM400', description: 'Get Non-Contract Shipments needs from=YYYYMMDDHHMM (and to=YYYYMMDDHHMM) or trackingPIN' }],
        CANADA_POST_MEDIA.ncshipment,
      );
    return valid(
      200,
      CANADA_POST_MEDIA.ncshipment,
      'ncshipment.xsd',
      documentXml(
        'non-contract-shipments',
        NS.ncshipment,
        ...found.map((s) => linkXml('shipment', shipmentBase(request.baseUrl, s), CANADA_POST_MEDIA.ncshipment)),
      ),
      'non-contract-shipments',
    );
  }

  async function getNonContract(request: CanadaPostSimRequest, params: string[]): Promise<CanadaPostSimAnswer> {
    const s = nonContractShipment(params[0]!, params[1]!);
    return s ? shipmentInfo(request.baseUrl, s) : notFound(CANADA_POST_MEDIA.ncshipment);
  }

  async function nonContractDetails(_request: CanadaPostSimRequest, params: string[]): Promise<CanadaPostSimAnswer> {
    const s = nonContractShipment(params[0]!, params[1]!);
    if (!s) return notFound(CANADA_POST_MEDIA.ncshipment);
    return valid(
      200,
      CANADA_POST_MEDIA.ncshipment,
      'ncshipment.xsd',
      documentXml(
        'non-contract-shipment-details',
        NS.ncshipment,
        t('final-shipping-point', s.finalShippingPoint),
        t('tracking-pin', s.trackingPin),
        echoSpec(s),
        refundInfo(s),
      ),
      'non-contract-shipment-details',
    );
  }

  function artifact(request: CanadaPostSimRequest, params: string[], username: string): CanadaPostSimAnswer {
    const found = artifacts.get(params[1]!);
    // Only the API user that made a shipment or manifest gets its artifacts; a page other than 0 does not exist (one-page documents).
    if (!found || found.username !== username || params[0] !== encodeURIComponent(username) || params[2] !== '0') return messages(404, []);
    if (!accepts(request.headers.accept, found.mediaType)) {
      return messages(406, [{ code: 'SIM406', description: `This artifact is ${found.mediaType}; the Accept header must name it` }]);
    }
    return { status: 200, contentType: found.mediaType, body: found.render() };
  }

  async function track(request: CanadaPostSimRequest, params: string[]): Promise<CanadaPostSimAnswer> {
    const s = shipments.find((x) => x.trackingPin === params[0]);
    if (!s) return messages(404, [{ code: '004', description: 'No Pin History' }], CANADA_POST_MEDIA.track);
    const start = Date.parse(s.createdAt);
    const reached = STAGES.indexOf(s.stage);
    const occurrences = STAGES.slice(0, reached + 1)
      .map((stage, i) => {
        const event = CANADA_POST_EVENTS[stage];
        // Canada Post gives local times with a zone name: Eastern standard time here.
        const local = new Date(start + i * 3_600_000 - 5 * 3_600_000).toISOString();
        return e(
          'occurrence',
          t('event-identifier', event.identifier),
          t('event-date', local.slice(0, 10)),
          t('event-time', local.slice(11, 19)),
          t('event-time-zone', 'EST'),
          t('event-description', event.description),
          t('signatory-name', stage === 'delivered' ? 'J DOE' : ''),
          t('event-site', event.site),
          t('event-province', event.province),
          t('event-retail-location-id', ''),
          t('event-retail-name', ''),
        );
      })
      .reverse();
    const service = SERVICE_BY_CODE.get(s.serviceCode);
    return valid(
      200,
      CANADA_POST_MEDIA.track,
      'track.xsd',
      documentXml(
        'tracking-detail',
        NS.track,
        t('pin', s.trackingPin),
        t('active-exists', '1'),
        t('archive-exists', ''),
        t('changed-expected-date', ''),
        t('destination-postal-id', s.destinationPostalCode),
        t('expected-delivery-date', s.price.expectedDelivery),
        t('changed-expected-delivery-reason', ''),
        t('mailed-by-customer-number', s.customerNumber.padStart(10, '0')),
        t('mailed-on-behalf-of-customer-number', s.mobo.padStart(10, '0')),
        t('original-pin', ''),
        t('service-name', service?.name ?? s.serviceCode),
        t('service-name-2', service?.name ?? s.serviceCode),
        t('customer-ref-1', s.customerRef1 ?? ''),
        t('customer-ref-2', ''),
        t('return-pin', ''),
        t('signature-image-exists', 'false'),
        t('suppress-signature', 'false'),
        e('delivery-options'),
        e('significant-events', ...occurrences),
      ),
      'tracking-detail',
    );
  }

  // --- pickups ---

  const minutes = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));
  const dayNumber = (ymdText: string) => Math.floor(Date.parse(`${ymdText}T00:00:00Z`) / 86_400_000);
  const pickupRefused = (code: string, description: string) => messages(400, [{ code, description }], CANADA_POST_MEDIA.pickuprequest);
  const pickupOf = (customer: string, requestId: string) => pickups.find((p) => p.customerNumber === customer && p.requestId === requestId);
  const pickupBase = (base: string, p: SimulatedPickup) => `${base}/enab/${p.customerNumber}/pickuprequest/${p.requestId}`;

  async function pickupAvailability(_request: CanadaPostSimRequest, params: string[]): Promise<CanadaPostSimAnswer> {
    let postal: string;
    try {
      postal = decodeURIComponent(params[0]!).replace(/\s+/g, '').toUpperCase();
    } catch {
      postal = '';
    }
    if (!/^[A-Z]\d[A-Z]\d[A-Z]\d$/.test(postal)) return messages(400, [{ code: 'SIM210', description: 'Invalid Postal Code' }], CANADA_POST_MEDIA.pickup);
    const tour = !postal.startsWith('X');
    return valid(
      200,
      CANADA_POST_MEDIA.pickup,
      'pickup.xsd',
      documentXml(
        'pickup-availability',
        NS.pickup,
        t('postal-code', `${postal.slice(0, 3)} ${postal.slice(3)}`),
        t('on-demand-cutoff', CANADA_POST_PICKUP.onDemandCutoff),
        t('on-demand-tour', tour),
        t('prority-world-cutoff', CANADA_POST_PICKUP.priorityWorldCutoff),
        t('scheduled-pickups-available', tour),
      ),
      'pickup-availability',
    );
  }

  const pickupHeader = (p: SimulatedPickup) =>
    e(
      'pickup-request-header',
      t('request-id', p.requestId),
      t('request-status', p.status),
      t('pickup-type', 'OnDemand'),
      t('request-date', p.createdAt.slice(0, 10)),
      t('next-pickup-date', p.date),
    );
  const pickupLinks = (base: string, p: SimulatedPickup) =>
    e(
      'links',
      linkXml('self', pickupBase(base, p), CANADA_POST_MEDIA.pickuprequest),
      linkXml('details', `${pickupBase(base, p)}/details`, CANADA_POST_MEDIA.pickuprequest),
    );

  /**
   * Create Pickup Request, refused as Canada Post documents: a date before
   * today or beyond the horizon, a preferred time after 16:00 or a closing
   * time less than an hour after it, a same-day request after the cut-off
   * or less than an hour before the preferred time, a place off the
   * on-demand tour, a third-party pickup without a contract.
   */
  async function createPickup(request: CanadaPostSimRequest, params: string[], doc: Parsed, ordered: unknown[]): Promise<CanadaPostSimAnswer> {
    const root = doc['pickup-request-details'];
    const times = root['pickup-times']['on-demand-pickup-time'];
    if (!times) return pickupRefused('SIM220', 'Only on-demand pickups can be requested');
    const date = str(times.date)!;
    const preferred = str(times['preferred-time'])!;
    const closing = str(times['closing-time'])!;
    const contractId = str(root['payment-info']?.['contract-id']);
    const alternate = root['pickup-location']['alternate-address'];
    const business = str(root['pickup-location']['business-address-flag']) === 'true';
    if (business === Boolean(alternate))
      return pickupRefused('SIM221', 'An alternate address is required for a third-party pickup, and must not be supplied for the business address');
    if (alternate && !contractId) return pickupRefused('SIM222', 'A third-party pickup requires a parcel contract');
    const at = now();
    const ahead = dayNumber(date) - dayNumber(ymd(at));
    const horizon = contractId ? CANADA_POST_PICKUP.advanceDays.contract : CANADA_POST_PICKUP.advanceDays.nonContract;
    if (ahead < 0 || ahead > horizon) return pickupRefused('SIM223', `The pickup date must be from today to ${horizon} days ahead`);
    if (minutes(preferred) > minutes(CANADA_POST_PICKUP.latestPreferred)) return pickupRefused('SIM224', 'The preferred time must be between 12:00 and 16:00');
    if (minutes(closing) - minutes(preferred) < 60) return pickupRefused('SIM225', 'The closing time must be at least one hour after the preferred time');
    const nowMinutes = at.getUTCHours() * 60 + at.getUTCMinutes();
    if (ahead === 0 && (nowMinutes > minutes(CANADA_POST_PICKUP.onDemandCutoff) || nowMinutes > minutes(preferred) - 60))
      return pickupRefused('SIM226', 'A same-day pickup must be requested before the cut-off and at least one hour before the preferred time');
    const postalCode = alternate ? (str(alternate['postal-code']) ?? '') : CANADA_POST_BUSINESS_POSTAL_CODE;
    if (postalCode.startsWith('X')) return pickupRefused('SIM227', 'On-demand pickup is not available at this location');
    const contact = root['contact-info'];
    const preTax = contractId ? 0 : CANADA_POST_PICKUP.nonContractFee;
    const hst = round2((preTax * CANADA_POST_PICKUP.hstPercent) / 100);
    const pickup: SimulatedPickup = {
      requestId: String(74_698_000 + nextId()).padStart(10, '0'),
      customerNumber: params[0]!,
      ...(str(root['customer-request-id']) ? { customerRequestId: str(root['customer-request-id'])! } : {}),
      status: 'Pending',
      createdAt: at.toISOString(),
      date,
      preferredTime: preferred,
      closingTime: closing,
      instructions: str(root['location-details']['pickup-instructions']) ?? '',
      contactName: str(contact['contact-name']) ?? '',
      ...(str(contact.email) ? { email: str(contact.email)! } : {}),
      contactPhone: str(contact['contact-phone']) ?? '',
      volume: str(root['pickup-volume']) ?? '',
      postalCode,
      location: orderedChildren(ordered, 'pickup-location') ?? [],
      ...(contractId ? { contractId } : {}),
      dispatched: false,
      price: { preTax, hst, due: round2(preTax + hst) },
    };
    pickups.push(pickup);
    return valid(
      200,
      CANADA_POST_MEDIA.pickuprequest,
      'pickuprequest.xsd',
      documentXml(
        'pickup-request-info',
        NS.pickuprequest,
        pickupHeader(pickup),
        e('pickup-request-price', t('pre-tax-amount', money(preTax)), t('hst-amount', money(hst)), t('due-amount', money(pickup.price.due))),
        pickupLinks(request.baseUrl, pickup),
      ),
      'pickup-request-info',
    );
  }

  /** Get Pickup Requests: every listed request of the customer, open ones and (like Canada Post's recent history) the last 20 cancelled; 404 when none. */
  async function getPickups(request: CanadaPostSimRequest, params: string[]): Promise<CanadaPostSimAnswer> {
    const mine = pickups.filter((p) => p.customerNumber === params[0] && Date.parse(p.createdAt) <= now().getTime() - listAfterMs);
    const listed = [...mine.filter((p) => p.status !== 'Cancelled'), ...mine.filter((p) => p.status === 'Cancelled').slice(-20)];
    if (listed.length === 0) return notFound(CANADA_POST_MEDIA.pickuprequest);
    return valid(
      200,
      CANADA_POST_MEDIA.pickuprequest,
      'pickuprequest.xsd',
      documentXml('pickup-requests', NS.pickuprequest, ...listed.map((p) => e('pickup-request', pickupHeader(p), pickupLinks(request.baseUrl, p)))),
      'pickup-requests',
    );
  }

  async function pickupDetails(_request: CanadaPostSimRequest, params: string[]): Promise<CanadaPostSimAnswer> {
    const p = pickupOf(params[0]!, params[1]!);
    if (!p) return notFound(CANADA_POST_MEDIA.pickuprequest);
    return valid(
      200,
      CANADA_POST_MEDIA.pickuprequest,
      'pickuprequest.xsd',
      documentXml(
        'pickup-request-detailed-info',
        NS.pickuprequest,
        pickupHeader(p),
        e(
          'pickup-request-details',
          `<pickup-location>${orderedBuilder.build(p.location)}</pickup-location>`,
          e('contact-info', t('contact-name', p.contactName), t('email', p.email), t('contact-phone', p.contactPhone)),
          e('location-details', t('pickup-instructions', p.instructions)),
          t('pickup-volume', p.volume),
          e('pickup-times', e('on-demand-pickup-time', t('date', p.date), t('preferred-time', p.preferredTime), t('closing-time', p.closingTime))),
        ),
      ),
      'pickup-request-detailed-info',
    );
  }

  /** Cancel Pickup Request: 204; 404 once cancelled (or never made); 400 11004 from the preferred time on, or once the driver is dispatched. */
  function cancelPickup(params: string[]): CanadaPostSimAnswer {
    const p = pickupOf(params[0]!, params[1]!);
    if (!p || p.status === 'Cancelled') return notFound(CANADA_POST_MEDIA.pickuprequest);
    const due = Date.parse(`${p.date}T${p.preferredTime}:00Z`);
    if (p.dispatched || now().getTime() >= due) return pickupRefused('11004', 'Pickup cannot be cancelled as time has already past.');
    p.status = 'Cancelled';
    return { status: 204, contentType: CANADA_POST_MEDIA.pickuprequest, body: Buffer.alloc(0) };
  }

  // --- the front door ---

  /** The operations that only read: the request and the path's parameters are all they need. */
  const READS: Readonly<Record<string, (request: CanadaPostSimRequest, params: string[]) => Promise<CanadaPostSimAnswer>>> = {
    getShipments,
    getShipment,
    shipmentDetails,
    shipmentPrice,
    getGroups,
    getManifests,
    getManifest,
    manifestDetails,
    manifestShipments,
    getNonContractShipments,
    getNonContract,
    nonContractDetails,
    pickupAvailability,
    getPickups,
    pickupDetails,
  };

  async function handle(request: CanadaPostSimRequest): Promise<CanadaPostSimAnswer> {
    const method = request.method.toUpperCase();
    let route: Route | undefined;
    let params: string[] = [];
    for (const r of ROUTES) {
      const match = r.pattern.exec(request.path);
      if (match && r.method === method) {
        route = r;
        params = match.slice(1);
        break;
      }
    }
    // Canada Post's 404: an empty messages document.
    if (!route) return messages(404, []);
    const client = clientOf(request.headers.authorization);
    if (!client) return messages(401, [{ code: 'E002', description: 'AAA Authentication Failure' }], route.media ?? 'application/xml');
    if (route.media && !accepts(request.headers.accept, route.media)) {
      return messages(406, [{ code: 'SIM406', description: `The Accept header must be ${route.media}` }]);
    }
    if (route.name === 'artifact') return artifact(request, params, client.username);
    let doc: Parsed = {};
    let ordered: unknown[] = [];
    if (route.schema) {
      if (!accepts(request.headers['content-type'], route.media!)) {
        return messages(415, [{ code: 'SIM415', description: `The Content-Type header must be ${route.media}` }], route.media);
      }
      const body = request.body ?? '';
      const hostile = hostileBodyProblem(body);
      if (hostile) return messages(400, [{ code: 'Server', description: hostile }], route.media);
      const problems = await canadaPostXmlProblems(body, route.schema);
      if (problems.length > 0)
        return messages(
          400,
          problems.slice(0, 5).map((description) => ({ code: 'Server', description })),
          route.media,
        );
      doc = plainParser.parse(body) as Parsed;
      const root = ROOTS[route.name]!;
      if (!doc[root]) return messages(400, [{ code: 'Server', description: `The document must be a ${root}` }], route.media);
      ordered = orderedParser.parse(body) as unknown[];
    }
    const read = Object.hasOwn(READS, route.name) ? READS[route.name] : undefined;
    if (read) return read(request, params);
    switch (route.name) {
      case 'rate':
        return rate(request, doc);
      case 'createShipment':
        return createShipment(request, params, doc, ordered, client.username);
      case 'voidShipment':
        return voidShipment(params);
      case 'refundShipment':
        return refund(contractShipment(params[0]!, params[1]!, params[2]!), doc, 'shipment-refund-request');
      case 'transmit':
        return transmit(request, params, doc, ordered, client.username);
      case 'createNonContract':
        return createNonContract(request, params, doc, ordered, client.username);
      case 'refundNonContract':
        return refund(nonContractShipment(params[0]!, params[1]!), doc, 'non-contract-shipment-refund-request');
      case 'createPickup':
        return createPickup(request, params, doc, ordered);
      case 'cancelPickup':
        return cancelPickup(params);
      default:
        return track(request, params);
    }
  }

  const operationOf = (request: CanadaPostSimRequest) => ROUTES.find((r) => r.method === request.method.toUpperCase() && r.pattern.test(request.path))?.name;
  /** Whether a late answer waits for this request: a shipment's create (contract or not) by default, else the operation named. */
  const isLate = (late: { only?: string }, operation: string | undefined) =>
    late.only === undefined ? operation === 'createShipment' || operation === 'createNonContract' : late.only === operation;

  const byPin = (pin: string) => shipments.find((s) => s.trackingPin === pin);

  return {
    /** Every shipment made, voided and refunded ones included (see `billable`). */
    shipments,
    manifests,
    /** Every request received, in order (valid or not), with the status answered. */
    received,
    /** The open groups of a customer (mailed-by, mailed-on-behalf-of): group id → its shipments not yet transmitted. */
    groups: (customer: string, mobo = customer) => openGroups(customer, mobo),
    /** The shipments Canada Post would bill: neither voided nor refunded. */
    billable: () => shipments.filter((s) => !s.voided && !s.refund),
    shipmentByPin: byPin,
    /** The next `count` requests (of operation `only` alone when given: `transmit`, `createShipment`, … as the routes name them) meet `fault`. */
    /** `after`: that many matching requests pass first (the second create of an order of several parcels fails with `after` 1). */
    failNext(fault: CanadaPostFault, count = 1, only?: string, after = 0) {
      for (let i = 0; i < count; i++) faults.push({ fault, ...(only ? { only } : {}), after });
    },
    /**
     * The next request of operation `only` waits, before Canada Post handles
     * it, until `release()`: `reached` once it has arrived (its fault, if
     * any, is already its own then).
     */
    holdNext(only: string): { reached: Promise<void>; release: () => void } {
      let arrived!: () => void;
      let release!: () => void;
      const reached = new Promise<void>((resolve) => (arrived = resolve));
      holds.push({ only, arrived, released: new Promise<void>((resolve) => (release = resolve)) });
      return { reached, release };
    },
    /**
     * The next create (contract or non-contract; of operation `only` when
     * given, e.g. `createPickup`) is made and answered `delayMs` late
     * (LateAnswer); other requests answer as usual.
     */
    answerLate(delayMs: number, only?: string) {
      lateCreates.push({ delayMs, ...(only ? { only } : {}) });
    },
    /** Every pickup request made, cancelled ones included. */
    pickups,
    /** The driver of a pickup is on the way: its cancel is refused from now on (11004). */
    dispatchPickup(requestId: string) {
      const p = pickups.find((q) => q.requestId === requestId);
      if (!p) throw new Error(`no pickup request ${requestId}`);
      p.dispatched = true;
    },
    /** Moves a shipment one step: label created → accepted → processed → out for delivery → delivered. */
    advance(pin: string) {
      const s = byPin(pin);
      if (!s) throw new Error(`no shipment ${pin}`);
      s.stage = STAGES[Math.min(STAGES.length - 1, STAGES.indexOf(s.stage) + 1)]!;
    },
    async send(request: CanadaPostSimRequest): Promise<CanadaPostSimAnswer> {
      const entry: (typeof received)[number] = { method: request.method, path: request.path.slice(0, 200) };
      received.push(entry);
      const operation = operationOf(request);
      const lateAt = lateCreates.findIndex((late) => isLate(late, operation));
      if (lateAt >= 0) {
        const { delayMs } = lateCreates.splice(lateAt, 1)[0]!;
        throw new LateAnswer<CanadaPostSimAnswer>('Canada Post', delayMs, async () => {
          const late = await handle(request);
          entry.status = late.status;
          return late;
        });
      }
      const at = faults.findIndex((f) => f.only === undefined || f.only === operation);
      const waiting = at >= 0 && faults[at]!.after > 0;
      if (waiting) faults[at]!.after--;
      const fault = at >= 0 && !waiting ? faults.splice(at, 1)[0]!.fault : undefined;
      const held = holds.findIndex((h) => h.only === operation);
      if (held >= 0) {
        const hold = holds.splice(held, 1)[0]!;
        hold.arrived();
        await hold.released;
      }
      if (fault === 'http500') {
        entry.status = 500;
        return messages(500, [{ code: 'Server', description: 'Internal Server Error' }]);
      }
      if (fault === 'refuse') {
        entry.status = 400;
        return messages(400, [{ code: 'SIM400', description: 'The request was refused (a simulated refusal)' }]);
      }
      const result = await handle(request);
      entry.status = result.status;
      if (fault === 'lose-answer') throw new LostAnswer('Canada Post');
      return result;
    },
  };
}
