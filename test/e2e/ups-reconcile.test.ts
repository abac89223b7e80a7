/**
 * The late UPS answer, from outside, through `npm start` and the local UPS
 * mock over HTTP (every request validated against UPS's documents): UPS
 * answers the first ship after our ship timeout, the caller retries as an
 * integrator does, and the retry buys a second shipment because UPS had not
 * finished the first. The local runtime's timer runs the tracking
 * dispatcher, whose worker reconciles: after the settle window exactly one
 * UPS shipment is billable, it is the order's, every other one is voided and
 * on the order's audit trail (the admin CLI's `shipment audit`), and the
 * rate ships again as the same order.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { readDemoFile } from '../../local/runtime-files';
import { startUpsMock, type UpsMock } from '../../local/ups/mock-server';
import { adminJson, connectCarrierAccount } from '../support/cli';
import { sampleRateBody } from '../support/rate-body';
import { MOCK_CARRIER_TIMEOUTS, runtimeEnv, startRuntime, stopRuntime, waitFor, type RunningRuntime } from '../support/runtime';

const CLIENT = { clientId: 'e2e-reconcile-client', clientSecret: 'e2e-reconcile-secret-4Hq9' };
const ACCOUNT_NUMBER = 'R3C0N1';
// The ship's timeout is the scenario's; the others are those of a carrier mock in this process, slow under load.
const SETTINGS = { ...MOCK_CARRIER_TIMEOUTS, CARRIER_SHIP_TIMEOUT_MS: '1500', SHIP_RECONCILE_AFTER_SECONDS: '3', LOCAL_REFRESH_SECONDS: '1' };

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

/** A ship request as the simulator counts it (local/ups/simulator.ts). */
const isShip = (request: { method: string; path: string }) => request.method === 'POST' && /^\/shipments\/[^/]+\/ship$/.test(request.path);

// What is guaranteed is the end state, not the order of the answers on the way: under load a retry's own ship
// call may time out too (502 again, one more shipment at UPS), and a retry that comes after the late shipment
// landed adopts it (no orphan at all). So every answer must be a documented one, and at the end UPS bills one
// shipment, the order's, every other one voided and on the order's audit trail.
it("UPS answers the first ship late and the caller retries: after the settle window UPS bills exactly the order's shipment", async () => {
  const key = readDemoFile(dataDir)!.testApiKey!;
  // A rate leaves out a carrier that does not answer in time; the UPS mock, in this busy process, checks its first
  // requests against UPS's documents slowly. An integrator rates again: so does the test, until UPS is in.
  const ground = await waitFor(
    'a UPS Ground rate',
    async () => {
      const rated = await call(key, '/rate', { method: 'POST', body: JSON.stringify(sampleRateBody()) });
      expect(rated.status).toBe(200);
      return (rated.json.data!.rates as Array<{ rateResponseId: string; carrier: { code: string }; service: { code: string } }>).find(
        (r) => r.carrier.code === 'UPS' && r.service.code === 'UPS_GROUND',
      );
    },
    90_000,
  );

  ups.simulator.answerLate(5_000);
  const started = Date.now();
  const answers: Array<{ status: number; code: string | undefined }> = [];
  let shipped: Awaited<ReturnType<typeof call>> | undefined;
  // An integrator's retry loop: every 500 ms until an order comes back.
  while (!shipped && Date.now() - started < 120_000) {
    const answer = await call(key, `/ship/${ground.rateResponseId}`, { method: 'POST', body: '{}' });
    answers.push({ status: answer.status, code: answer.json?.error?.code });
    if (answer.status === 200) shipped = answer;
    else await new Promise((resolve) => setTimeout(resolve, 500));
  }
  // The first ship's call outlives our ship timeout (UPS answers 5 s late, the timeout is 1.5 s).
  expect(answers[0]).toEqual({ status: 502, code: 'CARRIER_ERROR' });
  expect(shipped).toBeDefined();
  // On the way: the carrier's failure (a retry may time out too) or another request shipping the rate, nothing else.
  const documented = [
    { status: 502, code: 'CARRIER_ERROR' },
    { status: 409, code: 'SHIPMENT_IN_PROGRESS' },
  ];
  expect(answers.slice(0, -1).filter((a) => !documented.some((d) => d.status === a.status && d.code === a.code))).toEqual([]);
  const { orderId, trackingNumber } = shipped!.json.data as { orderId: string; trackingNumber: string };

  // Every ship UPS received has been acted on (the late one included), then the reconciler voids all but the order's.
  await waitFor(
    'every ship UPS received to land',
    () => (ups.simulator.shipments.length === ups.simulator.received.filter(isShip).length ? true : undefined),
    30_000,
  );
  // The reconciler's rounds back off (3 s after the last attempt, then 6, 12, 24...): a round missed under load puts
  // the next one far later, so the wait is long.
  await waitFor('one billable UPS shipment', () => (ups.simulator.billable().length === 1 ? true : undefined), 120_000);
  expect(ups.simulator.billable()[0]!.trackingNumbers[0]).toBe(trackingNumber);
  const voided = ups.simulator.shipments.filter((s) => s.voided).map((s) => s.trackingNumbers[0]!);
  const audited = await waitFor(
    'every void on the audit trail',
    async () => {
      const { audit } = await adminJson<{ audit: Array<{ action: string; trackingNumber: string }> }>(
        ['shipment', 'audit', '--order', orderId],
        runtimeEnv(dataDir),
      );
      return audit.filter((entry) => entry.action === 'orphan-voided').length >= voided.length ? audit : undefined;
    },
    30_000,
  );
  const voids = audited.filter((entry) => entry.action === 'orphan-voided').map((entry) => entry.trackingNumber);
  expect(voids.sort()).toEqual(voided.sort());
  // Besides: the reconciler's adoption of the late shipment as the order, when a round came before a retry found it.
  expect(audited.filter((entry) => entry.action !== 'orphan-voided').map((entry) => [entry.action, entry.trackingNumber])).toEqual(
    audited.some((entry) => entry.action === 'orphan-adopted') ? [['orphan-adopted', trackingNumber]] : [],
  );

  // One order: shipping the rate again answers the same one, and tracking names its shipment.
  const again = await call(key, `/ship/${ground.rateResponseId}`, { method: 'POST', body: '{}' });
  expect(again).toMatchObject({ status: 200, json: { data: { orderId, trackingNumber } } });
  const tracked = await call(key, `/track/${orderId}`);
  expect(tracked.json.data).toMatchObject({ trackingNumber });
}, 300_000);
