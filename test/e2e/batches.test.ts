/**
 * Batches over HTTP against the `npm start` runtime (docs/batches.md), every
 * answer checked against openapi.json: the runtime's own FIFO queue hands the
 * items to its batch worker; a batch of rates and rate requests completes
 * with real orders, its label file has a page per item in order, a close
 * with its id manifests them, and another company gets 404.
 */
import { api, companyWithKey, expectErrorBody, type ApiResponse } from '../support/e2e';
import { sampleRateBody } from '../support/rate-body';
import { waitFor } from '../support/runtime';

const JSON_TYPE = { 'content-type': 'application/json' };
const dataOf = <T>(response: ApiResponse) => (response.json as { data: T }).data;
type Batch = { batchId: string; status: string; counts: { total: number; shipped: number; failed: number; pending: number } };
type Item = { index: number; status: string; orderId: string | null; trackingNumber: string | null };

const carrierXRates = async (key: string, count: number): Promise<string[]> => {
  const ids: string[] = [];
  while (ids.length < count) {
    const rated = await api('/rate', { method: 'POST', key, headers: JSON_TYPE, body: JSON.stringify(sampleRateBody()) });
    expect(rated.status).toBe(200);
    for (const r of dataOf<{ rates: Array<{ rateResponseId: string; carrier: { code: string } }> }>(rated).rates)
      if (r.carrier.code === 'CARRIERX') ids.push(r.rateResponseId);
  }
  return ids.slice(0, count);
};

describe('batches through npm start', () => {
  it('ships rates and rate requests in the background: real orders, one label file in item order, a close by batch id; 404 to another company', async () => {
    const { apiKey } = await companyWithKey();
    const { apiKey: otherKey } = await companyWithKey();
    const rates = await carrierXRates(apiKey, 4);
    const items = [...rates.map((rateResponseId) => ({ rateResponseId })), { rate: sampleRateBody(), select: { carrier: 'CARRIERX' } }];
    const posted = await api('/batches', { method: 'POST', key: apiKey, headers: JSON_TYPE, body: JSON.stringify({ items, reference: 'e2e-1' }) });
    expect(posted.status).toBe(202);
    const { batchId } = dataOf<Batch>(posted);
    const again = await api('/batches', { method: 'POST', key: apiKey, headers: JSON_TYPE, body: JSON.stringify({ items, reference: 'e2e-1' }) });
    expect(again.status).toBe(202);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(dataOf<Batch>(again).batchId).toBe(batchId);

    const done = await waitFor('the batch to complete', async () => {
      const batch = dataOf<Batch>(await api(`/batches/${batchId}`, { key: apiKey }));
      return batch.status === 'completed' ? batch : undefined;
    });
    expect(done.counts).toEqual({ total: 5, shipped: 5, failed: 0, cancelled: 0, pending: 0 });
    const listed = dataOf<{ items: Item[] }>(await api(`/batches/${batchId}/items`, { key: apiKey })).items;
    expect(listed.map((i) => i.index)).toEqual([0, 1, 2, 3, 4]);
    for (const item of listed) expect((await api(`/track/${item.orderId}`, { key: apiKey })).status).toBe(200);

    const labels = await waitFor('the label file', async () => {
      const answer = await api(`/batches/${batchId}/labels/ZPL`, { key: apiKey });
      return answer.status === 302 ? answer : undefined;
    });
    const zpl = await (await fetch(labels.headers.get('location')!)).text();
    const blocks = zpl.match(/\^XA[\s\S]*?\^XZ/g) ?? [];
    expect(blocks).toHaveLength(5);
    listed.forEach((item, i) => expect(blocks[i]).toContain(item.trackingNumber));

    const closed = await api('/manifests', {
      method: 'POST',
      key: apiKey,
      headers: JSON_TYPE,
      body: JSON.stringify({ carrierCode: 'CARRIERX', shipDate: sampleRateBody().shippingOptions.shippingDate, batchId }),
    });
    expect(closed.status).toBe(201);
    expect([...dataOf<{ orders: string[] }>(closed).orders].sort()).toEqual(listed.map((i) => i.orderId).sort());

    expectErrorBody(await api(`/batches/${batchId}`, { key: otherKey }), 404, 'NOT_FOUND');
    expectErrorBody(await api(`/batches/${batchId}/items`, { key: otherKey }), 404, 'NOT_FOUND');
  });
});
