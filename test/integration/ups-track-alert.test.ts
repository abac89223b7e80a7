/**
 * Push before poll: a UPS order subscribes to Track Alert at ship time, and
 * the events UPS pushes (played by the UPS mock's `pushTrackAlert`, through
 * the generic push routes, UPS's token URL and event URL
 * `/v1/carriers/ups/push/token|events`, served over HTTP by the local
 * runtime's gateway) reach GET /track, the status e-mail and a webhook delivery with
 * no tracking poll of UPS. The inbound routes refuse every other caller with
 * a 4xx, never a 5xx, and no secret or token reaches a log line or an answer.
 * DynamoDB Local, the UPS simulator served from UPS's documents.
 */
import { randomUUID } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { marshall } from '@aws-sdk/util-dynamodb';
import fc from 'fast-check';
import type { Context, DynamoDBRecord } from 'aws-lambda';
import { createNotifyHandler } from '../../functions/notify/handler';
import { createRateHandler } from '../../functions/rate/handler';
import { createShipHandler } from '../../functions/ship/handler';
import { createTrackHandler } from '../../functions/track/handler';
import { createCarrierPushEventsHandler } from '../../functions/carrier-push-events/handler';
import { createCarrierPushTokenHandler } from '../../functions/carrier-push-token/handler';
import { createApiServer, manifestRoutes } from '../../local/api-gateway';
import { executeAdminCommand, parseAdminCommand } from '../../admin/cli';
import { pushTrackAlert } from '../../local/ups/mock-server';
import { createUpsSimulator, type UpsSimulator } from '../../local/ups/simulator';
import { createCarrierRegistry, type CarrierRegistry } from '../../shared/carriers/registry';
import { createSandboxTransports } from '../../shared/carriers/sandbox/network';
import type { CarrierCallOptions } from '../../shared/domain/carrier';
import type { UpsApi, UpsRequest } from '../../shared/carriers/ups/api';
import { createOutboxSender, listOutbox } from '../../shared/notify/outbox';
import { runtimeWith } from '../../shared/process-runtime';
import { createTrackingWorker } from '../../shared/services/tracking/check';
import { createPushApplier } from '../../shared/services/tracking/push';
import { createWebhookDeliveryService } from '../../shared/services/webhook-delivery';
import { createWebhookRegistration } from '../../shared/services/webhook-registration';
import { getCarrierAccount } from '../../shared/store/carrier-accounts';
import { MAX_EVENT_DESCRIPTION, MAX_EVENT_LOCATION } from '../../shared/domain/tracking';
import { keys } from '../../shared/store/keys';
import { getOrder } from '../../shared/store/orders';
import { queryItems } from '../../shared/store/table-ops';
import { orderOfTrackingNumber } from '../../shared/store/tracking-schedule';
import { latestDeliveries } from '../../shared/store/webhooks';
import { useDeliveryQueue } from '../../shared/webhooks/queue';
import { callHandler, proxyEvent, type Handler } from '../support/lambda';
import { sampleRateBody } from '../support/rate-body';
import { useFreshStack } from '../support/stack';

// Shipping with UPS's documents validated, and a subscription left to time out: slower than the default 5 s on a busy machine.
jest.setTimeout(30_000);

const stack = useFreshStack();

type Client = { carrierAccountId: string; clientId: string; clientSecret: string };
let dataDir: string;
let outbox: string;
let accountA: Client;
let accountB: Client;
let apiKey: string;
let companyId: string;
let hangSubscription = false;
const hung: UpsRequest[] = [];
/** Why each hung subscription was given up: its signal's reason. */
const givenUp: string[] = [];
let server: Server;
let base: string;
let clock = () => new Date();
const captured: string[] = [];
const answers: string[] = [];

/** The UPS connector's client replaced by the simulator; a subscription can be made to hang until its signal fires. */
const registry = (): CarrierRegistry =>
  createCarrierRegistry(createSandboxTransports({}), {
    clientFor: async (_connector, options: CarrierCallOptions): Promise<UpsApi> => ({
      mode: options.mode ?? 'live',
      send: async (request: UpsRequest, signal?: AbortSignal) => {
        if (hangSubscription && request.path.includes('/subscription/')) {
          hung.push(request);
          await new Promise((_, reject) =>
            signal?.addEventListener(
              'abort',
              () => {
                givenUp.push(String((signal.reason as Error)?.message ?? signal.reason));
                reject(signal.reason as Error);
              },
              { once: true },
            ),
          );
        }
        return JSON.parse(JSON.stringify(simulator.send(JSON.parse(JSON.stringify(request)) as UpsRequest))) as { status: number; body: unknown };
      },
    }),
  });

type Json = {
  data?: Record<string, unknown> & { rates?: Array<{ rateResponseId: string; carrier: { code: string }; service: { code: string } }> };
  error?: { code: string };
};
const post = (handler: Handler, route: string, body: unknown, pathParameters: Record<string, string> | null = null) =>
  callHandler<Json>(handler, proxyEvent({ method: 'POST', path: route, key: apiKey, body, pathParameters, contentType: true }));

const addAccount = async (io: { readStdin: () => Promise<Buffer> }, number: string): Promise<Client> => {
  const file = path.join(dataDir, `ups-${number}.json`);
  writeFileSync(file, JSON.stringify({ clientId: `it-${number}`, clientSecret: `it-secret-${number}` }), { mode: 0o600 });
  const { carrierAccountId } = (await executeAdminCommand(
    parseAdminCommand(['carrier-account', 'add', '--carrier', 'UPS', '--account-number', number, '--credentials-file', file]),
    undefined,
    io,
  )) as { carrierAccountId: string };
  const issued = (await executeAdminCommand(parseAdminCommand(['carrier-account', 'push-credentials', '--id', carrierAccountId]), undefined, io)) as Client & {
    tokenPath: string;
  };
  expect(issued).toMatchObject({ tokenPath: '/v1/carriers/ups/push/token', eventPath: '/v1/carriers/ups/push/events' });
  return { carrierAccountId, clientId: issued.clientId, clientSecret: issued.clientSecret };
};

const original = { stdout: process.stdout.write.bind(process.stdout), stderr: process.stderr.write.bind(process.stderr) };

beforeAll(async () => {
  // The functions' log lines, searched for secrets below (tests run silent otherwise).
  process.env.LOG_LEVEL = 'INFO';
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'ups-track-alert-'));
  outbox = path.join(dataDir, 'outbox');
  process.env.CARRIER_SECRETS_DIR = path.join(dataDir, 'secrets');
  const io = { readStdin: () => Promise.reject(new Error('no stdin')) };
  accountA = await addAccount(io, 'A1B2C3');
  accountB = await addAccount(io, 'D4E5F6');
  await executeAdminCommand(
    parseAdminCommand(['pricing-group', 'set-plan', '--group', 'default', '--carrier', 'UPS', '--carrier-account', accountA.carrierAccountId]),
    undefined,
    io,
  );
  ({
    apiKey,
    company: { companyId },
  } = await stack.createCompanyWithKey({ pricingGroupId: 'default' }));

  const handlers: Record<string, unknown> = {
    'carrier-push-token': createCarrierPushTokenHandler(registry(), { clock: () => clock() }),
    'carrier-push-events': createCarrierPushEventsHandler(registry(), { clock: () => clock() }),
  };
  const routes = manifestRoutes().filter((r) => handlers[r.name]);
  server = createApiServer({ routes, loadHandler: (route) => handlers[route.name] as never });
  server.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  // Every log line of the functions, for the leak search.
  for (const stream of ['stdout', 'stderr'] as const) {
    process[stream].write = (chunk: string | Uint8Array) => {
      captured.push(String(chunk));
      return true;
    };
  }
});
afterAll(async () => {
  process.stdout.write = original.stdout;
  process.stderr.write = original.stderr;
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
  delete process.env.CARRIER_SECRETS_DIR;
  delete process.env.LOG_LEVEL;
  useDeliveryQueue(undefined);
  rmSync(dataDir, { recursive: true, force: true });
});
// One simulator for the file: its tracking numbers start over in a new one, and a number points at one order only.
const simulator: UpsSimulator = createUpsSimulator();
beforeEach(() => {
  hangSubscription = false;
  clock = () => new Date();
});

const target = (client: Client) => ({
  url: `${base}/v1/carriers/ups/push/events`,
  tokenUrl: `${base}/v1/carriers/ups/push/token`,
  clientId: client.clientId,
  clientSecret: client.clientSecret,
});
const push = async (client: Client, body: unknown) => {
  const answer = await pushTrackAlert(target(client), body);
  answers.push(answer.body);
  return answer;
};

const shipUps = async (notification?: { email: string; statuses: string[] }) => {
  const body = sampleRateBody();
  if (notification) body.shippingNotificationOptions = { shippingNotificationEmail: notification.email, shippingNotificationStatuses: notification.statuses };
  const rated = await post(createRateHandler(registry()), '/v1/rate', body);
  expect(rated.status).toBe(200);
  const ground = rated.json.data!.rates!.find((r) => r.carrier.code === 'UPS' && r.service.code === 'UPS_GROUND')!;
  const shipped = await post(createShipHandler(registry()), `/v1/ship/${ground.rateResponseId}`, {}, { rateResponseId: ground.rateResponseId });
  expect(shipped.status).toBe(200);
  return { orderId: String(shipped.json.data!.orderId), trackingNumber: String(shipped.json.data!.trackingNumber) };
};

const polls = (trackingNumber: string) => simulator.received.filter((r) => r.path.startsWith('/track/v1/details/') && r.path.includes(trackingNumber));

/** The order item as a stream image (binary attributes base64, as in a Lambda event). */
const imageOf = async (orderId: string) => {
  const item = (await queryItems(keys.order(orderId).pk)).find((i) => i.sk === keys.order(orderId).sk)!;
  return JSON.parse(
    JSON.stringify(marshall({ ...item, requestGzip: gzipSync('{"shipper":{}}') }, { removeUndefinedValues: true }), (_key, value) =>
      value && value.type === 'Buffer' && Array.isArray(value.data) ? Buffer.from(value.data).toString('base64') : value,
    ),
  );
};
const modify = (orderId: string, oldImage: unknown, newImage: unknown): DynamoDBRecord =>
  ({
    eventID: randomUUID().replace(/-/g, ''),
    eventName: 'MODIFY',
    eventSource: 'aws:dynamodb',
    dynamodb: {
      ApproximateCreationDateTime: Math.floor(Date.now() / 1000),
      Keys: { pk: { S: keys.order(orderId).pk }, sk: { S: keys.order(orderId).sk } },
      OldImage: oldImage,
      NewImage: newImage,
      SequenceNumber: String(Date.now()),
      StreamViewType: 'NEW_AND_OLD_IMAGES',
    },
  }) as unknown as DynamoDBRecord;

describe('push before poll', () => {
  it('a pushed UPS event reaches GET /track, the e-mail and the webhook without a poll; the same events pushed again write nothing', async () => {
    const queued: unknown[] = [];
    useDeliveryQueue({ send: async (messages) => void queued.push(...messages) });
    const endpoint = await createWebhookRegistration({ policy: { allowHttp: true, allowPrivate: true } }).create(companyId, {
      url: 'http://127.0.0.1:9/hook',
      events: ['tracking.updated'],
    });

    const { orderId, trackingNumber } = await shipUps({ email: 'buyer@example.com', statuses: ['intransit'] });
    expect(simulator.subscriptions.get(trackingNumber)).toBeDefined();
    expect(await orderOfTrackingNumber('UPS', trackingNumber)).toBe(orderId);
    const shipped = await getOrder(orderId);
    expect(Date.parse(shipped!.schedule!.pushedUntil!)).toBeGreaterThan(Date.now() + 13 * 86_400_000);
    // Subscribed, but no push has shown yet that UPS reaches us: still polled at the pending cadence (2 h).
    expect(shipped!.schedule!.pushSeenAt).toBeUndefined();
    expect(Date.parse(shipped!.schedule!.dueAt!)).toBeLessThan(Date.now() + 3 * 3_600_000);

    const before = await imageOf(orderId);
    simulator.advance(trackingNumber);
    simulator.advance(trackingNumber);
    const bodies = simulator.trackAlertEvents(trackingNumber);
    expect(bodies.length).toBeGreaterThanOrEqual(2);
    for (const body of bodies) expect((await push(accountA, body)).status).toBe(200);
    const pushed = await getOrder(orderId);
    expect(pushed!.order.status).toBe('intransit');
    // The first push shows UPS reaches us: from now on only a safety poll at the pushed cadence (8 h).
    expect(pushed!.schedule!.pushSeenAt).toBeDefined();
    expect(Date.parse(pushed!.schedule!.dueAt!)).toBeGreaterThan(Date.now() + 7 * 3_600_000);

    for (const body of bodies) expect((await push(accountA, body)).status).toBe(200);
    expect((await getOrder(orderId))!.order.version).toBe(pushed!.order.version);

    const tracked = await callHandler<{ data: { transitStatus: string; events: Array<{ code: string }> } }>(
      createTrackHandler(registry()),
      proxyEvent({ method: 'GET', path: `/v1/track/${orderId}`, key: apiKey, pathParameters: { orderId } }),
    );
    expect(tracked.status).toBe(200);
    expect(tracked.json.data.transitStatus).toBe('intransit');
    expect(tracked.json.data.events.length).toBe(pushed!.order.events.length);
    expect(polls(trackingNumber)).toEqual([]);

    const after = await imageOf(orderId);
    const notify = createNotifyHandler({ sender: createOutboxSender(outbox) });
    expect((await notify({ Records: [modify(orderId, before, after)] }, {} as Context)).batchItemFailures).toEqual([]);
    expect(
      listOutbox(outbox)
        .filter((m) => m.orderId === orderId)
        .map((m) => m.status),
    ).toEqual(['intransit']);

    const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined };
    const webhookEvents = createWebhookDeliveryService({ logger: quiet, policy: { allowHttp: true, allowPrivate: true }, schedule: [1], timeoutMs: 1000 });
    expect(await webhookEvents.handleStreamRecord(modify(orderId, before, after))).toBe(1);
    expect(await latestDeliveries(companyId, endpoint.id, 10)).toHaveLength(1);
  });

  it('a subscription that does not answer in time leaves the order polled, and the ship answers', async () => {
    hangSubscription = true;
    givenUp.length = 0;
    const started = Date.now();
    const { orderId, trackingNumber } = await shipUps();
    // The subscription was sent, and given up by our timeout, PUSH_SUBSCRIBE_TIMEOUT_MS (2 s): nothing else ends it.
    // How long the ship took beyond that is the machine's load, not the code's: no upper bound on the clock.
    expect(hung.filter((r) => JSON.stringify(r.body).includes(trackingNumber))).toHaveLength(1);
    expect(givenUp).toEqual(['UPS did not answer within 2000 ms']);
    expect(Date.now() - started).toBeGreaterThanOrEqual(2_000);
    const stored = await getOrder(orderId);
    expect(stored!.schedule!.pushedUntil).toBeUndefined();
    expect(Date.parse(stored!.schedule!.dueAt!)).toBeLessThan(Date.now() + 3 * 3_600_000);
  });

  it('the tracking worker renews a subscription that would end before its next safety check, and not one that would not', async () => {
    const { orderId, trackingNumber } = await shipUps();
    // A first push puts the order on the pushed cadence.
    simulator.advance(trackingNumber);
    for (const body of simulator.trackAlertEvents(trackingNumber)) expect((await push(accountA, body)).status).toBe(200);
    const first = (await getOrder(orderId))!.schedule!;
    expect(first.pushSeenAt).toBeDefined();
    const subscriptions = () => simulator.received.filter((r) => r.path.includes('/subscription/') && JSON.stringify(r.body).includes(trackingNumber)).length;
    expect(subscriptions()).toBe(1);
    const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined };

    const early = new Date(Date.parse(first.dueAt!) + 1000);
    expect(
      await createTrackingWorker({ registry: registry(), logger: quiet, ...runtimeWith({ clock: () => early }) }).checkQueued({ orderId, dueAt: first.dueAt! }),
    ).toMatch(/changed/);
    const checked = (await getOrder(orderId))!.schedule!;
    expect([subscriptions(), checked.pushedUntil]).toEqual([1, first.pushedUntil]);

    const late = new Date(Date.parse(first.pushedUntil!) - 3_600_000);
    expect(
      await createTrackingWorker({ registry: registry(), logger: quiet, ...runtimeWith({ clock: () => late }) }).checkQueued({
        orderId,
        dueAt: checked.dueAt!,
      }),
    ).toMatch(/changed/);
    const renewed = (await getOrder(orderId))!.schedule!;
    expect(subscriptions()).toBe(2);
    expect(renewed.pushedUntil).toBe(new Date(late.getTime() + 14 * 86_400_000).toISOString());
    expect(Date.parse(renewed.dueAt!)).toBeGreaterThanOrEqual(late.getTime() + 8 * 3_600_000);
  });

  it('an order of an account without push credentials is not subscribed and stays polled', async () => {
    const io = { readStdin: () => Promise.reject(new Error('no stdin')) };
    const file = path.join(dataDir, 'ups-plain.json');
    writeFileSync(file, JSON.stringify({ clientId: 'it-plain', clientSecret: 'it-secret-plain' }), { mode: 0o600 });
    const { carrierAccountId } = (await executeAdminCommand(
      parseAdminCommand(['carrier-account', 'add', '--carrier', 'UPS', '--account-number', 'G7H8J9', '--credentials-file', file]),
      undefined,
      io,
    )) as {
      carrierAccountId: string;
    };
    const setPlan = (id: string) =>
      executeAdminCommand(parseAdminCommand(['pricing-group', 'set-plan', '--group', 'default', '--carrier', 'UPS', '--carrier-account', id]), undefined, io);
    await setPlan(carrierAccountId);
    try {
      const { orderId, trackingNumber } = await shipUps();
      expect(simulator.received.some((r) => r.path.includes('/subscription/') && JSON.stringify(r.body).includes(trackingNumber))).toBe(false);
      expect(await orderOfTrackingNumber('UPS', trackingNumber)).toBeUndefined();
      expect((await getOrder(orderId))!.schedule!.pushedUntil).toBeUndefined();
    } finally {
      await setPlan(accountA.carrierAccountId);
    }
  });

  it('long event text is cut to what an order keeps: ten pushes of 55 KB descriptions all land, and the order stays small', async () => {
    const { orderId, trackingNumber } = await shipUps();
    const at = (i: number) => ({
      gmtActivityDate: '20261124',
      gmtActivityTime: `10${String(i).padStart(2, '0')}00`,
      localActivityDate: '20261124',
      localActivityTime: `10${String(i).padStart(2, '0')}00`,
      gmtOffset: '+00.00',
    });
    for (let i = 0; i < 10; i += 1) {
      const body = {
        trackingNumber,
        ...at(i),
        activityStatus: { type: 'I', code: 'DP', description: `${i} ${'d'.repeat(55_000)}` },
        activityLocation: { city: 'C'.repeat(5_000) },
      };
      expect((await push(accountA, body)).status).toBe(200);
    }
    const { order } = (await getOrder(orderId))!;
    expect(order.events.length).toBeGreaterThanOrEqual(10);
    for (const event of order.events) {
      expect(event.description.length).toBeLessThanOrEqual(MAX_EVENT_DESCRIPTION);
      expect((event.location ?? '').length).toBeLessThanOrEqual(MAX_EVENT_LOCATION);
    }
    expect(order.events.find((e) => e.description.startsWith('9 '))!.description.endsWith('…')).toBe(true);
    expect(JSON.stringify(await stack.scanAll()).length).toBeLessThan(2_000_000);
  });

  it('the same event pushed 20 times at once is written once, and only one push reports the change', async () => {
    const { orderId } = await shipUps();
    const tracking = createPushApplier({ logger: { info: () => undefined, warn: () => undefined, error: () => undefined }, ...runtimeWith() });
    const before = (await getOrder(orderId))!.order;
    const report = {
      transitStatus: 'intransit' as const,
      events: [{ status: 'intransit' as const, code: 'DEPARTED' as const, description: 'Departed from Facility', occurredAt: new Date().toISOString() }],
    };
    const outcomes = await Promise.all(Array.from({ length: 20 }, () => tracking.applyPushed(orderId, report)));
    expect(outcomes.filter((o) => o === 'changed')).toHaveLength(1);
    expect(outcomes.filter((o) => o !== 'changed')).toEqual(Array(19).fill('unchanged'));
    const after = (await getOrder(orderId))!.order;
    expect(after.status).toBe('intransit');
    expect(after.version).toBe(before.version + 1);
  });

  it('a delivery pushed as dated year 0000 or 1999 is answered 200 and not kept: the order stays as it was', async () => {
    const { orderId, trackingNumber } = await shipUps();
    const before = (await getOrder(orderId))!.order;
    for (const day of ['00000101', '19991231']) {
      const at = { gmtActivityDate: day, gmtActivityTime: '101500', localActivityDate: day, localActivityTime: '101500', gmtOffset: '+00.00' };
      expect((await push(accountA, { trackingNumber, ...at, activityStatus: { type: 'D', code: 'FS', description: 'Delivered' } })).status).toBe(200);
    }
    const after = (await getOrder(orderId))!.order;
    expect({ version: after.version, status: after.status, events: after.events }).toEqual({
      version: before.version,
      status: before.status,
      events: before.events,
    });
  });

  it('an event for an unknown tracking number is answered 200 and changes nothing', async () => {
    const body = {
      trackingNumber: '1Z999AA10000000001',
      localActivityDate: '20261124',
      localActivityTime: '101500',
      activityStatus: { type: 'I', code: 'DP', description: 'Departed' },
      gmtActivityDate: '20261124',
      gmtActivityTime: '151500',
      gmtOffset: '+00.00',
    };
    expect((await push(accountA, body)).status).toBe(200);
  });
});

describe('the inbound routes refuse every other caller with a 4xx', () => {
  let order: { orderId: string; trackingNumber: string };
  let event: unknown;
  beforeAll(async () => {
    order = await shipUps();
    simulator.advance(order.trackingNumber);
    event = simulator.trackAlertEvents(order.trackingNumber).at(-1);
    expect(event).toBeDefined();
  });

  const tokenOf = async (client: Client) => {
    const response = await fetch(`${base}/v1/carriers/ups/push/token`, {
      method: 'POST',
      headers: {
        authorization: `Basic ${Buffer.from(`${client.clientId}:${client.clientSecret}`).toString('base64')}`,
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: 'grant_type=client_credentials',
    });
    // The token URL's own answer is the one place a token belongs: not searched.
    return ((await response.json()) as { access_token: string }).access_token;
  };
  const sendEvent = async (headers: Record<string, string>, body: string) => {
    const response = await fetch(`${base}/v1/carriers/ups/push/events`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'user-agent': 'UPSPubSubTrackingService', ...headers },
      body,
    });
    const text = await response.text();
    answers.push(text);
    return { status: response.status, text, headers: response.headers };
  };

  it('the token URL: a wrong secret or an unknown client is 401 invalid_client with WWW-Authenticate; another grant is 400 unsupported_grant_type', async () => {
    const basic = (id: string, secret: string) => `Basic ${Buffer.from(`${id}:${secret}`).toString('base64')}`;
    const ask = (authorization: string | undefined, body = 'grant_type=client_credentials') =>
      fetch(`${base}/v1/carriers/ups/push/token`, {
        method: 'POST',
        headers: { ...(authorization ? { authorization } : {}), 'content-type': 'application/x-www-form-urlencoded' },
        body,
      });
    for (const authorization of [
      basic(accountA.clientId, 'wrong'),
      basic(`${randomUUID()}.00000000`, accountA.clientSecret),
      basic(accountA.clientId, accountB.clientSecret),
      undefined,
    ]) {
      const response = await ask(authorization);
      expect(response.status).toBe(401);
      expect(response.headers.get('www-authenticate')).toMatch(/^Basic /);
      expect(await response.json()).toMatchObject({ error: 'invalid_client' });
    }
    const password = await ask(basic(accountA.clientId, accountA.clientSecret), 'grant_type=password&username=u&password=p');
    expect(password.status).toBe(400);
    expect(await password.json()).toMatchObject({ error: 'unsupported_grant_type' });
  });

  it("the event URL: no token, a forged or expired token, a wrong x-api-key or another account's token is refused", async () => {
    const body = JSON.stringify(event);
    const token = await tokenOf(accountA);
    expect((await sendEvent({}, body)).status).toBe(401);
    expect((await sendEvent({ authorization: `Bearer ${token}` }, body)).status).toBe(401);
    expect((await sendEvent({ authorization: `Bearer ${token}`, 'x-api-key': accountB.clientId }, body)).status).toBe(401);
    const forged = `${token.slice(0, -4)}AAAA`;
    expect((await sendEvent({ authorization: `Bearer ${forged}`, 'x-api-key': accountA.clientId }, body)).status).toBe(401);
    clock = () => new Date(Date.now() + 3_600_000);
    const expired = await sendEvent({ authorization: `Bearer ${token}`, 'x-api-key': accountA.clientId }, body);
    expect(expired.status).toBe(401);
    expect(expired.headers.get('www-authenticate')).toMatch(/^Bearer /);
    clock = () => new Date();
    const other = await tokenOf(accountB);
    const before = (await getOrder(order.orderId))!.order.version;
    const foreign = await sendEvent({ authorization: `Bearer ${other}`, 'x-api-key': accountB.clientId }, body);
    expect([foreign.status, foreign.text]).toEqual([403, expect.stringContaining('FORBIDDEN')]);
    expect((await getOrder(order.orderId))!.order.version).toBe(before);
    expect((await sendEvent({ authorization: `Bearer ${token}`, 'x-api-key': accountA.clientId }, body)).status).toBe(200);
  });

  it('never a 5xx: any body, any JSON, any shape of a TrackingEventRequest (property)', async () => {
    const token = await tokenOf(accountA);
    const headers = { authorization: `Bearer ${token}`, 'x-api-key': accountA.clientId };
    const eventLike = fc.record(
      {
        trackingNumber: fc.oneof(fc.constant(order.trackingNumber), fc.string({ maxLength: 40 })),
        localActivityDate: fc.oneof(fc.constant('20261124'), fc.string({ maxLength: 10 })),
        localActivityTime: fc.oneof(fc.constant('101500'), fc.string({ maxLength: 8 })),
        activityStatus: fc.record({
          type: fc.constantFrom('D', 'I', 'M', 'MV', 'U', 'X', 'P', ''),
          code: fc.string({ maxLength: 4 }),
          description: fc.string({ maxLength: 60 }),
        }),
        gmtActivityDate: fc.oneof(fc.constant('20261124'), fc.constant('20240230'), fc.string({ maxLength: 10 })),
        gmtActivityTime: fc.oneof(fc.constant('151500'), fc.string({ maxLength: 8 })),
        gmtOffset: fc.oneof(fc.constant('-05.00'), fc.string({ maxLength: 7 })),
      },
      { requiredKeys: [] },
    );
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          eventLike.map((e) => JSON.stringify(e)),
          fc.json(),
          fc.string({ maxLength: 300 }),
        ),
        async (body) => {
          const answer = await sendEvent(headers, body);
          expect(answer.status).toBeLessThan(500);
        },
      ),
      { numRuns: 60 },
    );
  });

  it.each([
    ['not JSON', '{"trackingNumber":'],
    ['no event', '{}'],
    ['a __proto__ key', '{"__proto__":{"polluted":true},"trackingNumber":"1Z999AA10123456784"}'],
    ['nested 40 deep', `${'['.repeat(40)}${']'.repeat(40)}`],
    ['over 64 KiB', JSON.stringify({ trackingNumber: '1Z999AA10123456784', filler: 'x'.repeat(70 * 1024) })],
    ['over the runtime limit', 'x'.repeat(1_100_000)],
  ])('a body that is %s: 4xx, never echoed', async (_name, body) => {
    const token = await tokenOf(accountA);
    const answer = await sendEvent({ authorization: `Bearer ${token}`, 'x-api-key': accountA.clientId }, body);
    expect(answer.status).toBeGreaterThanOrEqual(400);
    expect(answer.status).toBeLessThan(500);
    expect(answer.text).not.toContain('polluted');
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});

describe('the generic push routes: a carrier that does not push is 404, whatever {carrier} holds', () => {
  const basic = (client: Client) => `Basic ${Buffer.from(`${client.clientId}:${client.clientSecret}`).toString('base64')}`;
  /** Values of `{carrier}` that name no carrier that pushes: unknown, sandbox, the wrong case, prototype names, 10 KB, encoded slashes and dots. */
  const hostile = [
    'unknown',
    'carrierx',
    'carrierf',
    'UPS',
    'Ups',
    'constructor',
    '__proto__',
    'prototype',
    'toString',
    'hasOwnProperty',
    'x'.repeat(10 * 1024),
    'ups%2Fpush',
    'ups%2f..%2fups',
    '%2e%2e',
    'ups%00',
    'ups%20',
    '%F0%9F%93%A6',
    '%E0%A4%A',
  ];
  const ask = async (carrier: string, route: 'token' | 'events', headers: Record<string, string>, body: string) => {
    const response = await fetch(`${base}/v1/carriers/${carrier}/push/${route}`, { method: 'POST', headers, body });
    const text = await response.text();
    answers.push(text);
    return { status: response.status, text };
  };

  it.each(['token', 'events'] as const)(
    '%s: 404 with our error body, never 5xx and never the whole value, even with credentials good for UPS',
    async (route) => {
      const tokenAnswer = await fetch(`${base}/v1/carriers/ups/push/token`, {
        method: 'POST',
        headers: { authorization: basic(accountA), 'content-type': 'application/x-www-form-urlencoded' },
        body: 'grant_type=client_credentials',
      });
      const bearer = ((await tokenAnswer.json()) as { access_token: string }).access_token;
      const headers: Record<string, string> =
        route === 'token'
          ? { authorization: basic(accountA), 'content-type': 'application/x-www-form-urlencoded' }
          : { authorization: `Bearer ${bearer}`, 'x-api-key': accountA.clientId, 'user-agent': 'UPSPubSubTrackingService', 'content-type': 'application/json' };
      // An event of a number no order has: answered 200 on UPS's route, so only the carrier makes the 404.
      const unknownNumber = {
        trackingNumber: '1Z999AA10000000002',
        activityStatus: { type: 'I', code: 'DP', description: 'Departed' },
        gmtActivityDate: '20261124',
        gmtActivityTime: '151500',
      };
      const body = route === 'token' ? 'grant_type=client_credentials' : JSON.stringify(unknownNumber);
      for (const carrier of hostile) {
        const answer = await ask(carrier, route, headers, body);
        expect([carrier.slice(0, 24), answer.status]).toEqual([carrier.slice(0, 24), 404]);
        expect(JSON.parse(answer.text)).toEqual({ error: { code: 'NOT_FOUND', message: expect.any(String) } });
        expect(answer.text.length).toBeLessThan(400);
        expect(answer.text).not.toContain('access_token');
      }
      // The same credentials on UPS's own route are good: the 404s were the carrier's, not the credentials'. (Its token answer is not searched.)
      expect((await fetch(`${base}/v1/carriers/ups/push/${route}`, { method: 'POST', headers, body })).status).toBe(200);
    },
  );

  it.each(['token', 'events'] as const)("%s: the function itself, given API Gateway's path parameters as they come, answers 404 for each", async (route) => {
    const handler = route === 'token' ? createCarrierPushTokenHandler(registry()) : createCarrierPushEventsHandler(registry());
    const values: Array<Record<string, string> | null> = [
      null,
      {},
      { carrier: '' },
      ...hostile.map((carrier) => ({ carrier })),
      { carrier: 'ups/push' },
      { carrier: '../ups' },
      { carrier: 'ups\u0000' },
      { carrier: 'ups ' },
      { carrier: '\u{1F4E6}'.repeat(40) },
    ];
    for (const pathParameters of values) {
      const answer = await callHandler<{ error: { code: string; message: string } }>(handler, {
        ...proxyEvent({ method: 'POST', path: `/v1/carriers/x/push/${route}`, key: '', pathParameters, body: '{}' }),
        headers: {},
      });
      expect([JSON.stringify(pathParameters).slice(0, 40), answer.status, answer.json.error.code]).toEqual([
        JSON.stringify(pathParameters).slice(0, 40),
        404,
        'NOT_FOUND',
      ]);
      // A caller's value is repeated up to 64 characters and an ellipsis (docs/decisions.md), never 10 KB of it.
      expect(answer.json.error.message.length).toBeLessThan(140);
    }
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});

describe('push credentials (admin carrier-account push-credentials)', () => {
  const io = { readStdin: () => Promise.reject(new Error('no stdin')) };
  const run = (argv: string[]) => executeAdminCommand(parseAdminCommand(argv), undefined, io);

  it('the secret goes to a 0600 file; the account item keeps the client id and a reference only', async () => {
    const account = await getCarrierAccount(accountA.carrierAccountId);
    expect(account!.pushCredentials).toEqual({
      clientId: accountA.clientId,
      secretRef: { store: 'file', name: expect.stringMatching(/-push-[0-9a-f]{8}$/) },
      createdDate: expect.any(String),
    });
    const file = path.join(process.env.CARRIER_SECRETS_DIR!, `${account!.pushCredentials!.secretRef.name}.json`);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual({ clientSecret: accountA.clientSecret });
  });

  it('issuing again needs --rotate; a rotation ends the old pair at once and removes its secret', async () => {
    await expect(run(['carrier-account', 'push-credentials', '--id', accountB.carrierAccountId])).rejects.toThrow(/already has push credentials.*--rotate/);
    const old = (await getCarrierAccount(accountB.carrierAccountId))!.pushCredentials!;
    const rotated = (await run(['carrier-account', 'push-credentials', '--id', accountB.carrierAccountId, '--rotate'])) as Client;
    expect(rotated.clientId).not.toBe(accountB.clientId);
    expect(existsSync(path.join(process.env.CARRIER_SECRETS_DIR!, `${old.secretRef.name}.json`))).toBe(false);
    await expect(pushTrackAlert(target(accountB), {})).rejects.toThrow(/refused the client credentials \(HTTP 401\)/);
    const fresh = { ...accountB, clientId: rotated.clientId, clientSecret: rotated.clientSecret };
    expect((await push(fresh, { trackingNumber: 'not one' })).status).toBe(400);
    accountB = fresh;
  });

  it('an account of a carrier that pushes nothing gets none', async () => {
    const file = path.join(dataDir, 'x.json');
    writeFileSync(file, JSON.stringify({ apiKey: 'x' }), { mode: 0o600 });
    const { carrierAccountId } = (await run(['carrier-account', 'add', '--carrier', 'CARRIERX', '--account-number', 'X-1', '--credentials-file', file])) as {
      carrierAccountId: string;
    };
    await expect(run(['carrier-account', 'push-credentials', '--id', carrierAccountId])).rejects.toThrow(/CARRIERX does not push tracking events/);
    expect((await getCarrierAccount(carrierAccountId))!.pushCredentials).toBeUndefined();
  });
});

it('no client secret or token reaches a log line, an answer or a table item', async () => {
  const answer = (await pushTrackAlert(target(accountA), { trackingNumber: 'x' })).body;
  const logs = captured.join('');
  const items = await stack.scanAll();
  expect(JSON.stringify(items)).toContain(accountA.clientId); // the searched table is the real one
  const everything = `${logs}\n${answers.join('\n')}\n${JSON.stringify(items)}`;
  expect(logs.length).toBeGreaterThan(0);
  for (const secret of [accountA.clientSecret, accountB.clientSecret]) expect(everything).not.toContain(secret);
  expect(everything).not.toMatch(/v1\.[A-Za-z0-9_-]{20,}\.[0-9]{9,}\.[A-Za-z0-9_-]{43}/);
  expect(answer).toContain('trackingNumber');
});
