/**
 * Carrier accounts cannot strand or misbill an order (docs/configuration.md,
 * "Carrier accounts"; docs/decisions.md): the admin CLI as an operator would
 * use it, with UPS played by the simulator (one per mode, as UPS's test
 * environment and production are apart) on DynamoDB Local.
 *
 * - a rate is bought only on the account it was quoted under;
 * - an account that orders not yet final still use cannot be removed, and no
 *   answer names an internal carrier-account id;
 * - a removed account leaves no secret behind.
 */
import { existsSync, mkdtempSync, readdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { executeAdminCommand, parseAdminCommand } from '../../admin/cli';
import { AdminError } from '../../admin/errors';
import { createUpsSimulator, type UpsSimulator } from '../../local/ups/simulator';
import { createCancelHandler } from '../../functions/cancel/handler';
import { createRateHandler } from '../../functions/rate/handler';
import { createShipHandler } from '../../functions/ship/handler';
import { createCarrierRegistry, type CarrierRegistry } from '../../shared/carriers/registry';
import { createSandboxTransports } from '../../shared/carriers/sandbox/network';
import type { CarrierCallOptions } from '../../shared/domain/carrier';
import type { UpsApi, UpsRequest } from '../../shared/carriers/ups/api';
import type { KeyMode } from '../../shared/domain/entities';
import { deleteCarrierAccount } from '../../shared/store/carrier-accounts';
import { getOrder } from '../../shared/store/orders';
import { getRateResponse } from '../../shared/store/rates';
import { callHandler, proxyEvent, type Handler } from '../support/lambda';
import { sampleRateBody } from '../support/rate-body';
import { useFreshStack } from '../support/stack';
import { captureOutput } from '../support/output';

// Before the logger is first created: every line is captured, to show the log keeps what answers leave out.
process.env.LOG_LEVEL = 'INFO';

const stack = useFreshStack();

let dataDir: string;
let secretsDir: string;
let companyId: string;
const apiKeys = {} as Record<KeyMode, string>;
let simulators: Record<KeyMode, UpsSimulator>;
const accountsUsed: Array<{ path: string; account?: string; mode: KeyMode }> = [];
const answers: string[] = [];
const lines: string[] = [];
let restoreOutput: () => void;

/** The UPS connector's client replaced by a simulator per mode: requests cross as JSON, each with the account it was made under. */
const registry = (): CarrierRegistry =>
  createCarrierRegistry(createSandboxTransports({}), {
    clientFor: async (_connector, options: CarrierCallOptions): Promise<UpsApi> => {
      const mode = options.mode ?? 'live';
      // As the UPS client does for its token: the account's credentials are read before UPS is called.
      if (options.account) await options.account.credentials();
      return {
        mode,
        send: async (request: UpsRequest) => {
          accountsUsed.push({ path: request.path, account: options.account?.carrierAccountId, mode });
          return JSON.parse(JSON.stringify(simulators[mode].send(JSON.parse(JSON.stringify(request)) as UpsRequest))) as { status: number; body: unknown };
        },
      };
    },
  });

type Json = {
  data?: Record<string, unknown> & { rates?: Array<{ rateResponseId: string; carrier: { code: string }; service: { code: string } }> };
  error?: { code: string; message: string };
};
const call = async (handler: unknown, event: Parameters<typeof proxyEvent>[0]) => {
  const answer = await callHandler<Json>(handler as Handler, proxyEvent(event));
  answers.push(JSON.stringify(answer.json));
  return answer;
};

const io = { readStdin: () => Promise.reject(new Error('no stdin')) };
const admin = (argv: string[]) => executeAdminCommand(parseAdminCommand(argv), undefined, io);
const accounts: string[] = [];
const secrets: string[] = [];
const addUps = async (number: string): Promise<string> => {
  const file = path.join(dataDir, `ups-${number}.json`);
  writeFileSync(file, JSON.stringify({ clientId: `it-${number}`, clientSecret: `it-secret-${number}` }), { mode: 0o600 });
  secrets.push(`it-secret-${number}`);
  const { carrierAccountId } = (await admin(['carrier-account', 'add', '--carrier', 'UPS', '--account-number', number, '--credentials-file', file])) as {
    carrierAccountId: string;
  };
  accounts.push(carrierAccountId);
  return carrierAccountId;
};
const pushCredentials = async (carrierAccountId: string): Promise<void> => {
  const issued = (await admin(['carrier-account', 'push-credentials', '--id', carrierAccountId])) as { clientSecret: string };
  secrets.push(issued.clientSecret);
};
const planUps = (carrierAccountId: string) =>
  admin(['pricing-group', 'set-plan', '--group', 'default', '--carrier', 'UPS', '--carrier-account', carrierAccountId]);

const rate = async (carrierCode = 'UPS', mode: KeyMode = 'live'): Promise<string> => {
  const rated = await call(createRateHandler(registry()), { method: 'POST', path: '/v1/rate', key: apiKeys[mode], body: sampleRateBody() });
  expect(rated.status).toBe(200);
  const found = rated.json.data!.rates!.find((r) => r.carrier.code === carrierCode);
  expect(found).toBeDefined();
  return found!.rateResponseId;
};
const ship = (rateResponseId: string, mode: KeyMode = 'live') =>
  call(createShipHandler(registry()), { method: 'POST', path: `/v1/ship/${rateResponseId}`, key: apiKeys[mode], pathParameters: { rateResponseId }, body: {} });
const shipUps = async (mode: KeyMode = 'live') => {
  const shipped = await ship(await rate('UPS', mode), mode);
  expect(shipped.status).toBe(200);
  return { orderId: String(shipped.json.data!.orderId), trackingNumber: String(shipped.json.data!.trackingNumber) };
};
const cancel = (orderId: string, mode: KeyMode = 'live') =>
  call(createCancelHandler(registry()), { method: 'DELETE', path: `/v1/shipments/${orderId}`, key: apiKeys[mode], pathParameters: { orderId } });
const secretFilesOf = (carrierAccountId: string) => (existsSync(secretsDir) ? readdirSync(secretsDir).filter((f) => f.startsWith(carrierAccountId)) : []);

let accountX: string;
let accountY: string;

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'carrier-account-safety-'));
  secretsDir = path.join(dataDir, 'secrets');
  process.env.CARRIER_SECRETS_DIR = secretsDir;
  restoreOutput = captureOutput(lines);
  accountX = await addUps('X1X1X1');
  accountY = await addUps('Y2Y2Y2');
  await planUps(accountX);
  const created = await stack.createCompanyWithKey({ pricingGroupId: 'default' });
  companyId = created.company.companyId;
  apiKeys.live = created.apiKey;
  apiKeys.test = (await stack.createKey(companyId, { mode: 'test' })).apiKey;
});
afterAll(() => {
  restoreOutput();
  delete process.env.CARRIER_SECRETS_DIR;
  delete process.env.LOG_LEVEL;
  rmSync(dataDir, { recursive: true, force: true });
});
beforeEach(() => {
  // Fresh simulators number from the start again: the first shipment of each mode gets the same number.
  simulators = { live: createUpsSimulator(), test: createUpsSimulator() };
  accountsUsed.length = 0;
});

describe('a rate is bought on the account it was quoted under', () => {
  it('the rate keeps the account it was quoted under; a sandbox plan without one keeps none', async () => {
    const ups = await getRateResponse(await rate('UPS'), companyId);
    expect(ups).toMatchObject({ status: 'found', item: { carrierAccountId: accountX, accountNumber: 'X1X1X1' } });
    const sandbox = await getRateResponse(await rate('CARRIERX'), companyId);
    expect(sandbox.status).toBe('found');
    expect((sandbox as { item: object }).item).not.toHaveProperty('carrierAccountId');
  });

  it('quoted under X, the plan moved to Y: 409 RATE_ACCOUNT_CHANGED and nothing bought on either; back on X, it ships under X', async () => {
    const rateResponseId = await rate('UPS');
    await planUps(accountY);
    try {
      const refused = await ship(rateResponseId);
      expect([refused.status, refused.json.error?.code]).toEqual([409, 'RATE_ACCOUNT_CHANGED']);
      expect(refused.json.error?.message).toBe(
        'The UPS carrier account this rate was quoted under no longer serves your pricing group; rate the shipment again',
      );
      expect(simulators.live.billable()).toHaveLength(0);
      expect(accountsUsed.filter((c) => c.path.endsWith('/ship'))).toEqual([]);
    } finally {
      await planUps(accountX);
    }
    const shipped = await ship(rateResponseId);
    expect(shipped.status).toBe(200);
    expect((await getOrder(String(shipped.json.data!.orderId)))!.order.carrierAccountId).toBe(accountX);
    expect(new Set(accountsUsed.map((c) => c.account))).toEqual(new Set([accountX]));
    expect(simulators.live.billable()).toHaveLength(1);
  });

  it('quoted under an account that is gone although the plan still names it: 409, nothing bought', async () => {
    const gone = await addUps('G3G3G3');
    await planUps(gone);
    try {
      const rateResponseId = await rate('UPS');
      expect(await deleteCarrierAccount(gone)).toBeDefined();
      const refused = await ship(rateResponseId);
      expect([refused.status, refused.json.error?.code]).toEqual([409, 'RATE_ACCOUNT_CHANGED']);
      expect(simulators.live.billable()).toHaveLength(0);
    } finally {
      await planUps(accountX);
    }
  });
});

describe('carrier-account remove', () => {
  it('is refused while orders bought under the account are not final, and says how many; once they are final, it goes', async () => {
    const account = await addUps('W4W4W4');
    await planUps(account);
    const [live, test] = [await shipUps('live'), await shipUps('test')];
    await planUps(accountX);

    await expect(admin(['carrier-account', 'remove', '--id', account])).rejects.toThrow(
      new AdminError(
        `carrier account ${account} is still used by 2 orders not yet delivered or cancelled: UPS is reached through it to track, cancel or reconcile them; remove it once they are final (delivered or cancelled)`,
      ),
    );
    expect((await cancel(test.orderId, 'test')).status).toBe(200);
    await expect(admin(['carrier-account', 'remove', '--id', account])).rejects.toThrow(/is still used by 1 order not yet delivered or cancelled/);

    expect((await cancel(live.orderId)).status).toBe(200);
    expect(await admin(['carrier-account', 'remove', '--id', account])).toEqual({ carrierAccountId: account, removed: true });
  });

  it('removes every secret of the account: its credentials, its push credentials, and a push secret an interrupted rotation left', async () => {
    const account = await addUps('T6T6T6');
    await pushCredentials(account);
    writeFileSync(path.join(secretsDir, `${account}-push-0badc0de.json`), JSON.stringify({ clientSecret: 'left-behind' }), { mode: 0o600 });
    expect(secretFilesOf(account)).toHaveLength(3);
    expect(await admin(['carrier-account', 'remove', '--id', account])).toEqual({ carrierAccountId: account, removed: true });
    expect(secretFilesOf(account)).toEqual([]);
  });

  it("an order whose account's credentials cannot be read, or whose account was removed anyway (an operator race): its cancel answers 502 naming neither the account nor its secret; the log names the account", async () => {
    const account = await addUps('V5V5V5');
    await planUps(account);
    const { orderId } = await shipUps('live');
    await planUps(accountX);

    const file = path.join(secretsDir, `${account}.json`);
    renameSync(file, `${file}.away`);
    const unreadable = await cancel(orderId);
    renameSync(`${file}.away`, file);
    expect([unreadable.status, unreadable.json.error?.code]).toEqual([502, 'CARRIER_ERROR']);
    expect(unreadable.json.error?.message).toMatch(/^UPS could not cancel the shipment: carrier account not configured: its credentials are not available\b/);
    expect(unreadable.json.error?.message).not.toContain(account);
    expect(unreadable.json.error?.message).not.toContain(secretsDir);
    expect(lines.join('')).toContain(account);

    // What remove did before it counted orders.
    expect(await deleteCarrierAccount(account)).toBeDefined();
    const failed = await cancel(orderId);
    expect([failed.status, failed.json.error?.code]).toEqual([502, 'CARRIER_ERROR']);
    expect(failed.json.error?.message).toMatch(/^UPS could not cancel the shipment: carrier account not configured\b/);
    expect(failed.json.error?.message).not.toContain(account);
    expect(lines.join('')).toContain(account);
  });
});

it('no answer names an internal carrier-account id; no answer or log line holds a secret', async () => {
  const answered = answers.join('\n');
  const logged = lines.join('');
  expect(answers.length).toBeGreaterThan(10);
  expect(accounts.length).toBeGreaterThan(4);
  for (const id of accounts) expect(answered).not.toContain(id);
  for (const secret of secrets) expect(`${answered}\n${logged}`).not.toContain(secret);
});
