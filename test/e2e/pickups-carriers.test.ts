/**
 * Pickups with the live carriers through `npm start` (docs/pickups.md): a
 * runtime of its own whose UPS, Canada Post and FedEx test and live bases
 * are local stand-ins that check every request against the carrier's own
 * documents (local/ups, local/canada-post, local/fedex). A test key ships an
 * order with each carrier, asks its windows, books a pickup for the order,
 * reads it back and cancels it; a second pickup whose driver the carrier has
 * dispatched is refused its cancel (409). UPS answering a booking after our
 * timeout leaves one booked pickup once the same request comes again. The
 * live stand-ins see no pickup call, and no credential or token appears in
 * the logs or the answers.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { readDemoFile } from '../../local/runtime-files';
import { startCanadaPostMock, type CanadaPostMock } from '../../local/canada-post/mock-server';
import { canadaPostXsdAvailable } from '../../local/canada-post/xsd';
import { startFedexMock, type FedexMock } from '../../local/fedex/mock-server';
import { startUpsMock, type UpsMock } from '../../local/ups/mock-server';
import { apiCaller } from '../support/api-caller';
import { connectCarrierAccount } from '../support/cli';
import { sampleRateBody } from '../support/rate-body';
import { MOCK_CARRIER_TIMEOUTS, startRuntime, stopRuntime, waitFor, type RunningRuntime } from '../support/runtime';
import { describeWithFedexDocuments } from '../unit/local/fedex/documents-present';

const UPS_CLIENT = { clientId: 'e2e-pk-ups-client-3Hd', clientSecret: 'e2e-pk-ups-SECRET-Lr5' };
const UPS_ACCOUNT = 'PK2E2E';
const CP_CLIENT = { username: 'e2e-pk-cp-user-8Tn', password: 'e2e-pk-cp-PASSWORD-Vb2' };
const CP_CUSTOMER = '2004381';
const CP_CONTRACT = '42708517';
const FEDEX_CLIENT = { clientId: 'e2e-pk-fedex-client-6Ws', clientSecret: 'e2e-pk-fedex-SECRET-Qz4' };
const FEDEX_ACCOUNT = '740561073';

/** Where the driver comes: the sample shipper, with the phone and e-mail every carrier's pickup asks for. */
const dock = { ...sampleRateBody().shipper, phoneNumber: '416-555-0100', emailAddress: 'dock@maple.example.com' };

/** The first weekday at least `days` after today (UTC): every carrier's stand-in picks up on business days. */
const nextWeekday = (days = 1) => {
  let day = new Date(Date.now() + days * 86_400_000);
  while (day.getUTCDay() === 0 || day.getUTCDay() === 6) day = new Date(day.getTime() + 86_400_000);
  return day.toISOString().slice(0, 10);
};

type Pickup = { pickupId: string; status: string; mode: string; confirmationNumber: string; orders: string[]; carrier: { code: string } };
type Mocks = { ups: UpsMock; canadaPost: CanadaPostMock; fedex: FedexMock };

let test: Mocks;
let live: Mocks;
let runtime: RunningRuntime | undefined;
let dataDir: string;
let apiUrl: string;
const answers: string[] = [];
const call = apiCaller(() => apiUrl, answers);

const startMocks = async (): Promise<Mocks> => ({
  ups: await startUpsMock({ clients: [UPS_CLIENT] }),
  canadaPost: await startCanadaPostMock({ clients: [CP_CLIENT] }),
  fedex: await startFedexMock({ clients: [{ ...FEDEX_CLIENT, accountNumbers: [FEDEX_ACCOUNT] }] }),
});
const closeMocks = async (mocks: Mocks | undefined) => {
  if (mocks) await Promise.all([mocks.ups.close(), mocks.canadaPost.close(), mocks.fedex.close()]);
};

/** The pickup calls a carrier's stand-in received. */
const pickupCalls = (mocks: Mocks, carrier: string): string[] => {
  if (carrier === 'UPS') return mocks.ups.seen.map((s) => s.path).filter((p) => p.includes('pickup'));
  if (carrier === 'CANADAPOST') return mocks.canadaPost.seen.map((s) => s.path).filter((p) => p.includes('pickup'));
  return mocks.fedex.seen.map((s) => s.path).filter((p) => p.startsWith('/pickup/'));
};

/** The carrier's driver is on the way: it refuses to cancel from now on. */
const dispatch = (carrier: string, confirmationNumber: string) => {
  if (carrier === 'UPS') test.ups.simulator.dispatchPickup(confirmationNumber);
  else if (carrier === 'CANADAPOST') test.canadaPost.simulator.dispatchPickup(confirmationNumber);
  else test.fedex.simulator.dispatch(confirmationNumber);
};

/** Rates the sample parcel (one package, the shipper's phone) with a test key and ships the carrier's first rate: the order id. */
const shipWith = async (key: string, carrier: string): Promise<string> => {
  const body = sampleRateBody() as Record<string, unknown> & { shipper: Record<string, unknown>; packages: { pieces: Array<Record<string, unknown>> } };
  const rated = await call(key, '/rate', {
    method: 'POST',
    body: JSON.stringify({
      ...body,
      shipper: { ...body.shipper, phoneNumber: dock.phoneNumber },
      packages: { ...body.packages, pieces: body.packages.pieces.slice(0, 1).map((p) => ({ ...p, quantity: 1 })) },
    }),
  });
  expect(rated.status).toBe(200);
  const rate = (rated.json.data!.rates as Array<{ rateResponseId: string; carrier: { code: string } }>).find((r) => r.carrier.code === carrier);
  expect(rate).toBeDefined();
  const shipped = await call(key, `/ship/${rate!.rateResponseId}`, { method: 'POST', body: '{}' });
  expect([shipped.status, shipped.json.error?.message]).toEqual([200, undefined]);
  return (shipped.json.data as { orderId: string }).orderId;
};

const book = (key: string, carrierCode: string, body: Record<string, unknown>) =>
  call(key, '/pickups', {
    method: 'POST',
    body: JSON.stringify({ carrierCode, pickupDate: nextWeekday(), readyTime: '13:00', closeTime: '17:00', location: dock, ...body }),
  });

const schemas = canadaPostXsdAvailable() || process.env.CI === 'true';
if (!schemas) process.stderr.write("skipped: pickups with the live carriers: Canada Post's XML schemas are absent (set CANADAPOST_XSD_DIR)\n");
const maybe = schemas ? describeWithFedexDocuments : describe.skip;

maybe('pickups with UPS, Canada Post and FedEx through npm start', () => {
  beforeAll(async () => {
    test = await startMocks();
    live = await startMocks();
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'shipping-pickups-e2e-'));
    runtime = await startRuntime(dataDir, {
      env: {
        UPS_API_BASE_URL_TEST: test.ups.apiUrl,
        UPS_API_BASE_URL_LIVE: live.ups.apiUrl,
        CANADAPOST_API_BASE_URL_TEST: test.canadaPost.url,
        CANADAPOST_API_BASE_URL_LIVE: live.canadaPost.url,
        FEDEX_API_BASE_URL_TEST: test.fedex.url,
        FEDEX_API_BASE_URL_LIVE: live.fedex.url,
        ...MOCK_CARRIER_TIMEOUTS,
        // A booking answered late: our ship timeout (which a pickup's create keeps) passes first.
        CARRIER_SHIP_TIMEOUT_MS: '4000',
      },
    });
    apiUrl = runtime.runtime.apiUrl;
    await connectCarrierAccount(dataDir, 'UPS', ['--account-number', UPS_ACCOUNT, '--name', 'UPS pickups e2e'], UPS_CLIENT);
    await connectCarrierAccount(dataDir, 'CANADAPOST', ['--account-number', CP_CUSTOMER, '--contract-id', CP_CONTRACT], CP_CLIENT);
    await connectCarrierAccount(dataDir, 'FEDEX', ['--account-number', FEDEX_ACCOUNT, '--name', 'FedEx pickups e2e'], FEDEX_CLIENT);
  }, 120_000);

  afterAll(async () => {
    if (runtime) await stopRuntime(runtime);
    await Promise.all([closeMocks(test), closeMocks(live)]);
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it.each(['UPS', 'CANADAPOST', 'FEDEX'])(
    "a test key books a %s pickup for the day's order, reads it back and cancels it; a dispatched one is refused its cancel",
    async (carrier) => {
      const key = readDemoFile(dataDir)!.testApiKey!;
      const orderId = await shipWith(key, carrier);

      const windows = await call(
        key,
        `/pickups/availability?${new URLSearchParams({ carrierCode: carrier, postalCode: dock.postalCode, city: dock.city, provinceCode: dock.provinceCode, date: nextWeekday() }).toString()}`,
      );
      expect([windows.status, windows.json.error?.message]).toEqual([200, undefined]);
      expect((windows.json.data as { windows: unknown[] }).windows.length).toBeGreaterThan(0);

      const booked = await book(key, carrier, { orderIds: [orderId], instructions: 'Dock 4, ring twice' });
      expect([booked.status, booked.json.error?.message]).toEqual([201, undefined]);
      const pickup = booked.json.data as unknown as Pickup;
      expect(pickup).toMatchObject({ mode: 'test', status: 'scheduled', orders: [orderId], carrier: { code: carrier } });
      expect(pickup.confirmationNumber).toMatch(/^[A-Z0-9-]+$/);
      expect((await call(key, `/pickups/${pickup.pickupId}`)).json.data).toEqual(pickup);

      const cancelled = await call(key, `/pickups/${pickup.pickupId}`, { method: 'DELETE' });
      expect([cancelled.status, cancelled.json.error?.message]).toEqual([200, undefined]);
      expect(cancelled.json.data).toMatchObject({ pickupId: pickup.pickupId, status: 'cancelled' });

      // Another pickup (another window), whose driver is then dispatched: the carrier refuses its cancel, and so do we.
      const second = await book(key, carrier, { orderIds: [orderId], readyTime: '14:00' });
      expect([second.status, second.json.error?.message]).toEqual([201, undefined]);
      const other = second.json.data as unknown as Pickup;
      dispatch(carrier, other.confirmationNumber);
      const refused = await call(key, `/pickups/${other.pickupId}`, { method: 'DELETE' });
      expect(refused.status).toBe(409);
      expect(refused.json.error).toMatchObject({ code: 'PICKUP_NOT_CANCELLABLE' });
      expect((await call(key, `/pickups/${other.pickupId}`)).json.data).toMatchObject({ status: 'scheduled' });

      // A test key books in the carrier's test environment only.
      expect(pickupCalls(test, carrier).length).toBeGreaterThanOrEqual(4);
      expect(pickupCalls(live, carrier)).toEqual([]);
    },
    90_000,
  );

  it('UPS answering a booking after our timeout leaves one booked pickup: the same request again adopts it', async () => {
    const key = readDemoFile(dataDir)!.testApiKey!;
    // Another day than the other tests' pickups: UPS answers a second booking at one place and day with the first's PRN.
    const body = { packageCount: 3, totalWeight: { value: 7.5, unit: 'kg' }, readyTime: '10:30', pickupDate: nextWeekday(3) };
    const before = test.ups.simulator.pickups.length;
    test.ups.simulator.answerLate(6_000, 'pickup');
    const lost = await book(key, 'UPS', body);
    expect(lost.status).toBe(502);
    expect(lost.json.error?.message).toContain('outcome is unknown');
    // UPS books it all the same, once its late answer is sent.
    await waitFor('UPS to book the late pickup', () => test.ups.simulator.pickups.length === before + 1 || undefined);

    const again = await book(key, 'UPS', body);
    expect([again.status, again.json.error?.message]).toEqual([201, undefined]);
    const pickup = again.json.data as unknown as Pickup;
    expect(pickup.confirmationNumber).toBe(test.ups.simulator.pickups.at(-1)!.prn);
    expect(test.ups.simulator.pickups.length).toBe(before + 1);
    const listed = (await call(key, '/pickups?carrierCode=UPS')).json.data as { pickups: Pickup[] };
    expect(listed.pickups.filter((p) => p.confirmationNumber === pickup.confirmationNumber && p.status === 'scheduled')).toHaveLength(1);
  }, 90_000);

  it('no credential or token of any carrier appears in the runtime logs or in any answer', () => {
    const tokens = [test, live].flatMap((m) => [...m.ups.issuedTokens(), ...m.fedex.issuedTokens()]);
    expect(tokens.length).toBeGreaterThan(1);
    const logs = readdirSync(dataDir)
      .filter((f) => f.endsWith('.log'))
      .map((f) => readFileSync(path.join(dataDir, f), 'utf8'))
      .join('\n');
    expect(logs.length).toBeGreaterThan(0);
    const basic = (user: string, secret: string) => Buffer.from(`${user}:${secret}`).toString('base64');
    for (const secret of [
      UPS_CLIENT.clientSecret,
      UPS_CLIENT.clientId,
      basic(UPS_CLIENT.clientId, UPS_CLIENT.clientSecret),
      CP_CLIENT.password,
      basic(CP_CLIENT.username, CP_CLIENT.password),
      FEDEX_CLIENT.clientSecret,
      FEDEX_CLIENT.clientId,
      ...tokens,
    ]) {
      expect(logs).not.toContain(secret);
      for (const answer of answers) expect(answer).not.toContain(secret);
    }
  });
});
