/**
 * Canada Post operations over a fake client (the interface of
 * shared/carriers/canada-post/api.ts): buy or adopt under our reference,
 * NothingToAdopt, void before transmit and refund after, tracking before
 * the first scan; and the HTTP client against a local server on 127.0.0.1
 * (Basic authentication, links only on the base's origin, retries of safe
 * requests only, no credential in any message), and the base-URL guard.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { CanadaPostAnswer, CanadaPostApi, CanadaPostRequest } from '../../../../shared/carriers/canada-post/api';
import { canadaPostBaseUrl } from '../../../../shared/carriers/canada-post/config';
import { createCanadaPostApi } from '../../../../shared/carriers/canada-post/http';
import { canadaPostCancel, canadaPostFindShipments, canadaPostShip, canadaPostTrack } from '../../../../shared/carriers/canada-post/operations';
import { CarrierError, CarrierRefusal, NothingToAdopt } from '../../../../shared/domain/carrier';
import { rateRequest } from '../fixtures';
import { BASE, CONTRACT, CUSTOMER, messages, montreal, nonContractInfo, PDF, REF32, REFERENCE, shipInputOf, shipmentInfo, shipments } from './fixtures';
import { piece } from '../fixtures';

type Route = (request: CanadaPostRequest) => CanadaPostAnswer | undefined;
const xml = (status: number, body: string): CanadaPostAnswer => ({ status, contentType: 'application/vnd.cpc.shipment-v8+xml', body: Buffer.from(body) });
const urlOf = (r: CanadaPostRequest) =>
  'link' in r.target
    ? r.target.link
    : `${BASE}${r.target.path}${r.target.query ? `?${new URLSearchParams(r.target.query as Record<string, string>).toString()}` : ''}`;

function fake(routes: Route[], contractId: string | undefined = CONTRACT, refundEmail: string | null = 'ops@example.com') {
  const sent: { method: string; url: string; retryable: boolean }[] = [];
  const api: CanadaPostApi = {
    mode: 'test',
    customerNumber: CUSTOMER,
    ...(contractId ? { contractId } : {}),
    refundEmail: async () => refundEmail ?? undefined,
    async send(request) {
      sent.push({ method: request.method, url: urlOf(request), retryable: request.retryable });
      for (const route of routes) {
        const answer = route(request);
        if (answer) return answer;
      }
      throw new Error(`no route for ${request.method} ${urlOf(request)}`);
    },
  };
  return { api, sent };
}

const ID = '340531309186521749';
const PIN = '1371134583769923';
const on =
  (method: string, pattern: RegExp, answer: () => CanadaPostAnswer): Route =>
  (r) =>
    r.method === method && pattern.test(urlOf(r)) ? answer() : undefined;
const label = on('GET', /\/ers\/artifact\//, () => ({ status: 200, contentType: 'application/pdf', body: PDF }));
const created = on('POST', /\/shipment$/, () => xml(200, shipmentInfo(ID, PIN)));
const found = on('GET', new RegExp(`/shipment\\?requestId=${REF32}$`), () => xml(200, shipments(`${BASE}/rs/${CUSTOMER}/${CUSTOMER}/shipment/${ID}`)));
const none = on('GET', /\/shipment\?(requestId|trackingPIN)=/, () => xml(200, shipments()));
const byPin = on('GET', new RegExp(`/shipment\\?trackingPIN=${PIN}$`), () => xml(200, shipments(`${BASE}/rs/${CUSTOMER}/${CUSTOMER}/shipment/${ID}`)));
const getShipment = on('GET', new RegExp(`/shipment/${ID}$`), () => xml(200, shipmentInfo(ID, PIN)));
const signal = () => AbortSignal.timeout(5_000);
const input = (extra = {}) => shipInputOf(rateRequest({ recipient: montreal }), 'CANADAPOST_XPRESSPOST', extra);

describe('Canada Post operations', () => {
  it('buys a contract shipment and stores Canada Post’s PDF label', async () => {
    const { api, sent } = fake([created, label]);
    const shipment = await canadaPostShip(input(), api, signal());
    expect(shipment).toMatchObject({ reference: REFERENCE, carrierCode: 'CANADAPOST', trackingNumber: PIN, pieceTrackingNumbers: [PIN], shipmentId: ID });
    expect(shipment.documents).toEqual([{ type: 'label', packageIndex: 0, format: 'PDF', content: PDF }]);
    expect(sent.map((s) => [s.method, s.retryable])).toEqual([
      ['POST', false],
      ['GET', true],
    ]);
  });

  it('searches by customer-request-id first when a shipment may exist, and adopts what it finds without buying', async () => {
    const { api, sent } = fake([found, getShipment, label]);
    const shipment = await canadaPostShip(input({ mayExist: true }), api, signal());
    expect(shipment.trackingNumber).toBe(PIN);
    expect(sent.some((s) => s.method === 'POST')).toBe(false);
  });

  it('buys after a search that finds nothing; adoptOnly never buys (NothingToAdopt)', async () => {
    const bought = fake([none, created, label]);
    await canadaPostShip(input({ mayExist: true }), bought.api, signal());
    expect(bought.sent.filter((s) => s.method === 'POST')).toHaveLength(1);
    const adopt = fake([none]);
    await expect(canadaPostShip(input({ adoptOnly: true }), adopt.api, signal())).rejects.toThrow(NothingToAdopt);
    expect(adopt.sent.some((s) => s.method === 'POST')).toBe(false);
  });

  it('finds the packages held under our reference', async () => {
    const { api } = fake([found, getShipment]);
    expect(await canadaPostFindShipments(REFERENCE, api, 30, signal())).toEqual([{ trackingNumber: PIN, role: 'outbound' }]);
  });

  it('finds an order of several parcels by each parcel’s reference, every one an order may have asked (a voided one leaves a gap)', async () => {
    const second = '340531309186521750';
    const secondPin = '1371134583769931';
    const { api, sent } = fake([
      on('GET', new RegExp(`/shipment\\?requestId=${REF32}-1$`), () => xml(200, shipments(`${BASE}/rs/${CUSTOMER}/${CUSTOMER}/shipment/${ID}`))),
      on('GET', new RegExp(`/shipment\\?requestId=${REF32}-3$`), () => xml(200, shipments(`${BASE}/rs/${CUSTOMER}/${CUSTOMER}/shipment/${second}`))),
      getShipment,
      on('GET', new RegExp(`/shipment/${second}$`), () => xml(200, shipmentInfo(second, secondPin))),
      none,
    ]);
    expect(await canadaPostFindShipments(REFERENCE, api, 30, signal())).toEqual([
      { trackingNumber: PIN, role: 'outbound' },
      { trackingNumber: secondPin, role: 'outbound' },
    ]);
    expect(sent.filter((s) => s.url.includes('requestId=')).map((s) => new URL(s.url).searchParams.get('requestId'))).toEqual([
      REF32,
      ...Array.from({ length: 10 }, (_, i) => `${REF32}-${i + 1}`),
    ]);
  });

  it('non-contract, three parcels that may exist: the range is listed once, the two found adopted by their references, the third bought', async () => {
    const nc = (body: string): CanadaPostAnswer => ({ status: 200, contentType: 'application/vnd.cpc.ncshipment-v4+xml', body: Buffer.from(body) });
    const ids = ['340531309186520001', '340531309186520002', '340531309186520003'];
    const pins = ['1371134583760001', '1371134583760002', '1371134583760003'];
    const details = (ref: string) =>
      `<?xml version="1.0" encoding="UTF-8"?>\n<non-contract-shipment-details xmlns="http://www.canadapost.ca/ws/ncshipment-v4"><delivery-spec><references><customer-ref-1>${ref}</customer-ref-1></references></delivery-spec></non-contract-shipment-details>`;
    const list = `<?xml version="1.0" encoding="UTF-8"?>\n<non-contract-shipments xmlns="http://www.canadapost.ca/ws/ncshipment-v4">${ids
      .slice(0, 2)
      .map((id) => `<link rel="shipment" href="${BASE}/rs/${CUSTOMER}/ncshipment/${id}" media-type="application/vnd.cpc.ncshipment-v4+xml"/>`)
      .join('')}</non-contract-shipments>`;
    const { api, sent } = fake(
      [
        on('GET', /\/ncshipment\?from=/, () => nc(list)),
        ...ids.map((id, i) => on('GET', new RegExp(`/ncshipment/${id}/details$`), () => nc(details(`${REF32}-${i + 1}`)))),
        ...ids.map((id, i) => on('GET', new RegExp(`/ncshipment/${id}$`), () => nc(nonContractInfo(id, pins[i]!)))),
        on('POST', /\/ncshipment$/, () => nc(nonContractInfo(ids[2]!, pins[2]!))),
        label,
      ],
      '',
    );
    const three = rateRequest({ recipient: montreal, packages: { unitOfMeasure: 'metric', pieces: [piece('GENERIC_BOX', { quantity: 3 })] } });
    const shipment = await canadaPostShip(shipInputOf(three, 'CANADAPOST_REGULAR_PARCEL', { mayExist: true }), api, signal());
    expect(shipment).toMatchObject({ trackingNumber: pins[0], pieceTrackingNumbers: pins, shipmentId: ids[0] });
    expect(shipment.documents?.map((d) => d.packageIndex)).toEqual([0, 1, 2]);
    expect(sent.filter((s) => s.url.includes('?from='))).toHaveLength(1);
    expect(sent.filter((s) => s.method === 'POST')).toHaveLength(1);
  });

  it('refuses a create as Canada Post says (4xx messages → CarrierRefusal)', async () => {
    const { api } = fake([on('POST', /\/shipment$/, () => xml(400, messages(['9111', 'The postal code is invalid.'])))]);
    await expect(canadaPostShip(input(), api, signal())).rejects.toThrow(CarrierRefusal);
  });

  it('voids before transmit; a shipment no longer listed counts as voided', async () => {
    const voided = fake([byPin, getShipment, on('DELETE', new RegExp(`/shipment/${ID}$`), () => ({ status: 204, contentType: '', body: Buffer.alloc(0) }))]);
    await canadaPostCancel({ reference: REFERENCE, trackingNumber: PIN, shipmentId: ID }, voided.api, signal());
    expect(voided.sent.map((s) => s.method)).toEqual(['GET', 'GET', 'DELETE']);
    const gone = fake([none]);
    await expect(canadaPostCancel({ reference: REFERENCE, trackingNumber: PIN, shipmentId: ID }, gone.api, signal())).resolves.toBeUndefined();
  });

  it('requests a refund after transmit (8064); accepted or already requested (7292) is the cancel’s success', async () => {
    const transmitted = on('DELETE', /\/shipment\//, () =>
      xml(400, messages(['8064', 'A shipment can only be void if it is in a PROCESSED or PRINTED state.'])),
    );
    const accepted = fake([
      byPin,
      getShipment,
      transmitted,
      on('POST', /\/refund$/, () =>
        xml(
          200,
          '<shipment-refund-request-info xmlns="http://www.canadapost.ca/ws/shipment-v8"><service-ticket-date>2025-06-05</service-ticket-date><service-ticket-id>GT12345678RT</service-ticket-id></shipment-refund-request-info>',
        ),
      ),
    ]);
    await canadaPostCancel({ reference: REFERENCE, trackingNumber: PIN, shipmentId: ID }, accepted.api, signal());
    expect(accepted.sent.at(-1)).toMatchObject({ method: 'POST', retryable: false });
    const again = fake([
      byPin,
      getShipment,
      transmitted,
      on('POST', /\/refund$/, () => xml(409, messages(['7292', 'A refund has already been requested for this shipment.']))),
    ]);
    await expect(canadaPostCancel({ reference: REFERENCE, trackingNumber: PIN, shipmentId: ID }, again.api, signal())).resolves.toBeUndefined();
    const noEmail = fake([byPin, getShipment, transmitted], CONTRACT, null);
    await expect(canadaPostCancel({ reference: REFERENCE, trackingNumber: PIN, shipmentId: ID }, noEmail.api, signal())).rejects.toThrow(/refundEmail/);
  });

  it('tracks: no scan yet (404) is pending without events', async () => {
    const { api } = fake([on('GET', /\/vis\/track\/pin\//, () => xml(404, messages(['004', 'No Pin History'])))]);
    expect(await canadaPostTrack({ reference: REFERENCE, trackingNumber: PIN }, api, signal())).toEqual({
      trackingNumber: PIN,
      transitStatus: 'pending',
      events: [],
    });
  });
});

describe('Canada Post HTTP client against a local server', () => {
  let server: Server;
  let base: string;
  const seen: { method: string; url: string; authorization?: string; accept?: string; language?: string }[] = [];
  let statuses: number[] = [];
  const saved = process.env.CANADAPOST_API_BASE_URL_TEST;
  beforeAll(async () => {
    server = createServer((req, res) => {
      seen.push({
        method: req.method!,
        url: req.url!,
        authorization: req.headers.authorization,
        accept: req.headers.accept,
        language: req.headers['accept-language'],
      });
      const status = statuses.shift() ?? 200;
      res.writeHead(status, { 'content-type': 'application/vnd.cpc.shipment-v8+xml' });
      res.end(status === 200 ? shipments() : messages(['Server', 'Rejected by SLM Monitor']));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    process.env.CANADAPOST_API_BASE_URL_TEST = base;
  });
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
    if (saved === undefined) delete process.env.CANADAPOST_API_BASE_URL_TEST;
    else process.env.CANADAPOST_API_BASE_URL_TEST = saved;
  });
  beforeEach(() => {
    seen.length = 0;
    statuses = [];
  });
  const SECRET = 'cp-secret-Zz9';
  const client = () =>
    createCanadaPostApi(
      {
        mode: 'test',
        account: {
          carrierAccountId: 'acct-cp-1',
          carrierCode: 'CANADAPOST',
          accountNumber: CUSTOMER,
          contractId: CONTRACT,
          credentials: async () => ({ username: 'cp-api-user', password: SECRET }),
        },
      },
      { sleep: async () => undefined, random: () => 0.5 },
    );
  const search: CanadaPostRequest = {
    method: 'GET',
    target: { path: `/rs/${CUSTOMER}/${CUSTOMER}/shipment`, query: { requestId: REF32 } },
    accept: 'application/vnd.cpc.shipment-v8+xml',
    retryable: true,
  };

  it('sends Basic authentication, the media type and en-CA', async () => {
    const api = client();
    expect(api.contractId).toBe(CONTRACT);
    const answer = await api.send(search, signal());
    expect(answer.status).toBe(200);
    expect(seen[0]).toEqual({
      method: 'GET',
      url: `/rs/${CUSTOMER}/${CUSTOMER}/shipment?requestId=${REF32}`,
      authorization: `Basic ${Buffer.from(`cp-api-user:${SECRET}`).toString('base64')}`,
      accept: 'application/vnd.cpc.shipment-v8+xml',
      language: 'en-CA',
    });
  });

  it('retries a safe request after a 5xx, never a create; no message carries a credential', async () => {
    statuses = [503, 200];
    await client().send(search, signal());
    expect(seen).toHaveLength(2);
    seen.length = 0;
    statuses = [503, 503, 503];
    const create: CanadaPostRequest = {
      method: 'POST',
      target: { path: `/rs/${CUSTOMER}/${CUSTOMER}/shipment` },
      accept: 'application/vnd.cpc.shipment-v8+xml',
      body: { contentType: 'application/vnd.cpc.shipment-v8+xml', xml: '<shipment/>' },
      retryable: false,
    };
    const error = await client()
      .send(create, signal())
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CarrierError);
    expect(seen).toHaveLength(1);
    const texts = [String((error as Error).message)];
    statuses = [401];
    texts.push(
      String(
        (
          (await client()
            .send(search, signal())
            .catch((e: unknown) => e)) as Error
        ).message,
      ),
    );
    for (const text of texts) {
      expect(text).not.toContain(SECRET);
      expect(text).not.toContain(Buffer.from(`cp-api-user:${SECRET}`).toString('base64'));
      expect(text).not.toContain('acct-cp-1');
    }
    expect(texts[1]).toBe(
      'Canada Post refused the carrier account’s credentials (HTTP 401: Server: Rejected by SLM Monitor); the operator must fix the carrier account',
    );
  });

  it('follows links on the base’s origin only, without a userinfo they carry; an error quotes no link', async () => {
    await client().send(
      { method: 'GET', target: { link: `${base}/rs/${CUSTOMER}/${CUSTOMER}/shipment/1` }, accept: 'application/vnd.cpc.shipment-v8+xml', retryable: true },
      signal(),
    );
    expect(seen).toHaveLength(1);
    const elsewhere = (await client()
      .send({ method: 'GET', target: { link: 'https://evil.example/rs/x' }, accept: 'application/pdf', retryable: true }, signal())
      .catch((e: unknown) => e)) as Error;
    expect(elsewhere.message).toBe('Canada Post returned a link to another host; it is not followed');
    expect(seen).toHaveLength(1);
    // Our credentials go in the header; a userinfo in the link would make fetch refuse it and quote it whole.
    const withUserinfo = `${base.replace('://', '://cp-api-user:other@')}/rs/artifact/cp-api-user/1/0`;
    await client().send({ method: 'GET', target: { link: withUserinfo }, accept: 'application/pdf', retryable: true }, signal());
    expect(seen[1]).toMatchObject({ url: '/rs/artifact/cp-api-user/1/0', authorization: `Basic ${Buffer.from(`cp-api-user:${SECRET}`).toString('base64')}` });
  });
});

describe('Canada Post base URLs', () => {
  const saved = { test: process.env.CANADAPOST_API_BASE_URL_TEST, live: process.env.CANADAPOST_API_BASE_URL_LIVE };
  afterEach(() => {
    for (const [mode, name] of [
      ['test', 'CANADAPOST_API_BASE_URL_TEST'],
      ['live', 'CANADAPOST_API_BASE_URL_LIVE'],
    ] as const) {
      if (saved[mode] === undefined) delete process.env[name];
      else process.env[name] = saved[mode];
    }
  });

  it('test keys reach development, live keys production; overrides are read per call', () => {
    delete process.env.CANADAPOST_API_BASE_URL_TEST;
    delete process.env.CANADAPOST_API_BASE_URL_LIVE;
    expect(canadaPostBaseUrl('test')).toBe('https://ct.soa-gw.canadapost.ca');
    expect(canadaPostBaseUrl('live')).toBe('https://soa-gw.canadapost.ca');
    process.env.CANADAPOST_API_BASE_URL_LIVE = 'http://127.0.0.1:4020/';
    expect(canadaPostBaseUrl('live')).toBe('http://127.0.0.1:4020');
  });

  it.each([
    'https://soa-gw.canadapost.ca',
    'https://SOA-GW.CanadaPost.ca.',
    'https://soa-gw.canadapost.ca:8443/x',
    'https://soa-gw%2Ecanadapost%2Eca',
    'https://ｓｏａ-gw.canadapost.ca',
  ])('refuses a test base naming production: %s', (url) => {
    process.env.CANADAPOST_API_BASE_URL_TEST = url;
    expect(() => canadaPostBaseUrl('test')).toThrow(/production/);
  });
});
