/**
 * FedEx through `npm start`, as an operator connects it: a runtime of its
 * own whose FedEx base URLs point at two local FedEx mocks
 * (local/fedex/mock-server.ts, which validate every request against FedEx's
 * documents): one as FedEx's sandbox (test keys), one as production (live
 * keys). A FedEx account is added with the admin CLI and the default pricing
 * group's FedEx plan bound to it. A test key rates (FedEx beside the other
 * carriers, with transit and named surcharges), ships one piece and a
 * three-piece shipment, downloads FedEx's PDF and ZPL labels through the
 * 302, tracks, cancels and closes a Ground day with FedEx's report; a live
 * key reaches production only. Afterwards
 * neither the credentials nor any token appear in the logs or answers.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { readDemoFile } from '../../local/runtime-files';
import { startFedexMock, type FedexMock } from '../../local/fedex/mock-server';
import { apiCaller } from '../support/api-caller';
import { connectCarrierAccount } from '../support/cli';
import { sampleRateBody, shippingDateIn } from '../support/rate-body';
import { MOCK_CARRIER_TIMEOUTS, startRuntime, stopRuntime, type RunningRuntime } from '../support/runtime';
import { describeWithFedexDocuments } from '../unit/local/fedex/documents-present';

const CLIENT = { clientId: 'e2e-fedex-client-4Wm8', clientSecret: 'e2e-fedex-SECRET-Jt6Yq1' };
const ACCOUNT_NUMBER = '740561073';

let sandbox: FedexMock;
let production: FedexMock;
let runtime: RunningRuntime | undefined;
let dataDir: string;
let apiUrl: string;
const answers: string[] = [];

const call = apiCaller(() => apiUrl, answers);
type Rate = { rateResponseId: string; carrier: { code: string }; service: { code: string } };

/** The sample parcel with the shipper's phone (FedEx ships with one), `quantity` packages of it. */
const rateBody = (quantity = 1, shippingDate?: string) => {
  const body = sampleRateBody() as Record<string, unknown> & {
    shipper: Record<string, unknown>;
    shippingOptions: Record<string, unknown>;
    packages: { pieces: Array<Record<string, unknown>> };
  };
  return JSON.stringify({
    ...body,
    ...(shippingDate ? { shippingOptions: { ...body.shippingOptions, shippingDate } } : {}),
    shipper: { ...body.shipper, phoneNumber: '416-555-0100' },
    packages: { ...body.packages, pieces: body.packages.pieces.slice(0, 1).map((p) => ({ ...p, quantity })) },
  });
};

describeWithFedexDocuments('FedEx through npm start', () => {
  beforeAll(async () => {
    sandbox = await startFedexMock({ clients: [{ ...CLIENT, accountNumbers: [ACCOUNT_NUMBER] }] });
    production = await startFedexMock({ clients: [{ ...CLIENT, accountNumbers: [ACCOUNT_NUMBER] }] });
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'shipping-fedex-e2e-'));
    runtime = await startRuntime(dataDir, { env: { FEDEX_API_BASE_URL_TEST: sandbox.url, FEDEX_API_BASE_URL_LIVE: production.url, ...MOCK_CARRIER_TIMEOUTS } });
    apiUrl = runtime.runtime.apiUrl;
    await connectCarrierAccount(dataDir, 'FEDEX', ['--account-number', ACCOUNT_NUMBER, '--name', 'FedEx e2e'], CLIENT);
  }, 120_000);

  afterAll(async () => {
    if (runtime) await stopRuntime(runtime);
    await Promise.all([sandbox?.close(), production?.close()]);
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  const rate = async (key: string, quantity = 1, shippingDate?: string): Promise<Rate & Record<string, unknown>> => {
    const rated = await call(key, '/rate', { method: 'POST', body: rateBody(quantity, shippingDate) });
    expect(rated.status).toBe(200);
    const rates = rated.json.data!.rates as Array<Rate & Record<string, unknown>>;
    expect(rates.some((r) => r.carrier.code === 'CARRIERX')).toBe(true);
    const ground = rates.find((r) => r.carrier.code === 'FEDEX' && r.service.code === 'FEDEX_GROUND');
    expect(ground).toBeDefined();
    return ground!;
  };

  it("a test key rates, ships one and three pieces, downloads FedEx's PDF and ZPL labels, tracks and cancels, all on FedEx's sandbox", async () => {
    const key = readDemoFile(dataDir)!.testApiKey!;
    const productionSeen = production.seen.length;

    const ground = await rate(key);
    expect(JSON.stringify(ground)).toContain('Fuel Surcharge');
    expect(JSON.stringify(ground)).toMatch(/"commitDate":"\d{4}-\d{2}-\d{2}"/);

    const one = await call(key, `/ship/${ground.rateResponseId}`, { method: 'POST', body: '{}' });
    expect(one.status).toBe(200);
    const { orderId, trackingNumber } = one.json.data as { orderId: string; trackingNumber: string };
    expect(one.json.data).toMatchObject({ mode: 'test', carrier: { code: 'FEDEX' }, status: 'pending' });
    const made = sandbox.simulator.shipmentByTrackingNumber(trackingNumber)!;
    expect(made).toMatchObject({ accountNumber: ACCOUNT_NUMBER, cancelled: false });
    const pdf = await call(key, `/labels/${orderId}/SHIPPING_LABEL_PDF`);
    expect(pdf.status).toBe(302);
    const pdfBytes = Buffer.from(await (await fetch(pdf.location!)).arrayBuffer());
    expect(pdfBytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    // FedEx's label, not one we drew.
    expect(pdfBytes.toString('latin1')).toContain(`TRK# ${trackingNumber}`);

    const three = await call(key, `/ship/${(await rate(key, 3)).rateResponseId}`, { method: 'POST', body: JSON.stringify({ labelFormat: 'ZPL' }) });
    expect(three.status).toBe(200);
    const master = (three.json.data as { trackingNumber: string }).trackingNumber;
    const pieces = sandbox.simulator.shipmentByTrackingNumber(master)!.pieces.map((p) => p.trackingNumber);
    expect(pieces).toHaveLength(3);
    expect(pieces[0]).toBe(master);
    const zpl = await call(key, `/labels/${(three.json.data as { orderId: string }).orderId}/SHIPPING_LABEL_ZPL`);
    expect(zpl.status).toBe(302);
    const zplText = await (await fetch(zpl.location!)).text();
    // FedEx's own ZPL, one label a package.
    for (const piece of pieces) expect(zplText).toContain(`^FDTRK# ${piece}^FS`);

    const tracked = await call(key, `/track/${orderId}`);
    expect(tracked.status).toBe(200);
    expect(tracked.json.data).toMatchObject({ trackingNumber, carrier: 'FEDEX', mode: 'test' });
    expect(sandbox.seen.some((s) => s.path === '/track/v1/trackingnumbers')).toBe(true);

    const cancelled = await call(key, `/shipments/${orderId}`, { method: 'DELETE' });
    expect(cancelled.status).toBe(200);
    expect(cancelled.json.data).toMatchObject({ orderId, status: 'cancelled', mode: 'test' });
    expect(made.cancelled).toBe(true);

    expect(production.seen.length).toBe(productionSeen);
    expect(sandbox.seen.filter((s) => s.path !== '/oauth/token').every((s) => s.authorized)).toBe(true);
  }, 90_000);

  it("a test key closes a Ground day: FedEx's report is the manifest's PDF", async () => {
    const key = readDemoFile(dataDir)!.testApiKey!;
    const today = shippingDateIn(0);
    const shipped = await call(key, `/ship/${(await rate(key, 1, today)).rateResponseId}`, { method: 'POST', body: '{}' });
    expect(shipped.status).toBe(200);
    const closed = await call(key, '/manifests', { method: 'POST', body: JSON.stringify({ carrierCode: 'FEDEX', shipDate: today }) });
    expect(closed.status).toBe(201);
    const manifest = closed.json.data as { manifestId: string; documents: Array<{ code: string; source: string }> };
    expect(manifest.documents).toEqual([expect.objectContaining({ code: 'MANIFEST_PDF', source: 'carrier' })]);
    expect(sandbox.simulator.closes.at(-1)!.trackingNumbers).toContain((shipped.json.data as { trackingNumber: string }).trackingNumber);
    const pdf = await call(key, `/manifests/${manifest.manifestId}/MANIFEST_PDF`);
    expect(pdf.status).toBe(302);
    const bytes = Buffer.from(await (await fetch(pdf.location!)).arrayBuffer());
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  }, 60_000);

  it('a live key reaches FedEx production only', async () => {
    const key = readDemoFile(dataDir)!.apiKey;
    const sandboxSeen = sandbox.seen.length;
    const ground = await rate(key);
    const shipped = await call(key, `/ship/${ground.rateResponseId}`, { method: 'POST', body: '{}' });
    expect(shipped.status).toBe(200);
    expect(shipped.json.data).toMatchObject({ mode: 'live', carrier: { code: 'FEDEX' } });
    expect(production.simulator.shipmentByTrackingNumber((shipped.json.data as { trackingNumber: string }).trackingNumber)).toBeDefined();
    expect(sandbox.seen.length).toBe(sandboxSeen);
  }, 60_000);

  it('no FedEx credential or token appears in the runtime logs or in any answer', () => {
    const tokens = [...sandbox.issuedTokens(), ...production.issuedTokens()];
    expect(tokens.length).toBeGreaterThan(1);
    const logs = readdirSync(dataDir)
      .filter((f) => f.endsWith('.log'))
      .map((f) => readFileSync(path.join(dataDir, f), 'utf8'))
      .join('\n');
    expect(logs.length).toBeGreaterThan(0);
    for (const secret of [CLIENT.clientSecret, CLIENT.clientId, ...tokens]) {
      expect(logs).not.toContain(secret);
      for (const answer of answers) expect(answer).not.toContain(secret);
    }
  });
});
