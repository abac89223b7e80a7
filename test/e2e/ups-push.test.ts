/**
 * Push before poll through `npm start`, as an operator sets it up: a UPS
 * account with its Track Alert push credentials (admin CLI), the local UPS
 * mock in push mode (local/ups/push-mode.ts) aimed at the runtime's generic
 * push routes, UPS's token URL and event URL (`/v1/carriers/ups/push/…`). A live key ships with UPS; the mock moves the package
 * and pushes its events; GET /track shows them, the status e-mail is in the
 * outbox and the webhook endpoint receives tracking.updated, while the mock
 * never saw a tracking poll of the package. The push secret appears in no
 * log line.
 */
import { once } from 'node:events';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { dataPaths, readDemoFile } from '../../local/runtime-files';
import { startUpsMock, type UpsMock } from '../../local/ups/mock-server';
import { startPushMode, type PushMode } from '../../local/ups/push-mode';
import { listOutbox } from '../../shared/notify/outbox';
import { adminJson } from '../support/cli';
import { sampleRateBody } from '../support/rate-body';
import { MOCK_CARRIER_TIMEOUTS, runtimeEnv, startRuntime, stopRuntime, waitFor, type RunningRuntime } from '../support/runtime';

const CLIENT = { clientId: 'e2e-push-client-4Fq', clientSecret: 'e2e-push-secret-Hn2wX9' };

let ups: UpsMock;
let runtime: RunningRuntime | undefined;
let dataDir: string;
let apiUrl: string;
let push: PushMode;
let pushSecret: string;
let receiver: http.Server;
let receiverUrl: string;
const received: string[] = [];

type Json = { data?: Record<string, unknown> };
const call = async (route: string, init: RequestInit = {}) => {
  const response = await fetch(`${apiUrl}${route}`, {
    ...init,
    headers: { 'X-API-Key': readDemoFile(dataDir)!.apiKey, 'Content-Type': 'application/json', ...init.headers },
  });
  const text = await response.text();
  return { status: response.status, json: (text ? JSON.parse(text) : undefined) as Json };
};

beforeAll(async () => {
  receiver = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (c: Buffer) => chunks.push(c));
    request.on('end', () => {
      received.push(Buffer.concat(chunks).toString('utf8'));
      response.end('ok');
    });
  });
  receiver.listen(0, '127.0.0.1');
  await once(receiver, 'listening');
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;

  ups = await startUpsMock({ clients: [CLIENT] });
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'shipping-ups-push-e2e-'));
  // No tracking poll by the local timer during the test: pushes only.
  runtime = await startRuntime(dataDir, {
    env: { UPS_API_BASE_URL_TEST: ups.apiUrl, UPS_API_BASE_URL_LIVE: ups.apiUrl, LOCAL_REFRESH_SECONDS: '3600', ...MOCK_CARRIER_TIMEOUTS },
  });
  apiUrl = runtime.runtime.apiUrl;
  const env = runtimeEnv(dataDir);
  const credentials = path.join(dataDir, 'ups-credentials.json');
  writeFileSync(credentials, JSON.stringify(CLIENT), { mode: 0o600 });
  const { carrierAccountId } = await adminJson<{ carrierAccountId: string }>(
    ['carrier-account', 'add', '--carrier', 'UPS', '--account-number', 'P1U2S3', '--credentials-file', credentials],
    env,
  );
  rmSync(credentials);
  const issued = await adminJson<{ clientId: string; clientSecret: string; tokenPath: string; eventPath: string }>(
    ['carrier-account', 'push-credentials', '--id', carrierAccountId],
    env,
  );
  pushSecret = issued.clientSecret;
  expect([issued.tokenPath, issued.eventPath]).toEqual(['/v1/carriers/ups/push/token', '/v1/carriers/ups/push/events']);
  await adminJson(['pricing-group', 'set-plan', '--group', 'default', '--carrier', 'UPS', '--carrier-account', carrierAccountId], env);
  const origin = apiUrl.replace(/\/v1\/?$/, '');
  push = startPushMode(ups.simulator, {
    url: `${origin}${issued.eventPath}`,
    tokenUrl: `${origin}${issued.tokenPath}`,
    clientId: issued.clientId,
    clientSecret: issued.clientSecret,
  });
}, 120_000);

afterAll(async () => {
  push?.stop();
  if (runtime) await stopRuntime(runtime);
  await ups?.close();
  receiver?.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

it('a pushed UPS event reaches GET /track, the e-mail and the webhook without a poll', async () => {
  const hook = await call('/webhooks', { method: 'POST', body: JSON.stringify({ url: receiverUrl, events: ['tracking.updated'] }) });
  expect(hook.status).toBe(201);

  const body = sampleRateBody();
  body.shippingNotificationOptions = { shippingNotificationEmail: 'buyer@example.com', shippingNotificationStatuses: ['intransit'] };
  const rated = await call('/rate', { method: 'POST', body: JSON.stringify(body) });
  expect(rated.status).toBe(200);
  const ground = (rated.json.data!.rates as Array<{ rateResponseId: string; carrier: { code: string }; service: { code: string } }>).find(
    (r) => r.carrier.code === 'UPS' && r.service.code === 'UPS_GROUND',
  )!;
  const shipped = await call(`/ship/${ground.rateResponseId}`, { method: 'POST', body: '{}' });
  expect(shipped.status).toBe(200);
  const { orderId, trackingNumber } = shipped.json.data as { orderId: string; trackingNumber: string };
  expect(ups.simulator.subscriptions.has(trackingNumber)).toBe(true);

  // Two rounds: picked up, then in transit, each pushed as UPS would.
  expect(await push.pushDue()).toMatchObject({ failed: 0 });
  expect(await push.pushDue()).toMatchObject({ failed: 0 });

  const tracked = await call(`/track/${orderId}`);
  expect(tracked.status).toBe(200);
  expect(tracked.json.data).toMatchObject({ transitStatus: 'intransit' });
  expect((tracked.json.data!.events as unknown[]).length).toBeGreaterThanOrEqual(2);

  const mail = await waitFor('the in-transit e-mail', () =>
    listOutbox(dataPaths(dataDir).outbox).find((m) => m.orderId === orderId && m.status === 'intransit'),
  );
  expect(mail.to).toBe('buyer@example.com');
  await waitFor('tracking.updated at the webhook endpoint', () => received.find((r) => r.includes(orderId) && r.includes('tracking.updated')));

  expect(ups.seen.filter((s) => s.method === 'GET' && s.path === `/api/track/v1/details/${trackingNumber}`)).toEqual([]);
}, 90_000);

it('the push secret appears in no log line of the runtime', () => {
  const logs = readdirSync(dataDir)
    .filter((f) => f.endsWith('.log'))
    .map((f) => readFileSync(path.join(dataDir, f), 'utf8'))
    .join('\n');
  expect(logs).toContain('POST /v1/carriers/ups/push/events -> 200'); // the searched log is the runtime's
  expect(logs).not.toContain(pushSecret);
});
