/**
 * Exactly once with UPS, which has no idempotency key: the ship function on
 * DynamoDB Local with the UPS connector talking to the UPS simulator (every
 * request validated against UPS's documents). A crash between UPS's answer
 * and our order write, or an answer lost on the way, leaves UPS holding one
 * billable shipment after the retry, and that shipment is the order's. The
 * void goes out under the account that bought it.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { executeAdminCommand, parseAdminCommand } from '../../admin/cli';
import { createUpsSimulator, type UpsSimulator } from '../../local/ups/simulator';
import { createCancelHandler } from '../../functions/cancel/handler';
import { createRateHandler } from '../../functions/rate/handler';
import { createShipHandler } from '../../functions/ship/handler';
import { createCarrierRegistry, type CarrierRegistry } from '../../shared/carriers/registry';
import { createSandboxTransports } from '../../shared/carriers/sandbox/network';
import type { CarrierCallOptions } from '../../shared/domain/carrier';
import type { UpsApi, UpsRequest } from '../../shared/carriers/ups/api';
import { getOrder } from '../../shared/store/orders';
import { callHandler, proxyEvent, type Handler } from '../support/lambda';
import { sampleRateBody } from '../support/rate-body';
import { useFreshStack } from '../support/stack';

const stack = useFreshStack();

let dataDir: string;
let carrierAccountId: string;
let apiKey: string;
let simulator: UpsSimulator;
const accountsUsed: (string | undefined)[] = [];

/** The UPS connector's client replaced by the simulator: requests cross as JSON, the call's account is noted. */
const registry = (): CarrierRegistry =>
  createCarrierRegistry(createSandboxTransports({}), {
    clientFor: async (_connector, options: CarrierCallOptions): Promise<UpsApi> => {
      accountsUsed.push(options.account?.carrierAccountId);
      return {
        mode: options.mode ?? 'live',
        send: async (request: UpsRequest) =>
          JSON.parse(JSON.stringify(simulator.send(JSON.parse(JSON.stringify(request)) as UpsRequest))) as { status: number; body: unknown },
      };
    },
  });

type Json = {
  data?: Record<string, unknown> & { rates?: Array<{ rateResponseId: string; carrier: { code: string }; service: { code: string } }> };
  error?: { code: string };
};
const post = (handler: Handler, route: string, body: unknown, pathParameters: Record<string, string> | null = null) =>
  callHandler<Json>(handler, proxyEvent({ method: 'POST', path: route, key: apiKey, body, pathParameters, contentType: true }));

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'ups-ship-'));
  process.env.CARRIER_SECRETS_DIR = path.join(dataDir, 'secrets');
  const file = path.join(dataDir, 'ups.json');
  writeFileSync(file, JSON.stringify({ clientId: 'it-client', clientSecret: 'it-secret-value' }), { mode: 0o600 });
  const io = { readStdin: () => Promise.reject(new Error('no stdin')) };
  ({ carrierAccountId } = (await executeAdminCommand(
    parseAdminCommand(['carrier-account', 'add', '--carrier', 'UPS', '--account-number', 'A1B2C3', '--credentials-file', file]),
    undefined,
    io,
  )) as {
    carrierAccountId: string;
  });
  await executeAdminCommand(
    parseAdminCommand(['pricing-group', 'set-plan', '--group', 'default', '--carrier', 'UPS', '--carrier-account', carrierAccountId]),
    undefined,
    io,
  );
  ({ apiKey } = await stack.createCompanyWithKey({ pricingGroupId: 'default' }));
});
afterAll(() => {
  delete process.env.CARRIER_SECRETS_DIR;
  rmSync(dataDir, { recursive: true, force: true });
});
beforeEach(() => {
  simulator = createUpsSimulator();
  accountsUsed.length = 0;
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

describe('UPS ship, exactly once', () => {
  it('a crash after UPS answered and before the order was written: the retry adopts the shipment; UPS bills one', async () => {
    const id = await rateUpsGround();
    const crashed = await ship(id, {
      afterCarrierShip: () => {
        throw new Error('injected crash');
      },
    });
    expect(crashed.status).toBe(500);
    expect(simulator.billable()).toHaveLength(1);
    const later = new Date(Date.now() + 60_000);
    const retried = await ship(id, { clock: () => later });
    expect(retried.status).toBe(200);
    expect(simulator.billable()).toHaveLength(1);
    expect(retried.json.data!.trackingNumber).toBe(simulator.shipments[0]!.trackingNumbers[0]);
    expect(simulator.received.filter((r) => r.path.endsWith('/ship'))).toHaveLength(1);
    expect(simulator.received.some((r) => r.path.startsWith('/track/v1/reference/details/'))).toBe(true);
    const order = await getOrder(String(retried.json.data!.orderId));
    expect(order?.order).toMatchObject({ carrierCode: 'UPS', carrierAccountId, carrierShipmentId: simulator.shipments[0]!.shipmentId, mode: 'live' });
    expect(order?.order.carrierDocuments?.map((d) => d.format)).toEqual(['PNG', 'ZPL']);
  });

  it("UPS's answer lost on the way (502, outcome unknown): shipping again finds the shipment instead of buying another", async () => {
    const id = await rateUpsGround();
    simulator.failNext('lose-answer');
    const lost = await ship(id);
    expect(lost.status).toBe(502);
    expect(lost.json.error?.code).toBe('CARRIER_ERROR');
    expect(simulator.billable()).toHaveLength(1);
    const again = await ship(id);
    expect(again.status).toBe(200);
    expect(simulator.billable()).toHaveLength(1);
    expect(again.json.data!.trackingNumber).toBe(simulator.shipments[0]!.trackingNumbers[0]);
  });

  it('two pieces, one of quantity 2: one UPS shipment of three packages, a label per package in piece order', async () => {
    const body = sampleRateBody() as { packages: { pieces: Array<Record<string, unknown>> } };
    const [box] = body.packages.pieces;
    body.packages.pieces = [
      { ...box, quantity: 2 },
      { ...box, quantity: 1, weight: 6 },
    ];
    const rated = await post(createRateHandler(registry()), '/v1/rate', body);
    expect(rated.status).toBe(200);
    const id = rated.json.data!.rates!.find((r) => r.carrier.code === 'UPS' && r.service.code === 'UPS_GROUND')!.rateResponseId;
    const shipped = await ship(id);
    expect(shipped.status).toBe(200);
    expect(simulator.shipments).toHaveLength(1);
    const numbers = simulator.shipments[0]!.trackingNumbers;
    expect(numbers).toHaveLength(3);
    const order = (await getOrder(String(shipped.json.data!.orderId)))!.order;
    expect(order).toMatchObject({ trackingNumber: numbers[0], pieceTrackingNumbers: numbers });
    expect(order.carrierDocuments?.filter((d) => d.type === 'label' && d.format === 'ZPL').map((d) => d.packageIndex)).toEqual([0, 1, 2]);
    expect(order.carrierDocuments?.filter((d) => d.type === 'label' && d.format === 'PNG').map((d) => d.packageIndex)).toEqual([0, 1, 2]);
  });

  it('the cancel voids the shipment under the account that bought it', async () => {
    const id = await rateUpsGround();
    const shipped = await ship(id);
    expect(shipped.status).toBe(200);
    accountsUsed.length = 0;
    const orderId = String(shipped.json.data!.orderId);
    const cancelled = await callHandler<Json>(
      createCancelHandler(registry()),
      proxyEvent({ method: 'DELETE', path: `/v1/shipments/${orderId}`, key: apiKey, pathParameters: { orderId } }),
    );
    expect(cancelled.status).toBe(200);
    expect(simulator.billable()).toHaveLength(0);
    expect(accountsUsed).toEqual([carrierAccountId]);
  });
});
