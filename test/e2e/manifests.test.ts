/**
 * The day's close over HTTP against the `npm start` runtime (docs/manifests.md),
 * every answer checked against openapi.json: three sandbox shipments closed
 * on one manifest whose PDF downloads through our 302; a fourth shipment made
 * afterwards goes on the next manifest, not this one; a manifested order can
 * no longer be voided; twenty concurrent closes make one manifest; another
 * company, and a test key of the same company, see none of it.
 */
import { admin, api, companyWithKey, expectErrorBody, type ApiResponse } from '../support/e2e';
import { sampleRateBody } from '../support/rate-body';

const JSON_TYPE = { 'content-type': 'application/json' };
type Manifest = {
  manifestId: string;
  carrier: { code: string } | string;
  mode: string;
  shipDate: string;
  status: string;
  orders: string[];
  documents: Array<{ code: string }>;
};
const dataOf = <T>(response: ApiResponse) => (response.json as { data: T }).data;
/** The manifests of a list answer (`{manifests, nextCursor}`). */
const listOf = (response: ApiResponse) => dataOf<{ manifests: Manifest[]; nextCursor: string | null }>(response).manifests;

/** Rates the sample body for `key` and ships its CARRIERX rate: the order id. */
const shipCarrierX = async (key: string): Promise<string> => {
  const rated = await api('/rate', { method: 'POST', key, headers: JSON_TYPE, body: JSON.stringify(sampleRateBody()) });
  expect(rated.status).toBe(200);
  const rate = dataOf<{ rates: Array<{ rateResponseId: string; carrier: { code: string } }> }>(rated).rates.find((r) => r.carrier.code === 'CARRIERX')!;
  const shipped = await api(`/ship/${rate.rateResponseId}`, { method: 'POST', key, headers: JSON_TYPE, body: '{}' });
  expect(shipped.status).toBe(200);
  return dataOf<{ orderId: string }>(shipped).orderId;
};

const shipDate = () => sampleRateBody().shippingOptions.shippingDate as string;
const close = (key: string, body: Record<string, unknown> = {}) =>
  api('/manifests', { method: 'POST', key, headers: JSON_TYPE, body: JSON.stringify({ carrierCode: 'CARRIERX', shipDate: shipDate(), ...body }) });

describe("the day's close", () => {
  it('puts the open shipments on one manifest with its PDF; a later shipment goes on the next; a manifested order is not voided', async () => {
    const { apiKey } = await companyWithKey();
    const orders = [await shipCarrierX(apiKey), await shipCarrierX(apiKey), await shipCarrierX(apiKey)];

    const closed = await close(apiKey);
    expect(closed.status).toBe(201);
    const manifest = dataOf<Manifest>(closed);
    expect(manifest).toMatchObject({ mode: 'live', shipDate: shipDate(), status: 'closed' });
    expect([...manifest.orders].sort()).toEqual([...orders].sort());
    expect(manifest.documents.map((d) => d.code)).toContain('MANIFEST_PDF');

    const pdf = await api(`/manifests/${manifest.manifestId}/MANIFEST_PDF`, { key: apiKey });
    expect(pdf.status).toBe(302);
    const bytes = Buffer.from(await (await fetch(pdf.headers.get('location')!)).arrayBuffer());
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');

    const fourth = await shipCarrierX(apiKey);
    const again = await api(`/manifests/${manifest.manifestId}`, { key: apiKey });
    expect(dataOf<Manifest>(again).orders).not.toContain(fourth);
    const next = await close(apiKey);
    expect(next.status).toBe(201);
    expect(dataOf<Manifest>(next).orders).toEqual([fourth]);
    expect(dataOf<Manifest>(next).manifestId).not.toBe(manifest.manifestId);

    expectErrorBody(await api(`/shipments/${orders[0]}`, { method: 'DELETE', key: apiKey }), 409, 'NOT_CANCELLABLE');
    const listed = await api('/manifests?carrierCode=CARRIERX', { key: apiKey });
    expect(listed.status).toBe(200);
    expect(
      listOf(listed)
        .map((m) => m.manifestId)
        .sort(),
    ).toEqual([manifest.manifestId, dataOf<Manifest>(next).manifestId].sort());
  }, 60_000);

  it('twenty concurrent closes of the same day make one manifest', async () => {
    const { apiKey } = await companyWithKey();
    const orders = [await shipCarrierX(apiKey), await shipCarrierX(apiKey), await shipCarrierX(apiKey)];
    const answers = await Promise.all(Array.from({ length: 20 }, () => close(apiKey)));
    for (const answer of answers) expect([200, 201, 409]).toContain(answer.status);
    const made = answers.filter((a) => a.status === 200 || a.status === 201).map((a) => dataOf<Manifest>(a).manifestId);
    expect(made.length).toBeGreaterThan(0);
    expect(new Set(made).size).toBe(1);
    const listed = listOf(await api('/manifests', { key: apiKey }));
    expect(listed).toHaveLength(1);
    expect([...listed[0]!.orders].sort()).toEqual([...orders].sort());
  }, 90_000);

  it("another company, and a test key of the same company, see none of a company's manifests", async () => {
    const { apiKey, companyId } = await companyWithKey();
    await shipCarrierX(apiKey);
    const manifest = dataOf<Manifest>(await close(apiKey));
    // The same company's test key: a live manifest is as unknown to it as another company's.
    const { apiKey: testKey } = await admin<{ apiKey: string }>('key', 'create', '--company', companyId, '--mode', 'test');
    expectErrorBody(await api(`/manifests/${manifest.manifestId}`, { key: testKey }), 404, 'NOT_FOUND');
    expect(listOf(await api('/manifests', { key: testKey }))).toEqual([]);
    const other = await companyWithKey();
    expectErrorBody(await api(`/manifests/${manifest.manifestId}`, { key: other.apiKey }), 404, 'NOT_FOUND');
    expect(listOf(await api('/manifests', { key: other.apiKey }))).toEqual([]);
    expectErrorBody(await api(`/manifests/${manifest.manifestId}/MANIFEST_PDF`, { key: other.apiKey }), 404, 'NOT_FOUND');
  }, 60_000);

  it('answers hostile bodies with a 4xx and our error body, never a 5xx', async () => {
    const { apiKey } = await companyWithKey();
    const bodies = [
      '{"carrierCode":"CARRIERX","shipDate":"9999-12-31"}',
      '{"carrierCode":"CARRIERX","shipDate":"0000-01-01"}',
      JSON.stringify({ carrierCode: 'C'.repeat(400_000) }),
      JSON.stringify({ carrierCode: 'CARRIERX', orderIds: Array.from({ length: 10_000 }, (_, i) => `id-${i}`) }),
      '{"constructor":{"prototype":1},"carrierCode":"CARRIERX"}',
      '[]',
      'not json',
    ];
    for (const body of bodies) {
      const answer = await api('/manifests', { method: 'POST', key: apiKey, headers: JSON_TYPE, body });
      expect([body.slice(0, 40), answer.status >= 400 && answer.status < 500]).toEqual([body.slice(0, 40), true]);
    }
    for (const query of ['?cursor=%00%00garbage', '?from=9999-99-99', '?to=0000-00-00', `?carrierCode=${'x'.repeat(5000)}`]) {
      const answer = await api(`/manifests${query}`, { key: apiKey });
      expect([query.slice(0, 30), answer.status < 500]).toEqual([query.slice(0, 30), true]);
    }
  }, 60_000);
});
