/**
 * Canada Post through `npm start`, as an operator connects it: a runtime of
 * its own whose Canada Post bases point at two local Canada Post stand-ins
 * (local/canada-post/mock-server.ts, which validate every request against
 * Canada Post's XML schemas and answer like Canada Post): one as its
 * development environment (test keys), one as production (live keys). A
 * contract account is added with the admin CLI and the default pricing
 * group's Canada Post plan bound to it; each key then rates, ships, downloads
 * the labels through our 302, tracks and cancels. A ship answered after our
 * timeout leaves exactly one billable shipment once the reconciler has run.
 * Afterwards the credentials appear in no log and no answer.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startCanadaPostMock, type CanadaPostMock } from '../../local/canada-post/mock-server';
import { readDemoFile } from '../../local/runtime-files';
import { apiCaller } from '../support/api-caller';
import { connectCarrierAccount } from '../support/cli';
import { sampleRateBody } from '../support/rate-body';
import { MOCK_CARRIER_TIMEOUTS, startRuntime, stopRuntime, waitFor, type RunningRuntime } from '../support/runtime';
import { canadaPostXsdAvailable } from '../../local/canada-post/xsd';
import { readPdf } from '../unit/labels/inspect';

const CLIENT = { username: 'e2e-cp-user-5d2a', password: 'e2e-cp-password-Q7w9Lk' };
const CUSTOMER_NUMBER = '2004381';
const CONTRACT_ID = '42708517';

let development: CanadaPostMock;
let production: CanadaPostMock;
let runtime: RunningRuntime | undefined;
let dataDir: string;
let apiUrl: string;
const answers: string[] = [];

const call = apiCaller(() => apiUrl, answers);

/** A parcel from Ottawa to Montréal, one package (Canada Post ships one parcel per shipment). */
const canadianBody = () => {
  const body = sampleRateBody() as Record<string, unknown> & { shipper: Record<string, unknown>; packages: { pieces: Array<Record<string, unknown>> } };
  // Canada Post's Create Shipment needs the sender's phone number.
  return {
    ...body,
    shipper: { ...body.shipper, phoneNumber: '613-555-0100' },
    packages: { ...body.packages, pieces: body.packages.pieces.slice(0, 1).map((p) => ({ ...p, quantity: 1 })) },
  };
};

type Rate = { rateResponseId: string; carrier: { code: string }; service: { code: string }; commitment: { commitDate: string; guaranteed: boolean } | null };
const rateCanadaPost = async (key: string): Promise<Rate[]> => {
  const rated = await call(key, '/rate', { method: 'POST', body: JSON.stringify(canadianBody()) });
  expect(rated.status).toBe(200);
  return (rated.json.data!.rates as Rate[]).filter((r) => r.carrier.code === 'CANADAPOST');
};

const schemas = canadaPostXsdAvailable() || process.env.CI === 'true';
const maybe = schemas ? describe : describe.skip;
if (!schemas) process.stderr.write("skipped: Canada Post e2e: Canada Post's XML schemas are absent (set CANADAPOST_XSD_DIR)\n");

maybe('Canada Post through npm start', () => {
  beforeAll(async () => {
    development = await startCanadaPostMock({ clients: [CLIENT] });
    production = await startCanadaPostMock({ clients: [CLIENT] });
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'shipping-cp-e2e-'));
    runtime = await startRuntime(dataDir, {
      env: {
        CANADAPOST_API_BASE_URL_TEST: development.url,
        CANADAPOST_API_BASE_URL_LIVE: production.url,
        // A ship answered late: our timeout, then the reconciler soon after, found by the local timer's dispatcher.
        CARRIER_SHIP_TIMEOUT_MS: '5000',
        // The Canada Post mocks share this test's process: slow under load.
        ...MOCK_CARRIER_TIMEOUTS,
        SHIP_RECONCILE_AFTER_SECONDS: '3',
        LOCAL_REFRESH_SECONDS: '1',
      },
    });
    apiUrl = runtime.runtime.apiUrl;
    await connectCarrierAccount(dataDir, 'CANADAPOST', ['--account-number', CUSTOMER_NUMBER, '--contract-id', CONTRACT_ID], CLIENT);
  }, 120_000);

  afterAll(async () => {
    if (runtime) await stopRuntime(runtime);
    await Promise.all([development?.close(), production?.close()]);
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  describe.each([
    ['test', () => readDemoFile(dataDir)!.testApiKey!, () => development, () => production],
    ['live', () => readDemoFile(dataDir)!.apiKey, () => production, () => development],
  ] as const)('a %s key and Canada Post', (mode, keyOf, own, other) => {
    it("rates, ships, downloads Canada Post's label, tracks and cancels, all on its own Canada Post environment", async () => {
      const key = keyOf();
      const otherSeenBefore = other().seen.length;
      const rates = await rateCanadaPost(key);
      expect(rates.map((r) => r.service.code)).toEqual(
        expect.arrayContaining(['CANADAPOST_REGULAR_PARCEL', 'CANADAPOST_EXPEDITED_PARCEL', 'CANADAPOST_XPRESSPOST', 'CANADAPOST_PRIORITY']),
      );
      // Canada Post's expected delivery dates, as the commitment of each rate.
      expect(rates.every((r) => /^\d{4}-\d{2}-\d{2}$/.test(r.commitment?.commitDate ?? ''))).toBe(true);
      const expedited = rates.find((r) => r.service.code === 'CANADAPOST_EXPEDITED_PARCEL')!;

      const shipped = await call(key, `/ship/${expedited.rateResponseId}`, { method: 'POST', body: '{}' });
      expect([shipped.status, shipped.json.error?.message]).toEqual([200, undefined]);
      const { orderId, trackingNumber } = shipped.json.data as { orderId: string; trackingNumber: string };
      expect(shipped.json.data).toMatchObject({ mode, carrier: { code: 'CANADAPOST' }, status: 'pending' });
      // Canada Post's tracking PIN, from a shipment under our contract and customer number.
      const made = own().simulator.shipmentByPin(trackingNumber);
      expect(made?.encoding).toBe('PDF');
      expect(trackingNumber).toMatch(/^\d{16}$/);

      const pdf = await call(key, `/labels/${orderId}/SHIPPING_LABEL_PDF`);
      expect(pdf.status).toBe(302);
      const pdfBytes = Buffer.from(await (await fetch(pdf.location!)).arrayBuffer());
      expect(pdfBytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
      const zpl = await call(key, `/labels/${orderId}/SHIPPING_LABEL_ZPL`);
      expect(zpl.status).toBe(302);
      expect(await (await fetch(zpl.location!)).text()).toMatch(/^\^XA/);

      const tracked = await call(key, `/track/${orderId}`);
      expect(tracked.status).toBe(200);
      expect(tracked.json.data).toMatchObject({ trackingNumber, carrier: 'CANADAPOST', mode });

      const cancelled = await call(key, `/shipments/${orderId}`, { method: 'DELETE' });
      expect(cancelled.status).toBe(200);
      expect(cancelled.json.data).toMatchObject({ orderId, status: 'cancelled', mode });
      expect(
        own()
          .simulator.billable()
          .some((s) => s === own().simulator.shipmentByPin(trackingNumber)),
      ).toBe(false);

      // Nothing of this key's went to the other environment, and every request was one Canada Post's schemas allow.
      expect(other().seen.length).toBe(otherSeenBefore);
      expect(own().seen.filter((s) => s.status === 400)).toEqual([]);
    }, 90_000);
  });

  it("a ship that asks ZPL first gets Canada Post's own ZPL label (one encoding a shipment: the PDF is then ours)", async () => {
    const key = readDemoFile(dataDir)!.testApiKey!;
    const rate = (await rateCanadaPost(key)).find((r) => r.service.code === 'CANADAPOST_EXPEDITED_PARCEL')!;
    const shipped = await call(key, `/ship/${rate.rateResponseId}`, { method: 'POST', body: JSON.stringify({ labelFormat: 'ZPL' }) });
    expect([shipped.status, shipped.json.error?.message]).toEqual([200, undefined]);
    const { orderId, trackingNumber, labels } = shipped.json.data as {
      orderId: string;
      trackingNumber: string;
      labels: { available: Array<{ code: string }> };
    };
    const made = development.simulator.shipmentByPin(trackingNumber)!;
    expect(made.encoding).toBe('ZPL');
    // The ZPL file is Canada Post's artifact, the ^XA block its API gave (its banner and the PIN's barcode).
    const zpl = await call(key, `/labels/${orderId}/SHIPPING_LABEL_ZPL`);
    expect(zpl.status).toBe(302);
    const zplText = await (await fetch(zpl.location!)).text();
    expect(zplText).toContain('^FDCanada Post / Postes Canada^FS');
    expect(zplText).toContain(`^BCN,200,Y,N,N^FD${trackingNumber}^FS`);
    // Listed first, as the ship body asked.
    expect(labels.available[0]?.code).toBe('SHIPPING_LABEL_ZPL');
    // The PDF is still served: drawn by our label service.
    const pdf = await call(key, `/labels/${orderId}/SHIPPING_LABEL_PDF`);
    expect(pdf.status).toBe(302);
    expect(
      Buffer.from(await (await fetch(pdf.location!)).arrayBuffer())
        .subarray(0, 5)
        .toString('latin1'),
    ).toBe('%PDF-');
    expect((await call(key, `/shipments/${orderId}`, { method: 'DELETE' })).status).toBe(200);
  }, 90_000);

  // The end state is what is guaranteed, not how many shipments the way there made: under load a retry's own
  // create may outlive the ship timeout too (one more to void), and a retry after the late one landed adopts it.
  it('Canada Post answers the first ship after our timeout, the caller retries: one billable shipment after the settle window', async () => {
    const key = readDemoFile(dataDir)!.testApiKey!;
    const rate = (await rateCanadaPost(key)).find((r) => r.service.code === 'CANADAPOST_EXPEDITED_PARCEL')!;
    // This test's shipments are those made from here on: earlier tests left theirs.
    const made = development.simulator.shipments.length;
    development.simulator.answerLate(8_000);
    const started = Date.now();
    let shipped: Awaited<ReturnType<typeof call>> | undefined;
    const answers: Array<{ status: number; code: string | undefined }> = [];
    // Under load a retry may outlive the ship timeout too, again and again: 502s until one is done in time.
    while (!shipped && Date.now() - started < 120_000) {
      const answer = await call(key, `/ship/${rate.rateResponseId}`, { method: 'POST', body: '{}' });
      answers.push({ status: answer.status, code: answer.json?.error?.code });
      if (answer.status === 200) shipped = answer;
      else await new Promise((resolve) => setTimeout(resolve, 500));
    }
    expect(answers[0]).toEqual({ status: 502, code: 'CARRIER_ERROR' });
    expect(shipped).toBeDefined();
    const documented = ['502 CARRIER_ERROR', '409 SHIPMENT_IN_PROGRESS'];
    expect(answers.slice(0, -1).filter((a) => !documented.includes(`${a.status} ${a.code}`))).toEqual([]);
    const { trackingNumber } = shipped!.json.data as { trackingNumber: string };
    // Every create Canada Post received has been answered (the late one landed), then the reconciler voids all but
    // the order's. Its rounds back off (3 s after the last attempt, then 6, 12, 24...): a round missed under load
    // puts the next one far later, so the wait is long.
    const creates = () => development.simulator.received.filter((r) => r.method === 'POST' && /\/(shipment|ncshipment)$/.test(r.path));
    await waitFor('every create Canada Post received to land', () => (creates().every((r) => r.status !== undefined) ? true : undefined), 30_000);
    const billable = () => development.simulator.shipments.slice(made).filter((s) => !s.voided && !s.refund);
    await waitFor('one billable shipment of this rate', () => (billable().length === 1 ? true : undefined), 120_000);
    expect(billable().map((s) => s.trackingPin)).toEqual([trackingNumber]);
  }, 300_000);

  it('orders of three parcels (a piece of quantity 2, another): three Canada Post shipments, one label file of 3 pages; one close takes them, one cancel voids them', async () => {
    const key = readDemoFile(dataDir)!.testApiKey!;
    const body = canadianBody();
    const [box] = body.packages.pieces;
    const threeParcels = {
      ...body,
      packages: {
        ...body.packages,
        pieces: [
          { ...box, quantity: 2 },
          { ...box, quantity: 1, weight: 6 },
        ],
      },
    };
    const shipThree = async () => {
      const rated = await call(key, '/rate', { method: 'POST', body: JSON.stringify(threeParcels) });
      expect(rated.status).toBe(200);
      const rate = (rated.json.data!.rates as Rate[]).find((r) => r.carrier.code === 'CANADAPOST' && r.service.code === 'CANADAPOST_EXPEDITED_PARCEL')!;
      expect(rate).toBeDefined();
      const shipped = await call(key, `/ship/${rate.rateResponseId}`, { method: 'POST', body: '{}' });
      expect([shipped.status, shipped.json.error?.message]).toEqual([200, undefined]);
      const { orderId, trackingNumber } = shipped.json.data as { orderId: string; trackingNumber: string };
      const ref = rate.rateResponseId.replaceAll('-', '');
      const made = () => development.simulator.shipments.filter((s) => s.customerRequestId?.startsWith(ref));
      expect(made().map((s) => s.customerRequestId)).toEqual([`${ref}-1`, `${ref}-2`, `${ref}-3`]);
      expect(made()[0]!.trackingPin).toBe(trackingNumber);
      return { orderId, made };
    };

    const closing = await shipThree();
    const pdf = await call(key, `/labels/${closing.orderId}/SHIPPING_LABEL_PDF`);
    expect(pdf.status).toBe(302);
    // Canada Post's three 4×6 labels, one page each (their order is the documents' packageIndex, checked in the integration test).
    const file = await readPdf(Buffer.from(await (await fetch(pdf.location!)).arrayBuffer()));
    expect(file.pages.map((p) => [p.width, p.height])).toEqual([
      [288, 432],
      [288, 432],
      [288, 432],
    ]);
    const closed = await call(key, '/manifests', {
      method: 'POST',
      body: JSON.stringify({
        carrierCode: 'CANADAPOST',
        shipDate: (sampleRateBody().shippingOptions as { shippingDate: string }).shippingDate,
        orderIds: [closing.orderId],
      }),
    });
    expect([closed.status, closed.json.error?.message]).toEqual([201, undefined]);
    expect(closing.made().map((s) => s.status)).toEqual(['transmitted', 'transmitted', 'transmitted']);

    const cancelling = await shipThree();
    const cancelled = await call(key, `/shipments/${cancelling.orderId}`, { method: 'DELETE' });
    expect([cancelled.status, cancelled.json.error?.message]).toEqual([200, undefined]);
    expect(cancelling.made().map((s) => s.voided)).toEqual([true, true, true]);
  }, 120_000);

  it('no Canada Post credential appears in the runtime logs or in any answer', () => {
    const logs = readdirSync(dataDir)
      .filter((f) => f.endsWith('.log'))
      .map((f) => readFileSync(path.join(dataDir, f), 'utf8'))
      .join('\n');
    expect(logs.length).toBeGreaterThan(0);
    const basic = Buffer.from(`${CLIENT.username}:${CLIENT.password}`).toString('base64');
    for (const secret of [CLIENT.password, basic]) {
      expect(logs).not.toContain(secret);
      for (const answer of answers) expect(answer).not.toContain(secret);
    }
  });
});
