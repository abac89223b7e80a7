/**
 * FedEx through the functions as deployed, on DynamoDB Local, with the
 * connector's own HTTP client against the local FedEx (local/fedex/, every
 * request validated against FedEx's documents) behind a front that can
 * answer as a hostile carrier would (test/support/carrier-front.ts):
 *
 * - rate beside the other carriers, ship one piece (PDF) and three pieces
 *   (ZPL) with FedEx's labels stored, cancel;
 * - exactly once without an idempotency key: an answer lost on the way is
 *   found again by Track by reference; an answer that lands after our
 *   timeout, the caller having bought again, leaves one billable shipment
 *   once the reconciler has cancelled the late one;
 * - no answer, log line or stored item holds the client id, the secret or a
 *   token, whatever FedEx's error text echoes.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Context, SQSEvent } from 'aws-lambda';
import { executeAdminCommand, parseAdminCommand } from '../../admin/cli';
import { startFedexMock, type FedexMock } from '../../local/fedex/mock-server';
import { createFedexSimulator, type FedexSimulatorOptions } from '../../local/fedex/simulator';
import { createCancelHandler } from '../../functions/cancel/handler';
import { createManifestsCreateHandler } from '../../functions/manifests-create/handler';
import { createRateHandler } from '../../functions/rate/handler';
import { createShipHandler } from '../../functions/ship/handler';
import { createTrackingCheckHandler } from '../../functions/tracking-check/handler';
import { createTrackingRefreshHandler } from '../../functions/tracking-refresh/handler';
import { createCarrierRegistry } from '../../shared/carriers/registry';
import { createSandboxTransports } from '../../shared/carriers/sandbox/network';
import type { QueuePort } from '../../shared/queues';
import { getManifest } from '../../shared/store/manifests';
import { getOrder } from '../../shared/store/orders';
import { auditTrail } from '../../shared/store/reconciliation';
import type { DueCheck } from '../../shared/store/tracking-schedule';
import { startCarrierFront, type CarrierFront } from '../support/carrier-front';
import { callHandler, proxyEvent, type Handler } from '../support/lambda';
import { captureOutput } from '../support/output';
import { sampleRateBody, shippingDateIn } from '../support/rate-body';
import { waitFor } from '../support/runtime';
import { useFreshStack } from '../support/stack';
import { describeWithFedexDocuments } from '../unit/local/fedex/documents-present';

// Before the logger is first created: every line is captured.
process.env.LOG_LEVEL = 'INFO';

const stack = useFreshStack();
jest.setTimeout(30_000);

const ACCOUNT = '740561073';
const CLIENT = { clientId: 'it-fedex-client-8Hq2', clientSecret: 'it-fedex-SECRET-Vb5n' };
const env = { CARRIER_SHIP_TIMEOUT_MS: '1500', CARRIER_CANCEL_TIMEOUT_MS: '1500', SHIP_RECONCILE_AFTER_SECONDS: '60' } as const;
const saved: Record<string, string | undefined> = {};

let dataDir: string;
let apiKey: string;
let companyId: string;
let carrierAccountId: string;
let mock: FedexMock;
let front: CarrierFront;
const answers: string[] = [];
const lines: string[] = [];
let restoreOutput: () => void;

const registry = createCarrierRegistry(createSandboxTransports({}));
type Rate = { rateResponseId: string; carrier: { code: string }; service: { code: string } } & Record<string, unknown>;
type Json = { data?: Record<string, unknown> & { rates?: Rate[] }; error?: { code: string; message: string } };
const call = async (handler: unknown, event: Parameters<typeof proxyEvent>[0]) => {
  const answer = await callHandler<Json>(handler as Handler, proxyEvent(event));
  answers.push(JSON.stringify(answer.json));
  return answer;
};

/** The sample parcel from Toronto to Montréal with the shipper's phone (FedEx ships with one), `quantity` packages of it. */
const rateBody = (quantity = 1, shippingDate?: string) => {
  const body = sampleRateBody() as Record<string, unknown> & {
    shipper: Record<string, unknown>;
    shippingOptions: Record<string, unknown>;
    packages: { pieces: Array<Record<string, unknown>> };
  };
  return {
    ...body,
    ...(shippingDate ? { shippingOptions: { ...body.shippingOptions, shippingDate } } : {}),
    shipper: { ...body.shipper, phoneNumber: '416-555-0100' },
    packages: { ...body.packages, pieces: body.packages.pieces.slice(0, 1).map((p) => ({ ...p, quantity })) },
  };
};
const rate = async (quantity = 1, service = 'FEDEX_GROUND', shippingDate?: string): Promise<Rate> => {
  const rated = await call(createRateHandler(registry), { method: 'POST', path: '/v1/rate', key: apiKey, body: rateBody(quantity, shippingDate) });
  expect(rated.status).toBe(200);
  const found = rated.json.data!.rates!.find((r) => r.carrier.code === 'FEDEX' && r.service.code === service);
  expect(found).toBeDefined();
  return found!;
};
const ship = (rateResponseId: string, body: Record<string, unknown> = {}, options: Parameters<typeof createShipHandler>[1] = {}) =>
  call(createShipHandler(registry, options), { method: 'POST', path: `/v1/ship/${rateResponseId}`, key: apiKey, pathParameters: { rateResponseId }, body });
const cancel = (orderId: string) =>
  call(createCancelHandler(registry), { method: 'DELETE', path: `/v1/shipments/${orderId}`, key: apiKey, pathParameters: { orderId } });
const shipRequests = () => mock.seen.filter((s) => s.method === 'POST' && s.path === '/ship/v1/shipments').length;

const context = { functionName: 'tracking-check', awsRequestId: 'test' } as Context;
const sqsEvent = (messages: readonly DueCheck[]): SQSEvent =>
  ({ Records: messages.map((m, i) => ({ messageId: `m${i}`, body: JSON.stringify(m), attributes: {}, messageAttributes: {} })) }) as unknown as SQSEvent;
/** What the deployed schedule does at `at` for this order's reconciliation: the dispatcher finds it due, the tracking worker runs it. */
const reconcileAt = async (orderId: string, at: Date): Promise<DueCheck[]> => {
  const messages: DueCheck[] = [];
  const port: QueuePort<DueCheck> = { send: async (batch) => void messages.push(...batch), depth: async () => 0 };
  const dispatch = createTrackingRefreshHandler({ clock: () => at, queue: () => port }) as unknown as (e: unknown, c: unknown) => Promise<unknown>;
  await dispatch({}, {});
  const mine = messages.filter((m) => m.orderId === orderId && m.reconcile);
  expect(await createTrackingCheckHandler(registry, { clock: () => at })(sqsEvent(mine), context)).toEqual({ batchItemFailures: [] });
  return mine;
};
const minutes = (n: number) => new Date(Date.now() + n * 60_000);

describeWithFedexDocuments('FedEx through the functions', () => {
  beforeAll(async () => {
    for (const [name, value] of Object.entries(env)) {
      saved[name] = process.env[name];
      process.env[name] = value;
    }
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'fedex-'));
    process.env.CARRIER_SECRETS_DIR = path.join(dataDir, 'secrets');
    restoreOutput = captureOutput(lines);
    mock = await startFedexMock({ clients: [{ ...CLIENT, accountNumbers: [ACCOUNT] }] });
    front = await startCarrierFront(mock.url);
    process.env.FEDEX_API_BASE_URL_LIVE = front.url;
    const file = path.join(dataDir, 'fedex.json');
    writeFileSync(file, JSON.stringify(CLIENT), { mode: 0o600 });
    const io = { readStdin: () => Promise.reject(new Error('no stdin')) };
    const admin = (argv: string[]) => executeAdminCommand(parseAdminCommand(argv), undefined, io);
    ({ carrierAccountId } = (await admin(['carrier-account', 'add', '--carrier', 'FEDEX', '--account-number', ACCOUNT, '--credentials-file', file])) as {
      carrierAccountId: string;
    });
    await admin(['pricing-group', 'set-plan', '--group', 'default', '--carrier', 'FEDEX', '--carrier-account', carrierAccountId]);
    const created = await stack.createCompanyWithKey({ pricingGroupId: 'default' });
    apiKey = created.apiKey;
    companyId = created.company.companyId;
  }, 60_000);

  afterAll(async () => {
    restoreOutput?.();
    await front?.close();
    await mock?.close();
    for (const [name, value] of Object.entries(saved)) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
    delete process.env.FEDEX_API_BASE_URL_LIVE;
    delete process.env.CARRIER_SECRETS_DIR;
    delete process.env.LOG_LEVEL;
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  afterEach(() => {
    delete front.answer;
  });

  it('quotes FedEx beside the other carriers, with its transit and its surcharges by name', async () => {
    const rated = await call(createRateHandler(registry), { method: 'POST', path: '/v1/rate', key: apiKey, body: rateBody() });
    const codes = new Set(rated.json.data!.rates!.map((r) => r.carrier.code));
    expect(codes.has('FEDEX') && codes.size).toBeGreaterThan(1);
    const ground = rated.json.data!.rates!.find((r) => r.service.code === 'FEDEX_GROUND')!;
    const text = JSON.stringify(ground);
    expect(text).toContain('Fuel Surcharge');
    expect(text).toContain('Residential Delivery');
    expect(text).toMatch(/"commitDate":"\d{4}-\d{2}-\d{2}"/);
  });

  it('ships one piece with FedEx’s PDF label and three pieces with its ZPL labels, the master as the order’s number', async () => {
    const one = await ship((await rate()).rateResponseId);
    expect([one.status, one.json.error?.message]).toEqual([200, undefined]);
    const single = (await getOrder(String(one.json.data!.orderId)))!.order;
    expect(single).toMatchObject({ carrierCode: 'FEDEX', carrierAccountId, trackingNumber: mock.simulator.shipments.at(-1)!.masterTrackingNumber });
    expect(single.carrierDocuments?.map((d) => [d.type, d.format])).toEqual([['label', 'PDF']]);

    const three = await ship((await rate(3)).rateResponseId, { labelFormat: 'ZPL' });
    expect([three.status, three.json.error?.message]).toEqual([200, undefined]);
    const made = mock.simulator.shipments.at(-1)!;
    expect(made.pieces).toHaveLength(3);
    const order = (await getOrder(String(three.json.data!.orderId)))!.order;
    expect(order.trackingNumber).toBe(made.masterTrackingNumber);
    expect(order.carrierDocuments?.map((d) => [d.packageIndex, d.format])).toEqual([
      [0, 'ZPL'],
      [1, 'ZPL'],
      [2, 'ZPL'],
    ]);
  });

  it('cancels before tender, under the account that bought the shipment', async () => {
    const shipped = await ship((await rate()).rateResponseId);
    const orderId = String(shipped.json.data!.orderId);
    const cancelled = await cancel(orderId);
    expect([cancelled.status, cancelled.json.error?.message]).toEqual([200, undefined]);
    expect(mock.simulator.shipments.at(-1)!.cancelled).toBe(true);
  });

  it('an answer lost on the way (502): shipping again finds the shipment by reference instead of buying another', async () => {
    const { rateResponseId } = await rate();
    const before = { billable: mock.simulator.billable().length, ships: shipRequests() };
    mock.simulator.failNext('lose-answer', 1, 'ship');
    const lost = await ship(rateResponseId);
    expect([lost.status, lost.json.error?.code]).toEqual([502, 'CARRIER_ERROR']);
    expect(mock.simulator.billable()).toHaveLength(before.billable + 1);
    const again = await ship(rateResponseId);
    expect([again.status, again.json.error?.message]).toEqual([200, undefined]);
    expect(mock.simulator.billable()).toHaveLength(before.billable + 1);
    expect(shipRequests()).toBe(before.ships + 1);
    expect(again.json.data!.trackingNumber).toBe(mock.simulator.shipments.at(-1)!.masterTrackingNumber);
    expect(mock.seen.some((s) => s.path === '/track/v1/referencenumbers')).toBe(true);
  });

  it('an answer after our timeout, the caller having bought again: the reconciler cancels the late one, one shipment is billed', async () => {
    const { rateResponseId } = await rate();
    const before = mock.simulator.shipments.length;
    mock.simulator.answerLate(2_500);
    const first = await ship(rateResponseId);
    expect(first.status).toBe(502);
    // FedEx has not finished: the retry's reference search finds nothing, so it buys.
    const retried = await ship(rateResponseId);
    expect([retried.status, retried.json.error?.message]).toEqual([200, undefined]);
    const orderId = String(retried.json.data!.orderId);
    const trackingNumber = String(retried.json.data!.trackingNumber);
    await waitFor('the late shipment', () => mock.simulator.shipments.length === before + 2 || undefined, 5_000);
    const ours = () => mock.simulator.shipments.slice(before);
    expect(ours().filter((s) => !s.cancelled)).toHaveLength(2);
    await reconcileAt(orderId, minutes(2));
    const billable = ours().filter((s) => !s.cancelled);
    expect(billable.map((s) => s.masterTrackingNumber)).toEqual([trackingNumber]);
    const late = ours().find((s) => s.cancelled)!;
    expect(await auditTrail(orderId)).toEqual([
      expect.objectContaining({ action: 'orphan-voided', carrierCode: 'FEDEX', trackingNumber: late.masterTrackingNumber }),
    ]);
  });

  describe('what Track by reference lists before a label is tendered (docs/fedex.md)', () => {
    const crash = {
      afterCarrierShip: () => {
        throw new Error('injected crash');
      },
    };
    /** Runs `run` against a FedEx of its own whose reference search lists as `referenceSearch` says. */
    const withFedex = async (referenceSearch: FedexSimulatorOptions['referenceSearch'], run: (other: FedexMock) => Promise<void>, now?: () => Date) => {
      const other = await startFedexMock({ simulator: createFedexSimulator({ clients: [{ ...CLIENT, accountNumbers: [ACCOUNT] }], referenceSearch, now }) });
      process.env.FEDEX_API_BASE_URL_LIVE = other.url;
      try {
        await run(other);
      } finally {
        process.env.FEDEX_API_BASE_URL_LIVE = front.url;
        await other.close();
      }
    };

    it('listed a while after it is made: the retry buys again, and the reconciler cancels the first once FedEx lists it', async () => {
      // Listed a minute after it is made by the simulator's clock, which the test moves on when the reconciler runs:
      // however slow the machine, the first stays unlisted through the retry.
      let listedAhead = 0;
      const simulatorNow = () => new Date(Date.now() + listedAhead);
      await withFedex(
        { listAfterMs: 60_000 },
        async (other) => {
          const { rateResponseId } = await rate();
          expect((await ship(rateResponseId, {}, crash)).status).toBe(500);
          const retried = await ship(rateResponseId, {}, { clock: () => minutes(1) });
          expect([retried.status, retried.json.error?.message]).toEqual([200, undefined]);
          expect(other.simulator.billable()).toHaveLength(2);
          listedAhead = 61_000;
          await reconcileAt(String(retried.json.data!.orderId), minutes(7));
          expect(other.simulator.billable().map((s) => s.masterTrackingNumber)).toEqual([retried.json.data!.trackingNumber]);
        },
        simulatorNow,
      );
    });

    it('listed only once tendered: nothing is found before pickup, so a retry buys a second label (the limit)', async () => {
      await withFedex({ beforeTender: 'hidden' }, async (other) => {
        const { rateResponseId } = await rate();
        expect((await ship(rateResponseId, {}, crash)).status).toBe(500);
        const retried = await ship(rateResponseId, {}, { clock: () => minutes(1) });
        expect(retried.status).toBe(200);
        await reconcileAt(String(retried.json.data!.orderId), minutes(7));
        expect(other.simulator.billable()).toHaveLength(2);
        expect(other.seen.filter((s) => s.path === '/track/v1/referencenumbers').length).toBeGreaterThan(1);
      });
    });
  });

  it("closes a Ground day with FedEx's report as the manifest's PDF; a day of Express alone gets our sheet", async () => {
    const today = shippingDateIn(0);
    const close = () =>
      call(createManifestsCreateHandler(), { method: 'POST', path: '/v1/manifests', key: apiKey, body: { carrierCode: 'FEDEX', shipDate: today } });
    const ground = await ship((await rate(1, 'FEDEX_GROUND', today)).rateResponseId);
    const express = await ship((await rate(1, 'FEDEX_PRIORITY_OVERNIGHT', today)).rateResponseId);
    expect([ground.status, express.status]).toEqual([200, 200]);
    const closed = await close();
    expect([closed.status, closed.json.error?.message]).toEqual([201, undefined]);
    const manifest = await getManifest(companyId, String(closed.json.data!.manifestId));
    expect(manifest).toMatchObject({ status: 'closed', orders: expect.arrayContaining([ground.json.data!.orderId, express.json.data!.orderId]) });
    expect(manifest!.documents).toEqual([expect.objectContaining({ code: 'MANIFEST_PDF', source: 'carrier' })]);
    // FedEx's report is of the Ground shipment; the Express one needs no close.
    expect(mock.simulator.closes.at(-1)!.trackingNumbers).toEqual([ground.json.data!.trackingNumber]);

    const alone = await ship((await rate(1, 'FEDEX_PRIORITY_OVERNIGHT', today)).rateResponseId);
    expect(alone.status).toBe(200);
    const second = await close();
    expect(second.status).toBe(201);
    expect((await getManifest(companyId, String(second.json.data!.manifestId)))!.documents).toEqual([
      expect.objectContaining({ code: 'MANIFEST_PDF', source: 'rendered' }),
    ]);
  });

  it('an error document that echoes the bearer token and the secret: the refusal says FedEx’s words, scrubbed', async () => {
    const { rateResponseId } = await rate();
    front.answer = (request) =>
      request.method === 'POST' && request.path === '/ship/v1/shipments'
        ? {
            status: 400,
            contentType: 'application/json',
            body: JSON.stringify({
              transactionId: 't-1',
              errors: [
                { code: 'SHIPMENT.VALIDATION', message: `auth was ${request.headers.authorization}; secret ${CLIENT.clientSecret}, id ${CLIENT.clientId}` },
              ],
            }),
          }
        : undefined;
    const refused = await ship(rateResponseId);
    expect([refused.status, refused.json.error?.code]).toEqual([422, 'CARRIER_REJECTED']);
    expect(refused.json.error?.message).toContain('SHIPMENT.VALIDATION: auth was Bearer [redacted]; secret [redacted], id [redacted]');
  });

  it('no answer, log line or stored item holds the client id, the secret or a token', async () => {
    const forms = [CLIENT.clientId, CLIENT.clientSecret, encodeURIComponent(CLIENT.clientSecret), ...mock.issuedTokens()];
    expect(mock.issuedTokens().length).toBeGreaterThan(0);
    const answered = answers.join('\n');
    const logged = lines.join('');
    const stored = JSON.stringify(await stack.scanAll());
    expect(answers.length).toBeGreaterThan(8);
    for (const form of forms) {
      expect(answered).not.toContain(form);
      expect(logged).not.toContain(form);
      expect(stored).not.toContain(form);
    }
  });
});
