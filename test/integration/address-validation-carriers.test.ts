/**
 * The carriers' address validation through the registry, as the service
 * calls it: each carrier's `validateAddresses` port under a carrier account
 * registered by the admin CLI (DynamoDB Local, credentials in the secrets
 * folder), in test mode, with the connector's own HTTP client against the
 * local FedEx and the local UPS (each validating every request against its
 * carrier's documents) behind a front that can answer as a hostile carrier
 * would (test/support/carrier-front.ts):
 *
 * - the settings are there before any connector loads;
 * - FedEx answers up to 100 addresses in one call, in order; UPS one;
 * - no result, error or log line holds the client id, the secret or a
 *   token, whatever the carrier's text echoes.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { executeAdminCommand, parseAdminCommand } from '../../admin/cli';
import { startFedexMock, type FedexMock } from '../../local/fedex/mock-server';
import { startUpsMock, type UpsMock } from '../../local/ups/mock-server';
import { carrierAccountById } from '../../shared/carriers/accounts';
import { createCarrierRegistry } from '../../shared/carriers/registry';
import { createSandboxTransports } from '../../shared/carriers/sandbox/network';
import { CarrierRefusal, type AddressValidation, type CarrierCallOptions } from '../../shared/domain/carrier';
import type { Address } from '../../shared/domain/rate/schema';
import { startCarrierFront, type CarrierFront } from '../support/carrier-front';
import { captureOutput } from '../support/output';
import { useFreshStack } from '../support/stack';
import { describeWithFedexDocuments } from '../unit/local/fedex/documents-present';

// Before the logger is first created: every line is captured.
process.env.LOG_LEVEL = 'INFO';

useFreshStack();
jest.setTimeout(30_000);

const FEDEX_ACCOUNT = '740561073';
const FEDEX_CLIENT = { clientId: 'it-av-fedex-client-4Rt7', clientSecret: 'it-av-fedex-SECRET-Jn2w' };
const UPS_CLIENT = { clientId: 'it-av-ups-client-9Pk1', clientSecret: 'it-av-ups-SECRET-Xe6q' };

const toronto: Address = {
  personName: 'Ada Shipper',
  addressLine1: '100 King St W',
  city: 'Toronto',
  provinceCode: 'ON',
  postalCode: 'M5H 1A1',
  countryCode: 'CA',
};
const newYork: Address = {
  personName: 'Cora Buyer',
  addressLine1: '350 5th Ave',
  city: 'New York',
  provinceCode: 'NY',
  postalCode: '10118',
  countryCode: 'US',
};

let dataDir: string;
let fedexMock: FedexMock;
let upsMock: UpsMock;
let fedexFront: CarrierFront;
let upsFront: CarrierFront;
const accounts = {} as Record<'FEDEX' | 'UPS', string>;
const lines: string[] = [];
const said: string[] = [];
let restoreOutput: () => void;

const registry = createCarrierRegistry(createSandboxTransports({}));
const options = async (carrier: 'FEDEX' | 'UPS'): Promise<CarrierCallOptions> => ({
  signal: AbortSignal.timeout(10_000),
  mode: 'test',
  account: await carrierAccountById(accounts[carrier], { carrierCode: carrier }),
});
const validate = async (carrier: 'FEDEX' | 'UPS', addresses: Address[]): Promise<AddressValidation[]> => {
  const results = await registry.port(carrier)!.validateAddresses!.validate({ addresses }, await options(carrier));
  said.push(JSON.stringify(results));
  return results;
};
const refusalOf = async (work: Promise<unknown>): Promise<Error> => {
  const error = await work.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(CarrierRefusal);
  said.push((error as Error).message);
  return error as Error;
};

describeWithFedexDocuments('address validation of the live carriers, through the registry', () => {
  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'av-carriers-'));
    process.env.CARRIER_SECRETS_DIR = path.join(dataDir, 'secrets');
    restoreOutput = captureOutput(lines);
    fedexMock = await startFedexMock({ clients: [{ ...FEDEX_CLIENT, accountNumbers: [FEDEX_ACCOUNT] }] });
    upsMock = await startUpsMock({ clients: [UPS_CLIENT] });
    fedexFront = await startCarrierFront(fedexMock.url);
    upsFront = await startCarrierFront(upsMock.url);
    process.env.FEDEX_API_BASE_URL_TEST = fedexFront.url;
    process.env.UPS_API_BASE_URL_TEST = `${upsFront.url}/api`;
    const io = { readStdin: () => Promise.reject(new Error('no stdin')) };
    const admin = (argv: string[]) => executeAdminCommand(parseAdminCommand(argv), undefined, io);
    for (const [carrier, client, number] of [
      ['FEDEX', FEDEX_CLIENT, FEDEX_ACCOUNT],
      ['UPS', UPS_CLIENT, 'A1B2C3'],
    ] as const) {
      const file = path.join(dataDir, `${carrier}.json`);
      writeFileSync(file, JSON.stringify(client), { mode: 0o600 });
      ({ carrierAccountId: accounts[carrier] } = (await admin([
        'carrier-account',
        'add',
        '--carrier',
        carrier,
        '--account-number',
        number,
        '--credentials-file',
        file,
      ])) as { carrierAccountId: string });
    }
  }, 60_000);

  afterAll(async () => {
    restoreOutput?.();
    await fedexFront?.close();
    await upsFront?.close();
    await fedexMock?.close();
    await upsMock?.close();
    delete process.env.FEDEX_API_BASE_URL_TEST;
    delete process.env.UPS_API_BASE_URL_TEST;
    delete process.env.CARRIER_SECRETS_DIR;
    delete process.env.LOG_LEVEL;
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  afterEach(() => {
    delete fedexFront.answer;
    delete upsFront.answer;
  });

  it('the ports declare what each carrier validates, before any connector loads', () => {
    expect(registry.port('FEDEX')!.validateAddresses).toMatchObject({ countries: '*', maxPerCall: 100 });
    expect(registry.port('UPS')!.validateAddresses).toMatchObject({ countries: ['US', 'PR'], maxPerCall: 1 });
    expect(registry.port('CANADAPOST')!.validateAddresses).toBeUndefined();
  });

  it('FedEx validates a list in one call, in order: verified, corrected to the province of the postal code, unverified', async () => {
    const before = fedexMock.seen.filter((s) => s.path === '/address/v1/addresses/resolve').length;
    const results = await validate('FEDEX', [toronto, { ...toronto, provinceCode: 'QC' }, { ...toronto, addressLine1: 'Nowhere Lane' }]);
    expect(results.map((r) => r.status)).toEqual(['verified', 'corrected', 'unverified']);
    expect(results[1]!.suggestions[0]).toMatchObject({ provinceCode: 'ON', postalCode: 'M5H 1A1' });
    expect(fedexMock.seen.filter((s) => s.path === '/address/v1/addresses/resolve').length - before).toBe(1);
  });

  it('FedEx answers 100 addresses of one call in order', async () => {
    const addresses = Array.from({ length: 100 }, (_, i) => ({ ...newYork, addressLine1: `${i + 1} 5th Ave` }));
    const results = await validate('FEDEX', addresses);
    expect(results.map((r) => r.suggestions[0]?.addressLine1)).toEqual(addresses.map((a) => a.addressLine1.toUpperCase()));
    expect(results.map((r) => r.classification)).toEqual(addresses.map((_, i) => ((i + 1) % 2 === 0 ? 'residential' : 'commercial')));
  });

  it('UPS validates a US address: verified with its classification, a wrong state corrected, an unknown street invalid', async () => {
    expect((await validate('UPS', [newYork]))[0]).toMatchObject({ status: 'verified', classification: 'residential' });
    expect((await validate('UPS', [{ ...newYork, provinceCode: 'NJ' }]))[0]).toMatchObject({ status: 'corrected', suggestions: [{ provinceCode: 'NY' }] });
    expect((await validate('UPS', [{ ...newYork, addressLine1: 'Nowhere Lane' }]))[0]!.status).toBe('invalid');
    expect(upsMock.seen.filter((s) => s.path === '/api/addressvalidation/v2/3' && s.authorized)).toHaveLength(3);
  });

  it("a carrier's text that echoes the token and the secret is scrubbed, in a refusal and in a result", async () => {
    fedexFront.answer = (request) =>
      request.path === '/address/v1/addresses/resolve'
        ? {
            status: 400,
            contentType: 'application/json',
            body: JSON.stringify({
              errors: [{ code: 'ADDRESS.VALIDATION', message: `auth ${request.headers.authorization}; secret ${FEDEX_CLIENT.clientSecret}` }],
            }),
          }
        : undefined;
    const refused = await refusalOf(validate('FEDEX', [toronto]));
    expect(refused.message).toBe('ADDRESS.VALIDATION: auth Bearer [redacted]; secret [redacted]');

    upsFront.answer = (request) =>
      request.path.startsWith('/api/addressvalidation/')
        ? {
            status: 200,
            contentType: 'application/json',
            body: JSON.stringify({
              XAVResponse: {
                Response: {
                  ResponseStatus: { Code: '1', Description: 'Success' },
                  Alert: [{ Code: '1', Description: `for ${UPS_CLIENT.clientId} ${UPS_CLIENT.clientSecret}` }],
                },
                NoCandidatesIndicator: '',
              },
            }),
          }
        : undefined;
    const [result] = await validate('UPS', [newYork]);
    expect(result!.messages[0]).toEqual({ code: 'CARRIER_NOTE', message: '1: for [redacted] [redacted]' });
  });

  it('no result, error or log line holds a client id, a secret or a token', () => {
    const forms = [
      FEDEX_CLIENT.clientId,
      FEDEX_CLIENT.clientSecret,
      UPS_CLIENT.clientId,
      UPS_CLIENT.clientSecret,
      ...fedexMock.issuedTokens(),
      ...upsMock.issuedTokens(),
    ];
    expect(fedexMock.issuedTokens().length).toBeGreaterThan(0);
    expect(upsMock.issuedTokens().length).toBeGreaterThan(0);
    const text = said.join('\n') + lines.join('');
    for (const form of forms) expect(text).not.toContain(form);
  });
});
