/**
 * The FedEx connector over HTTP against the local FedEx (local/fedex/):
 * where a test key and a live key go, OAuth with and without a child key,
 * credentials refused before anything is done, and no credential or token in
 * an error; a ship whose answer is lost is never sent again.
 */
import { bindConnector } from '../../../../shared/carriers/connector';
import { fedex } from '../../../../shared/carriers/fedex';
import { fedexBaseUrl } from '../../../../shared/carriers/fedex/config';
import { profile } from '../../../../shared/carriers/fedex/profile';
import { CarrierAccountUnusable, CarrierError, type CarrierAccount, type CarrierMode } from '../../../../shared/domain/carrier';
import { startFedexMock, type FedexMock } from '../../../../local/fedex/mock-server';
import { describeWithFedexDocuments } from '../../local/fedex/documents-present';
import { CLIENT } from '../../local/fedex/simulator-fixtures';
import { ACCOUNT, OTHER_ACCOUNT } from '../../local/fedex/fixtures';
import { rateRequest, withOptions } from '../fixtures';
import { fedexPlan, fedexServices } from './fixtures';

const ENV = ['FEDEX_API_BASE_URL_TEST', 'FEDEX_API_BASE_URL_LIVE'] as const;
const saved = Object.fromEntries(ENV.map((name) => [name, process.env[name]]));
afterEach(() => {
  for (const name of ENV) {
    if (saved[name] === undefined) delete process.env[name];
    else process.env[name] = saved[name];
  }
});

describe('FedEx hosts', () => {
  it('sends a test key to FedEx’s sandbox and a live key to production', () => {
    for (const name of ENV) delete process.env[name];
    expect(fedexBaseUrl('test')).toBe('https://apis-sandbox.fedex.com');
    expect(fedexBaseUrl('live')).toBe('https://apis.fedex.com');
  });

  it.each(['https://apis.fedex.com', 'https://APIS.FEDEX.COM/', 'https://apis.fedex.com.:443', 'https://ａｐｉｓ.fedex.com'])(
    'refuses a test base naming production: %s',
    (base) => {
      process.env.FEDEX_API_BASE_URL_TEST = base;
      expect(() => fedexBaseUrl('test')).toThrow(/FedEx production \(apis\.fedex\.com\)/);
    },
  );
});

/** The local FedEx runs on the real clock: it ships today or later. */
const TODAY = new Date().toISOString().slice(0, 10);
let n = 0;
const accountOf = (credentials: Record<string, string>, accountNumber = ACCOUNT): CarrierAccount => ({
  carrierAccountId: `acct-fedex-http-${++n}`,
  carrierCode: 'FEDEX',
  accountNumber,
  credentials: async () => credentials,
});
const GOOD = { clientId: CLIENT.clientId, clientSecret: CLIENT.clientSecret };
const port = bindConnector(profile, fedex, () => Promise.reject(new Error('FedEx is live')));
const options = (account: CarrierAccount, mode: CarrierMode = 'test') => ({ signal: new AbortController().signal, mode, account });
const rateInput = (accountNumber = ACCOUNT) => ({
  request: withOptions(rateRequest(), { shippingDate: TODAY }),
  plan: fedexPlan('x', accountNumber),
  services: fedexServices,
});

describeWithFedexDocuments('FedEx over HTTP (the local FedEx)', () => {
  let mock: FedexMock;
  beforeAll(async () => {
    mock = await startFedexMock({ clients: [CLIENT] });
  });
  afterAll(() => mock.close());
  beforeEach(() => {
    process.env.FEDEX_API_BASE_URL_TEST = mock.url;
  });

  it('rates under the client credentials of a test key', async () => {
    const quotes = await port.rate(await port.buildRateRequest(rateInput()), options(accountOf(GOOD)));
    expect(quotes.map((q) => q.serviceCode)).toContain('FEDEX_GROUND');
    expect(mock.seen.slice(-2).map((s) => `${s.method} ${s.path} ${s.status}`)).toEqual(['POST /oauth/token 200', 'POST /rate/v1/rates/quotes 200']);
  });

  it('acts for a customer’s account with the child key and secret', async () => {
    const child = CLIENT.children![0]!;
    const account = accountOf({ ...GOOD, childKey: child.childKey, childSecret: child.childSecret }, OTHER_ACCOUNT);
    await expect(port.rate(await port.buildRateRequest(rateInput(OTHER_ACCOUNT)), options(account))).resolves.not.toHaveLength(0);
  });

  it('refuses credentials FedEx refuses, or that lack a part, before anything is done, naming none of them', async () => {
    const wrong = { clientId: CLIENT.clientId, clientSecret: 'wrong-SECRET-not-this-one' };
    const error = await port.rate(await port.buildRateRequest(rateInput()), options(accountOf(wrong))).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CarrierAccountUnusable);
    expect(JSON.stringify({ message: (error as Error).message, stack: (error as Error).stack })).not.toMatch(/wrong-SECRET|l7-fedex-client/);
    await expect(port.rate(await port.buildRateRequest(rateInput()), options(accountOf({ clientId: CLIENT.clientId })))).rejects.toBeInstanceOf(
      CarrierAccountUnusable,
    );
    await expect(port.rate(await port.buildRateRequest(rateInput()), options(accountOf({ ...GOOD, childKey: 'half-a-child-pair' })))).rejects.toBeInstanceOf(
      CarrierAccountUnusable,
    );
    // Credentials of another account number: FedEx's 403 before acting.
    await expect(port.rate(await port.buildRateRequest(rateInput(OTHER_ACCOUNT)), options(accountOf(GOOD, OTHER_ACCOUNT)))).rejects.toBeInstanceOf(
      CarrierAccountUnusable,
    );
  });

  it('renews a token FedEx no longer takes, once', async () => {
    const account = accountOf(GOOD);
    await port.rate(await port.buildRateRequest(rateInput()), options(account));
    mock.revokeTokens();
    await expect(port.rate(await port.buildRateRequest(rateInput()), options(account))).resolves.not.toHaveLength(0);
  });

  it('never sends a ship again after its answer was lost, and scrubs every token from the error', async () => {
    const before = mock.simulator.shipments.length;
    mock.simulator.failNext('lose-answer', 1, 'ship');
    const input = {
      reference: '3d2c1b0a-9f8e-4d7c-8b6a-5f4e3d2c1b0a',
      request: withOptions(rateRequest(), { shippingDate: TODAY }),
      plan: fedexPlan(),
      serviceCode: 'FEDEX_GROUND',
      shipTime: `${TODAY}T15:00:00.000Z`,
    };
    const error = await port.ship(input, options(accountOf(GOOD))).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CarrierError);
    expect(mock.simulator.shipments.length).toBe(before + 1);
    expect(mock.seen.filter((s) => s.path === '/ship/v1/shipments').length).toBe(1);
    for (const token of mock.issuedTokens()) expect((error as Error).message).not.toContain(token);
  });
});
