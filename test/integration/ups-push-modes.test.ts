/**
 * The tracking-number pointer of pushed tracking is keyed by mode
 * (docs/tracking.md, "Pushed tracking"): UPS's test environment numbers
 * apart from its production, so a test order and a live order may carry the
 * same number. Each gets its own pointer, the live one is subscribed, and a
 * pushed event reaches the live one. UPS is played by one simulator per mode
 * (fresh ones number alike), on DynamoDB Local.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { executeAdminCommand, parseAdminCommand } from '../../admin/cli';
import { createUpsSimulator, type UpsSimulator } from '../../local/ups/simulator';
import { createRateHandler } from '../../functions/rate/handler';
import { createShipHandler } from '../../functions/ship/handler';
import { createCarrierRegistry, type CarrierRegistry } from '../../shared/carriers/registry';
import { createSandboxTransports } from '../../shared/carriers/sandbox/network';
import type { CarrierCallOptions } from '../../shared/domain/carrier';
import type { UpsApi, UpsRequest } from '../../shared/carriers/ups/api';
import type { KeyMode } from '../../shared/domain/entities';
import { createCarrierPushService } from '../../shared/services/carrier-push';
import { getOrder } from '../../shared/store/orders';
import { orderOfTrackingNumber } from '../../shared/store/tracking-schedule';
import { callHandler, proxyEvent } from '../support/lambda';
import { sampleRateBody } from '../support/rate-body';
import { useFreshStack } from '../support/stack';

const stack = useFreshStack();

let dataDir: string;
const apiKeys = {} as Record<KeyMode, string>;
let simulators: Record<KeyMode, UpsSimulator>;
let client: { clientId: string; clientSecret: string };

/** The UPS connector's client replaced by a simulator per mode: requests cross as JSON. */
const registry = (): CarrierRegistry =>
  createCarrierRegistry(createSandboxTransports({}), {
    clientFor: async (_connector, options: CarrierCallOptions): Promise<UpsApi> => {
      const mode = options.mode ?? 'live';
      return {
        mode,
        send: async (request: UpsRequest) =>
          JSON.parse(JSON.stringify(simulators[mode].send(JSON.parse(JSON.stringify(request)) as UpsRequest))) as { status: number; body: unknown },
      };
    },
  });

type Json = { data?: Record<string, unknown> & { rates?: Array<{ rateResponseId: string; carrier: { code: string } }> } };
const shipUps = async (mode: KeyMode) => {
  const rated = await callHandler<Json>(
    createRateHandler(registry()),
    proxyEvent({ method: 'POST', path: '/v1/rate', key: apiKeys[mode], body: sampleRateBody() }),
  );
  const rateResponseId = rated.json.data!.rates!.find((r) => r.carrier.code === 'UPS')!.rateResponseId;
  const shipped = await callHandler<Json>(
    createShipHandler(registry()),
    proxyEvent({ method: 'POST', path: `/v1/ship/${rateResponseId}`, key: apiKeys[mode], pathParameters: { rateResponseId }, body: {} }),
  );
  expect(shipped.status).toBe(200);
  return { orderId: String(shipped.json.data!.orderId), trackingNumber: String(shipped.json.data!.trackingNumber) };
};

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'ups-push-modes-'));
  process.env.CARRIER_SECRETS_DIR = path.join(dataDir, 'secrets');
  const io = { readStdin: () => Promise.reject(new Error('no stdin')) };
  const admin = (argv: string[]) => executeAdminCommand(parseAdminCommand(argv), undefined, io);
  const file = path.join(dataDir, 'ups.json');
  writeFileSync(file, JSON.stringify({ clientId: 'it-client', clientSecret: 'it-secret-value' }), { mode: 0o600 });
  const { carrierAccountId } = (await admin(['carrier-account', 'add', '--carrier', 'UPS', '--account-number', 'A1B2C3', '--credentials-file', file])) as {
    carrierAccountId: string;
  };
  client = (await admin(['carrier-account', 'push-credentials', '--id', carrierAccountId])) as typeof client;
  await admin(['pricing-group', 'set-plan', '--group', 'default', '--carrier', 'UPS', '--carrier-account', carrierAccountId]);
  const created = await stack.createCompanyWithKey({ pricingGroupId: 'default' });
  apiKeys.live = created.apiKey;
  apiKeys.test = (await stack.createKey(created.company.companyId, { mode: 'test' })).apiKey;
  simulators = { live: createUpsSimulator(), test: createUpsSimulator() };
});
afterAll(() => {
  delete process.env.CARRIER_SECRETS_DIR;
  rmSync(dataDir, { recursive: true, force: true });
});

describe('the tracking-number pointer is keyed by mode', () => {
  it('a test order and a live order with the same UPS number are each pointed at, the live one subscribed; a push reaches the live one', async () => {
    const test = await shipUps('test');
    const live = await shipUps('live');
    expect(live.trackingNumber).toBe(test.trackingNumber);
    expect(await orderOfTrackingNumber('UPS', test.trackingNumber, 'test')).toBe(test.orderId);
    expect(await orderOfTrackingNumber('UPS', live.trackingNumber, 'live')).toBe(live.orderId);
    expect(simulators.live.subscriptions.get(live.trackingNumber)).toBeDefined();
    expect((await getOrder(live.orderId))!.schedule!.pushedUntil).toBeDefined();

    const applied: string[] = [];
    const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined };
    const alerts = createCarrierPushService({
      carriers: createCarrierRegistry({}),
      applyPushed: async (orderId) => {
        applied.push(orderId);
        return 'changed';
      },
      logger: quiet,
    });
    const issued = await alerts.token(
      'ups',
      {
        authorization: `Basic ${Buffer.from(`${client.clientId}:${client.clientSecret}`).toString('base64')}`,
        'content-type': 'application/x-www-form-urlencoded',
      },
      'grant_type=client_credentials',
    );
    const token = (issued.body as { access_token: string }).access_token;
    simulators.live.advance(live.trackingNumber);
    const [event] = simulators.live.trackAlertEvents(live.trackingNumber);
    const pushed = await alerts.events(
      'ups',
      { authorization: `Bearer ${token}`, 'x-api-key': client.clientId, 'user-agent': 'UPSPubSubTrackingService' },
      JSON.stringify(event),
    );
    expect(pushed.status).toBe(200);
    expect(applied).toEqual([live.orderId]);
  });
});
