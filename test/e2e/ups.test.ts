/**
 * UPS through `npm start`, as an operator connects it: a runtime of its own
 * whose UPS base URLs point at two local UPS mocks (local/ups/mock-server.ts,
 * which validate every request against UPS's published documents): one as
 * UPS's customer integration environment (test keys), one as production
 * (live keys). A UPS account is added with the admin CLI, the default
 * pricing group's UPS plan bound to it, then each key goes rate → ship →
 * label download → track → cancel through the API. Afterwards neither the
 * credentials nor any token appear in the runtime's logs or answers.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { readDemoFile } from '../../local/runtime-files';
import { startUpsMock, type UpsMock } from '../../local/ups/mock-server';
import { apiCaller } from '../support/api-caller';
import { connectCarrierAccount } from '../support/cli';
import { sampleRateBody } from '../support/rate-body';
import { MOCK_CARRIER_TIMEOUTS, startRuntime, stopRuntime, type RunningRuntime } from '../support/runtime';

const CLIENT = { clientId: 'e2e-ups-client-7Qx2', clientSecret: 'e2e-ups-secret-Zr8vN3kP' };
const ACCOUNT_NUMBER = 'E2E9X1';

let cie: UpsMock;
let production: UpsMock;
let runtime: RunningRuntime | undefined;
let dataDir: string;
let apiUrl: string;
const answers: string[] = [];

const call = apiCaller(() => apiUrl, answers);

beforeAll(async () => {
  cie = await startUpsMock({ clients: [CLIENT] });
  production = await startUpsMock({ clients: [CLIENT] });
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'shipping-ups-e2e-'));
  runtime = await startRuntime(dataDir, { env: { UPS_API_BASE_URL_TEST: cie.apiUrl, UPS_API_BASE_URL_LIVE: production.apiUrl, ...MOCK_CARRIER_TIMEOUTS } });
  apiUrl = runtime.runtime.apiUrl;
  await connectCarrierAccount(dataDir, 'UPS', ['--account-number', ACCOUNT_NUMBER, '--name', 'UPS e2e'], CLIENT);
}, 120_000);

afterAll(async () => {
  if (runtime) await stopRuntime(runtime);
  await Promise.all([cie?.close(), production?.close()]);
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

describe.each([
  ['test', () => readDemoFile(dataDir)!.testApiKey!, () => cie, () => production],
  ['live', () => readDemoFile(dataDir)!.apiKey, () => production, () => cie],
] as const)('a %s key and UPS', (mode, keyOf, own, other) => {
  it("rates, ships, downloads UPS's labels, tracks and cancels, all on its own UPS environment", async () => {
    const key = keyOf();
    const otherSeenBefore = other().seen.length;

    const rated = await call(key, '/rate', { method: 'POST', body: JSON.stringify(sampleRateBody()) });
    expect(rated.status).toBe(200);
    const rates = rated.json.data!.rates as Array<{ rateResponseId: string; carrier: { code: string }; service: { code: string } }>;
    const ground = rates.find((r) => r.carrier.code === 'UPS' && r.service.code === 'UPS_GROUND');
    expect(ground).toBeDefined();
    expect(rates.some((r) => r.carrier.code === 'CARRIERX')).toBe(true);

    const shipped = await call(key, `/ship/${ground!.rateResponseId}`, { method: 'POST', body: '{}' });
    expect(shipped.status).toBe(200);
    const { orderId, trackingNumber } = shipped.json.data as { orderId: string; trackingNumber: string };
    expect(shipped.json.data).toMatchObject({ mode, carrier: { code: 'UPS' }, status: 'pending' });
    const made = own().simulator.shipments.find((s) => s.trackingNumbers[0] === trackingNumber);
    expect(made).toMatchObject({ accountNumber: ACCOUNT_NUMBER, voided: false });

    const pdf = await call(key, `/labels/${orderId}/SHIPPING_LABEL_PDF`);
    expect(pdf.status).toBe(302);
    const pdfBytes = Buffer.from(await (await fetch(pdf.location!)).arrayBuffer());
    expect(pdfBytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    // UPS's label image on the page, not one we drew.
    expect(pdfBytes.toString('latin1')).toMatch(/\/Subtype\s*\/Image/);
    const zpl = await call(key, `/labels/${orderId}/SHIPPING_LABEL_ZPL`);
    expect(zpl.status).toBe(302);
    const zplText = await (await fetch(zpl.location!)).text();
    // UPS's own ZPL (recovered from UPS), not one we drew.
    expect(zplText).toContain(`^FD${trackingNumber}^FS`);

    const tracked = await call(key, `/track/${orderId}`);
    expect(tracked.status).toBe(200);
    expect(tracked.json.data).toMatchObject({ trackingNumber, carrier: 'UPS', mode });
    expect(own().seen.some((s) => s.method === 'GET' && s.path === `/api/track/v1/details/${trackingNumber}`)).toBe(true);

    const cancelled = await call(key, `/shipments/${orderId}`, { method: 'DELETE' });
    expect(cancelled.status).toBe(200);
    expect(cancelled.json.data).toMatchObject({ orderId, status: 'cancelled', mode });
    expect(made!.voided).toBe(true);

    // Nothing of this key's went to the other environment.
    expect(other().seen.length).toBe(otherSeenBefore);
    expect(own().seen.every((s) => s.authorized)).toBe(true);
  }, 60_000);
});

describe('after both walkthroughs', () =>
  it('no UPS credential or token appears in the runtime logs or in any answer', () => {
    const tokens = [...cie.issuedTokens(), ...production.issuedTokens()];
    expect(tokens.length).toBeGreaterThan(0);
    const logs = readdirSync(dataDir)
      .filter((f) => f.endsWith('.log'))
      .map((f) => readFileSync(path.join(dataDir, f), 'utf8'))
      .join('\n');
    expect(logs.length).toBeGreaterThan(0);
    for (const secret of [CLIENT.clientSecret, CLIENT.clientId, Buffer.from(`${CLIENT.clientId}:${CLIENT.clientSecret}`).toString('base64'), ...tokens]) {
      expect(logs).not.toContain(secret);
      for (const answer of answers) expect(answer).not.toContain(secret);
    }
  }));
