/**
 * Property: no ship body and no path parameter makes POST /v1/ship, the
 * label endpoints, track or cancel answer 5xx, through the real handlers and the real store on
 * DynamoDB Local and the S3 emulator (issue 9: the hardening issue's
 * never-5xx property covers them). Ids and label types are drawn from
 * hostile strings and from real ones; bodies from JSON values with hostile
 * names and numbers. Shipping may also succeed (2xx) or refuse (4xx); a real
 * order's data stays intact throughout.
 */
import fc from 'fast-check';
import type { APIGatewayProxyEvent, APIGatewayProxyResult, Context } from 'aws-lambda';
import { createCancelHandler } from '../../functions/cancel/handler';
import { createLabelFileHandler } from '../../functions/label-file/handler';
import { handler as labelsHandler } from '../../functions/labels/handler';
import { createRateHandler } from '../../functions/rate/handler';
import { createShipHandler } from '../../functions/ship/handler';
import { createTrackHandler } from '../../functions/track/handler';
import { createCarrierRegistry } from '../../shared/carriers/registry';
import { createSandboxTransports } from '../../shared/carriers/sandbox/network';
import { getOrder } from '../../shared/store/orders';
import { sampleRateBody } from '../support/rate-body';
import { useFreshStack } from '../support/stack';

const stack = useFreshStack();
const registry = createCarrierRegistry(createSandboxTransports({}));
const rate = createRateHandler(registry);
const ship = createShipHandler(registry);
const labelFile = createLabelFileHandler();
const labels = labelsHandler;
const track = createTrackHandler(registry);
const cancel = createCancelHandler(registry);

const event = (
  method: string,
  path: string,
  key: string,
  pathParameters: Record<string, string>,
  body: string | null,
  contentType = true,
): APIGatewayProxyEvent =>
  ({
    httpMethod: method,
    path,
    resource: path,
    headers: { 'X-API-Key': key, ...(contentType ? { 'Content-Type': 'application/json' } : {}) },
    multiValueHeaders: null,
    queryStringParameters: null,
    pathParameters,
    body,
    isBase64Encoded: false,
    requestContext: { requestId: 'never-5xx' },
  }) as unknown as APIGatewayProxyEvent;

let apiKey: string;
let rateIds: string[] = [];
let orderId: string;
let orderTracking: string;
beforeAll(async () => {
  ({ apiKey } = await stack.createCompanyWithKey({ pricingGroupId: 'default' }));
  const rated = JSON.parse((await rate(event('POST', '/v1/rate', apiKey, {}, JSON.stringify(sampleRateBody())), {} as Context)).body) as {
    data: { rates: Array<{ rateResponseId: string }> };
  };
  rateIds = rated.data.rates.map((r) => r.rateResponseId);
  const shipped = JSON.parse((await ship(event('POST', `/v1/ship/${rateIds[0]}`, apiKey, { rateResponseId: rateIds[0]! }, '{}'), {} as Context)).body) as {
    data: { orderId: string; trackingNumber: string };
  };
  orderId = shipped.data.orderId;
  orderTracking = shipped.data.trackingNumber;
});

/** Strings an attacker puts in a path segment, and real ids among them. */
const hostileSegment = () =>
  fc.oneof(
    fc.constantFrom(
      '',
      ' ',
      '..',
      '../..',
      '%2F..%2F',
      'constructor',
      '__proto__',
      '00000000-0000-0000-0000-000000000000',
      'ORDER#x',
      'labels/',
      '\u0000',
      '😀',
    ),
    fc.string({ maxLength: 80 }),
    fc.string({ minLength: 200, maxLength: 2000 }),
    fc.uuid(),
    fc.constantFrom(...(rateIds.length ? rateIds : ['x']), orderId ?? 'x', (orderId ?? 'x').toUpperCase()),
  );
const labelType = () =>
  fc.oneof(fc.constantFrom('SHIPPING_LABEL_PDF', 'shipping_label_zpl', 'pdf', 'ZPL', 'COMMERCIAL_INVOICE', 'BILL_OF_LADING'), fc.string({ maxLength: 100 }));
const hostileBody = () =>
  fc.oneof(
    fc.jsonValue({ maxDepth: 4 }).map((v) => JSON.stringify(v)),
    fc.constantFrom('', ' ', '{', 'null', '[]', '"x"', '{"labelFormat":1}', '{"labelFormat":"PDF"}', '{"__proto__":{"x":1}}', '{"constructor":{}}'),
    fc.string({ maxLength: 200 }),
  );

const fails = (res: APIGatewayProxyResult) => res.statusCode >= 500;

describe('never 5xx on ship and labels', () => {
  it('POST /v1/ship with any id and body', async () => {
    await fc.assert(
      fc.asyncProperty(hostileSegment(), hostileBody(), fc.boolean(), async (id, body, contentType) => {
        const res = await ship(event('POST', `/v1/ship/${encodeURIComponent(id)}`, apiKey, { rateResponseId: id }, body, contentType), {} as Context);
        if (fails(res)) throw new Error(`ship ${JSON.stringify(id).slice(0, 80)} ${JSON.stringify(body).slice(0, 80)}: ${res.statusCode} ${res.body}`);
      }),
      { numRuns: 150 },
    );
  }, 120_000);

  it('GET /v1/labels/{orderId} and /v1/labels/{orderId}/{labelType} with any segments', async () => {
    await fc.assert(
      fc.asyncProperty(hostileSegment(), labelType(), async (id, type) => {
        const list = await labels(event('GET', `/v1/labels/${encodeURIComponent(id)}`, apiKey, { orderId: id }, null, false), {} as Context);
        if (fails(list)) throw new Error(`labels ${JSON.stringify(id).slice(0, 80)}: ${list.statusCode} ${list.body}`);
        const file = await labelFile(
          event('GET', `/v1/labels/${encodeURIComponent(id)}/${encodeURIComponent(type)}`, apiKey, { orderId: id, labelType: type }, null, false),
          {} as Context,
        );
        if (fails(file)) throw new Error(`label file ${JSON.stringify(id).slice(0, 80)} ${JSON.stringify(type).slice(0, 80)}: ${file.statusCode} ${file.body}`);
      }),
      { numRuns: 120 },
    );
  }, 120_000);

  it('GET /v1/track/{orderId} and DELETE /v1/shipments/{orderId} with any id', async () => {
    await fc.assert(
      fc.asyncProperty(hostileSegment(), fc.boolean(), async (id, cancelFirst) => {
        const calls = [
          () => track(event('GET', `/v1/track/${encodeURIComponent(id)}`, apiKey, { orderId: id }, null, false), {} as Context),
          () => cancel(event('DELETE', `/v1/shipments/${encodeURIComponent(id)}`, apiKey, { orderId: id }, null, false), {} as Context),
        ];
        for (const send of cancelFirst ? calls.reverse() : calls) {
          const res = await send();
          if (fails(res)) throw new Error(`track/cancel ${JSON.stringify(id).slice(0, 80)}: ${res.statusCode} ${res.body}`);
        }
      }),
      { numRuns: 100 },
    );
  }, 120_000);

  it('the order shipped before the storm is intact', async () => {
    const stored = await getOrder(orderId);
    expect(stored?.order).toMatchObject({ orderId, trackingNumber: orderTracking, rateResponseId: rateIds[0] });
  });
});
