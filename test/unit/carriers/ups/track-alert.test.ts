/**
 * UPS Track Alert against UPS's own document (UPSTrackAlert.yaml, vendored
 * in shared/carriers/ups/spec/): the loader reads it as OpenAPI 3.1; the
 * subscription the connector sends validates against
 * PackageSubscriptionRequest; every answer the document gives an example of
 * is read; the document's pushed-event examples parse to our events; bad
 * bodies are a TrackAlertEventError; and a round trip through the local UPS
 * mock (subscribe, refusals with the document's VSS codes, a push with the
 * webhook's OAuth client credentials, bearer and x-api-key) agrees with a
 * poll of the same package.
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { ShipInput } from '../../../../shared/domain/carrier';
import { CarrierError, CarrierRefusal } from '../../../../shared/domain/carrier';
import type { UpsAnswer, UpsApi, UpsRequest } from '../../../../shared/carriers/ups/api';
import { createUpsApi, UPS_TRANSACTION_SOURCE } from '../../../../shared/carriers/ups/http';
import { createUpsTokenCache } from '../../../../shared/carriers/ups/oauth';
import { upsShip, upsTrack } from '../../../../shared/carriers/ups/operations';
import {
  buildTrackAlertSubscription,
  parseTrackAlertEvent,
  parseTrackAlertSubscription,
  subscribeTrackAlert,
  trackAlertEventKey,
  trackAlertExpiresAt,
  TrackAlertEventError,
  UPS_TRACK_ALERT_SUBSCRIPTION_DAYS,
  upsTrackAlertPath,
  UpsTrackAlertRefusal,
  type TrackAlertEvent,
  type TrackAlertParseResult,
} from '../../../../shared/carriers/ups/track-alert';
import { parseUpsTrack } from '../../../../shared/carriers/ups/track';
import type { CarrierAccount } from '../../../../shared/domain/carrier';
import { pushTrackAlert, startUpsMock, type UpsMock } from '../../../../local/ups/mock-server';
import { createUpsSimulator } from '../../../../local/ups/simulator';
import {
  expectValid,
  parameterValidatorFor,
  problemsOf,
  requestExamples,
  requestSchemaName,
  responseExamples,
  responseSchemaName,
  responseStatuses,
  validatorFor,
  webhookExamples,
  webhookRequestSchemaName,
} from '../../../../local/ups/spec';
import { loadDocument } from '../../../../shared/carriers/ups/errata';
import { rateRequest } from '../fixtures';
import { upsPlan } from './fixtures';

const DOC = 'UPSTrackAlert' as const;
const PACKAGE = '/subscription/{type}/package';
const requestValidator = () => validatorFor(DOC, requestSchemaName(DOC, PACKAGE));
const eventValidator = () => validatorFor(DOC, webhookRequestSchemaName(DOC, 'TrackingEvent'));
const signal = () => AbortSignal.timeout(10_000);

/** The value of a parse that must succeed. */
const ok = (result: TrackAlertParseResult): TrackAlertEvent => {
  if (!result.ok) throw new Error(`expected an event, got ${result.error.message}`);
  return result.value;
};
/** The error of a parse that must fail. */
const rejected = (result: TrackAlertParseResult): TrackAlertEventError => {
  if (result.ok) throw new Error(`expected a rejection, got ${JSON.stringify(result.value)}`);
  expect(result.error).toBeInstanceOf(TrackAlertEventError);
  return result.error;
};

const OUT_FOR_DELIVERY = () => webhookExamples(DOC, 'TrackingEvent').find((e) => e.summary === 'Out for delivery message')!.value as Record<string, unknown>;
const DELIVERED = () => webhookExamples(DOC, 'TrackingEvent').find((e) => e.summary === 'Delivery message')!.value as Record<string, unknown>;

describe('the Track Alert document, read as OpenAPI 3.1', () => {
  it('is 3.1, and its YAML is read as JSON values: a date example stays a string that validates as format date', () => {
    expect(loadDocument(DOC).openapi).toBe('3.1.0');
    const [example] = responseExamples(DOC, '/subscription/{type}/account', '200');
    // js-yaml's default schema would make this a Date, which no JSON Schema "string" accepts.
    expect(example!.value).toEqual({ expiryDate: '9999-12-31' });
    expectValid(validatorFor(DOC, 'AccountSubscriptionResponse'), example!.value);
    expect(problemsOf(validatorFor(DOC, 'AccountSubscriptionResponse'), { expiryDate: 'someday' })).not.toEqual([]);
  });

  it('enforces its oneOf of constants (status types, subscription type) and its patterns', () => {
    const event = { trackingNumber: '1Z204W4R0308071865', activityStatus: { type: 'MV' } };
    expect(problemsOf(eventValidator(), event)).toEqual([]);
    expect(problemsOf(eventValidator(), { ...event, activityStatus: { type: 'P' } })).not.toEqual([]);
    expect(problemsOf(eventValidator(), { ...event, trackingNumber: '1Z204W4R030807186' })).not.toEqual([]);
    expect(problemsOf(eventValidator(), { ...event, gmtActivityTime: '246000' })).not.toEqual([]);
    const type = parameterValidatorFor(DOC, 'type');
    expect([type('standard'), type('enhanced'), type('premium')]).toEqual([true, true, false]);
  });

  it('every example of the package subscription and of the webhook validates against its own schema', () => {
    const examples = [
      ...requestExamples(DOC, PACKAGE).map((e) => [requestSchemaName(DOC, PACKAGE), e] as const),
      ...responseStatuses(DOC, PACKAGE).flatMap((status) =>
        responseExamples(DOC, PACKAGE, status).map((e) => [responseSchemaName(DOC, PACKAGE, status), e] as const),
      ),
      ...webhookExamples(DOC, 'TrackingEvent').map((e) => [webhookRequestSchemaName(DOC, 'TrackingEvent'), e] as const),
    ];
    expect(examples.length).toBeGreaterThanOrEqual(10);
    for (const [schema, example] of examples)
      expect([schema, example.name, problemsOf(validatorFor(DOC, schema), example.value)]).toEqual([schema, example.name, []]);
  });
});

describe('the subscription request', () => {
  const numbers = (n: number) => Array.from({ length: n }, (_, i) => `1Z999AA1${String(i).padStart(10, '0')}`);

  it.each([
    ['the document test numbers', { trackingNumbers: ['1ZCIETST0111111114', '1ZCIETST0422222228'], countryCode: 'US' }],
    // 1R and 14 or 26 characters (the document's own 28-character example has 26 in all, which its pattern refuses).
    ['a Roadie number of each length', { trackingNumbers: ['1R12345678912345', '1R12345678912345678901234567'], countryCode: 'CA' }],
    ['100 numbers, the most one request takes', { trackingNumbers: numbers(100), countryCode: 'US' }],
    ['repeats and spaces, sent once', { trackingNumbers: [' 1ZCIETST0111111114', '1ZCIETST0111111114 ', '1ZCIETST0111111114'], countryCode: 'GB' }],
  ])('%s: validates against PackageSubscriptionRequest', (_what, input) => {
    const body = buildTrackAlertSubscription(input);
    expectValid(requestValidator(), body);
    expect(body).toMatchObject({ locale: 'en_US', countryCode: input.countryCode });
    expect(body.trackingNumberList.length).toBe(new Set(input.trackingNumbers.map((n) => n.trim())).size);
  });

  it.each([
    ['no number', { trackingNumbers: [], countryCode: 'US' }, /at least one/],
    ['101 numbers', { trackingNumbers: numbers(101), countryCode: 'US' }, /at most 100 .* got 101/],
    ['a country that is not ISO alpha-2', { trackingNumbers: ['1ZCIETST0111111114'], countryCode: 'usa' }, /two upper-case letters/],
  ])('%s is refused before anything is sent', async (_what, input, reason) => {
    expect(() => buildTrackAlertSubscription(input)).toThrow(reason);
    const sent: UpsRequest[] = [];
    const api: UpsApi = { mode: 'test', send: async (r) => (sent.push(r), { status: 200, body: {} }) };
    await expect(subscribeTrackAlert(input, api, signal())).rejects.toBeInstanceOf(CarrierRefusal);
    expect(sent).toEqual([]);
  });

  it('is one POST of the standard package subscription, repeatable (it only renews), whose body the schema accepts', async () => {
    const sent: UpsRequest[] = [];
    const api: UpsApi = { mode: 'live', send: async (r) => (sent.push(r), { status: 200, body: { validTrackingNumbers: ['1ZCIETST0111111114'] } }) };
    expect(await subscribeTrackAlert({ trackingNumbers: ['1ZCIETST0111111114'], countryCode: 'US' }, api, signal())).toEqual({
      valid: ['1ZCIETST0111111114'],
      invalid: [],
    });
    expect(sent).toEqual([
      {
        method: 'POST',
        path: '/track/v2/subscription/standard/package',
        body: { locale: 'en_US', countryCode: 'US', trackingNumberList: ['1ZCIETST0111111114'] },
        retryable: true,
      },
    ]);
    expect(upsTrackAlertPath()).toBe('/track/v2/subscription/standard/package');
    expectValid(requestValidator(), sent[0]!.body);
  });
});

describe("UPS's answers to a subscription (each example of the document)", () => {
  const answer = (status: string, name: string): UpsAnswer => ({
    status: Number(status),
    body: responseExamples(DOC, PACKAGE, status).find((e) => e.name === name)!.value,
  });

  it('the 200 examples: subscribed and refused numbers; a list left out is empty', () => {
    expect(parseTrackAlertSubscription(answer('200', 'PartialSuccessExample'))).toEqual({ valid: ['1Z1234567891234556'], invalid: ['1Z1234567$8'] });
    expect(parseTrackAlertSubscription(answer('200', 'CompleteSuccessExample'))).toEqual({ valid: ['1Z1234567891234556'], invalid: [] });
  });

  it("the 400 example is UPS's refusal with its code, its words and the numbers it names", () => {
    let error: unknown;
    try {
      parseTrackAlertSubscription(answer('400', 'example'));
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(UpsTrackAlertRefusal);
    expect(error).toBeInstanceOf(CarrierRefusal);
    expect(error).toMatchObject({
      carrierCode: 'UPS',
      code: 'VSS300',
      invalid: ['1Z1234567$8'],
      message: 'VSS300: Locale is required. The Subscription request has been rejected.',
    });
  });

  it.each(['401', '404', '500'])('the %s example is a CarrierError with UPS code, not a refusal', (status) => {
    const [example] = responseExamples(DOC, PACKAGE, status);
    const { code, message } = (example!.value as { response: { errors: { code: string; message: string }[] } }).response.errors[0]!;
    let error: unknown;
    try {
      parseTrackAlertSubscription({ status: Number(status), body: example!.value });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(CarrierError);
    expect(error).not.toBeInstanceOf(CarrierRefusal);
    expect((error as Error).message).toBe(`UPS could not subscribe to Track Alert: ${code}: ${message}`);
  });

  it('every status the document answers is covered above', () => {
    expect(responseStatuses(DOC, PACKAGE)).toEqual(['200', '400', '401', '404', '500']);
  });

  it('a 200 that is not PackageSubscriptionSuccessResponse is a CarrierError naming where', () => {
    expect(() => parseTrackAlertSubscription({ status: 200, body: { validTrackingNumbers: '1ZCIETST0111111114' } })).toThrow(
      /malformed Track Alert subscription response at validTrackingNumbers/,
    );
  });
});

describe('pushed events (TrackingEventRequest)', () => {
  it("the document's 'Out for delivery message' is our out-for-delivery event at its GMT instant", () => {
    const parsed = ok(parseTrackAlertEvent(OUT_FOR_DELIVERY()));
    expect(parsed).toEqual({
      trackingNumber: '1Z204W4R0308071865',
      transitStatus: 'intransit',
      ups: { type: 'I', code: 'OT' },
      event: {
        status: 'intransit',
        code: 'OUT_FOR_DELIVERY',
        description: 'Out for Delivery (UPS I/OT)',
        location: 'Charlotte, NC, US',
        occurredAt: '2024-04-23T13:15:19.000Z',
      },
    });
  });

  it("the document's 'Delivery message' is our delivered event", () => {
    expect(ok(parseTrackAlertEvent(DELIVERED()))).toEqual({
      trackingNumber: '1Z204W4R0308071865',
      transitStatus: 'delivered',
      ups: { type: 'D', code: 'FS' },
      event: {
        status: 'delivered',
        code: 'DELIVERED',
        description: 'Delivered (UPS D/FS)',
        location: 'CHARLOTTE, NC, US',
        occurredAt: '2024-04-23T13:50:04.000Z',
      },
    });
  });

  it('reads the raw body (a string or bytes) as it reads the parsed one', () => {
    const expected = ok(parseTrackAlertEvent(DELIVERED()));
    expect(ok(parseTrackAlertEvent(JSON.stringify(DELIVERED())))).toEqual(expected);
    expect(ok(parseTrackAlertEvent(Buffer.from(JSON.stringify(DELIVERED()))))).toEqual(expected);
  });

  it('maps every status type as a poll of the Tracking API does (one mapping for push and poll)', () => {
    const cases = [
      ['M', 'MP', 'LABEL_CREATED', 'pending'],
      ['MV', 'MV', 'CANCELLED', 'cancelled'],
      ['I', 'AR', 'ARRIVED', 'intransit'],
      ['I', 'DP', 'DEPARTED', 'intransit'],
      ['I', 'OT', 'OUT_FOR_DELIVERY', 'intransit'],
      ['D', 'FS', 'DELIVERED', 'delivered'],
      ['X', 'RD', 'EXCEPTION', 'exception'],
      ['U', 'SD', 'ARRIVED', 'intransit'],
    ] as const;
    for (const [type, code, ours, status] of cases) {
      const pushed = ok(parseTrackAlertEvent({ ...OUT_FOR_DELIVERY(), activityStatus: { type, code, description: 'Words' } }));
      const polled = parseUpsTrack(
        {
          trackResponse: {
            shipment: [
              {
                package: [
                  {
                    trackingNumber: '1Z204W4R0308071865',
                    activity: [
                      {
                        date: '20240423',
                        time: '091519',
                        gmtDate: '20240423',
                        gmtTime: '13:15:19',
                        location: { address: { city: 'Charlotte', stateProvince: 'NC', countryCode: 'US' } },
                        status: { type, code, description: 'Words' },
                      },
                    ],
                  },
                ],
              },
            ],
          },
        },
        '1Z204W4R0308071865',
      );
      expect([type, code, pushed.event]).toEqual([type, code, polled.events[0]]);
      expect([type, code, pushed.event.code, pushed.transitStatus]).toEqual([type, code, ours, status]);
    }
  });

  it('a real day of the years 0 to 99 is a calendar date (Date.UTC would read it as 1900 to 1999)', () => {
    expect(ok(parseTrackAlertEvent({ ...OUT_FOR_DELIVERY(), gmtActivityDate: '00010101', gmtActivityTime: '000000' })).event.occurredAt).toBe(
      '0001-01-01T00:00:00.000Z',
    );
    expect(ok(parseTrackAlertEvent({ ...OUT_FOR_DELIVERY(), gmtActivityDate: '00990228', gmtActivityTime: '235959' })).event.occurredAt).toBe(
      '0099-02-28T23:59:59.000Z',
    );
    expect(rejected(parseTrackAlertEvent({ ...OUT_FOR_DELIVERY(), gmtActivityDate: '00990229' })).reason).toMatch(/not a calendar date/);
  });

  it('without GMT date and time, the instant is the local date and time less the GMT offset; with neither it is refused', () => {
    const { gmtActivityDate: _d, gmtActivityTime: _t, ...local } = OUT_FOR_DELIVERY();
    expect(ok(parseTrackAlertEvent({ ...local, gmtOffset: '-04.00' })).event.occurredAt).toBe('2024-04-23T13:15:19.000Z');
    expect(ok(parseTrackAlertEvent({ ...local, localActivityTime: '013000', gmtOffset: '+05.30' })).event.occurredAt).toBe('2024-04-22T20:00:00.000Z');
    const error = rejected(parseTrackAlertEvent(local));
    expect(error.field).toBe('gmtActivityDate');
    expect(error.reason).toMatch(/neither gmtActivityDate and gmtActivityTime nor localActivityDate, localActivityTime and gmtOffset/);
  });

  it('fields the document says are blank until they apply may be empty; a location part breaking its pattern is left out', () => {
    const parsed = ok(
      parseTrackAlertEvent({
        ...OUT_FOR_DELIVERY(),
        actualDeliveryDate: '',
        actualDeliveryTime: '',
        activityLocation: { city: 'Montréal', stateProvince: 'Quebec', postalCode: '', country: 'CA' },
      }),
    );
    expect(parsed.event.location).toBe('Montréal, CA');
  });

  it('the idempotency key: the same event pushed again (or with local time and offset instead of GMT) has the same key; another code another', () => {
    const key = trackAlertEventKey(ok(parseTrackAlertEvent(OUT_FOR_DELIVERY())));
    expect(key).toBe('UPS|1Z204W4R0308071865|I/OT|2024-04-23T13:15:19.000Z');
    expect(trackAlertEventKey(ok(parseTrackAlertEvent(JSON.stringify(OUT_FOR_DELIVERY()))))).toBe(key);
    const { gmtActivityDate: _d, gmtActivityTime: _t, ...local } = OUT_FOR_DELIVERY();
    expect(trackAlertEventKey(ok(parseTrackAlertEvent({ ...local, gmtOffset: '-04.00' })))).toBe(key);
    expect(trackAlertEventKey(ok(parseTrackAlertEvent({ ...OUT_FOR_DELIVERY(), activityStatus: { type: 'I', code: 'DP' } })))).not.toBe(key);
    expect(trackAlertEventKey(ok(parseTrackAlertEvent({ ...OUT_FOR_DELIVERY(), gmtActivityTime: '131520' })))).not.toBe(key);
  });

  const SENTINEL = 'SENTINEL-7f3a';
  const deep = (levels: number): unknown => {
    let node: unknown = { end: SENTINEL };
    for (let i = 0; i < levels; i++) node = { a: node };
    return node;
  };
  const deepText = (levels: number) =>
    `{"trackingNumber":"1Z204W4R0308071865","activityStatus":{"type":"I"},"x":${'{"a":'.repeat(levels)}"${SENTINEL}"${'}'.repeat(levels)}}`;
  const { trackingNumber: _n, ...withoutNumber } = OUT_FOR_DELIVERY();
  const { activityStatus: _s, ...withoutStatus } = OUT_FOR_DELIVERY();

  it.each([
    ['a missing trackingNumber', () => ({ ...withoutNumber, note: SENTINEL }), 'trackingNumber', /expected string/],
    ['a trackingNumber off the pattern', () => ({ ...OUT_FOR_DELIVERY(), trackingNumber: `1Z${SENTINEL}` }), 'trackingNumber', /1Z or 1R/],
    ['a lower-case 1z number', () => ({ ...OUT_FOR_DELIVERY(), trackingNumber: '1z204w4r0308071865' }), 'trackingNumber', /1Z or 1R/],
    ['a missing activityStatus', () => withoutStatus, 'activityStatus', /expected object/],
    [
      'a status type the document does not list',
      () => ({ ...OUT_FOR_DELIVERY(), activityStatus: { type: 'P', code: 'XD' } }),
      'activityStatus.type',
      /Invalid option/,
    ],
    ['a date off the format', () => ({ ...OUT_FOR_DELIVERY(), gmtActivityDate: '2024-04-23' }), 'gmtActivityDate', /YYYYMMDD/],
    ['a month 13', () => ({ ...OUT_FOR_DELIVERY(), scheduledDeliveryDate: '20241301' }), 'scheduledDeliveryDate', /YYYYMMDD/],
    ['a day that does not exist', () => ({ ...OUT_FOR_DELIVERY(), gmtActivityDate: '20240230' }), 'gmtActivityDate', /not a calendar date/],
    ['an hour 24', () => ({ ...OUT_FOR_DELIVERY(), gmtActivityTime: '240000' }), 'gmtActivityTime', /HHMMSS/],
    ['an offset in the Tracking API format', () => ({ ...OUT_FOR_DELIVERY(), gmtOffset: '-04:00' }), 'gmtOffset', /HH\.MM/],
    ['a number where a string belongs', () => ({ ...OUT_FOR_DELIVERY(), gmtActivityDate: 20240423 }), 'gmtActivityDate', /expected string/],
    ['an array', () => [OUT_FOR_DELIVERY()], 'body', /expected object/],
    ['null', () => null, 'body', /expected object/],
    ['text that is not JSON', () => `{"trackingNumber": "${SENTINEL}"`, 'body', /is not JSON/],
    ['a 400 KB string (parsed)', () => ({ ...OUT_FOR_DELIVERY(), deliveryPhoto: SENTINEL + 'A'.repeat(400 * 1024) }), 'body', /larger than 65536 bytes/],
    [
      'a 400 KB string (raw)',
      () => JSON.stringify({ ...OUT_FOR_DELIVERY(), receivedBy: SENTINEL + 'A'.repeat(400 * 1024) }),
      'body',
      /larger than 65536 bytes/,
    ],
    ['5,000-deep nesting (parsed)', () => ({ ...OUT_FOR_DELIVERY(), activityLocation: deep(5_000) }), 'body', /nested deeper than 8 levels/],
    ['5,000-deep nesting (raw)', () => deepText(5_000), 'body', /nested deeper than 8 levels/],
    ['5,000-deep nesting of arrays (raw)', () => `[${'['.repeat(5_000)}${']'.repeat(5_000)}]`, 'body', /nested deeper than 8 levels/],
    [
      'a __proto__ key (raw)',
      () =>
        `{"__proto__":{"polluted":"${SENTINEL}"},"trackingNumber":"1Z204W4R0308071865","activityStatus":{"type":"I"},"gmtActivityDate":"20240423","gmtActivityTime":"131519"}`,
      'body',
      /has a key "__proto__"/,
    ],
    [
      'a __proto__ key (parsed)',
      () =>
        JSON.parse(
          `{"activityLocation":{"__proto__":{"polluted":"${SENTINEL}"}},"trackingNumber":"1Z204W4R0308071865","activityStatus":{"type":"I"}}`,
        ) as unknown,
      'body',
      /has a key "__proto__"/,
    ],
    [
      'a constructor key',
      () => ({ ...OUT_FOR_DELIVERY(), activityStatus: { type: 'I', constructor: { prototype: SENTINEL } } }),
      'body',
      /has a key "constructor"/,
    ],
    [
      'thousands of keys',
      () => ({ ...OUT_FOR_DELIVERY(), ...Object.fromEntries(Array.from({ length: 5_000 }, (_, i) => [`k${i}`, 1])) }),
      'body',
      /more than 1000 values/,
    ],
  ])('%s is a TrackAlertEventError naming the field, without the body', (_what, body, field, reason) => {
    const error = rejected(parseTrackAlertEvent(body()));
    expect(error.field).toBe(field);
    expect(error.reason).toMatch(reason);
    expect(error.message).not.toContain(SENTINEL);
    expect(error.message.length).toBeLessThan(300);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});

// ---------------------------------------------------------------------------
// Round trips through the local UPS mock (real HTTP, the connector's client).

const CLIENT = { clientId: 'track-alert-client-Q1', clientSecret: 'track-alert-SECRET-9z8y' };
const account: CarrierAccount = { carrierAccountId: 'acct-ta-1', carrierCode: 'UPS', accountNumber: 'A1B2C3', credentials: async () => ({ ...CLIENT }) };
const plan = upsPlan('acct-ta-1');
const montreal = {
  personName: 'Félix Tremblay',
  phoneNumber: '+1 514 555 0100',
  addressLine1: '1000 Rue De La Gauchetière O',
  city: 'Montréal',
  provinceCode: 'QC',
  postalCode: 'H3B 4W5',
  countryCode: 'CA',
};
const shipInput = (): ShipInput => ({
  reference: '3f2c9a7e-5b1d-4c8e-9f0a-1b2c3d4e5f60',
  request: rateRequest({ recipient: montreal }),
  plan,
  serviceCode: 'UPS_GROUND',
  shipTime: '2026-11-23T15:00:00.000Z',
});

let mock: UpsMock;
let clock: Date;
/** Headers of each API request the connector's client sent (its fetch, wrapped). */
const apiHeaders: Record<string, string>[] = [];
const saved = process.env.UPS_API_BASE_URL_TEST;
beforeEach(async () => {
  clock = new Date('2026-11-23T15:00:00.000Z');
  apiHeaders.length = 0;
  mock = await startUpsMock({ clients: [CLIENT], simulator: createUpsSimulator({ now: () => clock }) });
  process.env.UPS_API_BASE_URL_TEST = mock.apiUrl;
});
afterEach(async () => {
  await mock.close();
  if (saved === undefined) delete process.env.UPS_API_BASE_URL_TEST;
  else process.env.UPS_API_BASE_URL_TEST = saved;
});

const client = (): UpsApi =>
  createUpsApi(
    { mode: 'test', account },
    {
      tokens: createUpsTokenCache(),
      fetch: async (url, init) => {
        apiHeaders.push({ ...(init?.headers as Record<string, string>) });
        return globalThis.fetch(url, init);
      },
      sleep: async () => undefined,
    },
  );

const refusalOf = async (promise: Promise<unknown>): Promise<UpsTrackAlertRefusal> => {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(UpsTrackAlertRefusal);
  return error as UpsTrackAlertRefusal;
};

describe('subscribing through the local UPS mock', () => {
  it('subscribes the numbers for 14 days, with a transId unique per request and our transactionSrc', async () => {
    const api = client();
    const numbers = ['1ZCIETST0111111114', '1ZCIETST0422222228'];
    expect(await subscribeTrackAlert({ trackingNumbers: numbers, countryCode: 'US' }, api, signal())).toEqual({ valid: numbers, invalid: [] });
    clock = new Date('2026-11-24T15:00:00.000Z');
    await subscribeTrackAlert({ trackingNumbers: numbers.slice(0, 1), countryCode: 'US' }, api, signal());
    const renewed = mock.simulator.subscriptions.get(numbers[0]!)!;
    expect(renewed).toMatchObject({ type: 'standard', locale: 'en_US', countryCode: 'US', subscribedAt: '2026-11-24T15:00:00.000Z' });
    expect(renewed.expiresAt).toBe(trackAlertExpiresAt(new Date(renewed.subscribedAt)).toISOString());
    expect(Date.parse(renewed.expiresAt) - Date.parse(renewed.subscribedAt)).toBe(UPS_TRACK_ALERT_SUBSCRIPTION_DAYS * 86_400_000);
    expect(mock.seen.filter((s) => s.path === '/api/track/v2/subscription/standard/package').map((s) => s.authorized)).toEqual([true, true]);
    expect(apiHeaders.map((h) => h.transactionSrc)).toEqual([UPS_TRANSACTION_SOURCE, UPS_TRANSACTION_SOURCE]);
    expect(apiHeaders.every((h) => /^[0-9a-f]{32}$/.test(h.transId!))).toBe(true);
    expect(new Set(apiHeaders.map((h) => h.transId)).size).toBe(2);
  });

  it('partly: the numbers off the pattern come back invalid, the others are subscribed', async () => {
    const answer = await subscribeTrackAlert(
      { trackingNumbers: ['1ZCIETST0111111114', '1Z1234567$8', '1z204w4r0308071865'], countryCode: 'US' },
      client(),
      signal(),
    );
    expect(answer).toEqual({ valid: ['1ZCIETST0111111114'], invalid: ['1Z1234567$8', '1z204w4r0308071865'] });
    expect([...mock.simulator.subscriptions.keys()]).toEqual(['1ZCIETST0111111114']);
  });

  it('no valid number at all: VSS210, a refusal naming the invalid numbers', async () => {
    const refusal = await refusalOf(subscribeTrackAlert({ trackingNumbers: ['1Z1234567$8'], countryCode: 'US' }, client(), signal()));
    expect(refusal).toMatchObject({ code: 'VSS210', invalid: ['1Z1234567$8'] });
    expect(refusal.message).toMatch(/^VSS210: The Subscription request should have at least one valid tracking number/);
    expect(mock.simulator.subscriptions.size).toBe(0);
  });

  const valid = ['1ZCIETST0111111114'];
  it.each([
    ['VSS200', 'the list is missing', { locale: 'en_US', countryCode: 'US' }, []],
    [
      'VSS220',
      'over 100 numbers',
      { locale: 'en_US', countryCode: 'US', trackingNumberList: [...Array.from({ length: 101 }, (_, i) => `1Z999AA1${String(i).padStart(10, '0')}`)] },
      [],
    ],
    ['VSS300', 'the locale is missing', { countryCode: 'US', trackingNumberList: [...valid, '1Z1234567$8'] }, ['1Z1234567$8']],
    ['VSS310', 'a locale other than en_US', { locale: 'fr_CA', countryCode: 'US', trackingNumberList: valid }, []],
    ['VSS400', 'a bad country code', { locale: 'en_US', countryCode: 'usa', trackingNumberList: valid }, []],
    ['VSS110', 'an empty request', {}, []],
  ])("%s when %s: 400 in the document's error shape, a refusal with that code", async (code, _what, body, invalid) => {
    const api = client();
    const answer = await api.send({ method: 'POST', path: upsTrackAlertPath(), body, retryable: false }, signal());
    expect(answer.status).toBe(400);
    expectValid(validatorFor(DOC, responseSchemaName(DOC, PACKAGE, '400')), answer.body);
    expect(answer.body).toMatchObject({ invalidTrackingNumbers: invalid, response: { errors: [{ code }] } });
    expect(() => parseTrackAlertSubscription(answer)).toThrow(UpsTrackAlertRefusal);
    expect(mock.simulator.subscriptions.size).toBe(0);
  });

  it('a subscription type the document does not list is VSS930; a version other than v2 is not found', async () => {
    const api = client();
    const premium = await api.send(
      { method: 'POST', path: '/track/v2/subscription/premium/package', body: { locale: 'en_US', trackingNumberList: valid }, retryable: false },
      signal(),
    );
    expect(premium).toMatchObject({ status: 400, body: { response: { errors: [{ code: 'VSS930' }] } } });
    const v1 = await api.send(
      { method: 'POST', path: '/track/v1/subscription/standard/package', body: { locale: 'en_US', trackingNumberList: valid }, retryable: false },
      signal(),
    );
    expect(v1.status).toBe(404);
    expect(() => parseTrackAlertSubscription(v1)).toThrow(
      new CarrierError('UPS', 'UPS could not subscribe to Track Alert: 404: The requested resource was not found.'),
    );
  });

  it('requires the bearer token like every UPS route, and transId then transactionSrc (VSS002, VSS004)', async () => {
    const url = `${mock.apiUrl}/track/v2/subscription/standard/package`;
    const body = JSON.stringify({ locale: 'en_US', trackingNumberList: valid });
    const anonymous = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', transId: 'a'.repeat(32), transactionSrc: 'test' },
      body,
    });
    expect(anonymous.status).toBe(401);
    const token = (await (
      await fetch(`${mock.url}/security/v1/oauth/token`, {
        method: 'POST',
        headers: {
          authorization: `Basic ${Buffer.from(`${CLIENT.clientId}:${CLIENT.clientSecret}`).toString('base64')}`,
          'content-type': 'application/x-www-form-urlencoded',
        },
        body: 'grant_type=client_credentials',
      })
    ).json()) as { access_token: string };
    const headers = { authorization: `Bearer ${token.access_token}`, 'content-type': 'application/json' };
    const noTransId = await fetch(url, { method: 'POST', headers: { ...headers, transactionSrc: 'test' }, body });
    expect([noTransId.status, ((await noTransId.json()) as { response: { errors: { code: string }[] } }).response.errors[0]!.code]).toEqual([400, 'VSS002']);
    const noSource = await fetch(url, { method: 'POST', headers: { ...headers, transId: 'b'.repeat(32) }, body });
    expect([noSource.status, ((await noSource.json()) as { response: { errors: { code: string }[] } }).response.errors[0]!.code]).toEqual([400, 'VSS004']);
    expect(mock.simulator.subscriptions.size).toBe(0);
  });

  it("an aborted call stops with the signal's reason and sends nothing", async () => {
    const controller = new AbortController();
    controller.abort(new Error('caller gave up'));
    await expect(subscribeTrackAlert({ trackingNumbers: valid, countryCode: 'US' }, client(), controller.signal)).rejects.toThrow('caller gave up');
    expect(mock.seen).toEqual([]);
  });
});

// ---------------------------------------------------------------------------
// Pushes: UPS's side (pushTrackAlert) to a receiver that authenticates them as the document says.

type Receiver = { url: string; tokenUrl: string; events: TrackAlertEvent[]; rejections: string[]; tokenRequests: number; close(): Promise<void> };

const readAll = async (req: IncomingMessage): Promise<string> => {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
};

/** A subscriber: a client-credentials token endpoint, and an event endpoint that wants its bearer, x-api-key and UPS's User-Agent. */
async function startReceiver(options: { hangToken?: boolean } = {}): Promise<Receiver> {
  const issued = new Set<string>();
  const state = { events: [] as TrackAlertEvent[], rejections: [] as string[], tokenRequests: 0 };
  const server: Server = createServer((req, res) => {
    void (async () => {
      const body = await readAll(req);
      const reply = (status: number, answer: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(answer));
      };
      if (req.url === '/oauth/token') {
        state.tokenRequests++;
        if (options.hangToken) return; // never answers
        const basic = /^Basic (.+)$/.exec(req.headers.authorization ?? '')?.[1];
        const [id, secret] = basic
          ? Buffer.from(basic, 'base64')
              .toString('utf8')
              .split(':')
              .map((p) => decodeURIComponent(p.replace(/\+/g, ' ')))
          : [];
        if (id !== CLIENT.clientId || secret !== CLIENT.clientSecret || new URLSearchParams(body).get('grant_type') !== 'client_credentials')
          return reply(401, { error: 'invalid_client' });
        const token = `tok-${issued.size + 1}-${Math.random().toString(36).slice(2)}`;
        issued.add(token);
        return reply(200, { access_token: token, token_type: 'Bearer', expires_in: 3600 });
      }
      if (req.url === '/ups/track-alert') {
        const bearer = /^Bearer (\S+)$/.exec(req.headers.authorization ?? '')?.[1];
        if (!bearer || !issued.has(bearer) || req.headers['x-api-key'] !== CLIENT.clientId || req.headers['user-agent'] !== 'UPSPubSubTrackingService') {
          state.rejections.push('unauthenticated');
          return reply(401, {});
        }
        const parsed = parseTrackAlertEvent(body);
        if (!parsed.ok) {
          state.rejections.push(parsed.error.message);
          return reply(400, { error: parsed.error.message });
        }
        state.events.push(parsed.value);
        return reply(200, {});
      }
      reply(404, {});
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url: `${base}/ups/track-alert`,
    tokenUrl: `${base}/oauth/token`,
    get events() {
      return state.events;
    },
    get rejections() {
      return state.rejections;
    },
    get tokenRequests() {
      return state.tokenRequests;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

describe('pushing through the local UPS mock', () => {
  const receivers: Receiver[] = [];
  const receiverOf = async (options: { hangToken?: boolean } = {}) => {
    const started = await startReceiver(options);
    receivers.push(started);
    return started;
  };
  afterEach(async () => {
    await Promise.all(receivers.splice(0).map((r) => r.close()));
  });

  it('a push and a poll of the same package agree: same instants, statuses, places and words, delivered at the end', async () => {
    const receiver = await receiverOf();
    const api = client();
    const shipment = await upsShip(shipInput(), api, signal());
    const n = shipment.trackingNumber;
    expect(mock.simulator.trackAlertEvents(n)).toEqual([]); // not subscribed: UPS pushes nothing
    expect(await subscribeTrackAlert({ trackingNumbers: [n], countryCode: 'CA' }, api, signal())).toEqual({ valid: [n], invalid: [] });
    for (let i = 0; i < 4; i++) mock.simulator.advance(n);

    const bodies = mock.simulator.trackAlertEvents(n);
    expect(bodies).toHaveLength(5);
    for (const body of bodies) {
      expectValid(eventValidator(), body);
      expect(await pushTrackAlert({ url: receiver.url, tokenUrl: receiver.tokenUrl, ...CLIENT }, body)).toEqual({ status: 200, body: '{}' });
    }
    expect(receiver.rejections).toEqual([]);
    expect(receiver.tokenRequests).toBe(5);

    const pushed = [...receiver.events].map((e) => e.event).sort((a, b) => b.occurredAt.localeCompare(a.occurredAt));
    const polled = await upsTrack({ reference: 'r', trackingNumber: n, shipmentId: shipment.shipmentId }, api, signal());
    const comparable = (e: { status: string; occurredAt: string; location?: string; description: string }) => ({
      status: e.status,
      occurredAt: e.occurredAt,
      location: e.location,
      words: e.description.replace(/ \(UPS [^)]*\)$/, ''),
    });
    expect(pushed.map(comparable)).toEqual(polled.events.map(comparable));
    // Track Alert has no pickup type: the pickup scan is pushed as I, which the mapping reads as arrived.
    expect(pushed.map((e) => e.code)).toEqual(polled.events.map((e) => (e.code === 'PICKED_UP' ? 'ARRIVED' : e.code)));
    expect(receiver.events.at(-1)!.transitStatus).toBe(polled.transitStatus);
    expect(polled.transitStatus).toBe('delivered');
    expect(new Set(receiver.events.map(trackAlertEventKey)).size).toBe(5);
  });

  it('the same event pushed twice has one idempotency key', async () => {
    const receiver = await receiverOf();
    const api = client();
    const { trackingNumber: n } = await upsShip(shipInput(), api, signal());
    await subscribeTrackAlert({ trackingNumbers: [n], countryCode: 'CA' }, api, signal());
    const [created] = mock.simulator.trackAlertEvents(n);
    await pushTrackAlert({ url: receiver.url, tokenUrl: receiver.tokenUrl, ...CLIENT }, created);
    await pushTrackAlert({ url: receiver.url, tokenUrl: receiver.tokenUrl, ...CLIENT }, created);
    expect(receiver.events.map(trackAlertEventKey)).toEqual([trackAlertEventKey(receiver.events[0]!), trackAlertEventKey(receiver.events[0]!)]);
    expect(receiver.events[0]!.event).toMatchObject({ code: 'LABEL_CREATED', status: 'pending' });
  });

  it('after 14 days UPS pushes nothing more for the package', async () => {
    const api = client();
    const { trackingNumber: n } = await upsShip(shipInput(), api, signal());
    await subscribeTrackAlert({ trackingNumbers: [n], countryCode: 'CA' }, api, signal());
    clock = new Date(clock.getTime() + UPS_TRACK_ALERT_SUBSCRIPTION_DAYS * 86_400_000 - 1);
    expect(mock.simulator.trackAlertEvents(n)).toHaveLength(1);
    clock = new Date(clock.getTime() + 1);
    expect(mock.simulator.trackAlertEvents(n)).toEqual([]);
  });

  it('credentials the token URL refuses: the push fails without the secret in the message, and no event is sent', async () => {
    const receiver = await receiverOf();
    const error = await pushTrackAlert(
      { url: receiver.url, tokenUrl: receiver.tokenUrl, clientId: CLIENT.clientId, clientSecret: 'wrong-SECRET-value-42' },
      DELIVERED(),
    ).catch((e: unknown) => e as Error);
    expect(error).toBeInstanceOf(Error);
    expect((error as Error).message).toMatch(/refused the client credentials \(HTTP 401\)/);
    expect((error as Error).message).not.toContain('wrong-SECRET-value-42');
    expect(receiver.events).toEqual([]);
    expect(receiver.rejections).toEqual([]);
  });

  it('a token URL that never answers: the push gives up at its timeout', async () => {
    const receiver = await receiverOf({ hangToken: true });
    const started = Date.now();
    await expect(pushTrackAlert({ url: receiver.url, tokenUrl: receiver.tokenUrl, ...CLIENT }, DELIVERED(), { timeoutMs: 200 })).rejects.toThrow(
      /timeout|aborted/i,
    );
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(receiver.events).toEqual([]);
  });

  it('a secret with characters outside the URL-safe set is form-encoded, as client_secret_basic wants', async () => {
    const fetched: { url: string; authorization: string }[] = [];
    const recording: typeof fetch = async (url, init) => {
      fetched.push({ url: url instanceof Request ? url.url : url.toString(), authorization: String((init?.headers as Record<string, string>).authorization) });
      return new Response(JSON.stringify({ access_token: 't', token_type: 'Bearer' }), { status: 200 });
    };
    await pushTrackAlert({ url: 'http://127.0.0.1:1/events', tokenUrl: 'http://127.0.0.1:1/token', clientId: 'id:1', clientSecret: 's p&c%' }, DELIVERED(), {
      fetch: recording,
    });
    expect(Buffer.from(fetched[0]!.authorization.replace('Basic ', ''), 'base64').toString()).toBe('id%3A1:s+p%26c%25');
    expect(fetched[1]).toEqual({ url: 'http://127.0.0.1:1/events', authorization: 'Bearer t' });
  });
});
