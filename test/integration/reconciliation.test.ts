/**
 * Reconciliation of carrier calls whose outcome is unknown, with UPS (no
 * idempotency key) as the UPS simulator, every request validated against
 * UPS's documents, on DynamoDB Local: the ship, cancel, dispatcher and worker
 * functions as deployed, the reconciliation rounds found by the tracking
 * dispatcher and made by the tracking worker.
 *
 * - UPS answers the first ship after our timeout, the caller retries and the
 *   retry buys a second shipment (UPS had not finished the first): after the
 *   settle window exactly one UPS shipment is billable, it is the order's,
 *   and the late one's void is on the order's audit trail.
 * - A crash between UPS's answer and the order write, the caller never
 *   retrying: the reconciler adopts the shipment (the order completes); the
 *   rate given up instead (expired): the shipment is voided.
 * - A void that timed out is asked again until UPS says voided (the order is
 *   then cancelled) or refuses.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Context, SQSEvent } from 'aws-lambda';
import { GetCommand } from '../../shared/aws/dynamodb';
import { executeAdminCommand, parseAdminCommand } from '../../admin/cli';
import { createUpsSimulator, LateAnswer, type UpsSimulator } from '../../local/ups/simulator';
import { createCancelHandler } from '../../functions/cancel/handler';
import { createRateHandler } from '../../functions/rate/handler';
import { createShipHandler } from '../../functions/ship/handler';
import { createTrackingCheckHandler } from '../../functions/tracking-check/handler';
import { createTrackingRefreshHandler } from '../../functions/tracking-refresh/handler';
import { createCarrierRegistry, type CarrierRegistry } from '../../shared/carriers/registry';
import { createSandboxTransports } from '../../shared/carriers/sandbox/network';
import type { CarrierCallOptions } from '../../shared/domain/carrier';
import type { UpsApi, UpsAnswer, UpsRequest } from '../../shared/carriers/ups/api';
import type { QueuePort } from '../../shared/queues';
import { ddb } from '../../shared/aws/dynamodb-client';
import { keys } from '../../shared/store/keys';
import { getOrder, getShipState } from '../../shared/store/orders';
import { auditTrail, getRecord } from '../../shared/store/reconciliation';
import type { DueCheck } from '../../shared/store/tracking-schedule';
import { callHandler, proxyEvent, type Handler } from '../support/lambda';
import { sampleRateBody } from '../support/rate-body';
import { waitFor } from '../support/runtime';
import { useFreshStack } from '../support/stack';

const stack = useFreshStack();

let dataDir: string;
let apiKey: string;
let simulator: UpsSimulator;
const late = new Set<NodeJS.Timeout>();

const clone = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;

/**
 * The UPS connector's client replaced by the simulator, requests crossing as
 * JSON. A late answer is UPS acting `delayMs` later whether or not we still
 * wait: the call hangs until our timeout aborts it, and the shipment lands
 * afterwards.
 */
const registry = (): CarrierRegistry =>
  createCarrierRegistry(createSandboxTransports({}), {
    clientFor: async (_connector, options: CarrierCallOptions): Promise<UpsApi> => ({
      mode: options.mode ?? 'live',
      send: async (request: UpsRequest, signal: AbortSignal): Promise<UpsAnswer> => {
        try {
          return clone(simulator.send(clone(request)));
        } catch (error) {
          if (!(error instanceof LateAnswer)) throw error;
          const timer = setTimeout(() => {
            late.delete(timer);
            error.land();
          }, error.delayMs);
          late.add(timer);
          return new Promise((_resolve, reject) => signal.addEventListener('abort', () => reject(signal.reason as Error), { once: true }));
        }
      },
    }),
  });

type Json = {
  data?: Record<string, unknown> & { rates?: Array<{ rateResponseId: string; carrier: { code: string }; service: { code: string } }> };
  error?: { code: string; message: string };
};
const post = (handler: Handler, route: string, body: unknown, pathParameters: Record<string, string> | null = null) =>
  callHandler<Json>(handler, proxyEvent({ method: 'POST', path: route, key: apiKey, body, pathParameters, contentType: true }));

const env = { CARRIER_SHIP_TIMEOUT_MS: '300', CARRIER_CANCEL_TIMEOUT_MS: '300', SHIP_RECONCILE_AFTER_SECONDS: '60' } as const;
const saved: Record<string, string | undefined> = {};

beforeAll(async () => {
  for (const [name, value] of Object.entries(env)) {
    saved[name] = process.env[name];
    process.env[name] = value;
  }
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'reconcile-'));
  process.env.CARRIER_SECRETS_DIR = path.join(dataDir, 'secrets');
  const file = path.join(dataDir, 'ups.json');
  writeFileSync(file, JSON.stringify({ clientId: 'it-client', clientSecret: 'it-secret-value' }), { mode: 0o600 });
  const io = { readStdin: () => Promise.reject(new Error('no stdin')) };
  const { carrierAccountId } = (await executeAdminCommand(
    parseAdminCommand(['carrier-account', 'add', '--carrier', 'UPS', '--account-number', 'R1C2N3', '--credentials-file', file]),
    undefined,
    io,
  )) as { carrierAccountId: string };
  await executeAdminCommand(
    parseAdminCommand(['pricing-group', 'set-plan', '--group', 'default', '--carrier', 'UPS', '--carrier-account', carrierAccountId]),
    undefined,
    io,
  );
  ({ apiKey } = await stack.createCompanyWithKey({ pricingGroupId: 'default' }));
});
afterAll(() => {
  for (const timer of late) clearTimeout(timer);
  for (const [name, value] of Object.entries(saved)) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
  delete process.env.CARRIER_SECRETS_DIR;
  rmSync(dataDir, { recursive: true, force: true });
});
beforeEach(() => {
  simulator = createUpsSimulator();
});

const rateUpsGround = async (): Promise<string> => {
  const rated = await post(createRateHandler(registry()), '/v1/rate', sampleRateBody());
  expect(rated.status).toBe(200);
  const ground = rated.json.data!.rates!.find((r) => r.carrier.code === 'UPS' && r.service.code === 'UPS_GROUND');
  expect(ground).toBeDefined();
  return ground!.rateResponseId;
};
const ship = (rateResponseId: string, options: Parameters<typeof createShipHandler>[1] = {}) =>
  post(createShipHandler(registry(), options), `/v1/ship/${rateResponseId}`, {}, { rateResponseId });
const cancel = (orderId: string) =>
  callHandler<Json>(
    createCancelHandler(registry()),
    proxyEvent({ method: 'DELETE', path: `/v1/shipments/${orderId}`, key: apiKey, pathParameters: { orderId } }),
  );

const context = { functionName: 'tracking-check', awsRequestId: 'test' } as Context;
const sqsEvent = (messages: readonly DueCheck[]): SQSEvent =>
  ({ Records: messages.map((m, i) => ({ messageId: `m${i}`, body: JSON.stringify(m), attributes: {}, messageAttributes: {} })) }) as unknown as SQSEvent;

/**
 * What the deployed schedule does at `at`: the dispatcher finds what is due
 * in the tracking-due index and the tracking worker runs it. Only this
 * order's reconciliation messages are run (the tracking checks are another
 * test's). Returns them.
 */
const reconcileAt = async (orderId: string, at: Date): Promise<DueCheck[]> => {
  const messages: DueCheck[] = [];
  const port: QueuePort<DueCheck> = { send: async (batch) => void messages.push(...batch), depth: async () => 0 };
  const clock = () => at;
  const dispatch = createTrackingRefreshHandler({ clock, queue: () => port }) as unknown as (e: unknown, c: unknown) => Promise<unknown>;
  await dispatch({}, {});
  const mine = messages.filter((m) => m.orderId === orderId && m.reconcile);
  const worker = createTrackingCheckHandler(registry(), { clock });
  expect(await worker(sqsEvent(mine), context)).toEqual({ batchItemFailures: [] });
  return mine;
};

const record = (orderId: string, kind: 'SHIP' | 'VOID') =>
  ddb.send(new GetCommand({ TableName: stack.tableName, Key: keys.reconcile(orderId, kind), ConsistentRead: true }));
const minutes = (n: number) => new Date(Date.now() + n * 60_000);

describe('a ship whose answer comes after our timeout', () => {
  it("the retry buys, the late shipment lands, and after the settle window UPS bills exactly the order's shipment; the void is on the audit trail", async () => {
    const id = await rateUpsGround();
    simulator.answerLate(1_000);
    const first = await ship(id);
    expect(first.status).toBe(502);
    expect(first.json.error?.code).toBe('CARRIER_ERROR');
    // The caller retries at once: UPS has not finished, its search finds nothing, so the retry buys.
    const retried = await ship(id);
    expect(retried.status).toBe(200);
    const orderId = String(retried.json.data!.orderId);
    const trackingNumber = String(retried.json.data!.trackingNumber);
    await waitFor('the late shipment', () => simulator.shipments.length === 2 || undefined, 5_000);
    expect(simulator.billable()).toHaveLength(2);

    // Before the settle window nothing is due.
    expect(await reconcileAt(orderId, minutes(0.5))).toEqual([]);
    const rounds = await reconcileAt(orderId, minutes(2));
    expect(rounds).toEqual([expect.objectContaining({ orderId, reconcile: 'SHIP' })]);

    expect(simulator.billable()).toHaveLength(1);
    expect(simulator.billable()[0]!.trackingNumbers[0]).toBe(trackingNumber);
    const orphan = simulator.shipments.find((s) => s.voided)!;
    expect(orphan.trackingNumbers[0]).not.toBe(trackingNumber);
    const stored = await getOrder(orderId);
    expect(stored?.order).toMatchObject({ trackingNumber, status: 'pending' });
    expect(await auditTrail(orderId)).toEqual([
      expect.objectContaining({ orderId, action: 'orphan-voided', carrierCode: 'UPS', trackingNumber: orphan.trackingNumbers[0] }),
    ]);
    // The operator reads it with the admin CLI.
    const io = { readStdin: () => Promise.reject(new Error('no stdin')) };
    const shown = (await executeAdminCommand(parseAdminCommand(['shipment', 'audit', '--order', orderId.toUpperCase()]), undefined, io)) as {
      audit: Array<{ action: string; trackingNumber: string }>;
      reconciling: Array<{ kind: string; round: number }>;
    };
    expect(shown.audit).toEqual([expect.objectContaining({ action: 'orphan-voided', trackingNumber: orphan.trackingNumbers[0] })]);
    expect(shown.reconciling).toEqual([expect.objectContaining({ kind: 'SHIP', round: 1 })]);

    // The record stays for later rounds (a late shipment may surface any time in the void window), twice as far apart.
    const after = await getRecord(orderId, 'SHIP');
    expect(after).toMatchObject({ round: 1, voided: [orphan.trackingNumbers[0]] });
    expect(Date.parse(after!.dueAt!)).toBeGreaterThan(minutes(2).getTime() + 60_000);
    // A later round finds nothing new: it voids nothing, writes no second audit entry.
    const voidsBefore = simulator.received.filter((r) => r.method === 'DELETE').length;
    await reconcileAt(orderId, new Date(Date.parse(after!.dueAt!) + 1_000));
    expect(simulator.received.filter((r) => r.method === 'DELETE').length).toBe(voidsBefore);
    expect(await auditTrail(orderId)).toHaveLength(1);
    expect(simulator.billable()).toHaveLength(1);
  });

  it('a ship that ended cleanly leaves no record: there is nothing to reconcile', async () => {
    const id = await rateUpsGround();
    const shipped = await ship(id);
    expect(shipped.status).toBe(200);
    expect((await record(String(shipped.json.data!.orderId), 'SHIP')).Item).toBeUndefined();
  });

  it('a sandbox carrier (idempotent by reference) never leaves a record', async () => {
    const rated = await post(createRateHandler(registry()), '/v1/rate', sampleRateBody());
    const sandbox = rated.json.data!.rates!.find((r) => r.carrier.code === 'CARRIERX')!;
    const shipped = await ship(sandbox.rateResponseId);
    expect(shipped.status).toBe(200);
    expect((await record(String(shipped.json.data!.orderId), 'SHIP')).Item).toBeUndefined();
  });
});

describe("a crash between the carrier's answer and the order write", () => {
  const crash = () => ({
    afterCarrierShip: () => {
      throw new Error('injected crash');
    },
  });

  it('the caller never retries: the reconciler adopts the shipment and the order completes', async () => {
    const id = await rateUpsGround();
    const crashed = await ship(id, crash());
    expect(crashed.status).toBe(500);
    expect(simulator.billable()).toHaveLength(1);
    // The crashed ship's claim names the order id its record is under.
    const orderId = (await getShipState(id))!.claim!.orderId;
    expect(await reconcileAt(orderId, minutes(2))).toEqual([expect.objectContaining({ reconcile: 'SHIP' })]);
    const stored = await getOrder(orderId);
    expect(stored?.order).toMatchObject({ rateResponseId: id, trackingNumber: simulator.shipments[0]!.trackingNumbers[0], status: 'pending' });
    expect(simulator.billable()).toHaveLength(1);
    expect(simulator.received.filter((r) => r.path.endsWith('/ship'))).toHaveLength(1);
    expect((await auditTrail(orderId)).map((e) => e.action)).toEqual(['orphan-adopted']);
    // The caller's retry now answers the adopted order.
    const retried = await ship(id);
    expect(retried.status).toBe(200);
    expect(retried.json.data!.orderId).toBe(orderId);
  });

  it('the caller retries while UPS Tracking does not list the shipment yet: the retry buys, and the reconciler voids the crashed one', async () => {
    // Listed a minute after it is made by the simulator's clock, which the test moves on when the reconciler runs:
    // however slow the machine, the first stays unlisted through the retry.
    let listedAhead = 0;
    simulator = createUpsSimulator({ listAfterMs: 60_000, now: () => new Date(Date.now() + listedAhead) });
    const id = await rateUpsGround();
    expect((await ship(id, crash())).status).toBe(500);
    // The crashed ship's claim goes stale; the retry takes it over, searches, finds nothing listed yet, and buys.
    const retried = await ship(id, { clock: () => minutes(1) });
    expect(retried.status).toBe(200);
    const orderId = String(retried.json.data!.orderId);
    expect(simulator.billable()).toHaveLength(2);
    listedAhead = 61_000;
    await reconcileAt(orderId, minutes(7));
    expect(simulator.billable()).toHaveLength(1);
    expect(simulator.billable()[0]!.trackingNumbers[0]).toBe(retried.json.data!.trackingNumber);
    expect((await auditTrail(orderId)).map((e) => [e.action, e.trackingNumber])).toEqual([['orphan-voided', simulator.shipments[0]!.trackingNumbers[0]]]);
  });

  it('two workers handed the same round at once (the dispatcher queued it twice) make it once', async () => {
    const id = await rateUpsGround();
    expect((await ship(id, crash())).status).toBe(500);
    const orderId = (await getShipState(id))!.claim!.orderId;
    const { dueAt } = (await getRecord(orderId, 'SHIP'))!;
    const at = minutes(2);
    const message = { orderId, dueAt: dueAt!, reconcile: 'SHIP' as const };
    const workers = [createTrackingCheckHandler(registry(), { clock: () => at }), createTrackingCheckHandler(registry(), { clock: () => at })];
    const answers = await Promise.all(workers.map((worker) => worker(sqsEvent([message, message]), context)));
    expect(answers).toEqual([{ batchItemFailures: [] }, { batchItemFailures: [] }]);
    expect((await getRecord(orderId, 'SHIP'))!.round).toBe(1);
    expect(simulator.received.filter((r) => r.path.endsWith('/ship'))).toHaveLength(1);
    expect(simulator.received.filter((r) => r.path.startsWith('/track/v1/reference/details/')).length).toBeLessThanOrEqual(3);
    expect((await auditTrail(orderId)).map((e) => e.action)).toEqual(['orphan-adopted']);
    expect(simulator.billable()).toHaveLength(1);
  });

  it('the rate was given up (expired): the shipment nobody adopted is voided', async () => {
    const id = await rateUpsGround();
    const crashed = await ship(id, crash());
    expect(crashed.status).toBe(500);
    const orderId = (await getShipState(id))!.claim!.orderId;
    const at = minutes(25 * 60);
    expect(await reconcileAt(orderId, at)).toHaveLength(1);
    expect(simulator.billable()).toHaveLength(0);
    expect(await getOrder(orderId)).toBeUndefined();
    expect((await auditTrail(orderId)).map((e) => e.action)).toEqual(['orphan-voided']);
  });
});

describe('a crash, then the pricing plan moved to another UPS account', () => {
  it('the rate can no longer be shipped (it was quoted on the old account): its shipment is voided under the account that bought it', async () => {
    const id = await rateUpsGround();
    const crashed = await ship(id, {
      afterCarrierShip: () => {
        throw new Error('injected crash');
      },
    });
    expect(crashed.status).toBe(500);
    const orderId = (await getShipState(id))!.claim!.orderId;
    const file = path.join(dataDir, 'ups-other.json');
    writeFileSync(file, JSON.stringify({ clientId: 'it-client', clientSecret: 'it-secret-value' }), { mode: 0o600 });
    const io = { readStdin: () => Promise.reject(new Error('no stdin')) };
    const { carrierAccountId: other } = (await executeAdminCommand(
      parseAdminCommand(['carrier-account', 'add', '--carrier', 'UPS', '--account-number', 'Z9Y8X7', '--credentials-file', file]),
      undefined,
      io,
    )) as { carrierAccountId: string };
    const before = (await getRecord(orderId, 'SHIP'))!.carrierAccountId;
    await executeAdminCommand(
      parseAdminCommand(['pricing-group', 'set-plan', '--group', 'default', '--carrier', 'UPS', '--carrier-account', other]),
      undefined,
      io,
    );
    try {
      await reconcileAt(orderId, minutes(2));
      expect(simulator.billable()).toHaveLength(0);
      expect(simulator.shipments[0]!.accountNumber).toBe('R1C2N3');
      expect(await getOrder(orderId)).toBeUndefined();
      expect((await auditTrail(orderId)).map((e) => e.action)).toEqual(['orphan-voided']);
    } finally {
      await executeAdminCommand(
        parseAdminCommand(['pricing-group', 'set-plan', '--group', 'default', '--carrier', 'UPS', '--carrier-account', before!]),
        undefined,
        io,
      );
    }
  });
});

describe('a void whose answer is lost', () => {
  it('is asked again until UPS says voided: the order is then cancelled, and the confirmation is on the audit trail', async () => {
    const shipped = await ship(await rateUpsGround());
    const orderId = String(shipped.json.data!.orderId);
    simulator.failNext('http500');
    const failed = await cancel(orderId);
    expect(failed.status).toBe(502);
    expect(failed.json.error?.message).toMatch(/outcome is unknown/);
    expect((await getOrder(orderId))?.order.status).toBe('pending');
    expect((await record(orderId, 'VOID')).Item).toMatchObject({ kind: 'VOID', orderId });
    await reconcileAt(orderId, minutes(2));
    expect(simulator.billable()).toHaveLength(0);
    expect((await getOrder(orderId))?.order.status).toBe('cancelled');
    expect((await auditTrail(orderId)).map((e) => e.action)).toEqual(['void-confirmed']);
    expect((await getRecord(orderId, 'VOID'))?.dueAt).toBeUndefined();
  });

  it('a cancel retried by the caller succeeds: the void record goes, nothing is left to reconcile', async () => {
    const shipped = await ship(await rateUpsGround());
    const orderId = String(shipped.json.data!.orderId);
    simulator.failNext('http500');
    expect((await cancel(orderId)).status).toBe(502);
    expect((await record(orderId, 'VOID')).Item).toBeDefined();
    expect((await cancel(orderId)).status).toBe(200);
    expect((await record(orderId, 'VOID')).Item).toBeUndefined();
    expect(simulator.billable()).toHaveLength(0);
  });

  it('UPS refuses the void once picked up: recorded, the order left as UPS has it, not asked again', async () => {
    const shipped = await ship(await rateUpsGround());
    const orderId = String(shipped.json.data!.orderId);
    simulator.failNext('http500');
    expect((await cancel(orderId)).status).toBe(502);
    simulator.advance(String(shipped.json.data!.trackingNumber));
    await reconcileAt(orderId, minutes(2));
    expect((await getOrder(orderId))?.order.status).not.toBe('cancelled');
    expect(await auditTrail(orderId)).toEqual([expect.objectContaining({ action: 'void-refused', detail: expect.stringMatching(/UPS network/) })]);
    expect((await getRecord(orderId, 'VOID'))?.dueAt).toBeUndefined();
  });
});
