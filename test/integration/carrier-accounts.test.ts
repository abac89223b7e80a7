/**
 * Carrier accounts end to end on DynamoDB Local: the admin commands (their
 * functions, and bin/admin.ts as a process on a local stack), a pricing plan
 * naming an account, a rate through the rate handler whose carrier reads the
 * account's credentials as a live connector would, and then the proof that
 * the secret is nowhere it must not be: no table item, no log line, no admin
 * output, not the OpenAPI document; its local file is 0600.
 */
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ScanCommand } from '../../shared/aws/dynamodb';
import { executeAdminCommand, parseAdminCommand } from '../../admin/cli';
import { AdminError, UsageError } from '../../admin/errors';
import { type AdminIo } from '../../admin/io';
import { writeRuntimeFile } from '../../local/runtime-files';
import { createCancelHandler } from '../../functions/cancel/handler';
import { createRateHandler } from '../../functions/rate/handler';
import { createShipHandler } from '../../functions/ship/handler';
import { createTrackHandler } from '../../functions/track/handler';
import { getOrder } from '../../shared/store/orders';
import { resolveCarrierAccount, type CarrierAccount } from '../../shared/carriers/accounts';
import { createCarrierRegistry, type CarrierRegistry } from '../../shared/carriers/registry';
import { createSandboxTransports } from '../../shared/carriers/sandbox/network';
import type { CarrierCallOptions } from '../../shared/domain/carrier';
import { customerDiscountForMarkup } from '../../shared/domain/rate';
import type { PricingPlan } from '../../shared/domain/entities';
import { logger } from '../../shared/observability/logger';
import { ddb } from '../../shared/aws/dynamodb-client';
import { getCarrierAccount } from '../../shared/store/carrier-accounts';
import { keys } from '../../shared/store/keys';
import { loadReference } from '../../shared/store/reference';
import { seedReferenceData } from '../../shared/store/seed';
import { conditionalUpdate, putItem } from '../../shared/store/table-ops';
import { REPOSITORY_ROOT, runAdminCli } from '../support/cli';
import { callHandler, proxyEvent } from '../support/lambda';
import { sampleRateBody } from '../support/rate-body';
import { runtimeFileOf, useFreshStack } from '../support/stack';
import { captureOutput } from '../support/output';

// Before the logger is first created: every line, debug included, is captured and searched.
process.env.LOG_LEVEL = 'DEBUG';

const stack = useFreshStack();

/** Recognisable, and nothing else in the system looks like it. */
const SECRET = 'Zq9-carrier-SECRET-7f3e1c';
const STDIN_SECRET = 'Wx4-stdin-SECRET-51ab0d';

let dataDir: string;
let secretsDir: string;
const outputs: unknown[] = [];
const lines: string[] = [];
let restoreOutput: () => void;

beforeAll(() => {
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'carrier-accounts-'));
  secretsDir = path.join(dataDir, 'secrets', 'carrier-accounts');
  process.env.CARRIER_SECRETS_DIR = secretsDir;
  restoreOutput = captureOutput(lines);
});
afterAll(() => {
  restoreOutput();
  delete process.env.CARRIER_SECRETS_DIR;
  delete process.env.LOG_LEVEL;
  rmSync(dataDir, { recursive: true, force: true });
});

const noStdin: AdminIo = { readStdin: () => Promise.reject(new Error('stdin must not be read')) };
const stdinOf = (text: string): AdminIo => ({ readStdin: async () => Buffer.from(text) });

/** Runs an admin command as bin/admin.ts does (no target: the environment of this test), keeping its output. */
const admin = async <T = Record<string, unknown>>(argv: string[], io: AdminIo = noStdin): Promise<T> => {
  const result = (await executeAdminCommand(parseAdminCommand(argv), undefined, io)) as T;
  outputs.push(result);
  return result;
};

const writeCredentialsFile = (content: unknown): string => {
  const file = path.join(dataDir, `credentials-${Math.random().toString(36).slice(2)}.json`);
  writeFileSync(file, JSON.stringify(content), { mode: 0o600 });
  return file;
};

const planOf = async (groupId: string, carrierCode: string): Promise<PricingPlan | undefined> =>
  (await loadReference()).plansByGroup.get(groupId)?.find((p) => p.carrierCode === carrierCode);

type Seen = { operation: string; account: CarrierAccount; credentials: Record<string, string> };

/**
 * The sandbox network, with CARRIERX behind a transport that does what a live
 * carrier's does: read the call's account credentials before each call (and
 * log the account, as a connector might).
 */
const liveLikeRegistry = (seen: Seen[]): CarrierRegistry => {
  const sandbox = createSandboxTransports({});
  const x = sandbox.CARRIERX;
  const reading =
    (operation: 'rate' | 'ship' | 'track' | 'cancel') =>
    async (request: unknown, options: CarrierCallOptions): Promise<unknown> => {
      if (options.account) {
        const credentials = await options.account.credentials();
        logger.debug('carrier account used', {
          operation,
          carrierCode: options.account.carrierCode,
          carrierAccountId: options.account.carrierAccountId,
          account: options.account,
        });
        seen.push({ operation, account: options.account, credentials });
      }
      return x[operation](request, options);
    };
  return createCarrierRegistry({ ...sandbox, CARRIERX: { rate: reading('rate'), ship: reading('ship'), track: reading('track'), cancel: reading('cancel') } });
};

describe('carrier accounts', () => {
  let accountId: string;
  let stdinAccountId: string;

  it('add: credentials from a file or stdin go to a 0600 file in a 0700 directory; the item keeps a reference only', async () => {
    const file = writeCredentialsFile({ clientId: 'client-x', clientSecret: SECRET });
    const added = await admin<{ carrierAccountId: string }>([
      'carrier-account',
      'add',
      '--carrier',
      'carrierx',
      '--account-number',
      'X-100200',
      '--name',
      'Main X',
      '--credentials-file',
      file,
    ]);
    expect(Object.keys(added)).toEqual(['carrierAccountId']);
    accountId = added.carrierAccountId;

    const stored = await getCarrierAccount(accountId);
    expect(stored).toEqual({
      carrierAccountId: accountId,
      carrierCode: 'CARRIERX',
      accountNumber: 'X-100200',
      name: 'Main X',
      credentialsRef: { store: 'file', name: accountId },
      createdDate: expect.any(String),
    });
    const secretFile = path.join(secretsDir, `${accountId}.json`);
    expect(statSync(secretFile).mode & 0o777).toBe(0o600);
    expect(statSync(secretsDir).mode & 0o777).toBe(0o700);
    expect(JSON.parse(readFileSync(secretFile, 'utf8'))).toEqual({ clientId: 'client-x', clientSecret: SECRET });

    stdinAccountId = (
      await admin<{ carrierAccountId: string }>(
        ['carrier-account', 'add', '--carrier', 'CARRIERY', '--account-number', 'Y-1'],
        stdinOf(JSON.stringify({ apiKey: STDIN_SECRET })),
      )
    ).carrierAccountId;
    expect(await getCarrierAccount(stdinAccountId)).toMatchObject({ carrierCode: 'CARRIERY', name: 'CARRIERY Y-1' });
  });

  it('add refuses bad credentials before writing anything', async () => {
    const before = (await admin<unknown[]>(['carrier-account', 'list'])).length;
    await expect(admin(['carrier-account', 'add', '--carrier', 'CARRIERX', '--account-number', '1'], stdinOf(`{"clientSecret": "${SECRET}"`))).rejects.toThrow(
      new UsageError('carrier-account add: stdin: credentials are not valid JSON'),
    );
    await expect(admin(['carrier-account', 'add', '--carrier', 'CARRIERX', '--account-number', '1'], stdinOf(''))).rejects.toThrow(/no credentials given/);
    // A live carrier's credentials must name its fields; the message names them, never a value.
    const missing = await admin(
      ['carrier-account', 'add', '--carrier', 'UPS', '--account-number', 'A1B2C3'],
      stdinOf(JSON.stringify({ clientId: 'x', client_secret: SECRET })),
    ).catch((e: unknown) => e);
    expect(missing).toEqual(new UsageError('carrier-account add: stdin: UPS credentials need clientId and clientSecret; missing clientSecret'));
    await expect(
      admin(['carrier-account', 'add', '--carrier', 'CARRIERX', '--account-number', '1', '--credentials-file', path.join(dataDir, 'missing.json')]),
    ).rejects.toThrow(/cannot read --credentials-file .*missing\.json \(ENOENT\)/);
    expect(await admin<unknown[]>(['carrier-account', 'list'])).toHaveLength(before);
  });

  it('list: the accounts and where their credentials live, never the credentials', async () => {
    const listed = await admin<Array<Record<string, unknown>>>(['carrier-account', 'list']);
    expect(listed).toEqual([
      {
        carrierAccountId: accountId,
        carrierCode: 'CARRIERX',
        accountNumber: 'X-100200',
        name: 'Main X',
        credentialsRef: { store: 'file', name: accountId },
        createdDate: expect.any(String),
        usedBy: [],
      },
      expect.objectContaining({ carrierAccountId: stdinAccountId, carrierCode: 'CARRIERY', usedBy: [] }),
    ]);
  });

  it('set-plan: names the account, maps the markup over the account price, and refuses what does not fit', async () => {
    const plan = await admin<PricingPlan>([
      'pricing-group',
      'set-plan',
      '--group',
      'default',
      '--carrier',
      'CARRIERX',
      '--carrier-account',
      accountId,
      '--markup-percent',
      '10',
    ]);
    expect(plan).toEqual({
      pricingGroupId: 'default',
      carrierCode: 'CARRIERX',
      account: { accountNumber: 'X-100200' },
      carrierAccountId: accountId,
      accountDiscountBp: 3500,
      customerDiscountBp: customerDiscountForMarkup(3500, 1000),
      services: [],
      currency: 'CAD',
    });
    expect(plan.customerDiscountBp).toBe(2850); // 65% of list x 1.10 = 71.5% of list
    expect(await planOf('default', 'CARRIERX')).toEqual(plan);

    // Another carrier's account, an unknown account, group or service: refused, the plan unchanged.
    await expect(admin(['pricing-group', 'set-plan', '--group', 'default', '--carrier', 'CARRIERX', '--carrier-account', stdinAccountId])).rejects.toThrow(
      new AdminError(`carrier account ${stdinAccountId} is a CARRIERY account, not a CARRIERX one`),
    );
    await expect(
      admin(['pricing-group', 'set-plan', '--group', 'default', '--carrier', 'CARRIERX', '--carrier-account', '00000000-0000-4000-8000-000000000000']),
    ).rejects.toThrow('carrier account not found: 00000000-0000-4000-8000-000000000000');
    await expect(admin(['pricing-group', 'set-plan', '--group', 'gold', '--carrier', 'CARRIERX'])).rejects.toThrow(
      'unknown pricing group "gold"; known: default, parcel',
    );
    await expect(admin(['pricing-group', 'set-plan', '--group', 'default', '--carrier', 'CARRIERX', '--services', 'CARRIERY_REGULAR'])).rejects.toThrow(
      /^unknown CARRIERX service CARRIERY_REGULAR; known: /,
    );
    expect(await planOf('default', 'CARRIERX')).toEqual(plan);

    // An update keeps what it is not given.
    const services = await admin<PricingPlan>([
      'pricing-group',
      'set-plan',
      '--group',
      'default',
      '--carrier',
      'CARRIERX',
      '--services',
      'CARRIERX_GROUND,CARRIERX_2_DAY',
    ]);
    expect(services).toEqual({ ...plan, services: ['CARRIERX_GROUND', 'CARRIERX_2_DAY'] });
    await admin(['pricing-group', 'set-plan', '--group', 'default', '--carrier', 'CARRIERX', '--services', 'all']);
  });

  it('set-plan: a live carrier (the network flag of the reference data) needs an account; a sandbox carrier does not', async () => {
    const carrierKey = keys.carrier('CARRIERZ');
    await conditionalUpdate(carrierKey, { expression: 'SET #n = :live', names: { '#n': 'network' }, values: { ':live': 'live' } });
    try {
      await expect(admin(['pricing-group', 'set-plan', '--group', 'parcel', '--carrier', 'CARRIERZ', '--markup-percent', '5'])).rejects.toThrow(
        new AdminError('CARRIERZ is a live carrier: its plan needs a carrier account (--carrier-account ID; see carrier-account add)'),
      );
    } finally {
      await conditionalUpdate(carrierKey, { expression: 'SET #n = :s', names: { '#n': 'network' }, values: { ':s': 'sandbox' } });
    }
    const sandbox = await admin<PricingPlan>(['pricing-group', 'set-plan', '--group', 'parcel', '--carrier', 'CARRIERZ', '--markup-percent', '0']);
    expect(sandbox).toMatchObject({ account: { accountNumber: 'SBX-CARRIERZ-PARCEL' }, accountDiscountBp: 2800, customerDiscountBp: 2800 });
    expect(sandbox.carrierAccountId).toBeUndefined();
  });

  it('a new plan: account discount 0 unless given, list price unless a markup is given', async () => {
    await admin(['pricing-group', 'set-plan', '--group', 'parcel', '--carrier', 'CARRIERF', '--account-discount-percent', '40']).then((plan) =>
      expect(plan).toEqual({
        pricingGroupId: 'parcel',
        carrierCode: 'CARRIERF',
        account: { accountNumber: 'SBX-CARRIERF-PARCEL' },
        accountDiscountBp: 4000,
        customerDiscountBp: 0,
        services: [],
        currency: 'CAD',
      }),
    );
  });

  it('rate, ship, track and cancel are made under the account; the records keep its number and id, never its credentials', async () => {
    const seen: Seen[] = [];
    const registry = liveLikeRegistry(seen);
    const { apiKey } = await stack.createCompanyWithKey({ pricingGroupId: 'default' });
    const rated = await callHandler<{ data: { rates: Array<{ rateResponseId: string; carrier: { code: string } }> } }>(
      createRateHandler(registry),
      proxyEvent({ method: 'POST', path: '/v1/rate', key: apiKey, body: sampleRateBody() }),
    );
    outputs.push(rated.json);
    expect(rated.status).toBe(200);
    const x = rated.json.data.rates.find((r) => r.carrier.code === 'CARRIERX')!;
    const stored = await ddb.send(
      new ScanCommand({
        TableName: stack.tableName,
        FilterExpression: 'pk = :pk',
        ExpressionAttributeValues: { ':pk': keys.rateResponse(x.rateResponseId).pk },
      }),
    );
    expect(stored.Items![0]!.accountNumber).toBe('X-100200');

    const rateResponseId = x.rateResponseId;
    const shipped = await callHandler<{ data: { orderId: string } }>(
      createShipHandler(registry),
      proxyEvent({ method: 'POST', path: `/v1/ship/${rateResponseId}`, key: apiKey, pathParameters: { rateResponseId }, body: {} }),
    );
    outputs.push(shipped.json);
    expect(shipped.status).toBe(200);
    const { orderId } = shipped.json.data;
    expect((await getOrder(orderId))!.order.carrierAccountId).toBe(accountId);
    const byOrder = { method: 'GET', path: `/v1/track/${orderId}`, key: apiKey, pathParameters: { orderId } };
    const tracked = await callHandler(createTrackHandler(registry), proxyEvent(byOrder));
    const cancelled = await callHandler(createCancelHandler(registry), proxyEvent({ ...byOrder, method: 'DELETE', path: `/v1/shipments/${orderId}` }));
    outputs.push(tracked.json, cancelled.json);
    expect([tracked.status, cancelled.status]).toEqual([200, 200]);

    expect(seen.map((s) => s.operation)).toEqual(['rate', 'ship', 'track', 'cancel']);
    for (const s of seen) {
      expect(s.account).toMatchObject({ carrierAccountId: accountId, accountNumber: 'X-100200' });
      expect(s.credentials).toEqual({ clientId: 'client-x', clientSecret: SECRET });
    }
  });

  it('remove: refused while a plan names the account; then the item and its credentials file go', async () => {
    await expect(admin(['carrier-account', 'remove', '--id', accountId])).rejects.toThrow(
      new AdminError(
        `carrier account ${accountId} is used by the pricing plan(s) default/CARRIERX: set them to another account first (pricing-group set-plan --group G --carrier CARRIERX --carrier-account ID, or none for a sandbox carrier)`,
      ),
    );
    expect(
      (await admin<Array<{ carrierAccountId: string; usedBy: string[] }>>(['carrier-account', 'list'])).find((a) => a.carrierAccountId === accountId)?.usedBy,
    ).toEqual(['default']);
    // Detach, then remove.
    expect(await admin(['pricing-group', 'set-plan', '--group', 'default', '--carrier', 'CARRIERX', '--carrier-account', 'none'])).toMatchObject({
      account: { accountNumber: 'SBX-CARRIERX-DEFAULT' },
    });
    expect((await planOf('default', 'CARRIERX'))?.carrierAccountId).toBeUndefined();
    expect(await admin(['carrier-account', 'remove', '--id', stdinAccountId])).toEqual({ carrierAccountId: stdinAccountId, removed: true });
    expect(await admin(['carrier-account', 'remove', '--id', accountId.toUpperCase()])).toEqual({ carrierAccountId: accountId, removed: true });
    expect(await getCarrierAccount(accountId)).toBeUndefined();
    expect(existsSync(path.join(secretsDir, `${accountId}.json`))).toBe(false);
    await expect(admin(['carrier-account', 'remove', '--id', accountId])).rejects.toMatchObject({
      name: 'ItemNotFound',
      message: `carrier account not found: ${accountId}`,
    });
  });

  it('a plan whose account was removed resolves to CarrierAccountNotConfigured', async () => {
    await expect(
      resolveCarrierAccount({ pricingGroupId: 'default', carrierCode: 'CARRIERX', account: { accountNumber: 'X-100200' }, carrierAccountId: accountId }),
    ).rejects.toMatchObject({
      name: 'CarrierAccountNotConfigured',
      carrierAccountId: accountId,
      reason: 'not-found',
      message: 'carrier account not configured; the operator must fix the carrier account',
    });
  });

  it('seed: strips the credentials of a plan stored before carrier accounts, and never overwrites the operator plans', async () => {
    const old = {
      ...keys.pricingPlan('parcel', 'CARRIERX'),
      entityType: 'pricingPlan',
      pricingGroupId: 'parcel',
      carrierCode: 'CARRIERX',
      account: { accountNumber: 'OLD-1', credentials: { apiKey: SECRET } },
      accountDiscountBp: 1,
      customerDiscountBp: 1,
      services: [],
      currency: 'CAD',
    };
    await putItem(old);
    expect((await planOf('parcel', 'CARRIERX'))?.account).toEqual({ accountNumber: 'OLD-1' });
    await seedReferenceData();
    const after = await ddb.send(
      new ScanCommand({ TableName: stack.tableName, FilterExpression: 'pk = :pk AND sk = :sk', ExpressionAttributeValues: { ':pk': old.pk, ':sk': old.sk } }),
    );
    expect(after.Items![0]).toMatchObject({ account: { accountNumber: 'OLD-1' }, accountDiscountBp: 1 });
    expect(after.Items![0]!.account).toEqual({ accountNumber: 'OLD-1' });
    // set-plan's CARRIERF plan of parcel (earlier test) survives the seed too.
    expect(await planOf('parcel', 'CARRIERF')).toMatchObject({ accountDiscountBp: 4000, customerDiscountBp: 0 });
  });

  it('the admin CLI process: stdin on a local stack, credentials refused as arguments, nothing echoed', async () => {
    const cliDataDir = mkdtempSync(path.join(os.tmpdir(), 'carrier-accounts-cli-'));
    try {
      writeRuntimeFile(cliDataDir, runtimeFileOf(stack));
      const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: cliDataDir, CARRIER_SECRETS_DIR: '/nonexistent-elsewhere' };
      delete env.TABLE_NAME;

      const added = await runAdminCli(
        ['carrier-account', 'add', '--carrier', 'CARRIERZ', '--account-number', 'Z-9'],
        env,
        JSON.stringify({ clientSecret: SECRET }),
      );
      outputs.push(added.stdout, added.stderr);
      expect(added).toEqual({ code: 0, stdout: expect.stringMatching(/^\{"carrierAccountId":"[0-9a-f-]{36}"\}\n$/), stderr: '' });
      const { carrierAccountId } = JSON.parse(added.stdout) as { carrierAccountId: string };
      // The local stack's DATA_DIR, whatever the shell said.
      const file = path.join(cliDataDir, 'secrets', 'carrier-accounts', `${carrierAccountId}.json`);
      expect(statSync(file).mode & 0o777).toBe(0o600);
      expect(await getCarrierAccount(carrierAccountId)).toMatchObject({ carrierCode: 'CARRIERZ', credentialsRef: { store: 'file', name: carrierAccountId } });

      const refused = await runAdminCli(['carrier-account', 'add', '--carrier', 'CARRIERZ', '--account-number', 'Z-9', '--client-secret', SECRET], env);
      outputs.push(refused.stdout, refused.stderr);
      expect(refused.code).toBe(2);
      expect(refused.stderr).toMatch(/^admin: carrier-account add: credentials are never taken from an argument \(--client-secret\)/);

      const listed = await runAdminCli(['carrier-account', 'list'], env);
      outputs.push(listed.stdout, listed.stderr);
      expect(listed.code).toBe(0);
      expect(JSON.parse(listed.stdout)).toEqual(expect.arrayContaining([expect.objectContaining({ carrierAccountId, accountNumber: 'Z-9' })]));

      const removed = await runAdminCli(['carrier-account', 'remove', '--id', carrierAccountId], env);
      outputs.push(removed.stdout, removed.stderr);
      expect(removed).toEqual({ code: 0, stdout: `{"carrierAccountId":"${carrierAccountId}","removed":true}\n`, stderr: '' });
      expect(existsSync(file)).toBe(false);
    } finally {
      rmSync(cliDataDir, { recursive: true, force: true });
    }
  }, 120_000);

  it('a credentials file others may read still works for add (it is copied), but the copy is 0600', async () => {
    const file = writeCredentialsFile({ clientSecret: SECRET });
    chmodSync(file, 0o644);
    const { carrierAccountId } = await admin<{ carrierAccountId: string }>([
      'carrier-account',
      'add',
      '--carrier',
      'CARRIERF',
      '--account-number',
      'F-1',
      '--credentials-file',
      file,
    ]);
    expect(statSync(path.join(secretsDir, `${carrierAccountId}.json`)).mode & 0o777).toBe(0o600);
    await admin(['carrier-account', 'remove', '--id', carrierAccountId]);
  });

  it('the secret is nowhere: no table item, no log line, no admin output, not the OpenAPI document', async () => {
    const items = await stack.scanAll();
    expect(items.length).toBeGreaterThan(stack.referenceItems);
    const tableText = JSON.stringify(items);
    expect(tableText).toContain('X-100200'); // the searched text is the real one
    const logText = lines.join('');
    expect(logText).toContain('carrier account used'); // debug lines were captured
    const openapi = readFileSync(path.join(REPOSITORY_ROOT, 'openapi.json'), 'utf8');
    for (const secret of [SECRET, STDIN_SECRET]) {
      expect(tableText).not.toContain(secret);
      expect(logText).not.toContain(secret);
      expect(JSON.stringify(outputs)).not.toContain(secret);
      expect(openapi).not.toContain(secret);
    }
  });
});
