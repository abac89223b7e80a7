/**
 * `npm start` runs the stream function of the manifest: a shipment asked to
 * notify on `pending` has its e-mail in the local outbox within seconds of
 * the ship, through the table stream, the notify filter and the notify
 * handler (local/stream-poller.ts), exactly once; an order the operator
 * moves on to in transit has exactly one in-transit e-mail, and then can no
 * longer be cancelled, while an order not picked up can.
 */
import { dataPaths } from '../../local/runtime-files';
import { listOutbox } from '../../shared/notify/outbox';
import { admin, api, e2e } from '../support/e2e';
import { sampleRateBody } from '../support/rate-body';

const JSON_TYPE = { 'content-type': 'application/json' };

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

it('a ship that asks for a pending e-mail finds it in the outbox within seconds, once', async () => {
  const body = sampleRateBody();
  body.shippingNotificationOptions = { shippingNotificationStatuses: ['pending'], shippingNotificationEmail: 'buyer@example.com' };
  const rated = await api('/rate', { method: 'POST', headers: JSON_TYPE, body: JSON.stringify(body) });
  expect(rated.status).toBe(200);
  const [rate] = (rated.json as { data: { rates: Array<{ rateResponseId: string }> } }).data.rates;
  const shipped = await api(`/ship/${rate!.rateResponseId}`, { method: 'POST', headers: JSON_TYPE, body: '{}' });
  expect(shipped.status).toBe(200);
  const { orderId } = (shipped.json as { data: { orderId: string } }).data;

  // What `admin outbox list` prints, read from the runtime's DATA_DIR (its default EMAIL_OUTBOX_DIR).
  const mine = () => listOutbox(dataPaths(e2e.dataDir).outbox).filter((e) => e.orderId === orderId);
  const deadline = Date.now() + 10_000;
  while (mine().length === 0 && Date.now() < deadline) await sleep(200);
  // A second poll of the stream would have sent a duplicate by now.
  await sleep(1_500);
  expect(mine().map((e) => ({ to: e.to, status: e.status }))).toEqual([{ to: 'buyer@example.com', status: 'pending' }]);
}, 30_000);

type OutboxEntry = { to: string; subject: string; orderId: string; status: string; sentAt: string };

const shipWith = async (notify?: { statuses: Array<'pending' | 'intransit' | 'delivered' | 'cancelled'>; email: string }) => {
  const body = sampleRateBody();
  if (notify) body.shippingNotificationOptions = { shippingNotificationStatuses: notify.statuses, shippingNotificationEmail: notify.email };
  const rated = await api('/rate', { method: 'POST', headers: JSON_TYPE, body: JSON.stringify(body) });
  const [rate] = (rated.json as { data: { rates: Array<{ rateResponseId: string }> } }).data.rates;
  const shipped = await api(`/ship/${rate!.rateResponseId}`, { method: 'POST', headers: JSON_TYPE, body: '{}' });
  expect(shipped.status).toBe(200);
  return (shipped.json as { data: { orderId: string } }).data.orderId;
};

it('advanced to in transit by the operator: exactly one in-transit e-mail (admin outbox list), then cancel is refused; an order not picked up cancels', async () => {
  const orderId = await shipWith({ statuses: ['intransit', 'delivered'], email: 'ops@example.com' });
  expect(await admin('shipment', 'advance', '--order', orderId, '--status', 'intransit')).toEqual({ orderId, transitStatus: 'intransit' });
  const mine = async () => (await admin<OutboxEntry[]>('outbox', 'list')).filter((e) => e.orderId === orderId);
  const deadline = Date.now() + 10_000;
  while ((await mine()).length === 0 && Date.now() < deadline) await sleep(200);
  await sleep(1_500);
  expect((await mine()).map((e) => ({ to: e.to, status: e.status }))).toEqual([{ to: 'ops@example.com', status: 'intransit' }]);

  const tracked = await api(`/track/${orderId}`);
  expect((tracked.json as { data: { transitStatus: string } }).data.transitStatus).toBe('intransit');
  const refused = await api(`/shipments/${orderId}`, { method: 'DELETE' });
  expect(refused.status).toBe(409);
  expect((refused.json as { error: { code: string } }).error.code).toBe('NOT_CANCELLABLE');

  const other = await shipWith();
  const cancelled = await api(`/shipments/${other}`, { method: 'DELETE' });
  expect(cancelled.status).toBe(200);
  expect((cancelled.json as { data: { status: string } }).data.status).toBe('cancelled');
  expect(((await api(`/track/${other}`)).json as { data: { transitStatus: string } }).data.transitStatus).toBe('cancelled');
}, 40_000);
