/**
 * No credential in an answer, a log line or the table, whatever a carrier
 * says; an unusable carrier account is named as the operator's to fix and
 * leaves no unknown outcome (docs/decisions.md "No credential in a
 * carrier's text", docs/reliability.md). The rate, ship and cancel handlers
 * run with the live connectors' own HTTP clients, through the shared
 * live-client layer, against UPS's and Canada Post's local stand-ins behind
 * a front that answers as a hostile carrier would (test/support/carrier-front.ts),
 * on DynamoDB Local. Every log line of the file is captured.
 */
import { mkdtempSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { executeAdminCommand, parseAdminCommand } from '../../admin/cli';
import { startCanadaPostMock, type CanadaPostMock } from '../../local/canada-post/mock-server';
import { canadaPostXsdAvailable } from '../../local/canada-post/xsd';
import { startUpsMock, type UpsMock } from '../../local/ups/mock-server';
import { createCancelHandler } from '../../functions/cancel/handler';
import { createRateHandler } from '../../functions/rate/handler';
import { createShipHandler } from '../../functions/ship/handler';
import { createCarrierRegistry } from '../../shared/carriers/registry';
import { createSandboxTransports } from '../../shared/carriers/sandbox/network';
import { listOpenShipments } from '../../shared/store/manifests';
import { getRecord } from '../../shared/store/reconciliation';
import { startCarrierFront, type CarrierFront, type FrontRequest } from '../support/carrier-front';
import { callHandler, proxyEvent, type Handler } from '../support/lambda';
import { captureOutput } from '../support/output';
import { sampleRateBody } from '../support/rate-body';
import { useFreshStack } from '../support/stack';

// Before the logger is first created: every line is captured.
process.env.LOG_LEVEL = 'INFO';

const stack = useFreshStack();
jest.setTimeout(30_000);

const UPS_CLIENT = { clientId: 'it-ups-client-3Kd8', clientSecret: 'it-ups-secret-Wq7Rz2' };
const CP_CLIENT = { username: 'it-cp-user-6b0f', password: 'it-cp-Yt4Lm9-Qz7w' };
const CUSTOMER_NUMBER = '2004381';
const CONTRACT_ID = '42708517';

const basicOf = (user: string, password: string) => Buffer.from(`${user}:${password}`).toString('base64');
const UPS_BASIC = basicOf(UPS_CLIENT.clientId, UPS_CLIENT.clientSecret);
const CP_BASIC = basicOf(CP_CLIENT.username, CP_CLIENT.password);

let dataDir: string;
let secretsDir: string;
let apiKey: string;
let companyId: string;
let upsMock: UpsMock;
let cpMock: CanadaPostMock;
let upsFront: CarrierFront;
let cpFront: CarrierFront;
const accounts = {} as Record<'UPS' | 'CANADAPOST', string>;
const answers: string[] = [];
const lines: string[] = [];
let restoreOutput: () => void;

const io = { readStdin: () => Promise.reject(new Error('no stdin')) };
const admin = (argv: string[]) => executeAdminCommand(parseAdminCommand(argv), undefined, io);

/** Every credential in every form we sent it, the tokens UPS issued included. */
const secretForms = () => [
  UPS_CLIENT.clientId,
  UPS_CLIENT.clientSecret,
  UPS_BASIC,
  ...upsMock.issuedTokens(),
  CP_CLIENT.username,
  CP_CLIENT.password,
  CP_BASIC,
  encodeURIComponent(CP_CLIENT.username),
];

const registry = createCarrierRegistry(createSandboxTransports({}));
type Json = { data?: Record<string, unknown>; error?: { code: string; message: string } };
const call = async (handler: unknown, event: Parameters<typeof proxyEvent>[0]) => {
  const answer = await callHandler<Json>(handler as Handler, proxyEvent(event));
  answers.push(JSON.stringify(answer.json));
  return answer;
};

/** A parcel from Ottawa to Montréal, one package: both carriers quote it. */
const rateBody = () => {
  const body = sampleRateBody() as Record<string, unknown> & { shipper: Record<string, unknown>; packages: { pieces: Array<Record<string, unknown>> } };
  return {
    ...body,
    shipper: { ...body.shipper, phoneNumber: '613-555-0100' },
    packages: { ...body.packages, pieces: body.packages.pieces.slice(0, 1).map((p) => ({ ...p, quantity: 1 })) },
  };
};

type Carrier = 'UPS' | 'CANADAPOST';
const SERVICE: Record<Carrier, string> = { UPS: 'UPS_GROUND', CANADAPOST: 'CANADAPOST_EXPEDITED_PARCEL' };
const rate = async (carrier: Carrier): Promise<string> => {
  const rated = await call(createRateHandler(registry), { method: 'POST', path: '/v1/rate', key: apiKey, body: rateBody() });
  expect(rated.status).toBe(200);
  const found = (rated.json.data!.rates as Array<{ rateResponseId: string; carrier: { code: string }; service: { code: string } }>).find(
    (r) => r.carrier.code === carrier && r.service.code === SERVICE[carrier],
  );
  expect(found).toBeDefined();
  return found!.rateResponseId;
};
const ship = (rateResponseId: string) =>
  call(createShipHandler(registry), { method: 'POST', path: `/v1/ship/${rateResponseId}`, key: apiKey, pathParameters: { rateResponseId }, body: {} });
const shipped = async (carrier: Carrier): Promise<string> => {
  const answer = await ship(await rate(carrier));
  expect([answer.status, answer.json.error?.message]).toEqual([200, undefined]);
  return String(answer.json.data!.orderId);
};
const cancel = (orderId: string) =>
  call(createCancelHandler(registry), { method: 'DELETE', path: `/v1/shipments/${orderId}`, key: apiKey, pathParameters: { orderId } });
const isOpen = async (carrier: Carrier, orderId: string) => (await listOpenShipments(companyId, 'live', carrier)).some((s) => s.orderId === orderId);

/** Runs `run` with the account's secret replaced by `credentials`, then puts the real one back. */
const withSecret = async <T>(carrier: Carrier, credentials: Record<string, string>, run: () => Promise<T>): Promise<T> => {
  const file = path.join(secretsDir, `${accounts[carrier]}.json`);
  renameSync(file, `${file}.real`);
  writeFileSync(file, JSON.stringify(credentials), { mode: 0o600 });
  try {
    return await run();
  } finally {
    renameSync(`${file}.real`, file);
  }
};

const schemas = canadaPostXsdAvailable() || process.env.CI === 'true';
const maybe = schemas ? describe : describe.skip;
if (!schemas) process.stderr.write("skipped: carrier credentials: Canada Post's XML schemas are absent (set CANADAPOST_XSD_DIR)\n");

maybe('carrier credentials', () => {
  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'carrier-credentials-'));
    secretsDir = path.join(dataDir, 'secrets');
    process.env.CARRIER_SECRETS_DIR = secretsDir;
    restoreOutput = captureOutput(lines);
    upsMock = await startUpsMock({ clients: [UPS_CLIENT] });
    cpMock = await startCanadaPostMock({ clients: [CP_CLIENT] });
    upsFront = await startCarrierFront(upsMock.url);
    cpFront = await startCarrierFront(cpMock.url);
    process.env.UPS_API_BASE_URL_LIVE = `${upsFront.url}/api`;
    process.env.CANADAPOST_API_BASE_URL_LIVE = cpFront.url;
    for (const [carrier, credentials, args] of [
      ['UPS', UPS_CLIENT, ['--account-number', 'IT4C7X']],
      ['CANADAPOST', CP_CLIENT, ['--account-number', CUSTOMER_NUMBER, '--contract-id', CONTRACT_ID]],
    ] as const) {
      const file = path.join(dataDir, `${carrier}.json`);
      writeFileSync(file, JSON.stringify(credentials), { mode: 0o600 });
      const added = (await admin(['carrier-account', 'add', '--carrier', carrier, ...args, '--credentials-file', file])) as { carrierAccountId: string };
      accounts[carrier] = added.carrierAccountId;
      await admin(['pricing-group', 'set-plan', '--group', 'default', '--carrier', carrier, '--carrier-account', added.carrierAccountId]);
    }
    const created = await stack.createCompanyWithKey({ pricingGroupId: 'default' });
    companyId = created.company.companyId;
    apiKey = created.apiKey;
  }, 60_000);

  afterAll(async () => {
    restoreOutput?.();
    await Promise.all([upsFront?.close(), cpFront?.close()]);
    await Promise.all([upsMock?.close(), cpMock?.close()]);
    delete process.env.UPS_API_BASE_URL_LIVE;
    delete process.env.CANADAPOST_API_BASE_URL_LIVE;
    delete process.env.CARRIER_SECRETS_DIR;
    delete process.env.LOG_LEVEL;
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  afterEach(() => {
    for (const front of [upsFront, cpFront]) {
      delete front.answer;
      delete front.rewrite;
    }
  });

  /** What a hostile carrier says back: what it was sent, in every form, and a URL with our client id as its userinfo. */
  const echo = (request: FrontRequest, user: string, password: string) => {
    const authorization = request.headers.authorization ?? '';
    const basic = /^Basic (.+)$/.exec(authorization)?.[1];
    const decoded = basic ? `${Buffer.from(basic, 'base64').toString('utf8')}; ` : '';
    return `auth was ${authorization} (${decoded}user ${user}, password ${encodeURIComponent(password)}); see https://${user}:${password}@example.invalid/x`;
  };
  const upsError = (status: number, message: string) => ({
    status,
    contentType: 'application/json',
    body: JSON.stringify({ response: { errors: [{ code: '9999', message }] } }),
  });
  const cpMessages = (status: number, description: string) => ({
    status,
    contentType: 'application/vnd.cpc.shipment-v8+xml',
    body: `<?xml version="1.0" encoding="UTF-8"?><messages xmlns="http://www.canadapost.ca/ws/messages"><message><code>9999</code><description>${description.replace(/&/g, '&amp;').replace(/</g, '&lt;')}</description></message></messages>`,
  });

  describe('UPS', () => {
    it('error documents that echo the bearer token, the Basic header and the client secret (a refused ship, a void of unknown outcome): no answer holds any', async () => {
      const rateResponseId = await rate('UPS');
      upsFront.answer = (request) =>
        request.method === 'POST' && request.path.includes('/shipments/')
          ? upsError(400, `${echo(request, UPS_CLIENT.clientId, UPS_CLIENT.clientSecret)}; basic ${UPS_BASIC}, secret ${UPS_CLIENT.clientSecret}`)
          : undefined;
      const refused = await ship(rateResponseId);
      expect([refused.status, refused.json.error?.code]).toEqual([422, 'CARRIER_REJECTED']);
      expect(refused.json.error?.message).toContain('UPS rejected the shipment: 9999: auth was Bearer [redacted]');
      delete upsFront.answer;

      const orderId = await shipped('UPS');
      upsFront.answer = (request) =>
        request.method === 'DELETE'
          ? upsError(500, `${echo(request, UPS_CLIENT.clientId, UPS_CLIENT.clientSecret)}; secret ${UPS_CLIENT.clientSecret}`)
          : undefined;
      const failed = await cancel(orderId);
      expect([failed.status, failed.json.error?.code]).toEqual([502, 'CARRIER_ERROR']);
      expect(failed.json.error?.message).toMatch(
        /^UPS could not cancel the shipment: UPS answered HTTP 500: 9999: auth was Bearer \[redacted\] \(user \[redacted\], password \[redacted\]\); see https:\/\/\[redacted\]@example\.invalid\/x; secret \[redacted\] \(gave up after 3 attempts\)\. Its outcome is unknown/,
      );
      for (const form of secretForms()) expect(`${refused.json.error?.message}\n${failed.json.error?.message}`).not.toContain(form);
    });

    it('credentials UPS refuses: the cancel says the operator must fix the account, without its id; no void record, the open shipment stays open', async () => {
      const orderId = await shipped('UPS');
      expect(await isOpen('UPS', orderId)).toBe(true);
      // The container's token is refused too: a new one is asked for with the wrong secret.
      upsMock.revokeTokens();
      const failed = await withSecret('UPS', { ...UPS_CLIENT, clientSecret: 'it-ups-wrong-secret-1' }, () => cancel(orderId));
      expect([failed.status, failed.json.error?.code]).toEqual([502, 'CARRIER_ERROR']);
      expect(failed.json.error?.message).toBe(
        'UPS could not cancel the shipment: UPS refused the carrier account’s credentials (HTTP 401: 10401: ClientId is Invalid); the operator must fix the carrier account',
      );
      expect(await getRecord(orderId, 'VOID')).toBeUndefined();
      expect(await isOpen('UPS', orderId)).toBe(true);
      expect(lines.join('')).toMatch(new RegExp(`"carrier account unusable".*"carrierAccountId":"${accounts.UPS}"`));
      expect((await cancel(orderId)).status).toBe(200);
    });

    it("another carrier's credentials in the account's secret: nothing is sent; a ship answers 502 and may be shipped again, a cancel leaves nothing to reconcile", async () => {
      const rateResponseId = await rate('UPS');
      const orderId = await shipped('UPS');
      const sentBefore = upsMock.seen.length;
      const [ship502, cancel502] = await withSecret('UPS', CP_CLIENT, async () => [await ship(rateResponseId), await cancel(orderId)]);
      const message = 'the carrier account’s credentials have no UPS clientId and clientSecret; the operator must fix the carrier account';
      expect([ship502.status, ship502.json.error?.message]).toEqual([502, `UPS could not create the shipment: ${message}`]);
      expect([cancel502.status, cancel502.json.error?.message]).toEqual([502, `UPS could not cancel the shipment: ${message}`]);
      expect(upsMock.seen.length).toBe(sentBefore);
      expect(await getRecord(orderId, 'VOID')).toBeUndefined();
      expect(await isOpen('UPS', orderId)).toBe(true);
      // Nothing was bought: no ship record waits, and the rate ships once the account is fixed.
      expect((await stack.scanAll()).filter((item) => item.sk === 'RECONCILE#SHIP')).toEqual([]);
      expect((await ship(rateResponseId)).status).toBe(200);
    });
  });

  describe('Canada Post', () => {
    it('error documents that echo the Authorization header and the decoded username and password (a refused ship, a void of unknown outcome): no answer holds any', async () => {
      const rateResponseId = await rate('CANADAPOST');
      cpFront.answer = (request) =>
        request.method === 'POST' && /\/shipment$/.test(request.path) ? cpMessages(400, echo(request, CP_CLIENT.username, CP_CLIENT.password)) : undefined;
      const refused = await ship(rateResponseId);
      expect([refused.status, refused.json.error?.code]).toEqual([422, 'CARRIER_REJECTED']);
      expect(refused.json.error?.message).toBe(
        'CANADAPOST rejected the shipment: Canada Post refused to create the shipment: 9999: auth was Basic [redacted] ([redacted]; user [redacted], password [redacted]); see https://[redacted]@example.invalid/x',
      );
      delete cpFront.answer;

      const orderId = await shipped('CANADAPOST');
      cpFront.answer = (request) => (request.method === 'DELETE' ? cpMessages(500, echo(request, CP_CLIENT.username, CP_CLIENT.password)) : undefined);
      const failed = await cancel(orderId);
      expect([failed.status, failed.json.error?.code]).toEqual([502, 'CARRIER_ERROR']);
      expect(failed.json.error?.message).toMatch(
        /^CANADAPOST could not cancel the shipment: 9999: auth was Basic \[redacted\] .*https:\/\/\[redacted\]@example\.invalid\/x/,
      );
      for (const form of secretForms()) expect(`${refused.json.error?.message}\n${failed.json.error?.message}`).not.toContain(form);
    });

    it('a label link with a userinfo (our username and password): followed without it, and no answer names the username', async () => {
      cpFront.rewrite = (request, answer) =>
        request.method === 'POST' && /\/shipment$/.test(request.path)
          ? {
              ...answer,
              body: answer.body.replace(/(rel="label" href=")http:\/\//, `$1http://${CP_CLIENT.username}:${encodeURIComponent(CP_CLIENT.password)}@`),
            }
          : answer;
      const answer = await ship(await rate('CANADAPOST'));
      expect([answer.status, answer.json.error?.message]).toEqual([200, undefined]);
      expect(JSON.stringify(answer.json)).not.toContain(CP_CLIENT.username);
    });

    it.each([
      [
        'a wrong password (Canada Post answers 401)',
        { ...CP_CLIENT, password: 'it-cp-wrong-password-2' },
        'Canada Post refused the carrier account’s credentials (HTTP 401: E002: AAA Authentication Failure)',
      ],
      ["UPS's fields in a Canada Post account's secret", UPS_CLIENT, 'the carrier account’s credentials have no Canada Post username and password'],
    ])(
      '%s: the cancel says the operator must fix the account, without its id; no void record, the open shipment stays open',
      async (_name, credentials, reason) => {
        const orderId = await shipped('CANADAPOST');
        expect(await isOpen('CANADAPOST', orderId)).toBe(true);
        const failed = await withSecret('CANADAPOST', credentials, () => cancel(orderId));
        expect([failed.status, failed.json.error?.code]).toEqual([502, 'CARRIER_ERROR']);
        expect(failed.json.error?.message).toBe(`CANADAPOST could not cancel the shipment: ${reason}; the operator must fix the carrier account`);
        expect(await getRecord(orderId, 'VOID')).toBeUndefined();
        expect(await isOpen('CANADAPOST', orderId)).toBe(true);
        expect(lines.join('')).toMatch(new RegExp(`"carrier account unusable".*"carrierAccountId":"${accounts.CANADAPOST}"`));
      },
    );
  });

  it('no answer names a carrier account id; no answer, log line or stored item holds a credential in any form we sent it', async () => {
    const answered = answers.join('\n');
    const logged = lines.join('');
    const stored = JSON.stringify(await stack.scanAll());
    expect(answers.length).toBeGreaterThan(15);
    expect(logged).toContain('[redacted]');
    for (const id of Object.values(accounts)) expect(answered).not.toContain(id);
    for (const form of secretForms()) {
      expect(answered).not.toContain(form);
      expect(logged).not.toContain(form);
      expect(stored).not.toContain(form);
    }
  });
});
