/**
 * A UPS stand-in served from UPS's own documents (tooling: no function
 * imports it). Every request is validated against the vendored document's
 * schema of its operation and refused with a 400 in UPS's error shape when
 * it does not conform, as a schema-validating mock (Prism) answers; every
 * answer it gives is checked against the document's response schema before
 * it leaves, so a parser tested against it reads what UPS documents.
 *
 * Unlike a mock answering the documents' examples, it keeps state, so a
 * walkthrough is coherent: a ship makes tracking numbers (1Z, with UPS's
 * check digit) under the shipper's account, labels in GIF (a decodable
 * 1200×800 image, landscape as UPS draws them) and ZPL, findable by the
 * references on their packages; track follows `advance`; a void works until
 * pickup, and says "already been voided" after.
 *
 * Track Alert (UPSTrackAlert.yaml): `POST /track/v2/subscription/{type}/package`
 * subscribes the numbers that match the document's TrackingNumber pattern
 * for 14 days (the others are answered in `invalidTrackingNumbers`) and
 * refuses a request that breaks PackageSubscriptionRequest with the
 * document's VSS code and words (VSS200 no list, VSS220 over 100, VSS300 no
 * locale, ...). `trackAlertEvents(n)` gives the TrackingEventRequest bodies
 * UPS would push for a subscribed package: the same activities its track
 * answer lists, so a push and a poll agree (./mock-server.ts pushes them).
 *
 * Address Validation Street Level (AddressValidation.yaml,
 * `POST /addressvalidation/{version}/{requestoption}`): one address of the
 * US or Puerto Rico, answered by the rules of `validateAddress`.
 *
 * Pickup (Pickup.yaml, version v2409): Pickup Creation books an on-call
 * pickup under a PRN made of the shipper's account number and a serial (11
 * characters), rated when asked (UPS Ground's on-call charge: 6.50, 9.50 the
 * same day, 2.00 more at a residence; CAD in Canada, USD elsewhere); a
 * booking at an address and day that already has a live one answers that
 * one's PRN, as the document says UPS does. It refuses a day before the
 * clock's, a Saturday or Sunday (no Weekend Service Territory here), and a
 * close time less than the lead time (60 minutes) after the ready time.
 * Pickup Rate answers the same charges, and says a weekend day is out of the
 * Weekend Service Territory. Pending Status lists the account's pickups of
 * the clock's day and the next (as the document says UPS does): 012 being
 * processed, 002 dispatched to the driver, 007 cancelled, with their
 * reference. Cancel by PRN works until the pickup is dispatched, which it is
 * once the clock reaches its day's ready time (the clock's UTC time read as
 * the place's) or `dispatchPickup(prn)` says so; after, UPS's refusal
 * (PU0002). Cancelling a cancelled pickup is refused too (PU0007), as it is
 * no longer pending.
 *
 * Faults for tests: `failNext('lose-answer')` does the work and then fails
 * (as a connection lost after UPS acted), `'http500'`, `'http429'`;
 * `answerLate(ms)` makes the next ship and its answer come that late,
 * `answerLate(ms, 'pickup')` the next pickup creation.
 */
/* eslint-disable @typescript-eslint/no-explicit-any -- the simulator reads request bodies the document's schema has just validated */
import { GifWriter } from 'omggif';
import type { UpsAnswer, UpsRequest } from '../../shared/carriers/ups/api';
import { LateAnswer, LostAnswer } from '../mock-http';
import { loadDocument, type UpsDocument } from '../../shared/carriers/ups/errata';
import { parameterValidatorFor, problemsOf, requestSchemaName, responseSchemaName, validatorFor, webhookRequestSchemaName } from './spec';

type Stage = 'created' | 'pickedUp' | 'inTransit' | 'outForDelivery' | 'delivered';
const STAGES: readonly Stage[] = ['created', 'pickedUp', 'inTransit', 'outForDelivery', 'delivered'];

export type SimulatedShipment = {
  shipmentId: string;
  accountNumber: string;
  serviceCode: string;
  trackingNumbers: string[];
  references: string[];
  returnService: boolean;
  voided: boolean;
  stage: Stage;
  createdAt: string;
};

export type UpsFault = 'lose-answer' | 'http500' | 'http429';

/** An on-call pickup the simulator booked; `date`, `readyTime` and `closeTime` as UPS writes them (yyyyMMdd, HHmm). */
export type SimulatedPickup = {
  prn: string;
  accountNumber: string;
  reference?: string;
  date: string;
  readyTime: string;
  closeTime: string;
  /** Where: the street line, postal code and country, upper case. */
  place: string;
  contactName: string;
  residential: boolean;
  pieces: number;
  status: 'pending' | 'dispatched' | 'cancelled';
};

/** A package subscribed to Track Alert: UPS pushes its events until `expiresAt`. */
export type SimulatedSubscription = { trackingNumber: string; type: string; locale: string; countryCode?: string; subscribedAt: string; expiresAt: string };

/** The TrackingEventRequest of UPSTrackAlert.yaml, as the simulator pushes it. */
export type TrackAlertEventBody = {
  trackingNumber: string;
  localActivityDate: string;
  localActivityTime: string;
  activityLocation?: { city: string; stateProvince: string; country: string };
  activityStatus: { type: string; code: string; description: string };
  gmtActivityDate: string;
  gmtActivityTime: string;
  gmtOffset: string;
  actualDeliveryDate?: string;
  actualDeliveryTime?: string;
};

const TRACK_ALERT: UpsDocument = 'UPSTrackAlert';
const TRACK_ALERT_PACKAGE = '/subscription/{type}/package';
/** The document's FAQ: "Each tracking number subscription is valid for 14 days." */
const TRACK_ALERT_DAYS = 14;
const TRACK_ALERT_MAX = 100;
/** The document's TrackingNumber pattern. */
const TRACK_ALERT_NUMBER = /(^1Z[0-9A-Z]{16}$)|(^1R[0-9A-Z]{14}$)|(^1R[0-9A-Z]{26}$)/;

/** The words of each error code, from the error table of the document's own description (`| VSS200 | 400 | Hard | ... |`). */
let trackAlertWords: Map<string, string> | undefined;
export function trackAlertErrorMessage(code: string): string {
  trackAlertWords ??= new Map(
    [...(loadDocument(TRACK_ALERT).info?.description ?? '').matchAll(/^\s*\|\s*(\w+)\s*\|\s*\d{3}\s*\|\s*\w+\s*\|\s*(.+?)\s*\|\s*$/gm)].map((m) => [
      m[1]!,
      m[2]!,
    ]),
  );
  const words = trackAlertWords.get(code);
  if (!words) throw new Error(`UPSTrackAlert.yaml lists no error ${code}`);
  return words;
}

/** Thrown by `send` for a lost answer: the work is done, the caller never hears of it. */
/**
 * A late answer (`answerLate(delayMs)`): UPS takes `delayMs` to act, and
 * only then does the work and answers; until `land()` runs, the shipment is
 * not made, so a reference search finds nothing (as UPS's does while it has
 * not finished). Whoever serves the simulator waits, then calls `land()`
 * (../mock-http.ts). A lost answer: the work is done, the caller never
 * hears of it.
 */
export { LateAnswer, LostAnswer };

const error = (status: number, code: string, message: string): UpsAnswer => ({ status, body: { response: { errors: [{ code, message }] } } });

/** UPS's 1Z check digit: odd positions summed, even positions doubled, letters by their UPS values. */
export function upsCheckDigit(body: string): string {
  let sum = 0;
  [...body].forEach((c, i) => {
    const value = /\d/.test(c) ? Number(c) : (c.charCodeAt(0) - 63) % 10;
    sum += i % 2 === 1 ? value * 2 : value;
  });
  return String((10 - (sum % 10)) % 10);
}

/** A 1200×800 black-on-white GIF: a frame and bars drawn from the tracking number. */
export function labelGif(trackingNumber: string): Buffer {
  const width = 1200;
  const height = 800;
  const pixels = new Uint8Array(width * height);
  const bars = [...trackingNumber].map((c) => 2 + (c.charCodeAt(0) % 5));
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const frame = x < 8 || y < 8 || x >= width - 8 || y >= height - 8;
      let bar = false;
      if (y > 300 && y < 500 && x > 100 && x < 1100) {
        const module = Math.floor((x - 100) / 12);
        bar = (bars[module % bars.length]! + module) % 3 === 0;
      }
      pixels[y * width + x] = frame || bar ? 1 : 0;
    }
  }
  const buffer = Buffer.alloc(width * height + 1024);
  const writer = new GifWriter(buffer, width, height, { palette: [0xffffff, 0x000000] });
  // omggif's types say number[]; it reads any indexable array of palette indices.
  writer.addFrame(0, 0, width, height, pixels as unknown as number[]);
  return buffer.subarray(0, writer.end());
}

export const labelZpl = (trackingNumber: string, service: string): string =>
  `^XA^FO40,40^A0N,40,40^FDUPS ${service}^FS^FO40,120^BY3^BCN,160,Y,N,N^FD${trackingNumber}^FS^XZ\n`;

/** Which document and operation a request is, and its request and 200 response schema names. */
type Route = { document: UpsDocument; pathKey: string; method: 'get' | 'post' | 'delete'; params: Record<string, string> };

const ROUTES: readonly { document: UpsDocument; pathKey: string; method: Route['method']; pattern: RegExp; names: string[] }[] = [
  {
    document: 'Rating',
    pathKey: '/rating/{version}/{requestoption}',
    method: 'post',
    pattern: /^\/rating\/([^/]+)\/([^/]+)$/,
    names: ['version', 'requestoption'],
  },
  { document: 'Shipping', pathKey: '/shipments/{version}/ship', method: 'post', pattern: /^\/shipments\/([^/]+)\/ship$/, names: ['version'] },
  { document: 'Shipping', pathKey: '/labels/{version}/recovery', method: 'post', pattern: /^\/labels\/([^/]+)\/recovery$/, names: ['version'] },
  {
    document: 'Shipping',
    pathKey: '/shipments/{version}/void/cancel/{shipmentidentificationnumber}',
    method: 'delete',
    pattern: /^\/shipments\/([^/]+)\/void\/cancel\/([^/]+)$/,
    names: ['version', 'id'],
  },
  { document: 'Tracking', pathKey: '/track/v1/details/{inquiryNumber}', method: 'get', pattern: /^\/track\/v1\/details\/([^/]+)$/, names: ['inquiryNumber'] },
  {
    document: 'Tracking',
    pathKey: '/track/v1/reference/details/{referenceNumber}',
    method: 'get',
    pattern: /^\/track\/v1\/reference\/details\/([^/]+)$/,
    names: ['referenceNumber'],
  },
  {
    document: 'AddressValidation',
    pathKey: '/addressvalidation/{version}/{requestoption}',
    method: 'post',
    pattern: /^\/addressvalidation\/([^/]+)\/([^/]+)$/,
    names: ['version', 'requestoption'],
  },
  { document: 'Pickup', pathKey: '/pickupcreation/{version}/pickup', method: 'post', pattern: /^\/pickupcreation\/([^/]+)\/pickup$/, names: ['version'] },
  {
    document: 'Pickup',
    pathKey: '/shipments/{version}/pickup/{pickuptype}',
    method: 'post',
    pattern: /^\/shipments\/([^/]+)\/pickup\/([^/]+)$/,
    names: ['version', 'pickuptype'],
  },
  {
    document: 'Pickup',
    pathKey: '/shipments/{version}/pickup/{pickuptype}',
    method: 'get',
    pattern: /^\/shipments\/([^/]+)\/pickup\/([^/]+)$/,
    names: ['version', 'pickuptype'],
  },
  {
    document: 'Pickup',
    pathKey: '/shipments/{version}/pickup/{CancelBy}',
    method: 'delete',
    pattern: /^\/shipments\/([^/]+)\/pickup\/([^/]+)$/,
    names: ['version', 'CancelBy'],
  },
  // Track Alert's server is `{api}/track/{version}`; its paths start after it.
  {
    document: TRACK_ALERT,
    pathKey: TRACK_ALERT_PACKAGE,
    method: 'post',
    pattern: /^\/track\/([^/]+)\/subscription\/([^/]+)\/package$/,
    names: ['version', 'type'],
  },
];

function routeOf(request: UpsRequest): Route | undefined {
  for (const r of ROUTES) {
    const match = r.pattern.exec(request.path);
    if (match && r.method === request.method.toLowerCase()) {
      return {
        document: r.document,
        pathKey: r.pathKey,
        method: r.method,
        params: Object.fromEntries(r.names.map((n, i) => [n, decodeURIComponent(match[i + 1]!)])),
      };
    }
  }
  return undefined;
}

const ymd = (d: Date) => d.toISOString().slice(0, 10).replaceAll('-', '');
const hms = (d: Date) => d.toISOString().slice(11, 19).replaceAll(':', '');

export type UpsSimulator = ReturnType<typeof createUpsSimulator>;

export function createUpsSimulator(options: { now?: () => Date; listAfterMs?: number } = {}) {
  const now = options.now ?? (() => new Date());
  /** UPS Tracking lists a brand-new shipment only after a while: its reference search shows none younger than this. */
  const listAfterMs = options.listAfterMs ?? 0;
  const shipments: SimulatedShipment[] = [];
  const faults: UpsFault[] = [];
  const lateShips: number[] = [];
  const latePickups: number[] = [];
  const pickups: SimulatedPickup[] = [];
  const received: UpsRequest[] = [];
  const subscriptions = new Map<string, SimulatedSubscription>();
  let serial = 0;

  const byTracking = (n: string) => shipments.find((s) => s.trackingNumbers.includes(n));

  /** The answer, checked against the document's schema of that status (or `schema`); a simulator bug fails loudly. */
  const answer = (route: Route, status: number, body: unknown, schema?: string): UpsAnswer => {
    const name = schema ?? responseSchemaName(route.document, route.pathKey, String(status), route.method);
    const problems = problemsOf(validatorFor(route.document, name), body);
    if (problems.length > 0) throw new Error(`the UPS simulator's own ${route.pathKey} answer breaks ${name}: ${problems.join('; ')}`);
    return { status, body };
  };

  function rate(route: Route, body: Record<string, any>): UpsAnswer {
    if (route.params.version !== 'v2409') return error(400, '250002', `Invalid version ${route.params.version}`);
    const shipment = body.RateRequest.Shipment;
    const from = shipment.ShipFrom?.Address?.CountryCode ?? shipment.Shipper.Address.CountryCode;
    const to = shipment.ShipTo.Address.CountryCode;
    const packages: any[] = shipment.Package;
    const weight = packages.reduce((sum, p) => sum + Number(p.PackageWeight?.Weight ?? 1), 0);
    const services = from === to ? ['03', '12', '02', '13', '01'] : ['11', '08', '65', '07'];
    const arrival = new Date(now().getTime() + 3 * 86_400_000);
    const rated = services.map((code, i) => {
      const total = (9.5 + weight * 1.2) * (1 + i * 0.45);
      const fuel = total * 0.12;
      const base = total - fuel;
      const money = (v: number) => ({ CurrencyCode: from === 'CA' ? 'CAD' : 'USD', MonetaryValue: v.toFixed(2) });
      return {
        Service: { Code: code, Description: `UPS service ${code}` },
        BillingWeight: { UnitOfMeasurement: { Code: 'LBS', Description: 'Pounds' }, Weight: Math.max(1, Math.ceil(weight)).toFixed(1) },
        TransportationCharges: money(total),
        BaseServiceCharge: money(base),
        ItemizedCharges: [{ Code: '375', Description: 'Fuel Surcharge', ...money(fuel) }],
        ServiceOptionsCharges: money(0),
        TotalCharges: money(total),
        NegotiatedRateCharges: { TotalCharge: money(total * 0.8) },
        TimeInTransit: {
          PickupDate: ymd(now()),
          ServiceSummary: {
            Service: { Description: `UPS service ${code}` },
            EstimatedArrival: {
              Arrival: { Date: ymd(arrival), Time: '233000' },
              BusinessDaysInTransit: String(3 + i),
              Pickup: { Date: ymd(now()), Time: '170000' },
              DayOfWeek: 'WED',
            },
            SaturdayDelivery: '0',
          },
        },
        RatedPackage: packages.map(() => ({ Weight: '1.0' })),
      };
    });
    return answer(route, 200, { RateResponse: { Response: { ResponseStatus: { Code: '1', Description: 'Success' } }, RatedShipment: rated } });
  }

  function ship(route: Route, body: Record<string, any>): UpsAnswer {
    if (route.params.version !== 'v2409') return error(400, '120000', `Invalid version ${route.params.version}`);
    const s = body.ShipmentRequest.Shipment;
    const account: string = s.Shipper.ShipperNumber;
    const format: string = body.ShipmentRequest.LabelSpecification?.LabelImageFormat?.Code ?? 'GIF';
    const packages: any[] = s.Package;
    const numbers = packages.map(() => {
      const core = `${account.toUpperCase()}${String(s.Service.Code).padStart(2, '0').slice(0, 2)}${String(++serial).padStart(7, '0')}`;
      return `1Z${core}${upsCheckDigit(core)}`;
    });
    const references = [...new Set(packages.flatMap((p) => (p.ReferenceNumber ?? []).map((r: { Value: string }) => r.Value)))] as string[];
    const shipment: SimulatedShipment = {
      shipmentId: numbers[0]!,
      accountNumber: account,
      serviceCode: s.Service.Code,
      trackingNumbers: numbers,
      references,
      returnService: s.ReturnService !== undefined,
      voided: false,
      stage: 'created',
      createdAt: now().toISOString(),
    };
    shipments.push(shipment);
    const form = s.ShipmentServiceOptions?.InternationalForms
      ? {
          Form: {
            Code: '01',
            Description: 'Invoice',
            Image: {
              ImageFormat: { Code: 'PDF', Description: 'PDF' },
              GraphicImage: Buffer.from(`%PDF-1.4\n% UPS invoice ${numbers[0]}\n%%EOF\n`).toString('base64'),
            },
          },
        }
      : {};
    return answer(route, 200, {
      ShipmentResponse: {
        Response: {
          ResponseStatus: { Code: '1', Description: 'Success' },
          TransactionReference: { CustomerContext: body.ShipmentRequest.Request.TransactionReference?.CustomerContext ?? '' },
        },
        ShipmentResults: {
          ShipmentCharges: {
            TransportationCharges: { CurrencyCode: 'USD', MonetaryValue: '12.50' },
            ServiceOptionsCharges: { CurrencyCode: 'USD', MonetaryValue: '0.00' },
            TotalCharges: { CurrencyCode: 'USD', MonetaryValue: '12.50' },
          },
          // The document fixes this weight at 8 characters.
          BillingWeight: { UnitOfMeasurement: { Code: 'LBS', Description: 'Pounds' }, Weight: '000001.0' },
          ShipmentIdentificationNumber: shipment.shipmentId,
          PackageResults: numbers.map((n) => ({
            TrackingNumber: n,
            ShippingLabel: {
              ImageFormat: { Code: format, Description: format },
              GraphicImage: (format === 'ZPL' ? Buffer.from(labelZpl(n, s.Service.Code)) : labelGif(n)).toString('base64'),
            },
          })),
          ...form,
        },
      },
    });
  }

  function recover(route: Route, body: Record<string, any>): UpsAnswer {
    const request = body.LabelRecoveryRequest;
    const number: string | undefined = request.TrackingNumber;
    const shipment = number ? byTracking(number) : undefined;
    if (!number || !shipment) return error(400, '120541', `No label found for tracking number ${number ?? '(none)'}`);
    const format: string = request.LabelSpecification?.LabelImageFormat?.Code ?? 'GIF';
    const image = format === 'ZPL' ? Buffer.from(labelZpl(number, shipment.serviceCode)) : labelGif(number);
    return answer(route, 200, {
      LabelRecoveryResponse: {
        Response: { ResponseStatus: { Code: '1', Description: 'Success' } },
        LabelResults: [{ TrackingNumber: number, LabelImage: { LabelImageFormat: { Code: format }, GraphicImage: image.toString('base64') } }],
      },
    });
  }

  function voidShipment(route: Route): UpsAnswer {
    const shipment = shipments.find((s) => s.shipmentId === route.params.id) ?? byTracking(route.params.id!);
    if (!shipment) return error(400, '190100', `No shipment found for ${route.params.id}`);
    if (shipment.voided) return error(400, '190117', 'The shipment has already been voided');
    if (shipment.stage !== 'created') return error(400, '190101', 'The shipment cannot be voided: it is already in the UPS network');
    shipment.voided = true;
    return answer(route, 200, {
      VoidShipmentResponse: {
        Response: { ResponseStatus: { Code: '1', Description: 'Success' } },
        SummaryResult: { Status: { Code: '1', Description: 'Voided' } },
      },
    });
  }

  const activities = (shipment: SimulatedShipment) => {
    const start = new Date(shipment.createdAt).getTime();
    const steps: { stage: Stage; type: string; code: string; description: string; city: string }[] = [
      { stage: 'created', type: 'M', code: 'MP', description: 'Shipper created a label, UPS has not received the package yet.', city: '' },
      { stage: 'pickedUp', type: 'P', code: 'XD', description: 'Pickup Scan', city: 'Toronto' },
      { stage: 'inTransit', type: 'I', code: 'DP', description: 'Departed from Facility', city: 'Mississauga' },
      { stage: 'outForDelivery', type: 'I', code: 'OT', description: 'Out For Delivery Today', city: 'Montreal' },
      { stage: 'delivered', type: 'D', code: 'KB', description: 'Delivered', city: 'Montreal' },
    ];
    const reached = STAGES.indexOf(shipment.stage);
    const done = steps.filter((s) => STAGES.indexOf(s.stage) <= reached);
    if (shipment.voided) done.push({ stage: 'created', type: 'MV', code: 'MV', description: 'Shipment voided', city: '' });
    return done
      .map((s, i) => {
        const at = new Date(start + i * 3_600_000);
        return {
          ...(s.city ? { location: { address: { city: s.city, stateProvince: s.city === 'Montreal' ? 'QC' : 'ON', countryCode: 'CA', country: 'CA' } } } : {}),
          status: { type: s.type, description: s.description, code: s.code, statusCode: '003' },
          date: ymd(at),
          time: hms(at),
          gmtDate: ymd(at),
          gmtTime: at.toISOString().slice(11, 19),
          gmtOffset: '+00:00',
        };
      })
      .reverse();
  };

  const trackAnswer = (route: Route, inquiry: string, found: SimulatedShipment[]) =>
    answer(route, 200, {
      trackResponse: {
        shipment: [
          {
            inquiryNumber: inquiry,
            package: found.flatMap((shipment) =>
              shipment.trackingNumbers.map((n) => ({ trackingNumber: n, activity: activities(shipment), currentStatus: activities(shipment)[0]!.status })),
            ),
          },
        ],
      },
    });

  function track(route: Route): UpsAnswer {
    const shipment = byTracking(route.params.inquiryNumber!);
    if (!shipment) return error(404, 'TW0001', 'Tracking Information Not Found');
    return trackAnswer(route, route.params.inquiryNumber!, [shipment]);
  }

  function searchReference(route: Route, query: Readonly<Record<string, string>>): UpsAnswer {
    const reference = route.params.referenceNumber!;
    const listed = now().getTime() - listAfterMs;
    const found = shipments.filter(
      (s) =>
        !s.voided &&
        Date.parse(s.createdAt) <= listed &&
        s.references.includes(reference) &&
        (!query.shipperNum || s.accountNumber === query.shipperNum.toUpperCase()),
    );
    if (found.length === 0) return error(404, 'TW0001', 'Tracking Information Not Found');
    return trackAnswer(route, reference, found);
  }

  /** A refusal in PackageSubscriptionErrorResponse's shape, with the document's words for `code`. */
  const trackAlertRefusal = (route: Route, code: string, invalid: string[] = [], detail?: string): UpsAnswer =>
    answer(route, 400, {
      invalidTrackingNumbers: invalid,
      response: { errors: [{ code, message: detail ? `${trackAlertErrorMessage(code)} (${detail})` : trackAlertErrorMessage(code) }] },
    });

  /** Track Alert: subscribes the well-formed numbers, or refuses the request with the document's VSS code. */
  function subscribe(route: Route, body: unknown): UpsAnswer {
    if (route.params.version !== 'v2') return answer(route, 404, { response: { errors: [{ code: '404', message: 'The requested resource was not found.' }] } });
    if (!parameterValidatorFor(TRACK_ALERT, 'type')(route.params.type)) return trackAlertRefusal(route, 'VSS930');
    if (body === null || typeof body !== 'object' || Array.isArray(body) || Object.keys(body).length === 0) return trackAlertRefusal(route, 'VSS110');
    const request = body as Record<string, unknown>;
    const list = request.trackingNumberList;
    const readable = Array.isArray(list) ? list : [];
    const invalid = readable.filter((n): n is string => typeof n === 'string' && !TRACK_ALERT_NUMBER.test(n));
    if (list === undefined) return trackAlertRefusal(route, 'VSS200');
    if (Array.isArray(list) && list.length > TRACK_ALERT_MAX) return trackAlertRefusal(route, 'VSS220', invalid);
    if (request.locale === undefined) return trackAlertRefusal(route, 'VSS300', invalid);
    const validate = validatorFor(TRACK_ALERT, requestSchemaName(TRACK_ALERT, TRACK_ALERT_PACKAGE));
    validate(body);
    const errors = validate.errors ?? [];
    // Only en_US is supported (the document's Locale).
    if (request.locale !== 'en_US' || errors.some((e) => e.instancePath === '/locale')) return trackAlertRefusal(route, 'VSS310', invalid);
    if (errors.some((e) => e.instancePath === '/countryCode')) return trackAlertRefusal(route, 'VSS400', invalid);
    // A number that breaks the TrackingNumber pattern is answered invalid, not a refusal of the request.
    const other = errors.filter((e) => !(/^\/trackingNumberList\/\d+$/.test(e.instancePath) && e.keyword === 'pattern'));
    if (other.length > 0)
      return trackAlertRefusal(
        route,
        'VSS000',
        invalid,
        other
          .slice(0, 3)
          .map((e) => `${e.instancePath || '/'} ${e.message ?? ''}`)
          .join('; '),
      );
    const valid = [...new Set((list as string[]).filter((n) => TRACK_ALERT_NUMBER.test(n)))];
    if (valid.length === 0) return trackAlertRefusal(route, 'VSS210', invalid);
    const at = now();
    for (const trackingNumber of valid) {
      subscriptions.set(trackingNumber, {
        trackingNumber,
        type: route.params.type!,
        locale: request.locale,
        ...(typeof request.countryCode === 'string' ? { countryCode: request.countryCode } : {}),
        subscribedAt: at.toISOString(),
        expiresAt: new Date(at.getTime() + TRACK_ALERT_DAYS * 86_400_000).toISOString(),
      });
    }
    return answer(route, 200, { validTrackingNumbers: valid, ...(invalid.length > 0 ? { invalidTrackingNumbers: invalid } : {}) });
  }

  const trackAlertBodyValidator = () => validatorFor(TRACK_ALERT, webhookRequestSchemaName(TRACK_ALERT, 'TrackingEvent'));

  /**
   * The TrackingEventRequest bodies UPS would push for `trackingNumber`,
   * oldest first: one per activity its track answer lists (same instants,
   * places, status codes and words). Track Alert's status types are D, I, M,
   * MV, U and X: the Tracking type P (pickup) goes as I. None when the
   * number is not subscribed, or its subscription has expired.
   */
  function trackAlertEvents(trackingNumber: string): TrackAlertEventBody[] {
    const subscription = subscriptions.get(trackingNumber);
    if (!subscription || Date.parse(subscription.expiresAt) <= now().getTime()) return [];
    const shipment = byTracking(trackingNumber);
    if (!shipment) return [];
    const validate = trackAlertBodyValidator();
    return activities(shipment)
      .reverse()
      .map((a) => {
        const type = a.status.type === 'P' ? 'I' : a.status.type;
        const address = a.location?.address;
        const body: TrackAlertEventBody = {
          trackingNumber,
          localActivityDate: a.date,
          localActivityTime: a.time,
          ...(address ? { activityLocation: { city: address.city, stateProvince: address.stateProvince, country: address.countryCode } } : {}),
          activityStatus: { type, code: a.status.code, description: a.status.description },
          gmtActivityDate: a.gmtDate,
          gmtActivityTime: a.gmtTime.replaceAll(':', ''),
          gmtOffset: '+00.00',
          ...(type === 'D' ? { actualDeliveryDate: a.date, actualDeliveryTime: a.time } : {}),
        };
        const problems = problemsOf(validate, body);
        if (problems.length > 0) throw new Error(`the UPS simulator's own Track Alert event breaks TrackingEventRequest: ${problems.join('; ')}`);
        return body;
      });
  }

  // ---- Address Validation Street Level ----

  /** The states of the ZIP code prefixes the simulator knows (USPS's: New York 100-149, California 900-961, Puerto Rico 006-009). */
  const stateOfZip = (zip: string): string | undefined => {
    const prefix = Number(zip.slice(0, 3));
    return prefix >= 100 && prefix <= 149 ? 'NY' : prefix >= 900 && prefix <= 961 ? 'CA' : prefix >= 6 && prefix <= 9 ? 'PR' : undefined;
  };
  const STREET_TYPE = /\b(ST|STREET|AVE|AVENUE|RD|ROAD|BLVD|DR|DRIVE|LN|LANE|WAY|CT|PL|PKWY|HWY|SQ|TER|CIR|PLZ|BROADWAY|CALLE|AVENIDA)\b/;
  const RESIDENTIAL_UNIT = /\b(APT|APARTMENT|UNIT)\b|#/;
  const BUSINESS_UNIT = /\b(STE|SUITE|FL|FLOOR|BLDG)\b/;

  /**
   * Deterministic rules: a street line without a number, or a ZIP code not
   * of five digits, has no candidate; a street without a street type
   * (`ST`, `AVE`, Puerto Rico's `CALLE`, ...) is ambiguous between its `ST` and its `AVE`; anything
   * else is valid, upper case, the state of a known ZIP prefix (a wrong one
   * corrected), a +4 made of the street number. Classification: a unit word
   * residential, a suite word commercial, else an odd number commercial and
   * an even one residential.
   */
  function validateAddress(route: Route, body: Record<string, any>, query: Readonly<Record<string, string>>): UpsAnswer {
    if (route.params.version !== 'v2' && route.params.version !== 'v1') return error(400, '250002', `Invalid version ${route.params.version}`);
    const option = route.params.requestoption;
    if (option !== '1' && option !== '2' && option !== '3') return error(400, '264001', `Invalid request option ${option}`);
    const size = query.maximumcandidatelistsize === undefined ? 15 : Number(query.maximumcandidatelistsize);
    if (!Number.isInteger(size) || size < 0 || size > 50) return error(400, '264003', 'Invalid maximum candidate list size');
    const key = body.XAVRequest.AddressKeyFormat;
    const country = String(key.CountryCode).toUpperCase();
    if (country !== 'US' && country !== 'PR') return error(400, '264002', 'Country code is invalid or not supported');
    const lines: string[] = (key.AddressLine ?? []).map((l: unknown) => String(l).trim().toUpperCase()).filter((l: string) => l !== '');
    const street = lines.join(' ');
    const number = /^(\d+)/.exec(street)?.[1];
    const zip = String(key.PostcodePrimaryLow ?? '');
    const code = RESIDENTIAL_UNIT.test(street) ? '2' : BUSINESS_UNIT.test(street) ? '1' : number && Number(number) % 2 === 0 ? '2' : '1';
    const classification = (c: string) => ({ Code: c, Description: c === '1' ? 'Commercial' : c === '2' ? 'Residential' : 'UnClassified' });
    const classify = option !== '1';
    const status = { ResponseStatus: { Code: '1', Description: 'Success' } };
    if (number === undefined || !/^\d{5}$/.test(zip)) {
      return answer(route, 200, {
        XAVResponse: { Response: status, NoCandidatesIndicator: '', ...(classify ? { AddressClassification: classification('0') } : {}) },
      });
    }
    const candidate = (addressLines: string[]) => ({
      ...(classify ? { AddressClassification: classification(code) } : {}),
      AddressKeyFormat: {
        AddressLine: addressLines,
        ...(key.PoliticalDivision2 ? { PoliticalDivision2: String(key.PoliticalDivision2).toUpperCase() } : {}),
        ...((stateOfZip(zip) ?? key.PoliticalDivision1) ? { PoliticalDivision1: stateOfZip(zip) ?? String(key.PoliticalDivision1).toUpperCase() } : {}),
        PostcodePrimaryLow: zip,
        PostcodeExtendedLow: key.PostcodeExtendedLow ? String(key.PostcodeExtendedLow) : number.slice(-4).padStart(4, '0'),
        CountryCode: country,
      },
    });
    if (!STREET_TYPE.test(street)) {
      const [first = '', ...rest] = lines;
      return answer(route, 200, {
        XAVResponse: {
          Response: status,
          AmbiguousAddressIndicator: '',
          ...(classify ? { AddressClassification: classification(code) } : {}),
          Candidate: [candidate([`${first} ST`, ...rest]), candidate([`${first} AVE`, ...rest])].slice(0, size),
        },
      });
    }
    return answer(route, 200, {
      XAVResponse: {
        Response: status,
        ValidAddressIndicator: '',
        ...(classify ? { AddressClassification: classification(code) } : {}),
        Candidate: [candidate(lines)].slice(0, Math.max(size, 1)),
      },
    });
  }

  // ---- Pickup ----

  const PICKUP_LEAD_MINUTES = 60;
  const minutesOf = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(2, 4));
  const isTime = (hhmm: unknown): hhmm is string => typeof hhmm === 'string' && /^([01]\d|2[0-3])[0-5]\d$/.test(hhmm);
  /** A yyyyMMdd that is a calendar day, as its day number; NaN otherwise. */
  const dayOf = (yyyymmdd: unknown): number => {
    const m = typeof yyyymmdd === 'string' ? /^(\d{4})(\d{2})(\d{2})$/.exec(yyyymmdd) : null;
    if (!m) return Number.NaN;
    const at = Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
    return ymd(new Date(at)) === yyyymmdd ? at / 86_400_000 : Number.NaN;
  };
  const today = () => Math.floor(now().getTime() / 86_400_000);
  const weekendDay = (day: number) => [0, 6].includes(new Date(day * 86_400_000).getUTCDay());
  const pickupStatus = {
    pending: ['012', 'Your pickup request is being processed'],
    dispatched: ['002', 'Dispatched to driver'],
    cancelled: ['007', 'Cancelled'],
  } as const;
  const PICKUP_OK = { ResponseStatus: { Code: '1', Description: 'Success' } };

  /** A pickup is dispatched once the clock reaches its day's ready time (the clock's UTC time as the place's). */
  const refreshPickups = () => {
    const at = now().getTime();
    for (const p of pickups) {
      if (p.status === 'pending' && at >= dayOf(p.date) * 86_400_000 + minutesOf(p.readyTime) * 60_000) p.status = 'dispatched';
    }
  };

  /** UPS Ground's on-call charge of a pickup at `country` on `day`: more the same day and at a residence. */
  const pickupCharge = (country: string, day: number, residential: boolean) => {
    const sameDay = day === today();
    const base = sameDay ? 9.5 : 6.5;
    const charges = [
      { ChargeCode: 'B', ChargeDescription: 'BASE CHARGE', amount: base },
      ...(residential ? [{ ChargeCode: 'S', ChargeDescription: 'RESIDENTIAL SURCHARGE', amount: 2 }] : []),
    ];
    // The document's amounts are 8 characters.
    const money = (v: number) => v.toFixed(2).padStart(8, '0');
    return {
      RateType: sameDay ? 'SD' : 'FD',
      CurrencyCode: country === 'CA' ? 'CAD' : 'USD',
      ChargeDetail: charges.map((c) => ({ ChargeCode: c.ChargeCode, ChargeDescription: c.ChargeDescription, ChargeAmount: money(c.amount) })),
      GrandTotalOfAllCharge: money(charges.reduce((sum, c) => sum + c.amount, 0)),
    };
  };

  /** The day's refusal (past, weekend) or undefined. */
  const dayRefusal = (day: number): UpsAnswer | undefined => {
    if (Number.isNaN(day)) return error(400, '9500508', 'Invalid pickup date');
    if (day < today()) return error(400, '9500509', 'The pickup date is in the past');
    return undefined;
  };

  function createPickup(route: Route, body: Record<string, any>): UpsAnswer {
    if (route.params.version !== 'v2409') return error(400, '250002', `Invalid version ${route.params.version}`);
    const request = body.PickupCreationRequest;
    const info = request.PickupDateInfo;
    const day = dayOf(info.PickupDate);
    const refused = dayRefusal(day);
    if (refused) return refused;
    if (weekendDay(day)) return error(400, '9500510', 'The pickup address is not in a UPS Weekend Service Territory');
    if (!isTime(info.ReadyTime) || !isTime(info.CloseTime)) return error(400, '9500511', 'Invalid ReadyTime or CloseTime');
    if (minutesOf(info.CloseTime) - minutesOf(info.ReadyTime) < PICKUP_LEAD_MINUTES)
      return error(400, '9500512', `CloseTime minus ReadyTime must be at least the lead time (${PICKUP_LEAD_MINUTES} minutes)`);
    if (request.PaymentMethod === '01' && !request.Shipper?.Account) return error(400, '9500513', 'Payment by shipper account needs Shipper/Account');
    const accountNumber = String(request.Shipper?.Account?.AccountNumber ?? '').toUpperCase();
    const address = request.PickupAddress;
    const place = [address.AddressLine.join(' '), address.PostalCode ?? '', address.CountryCode].map((v: string) => v.trim().toUpperCase()).join('|');
    refreshPickups();
    // "Same PRN will be returned if a pickup request already exists for a pickup address/point."
    const existing = pickups.find((p) => p.status !== 'cancelled' && p.accountNumber === accountNumber && p.date === info.PickupDate && p.place === place);
    const pickup: SimulatedPickup = existing ?? {
      prn: `${accountNumber.padEnd(6, '0').slice(0, 6)}${String(pickups.length + 1).padStart(5, '0')}`,
      accountNumber,
      ...(request.ReferenceNumber ? { reference: String(request.ReferenceNumber) } : {}),
      date: info.PickupDate,
      readyTime: info.ReadyTime,
      closeTime: info.CloseTime,
      place,
      contactName: address.ContactName,
      residential: address.ResidentialIndicator === 'Y',
      pieces: (request.PickupPiece as any[]).reduce((n: number, piece: any) => n + Number(piece.Quantity), 0),
      status: 'pending',
    };
    if (!existing) pickups.push(pickup);
    const rated = request.RatePickupIndicator === 'Y';
    return answer(
      route,
      200,
      {
        PickupCreationResponse: {
          Response: PICKUP_OK,
          PRN: pickup.prn,
          RateStatus: rated ? { Code: '01', Description: 'Rate available' } : { Code: '04', Description: 'Rate not requested' },
          ...(rated ? { RateResult: pickupCharge(address.CountryCode, day, pickup.residential) } : {}),
        },
      },
      'PICKUPCreationResponseWrapper',
    );
  }

  function ratePickup(route: Route, body: Record<string, any>): UpsAnswer {
    if (route.params.version !== 'v2409') return error(400, '250002', `Invalid version ${route.params.version}`);
    if (!['oncall', 'smart', 'both'].includes(route.params.pickuptype!)) return error(400, '9500501', `Invalid pickup type ${route.params.pickuptype}`);
    const request = body.PickupRateRequest;
    const option = request.ServiceDateOption;
    if (option === '03' && !request.PickupDateInfo) return error(400, '9500507', 'A specific-day pickup needs PickupDateInfo');
    const day = option === '01' ? today() : option === '02' ? today() + 1 : dayOf(request.PickupDateInfo?.PickupDate);
    const refused = dayRefusal(day);
    if (refused) return refused;
    const weekday = new Date(day * 86_400_000).getUTCDay();
    return answer(route, 200, {
      PickupRateResponse: {
        Response: PICKUP_OK,
        RateResult: pickupCharge(request.PickupAddress.CountryCode, day, request.PickupAddress.ResidentialIndicator === 'Y'),
        ...(weekday === 6 || weekday === 0 ? { WeekendServiceTerritoryIndicator: 'N', WeekendServiceTerritory: { SatWST: 'N', SunWST: 'N' } } : {}),
      },
    });
  }

  function pendingPickups(route: Route, headers: Readonly<Record<string, string>>): UpsAnswer {
    if (route.params.version !== 'v2409') return error(400, '250002', `Invalid version ${route.params.version}`);
    if (!['oncall', 'smart', 'both'].includes(route.params.pickuptype!)) return error(400, '9500501', `Invalid pickup type ${route.params.pickuptype}`);
    const accountNumber = headers.AccountNumber?.toUpperCase();
    if (!accountNumber || !/^[A-Z0-9]{6}([A-Z0-9]{4})?$/.test(accountNumber)) return error(400, '9500502', 'Missing or invalid AccountNumber');
    refreshPickups();
    const days = [today(), today() + 1];
    const listed = pickups.filter((p) => p.accountNumber === accountNumber && days.includes(dayOf(p.date)));
    return answer(route, 200, {
      PickupPendingStatusResponse: {
        Response: PICKUP_OK,
        PendingStatus: listed.map((p) => ({
          PickupType: '01',
          ServiceDate: p.date,
          PRN: p.prn,
          OnCallStatusCode: pickupStatus[p.status][0],
          PickupStatusMessage: pickupStatus[p.status][1],
          BillingCode: '01',
          ContactName: p.contactName,
          ...(p.reference ? { ReferenceNumber: p.reference } : {}),
        })),
      },
    });
  }

  function cancelPickup(route: Route, headers: Readonly<Record<string, string>>): UpsAnswer {
    if (route.params.version !== 'v2409') return error(400, '250002', `Invalid version ${route.params.version}`);
    if (route.params.CancelBy !== '02') return error(400, '9500503', 'This UPS cancels pickups by PRN only (CancelBy 02)');
    const prn = headers.Prn?.toUpperCase();
    const pickup = prn ? pickups.find((p) => p.prn === prn) : undefined;
    if (!pickup) return error(400, '9500504', `No pickup found for PRN ${prn ?? '(none)'}`);
    refreshPickups();
    if (pickup.status === 'cancelled') return error(400, 'PU0007', 'The pickup request has already been cancelled');
    if (pickup.status === 'dispatched') return error(400, 'PU0002', 'The pickup has been dispatched to the driver and can no longer be cancelled');
    pickup.status = 'cancelled';
    return answer(route, 200, { PickupCancelResponse: { Response: PICKUP_OK, PickupType: '01' } });
  }

  /** A pickup request: validated against its document's schema (Creation's own, of its oneOf), then answered. */
  function pickupRequest(route: Route, request: UpsRequest): UpsAnswer {
    const headers = request.headers ?? {};
    if (route.method === 'get') return pendingPickups(route, headers);
    if (route.method === 'delete') return cancelPickup(route, headers);
    const creation = route.pathKey.startsWith('/pickupcreation');
    const name = creation ? 'PICKUPCreationRequestWrapper' : requestSchemaName(route.document, route.pathKey, 'post');
    const problems = problemsOf(validatorFor(route.document, name), request.body);
    if (problems.length > 0) return error(400, '250002', `Invalid request (${name}): ${problems.slice(0, 5).join('; ')}`);
    return creation ? createPickup(route, request.body as Record<string, any>) : ratePickup(route, request.body as Record<string, any>);
  }

  function handle(request: UpsRequest): UpsAnswer {
    const route = routeOf(request);
    if (!route) return error(404, '10404', `No UPS operation ${request.method} ${request.path}`);
    if (route.document === 'Pickup') return pickupRequest(route, request);
    if (route.document === TRACK_ALERT) return subscribe(route, request.body);
    if (route.method === 'post') {
      const name = requestSchemaName(route.document, route.pathKey, 'post');
      const problems = problemsOf(validatorFor(route.document, name), request.body);
      if (problems.length > 0) return error(400, '250002', `Invalid request (${name}): ${problems.slice(0, 5).join('; ')}`);
    }
    const body = request.body as Record<string, any>;
    if (route.document === 'AddressValidation') return validateAddress(route, body, request.query ?? {});
    return route.pathKey.startsWith('/rating')
      ? rate(route, body)
      : route.pathKey.endsWith('/ship')
        ? ship(route, body)
        : route.pathKey.endsWith('/recovery')
          ? recover(route, body)
          : route.method === 'delete'
            ? voidShipment(route)
            : route.pathKey.includes('/reference/')
              ? searchReference(route, request.query ?? {})
              : track(route);
  }

  return {
    shipments,
    /** Every request received, in order (valid or not). */
    received,
    failNext(fault: UpsFault, count = 1) {
      for (let i = 0; i < count; i++) faults.push(fault);
    },
    /** The next ship (or pickup creation) request is acted on and answered `delayMs` late (LateAnswer); other requests answer as usual. */
    answerLate(delayMs: number, operation: 'ship' | 'pickup' = 'ship') {
      (operation === 'ship' ? lateShips : latePickups).push(delayMs);
    },
    /** The pickups booked, cancelled ones included. */
    pickups,
    /** The driver is on the way: UPS no longer cancels the pickup. */
    dispatchPickup(prn: string) {
      const pickup = pickups.find((p) => p.prn === prn);
      if (!pickup) throw new Error(`no pickup ${prn}`);
      if (pickup.status === 'pending') pickup.status = 'dispatched';
    },
    /** Moves a shipment one step along its journey (label created → picked up → in transit → out for delivery → delivered). */
    advance(trackingNumber: string) {
      const shipment = byTracking(trackingNumber);
      if (!shipment) throw new Error(`no shipment ${trackingNumber}`);
      shipment.stage = STAGES[Math.min(STAGES.length - 1, STAGES.indexOf(shipment.stage) + 1)]!;
    },
    /** The shipments UPS would bill: not voided. */
    billable: () => shipments.filter((s) => !s.voided),
    /** Track Alert subscriptions by tracking number (the latest one of each). */
    subscriptions,
    trackAlertEvents,
    send(request: UpsRequest): UpsAnswer {
      received.push(request);
      if (lateShips.length > 0 && request.method === 'POST' && /^\/shipments\/[^/]+\/ship$/.test(request.path)) {
        const delayMs = lateShips.shift()!;
        throw new LateAnswer<UpsAnswer>('UPS', delayMs, () => handle(request));
      }
      if (latePickups.length > 0 && request.method === 'POST' && /^\/pickupcreation\/[^/]+\/pickup$/.test(request.path)) {
        const delayMs = latePickups.shift()!;
        throw new LateAnswer<UpsAnswer>('UPS', delayMs, () => handle(request));
      }
      const fault = faults.shift();
      if (fault === 'http500') return error(500, '10500', 'Internal server error');
      if (fault === 'http429') return error(429, '10429', 'Too many requests');
      const result = handle(request);
      if (fault === 'lose-answer') throw new LostAnswer('UPS');
      return result;
    },
  };
}
