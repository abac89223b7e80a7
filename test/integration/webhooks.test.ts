/**
 * Webhooks on DynamoDB Local with real receivers on 127.0.0.1: the POST
 * itself (exact bytes, no redirects, bounded time and body, the address
 * refused at connect time), and the delivery protocol: a stream record handled
 * twice makes one delivery per endpoint, two workers handed one message make
 * one attempt, a worker that died mid-attempt is taken over after its lease,
 * a deleted endpoint's delivery fails, and every attempt verifies with the
 * `standardwebhooks` package.
 */
import { once } from 'node:events';
import http, { type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { marshall } from '@aws-sdk/util-dynamodb';
import type { DynamoDBRecord } from 'aws-lambda';
import { Webhook } from 'standardwebhooks';
import { createWebhookDeliveryService } from '../../shared/services/webhook-delivery';
import { createWebhookReplay } from '../../shared/services/webhook-replay';
import { createWebhookSweep, SWEEP_GAVE_UP } from '../../shared/services/webhook-sweep';
import { createWebhookRegistration } from '../../shared/services/webhook-registration';
import { createWebhooksService } from '../../shared/services/webhooks';
import { keys } from '../../shared/store/keys';
import { getItem, queryItems as queryAll } from '../../shared/store/table-ops';
import { webhookOverdueIndex } from '../../shared/store/table';
import * as z from '../../shared/zod';
import { ATTEMPT_LEASE_SECONDS, getDelivery, latestDeliveries, MAX_SWEEPS, SWEEP_AFTER_SECONDS } from '../../shared/store/webhooks';
import { postWebhook } from '../../shared/webhooks/destination';
import { useDeliveryQueue, type DeliveryMessage } from '../../shared/webhooks/queue';
import { waitFor } from '../support/runtime';
import { useFreshStack } from '../support/stack';
import type { Order } from '../../shared/domain/entities';
import { carrierXOrder } from '../support/records';

const stack = useFreshStack();
const local = { allowHttp: true, allowPrivate: true };
const deployed = { allowHttp: false, allowPrivate: false };

type Seen = { url: string; headers: IncomingHttpHeaders; body: Buffer };
let server: http.Server;
let base: string;
const seen: Seen[] = [];
let respond: (url: string, response: http.ServerResponse) => void = (_url, response) => response.end('ok');

beforeAll(async () => {
  server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (c: Buffer) => chunks.push(c));
    request.on('end', () => {
      seen.push({ url: request.url ?? '', headers: request.headers, body: Buffer.concat(chunks) });
      respond(request.url ?? '', response);
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((r) => server.close(r));
  useDeliveryQueue(undefined);
});
beforeEach(() => {
  seen.length = 0;
  respond = (_url, response) => response.end('ok');
});

const options = { timeoutMs: 1000, maxResponseBytes: 64, policy: local };

describe('postWebhook', () => {
  it('sends the exact bytes with their length and the given headers', async () => {
    const body = JSON.stringify({ amount: 136.0, name: 'Zoë ✓' }).replace('136', '136.0');
    const outcome = await postWebhook(new URL(`${base}/exact`), { 'webhook-id': 'msg_1' }, body, options);
    expect(outcome).toMatchObject({ kind: 'response', status: 200, body: 'ok' });
    expect(seen[0]!.body.equals(Buffer.from(body, 'utf8'))).toBe(true);
    expect(seen[0]!.headers['content-length']).toBe(String(Buffer.byteLength(body)));
    expect(seen[0]!.headers).toMatchObject({ 'webhook-id': 'msg_1', 'content-type': 'application/json' });
  });

  it('reads Retry-After, as seconds and as a date', async () => {
    respond = (url, response) => response.writeHead(503, { 'retry-after': url === '/secs' ? '7' : new Date(Date.now() + 60_000).toUTCString() }).end();
    expect(await postWebhook(new URL(`${base}/secs`), {}, '{}', options)).toMatchObject({ status: 503, retryAfterSeconds: 7 });
    const dated = await postWebhook(new URL(`${base}/date`), {}, '{}', options);
    expect(dated.kind === 'response' && dated.retryAfterSeconds).toBeGreaterThanOrEqual(58);
  });

  it('never follows a redirect', async () => {
    respond = (url, response) => (url === '/from' ? response.writeHead(302, { location: `${base}/to` }).end() : response.end('ok'));
    expect(await postWebhook(new URL(`${base}/from`), {}, '{}', options)).toMatchObject({ kind: 'response', status: 302 });
    expect(seen.map((s) => s.url)).toEqual(['/from']);
  });

  // The server never answers, so nothing but the timeout can end the post; it must not end before it either.
  // (How soon after it ends depends on the machine's load, not on the code: no upper bound.)
  it('gives up at its timeout on a server that never answers', async () => {
    respond = () => undefined;
    const started = Date.now();
    expect(await postWebhook(new URL(`${base}/hang`), {}, '{}', { ...options, timeoutMs: 300 })).toEqual({ kind: 'failed', reason: 'timeout' });
    expect(Date.now() - started).toBeGreaterThanOrEqual(300);
  });

  it('reads at most maxResponseBytes of a huge answer and returns at once', async () => {
    respond = (_url, response) => {
      response.writeHead(200);
      const chunk = Buffer.alloc(64 * 1024, 97);
      let sent = 0;
      const push = () => {
        while (sent < 5 * 1024 * 1024 && response.write(chunk)) sent += chunk.length;
        if (sent < 5 * 1024 * 1024) response.once('drain', push);
        else response.end();
      };
      push();
    };
    const outcome = await postWebhook(new URL(`${base}/huge`), {}, '{}', options);
    expect(outcome).toMatchObject({ kind: 'response', status: 200 });
    expect(outcome.kind === 'response' && outcome.body.length).toBe(64);
  });

  it('refuses a loopback address on a deployed stage before connecting, a literal or a name', async () => {
    const httpsDeployed = { ...deployed, allowHttp: true };
    expect(await postWebhook(new URL(`${base}/x`), {}, '{}', { ...options, policy: httpsDeployed })).toEqual({ kind: 'failed', reason: 'address not allowed' });
    const port = (server.address() as AddressInfo).port;
    expect(await postWebhook(new URL(`http://localhost:${port}/x`), {}, '{}', { ...options, policy: httpsDeployed })).toEqual({
      kind: 'failed',
      reason: 'address not allowed',
    });
    expect(await postWebhook(new URL(`http://169.254.169.254/latest/meta-data`), {}, '{}', { ...options, policy: httpsDeployed })).toEqual({
      kind: 'failed',
      reason: 'address not allowed',
    });
    expect(await postWebhook(new URL(`${base}/x`), {}, '{}', { ...options, policy: deployed })).toEqual({ kind: 'failed', reason: 'scheme not allowed' });
    expect(seen).toEqual([]);
  });

  it('says connection refused when nothing listens', async () => {
    const closed = http.createServer();
    closed.listen(0, '127.0.0.1');
    await once(closed, 'listening');
    const port = (closed.address() as AddressInfo).port;
    await new Promise((r) => closed.close(r));
    expect(await postWebhook(new URL(`http://127.0.0.1:${port}/`), {}, '{}', options)).toEqual({ kind: 'failed', reason: 'connection refused' });
  });
});

describe('the delivery protocol', () => {
  const queued: DeliveryMessage[] = [];
  beforeAll(() => useDeliveryQueue({ send: async (messages) => void queued.push(...messages) }));
  beforeEach(() => (queued.length = 0));

  const logger = { info: () => undefined, warn: () => undefined, error: (m: string, a: unknown) => console.error(m, JSON.stringify(a)) };
  const service = (overrides: Partial<Parameters<typeof createWebhookDeliveryService>[0]> = {}) =>
    createWebhookDeliveryService({ logger, policy: local, schedule: [1, 1], timeoutMs: 2000, ...overrides });

  /** Until a worker holds the delivery's attempt (it claimed the lease and is posting): a state, not a fixed wait. */
  const attemptHeld = (companyId: string, webhookId: string, deliveryId: string) =>
    waitFor('the attempt lease', async () => (await getDelivery(companyId, webhookId, deliveryId, true))?.attempt);

  const setup = async () => {
    const { company } = await stack.createCompanyWithKey({ pricingGroupId: 'default' });
    const webhooks = createWebhooksService();
    const endpoint = await createWebhookRegistration({ policy: local }).create(company.companyId, { url: `${base}/hook`, events: ['tracking.updated'] });
    return { companyId: company.companyId, webhooks, endpoint };
  };

  /** A stream record of an order moving from pending to in transit. */
  const record = (companyId: string, sequence: string): DynamoDBRecord => {
    const orderId = '7c9e6679-7425-40de-944b-e07fc1f90ae7';
    const order = (status: Order['status'], events: Order['events']) => ({
      ...keys.order(orderId),
      entityType: 'order',
      ...carrierXOrder({ orderId, companyId, status, events }),
      updated: '2026-11-24T11:00:00.000Z',
    });
    return {
      eventID: `e-${sequence}`,
      eventName: 'MODIFY',
      dynamodb: {
        ApproximateCreationDateTime: 1_795_000_000,
        SequenceNumber: sequence,
        OldImage: marshall(order('pending', []), { removeUndefinedValues: true }) as never,
        NewImage: marshall(order('intransit', [{ status: 'intransit', code: 'PICKED_UP', description: 'Picked up', occurredAt: '2026-11-24T11:00:00.000Z' }]), {
          removeUndefinedValues: true,
        }) as never,
      },
    };
  };

  it('stores the signing secret sealed: a read of the table alone does not reveal it', async () => {
    const { companyId, endpoint } = await setup();
    const items = await queryAll(`WEBHOOK#${companyId}`);
    const stored = JSON.stringify(items);
    expect(items.some((i) => i.sk === `ENDPOINT#${endpoint.id}`)).toBe(true);
    expect(stored).not.toContain(endpoint.secret);
    expect(stored).not.toContain(endpoint.secret.slice('whsec_'.length));
    expect(stored).toMatch(/"secretSealed":"local:/);
  });

  it('makes one delivery per endpoint although the record comes twice, and delivers it signed', async () => {
    const { companyId, endpoint } = await setup();
    const events = service();
    expect(await events.handleStreamRecord(record(companyId, '100'))).toBe(1);
    expect(await events.handleStreamRecord(record(companyId, '100'))).toBe(0);
    const deliveries = await latestDeliveries(companyId, endpoint.id, 10);
    expect(deliveries).toHaveLength(1);
    expect(queued.length).toBeGreaterThanOrEqual(1);
    expect(await events.deliver(queued[0]!)).toBe('delivered');
    expect(seen).toHaveLength(1);
    const payload = new Webhook(endpoint.secret).verify(seen[0]!.body.toString('utf8'), seen[0]!.headers as Record<string, string>) as {
      type: string;
      data: { transitStatus: string };
    };
    expect(payload).toMatchObject({ type: 'tracking.updated', data: { transitStatus: 'intransit' } });
    // A second copy of the message finds it delivered: no second POST.
    expect(await events.deliver(queued[0]!)).toBe('dropped');
    expect(seen).toHaveLength(1);
  });

  it('lets one of two workers handed the same message attempt it', async () => {
    const { companyId } = await setup();
    const events = service();
    await events.handleStreamRecord(record(companyId, '200'));
    // The endpoint answers only once the other worker has given way, however slow the machine.
    const arrived = new Promise<() => void>((resolve) => (respond = (_url, response) => resolve(() => response.end('ok'))));
    const message = queued[0]!;
    const workers = [service({ timeoutMs: 30_000 }).deliver(message), service({ timeoutMs: 30_000 }).deliver(message)];
    expect(await Promise.race(workers)).toBe('waiting');
    (await arrived)();
    expect((await Promise.all(workers)).sort()).toEqual(['delivered', 'waiting']);
    expect(seen).toHaveLength(1);
  });

  it('takes over the lease of a worker that died mid-attempt, after the lease', async () => {
    const { companyId, endpoint } = await setup();
    await service().handleStreamRecord(record(companyId, '300'));
    const message = queued[0]!;
    let clock = new Date();
    // The first worker dies after its POST (its post never resolves its write).
    respond = (_url, response) => response.end('ok');
    const dying = service({ clock: () => clock, post: () => new Promise(() => undefined) });
    void dying.deliver(message);
    await attemptHeld(companyId, endpoint.id, message.deliveryId);
    expect(await service({ clock: () => clock }).deliver(message)).toBe('waiting');
    clock = new Date(clock.getTime() + 61_000);
    expect(await service({ clock: () => clock }).deliver(message)).toBe('delivered');
    expect((await getDelivery(companyId, endpoint.id, message.deliveryId, true))!).toMatchObject({ status: 'delivered', attempts: 1 });
  });

  it('retries on failure with the same id, and fails a deleted endpoint without an attempt', async () => {
    const { companyId, endpoint, webhooks } = await setup();
    await service().handleStreamRecord(record(companyId, '400'));
    respond = (_url, response) => response.writeHead(500).end();
    const first = queued.shift()!;
    expect(await service().deliver(first)).toBe('retrying');
    const next = queued.shift()!;
    expect(next).toMatchObject({ deliveryId: first.deliveryId, attempts: 1 });
    // The old message no longer matches the delivery: dropped.
    expect(await service().deliver(first)).toBe('dropped');
    await webhooks.remove(companyId, endpoint.id);
    const later = new Date(Date.now() + 5000);
    expect(await service({ clock: () => later }).deliver(next)).toBe('failed');
    expect(seen).toHaveLength(1);
    expect(await getDelivery(companyId, endpoint.id, first.deliveryId, true)).toMatchObject({ status: 'failed', lastError: 'endpoint deleted', attempts: 1 });
  });

  /**
   * The deployed path of a worker that died mid-attempt: its lease stays in
   * the item, and SQS parks its message in the dead-letter queue after
   * maxReceiveCount, so the queue never hands it again (nothing is left in
   * `queued`).
   */
  const strand = async (sequence: string) => {
    const { companyId, endpoint } = await setup();
    await service().handleStreamRecord(record(companyId, sequence));
    const message = queued.shift()!;
    const diedAt = new Date();
    void service({ clock: () => diedAt, post: () => new Promise(() => undefined) }).deliver(message);
    await attemptHeld(companyId, endpoint.id, message.deliveryId);
    expect((await getDelivery(companyId, endpoint.id, message.deliveryId, true))!).toMatchObject({
      status: 'pending',
      attempts: 0,
      attempt: expect.anything(),
    });
    queued.length = 0;
    return { companyId, webhookId: endpoint.id, deliveryId: message.deliveryId, diedAt };
  };
  const after = (at: Date, seconds: number) => new Date(at.getTime() + seconds * 1000);

  it('a manual retry of a delivery whose worker died refuses while the lease is fresh (409), then sends it exactly once', async () => {
    const { companyId, webhookId, deliveryId, diedAt } = await strand('500');
    const replay = (at: Date) => createWebhookReplay({ clock: () => at });
    await expect(replay(after(diedAt, ATTEMPT_LEASE_SECONDS - 5)).retry(companyId, webhookId, deliveryId)).rejects.toMatchObject({
      status: 409,
      code: 'WEBHOOK_CONFLICT',
    });
    expect(queued).toEqual([]);

    const later = after(diedAt, ATTEMPT_LEASE_SECONDS + 1);
    await expect(replay(later).retry(companyId, webhookId, deliveryId)).resolves.toEqual({ id: deliveryId, status: 'pending' });
    expect(queued).toHaveLength(1);
    const message = queued.shift()!;
    expect(await service({ clock: () => later }).deliver(message)).toBe('delivered');
    // SQS delivers at least once: the same message handed again sends nothing more.
    expect(await service({ clock: () => later }).deliver(message)).toBe('dropped');
    expect(seen).toHaveLength(1);
    const stored = (await getDelivery(companyId, webhookId, deliveryId, true))!;
    expect(stored).toMatchObject({ status: 'delivered', attempts: 1 });
    expect(stored.attempt).toBeUndefined();
  });

  it('fails a delivery whose endpoint was deleted although a dead attempt left its lease', async () => {
    const { companyId, webhookId, deliveryId, diedAt } = await strand('510');
    await createWebhooksService().remove(companyId, webhookId);
    const later = after(diedAt, ATTEMPT_LEASE_SECONDS + 1);
    expect(await service({ clock: () => later }).deliver({ companyId, webhookId, deliveryId, attempts: 0 })).toBe('failed');
    expect(await getDelivery(companyId, webhookId, deliveryId, true)).toMatchObject({ status: 'failed', lastError: 'endpoint deleted', attempts: 0 });
    expect(seen).toEqual([]);
  });

  const sweeper = (at: Date) => createWebhookSweep({ clock: () => at, logger });
  /** The table is shared by the tests of this file: a sweep's count may include another test's delivery, its messages are told apart. */
  const mine = (deliveryId: string) => (m: DeliveryMessage) => m.deliveryId === deliveryId;
  /** The delivery's entry in the webhook-overdue index, as stored on the item. */
  const entryOf = async (companyId: string, webhookId: string, deliveryId: string) => {
    const item = await getItem(keys.webhookDelivery(companyId, webhookId, deliveryId), z.looseObject({}), true);
    return { shard: item?.[webhookOverdueIndex.partitionKey], overdueAt: item?.[webhookOverdueIndex.sortKey] };
  };

  it('the sweep requeues a delivery whose worker died and whose message is in the dead-letter queue once it is long overdue, and it is delivered exactly once', async () => {
    const { companyId, webhookId, deliveryId, diedAt } = await strand('600');
    const stored = (await getDelivery(companyId, webhookId, deliveryId, true))!;
    expect(await entryOf(companyId, webhookId, deliveryId)).toEqual({
      shard: expect.stringMatching(/^WEBHOOKDUE#\d+$/),
      overdueAt: new Date(Date.parse(stored.nextAttemptAt!) + SWEEP_AFTER_SECONDS * 1000).toISOString(),
    });

    // Not overdue yet: the queue may still be handing its message.
    await sweeper(after(diedAt, SWEEP_AFTER_SECONDS - 60)).sweep();
    expect(queued.filter(mine(deliveryId))).toEqual([]);

    // Two runs at once (EventBridge delivers at least once): one requeue, one message.
    const late = after(diedAt, SWEEP_AFTER_SECONDS + 1);
    await Promise.all([sweeper(late).sweep(), sweeper(late).sweep()]);
    expect(queued.filter(mine(deliveryId))).toEqual([{ companyId, webhookId, deliveryId, attempts: 0 }]);
    queued.length = 0;
    expect(await service({ clock: () => late }).deliver({ companyId, webhookId, deliveryId, attempts: 0 })).toBe('delivered');
    expect(seen).toHaveLength(1);
    const delivered = (await getDelivery(companyId, webhookId, deliveryId, true))!;
    expect(delivered).toMatchObject({ status: 'delivered', attempts: 1 });
    expect(delivered.attempt).toBeUndefined();
    // Delivered: out of the index, and no later run sends it again.
    expect(await entryOf(companyId, webhookId, deliveryId)).toEqual({ shard: undefined, overdueAt: undefined });
    await sweeper(after(late, 86_400)).sweep();
    expect(queued.filter(mine(deliveryId))).toEqual([]);
    expect(seen).toHaveLength(1);
  });

  it('the sweep leaves an overdue delivery whose attempt is in flight to that attempt', async () => {
    const { companyId } = await setup();
    await service().handleStreamRecord(record(companyId, '610'));
    const message = queued.shift()!;
    const late = after(new Date(), SWEEP_AFTER_SECONDS + 1);
    // A message that waited long in the queue, handed just now: its attempt holds a live lease.
    void service({ clock: () => late, post: () => new Promise(() => undefined) }).deliver(message);
    await attemptHeld(companyId, message.webhookId, message.deliveryId);
    await sweeper(after(late, 10)).sweep();
    expect(queued.filter(mine(message.deliveryId))).toEqual([]);
    const left = (await getDelivery(companyId, message.webhookId, message.deliveryId, true))!;
    expect(left.status).toBe('pending');
    expect(left.sweeps).toBeUndefined();
  });

  it(`the sweep fails a delivery after ${MAX_SWEEPS} requeues without an attempt, and a retry by hand starts it again`, async () => {
    const { companyId, webhookId, deliveryId, diedAt } = await strand('620');
    let at = after(diedAt, SWEEP_AFTER_SECONDS + 1);
    for (let i = 0; i < MAX_SWEEPS; i++) {
      await sweeper(at).sweep();
      expect(queued.filter(mine(deliveryId))).toHaveLength(1);
      // Its message fails again every time, and ends in the dead-letter queue.
      queued.length = 0;
      expect(await getDelivery(companyId, webhookId, deliveryId, true)).toMatchObject({ status: 'pending', sweeps: i + 1 });
      at = after(at, SWEEP_AFTER_SECONDS + 1);
    }
    expect(await sweeper(at).sweep()).toMatchObject({ failed: expect.any(Number) });
    expect(queued.filter(mine(deliveryId))).toEqual([]);
    queued.length = 0;
    expect(await getDelivery(companyId, webhookId, deliveryId, true)).toMatchObject({ status: 'failed', lastError: SWEEP_GAVE_UP, attempts: 0 });
    expect(await entryOf(companyId, webhookId, deliveryId)).toEqual({ shard: undefined, overdueAt: undefined });

    await createWebhookReplay({ clock: () => at }).retry(companyId, webhookId, deliveryId);
    expect(queued).toEqual([{ companyId, webhookId, deliveryId, attempts: 0 }]);
    expect(await service({ clock: () => at }).deliver(queued.shift()!)).toBe('delivered');
    const delivered = (await getDelivery(companyId, webhookId, deliveryId, true))!;
    expect(delivered).toMatchObject({ status: 'delivered', attempts: 1 });
    expect(delivered.sweeps).toBeUndefined();
    expect(seen).toHaveLength(1);
  });
});
