/**
 * The deployed code, not the source: every HTTP function built by
 * lib/bundling.ts (what CDK deploys: zod/mini, the schemas a bundle never uses
 * dropped by lib/bundle/pure-schemas.ts, chunks loaded on first use) answers a
 * walkthrough through the local API Gateway exactly as the same functions run
 * from source do, against DynamoDB Local and the S3 emulator. The bundles run
 * in one plain Node process (no Jest transform in between), each invocation
 * sent to it over an IPC channel.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import type { APIGatewayProxyResult } from 'aws-lambda';
import { createApiServer, type LambdaHandler, type Route } from '../../local/api-gateway';
import { buildFunction } from '../../lib/bundling';
import { httpFunctions } from '../../shared/functions';
import { sampleRateBody } from '../support/rate-body';
import { useFreshStack } from '../support/stack';

const stack = useFreshStack();

/** The child: imports a bundle on its first invocation, answers each message with the handler's result or its error. */
const CHILD = `
const bundles = new Map();
process.on('message', async ({ id, file, event, context }) => {
  try {
    if (!bundles.has(file)) bundles.set(file, import(file));
    const { handler } = await bundles.get(file);
    process.send({ id, result: await handler(event, { ...context, getRemainingTimeInMillis: () => 15000 }) });
  } catch (error) {
    process.send({ id, error: String(error?.stack ?? error) });
  }
});
process.on('disconnect', () => process.exit(0));
`;

let dir: string;
let child: ChildProcess;
const pending = new Map<number, { resolve: (r: APIGatewayProxyResult) => void; reject: (e: Error) => void }>();
let nextId = 0;
const servers: Server[] = [];
let fromSource: string;
let fromBundles: string;

const listen = async (server: Server): Promise<string> => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  servers.push(server);
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
};

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'bundles-it-'));
  await Promise.all(httpFunctions().map((f) => buildFunction({ entry: f.entry }, path.join(dir, f.name))));
  // After useFreshStack's beforeAll: TABLE_NAME and BUCKET_NAME name this file's table and bucket.
  child = spawn(process.execPath, ['--input-type=module', '-e', CHILD], {
    env: { ...process.env, LOG_LEVEL: 'ERROR', NODE_OPTIONS: '' },
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  child.on('message', (message: { id: number; result?: APIGatewayProxyResult; error?: string }) => {
    const waiting = pending.get(message.id);
    pending.delete(message.id);
    if (message.error !== undefined) waiting?.reject(new Error(message.error));
    else waiting?.resolve(message.result!);
  });
  const bundled =
    (route: Route): LambdaHandler =>
    (event, context) =>
      new Promise((resolve, reject) => {
        const id = nextId++;
        pending.set(id, { resolve, reject });
        child.send({ id, file: path.join(dir, route.name, 'index.mjs'), event, context: { functionName: route.name, awsRequestId: context.awsRequestId } });
      });
  fromSource = await listen(createApiServer());
  fromBundles = await listen(createApiServer({ loadHandler: bundled }));
}, 120_000);

afterAll(async () => {
  await Promise.all(servers.map((s) => new Promise((r) => s.close(r))));
  child?.kill('SIGTERM');
  if (dir) rmSync(dir, { recursive: true, force: true });
});

type Answer = { status: number; location: string | null; body: { data?: unknown; error?: { code: string; message: string; details?: unknown } } | null };

const call = async (base: string, apiKey: string, method: string, url: string, body?: unknown): Promise<Answer> => {
  const res = await fetch(`${base}${url}`, {
    method,
    redirect: 'manual',
    headers: { 'x-api-key': apiKey, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { body: typeof body === 'string' ? body : JSON.stringify(body) }),
  });
  const text = await res.text();
  return { status: res.status, location: res.headers.get('location'), body: text ? (JSON.parse(text) as Answer['body']) : null };
};

/** The same request to both servers. */
const both = async (apiKey: string, method: string, url: string, body?: unknown) => {
  const [source, bundle] = await Promise.all([call(fromSource, apiKey, method, url, body), call(fromBundles, apiKey, method, url, body)]);
  return { source, bundle };
};

/** Ids, times and prices of a rate: what two requests never share. */
const shapeOfRates = (answer: Answer) =>
  (
    (answer.body?.data as { rates: Array<{ carrier: { code: string }; service: { code: string }; rate: { totals: unknown }; isBestPrice: boolean }> }).rates ??
    []
  ).map((r) => ({
    carrier: r.carrier.code,
    service: r.service.code,
    totals: r.rate.totals,
    isBestPrice: r.isBestPrice,
  }));

describe('the function bundles answer as the source does', () => {
  let apiKey: string;
  beforeAll(async () => {
    ({ apiKey } = await stack.createCompanyWithKey({ pricingGroupId: 'default' }));
  });

  it.each([
    ['/v1/carriers'],
    ['/v1/packaging-types'],
    ['/v1/carrier-services?carrierCode=carrierx'],
    ['/v1/carrier-services'],
    ['/v1/webhooks'],
    ['/v1/track/00000000-0000-4000-8000-000000000000'],
    ['/v1/labels/not-a-uuid'],
  ])(
    'GET %s',
    async (url) => {
      const { source, bundle } = await both(apiKey, 'GET', url);
      expect(bundle).toEqual(source);
    },
    30_000,
  );

  it('a rate body with several problems: the same 400 and the same messages', async () => {
    const body = sampleRateBody();
    body.shippingOptions.shippingDate = '2024-02-30';
    body.packages.pieces[0].weight = -1;
    body.shipper.countryCode = 'XYZ';
    body.extraRootField = { constructor: 1 };
    const { source, bundle } = await both(apiKey, 'POST', '/v1/rate', body);
    expect(source.status).toBe(400);
    expect(bundle).toEqual(source);
    const { source: notJson, bundle: notJsonBundle } = await both(apiKey, 'POST', '/v1/rate', '{"a":');
    expect(notJsonBundle).toEqual(notJson);
  }, 30_000);

  it('rate, ship, labels, a label file, track and cancel through the bundles', async () => {
    const body = sampleRateBody();
    const { source: rated, bundle: ratedByBundle } = await both(apiKey, 'POST', '/v1/rate', body);
    expect(ratedByBundle.status).toBe(200);
    expect(shapeOfRates(ratedByBundle)).toEqual(shapeOfRates(rated));

    const rates = (ratedByBundle.body!.data as { rates: Array<{ rateResponseId: string; carrier: { code: string } }> }).rates;
    const chosen = rates.find((r) => r.carrier.code === 'CARRIERX') ?? rates[0]!;
    const shipped = await call(fromBundles, apiKey, 'POST', `/v1/ship/${chosen.rateResponseId}`, {});
    expect(shipped.status).toBe(200);
    const order = shipped.body!.data as { orderId: string; trackingNumber: string; status: string };
    expect(order).toMatchObject({ orderId: expect.any(String), trackingNumber: expect.any(String), status: 'pending' });
    // Shipping the same rate again answers the same order (exactly once), from either.
    const again = await both(apiKey, 'POST', `/v1/ship/${chosen.rateResponseId}`, {});
    expect(again.bundle).toEqual(again.source);
    expect((again.bundle.body!.data as { orderId: string }).orderId).toBe(order.orderId);

    const labels = await both(apiKey, 'GET', `/v1/labels/${order.orderId}`);
    expect(labels.bundle.status).toBe(200);
    expect(labels.bundle).toEqual(labels.source);
    const first = (labels.bundle.body!.data as { available: Array<{ code: string }> }).available[0]!;
    const file = await call(fromBundles, apiKey, 'GET', `/v1/labels/${order.orderId}/${first.code}`);
    expect(file.status).toBe(302);
    const download = await fetch(file.location!);
    expect(download.status).toBe(200);
    expect((await download.arrayBuffer()).byteLength).toBeGreaterThan(100);

    const tracked = await call(fromBundles, apiKey, 'GET', `/v1/track/${order.orderId}`);
    expect(tracked.status).toBe(200);
    expect(tracked.body!.data).toMatchObject({ orderId: order.orderId, trackingNumber: order.trackingNumber });
    const trackedFromSource = await call(fromSource, apiKey, 'GET', `/v1/track/${order.orderId}`);
    expect((tracked.body!.data as { transitStatus: string }).transitStatus).toBe((trackedFromSource.body!.data as { transitStatus: string }).transitStatus);

    const cancelled = await call(fromBundles, apiKey, 'DELETE', `/v1/shipments/${order.orderId}`);
    expect(cancelled.status).toBe(200);
    expect(cancelled.body!.data).toMatchObject({ orderId: order.orderId, status: 'cancelled' });
    const cancelledAgain = await both(apiKey, 'DELETE', `/v1/shipments/${order.orderId}`);
    expect(cancelledAgain.bundle).toEqual(cancelledAgain.source);
  }, 60_000);

  it('webhooks: the same refusals, and an endpoint made by a bundle is read alike by both', async () => {
    for (const body of [{ url: 'ftp://example.com/hook' }, { url: 'https://example.com/hook', events: ['nope'] }, { url: 'x'.repeat(3000) }, 'not json']) {
      const { source, bundle } = await both(apiKey, 'POST', '/v1/webhooks', body);
      expect(bundle.status).toBeGreaterThanOrEqual(400);
      expect(bundle).toEqual(source);
    }
    const created = await call(fromBundles, apiKey, 'POST', '/v1/webhooks', { url: 'http://127.0.0.1:9/hook', events: ['tracking.updated'] });
    expect(created.status).toBe(201);
    const { id } = created.body!.data as { id: string };
    for (const url of [`/v1/webhooks/${id}`, `/v1/webhooks/${id}/deliveries`, '/v1/webhooks']) {
      const { source, bundle } = await both(apiKey, 'GET', url);
      expect(bundle.status).toBe(200);
      expect(bundle).toEqual(source);
    }
    const deleted = await call(fromBundles, apiKey, 'DELETE', `/v1/webhooks/${id}`);
    expect(deleted.status).toBe(200);
  }, 30_000);
});
