/**
 * A cancel the carrier refuses, racing a cancel it accepts, against
 * DynamoDB Local and s3rver (issue 43; docs/manifests.md): the refused one
 * never puts the cancelled order back among the open shipments, whichever
 * answer lands first. The interleavings are driven, not timed: each void
 * waits at the carrier until the test answers it.
 */
import type { APIGatewayProxyEvent } from 'aws-lambda';
import { createCancelHandler } from '../../functions/cancel/handler';
import { createManifestsCreateHandler } from '../../functions/manifests-create/handler';
import { handler as manifestsListHandler } from '../../functions/manifests-list/handler';
import { CarrierRefusal } from '../../shared/domain/carrier';
import type { ShipmentCarriers } from '../../shared/carriers/shipment-carriers';
import { getOpenShipments, type OpenShipment } from '../../shared/store/manifests';
import { callHandler, proxyEvent, type Handler } from '../support/lambda';
import { shippingDateIn } from '../support/rate-body';
import { sandboxOnClock } from '../support/sandbox-clock';
import { useFreshStack } from '../support/stack';

const stack = useFreshStack();
const { registry, shipOrder } = sandboxOnClock();

type Outcome = 'void' | 'refuse';
/** Voids waiting at the carrier, in the order the cancels reach it; a void with none waiting goes through. */
const waiting: Array<{ arrived: () => void; outcome: Promise<Outcome> }> = [];
/** The next void to reach the carrier waits there: `reached` once it has, and it ends as `answer` says. */
const holdNextVoid = () => {
  let arrived!: () => void;
  let answer!: (outcome: Outcome) => void;
  const reached = new Promise<void>((resolve) => (arrived = resolve));
  waiting.push({ arrived, outcome: new Promise<Outcome>((resolve) => (answer = resolve)) });
  return { reached, answer };
};
const held: ShipmentCarriers = {
  getAdapter: (code) => {
    const adapter = registry.getAdapter(code);
    return (
      adapter && {
        ...adapter,
        cancel: async (shipment, options) => {
          const hold = waiting.shift();
          if (hold) {
            hold.arrived();
            if ((await hold.outcome) === 'refuse') throw new CarrierRefusal(code, 'the shipment cannot be voided right now');
          }
          return adapter.cancel(shipment, options);
        },
      }
    );
  },
};

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- each test reads what it asserts
type Json = { data?: any; error?: { code: string; message: string } } | undefined;
const call = (handler: Handler, event: APIGatewayProxyEvent) => callHandler<Json>(handler, event);
const cancelHandler = createCancelHandler(held) as unknown as Handler;
const closeHandler = createManifestsCreateHandler() as unknown as Handler;
const SHIP_DATE = shippingDateIn(1);

const cancel = (key: string, orderId: string) => call(cancelHandler, proxyEvent({ method: 'DELETE', path: `/v1/shipments/${orderId}`, key, pathParameters: { orderId } }));
const close = (key: string, body: Record<string, unknown> = {}) =>
  call(closeHandler, proxyEvent({ method: 'POST', path: '/v1/manifests', key, body: { carrierCode: 'CARRIERX', shipDate: SHIP_DATE, ...body } }));
/** The company's CARRIERX manifests of the day. */
const manifestsOfDay = async (key: string): Promise<Array<{ manifestId: string; status: string; orders: string[] }>> => {
  const event = { ...proxyEvent({ method: 'GET', path: '/v1/manifests', key }), queryStringParameters: { carrierCode: 'CARRIERX', from: SHIP_DATE, to: SHIP_DATE } };
  const listed = await call(manifestsListHandler as unknown as Handler, event);
  expect(listed.status).toBe(200);
  return listed.json!.data.manifests;
};

const newCompany = async () => {
  const { company, apiKey } = await stack.createCompanyWithKey({ pricingGroupId: 'default' });
  const openEntry = async (orderId: string): Promise<OpenShipment | undefined> => (await getOpenShipments(company.companyId, 'live', 'CARRIERX', [orderId]))[0];
  return { key: apiKey, openEntry };
};

it('a void refused after a concurrent cancel succeeded leaves the order out of the open shipments: one manifest for the day, none stuck, the order named is 400', async () => {
  const { key, openEntry } = await newCompany();
  const [raced, kept] = [(await shipOrder(key)).orderId, (await shipOrder(key)).orderId];

  const first = holdNextVoid();
  const refused = cancel(key, raced);
  await first.reached;
  // The first cancel holds the open entry and waits at the carrier; the second finds none, voids, and stores the cancel.
  expect(await cancel(key, raced)).toMatchObject({ status: 200, json: { data: { status: 'cancelled' } } });
  first.answer('refuse');
  expect(await refused).toMatchObject({ status: 502, json: { error: { code: 'CARRIER_ERROR' } } });
  expect(await openEntry(raced)).toBeUndefined();

  const closed = await close(key);
  expect(closed.status).toBe(201);
  expect(closed.json!.data.orders).toEqual([kept]);
  const again = await close(key);
  expect(again).toMatchObject({ status: 200, headers: { 'idempotent-replayed': 'true' } });
  expect(again.json!.data.manifestId).toBe(closed.json!.data.manifestId);
  expect(await close(key, { orderIds: [raced] })).toMatchObject({ status: 400, json: { error: { code: 'VALIDATION_FAILED' } } });
  expect(await manifestsOfDay(key)).toEqual([expect.objectContaining({ manifestId: closed.json!.data.manifestId, status: 'closed', orders: [kept] })]);
});

it('a void refused before a concurrent cancel stores its success: the order, once cancelled, is not left open either', async () => {
  const { key, openEntry } = await newCompany();
  const { orderId } = await shipOrder(key);

  const first = holdNextVoid();
  const second = holdNextVoid();
  const refused = cancel(key, orderId);
  await first.reached;
  const accepted = cancel(key, orderId);
  await second.reached;
  // The refused void re-opens the order while it is still pending; then the other void succeeds.
  first.answer('refuse');
  expect(await refused).toMatchObject({ status: 502, json: { error: { code: 'CARRIER_ERROR' } } });
  second.answer('void');
  expect(await accepted).toMatchObject({ status: 200, json: { data: { status: 'cancelled' } } });
  expect(await openEntry(orderId)).toBeUndefined();

  expect(await close(key)).toMatchObject({ status: 422, json: { error: { code: 'NOTHING_TO_MANIFEST' } } });
  expect(await manifestsOfDay(key)).toEqual([]);
});
