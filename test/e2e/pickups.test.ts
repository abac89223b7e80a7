/**
 * Pickups over HTTP against the `npm start` runtime (docs/pickups.md), every
 * answer checked against openapi.json, with the sandbox carriers (which
 * serve every key there): a live key and a test key each book a pickup for
 * their day's orders, read it, list it and cancel it; twenty concurrent
 * identical creates make one pickup; another company gets 404; a key
 * without the scope is refused; hostile bodies get a 4xx, never a 5xx.
 */
import { admin, api, companyWithKey, expectErrorBody, type ApiResponse } from '../support/e2e';
import { sampleRateBody } from '../support/rate-body';

const JSON_TYPE = { 'content-type': 'application/json' };
type Pickup = { pickupId: string; status: string; mode: string; confirmationNumber: string | null; orders: string[]; carrier: { code: string } };
const dataOf = <T>(response: ApiResponse) => (response.json as { data: T }).data;

/** The first weekday after today (UTC): the sandbox carriers pick up on weekdays. */
const nextWeekday = () => {
  let day = new Date(Date.now() + 86_400_000);
  while (day.getUTCDay() === 0 || day.getUTCDay() === 6) day = new Date(day.getTime() + 86_400_000);
  return day.toISOString().slice(0, 10);
};

/** Rates the sample body for `key` and ships its rate of `carrierCode`: the order id. */
const shipWith = async (key: string, carrierCode = 'CARRIERX'): Promise<string> => {
  const rated = await api('/rate', { method: 'POST', key, headers: JSON_TYPE, body: JSON.stringify(sampleRateBody()) });
  expect(rated.status).toBe(200);
  const rate = dataOf<{ rates: Array<{ rateResponseId: string; carrier: { code: string } }> }>(rated).rates.find((r) => r.carrier.code === carrierCode)!;
  const shipped = await api(`/ship/${rate.rateResponseId}`, { method: 'POST', key, headers: JSON_TYPE, body: '{}' });
  expect(shipped.status).toBe(200);
  return dataOf<{ orderId: string }>(shipped).orderId;
};

const book = (key: string, body: Record<string, unknown>) =>
  api('/pickups', {
    method: 'POST',
    key,
    headers: JSON_TYPE,
    body: JSON.stringify({ carrierCode: 'CARRIERX', pickupDate: nextWeekday(), readyTime: '10:00', closeTime: '16:00', ...body }),
  });

const place = { personName: 'Dock 4', addressLine1: '100 King St W', city: 'Toronto', provinceCode: 'ON', postalCode: 'M5X 1A9', countryCode: 'CA' };

describe('pickups through the local runtime', () => {
  it.each(['live', 'test'] as const)(
    "a %s key books a pickup for the day's orders, reads it, lists it and cancels it",
    async (mode) => {
      const { apiKey: liveKey, companyId } = await companyWithKey();
      const key = mode === 'live' ? liveKey : (await admin<{ apiKey: string }>('key', 'create', '--company', companyId, '--mode', 'test')).apiKey;
      const orders = [await shipWith(key), await shipWith(key)];

      const windows = await api(`/pickups/availability?carrierCode=CARRIERX&postalCode=M5X%201A9&date=${nextWeekday()}`, { key });
      expect(windows.status).toBe(200);
      expect(dataOf<{ windows: unknown[] }>(windows).windows).toEqual([{ date: nextWeekday(), readyTime: '09:00', closeTime: '17:00' }]);

      const booked = await book(key, { orderIds: orders, instructions: 'Dock 4' });
      expect(booked.status).toBe(201);
      const pickup = dataOf<Pickup>(booked);
      expect(pickup).toMatchObject({ mode, status: 'scheduled', orders, carrier: { code: 'CARRIERX' } });
      expect(pickup.confirmationNumber).toMatch(/^PX\d{8}$/);

      expect(dataOf<Pickup>(await api(`/pickups/${pickup.pickupId}`, { key }))).toEqual(pickup);
      const listed = await api('/pickups?carrierCode=CARRIERX', { key });
      expect(dataOf<{ pickups: Pickup[] }>(listed).pickups.map((p) => p.pickupId)).toEqual([pickup.pickupId]);

      const cancelled = await api(`/pickups/${pickup.pickupId}`, { method: 'DELETE', key });
      expect(cancelled.status).toBe(200);
      expect(dataOf<Pickup>(cancelled)).toMatchObject({ pickupId: pickup.pickupId, status: 'cancelled' });
      expect(dataOf<Pickup>(await api(`/pickups/${pickup.pickupId}`, { method: 'DELETE', key }))).toEqual(dataOf<Pickup>(cancelled));
    },
    60_000,
  );

  it('twenty concurrent identical creates make one pickup; the repeats answer it with Idempotent-Replayed', async () => {
    const { apiKey } = await companyWithKey();
    const body = { carrierCode: 'CARRIERZ', location: place, packageCount: 2, totalWeight: { value: 3, unit: 'kg' } };
    const answers = await Promise.all(Array.from({ length: 20 }, () => book(apiKey, body)));
    for (const answer of answers) expect([200, 201]).toContain(answer.status);
    expect(answers.filter((a) => a.status === 201)).toHaveLength(1);
    expect(answers.filter((a) => a.headers.get('idempotent-replayed') === 'true')).toHaveLength(19);
    expect(new Set(answers.map((a) => dataOf<Pickup>(a).pickupId)).size).toBe(1);
    expect(dataOf<{ pickups: Pickup[] }>(await api('/pickups', { key: apiKey })).pickups).toHaveLength(1);
  }, 60_000);

  it("another company gets 404 for a company's pickup; a key without the scope is refused", async () => {
    const { apiKey, companyId } = await companyWithKey();
    const pickup = dataOf<Pickup>(await book(apiKey, { location: place, packageCount: 1, totalWeight: { value: 1, unit: 'lb' } }));
    const other = await companyWithKey();
    expectErrorBody(await api(`/pickups/${pickup.pickupId}`, { key: other.apiKey }), 404, 'NOT_FOUND');
    expectErrorBody(await api(`/pickups/${pickup.pickupId}`, { method: 'DELETE', key: other.apiKey }), 404, 'NOT_FOUND');
    expect(dataOf<{ pickups: Pickup[] }>(await api('/pickups', { key: other.apiKey })).pickups).toEqual([]);
    const { apiKey: rateOnly } = await admin<{ apiKey: string }>('key', 'create', '--company', companyId, '--scopes', 'shipments:rate');
    expectErrorBody(await api(`/pickups/${pickup.pickupId}`, { key: rateOnly }), 403, 'FORBIDDEN');
    const { apiKey: pickupOnly } = await admin<{ apiKey: string }>('key', 'create', '--company', companyId, '--scopes', 'shipments:pickup');
    expect(dataOf<Pickup>(await api(`/pickups/${pickup.pickupId}`, { key: pickupOnly }))).toMatchObject({ pickupId: pickup.pickupId });
  }, 60_000);

  it('answers hostile bodies and queries with a 4xx and our error body, never a 5xx', async () => {
    const { apiKey } = await companyWithKey();
    const bodies = [
      '{"carrierCode":"CARRIERX","pickupDate":"9999-12-31","readyTime":"10:00","closeTime":"16:00","packageCount":1,"totalWeight":{"value":1,"unit":"kg"}}',
      JSON.stringify({ carrierCode: 'CARRIERX', instructions: 'x'.repeat(400_000) }),
      JSON.stringify({
        carrierCode: 'CARRIERX',
        pickupDate: nextWeekday(),
        readyTime: '10:00',
        closeTime: '16:00',
        orderIds: Array.from({ length: 10_000 }, (_, i) => `id-${i}`),
      }),
      JSON.stringify({
        carrierCode: 'CARRIERX',
        pickupDate: nextWeekday(),
        readyTime: '10:00',
        closeTime: '16:00',
        location: place,
        packageCount: 1e9,
        totalWeight: { value: 1, unit: 'kg' },
      }),
      JSON.stringify({
        carrierCode: 'CARRIERX',
        pickupDate: nextWeekday(),
        readyTime: '17:00',
        closeTime: '09:00',
        location: place,
        packageCount: 1,
        totalWeight: { value: 1, unit: 'kg' },
      }),
      '{"constructor":{"prototype":1},"__proto__":{"x":1},"carrierCode":"CARRIERX"}',
      '[]',
      'not json',
    ];
    for (const body of bodies) {
      const answer = await api('/pickups', { method: 'POST', key: apiKey, headers: JSON_TYPE, body });
      expect([body.slice(0, 40), answer.status >= 400 && answer.status < 500]).toEqual([body.slice(0, 40), true]);
    }
    for (const query of ['?cursor=%00%00garbage', '?limit=0', `?carrierCode=${'x'.repeat(5000)}`]) {
      const answer = await api(`/pickups${query}`, { key: apiKey });
      expect([query.slice(0, 30), answer.status >= 400 && answer.status < 500]).toEqual([query.slice(0, 30), true]);
    }
    for (const query of [
      '?carrierCode=CARRIERX&postalCode=%00&date=2026-01-01',
      '?carrierCode=constructor&postalCode=M5X&date=9999-01-01',
      '?postalCode=M5X',
    ]) {
      const answer = await api(`/pickups/availability${query}`, { key: apiKey });
      expect([query, answer.status >= 400 && answer.status < 500]).toEqual([query, true]);
    }
  }, 60_000);
});
