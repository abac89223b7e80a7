/**
 * `npm start` runs the stream function of the manifest: a shipment asked to
 * notify on `pending` has its e-mail in the local outbox within seconds of
 * the ship, through the table stream, the notify filter and the notify
 * handler (local/stream-poller.ts), exactly once.
 */
import { dataPaths } from '../../local/runtime-files';
import { listOutbox } from '../../shared/notify/outbox';
import { api, e2e } from '../support/e2e';
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
