/**
 * The late UPS answer, from outside, through `npm start` and the local UPS
 * mock over HTTP (every request validated against UPS's documents): UPS
 * answers the first ship after our ship timeout, the caller retries as an
 * integrator does, and the retry buys a second shipment because UPS had not
 * finished the first. The local runtime's timer runs the tracking
 * dispatcher, whose worker reconciles: after the settle window exactly one
 * UPS shipment is billable, it is the order's, and the late one's void is
 * on the order's audit trail (the admin CLI's `shipment audit`).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { readDemoFile } from '../../local/runtime-files';
import { startUpsMock, type UpsMock } from '../../local/ups/mock-server';
import { adminJson, connectCarrierAccount } from '../support/cli';
import { sampleRateBody } from '../support/rate-body';
import { runtimeEnv, startRuntime, stopRuntime, waitFor, type RunningRuntime } from '../support/runtime';

const CLIENT = { clientId: 'e2e-reconcile-client', clientSecret: 'e2e-reconcile-secret-4Hq9' };
const ACCOUNT_NUMBER = 'R3C0N1';
const SETTINGS = { CARRIER_SHIP_TIMEOUT_MS: '1500', SHIP_RECONCILE_AFTER_SECONDS: '3', LOCAL_REFRESH_SECONDS: '1' };

let ups: UpsMock;
let runtime: RunningRuntime | undefined;
let dataDir: string;
let apiUrl: string;

type Json = { data?: Record<string, unknown>; error?: { code: string; message: string } };
const call = async (key: string, route: string, init: RequestInit = {}) => {
  const response = await fetch(`${apiUrl}${route}`, { ...init, headers: { 'X-API-Key': key, 'Content-Type': 'application/json', ...init.headers } });
  const text = await response.text();
  return { status: response.status, json: (text ? JSON.parse(text) : undefined) as Json };
};

beforeAll(async () => {
  ups = await startUpsMock({ clients: [CLIENT] });
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'shipping-reconcile-e2e-'));
  runtime = await startRuntime(dataDir, { env: { UPS_API_BASE_URL_TEST: ups.apiUrl, UPS_API_BASE_URL_LIVE: ups.apiUrl, ...SETTINGS } });
  apiUrl = runtime.runtime.apiUrl;
  await connectCarrierAccount(dataDir, 'UPS', ['--account-number', ACCOUNT_NUMBER], CLIENT);
}, 120_000);

afterAll(async () => {
  if (runtime) await stopRuntime(runtime);
  await ups?.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

it('UPS answers the first ship late and the caller retries: after the settle window UPS bills exactly the order\'s shipment', async () => {
  const key = readDemoFile(dataDir)!.testApiKey!;
  const rated = await call(key, '/rate', { method: 'POST', body: JSON.stringify(sampleRateBody()) });
  expect(rated.status).toBe(200);
  const ground = (rated.json.data!.rates as Array<{ rateResponseId: string; carrier: { code: string }; service: { code: string } }>).find(
    (r) => r.carrier.code === 'UPS' && r.service.code === 'UPS_GROUND',
  )!;

  ups.simulator.answerLate(5_000);
  const started = Date.now();
  const statuses: number[] = [];
  let shipped: Awaited<ReturnType<typeof call>> | undefined;
  // An integrator's retry loop: every 500 ms until an order comes back.
  while (!shipped && Date.now() - started < 20_000) {
    const answer = await call(key, `/ship/${ground.rateResponseId}`, { method: 'POST', body: '{}' });
    statuses.push(answer.status);
    if (answer.status === 200) shipped = answer;
    else await new Promise((resolve) => setTimeout(resolve, 500));
  }
  expect(statuses[0]).toBe(502);
  expect(shipped).toBeDefined();
  // The caller has its order at the first retry after the 502: we buy, and the reconciler voids the duplicate.
  expect(statuses.slice(1, -1).every((s) => s === 409)).toBe(true);
  const { orderId, trackingNumber } = shipped!.json.data as { orderId: string; trackingNumber: string };

  // The late shipment lands, then the reconciler voids it.
  await waitFor('the late shipment', () => (ups.simulator.shipments.length === 2 ? true : undefined), 15_000);
  await waitFor('the orphan voided', () => (ups.simulator.billable().length === 1 ? true : undefined), 30_000);
  expect(ups.simulator.billable()[0]!.trackingNumbers[0]).toBe(trackingNumber);
  const orphan = ups.simulator.shipments.find((s) => s.voided)!;

  const audit = await adminJson<{ audit: Array<{ action: string; trackingNumber: string }> }>(['shipment', 'audit', '--order', orderId], runtimeEnv(dataDir));
  expect(audit.audit).toEqual([expect.objectContaining({ action: 'orphan-voided', trackingNumber: orphan.trackingNumbers[0] })]);
  const tracked = await call(key, `/track/${orderId}`);
  expect(tracked.json.data).toMatchObject({ trackingNumber });
}, 90_000);
