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
 * Faults for tests: `failNext('lose-answer')` does the work and then fails
 * (as a connection lost after UPS acted), `'http500'`, `'http429'`;
 * `answerLate(ms)` makes the next ship and its answer come that late.
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
  const received: UpsRequest[] = [];
  const subscriptions = new Map<string, SimulatedSubscription>();
  let serial = 0;

  const byTracking = (n: string) => shipments.find((s) => s.trackingNumbers.includes(n));

  /** The answer, checked against the document's schema of that status; a simulator bug fails loudly. */
  const answer = (route: Route, status: number, body: unknown): UpsAnswer => {
    const name = responseSchemaName(route.document, route.pathKey, String(status), route.method);
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

  function handle(request: UpsRequest): UpsAnswer {
    const route = routeOf(request);
    if (!route) return error(404, '10404', `No UPS operation ${request.method} ${request.path}`);
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
    /** The next ship request is acted on and answered `delayMs` late (LateAnswer); other requests answer as usual. */
    answerLate(delayMs: number) {
      lateShips.push(delayMs);
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
      const fault = faults.shift();
      if (fault === 'http500') return error(500, '10500', 'Internal server error');
      if (fault === 'http429') return error(429, '10429', 'Too many requests');
      const result = handle(request);
      if (fault === 'lose-answer') throw new LostAnswer('UPS');
      return result;
    },
  };
}
