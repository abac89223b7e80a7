/**
 * Carrier accounts: the plan schema without credentials (old items still
 * parse), and the resolver the carrier layer calls (shared/carriers/accounts.ts).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { mockDynamo, GetCommand } from '../support/dynamo-mock';
import { CarrierAccountNotConfigured, carrierAccountById, resolveCarrierAccount } from '../../shared/carriers/accounts';
import { carrierSchema, pricingPlanSchema, type CarrierAccountRecord, type PricingPlan } from '../../shared/domain/entities';
import { pricingPlans } from '../../shared/reference/pricing-groups';
import { storeCarrierCredentials } from '../../shared/secrets';
import { keys } from '../../shared/store/keys';
import { referenceItems } from '../../shared/store/seed';

const ddbMock = mockDynamo();
const ID = '0b7a4c2e-1d3f-4a5b-8c6d-7e8f9a0b1c2d';

describe('pricing plans keep no credentials', () => {
  it('a plan stored before carrier accounts, with credentials, parses without them', () => {
    const old = {
      pk: 'REFERENCE',
      sk: 'PLAN#default#CARRIERX',
      pricingGroupId: 'default',
      carrierCode: 'CARRIERX',
      account: { accountNumber: 'SBX-CARRIERX-DEFAULT', credentials: { mode: 'sandbox', apiKey: 'sandbox-carrierx-default' } },
      accountDiscountBp: 3500,
      customerDiscountBp: 2000,
      services: [],
      currency: 'CAD',
    };
    const plan = pricingPlanSchema.parse(old);
    expect(plan.account).toEqual({ accountNumber: 'SBX-CARRIERX-DEFAULT' });
    expect(JSON.stringify(plan)).not.toContain('sandbox-carrierx');
  });

  it('the seed writes no credentials and names no account (sandbox plans)', () => {
    const text = JSON.stringify(referenceItems());
    expect(text).not.toContain('credentials');
    expect(text).not.toContain('apiKey');
    expect(pricingPlans.every((p) => p.carrierAccountId === undefined)).toBe(true);
  });

  it('the seeded carriers are the four sandbox carriers, and UPS, Canada Post and FedEx, live; a carrier item without the flag is a sandbox one', () => {
    const carriers = referenceItems().filter((i) => String(i.sk).startsWith('CARRIER#'));
    expect(carriers.map((c) => [c.code, c.network])).toEqual([
      ['CANADAPOST', 'live'],
      ['CARRIERF', 'sandbox'],
      ['CARRIERX', 'sandbox'],
      ['CARRIERY', 'sandbox'],
      ['CARRIERZ', 'sandbox'],
      ['FEDEX', 'live'],
      ['UPS', 'live'],
    ]);
    expect(carrierSchema.parse({ code: 'C', fullName: {}, shortName: {}, kind: 'parcel' }).network).toBe('sandbox');
  });
});

describe('resolveCarrierAccount', () => {
  let dir: string;
  const saved = { ...process.env };
  beforeEach(() => {
    ddbMock.reset();
    dir = mkdtempSync(path.join(os.tmpdir(), 'accounts-'));
    process.env.CARRIER_SECRETS_DIR = dir;
    delete process.env.REFERENCE_CACHE_SECONDS;
  });
  afterEach(() => {
    rmSync(dir, { recursive: true, force: true });
    process.env = { ...saved };
  });

  const plan = (overrides: Partial<PricingPlan> = {}): PricingPlan => ({
    ...structuredClone(pricingPlans.find((p) => p.carrierCode === 'CARRIERX')!),
    ...overrides,
  });
  const account: CarrierAccountRecord = {
    carrierAccountId: ID,
    carrierCode: 'CARRIERX',
    accountNumber: 'X-998877',
    name: 'Main',
    credentialsRef: { store: 'file', name: ID },
    createdDate: '2030-01-01T00:00:00.000Z',
  };
  const storeKnows = (item: CarrierAccountRecord | undefined) =>
    ddbMock
      .on(GetCommand, { Key: keys.carrierAccount(ID) })
      .resolves(item ? { Item: { ...keys.carrierAccount(ID), entityType: 'carrierAccount', ...item } } : {});

  it('a plan without an account (sandbox) is its own account: its number, no credentials, no read', async () => {
    const resolved = await resolveCarrierAccount(plan());
    expect(resolved).toEqual({ carrierCode: 'CARRIERX', accountNumber: plan().account.accountNumber, credentials: expect.any(Function) });
    await expect(resolved.credentials()).resolves.toEqual({});
    expect(ddbMock.calls()).toHaveLength(0);
  });

  it("a plan naming an account resolves to the account's number; credentials are read only when asked for", async () => {
    storeKnows(account);
    await storeCarrierCredentials(account, { clientSecret: 's3cr3t' }, { store: 'file', dir });
    const resolved = await resolveCarrierAccount(plan({ carrierAccountId: ID }));
    expect(resolved).toMatchObject({ carrierAccountId: ID, carrierCode: 'CARRIERX', accountNumber: 'X-998877' });
    expect(JSON.stringify(resolved)).not.toContain('s3cr3t');
    await expect(resolved.credentials()).resolves.toEqual({ clientSecret: 's3cr3t' });
    await expect(carrierAccountById(ID)).resolves.toMatchObject({ carrierAccountId: ID, accountNumber: 'X-998877' });
  });

  it('a removed account is CarrierAccountNotConfigured, naming plan and account in its fields, never in its message (callers answer with it)', async () => {
    storeKnows(undefined);
    const error = await resolveCarrierAccount(plan({ carrierAccountId: ID })).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CarrierAccountNotConfigured);
    expect(error).toMatchObject({
      code: 'CARRIER_ACCOUNT_NOT_CONFIGURED',
      carrierAccountId: ID,
      carrierCode: 'CARRIERX',
      reason: 'not-found',
      pricingGroupId: 'default',
    });
    expect((error as Error).message).toBe('carrier account not configured; the operator must fix the carrier account');
    await expect(carrierAccountById(ID)).rejects.toBeInstanceOf(CarrierAccountNotConfigured);
  });

  it('credentials that cannot be read are CarrierAccountNotConfigured, its message naming neither the account nor the file', async () => {
    storeKnows(account);
    const resolved = await resolveCarrierAccount(plan({ carrierAccountId: ID }));
    const error = await resolved.credentials().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CarrierAccountNotConfigured);
    expect(error).toMatchObject({
      carrierAccountId: ID,
      reason: 'credentials',
      message: 'carrier account not configured: its credentials are not available; the operator must fix the carrier account',
    });
    expect((error as Error).message).not.toContain(ID);
    expect((error as Error).message).not.toContain(dir);
  });

  it("another carrier's account is CarrierAccountNotConfigured too", async () => {
    storeKnows({ ...account, carrierCode: 'CARRIERY' });
    await expect(resolveCarrierAccount(plan({ carrierAccountId: ID }))).rejects.toMatchObject({ name: 'CarrierAccountNotConfigured', reason: 'other-carrier' });
  });

  it('the account is cached per container like the reference data (REFERENCE_CACHE_SECONDS)', async () => {
    process.env.REFERENCE_CACHE_SECONDS = '60';
    storeKnows(account);
    const { clearReferenceCache } = await import('../../shared/store/memo');
    clearReferenceCache();
    await resolveCarrierAccount(plan({ carrierAccountId: ID }));
    await resolveCarrierAccount(plan({ carrierAccountId: ID }));
    expect(ddbMock.commandCalls(GetCommand)).toHaveLength(1);
    clearReferenceCache();
  });
});
