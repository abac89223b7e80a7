/**
 * End-of-day manifests (docs/manifests.md) through the real handlers on
 * DynamoDB Local and s3rver: three CARRIERX orders closed, a fourth made
 * afterwards left for the next close, the PDF through the 302, a manifested
 * order's cancel refused, concurrent closes of two "containers" making one
 * manifest, another company and a test key seeing none of it, and hostile
 * inputs answered 4xx with our error body, never 5xx.
 */
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import type { APIGatewayProxyEvent, APIGatewayProxyResult, Context } from 'aws-lambda';
import { createManifest, FILTERED_READ_ITEMS, type ManifestRecord } from '../../shared/store/manifests';
import { createCarrierRegistry } from '../../shared/carriers/registry';
import { createSandboxTransports } from '../../shared/carriers/sandbox/network';
import { sampleRateBody, shippingDateIn } from '../support/rate-body';
import { useFreshStack } from '../support/stack';

const stack = useFreshStack();
type Handler = (event: APIGatewayProxyEvent, context: Context) => Promise<APIGatewayProxyResult>;
type Answer = {
  status: number;
  headers: Record<string, unknown>;
  json: { data?: Record<string, unknown> & { manifests?: Array<Record<string, unknown>> }; error?: { code: string; message: string } };
};

const root = path.resolve(__dirname, '../..');
const load = (entry: string): Handler => {
  let handler: Handler | undefined;
  jest.isolateModules(() => {
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- one container's module
    handler = (require(path.join(root, entry)) as { handler: Handler }).handler;
  });
  return handler!;
};

const registry = createCarrierRegistry(createSandboxTransports({}));
/* eslint-disable @typescript-eslint/no-require-imports -- the handlers over this test's registry */
const rate = (require('../../functions/rate/handler') as typeof import('../../functions/rate/handler')).createRateHandler(registry);
const ship = (require('../../functions/ship/handler') as typeof import('../../functions/ship/handler')).createShipHandler(registry);
const cancel = (require('../../functions/cancel/handler') as typeof import('../../functions/cancel/handler')).createCancelHandler(registry);
const track = (require('../../functions/track/handler') as typeof import('../../functions/track/handler')).createTrackHandler(registry);
/* eslint-enable @typescript-eslint/no-require-imports */
const containers = [0, 1].map(() => ({
  close: load('functions/manifests-create/handler.ts'),
  list: load('functions/manifests-list/handler.ts'),
  get: load('functions/manifest-get/handler.ts'),
  file: load('functions/manifest-file/handler.ts'),
}));

const call = async (
  handler: Handler,
  method: string,
  p: string,
  key: string,
  options: { params?: Record<string, string>; query?: Record<string, string>; body?: unknown } = {},
): Promise<Answer> => {
  const result = await handler(
    {
      httpMethod: method,
      path: p,
      resource: p,
      headers: { 'X-API-Key': key, ...(options.body !== undefined ? { 'Content-Type': 'application/json' } : {}) },
      multiValueHeaders: null,
      queryStringParameters: options.query ?? null,
      pathParameters: options.params ?? null,
      body: options.body === undefined ? null : typeof options.body === 'string' ? options.body : JSON.stringify(options.body),
      isBase64Encoded: false,
      requestContext: { requestId: 'manifests' },
    } as unknown as APIGatewayProxyEvent,
    {} as Context,
  );
  return { status: result.statusCode, headers: result.headers ?? {}, json: result.body ? (JSON.parse(result.body) as Answer['json']) : {} };
};

const TODAY_PLUS_1 = shippingDateIn(1);

const shipCarrierX = async (key: string): Promise<string> => {
  const rated = await call(rate, 'POST', '/v1/rate', key, { body: sampleRateBody() });
  const rates = (rated.json.data as unknown as { rates: Array<{ rateResponseId: string; carrier: { code: string } }> }).rates;
  const id = rates.find((r) => r.carrier.code === 'CARRIERX')!.rateResponseId;
  const shipped = await call(ship, 'POST', `/v1/ship/${id}`, key, { params: { rateResponseId: id }, body: {} });
  expect(shipped.status).toBe(200);
  return shipped.json.data!.orderId as string;
};

const close = (key: string, body: unknown, i = 0) => call(containers[i % 2]!.close, 'POST', '/v1/manifests', key, { body });

let liveKey: string;
let testKey: string;
let otherKey: string;
beforeAll(async () => {
  const { company, apiKey } = await stack.createCompanyWithKey({ pricingGroupId: 'default' });
  liveKey = apiKey;
  testKey = (await stack.createKey(company.companyId, { mode: 'test' })).apiKey;
  otherKey = (await stack.createCompanyWithKey({ pricingGroupId: 'default' })).apiKey;
}, 60_000);

it('closes three orders on one manifest with our PDF; a fourth made afterwards waits for the next close; a manifested order cannot be cancelled', async () => {
  const orders = [await shipCarrierX(liveKey), await shipCarrierX(liveKey), await shipCarrierX(liveKey)];
  const closed = await close(liveKey, { carrierCode: 'carrierx', shipDate: TODAY_PLUS_1 });
  expect(closed.status).toBe(201);
  const manifest = closed.json.data!;
  expect(manifest).toMatchObject({ carrier: { code: 'CARRIERX' }, mode: 'live', shipDate: TODAY_PLUS_1, status: 'closed', packageCount: 3 });
  expect([...(manifest.orders as string[])].sort()).toEqual([...orders].sort());
  expect(closed.json.data!.manifests).toHaveLength(1);
  expect(manifest.documents).toEqual([expect.objectContaining({ code: 'MANIFEST_PDF', source: 'rendered' })]);
  const manifestId = manifest.manifestId as string;

  const file = await call(containers[1]!.file, 'GET', `/v1/manifests/${manifestId}/MANIFEST_PDF`, liveKey, {
    params: { manifestId, documentCode: 'MANIFEST_PDF' },
  });
  expect(file.status).toBe(302);
  const pdf = Buffer.from(await (await fetch(file.headers.location as string)).arrayBuffer());
  expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');

  // The same close again: nothing left open, the same manifest, replayed.
  const again = await close(liveKey, { carrierCode: 'CARRIERX', shipDate: TODAY_PLUS_1 }, 1);
  expect(again).toMatchObject({ status: 200, headers: { 'idempotent-replayed': 'true' } });
  expect(again.json.data!.manifestId).toBe(manifestId);
  const named = await close(liveKey, { carrierCode: 'CARRIERX', orderIds: orders });
  expect(named).toMatchObject({ status: 200, headers: { 'idempotent-replayed': 'true' } });
  expect(named.json.data!.manifestId).toBe(manifestId);

  const cancelled = await call(cancel, 'DELETE', `/v1/shipments/${orders[0]}`, liveKey, { params: { orderId: orders[0]! } });
  expect(cancelled).toMatchObject({ status: 409, json: { error: { code: 'NOT_CANCELLABLE' } } });
  expect(cancelled.json.error!.message).toContain(manifestId);
  const tracked = await call(track, 'GET', `/v1/track/${orders[1]}`, liveKey, { params: { orderId: orders[1]! } });
  expect(tracked.json.data!.manifest).toEqual({ manifestId, shipDate: TODAY_PLUS_1 });

  const fourth = await shipCarrierX(liveKey);
  const next = await close(liveKey, { carrierCode: 'CARRIERX', shipDate: TODAY_PLUS_1 });
  expect(next.status).toBe(201);
  expect(next.json.data!.orders).toEqual([fourth]);
  expect(next.json.data!.manifestId).not.toBe(manifestId);

  const listed = await call(containers[0]!.list, 'GET', '/v1/manifests', liveKey, { query: { carrierCode: 'CARRIERX', limit: '1' } });
  expect(listed.status).toBe(200);
  const page = listed.json.data as unknown as { manifests: Array<{ manifestId: string }>; nextCursor: string | null };
  expect(page.manifests).toHaveLength(1);
  const rest = await call(containers[0]!.list, 'GET', '/v1/manifests', liveKey, { query: { carrierCode: 'CARRIERX', cursor: page.nextCursor! } });
  const ids = [...page.manifests, ...(rest.json.data as unknown as { manifests: Array<{ manifestId: string }> }).manifests].map((m) => m.manifestId);
  expect(new Set(ids)).toEqual(new Set([manifestId, next.json.data!.manifestId]));

  // Another company, and a test key of the same company, see none of it.
  expect(await call(containers[0]!.get, 'GET', `/v1/manifests/${manifestId}`, otherKey, { params: { manifestId } })).toMatchObject({ status: 404 });
  expect(await call(containers[0]!.get, 'GET', `/v1/manifests/${manifestId}`, testKey, { params: { manifestId } })).toMatchObject({ status: 404 });
  expect((await call(containers[0]!.list, 'GET', '/v1/manifests', otherKey)).json.data).toEqual({ manifests: [], nextCursor: null });
  expect((await call(containers[0]!.list, 'GET', '/v1/manifests', testKey)).json.data).toEqual({ manifests: [], nextCursor: null });
  expect(await close(otherKey, { carrierCode: 'CARRIERX', orderIds: [fourth] })).toMatchObject({ status: 404 });
}, 120_000);

it('a close of a day that names orders takes those alone (read by key); the others wait for the next close; naming them again replays it', async () => {
  const { apiKey } = await stack.createCompanyWithKey({ pricingGroupId: 'default' });
  const [first, second, third] = [await shipCarrierX(apiKey), await shipCarrierX(apiKey), await shipCarrierX(apiKey)];
  const named = await close(apiKey, { carrierCode: 'CARRIERX', shipDate: TODAY_PLUS_1, orderIds: [third.toUpperCase(), first] });
  expect(named.status).toBe(201);
  expect([...(named.json.data!.orders as string[])].sort()).toEqual([first, third].sort());
  const again = await close(apiKey, { carrierCode: 'CARRIERX', shipDate: TODAY_PLUS_1, orderIds: [first] }, 1);
  expect(again).toMatchObject({ status: 200, headers: { 'idempotent-replayed': 'true' } });
  expect(again.json.data!.manifestId).toBe(named.json.data!.manifestId);
  const rest = await close(apiKey, { carrierCode: 'CARRIERX', shipDate: TODAY_PLUS_1 });
  expect(rest.status).toBe(201);
  expect(rest.json.data!.orders).toEqual([second]);
}, 120_000);

it('a close that names an open order beside one it cannot take fails whole, before it closes anything: 404 for an unknown or another company’s order, 400 for a cancelled one', async () => {
  const { apiKey } = await stack.createCompanyWithKey({ pricingGroupId: 'default' });
  const { apiKey: otherKey } = await stack.createCompanyWithKey({ pricingGroupId: 'default' });
  const [open, cancelledOrder, theirs] = [await shipCarrierX(apiKey), await shipCarrierX(apiKey), await shipCarrierX(otherKey)];
  expect(await call(cancel, 'DELETE', `/v1/shipments/${cancelledOrder}`, apiKey, { params: { orderId: cancelledOrder } })).toMatchObject({ status: 200 });
  const unknown = '00000000-0000-4000-8000-000000000099';

  const typo = await close(apiKey, { carrierCode: 'CARRIERX', shipDate: TODAY_PLUS_1, orderIds: [open, unknown] });
  expect(typo).toMatchObject({ status: 404, json: { error: { code: 'NOT_FOUND', details: [{ path: 'orderIds[1]' }] } } });
  expect(typo.json.error!.message).toContain(unknown);
  expect(await close(apiKey, { carrierCode: 'CARRIERX', shipDate: TODAY_PLUS_1, orderIds: [theirs, open] })).toMatchObject({
    status: 404,
    json: { error: { details: [{ path: 'orderIds[0]' }] } },
  });
  expect(await close(apiKey, { carrierCode: 'CARRIERX', shipDate: TODAY_PLUS_1, orderIds: [open, cancelledOrder] })).toMatchObject({
    status: 400,
    json: { error: { code: 'VALIDATION_FAILED' } },
  });

  // Nothing was closed: the open order is still open, and the close that names it alone takes it.
  const tracked = await call(track, 'GET', `/v1/track/${open}`, apiKey, { params: { orderId: open } });
  expect(tracked.json.data!.manifest ?? null).toBeNull();
  const named = await close(apiKey, { carrierCode: 'CARRIERX', shipDate: TODAY_PLUS_1, orderIds: [open] });
  expect(named.status).toBe(201);
  expect(named.json.data!.orders).toEqual([open]);
}, 120_000);

it('20 concurrent closes of two containers make one manifest, never a 5xx', async () => {
  const orders = [await shipCarrierX(testKey), await shipCarrierX(testKey)];
  const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => close(testKey, { carrierCode: 'CARRIERX', shipDate: TODAY_PLUS_1 }, i)));
  expect(answers.filter((a) => a.status >= 500)).toEqual([]);
  const made = answers.filter((a) => a.status === 201);
  expect(made).toHaveLength(1);
  const manifestId = made[0]!.json.data!.manifestId;
  for (const a of answers.filter((x) => x.status !== 201)) {
    if (a.status === 200) expect(a.json.data!.manifestId).toBe(manifestId);
    else expect(a).toMatchObject({ status: 409, json: { error: { code: 'MANIFEST_IN_PROGRESS' } } });
  }
  expect([...(made[0]!.json.data!.orders as string[])].sort()).toEqual([...orders].sort());
  expect(made[0]!.json.data!.mode).toBe('test');
}, 120_000);

it.each([
  ['no body', undefined],
  ['a 400 KB carrierCode', { carrierCode: 'X'.repeat(400_000) }],
  ['shipDate year 9999', { carrierCode: 'CARRIERX', shipDate: '9999-12-31' }],
  ['shipDate year 0000', { carrierCode: 'CARRIERX', shipDate: '0000-01-01' }],
  [
    '10,000 orderIds',
    { carrierCode: 'CARRIERX', orderIds: Array.from({ length: 10_000 }, (_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`) },
  ],
  ['constructor as a key', JSON.parse('{"constructor": {"prototype": 1}, "__proto__": {"x": 1}, "carrierCode": "constructor"}') as unknown],
  ['an unknown carrier', { carrierCode: 'CARRIERQ' }],
  ['the freight carrier', { carrierCode: 'CARRIERF' }],
  ['Canada Post, in no plan of the group', { carrierCode: 'CANADAPOST' }],
  ['an order twice', { carrierCode: 'CARRIERX', orderIds: ['00000000-0000-4000-8000-000000000001', '00000000-0000-4000-8000-000000000001'] }],
  ['orderIds not UUIDs', { carrierCode: 'CARRIERX', orderIds: ['constructor'] }],
])('a close with %s is a 4xx with our error body', async (_label, body) => {
  const answer = await close(liveKey, body);
  expect(answer.status).toBeGreaterThanOrEqual(400);
  expect(answer.status).toBeLessThan(500);
  expect(answer.json.error).toEqual(expect.objectContaining({ code: expect.any(String), message: expect.any(String) }));
  expect(JSON.stringify(answer.json).length).toBeLessThan(2_000);
});

describe('the list behind more than a page of another carrier', () => {
  /** A closed manifest of two orders, as a close stores it. */
  const stored = (companyId: string, carrierCode: string, shipDate: string, createdDate: string): ManifestRecord => {
    const lines = [randomUUID(), randomUUID()].map((orderId, i) => ({
      orderId,
      trackingNumber: `TRK${i}`,
      serviceCode: `${carrierCode}_GROUND`,
      serviceName: 'Ground',
      packages: [{ trackingNumber: `TRK${i}`, weightKg: 1 }],
    }));
    return {
      manifestId: randomUUID(),
      companyId,
      mode: 'live',
      carrierCode,
      carrierAccountId: '',
      accountNumber: 'SANDBOX-1',
      shipDate,
      status: 'closed',
      orders: lines.map((l) => l.orderId),
      shipper: { name: 'Shipper', country: 'CA' },
      packageCount: 2,
      totalWeightKg: 2,
      carrierManifestIds: [],
      documents: [],
      createdDate,
      closedAt: createdDate,
      lines,
    };
  };
  type Page = { manifests: Array<{ manifestId: string; carrier: { code: string } }>; nextCursor: string | null };
  /** Every page of the list, following nextCursor to its end. */
  const pages = async (key: string, query: Record<string, string>): Promise<Page[]> => {
    const read: Page[] = [];
    let cursor: string | null = null;
    do {
      const answer = await call(containers[0]!.list, 'GET', '/v1/manifests', key, { query: { ...query, ...(cursor ? { cursor } : {}) } });
      expect(answer.status).toBe(200);
      const page = answer.json.data as unknown as Page;
      read.push(page);
      cursor = page.nextCursor;
    } while (cursor !== null && read.length < 50);
    return read;
  };

  let apiKey: string;
  /** CARRIERX's manifests, newest first: one above 160 of CARRIERY's (more than a filtered read evaluates, FILTERED_READ_ITEMS), three below. */
  let carrierX: string[];
  let carrierY: string[];
  beforeAll(async () => {
    const created = await stack.createCompanyWithKey({ pricingGroupId: 'default' });
    apiKey = created.apiKey;
    const companyId = created.company.companyId;
    const at = (day: number) => `2026-03-${String(day).padStart(2, '0')}`;
    const x = [stored(companyId, 'CARRIERX', at(20), '2026-03-20T18:00:00.000Z')];
    // More than one filtered read between the first CARRIERX manifest and the next.
    expect(FILTERED_READ_ITEMS).toBeLessThan(160);
    const y = Array.from({ length: 160 }, (_, i) =>
      stored(companyId, 'CARRIERY', at(10), `2026-03-10T12:${String(Math.floor(i / 60)).padStart(2, '0')}:${String(i % 60).padStart(2, '0')}.000Z`),
    );
    x.push(...[5, 4, 3].map((day) => stored(companyId, 'CARRIERX', at(day), `${at(day)}T18:00:00.000Z`)));
    for (let i = 0; i < y.length; i += 8) await Promise.all(y.slice(i, i + 8).map(createManifest));
    await Promise.all(x.map(createManifest));
    carrierX = x.map((m) => m.manifestId);
    carrierY = [...y].reverse().map((m) => m.manifestId);
  }, 120_000);

  it.each([
    ['the default limit', {}],
    ['limit 1', { limit: '1' }],
    ['limit 3', { limit: '3' }],
    ['limit 4', { limit: '4' }],
  ])(
    'a carrier filter with %s: every manifest of the carrier once, in order, and no page without manifests has a next one',
    async (_label, query: Record<string, string>) => {
      const read = await pages(apiKey, { carrierCode: 'CARRIERX', ...query });
      expect(read.filter((page) => page.manifests.length === 0 && page.nextCursor !== null)).toEqual([]);
      expect(read.flatMap((page) => page.manifests.map((m) => m.manifestId))).toEqual(carrierX);
      expect(read.flatMap((page) => page.manifests.map((m) => m.carrier.code)).every((code) => code === 'CARRIERX')).toBe(true);
    },
    60_000,
  );

  it('a page that ends the list says so, a full one included: 164 manifests in pages of 41 are four pages, the last without a cursor', async () => {
    const read = await pages(apiKey, { limit: '41' });
    expect(read.map((page) => [page.manifests.length, page.nextCursor === null])).toEqual([
      [41, false],
      [41, false],
      [41, false],
      [41, true],
    ]);
    expect(read.flatMap((page) => page.manifests.map((m) => m.manifestId))).toEqual([carrierX[0], ...carrierY, ...carrierX.slice(1)]);
  }, 60_000);

  it('a carrier with no manifest: one empty page, the last', async () => {
    expect(await pages(apiKey, { carrierCode: 'CARRIERZ' })).toEqual([{ manifests: [], nextCursor: null }]);
  }, 60_000);
});

it.each([
  ['cursor garbage', { cursor: '!!!' }],
  ['a cursor of another partition', { cursor: Buffer.from('LIST#test#2026').toString('base64url') }],
  ['a cursor of valid base64 and junk', { cursor: Buffer.from('\u0000\uffff').toString('base64url') }],
  ['from year 0000', { from: '0000-00-00' }],
  ['from after to', { from: '2026-02-01', to: '2026-01-01' }],
  ['a limit of 10,000', { limit: '10000' }],
  ['a 400 KB carrierCode', { carrierCode: 'X'.repeat(400_000) }],
  ['constructor', { constructor: 'x', carrierCode: 'constructor' }],
])('a list with %s is a 4xx or an empty 200, never a 5xx', async (_label, query) => {
  const answer = await call(containers[0]!.list, 'GET', '/v1/manifests', liveKey, { query: query });
  expect(answer.status).toBeLessThan(500);
  if (answer.status !== 200) expect(answer.json.error).toEqual(expect.objectContaining({ code: 'VALIDATION_FAILED' }));
});

it.each([
  ['constructor', 'constructor'],
  ['not a UUID', 'not-a-uuid'],
  ['of 10,000 characters', 'X'.repeat(10_000)],
  ['nobody issued', '00000000-0000-4000-8000-000000000009'],
])('a manifest id %s is a 4xx', async (_label, manifestId) => {
  const got = await call(containers[0]!.get, 'GET', `/v1/manifests/${manifestId}`, liveKey, { params: { manifestId } });
  expect([400, 404]).toContain(got.status);
  const file = await call(containers[0]!.file, 'GET', `/v1/manifests/${manifestId}/constructor`, liveKey, {
    params: { manifestId, documentCode: 'constructor' },
  });
  expect([400, 404]).toContain(file.status);
});
