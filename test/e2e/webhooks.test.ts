/**
 * Webhooks through `npm start`'s runtime, as a new user tries them: a
 * receiver on 127.0.0.1 registered with POST /v1/webhooks gets
 * `shipment.created`, `tracking.updated` after `admin shipment advance`, and
 * `shipment.cancelled`, each verified with the `standardwebhooks` package as a
 * receiver would; a receiver that answers 500 twice then 200 sees one
 * `webhook-id` three times and the delivery ends `delivered`; 410 disables its
 * endpoint; a retry re-sends with the same id; a runtime stopped mid-retry
 * loses nothing; another company sees none of it; no secret in the logs.
 */
import { once } from 'node:events';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import http, { type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Webhook } from 'standardwebhooks';
import { readDemoFile } from '../../local/runtime-files';
import { adminJson } from '../support/cli';
import { documentValidator, pathBelow } from '../support/openapi-validator';
import { sampleRateBody } from '../support/rate-body';
import { runtimeEnv, startRuntime, stopRuntime, waitFor, type RunningRuntime } from '../support/runtime';

type Received = { path: string; headers: IncomingHttpHeaders; body: string; at: number };
type Json = { data?: unknown; error?: { code: string; message: string } };

const RETRY_SCHEDULE = '1,1,1,1,1,1';
let runtime: RunningRuntime | undefined;
let dataDir: string;
let apiUrl: string;
let key: string;
let receiver: http.Server;
let receiverUrl: string;
const received: Received[] = [];
/** What each path answers, in turn; the last status repeats. */
const scripts = new Map<string, number[]>();
const answers: string[] = [];

const document = documentValidator();
/** A call of the API; every answer is checked against openapi.json. */
const call = async (route: string, init: RequestInit = {}, apiKey = key) => {
  const url = `${apiUrl}${route}`;
  const response = await fetch(url, { ...init, headers: { 'X-API-Key': apiKey, 'Content-Type': 'application/json', ...init.headers } });
  const text = await response.text();
  answers.push(text);
  document.assertDocumented({ method: init.method ?? 'GET', path: pathBelow(url, ''), status: response.status, headers: response.headers, body: text });
  return { status: response.status, json: (text ? JSON.parse(text) : undefined) as Json };
};

const register = async (receiverPath: string, body: Record<string, unknown> = {}) => {
  const created = await call('/webhooks', { method: 'POST', body: JSON.stringify({ url: `${receiverUrl}${receiverPath}`, ...body }) });
  expect(created.status).toBe(201);
  return created.json.data as { id: string; secret: string; enabled: boolean; events: string[] };
};

const shipOne = async () => {
  const rated = await call('/rate', { method: 'POST', body: JSON.stringify(sampleRateBody()) });
  expect(rated.status).toBe(200);
  const rates = (rated.json.data as { rates: Array<{ rateResponseId: string }> }).rates;
  const shipped = await call(`/ship/${rates[0]!.rateResponseId}`, { method: 'POST', body: '{}' });
  expect(shipped.status).toBe(200);
  return shipped.json.data as { orderId: string; trackingNumber: string };
};

const eventsAt = (receiverPath: string, orderId?: string) =>
  received
    .filter((r) => r.path === receiverPath)
    .map((r) => ({ ...r, parsed: JSON.parse(r.body) as { type: string; timestamp: string; data: { orderId: string; transitStatus?: string; mode?: string } } }))
    .filter((r) => orderId === undefined || r.parsed.data.orderId === orderId);

const startReceiver = async () => {
  receiver = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (c: Buffer) => chunks.push(c));
    request.on('end', () => {
      const url = request.url ?? '/';
      received.push({ path: url, headers: request.headers, body: Buffer.concat(chunks).toString('utf8'), at: Date.now() });
      const script = scripts.get(url) ?? [200];
      const status = script.length > 1 ? script.shift()! : script[0]!;
      response.writeHead(status, { 'content-type': 'text/plain' }).end(status < 300 ? 'ok' : 'not now');
    });
  });
  receiver.listen(0, '127.0.0.1');
  await once(receiver, 'listening');
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
};

beforeAll(async () => {
  await startReceiver();
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'shipping-webhooks-e2e-'));
  runtime = await startRuntime(dataDir, { env: { WEBHOOK_RETRY_SCHEDULE_SECONDS: RETRY_SCHEDULE, LOCAL_REFRESH_SECONDS: '3600' } });
  apiUrl = runtime.runtime.apiUrl;
  key = readDemoFile(dataDir)!.apiKey;
}, 120_000);

afterAll(async () => {
  if (runtime) await stopRuntime(runtime);
  receiver?.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

const secrets: string[] = [];

describe('webhooks through the local runtime', () => {
  let main: { id: string; secret: string; events: string[] };

  it('registers an endpoint: 201, the secret shown once, never listed again', async () => {
    main = await register('/ok', { description: 'e2e receiver' });
    secrets.push(main.secret);
    expect(main.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(main.events).toEqual([
      'shipment.created',
      'tracking.updated',
      'shipment.cancelled',
      'manifest.created',
      'pickup.scheduled',
      'pickup.cancelled',
      'batch.completed',
    ]);
    const listed = await call('/webhooks');
    expect(listed.status).toBe(200);
    expect(JSON.stringify(listed.json)).not.toContain(main.secret);
    const one = await call(`/webhooks/${main.id}`);
    expect(one.json.data).toMatchObject({ id: main.id, url: `${receiverUrl}/ok`, enabled: true, description: 'e2e receiver' });
    expect(JSON.stringify(one.json)).not.toContain('secret');
  });

  it('refuses a bad URL and an unknown event type with 400', async () => {
    expect((await call('/webhooks', { method: 'POST', body: JSON.stringify({ url: 'ftp://example.com/x' }) })).status).toBe(400);
    expect((await call('/webhooks', { method: 'POST', body: JSON.stringify({ url: `${receiverUrl}/x`, events: ['order.eaten'] }) })).status).toBe(400);
    expect((await call('/webhooks', { method: 'POST', body: JSON.stringify({ url: `${receiverUrl}/x`, constructor: 1 }) })).status).toBe(400);
  });

  it('sends shipment.created, tracking.updated and shipment.cancelled, each verified by standardwebhooks', async () => {
    const { orderId } = await shipOne();
    const created = await waitFor('shipment.created', () => eventsAt('/ok', orderId).find((e) => e.parsed.type === 'shipment.created'));
    const verifier = new Webhook(main.secret);
    expect(verifier.verify(created.body, created.headers as Record<string, string>)).toMatchObject({
      type: 'shipment.created',
      data: { orderId, status: 'pending', mode: 'live' },
    });
    expect(created.headers['webhook-id']).toMatch(/^msg_[0-9A-Z]{26}$/);

    await adminJson(['shipment', 'advance', '--order', orderId, '--status', 'intransit'], runtimeEnv(dataDir));
    const moved = await waitFor('tracking.updated', () => eventsAt('/ok', orderId).find((e) => e.parsed.type === 'tracking.updated'));
    expect(verifier.verify(moved.body, moved.headers as Record<string, string>)).toMatchObject({ data: { orderId, transitStatus: 'intransit' } });

    const second = await shipOne();
    expect((await call(`/shipments/${second.orderId}`, { method: 'DELETE' })).status).toBe(200);
    const cancelled = await waitFor('shipment.cancelled', () => eventsAt('/ok', second.orderId).find((e) => e.parsed.type === 'shipment.cancelled'));
    expect(verifier.verify(cancelled.body, cancelled.headers as Record<string, string>)).toMatchObject({
      data: { orderId: second.orderId, status: 'cancelled' },
    });
    // A forged body fails verification.
    expect(() => verifier.verify(cancelled.body.replace('cancelled', 'delivered'), cancelled.headers as Record<string, string>)).toThrow();
    // Each event once per endpoint.
    expect(eventsAt('/ok', second.orderId).filter((e) => e.parsed.type === 'shipment.cancelled')).toHaveLength(1);
  }, 60_000);

  it('retries a receiver that answers 500 twice: the same webhook-id three times, then delivered', async () => {
    scripts.set('/flaky', [500, 500, 200]);
    const flaky = await register('/flaky', { events: ['shipment.created'] });
    secrets.push(flaky.secret);
    const { orderId } = await shipOne();
    const attempts = await waitFor('three attempts', () => {
      const seen = eventsAt('/flaky', orderId);
      return seen.length >= 3 ? seen : undefined;
    });
    expect(new Set(attempts.map((a) => a.headers['webhook-id'])).size).toBe(1);
    expect(new Set(attempts.map((a) => a.body)).size).toBe(1);
    for (const a of attempts) new Webhook(flaky.secret).verify(a.body, a.headers as Record<string, string>);
    const delivery = await waitFor('delivered', async () => {
      const list = (await call(`/webhooks/${flaky.id}/deliveries`)).json.data as Array<{
        id: string;
        status: string;
        attempts: number;
        lastResponseStatus: number;
      }>;
      return list.find((d) => d.id === attempts[0]!.headers['webhook-id'] && d.status === 'delivered');
    });
    expect(delivery).toMatchObject({ attempts: 3, lastResponseStatus: 200 });
  }, 60_000);

  it('disables an endpoint that answers 410 Gone', async () => {
    scripts.set('/gone', [410]);
    const gone = await register('/gone', { events: ['shipment.created'] });
    secrets.push(gone.secret);
    await shipOne();
    await waitFor('endpoint disabled', async () => ((await call(`/webhooks/${gone.id}`)).json.data as { enabled: boolean }).enabled === false || undefined);
    const deliveries = (await call(`/webhooks/${gone.id}/deliveries`)).json.data as Array<{ status: string; lastResponseStatus: number }>;
    expect(deliveries[0]).toMatchObject({ status: 'failed', lastResponseStatus: 410 });
    expect(eventsAt('/gone')).toHaveLength(1);
  }, 60_000);

  it('re-sends a delivery on retry with the same webhook-id', async () => {
    const deliveries = (await call(`/webhooks/${main.id}/deliveries`)).json.data as Array<{ id: string; status: string }>;
    const first = deliveries.find((d) => d.status === 'delivered')!;
    const before = received.filter((r) => r.headers['webhook-id'] === first.id).length;
    const retried = await call(`/webhooks/${main.id}/deliveries/${first.id}/retry`, { method: 'POST' });
    expect(retried.status).toBe(202);
    expect(retried.json.data).toEqual({ id: first.id, status: 'pending' });
    await waitFor('the retry', () => received.filter((r) => r.headers['webhook-id'] === first.id).length > before || undefined);
  }, 30_000);

  it('loses nothing when the runtime stops mid-retry', async () => {
    scripts.set('/later', [503]);
    const later = await register('/later', { events: ['shipment.created'] });
    secrets.push(later.secret);
    const { orderId } = await shipOne();
    await waitFor('a failed first attempt', () => eventsAt('/later', orderId).length >= 1 || undefined);
    await stopRuntime(runtime!);
    runtime = undefined;
    scripts.set('/later', [200]);
    const seenWhileStopped = eventsAt('/later', orderId).length;
    runtime = await startRuntime(dataDir, { env: { WEBHOOK_RETRY_SCHEDULE_SECONDS: RETRY_SCHEDULE, LOCAL_REFRESH_SECONDS: '3600' } });
    apiUrl = runtime.runtime.apiUrl;
    await waitFor('delivered after the restart', async () => {
      const list = (await call(`/webhooks/${later.id}/deliveries`)).json.data as Array<{ status: string }>;
      return list[0]?.status === 'delivered' || undefined;
    });
    const seen = eventsAt('/later', orderId);
    expect(seen.length).toBeGreaterThan(seenWhileStopped);
    expect(new Set(seen.map((s) => s.headers['webhook-id'])).size).toBe(1);
  }, 90_000);

  it('shows another company none of it', async () => {
    const env = runtimeEnv(dataDir);
    const { companyId } = await adminJson<{ companyId: string }>(['company', 'create', '--name', 'Other Co'], env);
    const { apiKey } = await adminJson<{ apiKey: string }>(['key', 'create', '--company', companyId], env);
    expect(((await call('/webhooks', {}, apiKey)).json.data as unknown[]).length).toBe(0);
    expect((await call(`/webhooks/${main.id}`, {}, apiKey)).status).toBe(404);
    expect((await call(`/webhooks/${main.id}/deliveries`, {}, apiKey)).status).toBe(404);
    expect((await call(`/webhooks/${main.id}`, { method: 'DELETE' }, apiKey)).status).toBe(404);
    expect((await call(`/webhooks/${main.id}`)).status).toBe(200);
  });

  it('keeps every secret out of the logs and of every answer but the create one', () => {
    const logs = readdirSync(dataDir)
      .filter((f) => f.endsWith('.log'))
      .map((f) => readFileSync(path.join(dataDir, f), 'utf8'))
      .join('\n');
    expect(logs.length).toBeGreaterThan(0);
    for (const secret of secrets) {
      expect(logs).not.toContain(secret);
      expect(logs).not.toContain(secret.slice('whsec_'.length));
      expect(answers.filter((a) => a.includes(secret))).toHaveLength(1);
    }
  });
});
