/**
 * The local FedEx over real HTTP (local/fedex/mock-server.ts): the token
 * endpoint's form, bearer tokens it issued (401 in FedEx's error document
 * otherwise), what it records (never a secret or a token), label documents
 * by URL, bounds, faults as a connection lost or an answer late, and a close
 * that ends every connection.
 */
import { request as httpRequest } from 'node:http';
import { startFedexMock, type FedexMock } from '../../../../local/fedex/mock-server';
import { problemsOf, responseValidator } from '../../../../local/fedex/spec';
import { describeWithFedexDocuments } from './documents-present';
import { rateBody, shipBody, trackBody } from './fixtures';
import { CLIENT, simulatorAt } from './simulator-fixtures';

/* eslint-disable @typescript-eslint/no-explicit-any -- the tests read answers the document's schema has just validated */

let mock: FedexMock;
// On the fixtures' clock, so their ship dates are today's.
const start = (bounds: { maxBodyBytes?: number; maxPathChars?: number } = {}) => startFedexMock({ simulator: simulatorAt(), ...bounds });
beforeEach(async () => {
  mock = await start();
});
afterEach(async () => {
  await mock.close();
});

const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();
const credentials = { grant_type: 'client_credentials', client_id: CLIENT.clientId, client_secret: CLIENT.clientSecret };

async function token(fields = credentials): Promise<Response> {
  return fetch(`${mock.url}/oauth/token`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: form(fields) });
}

async function api(method: string, path: string, body: unknown, bearer?: string, headers: Record<string, string> = {}): Promise<Response> {
  return fetch(`${mock.url}${path}`, {
    method,
    headers: { 'content-type': 'application/json', ...(bearer ? { authorization: `Bearer ${bearer}` } : {}), ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

const bearer = async () => ((await (await token()).json()) as { access_token: string }).access_token;

describeWithFedexDocuments('the FedEx mock server', () => {
  it('issues a token for the form FedEx documents and takes it as a bearer token; without one, 401 in FedEx error document', async () => {
    const issued = await token();
    expect(issued.status).toBe(200);
    const answer = (await issued.json()) as { access_token: string; token_type: string; expires_in: number };
    expect(answer).toMatchObject({ token_type: 'bearer', expires_in: 3600 });
    expect(mock.issuedTokens()).toEqual([answer.access_token]);
    const ok = await api('POST', '/rate/v1/rates/quotes', rateBody(), answer.access_token);
    expect(ok.status).toBe(200);
    expect(problemsOf(responseValidator('rate', 200), await ok.json())).toEqual([]);
    const refused = await api('POST', '/rate/v1/rates/quotes', rateBody(), 'not-a-token');
    expect(refused.status).toBe(401);
    expect(refused.headers.get('content-type')).toBe('application/json');
    expect(((await refused.json()) as any).errors).toEqual([
      { code: 'NOT.AUTHORIZED.ERROR', message: 'Access token expired. Please modify your request and try again.' },
    ]);
    expect(mock.seen.map((s) => [s.method, s.path, s.authorized, s.status])).toEqual([
      ['POST', '/oauth/token', false, 200],
      ['POST', '/rate/v1/rates/quotes', true, 200],
      ['POST', '/rate/v1/rates/quotes', false, 401],
    ]);
  });

  it('credentials it does not know are 401; nothing it records holds a secret or a token', async () => {
    const wrong = await token({ ...credentials, client_secret: 'wrong-SECRET-value-42' });
    expect(wrong.status).toBe(401);
    const text = await wrong.text();
    expect(text).not.toContain('wrong-SECRET-value-42');
    const accessToken = await bearer();
    await api('POST', '/track/v1/trackingnumbers', trackBody(['794900000016']), accessToken);
    const recorded = JSON.stringify([mock.seen, mock.simulator.received]);
    for (const secret of [CLIENT.clientSecret, 'wrong-SECRET-value-42', accessToken]) expect(recorded).not.toContain(secret);
  });

  it('revokeTokens: the next API call is 401, a new token works', async () => {
    const first = await bearer();
    mock.revokeTokens();
    expect((await api('POST', '/track/v1/trackingnumbers', trackBody(['794900000016']), first)).status).toBe(401);
    expect((await api('POST', '/track/v1/trackingnumbers', trackBody(['794900000016']), await bearer())).status).toBe(200);
    expect(mock.issuedTokens()).toHaveLength(2);
  });

  it('the customer transaction id header comes back in the answer; cancel and the Ground close are PUT, the close with its trailing slash, as FedEx has them', async () => {
    const accessToken = await bearer();
    const shipped = (await (await api('POST', '/ship/v1/shipments', shipBody(), accessToken, { 'x-customer-transaction-id': 'order-0001' })).json()) as any;
    expect(shipped.customerTransactionId).toBe('order-0001');
    const number = shipped.output.transactionShipments[0].masterTrackingNumber as string;
    const cancelled = await api('PUT', '/ship/v1/shipments/cancel', { accountNumber: { value: '740561073' }, trackingNumber: number }, accessToken);
    expect(((await cancelled.json()) as any).output.cancelledShipment).toBe(true);
    expect((await api('POST', '/ship/v1/shipments/cancel', {}, accessToken)).status).toBe(404);
    const closed = await api(
      'PUT',
      '/ship/v1/endofday/',
      { closeReqType: 'GCDR', groundServiceCategory: 'GROUND', accountNumber: { value: '740561073' } },
      accessToken,
    );
    expect([closed.status, ((await closed.json()) as any).output.alerts[0].code]).toEqual([200, 'SIM.CLOSE.NO.SHIPMENTS']);
  });

  it('a URL_ONLY label is served from the link the ship answer gives', async () => {
    const accessToken = await bearer();
    const shipped = (await (await api('POST', '/ship/v1/shipments', shipBody({ labelResponseOptions: 'URL_ONLY' }), accessToken)).json()) as any;
    const url = shipped.output.transactionShipments[0].pieceResponses[0].packageDocuments[0].url as string;
    expect(url.startsWith(`${mock.url}/sim/documents/`)).toBe(true);
    const label = await fetch(url);
    expect([label.status, label.headers.get('content-type')]).toEqual([200, 'application/pdf']);
    expect(
      Buffer.from(await label.arrayBuffer())
        .subarray(0, 5)
        .toString('latin1'),
    ).toBe('%PDF-');
    expect((await fetch(`${mock.url}/sim/documents/label-000000000000`)).status).toBe(404);
  });

  it('a body that is not JSON, a body over the bound and a target over the bound are refused in FedEx error document', async () => {
    const accessToken = await bearer();
    const notJson = await api('POST', '/ship/v1/shipments', '{"accountNumber":', accessToken);
    expect([notJson.status, ((await notJson.json()) as any).errors[0].code]).toEqual([400, 'SIM.INVALID.JSON']);
    await mock.close();
    mock = await start({ maxBodyBytes: 1024, maxPathChars: 100 });
    const big = await api('POST', '/ship/v1/shipments', { padding: 'x'.repeat(4096) }, accessToken);
    expect([big.status, ((await big.json()) as any).errors[0].code]).toEqual([413, 'SIM.PAYLOAD.TOO.LARGE']);
    const long = await api('POST', `/ship/v1/shipments?${'q'.repeat(200)}`, {}, accessToken);
    expect(long.status).toBe(414);
  });

  it('a lost answer drops the connection after FedEx shipped; a late one answers after its delay', async () => {
    const accessToken = await bearer();
    mock.simulator.failNext('lose-answer');
    await expect(api('POST', '/ship/v1/shipments', shipBody(), accessToken)).rejects.toThrow();
    expect(mock.simulator.billable()).toHaveLength(1);
    mock.simulator.answerLate(50);
    const started = Date.now();
    const late = await api('POST', '/ship/v1/shipments', shipBody(), accessToken);
    expect(late.status).toBe(200);
    expect(Date.now() - started).toBeGreaterThanOrEqual(45);
    expect(mock.simulator.billable()).toHaveLength(2);
    expect(mock.seen.filter((s) => s.path === '/ship/v1/shipments').map((s) => s.status)).toEqual([undefined, 200]);
  });

  it('close() ends a keep-alive connection and a late answer still waiting, at once', async () => {
    const accessToken = await bearer();
    mock.simulator.answerLate(60_000);
    const outcome = new Promise<string>((resolve) => {
      const req = httpRequest(
        `${mock.url}/ship/v1/shipments`,
        { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${accessToken}` }, agent: false },
        (res) => {
          resolve(`answered ${res.statusCode}`);
        },
      );
      req.on('error', () => resolve('connection ended'));
      req.end(JSON.stringify(shipBody()));
    });
    while (!mock.seen.some((s) => s.path === '/ship/v1/shipments')) await new Promise((r) => setTimeout(r, 5));
    const started = Date.now();
    await mock.close();
    expect(await outcome).toBe('connection ended');
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(mock.simulator.shipments).toHaveLength(0);
    mock = await start();
  });

  it('listens on 127.0.0.1 on a port of its own; given clients alone, it makes its own simulator', async () => {
    expect(mock.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const own = await startFedexMock({ clients: [CLIENT] });
    try {
      const issued = await fetch(`${own.url}/oauth/token`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: form(credentials),
      });
      expect(issued.status).toBe(200);
      expect(own.url).not.toBe(mock.url);
    } finally {
      await own.close();
    }
  });
});
