/**
 * The admin CLI (docs/configuration.md) against DynamoDB Local: each command through
 * its functions, then the CLI itself as a child process with each target
 * (a running local stack's runtime.json, a stage's TABLE_NAME, neither).
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { executeAdminCommand, parseAdminCommand } from '../../admin/cli';
import { AdminError } from '../../admin/errors';
import { writeRuntimeFile } from '../../local/runtime-files';
import { authenticate } from '../../shared/http/auth';
import { getApiKeyByHash, hashApiKey } from '../../shared/store/api-keys';
import { getCompany } from '../../shared/store/companies';
import { listCompanyBoxes } from '../../shared/store/packaging';
import { referenceItems } from '../../shared/store/seed';
import { createRateHandler } from '../../functions/rate/handler';
import { createShipHandler } from '../../functions/ship/handler';
import { createCarrierRegistry } from '../../shared/carriers/registry';
import { createSandboxTransports } from '../../shared/carriers/sandbox/network';
import { getOrder } from '../../shared/store/orders';
import { adminJson, runAdminCli } from '../support/cli';
import { callHandler, proxyEvent } from '../support/lambda';
import { sampleRateBody } from '../support/rate-body';
import { runtimeFileOf, useFreshStack } from '../support/stack';

const stack = useFreshStack();

const admin = async <T = Record<string, unknown>>(...argv: string[]) => (await executeAdminCommand(parseAdminCommand(argv))) as T;

const keyRecord = async (apiKey: string) => getApiKeyByHash(hashApiKey(apiKey));

describe('admin commands', () => {
  it('shipment advance moves an order on as a carrier update would, and refuses what the status rules refuse', async () => {
    const { apiKey } = await stack.createCompanyWithKey({ pricingGroupId: 'default' });
    const registry = createCarrierRegistry(createSandboxTransports({}));
    const rated = await callHandler<{ data: { rates: Array<{ rateResponseId: string }> } }>(
      createRateHandler(registry),
      proxyEvent({ method: 'POST', path: '/v1/rate', key: apiKey, body: sampleRateBody() }),
    );
    const rateResponseId = rated.json.data.rates[0]!.rateResponseId;
    const shipped = await callHandler<{ data: { orderId: string } }>(
      createShipHandler(registry),
      proxyEvent({ method: 'POST', path: `/v1/ship/${rateResponseId}`, key: apiKey, pathParameters: { rateResponseId }, body: {} }),
    );
    const { orderId } = shipped.json.data;
    await expect(admin('shipment', 'advance', '--order', orderId.toUpperCase(), '--status', 'intransit')).resolves.toEqual({
      orderId,
      transitStatus: 'intransit',
    });
    expect((await getOrder(orderId))?.order).toMatchObject({ status: 'intransit', version: 1 });
    await expect(admin('shipment', 'advance', '--order', orderId, '--status', 'delivered')).resolves.toEqual({ orderId, transitStatus: 'delivered' });
    await expect(admin('shipment', 'advance', '--order', orderId, '--status', 'exception')).rejects.toThrow(AdminError);
    await expect(admin('shipment', 'advance', '--order', '00000000-0000-4000-8000-000000000000', '--status', 'delivered')).rejects.toThrow(/not found/);
    expect(() => parseAdminCommand(['shipment', 'advance', '--order', orderId, '--status', 'cancelled'])).toThrow(
      /--status must be one of intransit, delivered, exception/,
    );
    expect(() => parseAdminCommand(['shipment', 'advance', '--order', 'constructor', '--status', 'delivered'])).toThrow(/--order must be an order id/);
  });

  it('company create: pricing group default, account billing and a user unless told otherwise', async () => {
    const { companyId } = await admin<{ companyId: string }>('company', 'create', '--name', 'Acme');
    expect(await getCompany(companyId)).toEqual(
      expect.objectContaining({ companyId, name: 'Acme', pricingGroupId: 'default', billing: 'account', userId: expect.any(String), blacklist: [] }),
    );
  });

  it('company create --pricing-group parcel --billing prepaid --no-user', async () => {
    const result = await admin('company', 'create', '--name', 'Parcel Co', '--pricing-group', 'parcel', '--billing', 'prepaid', '--no-user');
    expect(Object.keys(result)).toEqual(['companyId']);
    const company = await getCompany(result.companyId as string);
    expect(company).toEqual(expect.objectContaining({ pricingGroupId: 'parcel', billing: 'prepaid' }));
    expect(company?.userId).toBeUndefined();
  });

  it('key create without options: empty scopes, active, public-api, no expiry; only the hash is stored', async () => {
    const company = await stack.createCompany();
    const result = await admin<{ keyId: string; apiKey: string }>('key', 'create', '--company', company.companyId);
    expect(Object.keys(result).sort()).toEqual(['apiKey', 'keyId']);
    expect(result.apiKey).toMatch(/^ship_api_[0-9a-f]{32}$/);
    const record = await keyRecord(result.apiKey);
    expect(record).toEqual(
      expect.objectContaining({ keyId: result.keyId, companyId: company.companyId, scopes: [], active: true, integrationType: 'public-api', mode: 'live' }),
    );
    expect(record?.expiresAt).toBeUndefined();
    expect(JSON.stringify(record)).not.toContain(result.apiKey);
  });

  it('key create --mode test prints a key with the test prefix, stored as a test key, that authenticates in test mode', async () => {
    const company = await stack.createCompany();
    const result = await admin<{ keyId: string; apiKey: string }>('key', 'create', '--company', company.companyId, '--mode', 'test');
    expect(Object.keys(result).sort()).toEqual(['apiKey', 'keyId']);
    expect(result.apiKey).toMatch(/^shiptest_api_[0-9a-f]{32}$/);
    expect(await keyRecord(result.apiKey)).toEqual(expect.objectContaining({ keyId: result.keyId, companyId: company.companyId, mode: 'test', active: true }));
    await expect(authenticate(result.apiKey, ['shipments:rate'])).resolves.toMatchObject({ mode: 'test', company: { companyId: company.companyId } });
    // --mode live is the default spelled out.
    const live = await admin<{ apiKey: string }>('key', 'create', '--company', company.companyId, '--mode', 'live');
    expect(live.apiKey).toMatch(/^ship_api_[0-9a-f]{32}$/);
    await expect(authenticate(live.apiKey, [])).resolves.toMatchObject({ mode: 'live' });
  });

  it('key create --mode test uses the configured test prefix (API_KEY_TEST_PREFIX)', async () => {
    const company = await stack.createCompany();
    process.env.API_KEY_TEST_PREFIX = 'acmesandbox';
    try {
      const { apiKey } = await admin<{ apiKey: string }>('key', 'create', '--company', company.companyId, '--mode', 'test');
      expect(apiKey).toMatch(/^acmesandbox_api_[0-9a-f]{32}$/);
      await expect(authenticate(apiKey, [])).resolves.toMatchObject({ mode: 'test' });
    } finally {
      delete process.env.API_KEY_TEST_PREFIX;
    }
  });

  it('key create with scopes, expiry, integration type and --inactive stores each', async () => {
    const company = await stack.createCompany();
    const { apiKey } = await admin<{ apiKey: string }>(
      'key',
      'create',
      '--company',
      company.companyId,
      '--scopes',
      'shipments:rate, shipments:track',
      '--expires-at',
      '2031-05-06T07:08:09+02:00',
      '--integration-type',
      'partner-portal',
      '--inactive',
    );
    expect(await keyRecord(apiKey)).toEqual(
      expect.objectContaining({
        scopes: ['shipments:rate', 'shipments:track'],
        expiresAt: '2031-05-06T05:08:09.000Z',
        integrationType: 'partner-portal',
        active: false,
      }),
    );
  });

  it('key create for a company that does not exist fails and creates nothing', async () => {
    await expect(admin('key', 'create', '--company', 'no-such-company')).rejects.toThrow(new AdminError('company not found: no-such-company'));
  });

  it('key revoke deactivates the key; an unknown key id is an ItemNotFound of the store', async () => {
    const { company } = await stack.createCompanyWithKey();
    const { keyId, apiKey } = await stack.createKey(company.companyId);
    expect(await admin('key', 'revoke', '--key-id', keyId)).toEqual({ keyId, active: false });
    expect((await keyRecord(apiKey))?.active).toBe(false);
    await expect(admin('key', 'revoke', '--key-id', 'no-such-key')).rejects.toMatchObject({ name: 'ItemNotFound', message: 'API key not found: no-such-key' });
  });

  it('box create adds a Generic custom box to that company only', async () => {
    const company = await stack.createCompany();
    const other = await stack.createCompany();
    const { id } = await admin<{ id: string }>(
      'box',
      'create',
      '--company',
      company.companyId,
      '--name',
      'Wine case',
      '--length',
      '40',
      '--width',
      '30',
      '--height',
      '35',
      '--weight',
      '1.5',
      '--metric',
    );
    const boxes = await listCompanyBoxes(company.companyId);
    expect(boxes).toEqual([
      expect.objectContaining({ id, name: 'Wine case', categoryName: 'Generic', isMetric: true, length: 40, width: 30, height: 35, weight: 1.5 }),
    ]);
    expect(await listCompanyBoxes(other.companyId)).toEqual([]);
  });

  it('box create for a company that does not exist fails', async () => {
    await expect(admin('box', 'create', '--company', 'nope', '--name', 'B', '--length', '1', '--width', '1', '--height', '1')).rejects.toThrow(
      'company not found: nope',
    );
  });

  it('blacklist add records the account once, however often it is added', async () => {
    const company = await stack.createCompany();
    const args = ['blacklist', 'add', '--company', company.companyId, '--account', '123456789'];
    expect(await admin(...args)).toEqual({ companyId: company.companyId, account: '123456789' });
    await admin(...args);
    expect((await getCompany(company.companyId))?.blacklist).toEqual(['123456789']);
    await expect(admin('blacklist', 'add', '--company', 'nope', '--account', '1')).rejects.toThrow('company not found: nope');
  });

  it('seed loads every reference item and can run again', async () => {
    expect(await admin('seed')).toEqual({ items: referenceItems().length });
    expect(await admin('seed')).toEqual({ items: referenceItems().length });
  });
});

describe('admin CLI process', () => {
  let dataDir: string;
  beforeEach(() => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'admin-cli-'));
  });
  afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

  /** The test worker's environment without a target: no table name, DATA_DIR an empty directory. */
  const baseEnv = (): NodeJS.ProcessEnv => {
    const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir };
    delete env.TABLE_NAME;
    delete env.BUCKET_NAME;
    return env;
  };

  it('acts on a deployed stage given by TABLE_NAME when no local runtime is running', async () => {
    const { companyId } = await adminJson<{ companyId: string }>(['company', 'create', '--name', 'Stage Co'], {
      ...baseEnv(),
      TABLE_NAME: stack.tableName,
      BUCKET_NAME: stack.bucketName,
    });
    expect((await getCompany(companyId))?.name).toBe('Stage Co');
  }, 60_000);

  it('acts on the running local stack of DATA_DIR/runtime.json, whatever TABLE_NAME and the endpoints say', async () => {
    writeRuntimeFile(dataDir, runtimeFileOf(stack));
    const env = { ...baseEnv(), TABLE_NAME: 'a-deployed-table', AWS_ENDPOINT_URL_DYNAMODB: 'http://127.0.0.1:9', AWS_ENDPOINT_URL_S3: 'http://127.0.0.1:9' };
    const company = await stack.createCompany();
    const { keyId, apiKey } = await adminJson<{ keyId: string; apiKey: string }>(
      ['key', 'create', '--company', company.companyId, '--scopes', 'shipments:track'],
      env,
    );
    expect(await keyRecord(apiKey)).toEqual(expect.objectContaining({ keyId, companyId: company.companyId, scopes: ['shipments:track'] }));
  }, 60_000);

  it('refuses a runtime.json left by a runtime that is no longer running', async () => {
    const finished = spawnSync('true');
    writeRuntimeFile(dataDir, {
      ...runtimeFileOf(stack, { pid: finished.pid }),
      dynamodb: { endpoint: 'http://127.0.0.1:9', pid: finished.pid },
      s3: { endpoint: 'http://127.0.0.1:9' },
    });
    const result = await runAdminCli(['seed'], baseEnv());
    expect(result.code).toBe(1);
    expect(result.stdout).toBe('');
    expect(result.stderr).toContain('no longer running');
  }, 60_000);

  it('fails clearly without a target (no runtime.json, no TABLE_NAME)', async () => {
    const result = await runAdminCli(['company', 'create', '--name', 'X'], baseEnv());
    expect(result.code).toBe(1);
    expect(result.stdout).toBe('');
    expect(result.stderr).toMatch(/^admin: No target: .*TABLE_NAME is not set/);
  }, 60_000);

  it('rejects bad arguments with exit code 2 and a message, before touching any target', async () => {
    const result = await runAdminCli(['box', 'create', '--company', 'c', '--name', 'B', '--length=-3', '--width', '1', '--height', '1'], baseEnv());
    expect(result).toEqual({ code: 2, stdout: '', stderr: 'admin: box create: --length must be a positive number, got "-3"\n' });
  }, 60_000);

  it('reports a refusal of the store (unknown key id) on stderr with exit code 1', async () => {
    const result = await runAdminCli(['key', 'revoke', '--key-id', 'missing'], { ...baseEnv(), TABLE_NAME: stack.tableName });
    expect(result).toEqual({ code: 1, stdout: '', stderr: 'admin: API key not found: missing\n' });
  }, 60_000);

  it('help prints the usage on stdout', async () => {
    const result = await runAdminCli(['help'], baseEnv());
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('Usage: npm run -s admin -- <command>');
    expect(result.stdout).toContain('blacklist add --company ID --account NUMBER');
    expect(result.stdout).toContain('[--mode live|test]');
  }, 60_000);
});
