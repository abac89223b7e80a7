/**
 * Address validation by the carriers through `npm start` (docs/addresses.md):
 * a runtime of its own whose UPS and FedEx test bases are local stand-ins
 * that check every request against the carrier's document (local/ups,
 * local/fedex). Both accounts are added with the admin CLI and bound to the
 * default pricing group. A test key's US address is validated by UPS and its
 * Canadian one by FedEx; the same addresses again make no carrier call (the
 * cache); the live stand-ins see nothing. A request the stand-in's document
 * refuses would be answered 400, and the service would fall back to its
 * built-in rules (validatedBy `builtin`): each answer names its carrier.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { readDemoFile } from '../../local/runtime-files';
import { startFedexMock, type FedexMock } from '../../local/fedex/mock-server';
import { startUpsMock, type UpsMock } from '../../local/ups/mock-server';
import { apiCaller } from '../support/api-caller';
import { connectCarrierAccount } from '../support/cli';
import { sampleRateBody } from '../support/rate-body';
import { MOCK_CARRIER_TIMEOUTS, startRuntime, stopRuntime, type RunningRuntime } from '../support/runtime';
import { describeWithFedexDocuments } from '../unit/local/fedex/documents-present';

const FEDEX_CLIENT = { clientId: 'e2e-av-fedex-client-7Kp', clientSecret: 'e2e-av-fedex-SECRET-Qm3' };
const FEDEX_ACCOUNT = '740561073';
const UPS_CLIENT = { clientId: 'e2e-av-ups-client-2Rt', clientSecret: 'e2e-av-ups-SECRET-Wn8' };
const UPS_ACCOUNT = 'AV2E2E';

const newYork = { personName: 'Ann Lee', addressLine1: '350 5th Ave', city: 'New York', provinceCode: 'NY', postalCode: '10118', countryCode: 'US' };
const toronto = { personName: 'Jane Doe', addressLine1: '100 King St W', city: 'Toronto', provinceCode: 'ON', postalCode: 'M5X 1A9', countryCode: 'CA' };

let fedexTest: FedexMock;
let fedexLive: FedexMock;
let upsTest: UpsMock;
let upsLive: UpsMock;
let runtime: RunningRuntime | undefined;
let dataDir: string;
let apiUrl: string;
const answers: string[] = [];
const call = apiCaller(() => apiUrl, answers);

type Result = { status: string; classification: string; validatedBy: string; messages: Array<{ code: string }> };

describeWithFedexDocuments('address validation by UPS and FedEx through npm start', () => {
  beforeAll(async () => {
    fedexTest = await startFedexMock({ clients: [{ ...FEDEX_CLIENT, accountNumbers: [FEDEX_ACCOUNT] }] });
    fedexLive = await startFedexMock({ clients: [{ ...FEDEX_CLIENT, accountNumbers: [FEDEX_ACCOUNT] }] });
    upsTest = await startUpsMock({ clients: [UPS_CLIENT] });
    upsLive = await startUpsMock({ clients: [UPS_CLIENT] });
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'shipping-av-e2e-'));
    runtime = await startRuntime(dataDir, {
      env: {
        FEDEX_API_BASE_URL_TEST: fedexTest.url,
        FEDEX_API_BASE_URL_LIVE: fedexLive.url,
        UPS_API_BASE_URL_TEST: upsTest.apiUrl,
        UPS_API_BASE_URL_LIVE: upsLive.apiUrl,
        ...MOCK_CARRIER_TIMEOUTS,
      },
    });
    apiUrl = runtime.runtime.apiUrl;
    await connectCarrierAccount(dataDir, 'UPS', ['--account-number', UPS_ACCOUNT, '--name', 'UPS addresses e2e'], UPS_CLIENT);
    await connectCarrierAccount(dataDir, 'FEDEX', ['--account-number', FEDEX_ACCOUNT, '--name', 'FedEx addresses e2e'], FEDEX_CLIENT);
  }, 120_000);

  afterAll(async () => {
    if (runtime) await stopRuntime(runtime);
    await Promise.all([fedexTest?.close(), fedexLive?.close(), upsTest?.close(), upsLive?.close()]);
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  const validate = async (key: string, addresses: unknown[], carrierCode: string): Promise<Result[]> => {
    const answer = await call(key, '/addresses/validate', { method: 'POST', body: JSON.stringify({ addresses, carrierCode }) });
    expect(answer.status).toBe(200);
    return (answer.json.data as { results: Result[] }).results;
  };
  const upsCalls = () => upsTest.seen.filter((s) => s.path.startsWith('/api/addressvalidation/') || s.path.startsWith('/addressvalidation/'));
  const fedexCalls = () => fedexTest.seen.filter((s) => s.path === '/address/v1/addresses/resolve');

  it("a test key's US address is validated by UPS and its Canadian one by FedEx, on their test bases, once a day", async () => {
    const key = readDemoFile(dataDir)!.testApiKey!;

    const [us] = await validate(key, [newYork], 'UPS');
    expect(us).toMatchObject({ validatedBy: 'UPS' });
    expect(['verified', 'corrected']).toContain(us!.status);
    expect(us!.messages.map((m) => m.code)).not.toContain('CARRIER_UNAVAILABLE');
    expect(upsCalls()).toHaveLength(1);

    const [ca] = await validate(key, [toronto], 'FEDEX');
    expect(ca).toMatchObject({ validatedBy: 'FEDEX' });
    expect(['verified', 'corrected']).toContain(ca!.status);
    expect(fedexCalls()).toHaveLength(1);

    // The same addresses within the day: answered from the company's cache, no carrier call.
    expect(await validate(key, [newYork], 'UPS')).toEqual([us]);
    expect(await validate(key, [toronto], 'FEDEX')).toEqual([ca]);
    expect(upsCalls()).toHaveLength(1);
    expect(fedexCalls()).toHaveLength(1);
    // A test key never reaches production.
    expect(upsLive.seen.filter((s) => s.path.includes('addressvalidation'))).toEqual([]);
    expect(fedexLive.seen.filter((s) => s.path.startsWith('/address/'))).toEqual([]);
  });

  it('strict refuses an invalid recipient with 422 before any carrier is asked for a rate', async () => {
    const key = readDemoFile(dataDir)!.testApiKey!;
    const seenBefore = [upsTest.seen.length, fedexTest.seen.length];
    const body = sampleRateBody() as Record<string, unknown> & { recipient: Record<string, unknown>; shippingOptions: Record<string, unknown> };
    const refused = await call(key, '/rate', {
      method: 'POST',
      body: JSON.stringify({
        ...body,
        recipient: { ...body.recipient, postalCode: '12345' },
        shippingOptions: { ...body.shippingOptions, addressValidation: 'strict' },
      }),
    });
    expect(refused.status).toBe(422);
    expect(refused.json.error).toMatchObject({ code: 'ADDRESS_INVALID' });
    const asked = [...upsTest.seen.slice(seenBefore[0]), ...fedexTest.seen.slice(seenBefore[1])].map((s) => s.path);
    const ratePaths = (paths: string[]) => paths.filter((p) => /rating|\/rate\//.test(p));
    expect(ratePaths(asked)).toEqual([]);
    // The check is not vacuous: without strict, the same body is rated by UPS's stand-in.
    const rated = await call(key, '/rate', { method: 'POST', body: JSON.stringify({ ...body, recipient: { ...body.recipient, postalCode: '12345' } }) });
    expect(rated.status).toBe(200);
    expect(ratePaths(upsTest.seen.slice(seenBefore[0]).map((s) => s.path)).length).toBeGreaterThan(0);
  });

  it("validate at rate answers each party's validation by the carrier that covers its country", async () => {
    const key = readDemoFile(dataDir)!.testApiKey!;
    const body = sampleRateBody() as Record<string, unknown> & { shippingOptions: Record<string, unknown> };
    const rated = await call(key, '/rate', {
      method: 'POST',
      body: JSON.stringify({ ...body, shippingOptions: { ...body.shippingOptions, addressValidation: 'validate' } }),
    });
    expect(rated.status).toBe(200);
    const validation = (rated.json.data as { addressValidation: Record<'shipper' | 'recipient', Result> }).addressValidation;
    // The sample's parties are Canadian: FedEx covers Canada, UPS only the US and Puerto Rico.
    expect(validation.recipient).toMatchObject({ validatedBy: 'FEDEX' });
    expect(['residential', 'commercial', 'mixed', 'unknown']).toContain(validation.recipient.classification);
    expect(validation.shipper).toMatchObject({ validatedBy: 'FEDEX' });
  });

  it('no credential of either account appears in an answer', () => {
    const all = answers.join('\n');
    for (const secret of [FEDEX_CLIENT.clientSecret, UPS_CLIENT.clientSecret]) expect(all).not.toContain(secret);
  });
});
