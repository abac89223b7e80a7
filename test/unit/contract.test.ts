/**
 * The contract module (shared/contract/): the route objects' schemas, read by
 * the HTTP wrapper (shared/http/route-input.ts), give the answers the API
 * always gave, and openapi.json names its components from them.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { carrierServicesRoute } from '../../shared/contract/catalog';
import { labelFileRoute, orderIdParam } from '../../shared/contract/labels';
import { manifestsCreateRoute, manifestsListRoute } from '../../shared/contract/manifests';
import { shipParams, shipRoute } from '../../shared/contract/ship';
import { webhookRetryRoute, webhooksCreateRoute } from '../../shared/contract/webhooks';
import { AppError } from '../../shared/errors';
import { readRouteInput } from '../../shared/http/route-input';

const ID = '3f2c9a7e-5b1d-4c8e-9f0a-1b2c3d4e5f60';
const request = (over: { pathParameters?: Record<string, string> | null; queryStringParameters?: Record<string, string> | null; body?: unknown }) => ({
  pathParameters: null,
  queryStringParameters: null,
  body: undefined,
  ...over,
});

const refusal = (fn: () => unknown) => {
  try {
    fn();
  } catch (e) {
    return e instanceof AppError ? { status: e.status, code: e.code, message: e.message } : e;
  }
  throw new Error('no refusal');
};

describe('the ship body, read with its route', () => {
  const ship = (body: unknown) => readRouteInput(shipRoute, request({ pathParameters: { rateResponseId: ID }, body })).body;

  it('is optional ({} when empty or null); labelFormat is kept, other fields ignored by the service', () => {
    expect(ship({})).toEqual({});
    expect(ship(null)).toEqual({});
    expect(ship({ labelFormat: 'ZPL', billing: 'ignored' }).labelFormat).toBe('ZPL');
  });

  it.each([[[]], ['text'], [42]])('a body that is not an object (%j) is 400 "body must be a JSON object"', (body) => {
    expect(refusal(() => ship(body))).toEqual({ status: 400, code: 'VALIDATION_FAILED', message: 'body must be a JSON object' });
  });

  it.each([['GIF'], [1], [null]])('labelFormat %j is 400 naming the formats', (labelFormat) => {
    expect(refusal(() => ship({ labelFormat }))).toEqual({ status: 400, code: 'VALIDATION_FAILED', message: 'labelFormat must be PDF or ZPL' });
  });
});

describe('path parameters, read with the route', () => {
  it('a malformed id is 400 "<name> must be a UUID", with the detail', () => {
    expect(() => readRouteInput(shipRoute, request({ pathParameters: { rateResponseId: 'not-a-uuid' }, body: {} }))).toThrow(
      expect.objectContaining({
        status: 400,
        code: 'VALIDATION_FAILED',
        message: 'rateResponseId must be a UUID',
        details: [{ path: 'rateResponseId', message: 'must be a UUID' }],
      }),
    );
    expect(refusal(() => readRouteInput(labelFileRoute, request({ pathParameters: null })))).toEqual({
      status: 400,
      code: 'VALIDATION_FAILED',
      message: 'orderId must be a UUID; labelType is required',
    });
  });

  it('a delivery id is checked with its pattern, after the endpoint id', () => {
    expect(refusal(() => readRouteInput(webhookRetryRoute, request({ pathParameters: { webhookId: ID, deliveryId: 'x' } })))).toEqual({
      status: 400,
      code: 'VALIDATION_FAILED',
      message: 'deliveryId must be a delivery id (msg_ and 26 characters)',
    });
    expect(readRouteInput(webhookRetryRoute, request({ pathParameters: { webhookId: ID, deliveryId: `msg_${'A'.repeat(26)}` } })).params.webhookId).toBe(ID);
  });

  it('are UUIDs in any case, as the service issues them; anything else is refused', () => {
    for (const schema of [orderIdParam, shipParams.shape.rateResponseId]) {
      expect(schema.safeParse(ID).success).toBe(true);
      expect(schema.safeParse(ID.toUpperCase()).success).toBe(true);
      for (const bad of ['not-a-uuid', '..%2F..%2Fetc', 'x'.repeat(500), '3f2c9a7e5b1d4c8e9f0a1b2c3d4e5f60', ''])
        expect(schema.safeParse(bad).success).toBe(false);
    }
  });

  it('are documented as format uuid in openapi.json', () => {
    const doc = JSON.parse(readFileSync(path.join(__dirname, '../../openapi.json'), 'utf8')) as {
      paths: Record<string, Record<string, { parameters?: Array<{ name: string; in: string; schema: { format?: string } }> }>>;
    };
    const ids = Object.values(doc.paths)
      .flatMap((ops) => Object.values(ops).flatMap((op) => op.parameters ?? []))
      .filter((p) => p.in === 'path' && ['orderId', 'rateResponseId'].includes(p.name));
    expect(ids.length).toBeGreaterThanOrEqual(5);
    for (const p of ids) expect(p.schema.format).toBe('uuid');
  });
});

describe('route objects', () => {
  it('are each marked pure where they are made, so a bundle keeps only the route it imports (and its schemas)', () => {
    const dir = path.join(__dirname, '../../shared/contract');
    const calls = readdirSync(dir).flatMap((file) =>
      [...readFileSync(path.join(dir, file), 'utf8').matchAll(/^export const \w+ = (.*)defineRoute\(/gm)].map((m) => `${file}: ${m[1]}`),
    );
    expect(calls.length).toBeGreaterThanOrEqual(19);
    expect(calls.filter((call) => !call.endsWith('/* @__PURE__ */ '))).toEqual([]);
  });
});

describe('queries and bodies, read with the route', () => {
  it('carrierCode is required, blank is as missing, and it is handed trimmed', () => {
    for (const query of [null, {}, { carrierCode: '' }, { carrierCode: '  ' }] as Array<Record<string, string> | null>) {
      expect(refusal(() => readRouteInput(carrierServicesRoute, request({ queryStringParameters: query })))).toEqual({
        status: 400,
        code: 'VALIDATION_FAILED',
        message: 'carrierCode is required',
      });
    }
    expect(readRouteInput(carrierServicesRoute, request({ queryStringParameters: { carrierCode: ' carrierx ', other: 'x' } })).query).toEqual({
      carrierCode: 'carrierx',
    });
  });

  it('a malformed manifest list query is 400 naming the parameter', () => {
    const list = (query: Record<string, string>) => refusal(() => readRouteInput(manifestsListRoute, request({ queryStringParameters: query })));
    expect(list({ from: '2026-13-01' })).toEqual({ status: 400, code: 'VALIDATION_FAILED', message: 'from must be a calendar date' });
    expect(list({ limit: '51' })).toEqual({ status: 400, code: 'VALIDATION_FAILED', message: 'limit must be a whole number from 1 to 50' });
    expect(list({ limit: '0' })).toEqual({ status: 400, code: 'VALIDATION_FAILED', message: 'limit must be a whole number from 1 to 50' });
    // A billion fails both of the limit's checks, which share their text: said once.
    expect(list({ limit: '1000000000' })).toEqual({ status: 400, code: 'VALIDATION_FAILED', message: 'limit must be a whole number from 1 to 50' });
    expect(list({ from: '2026-11-02', to: '2026-11-01' })).toEqual({ status: 400, code: 'VALIDATION_FAILED', message: 'from must not be after to' });
    expect(readRouteInput(manifestsListRoute, request({ queryStringParameters: { limit: '50', from: '2026-11-01', to: '2026-11-01' } })).query).toEqual({
      limit: '50',
      from: '2026-11-01',
      to: '2026-11-01',
    });
  });

  it('a manifest close names each order once, in any case', () => {
    const orderIds = [ID, ID.toUpperCase()];
    expect(refusal(() => readRouteInput(manifestsCreateRoute, request({ body: { carrierCode: 'CARRIERX', orderIds } })))).toEqual({
      status: 400,
      code: 'VALIDATION_FAILED',
      message: 'orderIds must not name an order twice',
    });
    expect(refusal(() => readRouteInput(manifestsCreateRoute, request({ body: { carrierCode: 'CARRIERX', orderIds: [1, 1] } })))).toMatchObject({
      status: 400,
      code: 'VALIDATION_FAILED',
    });
  });

  it('a webhook registration lists every problem', () => {
    expect(refusal(() => readRouteInput(webhooksCreateRoute, request({ body: { url: '', events: ['x'], extra: 1 } })))).toEqual({
      status: 400,
      code: 'VALIDATION_FAILED',
      message:
        'url must have at least 1 character; events[0] must be one of: shipment.created, tracking.updated, shipment.cancelled, manifest.created, pickup.scheduled, pickup.cancelled, batch.completed; body has unknown property "extra"',
    });
  });
});
