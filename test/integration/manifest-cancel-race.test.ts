/**
 * A cancel the carrier refuses, racing a cancel it accepts, against
 * DynamoDB Local and s3rver (issue 43; docs/manifests.md): the refused one
 * never puts the cancelled order back among the open shipments, whichever
 * answer lands first. The interleavings are driven, not timed: each void
 * waits at the carrier until the test answers it. And the repair of what the
 * old unconditional re-open left: a close abandons a `closing` manifest whose
 * orders can no longer be taken, finishes one whose orders can, and drops
 * the entry of a cancelled order it meets.
 */
import { randomUUID } from 'node:crypto';
import type { APIGatewayProxyEvent } from 'aws-lambda';
import { createCancelHandler } from '../../functions/cancel/handler';
import { createManifestsCreateHandler } from '../../functions/manifests-create/handler';
import { handler as manifestFileHandler } from '../../functions/manifest-file/handler';
import { handler as manifestGetHandler } from '../../functions/manifest-get/handler';
import { handler as manifestsListHandler } from '../../functions/manifests-list/handler';
import { CarrierRefusal } from '../../shared/domain/carrier';
import type { CarrierRegistry } from '../../shared/carriers/registry';
import { createManifest, getOpenShipments, openShipmentPut, type OpenShipment } from '../../shared/store/manifests';
import { transactWrite } from '../../shared/store/table-ops';
import { callHandler, proxyEvent, type Handler } from '../support/lambda';
import { shippingDateIn } from '../support/rate-body';
import { sandboxOnClock } from '../support/sandbox-clock';
import { useFreshStack } from '../support/stack';

// The first close of the file loads the PDF renderer: seconds on a busy machine.
jest.setTimeout(60_000);

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
const held: CarrierRegistry = {
  ...registry,
  port: (code) => {
    const carrier = registry.port(code);
    return (
      carrier && {
        ...carrier,
        cancel: async (shipment, options) => {
          const hold = waiting.shift();
          if (hold) {
            hold.arrived();
            if ((await hold.outcome) === 'refuse') throw new CarrierRefusal(code, 'the shipment cannot be voided right now');
          }
          return carrier.cancel(shipment, options);
        },
      }
    );
  },
};

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- each test reads what it asserts
type Json = { data?: any; error?: { code: string; message: string } } | undefined;
const call = (handler: Handler, event: APIGatewayProxyEvent) => callHandler<Json>(handler, event);
const cancelHandler = createCancelHandler(held);
const closeHandler = createManifestsCreateHandler();
const SHIP_DATE = shippingDateIn(1);

const cancel = (key: string, orderId: string) =>
  call(cancelHandler, proxyEvent({ method: 'DELETE', path: `/v1/shipments/${orderId}`, key, pathParameters: { orderId } }));
const close = (key: string, body: Record<string, unknown> = {}) =>
  call(closeHandler, proxyEvent({ method: 'POST', path: '/v1/manifests', key, body: { carrierCode: 'CARRIERX', shipDate: SHIP_DATE, ...body } }));
const manifestOf = (key: string, manifestId: string) =>
  call(manifestGetHandler, proxyEvent({ method: 'GET', path: `/v1/manifests/${manifestId}`, key, pathParameters: { manifestId } }));
const pdfOf = (key: string, manifestId: string) =>
  call(
    manifestFileHandler,
    proxyEvent({ method: 'GET', path: `/v1/manifests/${manifestId}/MANIFEST_PDF`, key, pathParameters: { manifestId, documentCode: 'MANIFEST_PDF' } }),
  );
/** The company's CARRIERX manifests of the day. */
const manifestsOfDay = async (key: string): Promise<Array<{ manifestId: string; status: string; orders: string[] }>> => {
  const event = {
    ...proxyEvent({ method: 'GET', path: '/v1/manifests', key }),
    queryStringParameters: { carrierCode: 'CARRIERX', from: SHIP_DATE, to: SHIP_DATE },
  };
  const listed = await call(manifestsListHandler, event);
  expect(listed.status).toBe(200);
  return listed.json!.data.manifests;
};

const newCompany = async () => {
  const { company, apiKey } = await stack.createCompanyWithKey({ pricingGroupId: 'default' });
  const openEntry = async (orderId: string): Promise<OpenShipment | undefined> => (await getOpenShipments(company.companyId, 'live', 'CARRIERX', [orderId]))[0];
  return { companyId: company.companyId, key: apiKey, openEntry };
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

it('a close repairs what the unconditional re-open left: a stuck manifest of a cancelled order is abandoned, one whose order can still be taken is finished', async () => {
  const { companyId, key, openEntry } = await newCompany();
  const [cancelled, open] = [(await shipOrder(key)).orderId, (await shipOrder(key)).orderId];
  const entry = (await openEntry(cancelled))!;
  const openOne = (await openEntry(open))!;
  expect(await cancel(key, cancelled)).toMatchObject({ status: 200 });
  // As the old re-open did: the cancelled order's entry back, and the closes since each left a manifest closing with it.
  await transactWrite([openShipmentPut(entry)]);
  const stuck = async (entries: OpenShipment[]) => {
    const manifestId = randomUUID();
    await createManifest({
      manifestId,
      companyId,
      mode: 'live',
      carrierCode: 'CARRIERX',
      carrierAccountId: entries[0]!.carrierAccountId,
      accountNumber: entries[0]!.accountNumber,
      shipDate: SHIP_DATE,
      status: 'closing',
      orders: entries.map((e) => e.orderId),
      shipper: entries[0]!.shipper,
      packageCount: 0,
      totalWeightKg: 0,
      carrierManifestIds: [],
      documents: [],
      createdDate: new Date().toISOString(),
      lines: entries.map((e) => ({
        orderId: e.orderId,
        trackingNumber: e.trackingNumber,
        serviceCode: e.serviceCode,
        serviceName: e.serviceName,
        packages: e.packages,
      })),
    });
    return manifestId;
  };
  const abandoned = [await stuck([entry]), await stuck([entry])];
  const finishable = await stuck([entry, openOne]);
  expect((await pdfOf(key, abandoned[0]!)).status).toBe(409);

  const closed = await close(key);
  expect(closed.status).toBe(201);
  expect(closed.json!.data).toMatchObject({ manifestId: finishable, status: 'closed', orders: [open], packageCount: openOne.packages.length });
  expect(closed.json!.data.manifests).toHaveLength(1);
  expect(await openEntry(cancelled)).toBeUndefined();
  for (const manifestId of abandoned) {
    expect((await manifestOf(key, manifestId)).json!.data).toMatchObject({ status: 'abandoned', orders: [], documents: [], packageCount: 0 });
    // No PDF, ever: the manifest itself, as for a document it does not have; never 409 "close again".
    expect(await pdfOf(key, manifestId)).toMatchObject({ status: 200, json: { data: { manifestId, status: 'abandoned', documents: [] } } });
  }
  expect((await pdfOf(key, finishable)).status).toBe(302);

  const again = await close(key);
  expect(again).toMatchObject({ status: 200, headers: { 'idempotent-replayed': 'true' } });
  expect(again.json!.data.manifestId).toBe(finishable);
  expect(await close(key, { orderIds: [cancelled] })).toMatchObject({ status: 400, json: { error: { code: 'VALIDATION_FAILED' } } });
  expect((await manifestsOfDay(key)).filter((m) => m.status === 'closing')).toEqual([]);
});

it('a close that first meets such an entry drops it and abandons the manifest it began for it; naming the order is 400 even then; the next close makes none', async () => {
  const { key, openEntry } = await newCompany();
  const { orderId } = await shipOrder(key);
  const entry = (await openEntry(orderId))!;
  expect(await cancel(key, orderId)).toMatchObject({ status: 200 });
  await transactWrite([openShipmentPut(entry)]);

  expect(await close(key, { orderIds: [orderId] })).toMatchObject({
    status: 400,
    json: { error: { code: 'VALIDATION_FAILED', details: [{ path: 'orderIds[0]' }] } },
  });
  expect(await openEntry(orderId)).toBeUndefined();
  expect(await manifestsOfDay(key)).toEqual([expect.objectContaining({ status: 'abandoned', orders: [] })]);
  expect(await close(key)).toMatchObject({ status: 422, json: { error: { code: 'NOTHING_TO_MANIFEST' } } });
  expect(await manifestsOfDay(key)).toHaveLength(1);
});

it('a manifest whose transmit the carrier refused is finished by a later close, even after a close that retried it was refused too', async () => {
  const { key } = await newCompany();
  const { orderId } = await shipOrder(key);
  let refuse = true;
  const transmitting = createManifestsCreateHandler({
    closeOutOf: () => ({
      close: async () => {
        if (refuse) throw new CarrierRefusal('CARRIERX', 'the day is not open for transmits yet');
        return { carrierManifestIds: ['CX-1'], documents: [] };
      },
      find: async () => undefined,
    }),
  });
  const closeAndTransmit = () =>
    call(transmitting, proxyEvent({ method: 'POST', path: '/v1/manifests', key, body: { carrierCode: 'CARRIERX', shipDate: SHIP_DATE } }));

  expect(await closeAndTransmit()).toMatchObject({ status: 502, json: { error: { code: 'CARRIER_ERROR' } } });
  expect(await closeAndTransmit()).toMatchObject({ status: 502, json: { error: { code: 'CARRIER_ERROR' } } });
  refuse = false;
  expect(await closeAndTransmit()).toMatchObject({ status: 201, json: { data: { status: 'closed', orders: [orderId], carrierManifestIds: ['CX-1'] } } });
  expect(await manifestsOfDay(key)).toEqual([expect.objectContaining({ status: 'closed', orders: [orderId] })]);
});
