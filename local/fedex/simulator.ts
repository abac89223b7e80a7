/**
 * A FedEx stand-in served from FedEx's own OpenAPI documents (./spec.ts),
 * deterministic and without a network (tooling: no function imports it).
 *
 * - Every request is checked as FedEx checks it: the token endpoint's form
 *   (client credentials, or an integrator's or parent's with the child's
 *   key), a bearer token it issued and has not expired on every API call
 *   (401 in FedEx's error document otherwise), an account the token may use
 *   (403), and a body valid against the operation's request schema (400
 *   `SIM.INVALID.INPUT`, naming the problems in `parameterList`).
 * - Every answer is validated against the document's schema of its status
 *   before it leaves: a simulator bug throws rather than teach a parser
 *   something FedEx never says.
 * - It keeps state: tokens, shipments (single and multi-piece, one master
 *   tracking number, a label per piece in PDF or ZPL II on 4×6 stock, return
 *   labels, customs and a commercial invoice abroad), their customer
 *   references, cancels (until tendered, or closed for Ground), tracking that
 *   moves on `advance`, Ground End of Day closes with their manifest, and
 *   pickups (availability for the day asked, a booking kept to be looked up
 *   by `pickup(code)`, which FedEx's API cannot, and a cancel refused once
 *   the courier is dispatched: at the ready time, or by `dispatch`).
 *
 * Track by reference lists a shipment as `referenceSearch` says: by default
 * from its creation, in its "label created" state (FedEx's own list of test
 * numbers has such a shipment found by its customer reference), or only
 * `listAfterMs` after it was made, or only once tendered (`beforeTender:
 * 'hidden'`), so a connector's recovery can be tested against each
 * (docs/fedex.md, "Track by reference before a label is tendered").
 *
 * Québec: the documents fix no code; `quebecCode` is the one kept silently
 * (PQ by default, as FedEx has been seen to answer QC with a NOTE
 * `...STATEORPROVINCECODE.CHANGED`), the other is taken with that NOTE.
 *
 * Codes: FedEx's where its documents (or answers it is known to give) name
 * one; refusals FedEx documents without a code carry the simulator's own,
 * prefixed `SIM.`, so no parser keys on a code FedEx never sends.
 *
 * Faults for tests: `failNext('lose-answer')` does the work and loses the
 * answer (LostAnswer), `'http500'`, `'http503'`, `'http429'` answer so
 * without acting (`only` narrows it to one operation); `answerLate(ms)` makes
 * the next ship (or `operation`) act and answer that late (LateAnswer).
 */
/* eslint-disable @typescript-eslint/no-explicit-any -- the simulator reads request bodies the document's schema has just validated */
import { randomBytes } from 'node:crypto';
import { LateAnswer, LostAnswer } from '../mock-http';
import { provinceOf, taxRatesOf } from '../stand-in-kit';
import { fedexGroundManifest, fedexInvoicePdf, fedexLabelPdf, fedexLabelZpl, fedexOp950Pdf, type FedexLabelFacts } from './documents';
import {
  FEDEX_OPERATIONS,
  operationOf,
  problemsOf,
  requestContentType,
  requestValidator,
  responseValidator,
  type FedexErrorBody,
  type FedexErrorItem,
  type FedexOperation,
} from './spec';

export { LateAnswer, LostAnswer };

/** One HTTP request as a server hands it over: header names in lower case; the token's form as an object of its fields. */
export type FedexSimRequest = {
  method: string;
  /** The path below the host (`/ship/v1/shipments`). */
  path: string;
  headers?: Readonly<Record<string, string | undefined>>;
  /** The parsed JSON body, or the token request's form fields. */
  body?: unknown;
  /** The server's own base URL: a label asked for as `URL_ONLY` is linked on it. */
  baseUrl?: string;
};

export type FedexSimAnswer = { status: number; body: unknown };

export type FedexChildCredentials = { childKey: string; childSecret: string; accountNumbers?: readonly string[] };

/** A FedEx project's API key and secret; its accounts (any when absent); the customers it may act for (integrators, parent-child). */
export type FedexClient = { clientId: string; clientSecret: string; accountNumbers?: readonly string[]; children?: readonly FedexChildCredentials[] };

export type FedexFault = 'lose-answer' | 'http500' | 'http503' | 'http429';

export type FedexSimulatorOptions = {
  clients: readonly FedexClient[];
  now?: () => Date;
  /** FedEx's tokens last an hour. */
  tokenLifetimeSeconds?: number;
  /** The Québec code taken without a remark; the other one is answered with a NOTE that FedEx changed it. */
  quebecCode?: 'PQ' | 'QC';
  referenceSearch?: {
    /** Whether a shipment whose label is made but not tendered is found by reference ('listed', the default) or not yet ('hidden'). */
    beforeTender?: 'listed' | 'hidden';
    /** A shipment younger than this is not found by reference. */
    listAfterMs?: number;
  };
};

type Stage = 'created' | 'pickedUp' | 'inTransit' | 'outForDelivery' | 'delivered';
export const FEDEX_STAGES: readonly Stage[] = ['created', 'pickedUp', 'inTransit', 'outForDelivery', 'delivered'];

export type SimulatedFedexAddress = {
  streetLines: string[];
  city: string;
  stateOrProvinceCode?: string;
  postalCode?: string;
  countryCode: string;
  residential: boolean;
};

export type SimulatedFedexPiece = {
  trackingNumber: string;
  sequenceNumber: number;
  weight: { units: 'KG' | 'LB'; value: number };
  references: { type: string; value: string }[];
  /** Its label, for `document(key)`. */
  labelKey: string;
};

export type SimulatedFedexShipment = {
  accountNumber: string;
  serviceType: string;
  packagingType: string;
  /** YYYY-MM-DD. */
  shipDate: string;
  createdAt: string;
  masterTrackingNumber: string;
  pieces: SimulatedFedexPiece[];
  imageType: 'PDF' | 'ZPLII';
  shipper: SimulatedFedexAddress;
  recipient: SimulatedFedexAddress;
  international: boolean;
  /** The outbound shipment's tracking number, for a return label. */
  returnOf?: string;
  invoiceKey?: string;
  cancelled: boolean;
  /** When a Ground End of Day close took it. */
  closedAt?: string;
  stage: Stage;
  stageAt: Partial<Record<Stage, string>>;
  currency: string;
  netCharge: number;
};

export type SimulatedFedexClose = { accountNumber: string; closeDate: string; closedAt: string; trackingNumbers: string[]; manifest: string; op950: boolean };

export type SimulatedFedexPickup = {
  confirmationCode: string;
  accountNumber: string;
  carrierCode: 'FDXE' | 'FDXG';
  scheduledDate: string;
  /** HH:MM:SS, local at the place (the simulator's clock reads them as UTC). */
  readyTime: string;
  closeTime: string;
  /** The pickup location's postal code and country, as sent. */
  postalCode: string;
  countryCode: string;
  packageCount?: number;
  totalWeight?: { units: string; value: number };
  remarks?: string;
  location?: string;
  cancelled: boolean;
  /** The courier is on the way (its ready time has come, or `dispatch` said so): FedEx no longer cancels it. */
  dispatched: boolean;
};

/** An issued token: the accounts it may act for (any when absent), until when. */
type Token = { accounts?: ReadonlySet<string>; expiresAt: number };

type Lane = 'domesticCA' | 'domesticUS' | 'transborder' | 'international';

type Service = {
  name: string;
  category: 'EXPRESS' | 'GROUND';
  /** Business days in transit by lane (absent: not offered there), before the distance adds its own. */
  days: Partial<Record<Lane, number>>;
  base: number;
  perKg: number;
  /** The account's discount on the freight, a fraction. */
  discount: number;
  fuelPercent: number;
};

/**
 * The parcel services FedEx quotes from Canada (its Canada service list:
 * domestic, transborder to the US, international) and within the US, with
 * a made-up tariff: a base, a price per kilogram, the distance, a fuel
 * percentage and the account's discount.
 */
export const FEDEX_SERVICES: Readonly<Record<string, Service>> = {
  FIRST_OVERNIGHT: {
    name: 'FedEx First Overnight®',
    category: 'EXPRESS',
    days: { domesticCA: 1, domesticUS: 1 },
    base: 62,
    perKg: 4.1,
    discount: 0.2,
    fuelPercent: 18.25,
  },
  PRIORITY_OVERNIGHT: {
    name: 'FedEx Priority Overnight®',
    category: 'EXPRESS',
    days: { domesticCA: 1, domesticUS: 1 },
    base: 38,
    perKg: 3.2,
    discount: 0.2,
    fuelPercent: 18.25,
  },
  STANDARD_OVERNIGHT: {
    name: 'FedEx Standard Overnight®',
    category: 'EXPRESS',
    days: { domesticCA: 1, domesticUS: 1 },
    base: 31,
    perKg: 2.9,
    discount: 0.2,
    fuelPercent: 18.25,
  },
  FEDEX_2_DAY: { name: 'FedEx 2Day®', category: 'EXPRESS', days: { domesticCA: 2, domesticUS: 2 }, base: 22, perKg: 2.1, discount: 0.2, fuelPercent: 18.25 },
  FEDEX_EXPRESS_SAVER: {
    name: 'FedEx Express Saver®',
    category: 'EXPRESS',
    days: { domesticCA: 3, domesticUS: 3 },
    base: 17,
    perKg: 1.7,
    discount: 0.2,
    fuelPercent: 18.25,
  },
  FEDEX_GROUND: {
    name: 'FedEx Ground®',
    category: 'GROUND',
    days: { domesticCA: 1, domesticUS: 1, transborder: 3 },
    base: 11,
    perKg: 0.9,
    discount: 0.15,
    fuelPercent: 14.5,
  },
  GROUND_HOME_DELIVERY: { name: 'FedEx Home Delivery®', category: 'GROUND', days: { domesticUS: 1 }, base: 12, perKg: 0.95, discount: 0.15, fuelPercent: 14.5 },
  INTERNATIONAL_FIRST: {
    name: 'FedEx International First®',
    category: 'EXPRESS',
    days: { transborder: 1, international: 2 },
    base: 120,
    perKg: 9.5,
    discount: 0.25,
    fuelPercent: 21.5,
  },
  FEDEX_INTERNATIONAL_PRIORITY_EXPRESS: {
    name: 'FedEx International Priority® Express',
    category: 'EXPRESS',
    days: { transborder: 1, international: 2 },
    base: 88,
    perKg: 7.2,
    discount: 0.25,
    fuelPercent: 21.5,
  },
  FEDEX_INTERNATIONAL_PRIORITY: {
    name: 'FedEx International Priority®',
    category: 'EXPRESS',
    days: { transborder: 2, international: 3 },
    base: 64,
    perKg: 5.8,
    discount: 0.25,
    fuelPercent: 21.5,
  },
  INTERNATIONAL_ECONOMY: {
    name: 'FedEx International Economy®',
    category: 'EXPRESS',
    days: { transborder: 3, international: 5 },
    base: 45,
    perKg: 4.4,
    discount: 0.25,
    fuelPercent: 21.5,
  },
  FEDEX_INTERNATIONAL_CONNECT_PLUS: {
    name: 'FedEx International Connect Plus®',
    category: 'EXPRESS',
    days: { international: 5 },
    base: 38,
    perKg: 3.6,
    discount: 0.25,
    fuelPercent: 21.5,
  },
};

/** The heaviest piece by packaging (FedEx's package types table): its own boxes 9 kg, an envelope 0.5 kg, the customer's box 68 kg (32 kg by Ground). */
const PACKAGING_MAX_KG: Readonly<Record<string, { express: number; ground?: number }>> = {
  YOUR_PACKAGING: { express: 68, ground: 32 },
  FEDEX_ENVELOPE: { express: 0.5 },
  FEDEX_PAK: { express: 9 },
  FEDEX_BOX: { express: 9 },
  FEDEX_SMALL_BOX: { express: 9 },
  FEDEX_MEDIUM_BOX: { express: 9 },
  FEDEX_LARGE_BOX: { express: 9 },
  FEDEX_EXTRA_LARGE_BOX: { express: 9 },
  FEDEX_TUBE: { express: 9 },
  FEDEX_10KG_BOX: { express: 10 },
  FEDEX_25KG_BOX: { express: 25 },
};

/** A single-shot multi-piece shipment (or a rate) takes at most this many pieces; FedEx answers more asynchronously, which the simulator does not. */
export const MAX_PIECES = 40;
/** FedEx's largest piece: 274 cm long, 419 cm in length and girth (twice the width and height). */
const MAX_LENGTH_CM = 274;
const MAX_LENGTH_AND_GIRTH_CM = 419;
/** The highest declared value of a piece the simulator takes. */
const MAX_DECLARED_VALUE = 50_000;
/** Track by tracking number takes at most 30 numbers (FedEx's Track API). */
export const MAX_TRACKING_NUMBERS = 30;
/** Address resolution takes at most 100 addresses (its document). */
export const MAX_ADDRESSES = 100;
/** Reports of a close can be reprinted for three days (FedEx's Ground End of Day Close API). */
const REPRINT_DAYS = 3;

/** The longest customer reference by type (the Ship document's CustomerReference); CUSTOMER_REFERENCE is 40 by Express, 30 by Ground. */
const REFERENCE_MAX: Readonly<Record<string, number>> = {
  DEPARTMENT_NUMBER: 30,
  INVOICE_NUMBER: 30,
  P_O_NUMBER: 30,
  INTRACOUNTRY_REGULATORY_REFERENCE: 30,
  RMA_ASSOCIATION: 20,
};

/** Track by reference's `type` and the customer reference type of the Ship API it finds. */
const REFERENCE_TYPES: Readonly<Record<string, string>> = {
  CUSTOMER_REFERENCE: 'CUSTOMER_REFERENCE',
  SHIPPER_REFERENCE: 'CUSTOMER_REFERENCE',
  PURCHASE_ORDER: 'P_O_NUMBER',
  INVOICE: 'INVOICE_NUMBER',
  DEPARTMENT: 'DEPARTMENT_NUMBER',
  RETURN_MATERIALS_AUTHORIZATION: 'RMA_ASSOCIATION',
};

/** Where a scan happens: at the shipper's (a pickup), FedEx's hub of the origin country, the recipient's, or nowhere (a label made). */
type ScanPlace = 'origin' | 'hub' | 'destination' | 'none';

/** FedEx's status codes of each stage (its tracking status codes), the derived code and the words its tracking answers carry. */
export const FEDEX_EVENTS: Readonly<Record<Stage, readonly { code: string; derived: string; status: string; description: string; place: ScanPlace }[]>> = {
  created: [{ code: 'OC', derived: 'IN', status: 'Label created', description: 'Shipment information sent to FedEx', place: 'none' }],
  pickedUp: [{ code: 'PU', derived: 'PU', status: 'Picked up', description: 'Picked up', place: 'origin' }],
  inTransit: [
    { code: 'AR', derived: 'IT', status: 'In transit', description: 'Arrived at FedEx location', place: 'hub' },
    { code: 'DP', derived: 'IT', status: 'In transit', description: 'Departed FedEx location', place: 'hub' },
  ],
  outForDelivery: [{ code: 'OD', derived: 'OD', status: 'On FedEx vehicle for delivery', description: 'On FedEx vehicle for delivery', place: 'destination' }],
  delivered: [{ code: 'DL', derived: 'DL', status: 'Delivered', description: 'Delivered', place: 'destination' }],
};
const CANCELLED_EVENT = { code: 'CA', derived: 'CA', status: 'Cancelled', description: 'Shipment cancelled by sender', place: 'none' as ScanPlace };

/** FedEx's hub a parcel from each origin country goes through (any other country's is its own origin). */
const HUBS: Readonly<Record<string, { city: string; stateOrProvinceCode: string; postalCode: string; countryCode: string }>> = {
  CA: { city: 'MISSISSAUGA', stateOrProvinceCode: 'ON', postalCode: 'L5T2T5', countryCode: 'CA' },
  US: { city: 'MEMPHIS', stateOrProvinceCode: 'TN', postalCode: '38118', countryCode: 'US' },
};

/** The document's own words for its standard errors. */
const WORDS = {
  unauthorized: 'Access token expired. Please modify your request and try again.',
  badCredentials: 'The given client credentials were not valid. Please modify your request and try again.',
  forbidden: 'We could not authorize your credentials. Please check your permissions and try again.',
  notFound: 'The resource you requested is no longer available. Please modify your request and try again.',
  internal: 'We encountered an unexpected error and are working to resolve the issue. We apologize for any inconvenience. Please check back at a later time.',
  unavailable:
    'The service is currently unavailable and we are working to resolve the issue. We apologize for any inconvenience. Please check back at a later time.',
  internationalRate:
    'Rate does not include duties & taxes, clearance entry fees or other import fees.  The payor of duties/taxes/fees will be responsible for any applicable Clearance Entry Fees.',
} as const;

/** FedEx Express's 12-digit check digit: the first eleven digits weighted 1, 3, 7 from the right, summed, modulo 11 (10 counts as 0). */
export function fedexCheckDigit(eleven: string): string {
  const weights = [1, 3, 7];
  let sum = 0;
  [...eleven].reverse().forEach((digit, i) => {
    sum += Number(digit) * weights[i % 3]!;
  });
  return String((sum % 11) % 10);
}

export const fedexCheckDigitHolds = (trackingNumber: string): boolean =>
  /^\d{12}$/.test(trackingNumber) && fedexCheckDigit(trackingNumber.slice(0, 11)) === trackingNumber.slice(11);

const round2 = (n: number) => Math.round(n * 100) / 100;
const ymd = (d: Date) => d.toISOString().slice(0, 10);
const DAY_MS = 86_400_000;
const DAY_NAMES = ['SUN', 'MON', 'TUE', 'WED', 'THU', 'FRI', 'SAT'];
const TRANSIT_WORDS = ['ONE_DAY', 'TWO_DAYS', 'THREE_DAYS', 'FOUR_DAYS', 'FIVE_DAYS', 'SIX_DAYS', 'SEVEN_DAYS', 'EIGHT_DAYS', 'NINE_DAYS', 'TEN_DAYS'];

const isDate = (s: unknown): s is string => typeof s === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(s) && !Number.isNaN(Date.parse(`${s}T00:00:00Z`));

function addBusinessDays(from: string, days: number): Date {
  const d = new Date(`${from}T00:00:00Z`);
  let left = days;
  while (left > 0) {
    d.setUTCDate(d.getUTCDate() + 1);
    if (d.getUTCDay() !== 0 && d.getUTCDay() !== 6) left--;
  }
  return d;
}

/** The next weekday on or after `d` (UTC). */
function weekdayFrom(d: Date): Date {
  const day = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate()));
  while (day.getUTCDay() === 0 || day.getUTCDay() === 6) day.setUTCDate(day.getUTCDate() + 1);
  return day;
}

/** Canada's regions from east to west by a postal code's first letter, and the US's by a ZIP code's first digit: the distance is their difference. */
const REGION_OF_LETTER: Readonly<Record<string, number>> = {
  A: 0,
  B: 1,
  C: 1,
  E: 1,
  G: 2,
  H: 2,
  J: 2,
  K: 3,
  L: 3,
  M: 3,
  N: 3,
  P: 3,
  R: 4,
  S: 5,
  T: 6,
  V: 7,
  X: 8,
  Y: 8,
};
const regionOf = (address: SimulatedFedexAddress): number => {
  const first = (address.postalCode ?? '').charAt(0).toUpperCase();
  return address.countryCode === 'CA' ? (REGION_OF_LETTER[first] ?? 3) : /\d/.test(first) ? Number(first) : 4;
};

const laneOf = (from: SimulatedFedexAddress, to: SimulatedFedexAddress): Lane => {
  if (from.countryCode === to.countryCode) return from.countryCode === 'CA' ? 'domesticCA' : 'domesticUS';
  const pair = [from.countryCode, to.countryCode].sort().join('-');
  return pair === 'CA-US' ? 'transborder' : 'international';
};

/** 0 to 4: how far apart both ends are for the tariff and the days in transit. */
const distanceOf = (lane: Lane, from: SimulatedFedexAddress, to: SimulatedFedexAddress): number => {
  if (lane === 'international') return 4;
  if (lane === 'transborder') return Math.min(4, 1 + Math.floor(Math.abs(regionOf(to) - (from.countryCode === 'CA' ? 3 : 5)) / 2));
  return Math.min(4, Math.ceil((Math.abs(regionOf(from) - regionOf(to)) * 3) / 4));
};

const toKg = (value: number, units: string) => (units === 'LB' ? value * 0.45359237 : value);

const readAddress = (party: any): SimulatedFedexAddress => {
  const a = party?.address ?? {};
  return {
    streetLines: Array.isArray(a.streetLines) ? a.streetLines.map(String) : [],
    city: typeof a.city === 'string' ? a.city : '',
    ...(typeof a.stateOrProvinceCode === 'string' && a.stateOrProvinceCode !== '' ? { stateOrProvinceCode: a.stateOrProvinceCode } : {}),
    ...(typeof a.postalCode === 'string' && a.postalCode !== '' ? { postalCode: a.postalCode } : {}),
    countryCode: typeof a.countryCode === 'string' ? a.countryCode.toUpperCase() : '',
    residential: a.residential === true,
  };
};

/** A value of the request named in a refusal, at most 40 characters of it. */
const short = (value: unknown) => String(value).slice(0, 40);
const laneWords = (from: SimulatedFedexAddress, to: SimulatedFedexAddress) => `from ${from.countryCode.slice(0, 3)} to ${to.countryCode.slice(0, 3)}`;

const placeOf = (a: SimulatedFedexAddress) => [a.city, a.stateOrProvinceCode, a.postalCode, a.countryCode].filter(Boolean).join(' ').toUpperCase();

/** A postal code without spaces or hyphens (`H2Y 1C6`, `98104-1234`), upper case. */
const normalPostal = (postal: string | undefined) => (postal ?? '').replace(/[\s-]+/g, '').toUpperCase();

export type FedexSimulator = ReturnType<typeof createFedexSimulator>;

export function createFedexSimulator(options: FedexSimulatorOptions) {
  const now = options.now ?? (() => new Date());
  const tokenLifetimeSeconds = options.tokenLifetimeSeconds ?? 3600;
  const quebecCode = options.quebecCode ?? 'PQ';
  const listBeforeTender = (options.referenceSearch?.beforeTender ?? 'listed') === 'listed';
  const listAfterMs = options.referenceSearch?.listAfterMs ?? 0;

  const tokens = new Map<string, Token>();
  const issued: string[] = [];
  const shipments: SimulatedFedexShipment[] = [];
  const closes: SimulatedFedexClose[] = [];
  const pickups: SimulatedFedexPickup[] = [];
  const documents = new Map<string, { contentType: string; bytes: Buffer }>();
  /** When each cancelled shipment (by its master tracking number) was cancelled. */
  const cancelledAt = new Map<string, string>();
  const faults: { fault: FedexFault; only?: FedexOperation }[] = [];
  const late: { delayMs: number; operation: FedexOperation }[] = [];
  const received: { method: string; path: string; operation?: FedexOperation; status?: number; body?: unknown }[] = [];
  let serial = 0;
  let transactions = 0;

  const transactionId = () => `5f3c2a10-0000-4000-8000-${(++transactions).toString(16).padStart(12, '0')}`;

  /** `body` as the answer of `status`, validated against the document's schema of that status first: a simulator bug throws. */
  function valid(operation: FedexOperation, status: number, body: Record<string, unknown>): FedexSimAnswer {
    const problems = problemsOf(responseValidator(operation, status), body);
    if (problems.length > 0)
      throw new Error(`the FedEx simulator's own ${operation} answer (HTTP ${status}) breaks its schema: ${problems.slice(0, 5).join('; ')}`);
    return { status, body };
  }

  /** An API answer: FedEx's transaction id, the customer's echoed, then `body`. */
  const answer = (operation: FedexOperation, status: number, body: Record<string, unknown>, customerTransactionId?: string): FedexSimAnswer =>
    valid(operation, status, { transactionId: transactionId(), ...(customerTransactionId ? { customerTransactionId } : {}), ...body });

  /** A refusal in FedEx's error document. */
  const refuse = (operation: FedexOperation, status: number, errors: FedexErrorItem[], customerTransactionId?: string): FedexSimAnswer =>
    answer(operation, status, { errors } satisfies Omit<FedexErrorBody, 'transactionId'>, customerTransactionId);

  const one = (code: string, message: string, parameterList?: { key: string; value: string }[]): FedexErrorItem[] => [
    { code, message, ...(parameterList ? { parameterList } : {}) },
  ];

  /** A schema's problems (`/path message`, from Ajv: never the data) as FedEx's parameter list, five at most. */
  const invalidInput = (problems: string[]) =>
    one(
      'SIM.INVALID.INPUT',
      'Invalid field value in the input',
      problems.slice(0, 5).map((p) => ({ key: p.split(' ', 1)[0]!, value: p.slice(p.indexOf(' ') + 1) })),
    );

  const byTracking = (n: string) => shipments.find((s) => s.pieces.some((p) => p.trackingNumber === n));

  const nextTrackingNumber = (category: 'EXPRESS' | 'GROUND') => {
    const eleven = `${category === 'GROUND' ? '2701' : '7949'}${String(++serial).padStart(7, '0')}`;
    return `${eleven}${fedexCheckDigit(eleven)}`;
  };

  // ---- OAuth ----

  function token(request: FedexSimRequest): FedexSimAnswer {
    if (!/^application\/x-www-form-urlencoded\b/i.test(request.headers?.['content-type'] ?? '')) {
      return refuse('token', 400, one('SIM.CONTENT.TYPE.INVALID', 'The token request must be sent as application/x-www-form-urlencoded.'));
    }
    const form = (parsedBody('token', request.body ?? '')?.body ?? {}) as Record<string, unknown>;
    const problems = problemsOf(requestValidator('token'), form);
    if (problems.length > 0) return refuse('token', 400, invalidInput(problems));
    const client = options.clients.find((c) => c.clientId === form.client_id && c.clientSecret === form.client_secret);
    const grant = form.grant_type;
    if (grant !== 'client_credentials' && grant !== 'csp_credentials' && grant !== 'client_pc_credentials') {
      return refuse('token', 400, one('SIM.GRANT.TYPE.INVALID', 'grant_type must be client_credentials, csp_credentials or client_pc_credentials.'));
    }
    if (!client) return refuse('token', 401, one('NOT.AUTHORIZED.ERROR', WORDS.badCredentials));
    let accounts = client.accountNumbers;
    if (grant !== 'client_credentials') {
      // The document spells the customer's key child_Key.
      const child = client.children?.find((c) => c.childKey === form.child_Key && c.childSecret === form.child_secret);
      if (!child) return refuse('token', 401, one('NOT.AUTHORIZED.ERROR', WORDS.badCredentials));
      accounts = child.accountNumbers;
    }
    const accessToken = randomBytes(24).toString('base64url');
    tokens.set(accessToken, { ...(accounts ? { accounts: new Set(accounts) } : {}), expiresAt: now().getTime() + tokenLifetimeSeconds * 1000 });
    issued.push(accessToken);
    // OAuth's answer, without FedEx's transaction id.
    return valid('token', 200, { access_token: accessToken, token_type: 'bearer', expires_in: tokenLifetimeSeconds, scope: 'CXS' });
  }

  const bearerOf = (request: FedexSimRequest) => /^Bearer\s+(\S+)$/i.exec(request.headers?.authorization ?? '')?.[1];
  const tokenOf = (request: FedexSimRequest): Token | undefined => {
    const bearer = bearerOf(request);
    const entry = bearer ? tokens.get(bearer) : undefined;
    return entry && entry.expiresAt > now().getTime() ? entry : undefined;
  };

  /** The account an operation's body names (none for tracking by number). */
  const accountOf = (operation: FedexOperation, body: any): string | undefined => {
    switch (operation) {
      case 'rate':
      case 'ship':
      case 'cancel':
      case 'groundClose':
      case 'groundReprint':
        return body.accountNumber?.value === undefined ? undefined : String(body.accountNumber.value);
      case 'pickupCreate':
      case 'pickupCancel':
        return body.associatedAccountNumber?.value;
      case 'pickupAvailability':
        return body.associatedAccountNumber;
      default:
        return undefined;
    }
  };

  // ---- Addresses: state codes and Québec ----

  /** Problems FedEx refuses in a party's state code, or the NOTE it gives when it changes Québec's. */
  function stateCheck(
    who: 'origin' | 'destination',
    address: SimulatedFedexAddress,
  ): { error?: FedexErrorItem; alert?: { code: string; alertType: 'NOTE'; message: string } } {
    const code = address.stateOrProvinceCode;
    const label = who === 'origin' ? 'ORIGIN' : 'DESTINATION';
    if (code !== undefined && code.length > 2) {
      return who === 'destination'
        ? {
            error: {
              code: 'RECIPIENT.ADDRESSSTATEORPROVINCECODE.MAXCHAREXCEEDED',
              message: 'The length of the destination state or province code exceeds the limit of 2 characters. Please update and try again.',
            },
          }
        : {
            error: {
              code: 'SIM.SHIPPER.ADDRESSSTATEORPROVINCECODE.MAXCHAREXCEEDED',
              message: 'The length of the origin state or province code exceeds the limit of 2 characters. Please update and try again.',
            },
          };
    }
    if (['US', 'CA', 'PR'].includes(address.countryCode) && code === undefined) {
      return {
        error: { code: `SIM.${label}.STATEORPROVINCECODE.REQUIRED`, message: `The ${who} state or province code is required for ${address.countryCode}.` },
      };
    }
    if (address.countryCode === 'CA' && (code === 'QC' || code === 'PQ') && code !== quebecCode) {
      return { alert: { code: `${label}.STATEORPROVINCECODE.CHANGED`, alertType: 'NOTE', message: `The ${who} state/province code has been changed.` } };
    }
    return {};
  }

  /** The province of a Canadian address for taxes and the resolved address: its postal code's, Québec as FedEx keeps it. */
  const provinceFor = (postalCode: string) => {
    const province = provinceOf(postalCode);
    return province === 'QC' ? quebecCode : province;
  };

  // ---- Pieces and prices ----

  type Piece = { kg: number; dimKg: number; units: 'KG' | 'LB'; value: number; declared: number; references: { type: string; value: string }[] };

  /** The request's pieces (a line's groupPackageCount repeats it), or the refusal. */
  function piecesOf(lines: any[]): { pieces: Piece[] } | { error: FedexErrorItem } {
    const pieces: Piece[] = [];
    const units = new Set<string>();
    for (const line of lines) {
      const count = Number.isInteger(line.groupPackageCount) && line.groupPackageCount > 1 ? line.groupPackageCount : 1;
      if (pieces.length + count > MAX_PIECES)
        return { error: { code: 'SIM.PACKAGECOUNT.EXCEEDED', message: `The simulator takes at most ${MAX_PIECES} pieces in one request.` } };
      const weight = line.weight ?? {};
      units.add(weight.units);
      const value = Number(weight.value);
      if (!(value > 0)) return { error: { code: 'SIM.PACKAGE.WEIGHT.INVALID', message: 'Every piece needs a weight above zero.' } };
      const d = line.dimensions ?? {};
      const cm = (n: unknown) => (d.units === 'IN' ? Number(n) * 2.54 : Number(n));
      const [length, width, height] = [cm(d.length), cm(d.width), cm(d.height)].map((n) => (Number.isFinite(n) && n > 0 ? n : 0)) as [number, number, number];
      if (length > MAX_LENGTH_CM || length + 2 * width + 2 * height > MAX_LENGTH_AND_GIRTH_CM) {
        return {
          error: {
            code: 'SIM.PACKAGE.DIMENSIONS.EXCEEDED',
            message: `A piece is at most ${MAX_LENGTH_CM} cm long and ${MAX_LENGTH_AND_GIRTH_CM} cm in length and girth.`,
          },
        };
      }
      const declared = Number(line.declaredValue?.amount ?? 0);
      if (!(declared >= 0 && declared <= MAX_DECLARED_VALUE))
        return { error: { code: 'SIM.DECLAREDVALUE.EXCEEDED', message: `A piece's declared value is 0 to ${MAX_DECLARED_VALUE}.` } };
      const dimKg = (length * width * height) / 5000;
      for (let i = 0; i < count; i++) {
        pieces.push({
          kg: toKg(value, weight.units),
          dimKg,
          units: weight.units,
          value,
          declared,
          references: (line.customerReferences ?? []).map((r: any) => ({
            type: String(r.customerReferenceType ?? 'CUSTOMER_REFERENCE'),
            value: String(r.value ?? ''),
          })),
        });
      }
    }
    if (pieces.length === 0) return { error: { code: 'SIM.PACKAGECOUNT.REQUIRED', message: 'At least one piece is required.' } };
    if (units.size > 1) return { error: { code: 'SIM.PACKAGE.WEIGHT.UNITS.MIXED', message: 'Every piece of a shipment is weighed in the same unit.' } };
    return { pieces };
  }

  type Quote = {
    serviceType: string;
    service: Service;
    days: number;
    distance: number;
    listBase: number;
    billingWeight: number;
    units: 'KG' | 'LB';
    dim: boolean;
    surcharges: { type: string; description: string; amount: number; level: 'SHIPMENT' | 'PACKAGE' }[];
    taxes: { type: string; description: string; amount: number }[];
    currency: string;
  };

  /** What `rateType` charges: the freight (less the account's discount), the fuel on it, the other surcharges and the taxes. */
  function charges(q: Quote, rateType: 'ACCOUNT' | 'LIST') {
    const discount = rateType === 'ACCOUNT' ? round2(q.listBase * q.service.discount) : 0;
    const freight = round2(q.listBase - discount);
    const fuel = round2((freight * q.service.fuelPercent) / 100);
    const surcharges = [{ type: 'FUEL', description: 'Fuel Surcharge', amount: fuel, level: 'SHIPMENT' as const }, ...q.surcharges];
    const totalSurcharges = round2(surcharges.reduce((s, x) => s + x.amount, 0));
    const fedexCharge = round2(freight + totalSurcharges);
    const taxes = q.taxes.map((t) => ({ ...t, amount: round2((fedexCharge * t.amount) / 100) }));
    const totalTaxes = round2(taxes.reduce((s, t) => s + t.amount, 0));
    return { discount, freight, surcharges, totalSurcharges, fedexCharge, taxes, totalTaxes, net: round2(fedexCharge + totalTaxes) };
  }

  function quote(serviceType: string, packagingType: string, from: SimulatedFedexAddress, to: SimulatedFedexAddress, pieces: Piece[]): Quote | undefined {
    const service = FEDEX_SERVICES[serviceType];
    const lane = laneOf(from, to);
    const base = service?.days[lane];
    if (!service || base === undefined) return undefined;
    const limits = PACKAGING_MAX_KG[packagingType];
    const max = service.category === 'GROUND' ? limits?.ground : limits?.express;
    if (max === undefined || pieces.some((p) => p.kg > max)) return undefined;
    const distance = distanceOf(lane, from, to);
    const billedKg = pieces.reduce((sum, p) => sum + Math.max(p.kg, p.dimKg), 0);
    const listBase = round2((service.base + service.perKg * billedKg) * (1 + 0.12 * distance));
    const units = pieces[0]!.units;
    const surcharges: Quote['surcharges'] = [];
    if (to.residential)
      surcharges.push({
        type: 'RESIDENTIAL_DELIVERY',
        description: 'Residential Delivery',
        amount: service.category === 'GROUND' ? 5.1 : 4.65,
        level: 'SHIPMENT',
      });
    const declared = pieces.reduce((s, p) => s + p.declared, 0);
    if (declared > 100)
      surcharges.push({ type: 'INSURED_VALUE', description: 'Declared value', amount: round2(Math.ceil((declared - 100) / 100) * 2.5), level: 'SHIPMENT' });
    const taxes: Quote['taxes'] = [];
    if (lane === 'domesticCA') {
      const rates = taxRatesOf(provinceOf(to.postalCode ?? ''));
      if (rates.hst) taxes.push({ type: 'HST', description: 'HST', amount: rates.hst });
      if (rates.gst) taxes.push({ type: 'GST', description: 'GST', amount: rates.gst });
      if (rates.pst) taxes.push({ type: 'QST', description: 'QST', amount: rates.pst });
    }
    const billingKg = Math.max(billedKg, 0.5);
    const billingWeight = Math.ceil(units === 'LB' ? billingKg / 0.45359237 : billingKg);
    return {
      serviceType,
      service,
      days: service.category === 'GROUND' && lane !== 'transborder' ? base + distance : base + (distance >= 3 ? 1 : 0),
      distance,
      listBase,
      billingWeight,
      units,
      dim: pieces.some((p) => p.dimKg > p.kg),
      surcharges,
      taxes,
      currency: from.countryCode === 'CA' ? 'CAD' : 'USD',
    };
  }

  /** The rate request's parties, pieces and the checks FedEx makes of them; a refusal, or what to quote and the notes to give. */
  function readShipment(
    shipment: any,
  ):
    | { error: FedexErrorItem }
    | { from: SimulatedFedexAddress; to: SimulatedFedexAddress; pieces: Piece[]; alerts: { code: string; alertType: 'NOTE'; message: string }[] } {
    const from = readAddress(shipment.shipper);
    const to = readAddress(Array.isArray(shipment.recipients) ? shipment.recipients[0] : shipment.recipient);
    const alerts: { code: string; alertType: 'NOTE'; message: string }[] = [];
    for (const [who, address] of [
      ['origin', from],
      ['destination', to],
    ] as const) {
      const check = stateCheck(who, address);
      if (check.error) return { error: check.error };
      if (check.alert) {
        alerts.push(check.alert);
        // FedEx keeps the code it changed to: the shipment's tracking shows it.
        address.stateOrProvinceCode = quebecCode;
      }
    }
    const read = piecesOf(shipment.requestedPackageLineItems ?? []);
    if ('error' in read) return read;
    return { from, to, pieces: read.pieces, alerts };
  }

  const deliveryDetail = (q: Quote, shipDate: string) => {
    const arrival = addBusinessDays(shipDate, q.days);
    const at = `${ymd(arrival)}T${q.service.category === 'GROUND' ? '23:59:00' : '10:30:00'}`;
    return { arrival, at, day: DAY_NAMES[arrival.getUTCDay()]!, word: TRANSIT_WORDS[Math.min(q.days, TRANSIT_WORDS.length) - 1]! };
  };

  // ---- Rate ----

  function rate(body: any, ctx: string | undefined): FedexSimAnswer {
    const requested = body.requestedShipment;
    const read = readShipment(requested);
    if ('error' in read) return refuse('rate', 400, [read.error], ctx);
    const payorAccount = requested.shippingChargesPayment?.payor?.responsibleParty?.accountNumber?.value;
    if (payorAccount !== undefined && requested.shippingChargesPayment?.paymentType === 'SENDER' && String(payorAccount) !== String(body.accountNumber.value)) {
      return refuse(
        'rate',
        400,
        one('ACCOUNT.NUMBER.MISMATCH', 'When payment Type is SENDER, ShippingChargesPayment Payor AccountNumber should match the shipper account number.'),
        ctx,
      );
    }
    const packagingType = requested.packagingType ?? 'YOUR_PACKAGING';
    const wanted: string[] = requested.serviceType ? [requested.serviceType] : Object.keys(FEDEX_SERVICES);
    const quotes = wanted.map((s) => quote(s, packagingType, read.from, read.to, read.pieces)).filter((q): q is Quote => q !== undefined);
    if (quotes.length === 0) {
      return refuse(
        'rate',
        400,
        one(
          'SIM.RATE.SERVICE.UNAVAILABLE',
          `FedEx offers no ${requested.serviceType ? short(requested.serviceType) : 'service'} for these pieces ${laneWords(read.from, read.to)}.`,
        ),
        ctx,
      );
    }
    const shipDate = isDate(requested.shipDateStamp) ? requested.shipDateStamp : ymd(now());
    const withList = Array.isArray(requested.rateRequestType) && requested.rateRequestType.includes('LIST');
    const transit = body.rateRequestControlParameters?.returnTransitTimes === true;
    const lane = laneOf(read.from, read.to);
    const detail = (q: Quote, rateType: 'ACCOUNT' | 'LIST') => {
      const c = charges(q, rateType);
      return {
        rateType,
        ratedWeightMethod: q.dim ? 'DIM' : 'ACTUAL',
        totalDiscounts: c.discount,
        totalBaseCharge: q.listBase,
        totalNetCharge: c.net,
        totalNetFedExCharge: c.fedexCharge,
        totalVatCharge: 0,
        totalDutiesAndTaxes: c.totalTaxes,
        totalNetChargeWithDutiesAndTaxes: c.net,
        totalDutiesTaxesAndFees: c.totalTaxes,
        totalAncillaryFeesAndTaxes: 0,
        shipmentRateDetail: {
          rateZone: String(q.distance + 2),
          dimDivisor: q.dim ? (q.units === 'LB' ? 139 : 5000) : 0,
          fuelSurchargePercent: q.service.fuelPercent,
          totalSurcharges: c.totalSurcharges,
          totalFreightDiscount: c.discount,
          freightDiscount: c.discount > 0 ? [{ type: 'VOLUME', description: 'Volume', amount: c.discount, percent: round2(q.service.discount * 100) }] : [],
          surCharges: c.surcharges.map((s) => ({ type: s.type, description: s.description, name: s.description, amount: s.amount, level: s.level })),
          taxes: c.taxes.map((t) => ({ type: t.type, name: t.description, description: t.description, amount: t.amount })),
          totalBillingWeight: { units: q.units, value: q.billingWeight },
          currency: q.currency,
        },
        currency: q.currency,
      };
    };
    const replies = quotes.map((q) => {
      const d = deliveryDetail(q, shipDate);
      return {
        serviceType: q.serviceType,
        serviceName: q.service.name,
        packagingType,
        ratedShipmentDetails: withList ? [detail(q, 'ACCOUNT'), detail(q, 'LIST')] : [detail(q, 'ACCOUNT')],
        operationalDetail: {
          ineligibleForMoneyBackGuarantee: false,
          ...(q.service.category === 'GROUND' ? { transitTime: d.word } : { deliveryDate: d.at, deliveryDay: d.day, commitDate: d.at, commitDays: [d.day] }),
          serviceCode: q.serviceType,
        },
        serviceDescription: {
          serviceType: q.serviceType,
          code: q.serviceType,
          names: [{ type: 'long', encoding: 'utf-8', value: q.service.name }],
          description: q.service.name,
          serviceCategory: 'parcel',
        },
        ...(transit
          ? {
              commit: {
                daysInTransit: d.word,
                dateDetail: { dayOfWeek: d.day, dayFormat: d.at },
                saturdayDelivery: false,
                transitDays: { description: `${q.days} business day${q.days === 1 ? '' : 's'}`, minimumTransitTime: d.word },
              },
            }
          : {}),
      };
    });
    const alerts = [
      ...read.alerts,
      ...(lane === 'transborder' || lane === 'international'
        ? [{ code: 'SERVICE.TYPE.INTERNATIONAL.MESSAGE', alertType: 'NOTE' as const, message: WORDS.internationalRate }]
        : []),
    ];
    return answer(
      'rate',
      200,
      { output: { rateReplyDetails: replies, quoteDate: ymd(now()), isEncoded: false, ...(alerts.length > 0 ? { alerts } : {}) } },
      ctx,
    );
  }

  // ---- Ship ----

  function ship(body: any, ctx: string | undefined, baseUrl: string | undefined): FedexSimAnswer {
    const requested = body.requestedShipment;
    const account = String(body.accountNumber.value);
    if (requested.masterTrackingId || body.oneLabelAtATime === true) {
      return refuse(
        'ship',
        400,
        one('SIM.ONE.LABEL.AT.A.TIME.UNSUPPORTED', 'The simulator makes multi-piece shipments in one request (single shot), not one label at a time.'),
        ctx,
      );
    }
    const payment = requested.shippingChargesPayment;
    const payorAccount = payment?.payor?.responsibleParty?.accountNumber?.value;
    if (payment?.paymentType === 'SENDER' && payorAccount !== undefined && String(payorAccount) !== account) {
      return refuse(
        'ship',
        400,
        one('ACCOUNT.NUMBER.MISMATCH', 'When payment Type is SENDER, ShippingChargesPayment Payor AccountNumber should match the shipper account number.'),
        ctx,
      );
    }
    const read = readShipment(requested);
    if ('error' in read) return refuse('ship', 400, [read.error], ctx);
    const lane = laneOf(read.from, read.to);
    const international = lane === 'transborder' || lane === 'international';
    const customs = requested.customsClearanceDetail;
    if (international && !(Array.isArray(customs?.commodities) && customs.commodities.length > 0)) {
      return refuse(
        'ship',
        400,
        one('SIM.CUSTOMSCLEARANCEDETAIL.REQUIRED', 'Customs clearance details with their commodities are required for an international shipment.'),
        ctx,
      );
    }
    const label = requested.labelSpecification;
    const imageType = label.imageType as string;
    const stock = label.labelStockType as string;
    if (!((imageType === 'PDF' && stock === 'PAPER_4X6') || (imageType === 'ZPLII' && stock === 'STOCK_4X6'))) {
      return refuse(
        'ship',
        400,
        one('SIM.LABELSPECIFICATION.UNSUPPORTED', `The simulator draws PDF labels on PAPER_4X6 and ZPLII labels on STOCK_4X6, not ${imageType} on ${stock}.`),
        ctx,
      );
    }
    const serviceType = String(requested.serviceType);
    const service = FEDEX_SERVICES[serviceType];
    for (const piece of read.pieces) {
      for (const ref of piece.references) {
        const max = ref.type === 'CUSTOMER_REFERENCE' ? (service?.category === 'GROUND' ? 30 : 40) : (REFERENCE_MAX[ref.type] ?? 30);
        if (ref.value.length > max)
          return refuse('ship', 400, one('SIM.CUSTOMERREFERENCE.VALUE.TOOLONG', `A ${ref.type} is at most ${max} characters for ${short(serviceType)}.`), ctx);
      }
    }
    const q = quote(serviceType, requested.packagingType, read.from, read.to, read.pieces);
    if (!service || !q) {
      return refuse(
        'ship',
        400,
        one(
          'SIM.SERVICE.UNAVAILABLE',
          `FedEx offers no ${short(serviceType)} in ${short(requested.packagingType)} for these pieces ${laneWords(read.from, read.to)}.`,
        ),
        ctx,
      );
    }
    const today = ymd(now());
    const shipDate = requested.shipDatestamp ?? today;
    if (!isDate(shipDate) || shipDate < today || Date.parse(`${shipDate}T00:00:00Z`) > Date.parse(`${today}T00:00:00Z`) + 10 * DAY_MS) {
      return refuse('ship', 400, one('SIM.SHIPDATESTAMP.INVALID', 'The ship date must be today or within the next 10 days (YYYY-MM-DD).'), ctx);
    }
    const special = requested.shipmentSpecialServices ?? {};
    const isReturn = Array.isArray(special.specialServiceTypes) && special.specialServiceTypes.includes('RETURN_SHIPMENT');
    if (isReturn && special.returnShipmentDetail?.returnType !== 'PRINT_RETURN_LABEL') {
      return refuse('ship', 400, one('SIM.RETURN.TYPE.UNSUPPORTED', 'The simulator prints return labels (returnType PRINT_RETURN_LABEL) only.'), ctx);
    }
    const numbers = read.pieces.map(() => nextTrackingNumber(service.category));
    const master = numbers[0]!;
    const c = charges(q, 'ACCOUNT');
    const list = charges(q, 'LIST');
    const docType = imageType === 'PDF' ? 'PDF' : 'ZPLII';
    const contentType = imageType === 'PDF' ? 'application/pdf' : 'application/zpl';
    const urlOnly = body.labelResponseOptions === 'URL_ONLY';
    const created = now().toISOString();
    const pieces: SimulatedFedexPiece[] = read.pieces.map((p, i) => {
      const facts: FedexLabelFacts = {
        trackingNumber: numbers[i]!,
        serviceName: service.name,
        from: placeOf(read.from),
        to: placeOf(read.to),
        piece: `${i + 1} of ${read.pieces.length}`,
        weight: `${p.value} ${p.units}`,
        references: p.references.map((r) => r.value),
        isReturn,
      };
      const labelKey = `label-${numbers[i]}`;
      documents.set(labelKey, { contentType, bytes: imageType === 'PDF' ? fedexLabelPdf(facts) : Buffer.from(fedexLabelZpl(facts), 'utf8') });
      return { trackingNumber: numbers[i]!, sequenceNumber: i + 1, weight: { units: p.units, value: p.value }, references: p.references, labelKey };
    });
    const docTypes: string[] = requested.shippingDocumentSpecification?.shippingDocumentTypes ?? [];
    const wantsInvoice =
      international && (docTypes.includes('COMMERCIAL_INVOICE') || (special.etdDetail?.requestedDocumentTypes ?? []).includes('COMMERCIAL_INVOICE'));
    let invoiceKey: string | undefined;
    if (wantsInvoice) {
      invoiceKey = `invoice-${master}`;
      const goods = (customs.commodities as any[]).map((g) => ({
        description: String(g.description),
        quantity: Number(g.quantity ?? 1),
        value: `${g.customsValue?.amount ?? ''} ${g.customsValue?.currency ?? ''}`.trim(),
      }));
      documents.set(invoiceKey, { contentType: 'application/pdf', bytes: fedexInvoicePdf(master, placeOf(read.from), placeOf(read.to), goods) });
    }
    const shipment: SimulatedFedexShipment = {
      accountNumber: account,
      serviceType,
      packagingType: requested.packagingType,
      shipDate,
      createdAt: created,
      masterTrackingNumber: master,
      pieces,
      imageType: docType,
      shipper: read.from,
      recipient: read.to,
      international,
      ...(isReturn && special.returnShipmentDetail?.returnAssociationDetail?.trackingNumber
        ? { returnOf: String(special.returnShipmentDetail.returnAssociationDetail.trackingNumber) }
        : {}),
      ...(invoiceKey ? { invoiceKey } : {}),
      cancelled: false,
      stage: 'created',
      stageAt: { created },
      currency: q.currency,
      netCharge: c.net,
    };
    shipments.push(shipment);
    const documentOf = (key: string, trackingNumber: string, kind: 'LABEL' | 'COMMERCIAL_INVOICE', type: string) => {
      const doc = documents.get(key)!;
      return {
        contentType: kind,
        copiesToPrint: 1,
        trackingNumber,
        docType: type,
        ...(urlOnly ? { url: `${baseUrl ?? 'http://fedex-simulator.invalid'}/sim/documents/${key}` } : { encodedLabel: doc.bytes.toString('base64') }),
      };
    };
    const d = deliveryDetail(q, shipDate);
    const perPiece = (amount: number) => round2(amount / pieces.length);
    const carrierCode = service.category === 'GROUND' ? 'FDXG' : 'FDXE';
    const trackingIdType = service.category === 'GROUND' ? 'GROUND' : 'FEDEX';
    const transaction = {
      serviceType,
      serviceName: service.name,
      serviceCategory: service.category,
      shipDatestamp: shipDate,
      masterTrackingNumber: master,
      shipmentDocuments: invoiceKey ? [documentOf(invoiceKey, master, 'COMMERCIAL_INVOICE', 'PDF')] : [],
      pieceResponses: pieces.map((p) => ({
        masterTrackingNumber: master,
        trackingNumber: p.trackingNumber,
        packageSequenceNumber: p.sequenceNumber,
        trackingIdType,
        serviceCategory: service.category,
        deliveryTimestamp: d.at,
        netChargeAmount: perPiece(c.net),
        baseRateAmount: perPiece(q.listBase),
        listRateAmount: perPiece(list.net),
        customerReferences: p.references.map((r) => ({ customerReferenceType: r.type, value: r.value })),
        packageDocuments: [documentOf(p.labelKey, p.trackingNumber, 'LABEL', docType)],
      })),
      completedShipmentDetail: {
        usDomestic: lane === 'domesticUS',
        carrierCode,
        packagingDescription: requested.packagingType,
        masterTrackingId: { trackingIdType, formId: '0201', trackingNumber: master },
        serviceDescription: {
          serviceType,
          code: serviceType,
          names: [{ type: 'long', encoding: 'utf-8', value: service.name }],
          description: service.name,
          serviceCategory: 'parcel',
        },
        operationalDetail: {
          originServiceArea: 'A1',
          countryCode: read.to.countryCode,
          postalCode: read.to.postalCode ?? '',
          deliveryDate: d.at,
          deliveryDay: d.day,
          commitDate: d.at,
          commitDay: d.day,
          transitTime: d.word,
          ineligibleForMoneyBackGuarantee: false,
        },
        shipmentRating: {
          actualRateType: 'PAYOR_ACCOUNT_SHIPMENT',
          shipmentRateDetails: [
            {
              rateType: 'PAYOR_ACCOUNT_SHIPMENT',
              rateZone: String(q.distance + 2),
              ratedWeightMethod: q.dim ? 'DIM' : 'ACTUAL',
              totalBillingWeight: { units: q.units, value: q.billingWeight },
              totalBaseCharge: q.listBase,
              totalFreightDiscounts: c.discount,
              totalNetFreight: c.freight,
              totalSurcharges: c.totalSurcharges,
              totalNetFedExCharge: c.fedexCharge,
              totalTaxes: c.totalTaxes,
              totalNetCharge: c.net,
              totalNetChargeWithDutiesAndTaxes: c.net,
              fuelSurchargePercent: q.service.fuelPercent,
              surcharges: c.surcharges.map((s) => ({ surchargeType: s.type, description: s.description, amount: s.amount, level: s.level })),
              taxes: c.taxes.map((t) => ({ type: t.type, description: t.description, amount: t.amount })),
              currency: q.currency,
            },
          ],
        },
        completedPackageDetails: pieces.map((p) => ({
          sequenceNumber: p.sequenceNumber,
          trackingIds: [{ trackingIdType, formId: '0201', trackingNumber: p.trackingNumber }],
          groupNumber: 0,
          signatureOption: 'SERVICE_DEFAULT',
        })),
      },
      ...(read.alerts.length > 0 ? { alerts: read.alerts.map((a) => ({ code: a.code, message: a.message })) } : {}),
    };
    return answer('ship', 200, { output: { transactionShipments: [transaction], ...(read.alerts.length > 0 ? { alerts: read.alerts } : {}) } }, ctx);
  }

  // ---- Cancel ----

  function cancel(body: any, ctx: string | undefined): FedexSimAnswer {
    const shipment = byTracking(String(body.trackingNumber ?? ''));
    if (!shipment)
      return refuse(
        'cancel',
        400,
        one('SIM.TRACKINGNUMBER.NOTFOUND', `No shipment has the tracking number ${String(body.trackingNumber ?? '').slice(0, 40)}.`),
        ctx,
      );
    if (shipment.accountNumber !== String(body.accountNumber.value))
      return refuse('cancel', 400, one('SHIPMENT.USER.UNAUTHORIZED', 'Requested user is not authorized to perform the operation.'), ctx);
    if (shipment.cancelled) return refuse('cancel', 400, one('SIM.SHIPMENT.ALREADY.CANCELLED', 'This shipment has already been cancelled.'), ctx);
    if (shipment.stage !== 'created')
      return refuse('cancel', 400, one('SIM.SHIPMENT.TENDERED', 'This shipment has been tendered to FedEx and can no longer be cancelled.'), ctx);
    if (shipment.closedAt)
      return refuse('cancel', 400, one('SIM.SHIPMENT.CLOSED', 'This Ground shipment is on a closed manifest and can no longer be cancelled.'), ctx);
    shipment.cancelled = true;
    cancelledAt.set(shipment.masterTrackingNumber, now().toISOString());
    return answer('cancel', 200, { output: { cancelledShipment: true, cancelledHistory: true, message: 'Shipment is successfully cancelled' } }, ctx);
  }

  // ---- Tracking ----

  const addressVo = (a: SimulatedFedexAddress) => ({
    city: a.city.toUpperCase(),
    ...(a.stateOrProvinceCode ? { stateOrProvinceCode: a.stateOrProvinceCode } : {}),
    ...(a.postalCode ? { postalCode: a.postalCode } : {}),
    countryCode: a.countryCode,
    residential: a.residential,
  });

  /** The events a shipment has had, oldest first: each stage reached, and its cancel. */
  function eventsOf(s: SimulatedFedexShipment) {
    const reached = FEDEX_STAGES.slice(0, FEDEX_STAGES.indexOf(s.stage) + 1);
    const events = reached.flatMap((stage) =>
      FEDEX_EVENTS[stage].map((e, i) => ({ ...e, at: new Date(Date.parse(s.stageAt[stage] ?? s.createdAt) + i * 60_000).toISOString() })),
    );
    const cancelled = cancelledAt.get(s.masterTrackingNumber);
    return cancelled ? [...events, { ...CANCELLED_EVENT, at: cancelled }] : events;
  }

  function trackResult(s: SimulatedFedexShipment, piece: SimulatedFedexPiece, detailed: boolean) {
    const service = FEDEX_SERVICES[s.serviceType]!;
    const events = eventsOf(s);
    const latest = events.at(-1)!;
    const at = (iso: string) => `${iso.slice(0, 19)}+00:00`;
    const scanLocation = (place: ScanPlace) => {
      if (place === 'none') return {};
      const where = place === 'hub' ? (HUBS[s.shipper.countryCode] ?? addressVo(s.shipper)) : addressVo(place === 'origin' ? s.shipper : s.recipient);
      return { ...where, residential: false };
    };
    const uniqueId = `${2_460_000_000 + s.pieces.indexOf(piece) + shipments.indexOf(s) * 100}~${piece.trackingNumber}~FX`;
    const byType = new Map<string, string[]>();
    for (const r of piece.references) byType.set(r.type, [...(byType.get(r.type) ?? []), r.value]);
    const identifiers = [...byType].map(([type, value]) => ({
      type:
        type === 'P_O_NUMBER' ? 'PURCHASE_ORDER' : type === 'INVOICE_NUMBER' ? 'INVOICE' : type === 'DEPARTMENT_NUMBER' ? 'DEPARTMENT' : 'CUSTOMER_REFERENCE',
      value,
      trackingNumberUniqueId: uniqueId,
    }));
    const delivered = s.stage === 'delivered';
    return {
      trackingNumberInfo: {
        trackingNumber: piece.trackingNumber,
        carrierCode: service.category === 'GROUND' ? 'FDXG' : 'FDXE',
        trackingNumberUniqueId: uniqueId,
      },
      additionalTrackingInfo: { hasAssociatedShipments: s.pieces.length > 1, nickname: '', packageIdentifiers: identifiers },
      shipperInformation: { contact: {}, address: addressVo(s.shipper) },
      recipientInformation: { contact: {}, address: addressVo(s.recipient) },
      latestStatusDetail: {
        code: latest.code,
        derivedCode: latest.derived,
        statusByLocale: latest.status,
        description: latest.description,
        ...(latest.place !== 'none' ? { scanLocation: scanLocation(latest.place) } : {}),
      },
      dateAndTimes: [
        { type: 'SHIP', dateTime: `${s.shipDate}T00:00:00+00:00` },
        ...(s.stageAt.pickedUp ? [{ type: 'ACTUAL_PICKUP', dateTime: at(s.stageAt.pickedUp) }] : []),
        ...(delivered ? [{ type: 'ACTUAL_DELIVERY', dateTime: at(s.stageAt.delivered!) }] : []),
      ],
      serviceDetail: {
        type: s.serviceType,
        description: service.name,
        shortDescription: s.serviceType
          .split('_')
          .map((w) => w.charAt(0))
          .join(''),
      },
      packageDetails: {
        sequenceNumber: String(piece.sequenceNumber),
        count: String(s.pieces.length),
        packagingDescription: { type: s.packagingType, description: s.packagingType === 'YOUR_PACKAGING' ? 'Your Packaging' : s.packagingType },
        weightAndDimensions: { weight: [{ unit: piece.weight.units, value: String(piece.weight.value) }] },
      },
      // FedEx's answers say possessionStatus where the documents write beforePossessionStatus.
      shipmentDetails: { possessionStatus: s.stage !== 'created', weight: [{ unit: piece.weight.units, value: String(piece.weight.value) }] },
      ...(detailed
        ? {
            scanEvents: events
              .map((e) => ({
                date: at(e.at),
                eventType: e.code,
                eventDescription: e.description,
                derivedStatusCode: e.derived,
                derivedStatus: e.status,
                exceptionCode: '',
                exceptionDescription: '',
                scanLocation: scanLocation(e.place),
                locationType: e.place === 'hub' ? 'FEDEX_FACILITY' : e.place === 'destination' ? 'DELIVERY_LOCATION' : 'CUSTOMER',
              }))
              .reverse(),
          }
        : {}),
      ...(delivered
        ? {
            deliveryDetails: {
              receivedByName: 'RECIPIENT',
              signedByName: '',
              deliveryAttempts: '1',
              locationType: s.recipient.residential ? 'RESIDENCE' : 'RECEPTIONIST_OR_FRONT_DESK',
            },
          }
        : {}),
    };
  }

  function trackNumbers(body: any, ctx: string | undefined): FedexSimAnswer {
    const infos: any[] = body.trackingInfo ?? [];
    if (infos.length === 0 || infos.some((i) => !i.trackingNumberInfo?.trackingNumber))
      return refuse('trackNumbers', 400, one('TRACKING.TRACKINGNUMBER.EMPTY', 'Please provide tracking number.'), ctx);
    if (infos.length > MAX_TRACKING_NUMBERS)
      return refuse(
        'trackNumbers',
        400,
        one('SIM.TRACKING.TRACKINGNUMBER.LIMIT', `Track takes at most ${MAX_TRACKING_NUMBERS} tracking numbers in one request.`),
        ctx,
      );
    const detailed = body.includeDetailedScans === true;
    const results = infos.map((info) => {
      const number = String(info.trackingNumberInfo.trackingNumber);
      const s = byTracking(number);
      const piece = s?.pieces.find((p) => p.trackingNumber === number);
      return {
        trackingNumber: number,
        trackResults: [
          s && piece
            ? trackResult(s, piece, detailed)
            : {
                trackingNumberInfo: { trackingNumber: number },
                error: {
                  code: 'TRACKING.TRACKINGNUMBER.NOTFOUND',
                  message: 'Tracking number cannot be found. Please correct the tracking number and try again.',
                },
              },
        ],
      };
    });
    return answer('trackNumbers', 200, { output: { completeTrackResults: results } }, ctx);
  }

  /** Whether a reference search lists `s` now: old enough, and tendered unless untendered shipments are listed. */
  const listed = (s: SimulatedFedexShipment) => Date.parse(s.createdAt) <= now().getTime() - listAfterMs && (listBeforeTender || s.stage !== 'created');

  function trackReferences(body: any, ctx: string | undefined): FedexSimAnswer {
    const ref = body.referencesInformation;
    const value = String(ref.value).trim();
    if (value === '') return refuse('trackReferences', 400, one('TRACKING.TRACKINGNUMBER.EMPTY', 'Please provide tracking number.'), ctx);
    const account = typeof ref.accountNumber === 'string' && ref.accountNumber !== '' ? ref.accountNumber : undefined;
    const destination =
      typeof ref.destinationCountryCode === 'string' && ref.destinationCountryCode !== ''
        ? { country: ref.destinationCountryCode.toUpperCase(), postal: normalPostal(ref.destinationPostalCode) }
        : undefined;
    if (!account && !destination) {
      return refuse(
        'trackReferences',
        400,
        one(
          'SIM.TRACKING.REFERENCE.ACCOUNT.OR.DESTINATION',
          'Either the account number, or the destination country and postal code, is required to track by reference.',
        ),
        ctx,
      );
    }
    // The schema names the end date shipDateEndDate; its description and every example say shipDateEnd (docs/fedex.md).
    const end = ref.shipDateEnd ?? ref.shipDateEndDate;
    const today = now();
    const begin = isDate(ref.shipDateBegin) ? ref.shipDateBegin : ymd(new Date(today.getTime() - 30 * DAY_MS));
    const until = isDate(end) ? end : ymd(new Date(today.getTime() + DAY_MS));
    if ((ref.shipDateBegin !== undefined && !isDate(ref.shipDateBegin)) || (end !== undefined && !isDate(end)) || begin > until) {
      return refuse(
        'trackReferences',
        400,
        one('SIM.TRACKING.SHIPDATE.INVALID', 'shipDateBegin and shipDateEnd are dates (YYYY-MM-DD), the first not after the second.'),
        ctx,
      );
    }
    const wantedType = typeof ref.type === 'string' && ref.type.trim() !== '' ? REFERENCE_TYPES[ref.type.trim()] : undefined;
    if (typeof ref.type === 'string' && ref.type.trim() !== '' && !wantedType) {
      return answer('trackReferences', 200, { output: { completeTrackResults: [{ trackResults: [notFoundByReference()] }] } }, ctx);
    }
    const found = shipments.filter(
      (s) =>
        listed(s) &&
        s.shipDate >= begin &&
        s.shipDate <= until &&
        (account
          ? s.accountNumber === account
          : s.recipient.countryCode === destination!.country && normalPostal(s.recipient.postalCode) === destination!.postal),
    );
    const detailed = body.includeDetailedScans === true;
    const matches = found.flatMap((s) =>
      s.pieces.filter((p) => p.references.some((r) => r.value === value && (!wantedType || r.type === wantedType))).map((p) => ({ s, p })),
    );
    const results = matches.length
      ? matches.map(({ s, p }) => ({ trackingNumber: p.trackingNumber, trackResults: [trackResult(s, p, detailed)] }))
      : [{ trackResults: [notFoundByReference()] }];
    return answer('trackReferences', 200, { output: { completeTrackResults: results } }, ctx);
  }

  const notFoundByReference = () => ({
    error: {
      code: 'SIM.TRACKING.REFERENCE.NOTFOUND',
      message: 'No shipment was found for this reference. Please check the reference, the account or destination and the ship dates.',
    },
  });

  // ---- Ground End of Day close ----

  const isGround = (s: SimulatedFedexShipment) => FEDEX_SERVICES[s.serviceType]?.category === 'GROUND';

  function closeDocuments(close: SimulatedFedexClose) {
    return [
      {
        type: 'MANIFEST',
        shippingDocumentDisposition: 'RETURNED',
        copiesToPrint: 1,
        parts: [{ documentPartSequenceNumber: 1, image: Buffer.from(close.manifest, 'utf8').toString('base64') }],
      },
      ...(close.op950
        ? [
            {
              type: 'OP_950',
              shippingDocumentDisposition: 'RETURNED',
              copiesToPrint: 1,
              parts: [{ documentPartSequenceNumber: 1, image: fedexOp950Pdf(close.accountNumber, close.closeDate).toString('base64') }],
            },
          ]
        : []),
    ];
  }

  const accountRequired = (operation: FedexOperation, ctx: string | undefined) =>
    refuse(
      operation,
      400,
      one('ACCOUNTNUMBER.REGISTRATION.REQUIRED', 'Please enter a valid 9-digit FedEx account number or register for a new FedEx account number.'),
      ctx,
    );

  function groundClose(body: any, ctx: string | undefined): FedexSimAnswer {
    if (body.closeReqType !== 'GCDR')
      return refuse('groundClose', 400, one('SIM.CLOSE.REQUEST.TYPE.INVALID', 'A Ground End of Day close is closeReqType GCDR.'), ctx);
    const account = accountOf('groundClose', body);
    if (!account) return accountRequired('groundClose', ctx);
    const today = ymd(now());
    const closeDate = body.closeDate ?? today;
    if (!isDate(closeDate) || closeDate > today) return refuse('groundClose', 400, one('AVAILABILITY.SHIP.DATE.INVALID', 'Ship date is invalid.'), ctx);
    const open = shipments.filter((s) => s.accountNumber === account && isGround(s) && !s.cancelled && !s.closedAt && s.shipDate <= closeDate);
    if (open.length === 0) {
      return answer(
        'groundClose',
        200,
        {
          output: {
            alerts: [{ code: 'SIM.CLOSE.NO.SHIPMENTS', alertType: 'WARNING', message: `No open FedEx Ground shipments to close on ${closeDate}.` }],
            closeDocuments: [],
          },
        },
        ctx,
      );
    }
    const closedAt = now().toISOString();
    for (const s of open) s.closedAt = closedAt;
    const packages = open.flatMap((s) =>
      s.pieces.map((p) => ({
        trackingNumber: p.trackingNumber,
        service: s.serviceType,
        weight: `${p.weight.value} ${p.weight.units}`,
        to: placeOf(s.recipient),
      })),
    );
    const close: SimulatedFedexClose = {
      accountNumber: account,
      closeDate,
      closedAt,
      trackingNumbers: packages.map((p) => p.trackingNumber),
      manifest: fedexGroundManifest(account, closeDate, packages),
      op950: (body.closeDocumentSpecification?.closeDocumentTypes ?? []).includes('OP_950'),
    };
    closes.push(close);
    return answer('groundClose', 200, { output: { closeDocuments: closeDocuments(close) } }, ctx);
  }

  function groundReprint(body: any, ctx: string | undefined): FedexSimAnswer {
    if (body.closeReqType !== 'RGCDR')
      return refuse('groundReprint', 400, one('SIM.CLOSE.REQUEST.TYPE.INVALID', 'A reprint of a Ground End of Day close is closeReqType RGCDR.'), ctx);
    const account = accountOf('groundReprint', body);
    if (!account) return accountRequired('groundReprint', ctx);
    const today = ymd(now());
    const oldest = ymd(new Date(Date.parse(`${today}T00:00:00Z`) - REPRINT_DAYS * DAY_MS));
    const byNumber = body.reprintOption === 'BY_TRACKING_NUMBER';
    const closeDate = body.closeDate ?? today;
    if (!byNumber && (!isDate(closeDate) || closeDate > today || closeDate < oldest))
      return refuse('groundReprint', 400, one('AVAILABILITY.SHIP.DATE.INVALID', 'Ship date is invalid.'), ctx);
    const found = closes.filter(
      (c) =>
        c.accountNumber === account &&
        c.closeDate >= oldest &&
        (byNumber ? c.trackingNumbers.includes(String(body.trackingNumber ?? '')) : c.closeDate === closeDate),
    );
    if (found.length === 0)
      return refuse('groundReprint', 400, one('SIM.CLOSE.NOT.FOUND', 'No close of the last three days matches this reprint request.'), ctx);
    return answer('groundReprint', 200, { output: { closeDocuments: found.flatMap(closeDocuments) } }, ctx);
  }

  // ---- Address resolution ----

  const POSTAL_PATTERNS: Readonly<Record<string, RegExp>> = { CA: /^[A-Z]\d[A-Z]\d[A-Z]\d$/, US: /^\d{5}(\d{4})?$/ };
  const RESIDENTIAL_WORDS = /\b(APT|APARTMENT|UNIT|BSMT|BASEMENT)\b|#/i;
  const BUSINESS_WORDS = /\b(SUITE|STE|FLOOR|FL|BLDG|BUILDING|INC|LTD|CORP|PARKWAY|PKWY)\b/i;

  function addressResolve(body: any, ctx: string | undefined): FedexSimAnswer {
    const inputs: any[] = body.addressesToValidate ?? [];
    if (inputs.length === 0 || inputs.length > MAX_ADDRESSES) {
      return refuse('addressResolve', 400, one('SIM.ADDRESSES.COUNT.INVALID', `Address resolution takes 1 to ${MAX_ADDRESSES} addresses.`), ctx);
    }
    const resolved = inputs.map((input) => {
      const a = input.address;
      const country = String(a.countryCode ?? '').toUpperCase();
      const postal = normalPostal(a.postalCode === undefined ? undefined : String(a.postalCode));
      const pattern = POSTAL_PATTERNS[country];
      const valid = pattern ? pattern.test(postal) : postal !== '';
      const lines: string[] = (a.streetLines ?? []).map((l: unknown) => String(l).toUpperCase());
      const street = lines.join(' ');
      const number = /^\s*(\d+)/.exec(street)?.[1];
      // A street line without a number names no delivery point: well formed, not matched.
      const matched = valid && (lines.length === 0 || /\d/.test(street));
      const classification = !matched
        ? 'UNKNOWN'
        : lines.length === 0
          ? 'UNKNOWN'
          : RESIDENTIAL_WORDS.test(street)
            ? 'RESIDENTIAL'
            : BUSINESS_WORDS.test(street)
              ? 'BUSINESS'
              : number !== undefined && Number(number) % 2 === 0
                ? 'RESIDENTIAL'
                : 'BUSINESS';
      const givenState = a.stateOrProvinceCode === undefined ? undefined : String(a.stateOrProvinceCode).toUpperCase();
      const state = country === 'CA' && valid ? provinceFor(postal) : givenState;
      const base = country === 'US' ? postal.slice(0, 5) : postal;
      const city = String(a.city ?? '').toUpperCase();
      return {
        streetLinesToken: lines,
        city,
        ...(state ? { stateOrProvinceCode: state } : {}),
        countryCode: country,
        // Upper case is FedEx's standard form, not a change; a postal code's space is.
        cityToken: [{ changed: false, value: city }],
        postalCodeToken: { changed: postal !== String(a.postalCode ?? '').toUpperCase(), value: postal },
        parsedPostalCode: { base, addOn: country === 'US' ? postal.slice(5) : '', deliveryPoint: '' },
        classification,
        postOfficeBox: /\bP\.?\s?O\.?\s+BOX\b/i.test(street),
        normalizedStatusNameDPV: matched,
        standardizedStatusNameMatchSource: valid ? 'Postal' : '',
        resolutionMethodName: valid ? `${country}_GEO_MAP` : 'NONE',
        ruralRouteHighwayContract: false,
        generalDelivery: false,
        customerMessage: [],
        attributes: {
          POBox: /\bP\.?\s?O\.?\s+BOX\b/i.test(street),
          SuiteRequiredButMissing: false,
          InvalidSuiteNumber: false,
          ResolutionInput: 'RAW_ADDRESS',
          DPV: matched,
          ResolutionMethod: valid ? `${country}_GEO_MAP` : 'NONE',
          DataVintage: 'November 2026',
          MatchSource: valid ? 'Postal' : '',
          CountrySupported: pattern !== undefined,
          ValidlyFormed: valid,
          Matched: matched,
          Resolved: matched,
          Inserted: false,
          MultiUnitBase: false,
          ZIP11Match: false,
          ZIP4Match: country === 'US' && postal.length === 9,
          UniqueZIP: false,
          StreetAddress: lines.length > 0,
          RRConversion: false,
          ValidMultiUnit: RESIDENTIAL_WORDS.test(street),
          AddressType: matched ? 'STANDARDIZED' : valid ? 'NORMALIZED' : 'RAW',
          AddressPrecision: valid ? 'STREET_ADDRESS' : 'NOT_APPLICABLE',
          MultipleMatches: false,
        },
      };
    });
    if (resolved.every((r) => r.attributes.Resolved === false))
      return refuse('addressResolve', 400, one('STANDARDIZED.ADDRESS.NOTFOUND', 'Standardized address is not found.'), ctx);
    return answer('addressResolve', 200, { output: { resolvedAddresses: resolved } }, ctx);
  }

  // ---- Pickup ----

  const CUTOFF_HOUR = 18;
  /** FedEx Ground books pickups up to two weeks ahead; one pickup is 99 packages at most (FedEx's Pickup Request guide). */
  const GROUND_AHEAD_DAYS = 14;
  const MAX_PICKUP_PACKAGES = 99;
  /** The least time between a pickup's ready time and its close time (the availability's `accessTime`). */
  const ACCESS_MINUTES = 60;
  const timeOptions = (from: number, to: number) =>
    Array.from({ length: (to - from) * 2 + 1 }, (_, i) => `${String(from + Math.floor(i / 2)).padStart(2, '0')}:${i % 2 ? '30' : '00'}:00`);
  const TIME = /^([01]\d|2[0-3]):([0-5]\d):([0-5]\d)$/;
  const minutesOf = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));
  /** The next business day after today, by the simulator's clock. */
  const nextBusinessDay = () => ymd(weekdayFrom(new Date(now().getTime() + DAY_MS)));
  /**
   * Whether a pickup of `carrier` may be booked for `date`, a later day than
   * today (FedEx's Pickup Request guide): Express the next business day only,
   * Ground up to two weeks ahead.
   */
  const bookableLater = (carrier: string, date: string) =>
    carrier === 'FDXE' ? date === nextBusinessDay() : date <= ymd(new Date(now().getTime() + GROUND_AHEAD_DAYS * DAY_MS));
  /** Whether the courier of `pickup` is on its way: told so, or its ready time has come on the simulator's clock. */
  const dispatchedNow = (pickup: SimulatedFedexPickup) => pickup.dispatched || now().getTime() >= Date.parse(`${pickup.scheduledDate}T${pickup.readyTime}Z`);

  function pickupAvailability(body: any, ctx: string | undefined): FedexSimAnswer {
    if (!body.pickupAddress?.postalCode) return refuse('pickupAvailability', 400, one('PICKUP.POSTALCODE.MISSING', 'PostalCode is missing.'), ctx);
    const at = now();
    const today = ymd(at);
    const dispatchDate: string | undefined = body.dispatchDate;
    if (dispatchDate !== undefined && !isDate(dispatchDate))
      return refuse('pickupAvailability', 400, one('SIM.PICKUP.DISPATCHDATE.INVALID', 'dispatchDate is YYYY-MM-DD.'), ctx);
    if (dispatchDate !== undefined && dispatchDate < today)
      return refuse('pickupAvailability', 400, one('SIM.PICKUP.DISPATCHDATE.PAST', 'dispatchDate is today or a later day.'), ctx);
    // Each carrier and request type once, however often the request lists them.
    const requested = [...new Set<string>(body.pickupRequestType ?? [])];
    const options = [...new Set<string>(body.carriers)].flatMap((carrier) =>
      requested.map((type) => {
        const sameDay = type === 'SAME_DAY';
        // A future day is the dispatch date asked for, else the next business day.
        const date = sameDay ? today : dispatchDate !== undefined && dispatchDate > today ? dispatchDate : ymd(weekdayFrom(new Date(at.getTime() + DAY_MS)));
        const weekday = ![0, 6].includes(new Date(`${date}T00:00:00Z`).getUTCDay());
        const available = weekday && (sameDay ? carrier === 'FDXE' && at.getUTCHours() < CUTOFF_HOUR : bookableLater(carrier, date));
        return {
          carrier,
          available,
          pickupDate: date,
          cutOffTime: `${CUTOFF_HOUR}:00:00`,
          accessTime: { hours: ACCESS_MINUTES / 60, minutes: 0 },
          residentialAvailable: carrier === 'FDXG',
          countryRelationship: body.countryRelationship,
          scheduleDay: type,
          defaultReadyTime: '10:00:00',
          defaultLatestTimeOptions: '17:00:00',
          readyTimeOptions: timeOptions(8, CUTOFF_HOUR - 1),
          latestTimeOptions: timeOptions(12, 20),
        };
      }),
    );
    return answer('pickupAvailability', 200, { output: { requestTimestamp: at.toISOString().slice(0, 19), options } }, ctx);
  }

  function pickupCreate(body: any, ctx: string | undefined): FedexSimAnswer {
    const account = String(body.associatedAccountNumber.value);
    const origin = body.originDetail;
    // The document's example writes a zone designator the description says is ignored: it is read without.
    const ready = /^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2}:\d{2})Z?$/.exec(String(origin.readyDateTimestamp ?? ''));
    const [day, readyTime] = [ready?.[1] ?? '', ready?.[2] ?? ''];
    if (!isDate(day) || !TIME.test(readyTime))
      return refuse('pickupCreate', 400, one('SIM.PICKUP.READYDATE.INVALID', 'readyDateTimestamp is YYYY-MM-DDTHH:MM:SS.'), ctx);
    const closeTime = String(origin.customerCloseTime ?? '');
    if (!TIME.test(closeTime)) return refuse('pickupCreate', 400, one('SIM.PICKUP.CLOSETIME.INVALID', 'customerCloseTime is HH:MM:SS.'), ctx);
    if (day < ymd(now()))
      return refuse('pickupCreate', 400, one('PICKUP.REQUESTED.PREVIOUS.DAY', 'Cannot schedule a pickup requested for a previous day.'), ctx);
    const carrierCode = body.carrierCode as 'FDXE' | 'FDXG';
    if (day > ymd(now()) && !bookableLater(carrierCode, day))
      return refuse(
        'pickupCreate',
        400,
        one('SIM.PICKUP.DATE.UNAVAILABLE', 'FedEx Express picks up today or the next business day; FedEx Ground a business day up to two weeks ahead.'),
        ctx,
      );
    if (day === ymd(now()) && carrierCode === 'FDXG')
      return refuse('pickupCreate', 400, one('SIM.PICKUP.DATE.UNAVAILABLE', 'FedEx Ground picks up from the next business day.'), ctx);
    if (Number.isInteger(body.packageCount) && body.packageCount > MAX_PICKUP_PACKAGES)
      return refuse('pickupCreate', 400, one('SIM.PICKUP.PACKAGECOUNT.EXCEEDED', `A pickup is ${MAX_PICKUP_PACKAGES} packages at most.`), ctx);
    if (minutesOf(readyTime) > CUTOFF_HOUR * 60)
      return refuse('pickupCreate', 400, one('SIM.PICKUP.READYTIME.AFTER.CUTOFF', `The ready time is after the cut-off time ${CUTOFF_HOUR}:00.`), ctx);
    if (minutesOf(closeTime) - minutesOf(readyTime) < ACCESS_MINUTES)
      return refuse(
        'pickupCreate',
        400,
        one('SIM.PICKUP.WINDOW.TOO.SHORT', `The close time is at least ${ACCESS_MINUTES} minutes after the ready time for the courier to come.`),
        ctx,
      );
    const number = String(++serial).padStart(8, '0');
    const address = origin.pickupLocation.address;
    const pickup: SimulatedFedexPickup = {
      confirmationCode: carrierCode === 'FDXG' ? `CPU${number}` : number.slice(-4),
      accountNumber: account,
      carrierCode,
      scheduledDate: day,
      readyTime,
      closeTime,
      postalCode: String(address.postalCode),
      countryCode: String(address.countryCode),
      ...(Number.isInteger(body.packageCount) ? { packageCount: body.packageCount as number } : {}),
      ...(body.totalWeight ? { totalWeight: { units: String(body.totalWeight.units), value: Number(body.totalWeight.value) } } : {}),
      ...(typeof body.remarks === 'string' ? { remarks: body.remarks.slice(0, 60) } : {}),
      ...(carrierCode === 'FDXE' ? { location: 'YYZA' } : {}),
      cancelled: false,
      dispatched: false,
    };
    pickups.push(pickup);
    return answer(
      'pickupCreate',
      200,
      { output: { pickupConfirmationCode: pickup.confirmationCode, message: 'Pickup scheduled', ...(pickup.location ? { location: pickup.location } : {}) } },
      ctx,
    );
  }

  function pickupCancel(body: any, ctx: string | undefined): FedexSimAnswer {
    const account = String(body.associatedAccountNumber.value);
    // Express unless Ground is named (the document's default); an Express cancel names the station of its booking.
    const carrierCode = body.carrierCode ?? 'FDXE';
    const pickup = pickups.find(
      (p) =>
        p.confirmationCode === body.pickupConfirmationCode &&
        p.accountNumber === account &&
        p.scheduledDate === body.scheduledDate &&
        p.carrierCode === carrierCode &&
        (carrierCode === 'FDXG' || p.location === body.location),
    );
    if (!pickup)
      return refuse('pickupCancel', 400, one('SIM.PICKUP.NOT.FOUND', 'No pickup has this confirmation code, account, date (and Express location).'), ctx);
    if (pickup.cancelled) return refuse('pickupCancel', 400, one('SIM.PICKUP.ALREADY.CANCELLED', 'This pickup has already been cancelled.'), ctx);
    if (pickup.scheduledDate < ymd(now()))
      return refuse('pickupCancel', 400, one('PICKUP.NUMBER.EXPIRED', 'PREVIOUS DAY PICKUP, CANNOT CANCEL OR UPDATE'), ctx);
    if (dispatchedNow(pickup))
      return refuse(
        'pickupCancel',
        400,
        one('SIM.PICKUP.COURIER.DISPATCHED', 'The FedEx courier has been dispatched to the pickup location; the pickup cannot be cancelled.'),
        ctx,
      );
    pickup.cancelled = true;
    return answer(
      'pickupCancel',
      200,
      { output: { pickupConfirmationCode: pickup.confirmationCode, cancelConfirmationMessage: 'Requested pickup has been cancelled Successfully.' } },
      ctx,
    );
  }

  // ---- Dispatch ----

  const HANDLERS: Record<Exclude<FedexOperation, 'token'>, (body: any, ctx: string | undefined, request: FedexSimRequest) => FedexSimAnswer> = {
    rate,
    ship: (body, ctx, request) => ship(body, ctx, request.baseUrl),
    cancel,
    trackNumbers,
    trackReferences,
    groundClose,
    groundReprint,
    addressResolve,
    pickupAvailability,
    pickupCreate,
    pickupCancel,
  };

  /** The customer's transaction id, echoed in every answer (at most 100 characters of it). */
  const customerTransaction = (request: FedexSimRequest) => request.headers?.['x-customer-transaction-id']?.slice(0, 100) || undefined;

  /** A body handed over as text (as a server reads it) parsed as its operation's media type; an object is taken as parsed. */
  function parsedBody(operation: FedexOperation, body: unknown): { body: unknown } | undefined {
    if (typeof body !== 'string') return { body };
    if (operation === 'token') return { body: Object.fromEntries(new URLSearchParams(body)) };
    try {
      return { body: JSON.parse(body) as unknown };
    } catch {
      return undefined;
    }
  }

  function handle(request: FedexSimRequest, operation: Exclude<FedexOperation, 'token'>, entry: { body?: unknown }): FedexSimAnswer {
    const ctx = customerTransaction(request);
    const token = tokenOf(request);
    if (!token) return refuse(operation, 401, one('NOT.AUTHORIZED.ERROR', WORDS.unauthorized));
    if (!/^application\/json\b/i.test(request.headers?.['content-type'] ?? '')) {
      return refuse(operation, 400, one('SIM.CONTENT.TYPE.INVALID', `${FEDEX_OPERATIONS[operation].path} takes ${requestContentType(operation)}.`), ctx);
    }
    const parsed = parsedBody(operation, request.body);
    if (!parsed) return refuse(operation, 400, one('SIM.INVALID.JSON', 'The request body is not JSON.'), ctx);
    const body = parsed.body;
    entry.body = body;
    const problems = problemsOf(requestValidator(operation), body);
    if (problems.length > 0) return refuse(operation, 400, invalidInput(problems), ctx);
    const account = accountOf(operation, body);
    if (account !== undefined && token.accounts && !token.accounts.has(account)) return refuse(operation, 403, one('FORBIDDEN.ERROR', WORDS.forbidden), ctx);
    return HANDLERS[operation](body, ctx, request);
  }

  /** FedEx's error document for `request`, in its operation's error schema (the Ship API's for a path FedEx has not). */
  function refusal(request: Pick<FedexSimRequest, 'method' | 'path'>, status: number, code: string, message: string): FedexSimAnswer {
    return refuse(operationOf(request.method, request.path) ?? (request.path.startsWith('/oauth') ? 'token' : 'ship'), status, one(code, message));
  }

  const lateIndex = (operation: FedexOperation) => late.findIndex((l) => l.operation === operation);

  return {
    /** Every shipment made, cancelled ones included (see `billable`). */
    shipments,
    closes,
    pickups,
    /** Every request received, in order, with the status answered; its body unless it is the token request (whose form holds a secret). */
    received,
    /** A pickup by its confirmation code: FedEx's API has no such lookup, the simulator's tests do. */
    pickup: (confirmationCode: string) => pickups.find((p) => p.confirmationCode === confirmationCode),
    /** The pickups FedEx would send a courier to: not cancelled. */
    bookedPickups: () => pickups.filter((p) => !p.cancelled),
    /** The courier of a pickup is on its way: FedEx no longer cancels it. */
    dispatch(confirmationCode: string) {
      const pickup = pickups.find((p) => p.confirmationCode === confirmationCode);
      if (!pickup) throw new Error(`no FedEx pickup ${confirmationCode}`);
      pickup.dispatched = true;
    },
    /** The shipments FedEx would bill: not cancelled. */
    billable: () => shipments.filter((s) => !s.cancelled),
    shipmentByTrackingNumber: byTracking,
    /** A label or invoice by the key its `URL_ONLY` link ends with. */
    document: (key: string) => documents.get(key),
    /** The tokens issued so far (a test searches logs and answers for them). */
    issuedTokens: () => [...issued],
    /** Forgets every token: the next API call is answered 401. */
    revokeTokens: () => tokens.clear(),
    /** Whether `authorization` carries a token FedEx would take now. */
    authorized: (authorization: string | undefined) => tokenOf({ method: 'GET', path: '/', headers: { authorization } }) !== undefined,
    /** The next `count` API requests (of operation `only` alone when given) meet `fault`; the token request only when `only` is 'token'. */
    failNext(fault: FedexFault, count = 1, only?: FedexOperation) {
      for (let i = 0; i < count; i++) faults.push({ fault, ...(only ? { only } : {}) });
    },
    /** The next request of `operation` (a ship unless named) is acted on and answered `delayMs` late (LateAnswer). */
    answerLate(delayMs: number, operation: FedexOperation = 'ship') {
      late.push({ delayMs, operation });
    },
    /** Moves a shipment one step: label created → picked up (tendered) → in transit → on the vehicle for delivery → delivered. */
    advance(trackingNumber: string) {
      const s = byTracking(trackingNumber);
      if (!s) throw new Error(`no FedEx shipment ${trackingNumber}`);
      if (s.cancelled) throw new Error(`FedEx shipment ${trackingNumber} is cancelled`);
      s.stage = FEDEX_STAGES[Math.min(FEDEX_STAGES.length - 1, FEDEX_STAGES.indexOf(s.stage) + 1)]!;
      s.stageAt[s.stage] ??= now().toISOString();
    },
    /** A refusal in FedEx's error document for a request the server turns away itself (a body over its bound, a path it cannot take). */
    refusal,
    send(request: FedexSimRequest): FedexSimAnswer {
      const operation = operationOf(request.method, request.path);
      const entry: (typeof received)[number] = { method: request.method, path: request.path.slice(0, 200), ...(operation ? { operation } : {}) };
      received.push(entry);
      const settle = (result: FedexSimAnswer) => {
        entry.status = result.status;
        return result;
      };
      if (!operation) return settle(refusal(request, 404, 'NOT.FOUND.ERROR', WORDS.notFound));
      if (operation === 'token') {
        const at = faults.findIndex((f) => f.only === 'token');
        if (at >= 0) {
          const fault = faults.splice(at, 1)[0]!.fault;
          if (fault !== 'lose-answer') return settle(faultAnswer(fault, 'token'));
          token(request);
          throw new LostAnswer('FedEx');
        }
        return settle(token(request));
      }
      const lateAt = lateIndex(operation);
      if (lateAt >= 0) {
        const { delayMs } = late.splice(lateAt, 1)[0]!;
        throw new LateAnswer<FedexSimAnswer>('FedEx', delayMs, () => settle(handle(request, operation, entry)));
      }
      const at = faults.findIndex((f) => f.only === undefined || f.only === operation);
      const fault = at >= 0 ? faults.splice(at, 1)[0]!.fault : undefined;
      if (fault && fault !== 'lose-answer') return settle(faultAnswer(fault, operation));
      const result = settle(handle(request, operation, entry));
      if (fault === 'lose-answer') throw new LostAnswer('FedEx');
      return result;
    },
  };

  function faultAnswer(fault: Exclude<FedexFault, 'lose-answer'>, operation: FedexOperation): FedexSimAnswer {
    if (fault === 'http500') return refuse(operation, 500, one('INTERNAL.SERVER.ERROR', WORDS.internal));
    if (fault === 'http503') return refuse(operation, 503, one('SERVICE.UNAVAILABLE.ERROR', WORDS.unavailable));
    return refuse(operation, 429, one('SIM.TOO.MANY.REQUESTS', 'We have received too many requests in a short duration. Please wait and try again.'));
  }
}
