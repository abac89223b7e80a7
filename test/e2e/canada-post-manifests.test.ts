/**
 * Canada Post's end of day through `npm start` (docs/manifests.md,
 * docs/canada-post.md): a runtime whose Canada Post bases point at two local
 * Canada Post stand-ins (development for test keys, production for live
 * keys), a contract account added with the admin CLI and bound to the
 * default pricing group. A test key ships three contract shipments and
 * closes the day: Canada Post receives one transmit of their group, and our
 * manifest's PDF, through our 302, is Canada Post's own manifest. A fourth
 * shipment made afterwards is not on it; a manifested order's cancel is a
 * refund request, never a void; a transmit whose answer was lost is found
 * again in Canada Post's list by the next close, never transmitted twice.
 * Two concurrent cancels, Canada Post refusing the first void only after it
 * voided the second (issue 43): the order stays off every manifest, and the
 * day has one manifest, none left closing.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startCanadaPostMock, type CanadaPostMock } from '../../local/canada-post/mock-server';
import { canadaPostXsdAvailable } from '../../local/canada-post/xsd';
import { readDemoFile } from '../../local/runtime-files';
import { apiCaller } from '../support/api-caller';
import { connectCarrierAccount } from '../support/cli';
import { sampleRateBody } from '../support/rate-body';
import { MOCK_CARRIER_TIMEOUTS, startRuntime, stopRuntime, type RunningRuntime } from '../support/runtime';

const CLIENT = { username: 'e2e-cp-close-7c1e', password: 'e2e-cp-close-password-M4x8Rt' };
const CUSTOMER_NUMBER = '2004381';
const CONTRACT_ID = '42708517';

let development: CanadaPostMock;
let production: CanadaPostMock;
let runtime: RunningRuntime | undefined;
let dataDir: string;
let apiUrl: string;

type Manifest = {
  manifestId: string;
  mode: string;
  shipDate: string;
  status: string;
  orders: string[];
  carrierManifestIds: string[];
  documents: Array<{ code: string; source: string }>;
};
const call = apiCaller(() => apiUrl);

/** A parcel from Ottawa to Montréal, one package, with the sender's phone Canada Post's Create Shipment needs. */
const canadianBody = () => {
  const body = sampleRateBody() as Record<string, unknown> & { shipper: Record<string, unknown>; packages: { pieces: Array<Record<string, unknown>> } };
  return {
    ...body,
    shipper: { ...body.shipper, phoneNumber: '613-555-0100' },
    packages: { ...body.packages, pieces: body.packages.pieces.slice(0, 1).map((p) => ({ ...p, quantity: 1 })) },
  };
};
/** Each shipment's own shipping date: the rate request's (tomorrow in the sample body). */
const shipDate = () => sampleRateBody().shippingOptions.shippingDate as string;

/** Rates and ships one Canada Post Expedited Parcel: its order id and PIN. */
const shipCanadaPost = async (key: string): Promise<{ orderId: string; trackingNumber: string }> => {
  const rated = await call(key, '/rate', { method: 'POST', body: JSON.stringify(canadianBody()) });
  expect(rated.status).toBe(200);
  const rate = (rated.json.data!.rates as Array<{ rateResponseId: string; carrier: { code: string }; service: { code: string } }>).find(
    (r) => r.carrier.code === 'CANADAPOST' && r.service.code === 'CANADAPOST_EXPEDITED_PARCEL',
  )!;
  const shipped = await call(key, `/ship/${rate.rateResponseId}`, { method: 'POST', body: '{}' });
  expect([shipped.status, shipped.json.error?.message]).toEqual([200, undefined]);
  return shipped.json.data as { orderId: string; trackingNumber: string };
};

const close = (key: string, orderIds?: string[]) =>
  call(key, '/manifests', { method: 'POST', body: JSON.stringify({ carrierCode: 'CANADAPOST', shipDate: shipDate(), ...(orderIds ? { orderIds } : {}) }) });
/** The Canada Post manifests of the shipments' day. */
const dayManifests = async (key: string): Promise<Manifest[]> => {
  const listed = await call(key, `/manifests?carrierCode=CANADAPOST&from=${shipDate()}&to=${shipDate()}&limit=50`);
  expect(listed.status).toBe(200);
  return listed.json.data!.manifests as Manifest[];
};
const transmits = (mock: CanadaPostMock) => mock.simulator.received.filter((r) => r.method === 'POST' && /\/manifest$/.test(r.path)).length;

const schemas = canadaPostXsdAvailable() || process.env.CI === 'true';
const maybe = schemas ? describe : describe.skip;
if (!schemas) process.stderr.write("skipped: Canada Post manifests e2e: Canada Post's XML schemas are absent (set CANADAPOST_XSD_DIR)\n");

maybe("Canada Post's day's close through npm start", () => {
  beforeAll(async () => {
    development = await startCanadaPostMock({ clients: [CLIENT] });
    production = await startCanadaPostMock({ clients: [CLIENT] });
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'shipping-cp-close-e2e-'));
    runtime = await startRuntime(dataDir, {
      env: { CANADAPOST_API_BASE_URL_TEST: development.url, CANADAPOST_API_BASE_URL_LIVE: production.url, ...MOCK_CARRIER_TIMEOUTS },
    });
    apiUrl = runtime.runtime.apiUrl;
    // The refund e-mail: a manifested shipment's cancel is a refund request Canada Post answers there.
    await connectCarrierAccount(dataDir, 'CANADAPOST', ['--account-number', CUSTOMER_NUMBER, '--contract-id', CONTRACT_ID], {
      ...CLIENT,
      refundEmail: 'ops@example.com',
    });
  }, 120_000);

  afterAll(async () => {
    if (runtime) await stopRuntime(runtime);
    await Promise.all([development?.close(), production?.close()]);
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it("transmits three contract shipments, serves Canada Post's manifest PDF through the 302, leaves a later shipment for the next close, and refunds a manifested order instead of voiding it", async () => {
    const key = readDemoFile(dataDir)!.testApiKey!;
    const shipped = [await shipCanadaPost(key), await shipCanadaPost(key), await shipCanadaPost(key)];
    const group = `shipping-api-${shipDate().replaceAll('-', '')}`;
    expect(development.simulator.groups(CUSTOMER_NUMBER).get(group)?.length).toBe(3);

    const closed = await close(key);
    expect([closed.status, closed.json.error?.message]).toEqual([201, undefined]);
    const manifest = closed.json.data as unknown as Manifest;
    expect(manifest).toMatchObject({ mode: 'test', shipDate: shipDate(), status: 'closed' });
    expect([...manifest.orders].sort()).toEqual(shipped.map((s) => s.orderId).sort());
    expect(manifest.documents).toEqual([expect.objectContaining({ code: 'MANIFEST_PDF', source: 'carrier' })]);

    // Canada Post: one transmit of the day's group, with the shipper's address; the three shipments on its manifest.
    expect(development.simulator.manifests).toHaveLength(1);
    const made = development.simulator.manifests[0]!;
    expect(made).toMatchObject({ groupIds: [group], methodOfPayment: 'Account', contractId: CONTRACT_ID });
    expect([...made.shipmentIds].sort()).toEqual(shipped.map((s) => development.simulator.shipmentByPin(s.trackingNumber)!.shipmentId).sort());
    expect(manifest.carrierManifestIds).toEqual([made.poNumber]);
    expect(development.simulator.groups(CUSTOMER_NUMBER).has(group)).toBe(false);
    expect(production.simulator.received).toEqual([]);
    expect(development.simulator.received.filter((r) => r.status === 400)).toEqual([]);

    // The PDF through our 302 is Canada Post's manifest, byte for byte.
    const pdf = await call(key, `/manifests/${manifest.manifestId}/MANIFEST_PDF`);
    expect(pdf.status).toBe(302);
    const ours = Buffer.from(await (await fetch(pdf.location!)).arrayBuffer());
    const theirs = await fetch(`${development.url}/rs/artifact/${CLIENT.username}/${made.artifactId}/0`, {
      headers: { Authorization: `Basic ${Buffer.from(`${CLIENT.username}:${CLIENT.password}`).toString('base64')}`, Accept: 'application/pdf' },
    });
    expect(theirs.status).toBe(200);
    expect(ours.equals(Buffer.from(await theirs.arrayBuffer()))).toBe(true);

    // A shipment made after the close: not on this manifest, in the group's next transmit.
    const fourth = await shipCanadaPost(key);
    expect(((await call(key, `/manifests/${manifest.manifestId}`)).json.data as unknown as Manifest).orders).not.toContain(fourth.orderId);
    expect(development.simulator.shipmentByPin(fourth.trackingNumber)).toMatchObject({ status: 'created', groupId: group });

    // The cancel of a manifested order: a refund request, no void.
    const refunded = development.simulator.shipmentByPin(shipped[0]!.trackingNumber)!;
    const cancelled = await call(key, `/shipments/${shipped[0]!.orderId}`, { method: 'DELETE' });
    expect([cancelled.status, cancelled.json.error?.message]).toEqual([200, undefined]);
    expect(cancelled.json.data).toMatchObject({ orderId: shipped[0]!.orderId, status: 'cancelled' });
    expect(refunded.refund).toMatchObject({ email: 'ops@example.com' });
    expect(refunded.voided).toBe(false);
    expect(development.simulator.received.some((r) => r.method === 'DELETE')).toBe(false);
  }, 120_000);

  it('a close whose transmit answer was lost is finished by the next close from Canada Post’s list, never transmitted twice', async () => {
    const key = readDemoFile(dataDir)!.testApiKey!;
    // The open shipments now: the fourth of the test above, and one more.
    const fifth = await shipCanadaPost(key);
    const manifestsBefore = development.simulator.manifests.length;
    const transmitsBefore = transmits(development);

    development.simulator.failNext('lose-answer', 1, 'transmit');
    const lost = await close(key);
    expect(lost.status).toBe(502);
    expect(lost.json.error?.code).toBe('CARRIER_ERROR');
    // Canada Post made the manifest; we never heard of it.
    expect(development.simulator.manifests).toHaveLength(manifestsBefore + 1);
    const made = development.simulator.manifests.at(-1)!;
    expect(made.shipmentIds).toContain(development.simulator.shipmentByPin(fifth.trackingNumber)!.shipmentId);

    const finished = await close(key);
    expect([finished.status, finished.json.error?.message]).toEqual([201, undefined]);
    const manifest = finished.json.data as unknown as Manifest;
    expect(manifest).toMatchObject({ status: 'closed', carrierManifestIds: [made.poNumber] });
    expect(manifest.orders).toContain(fifth.orderId);
    expect(manifest.orders).toHaveLength(made.shipmentIds.length);
    // Found in Get Manifests by its customer-reference: no second transmit, no second manifest.
    expect(transmits(development)).toBe(transmitsBefore + 1);
    expect(development.simulator.manifests).toHaveLength(manifestsBefore + 1);
    const pdf = await call(key, `/manifests/${manifest.manifestId}/MANIFEST_PDF`);
    expect(pdf.status).toBe(302);

    // Nothing left to close: the same close answers the manifest again.
    const again = await close(key);
    expect(again.status).toBe(200);
    expect((again.json.data as unknown as Manifest).manifestId).toBe(manifest.manifestId);
  }, 120_000);

  it('two concurrent cancels, Canada Post refusing the first void after voiding the second: the order stays off every manifest, and the day gets one manifest, none left closing', async () => {
    const key = readDemoFile(dataDir)!.testApiKey!;
    const before = new Set((await dayManifests(key)).map((m) => m.manifestId));
    const transmitsBefore = transmits(development);
    const [raced, kept] = [await shipCanadaPost(key), await shipCanadaPost(key)];

    // The first cancel's void waits at Canada Post; the second one's is voided; then the first is refused.
    const held = development.simulator.holdNext('voidShipment');
    development.simulator.failNext('refuse', 1, 'voidShipment');
    const refused = call(key, `/shipments/${raced.orderId}`, { method: 'DELETE' });
    await held.reached;
    const accepted = await call(key, `/shipments/${raced.orderId}`, { method: 'DELETE' });
    expect([accepted.status, accepted.json.error?.message]).toEqual([200, undefined]);
    held.release();
    expect((await refused).status).toBe(502);
    expect(development.simulator.shipmentByPin(raced.trackingNumber)!.voided).toBe(true);

    const closed = await close(key);
    expect([closed.status, closed.json.error?.message]).toEqual([201, undefined]);
    const manifest = closed.json.data as unknown as Manifest;
    expect(manifest).toMatchObject({ status: 'closed', orders: [kept.orderId] });
    const replays = [await close(key), await close(key)];
    expect(replays.map((again) => [again.status, (again.json.data as unknown as Manifest | undefined)?.manifestId])).toEqual([
      [200, manifest.manifestId],
      [200, manifest.manifestId],
    ]);
    expect(await close(key, [raced.orderId])).toMatchObject({ status: 400, json: { error: { code: 'VALIDATION_FAILED' } } });
    expect((await call(key, `/manifests/${manifest.manifestId}/MANIFEST_PDF`)).status).toBe(302);

    const day = await dayManifests(key);
    expect(day.filter((m) => !before.has(m.manifestId))).toEqual([expect.objectContaining({ manifestId: manifest.manifestId, status: 'closed' })]);
    expect(day.filter((m) => m.status === 'closing')).toEqual([]);
    expect(transmits(development)).toBe(transmitsBefore + 1);
  }, 120_000);
});
