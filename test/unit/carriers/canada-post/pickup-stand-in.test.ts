/**
 * Canada Post's pickups against its local stand-in (local/canada-post/):
 * the connector's operations (shared/carriers/canada-post/pickup.ts) over a
 * client that hands each request to the simulator, which validates it
 * against pickuprequest.xsd and answers as Canada Post documents: book,
 * find after a lost or a late answer without booking twice, cancel, a
 * cancel refused after the cut-off, one customer never seeing another's
 * pickups; and the same over HTTP through the mock server `npm start` uses.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { CanadaPostApi } from '../../../../shared/carriers/canada-post/api';
import { createCanadaPostApi } from '../../../../shared/carriers/canada-post/http';
import {
  canadaPostCancelPickup,
  canadaPostCreatePickup,
  canadaPostFindPickup,
  canadaPostPickupAvailability,
} from '../../../../shared/carriers/canada-post/pickup';
import { createCarrierRegistry } from '../../../../shared/carriers/registry';
import { CarrierRefusal, type CarrierAccount, type PickupInput } from '../../../../shared/domain/carrier';
import { startCanadaPostMock } from '../../../../local/canada-post/mock-server';
import {
  CANADA_POST_MEDIA as MEDIA,
  createCanadaPostSimulator,
  LateAnswer,
  LostAnswer,
  type CanadaPostSimulator,
} from '../../../../local/canada-post/simulator';
import { describeWithCanadaPostSchemas } from '../../../support/canada-post-xsd';
import { CONTRACT, ottawa, REF32, REFERENCE } from './fixtures';
import { basic, CLIENT, CUSTOMER } from './simulator-fixtures';

jest.setTimeout(60_000);

const BASE = 'http://127.0.0.1:4020';
const DAY = '2026-03-03';
const signal = () => AbortSignal.timeout(10_000);

/** A client whose requests the simulator answers in-process, as the mock server would over HTTP. */
function apiOver(sim: CanadaPostSimulator, contractId: string | null = CONTRACT, customerNumber = CUSTOMER): CanadaPostApi {
  return {
    mode: 'test',
    customerNumber,
    ...(contractId ? { contractId } : {}),
    refundEmail: () => Promise.resolve(undefined),
    send(request) {
      // The pickup operations send no query: a documented path, or a link the simulator answered.
      const url = new URL('link' in request.target ? request.target.link : `${BASE}${request.target.path}`);
      return sim.send({
        method: request.method,
        path: url.pathname,
        query: Object.fromEntries(url.searchParams),
        headers: { authorization: basic(), accept: request.accept, 'content-type': request.body?.contentType },
        ...(request.body ? { body: request.body.xml } : {}),
        baseUrl: BASE,
      });
    },
  };
}

function setup(at = '2026-03-02T14:00:00Z', listAfterMs = 0) {
  const clock = { now: new Date(at) };
  const sim = createCanadaPostSimulator({ clients: [CLIENT], now: () => clock.now, listAfterMs });
  return { sim, clock, api: apiOver(sim), posts: () => sim.received.filter((r) => r.method === 'POST').length };
}

const input = (extra: Partial<PickupInput> = {}): PickupInput => ({
  reference: REFERENCE,
  address: ottawa,
  window: { date: DAY, readyTime: '13:00', closeTime: '17:00' },
  shipments: [],
  load: { packageCount: 3, totalWeight: { value: 12, unit: 'kg' } },
  instructions: 'Loading dock at the back',
  ...extra,
});
const lookup = { reference: REFERENCE, date: DAY, address: ottawa };

describeWithCanadaPostSchemas('Canada Post pickups against the local stand-in', () => {
  it('books a contract pickup under our reference, free, and a non-contract one with its fee', async () => {
    const { sim, api } = setup();
    const booked = await canadaPostCreatePickup(input(), api, signal());
    expect(booked).toEqual({
      reference: REFERENCE,
      confirmationNumber: sim.pickups[0]!.requestId,
      window: { date: DAY, readyTime: '13:00', closeTime: '17:00' },
      charges: { amount: 0, currency: 'CAD' },
    });
    expect(sim.pickups[0]).toMatchObject({ customerRequestId: REF32, status: 'Pending', postalCode: 'K2B8J6', contractId: CONTRACT });
    expect(sim.pickups[0]!.instructions).toBe(`Loading dock at the back [ref ${REF32}]`);
    const paid = await canadaPostCreatePickup(input({ reference: '0f0e0d0c-0b0a-4909-8807-060504030201' }), apiOver(sim, null), signal());
    expect(paid.charges).toEqual({ amount: 848, currency: 'CAD' });
  });

  it('after a lost answer, a retry with mayExist adopts the pickup made and books no second one', async () => {
    const { sim, api, posts } = setup();
    sim.failNext('lose-answer', 1, 'createPickup');
    await expect(canadaPostCreatePickup(input(), api, signal())).rejects.toThrow(LostAnswer);
    expect(sim.pickups).toHaveLength(1);
    const adopted = await canadaPostCreatePickup(input({ mayExist: true }), api, signal());
    expect(adopted.confirmationNumber).toBe(sim.pickups[0]!.requestId);
    expect(sim.pickups).toHaveLength(1);
    expect(posts()).toBe(1);
  });

  it('a late answer: nothing is found before it lands, the one pickup after', async () => {
    const { sim, api } = setup();
    sim.answerLate(5_000, 'createPickup');
    const late = await canadaPostCreatePickup(input(), api, signal()).catch((error: unknown) => error);
    expect(late).toBeInstanceOf(LateAnswer);
    expect(await canadaPostFindPickup(lookup, api, signal())).toBeUndefined();
    expect((await (late as LateAnswer<{ status: number }>).land()).status).toBe(200);
    const found = await canadaPostFindPickup(lookup, api, signal());
    expect(found?.confirmationNumber).toBe(sim.pickups[0]!.requestId);
    expect((await canadaPostCreatePickup(input({ mayExist: true }), api, signal())).confirmationNumber).toBe(found?.confirmationNumber);
    expect(sim.pickups).toHaveLength(1);
  });

  it('with listAfterMs, a brand-new pickup is not listed yet: found once that time has passed', async () => {
    const { api, clock } = setup('2026-03-02T14:00:00Z', 60_000);
    const booked = await canadaPostCreatePickup(input(), api, signal());
    expect(await canadaPostFindPickup(lookup, api, signal())).toBeUndefined();
    clock.now = new Date('2026-03-02T14:01:00Z');
    expect((await canadaPostFindPickup(lookup, api, signal()))?.confirmationNumber).toBe(booked.confirmationNumber);
  });

  it('finds only our pickup of that day: not another reference’s, not another day’s', async () => {
    const { api } = setup();
    await canadaPostCreatePickup(input({ reference: '0f0e0d0c-0b0a-4909-8807-060504030201' }), api, signal());
    await canadaPostCreatePickup(input({ window: { date: '2026-03-04', readyTime: '13:00', closeTime: '17:00' } }), api, signal());
    expect(await canadaPostFindPickup(lookup, api, signal())).toBeUndefined();
    const ours = await canadaPostCreatePickup(input(), api, signal());
    expect(await canadaPostFindPickup(lookup, api, signal())).toEqual({
      reference: REFERENCE,
      confirmationNumber: ours.confirmationNumber,
      window: ours.window,
    });
  });

  it('cancels; a second cancel succeeds; a cancelled pickup is found no more', async () => {
    const { sim, api } = setup();
    const booked = await canadaPostCreatePickup(input(), api, signal());
    const ref = { reference: REFERENCE, confirmationNumber: booked.confirmationNumber, date: DAY, address: ottawa };
    await canadaPostCancelPickup(ref, api, signal());
    expect(sim.pickups[0]!.status).toBe('Cancelled');
    await expect(canadaPostCancelPickup(ref, api, signal())).resolves.toBeUndefined();
    expect(await canadaPostFindPickup(lookup, api, signal())).toBeUndefined();
  });

  it('refuses a cancel from the preferred time on, or once the driver is dispatched: CarrierRefusal 11004', async () => {
    const { sim, api, clock } = setup();
    const first = await canadaPostCreatePickup(input(), api, signal());
    clock.now = new Date(`${DAY}T13:00:00Z`);
    await expect(
      canadaPostCancelPickup({ reference: REFERENCE, confirmationNumber: first.confirmationNumber, date: DAY, address: ottawa }, api, signal()),
    ).rejects.toThrow(
      new CarrierRefusal('CANADAPOST', 'Canada Post refused to cancel the pickup: 11004: Pickup cannot be cancelled as time has already past.'),
    );
    expect(sim.pickups[0]!.status).toBe('Pending');

    clock.now = new Date('2026-03-02T14:00:00Z');
    const other = await canadaPostCreatePickup(input({ reference: '0f0e0d0c-0b0a-4909-8807-060504030201' }), api, signal());
    sim.dispatchPickup(other.confirmationNumber);
    await expect(
      canadaPostCancelPickup({ reference: REFERENCE, confirmationNumber: other.confirmationNumber, date: DAY, address: ottawa }, api, signal()),
    ).rejects.toThrow(/11004/);
  });

  it('refuses as Canada Post does: beyond a non-contract account’s 5 days, a same-day request too late, a place off the tour', async () => {
    const { api, sim } = setup();
    await expect(
      canadaPostCreatePickup(input({ window: { date: '2026-03-09', readyTime: '13:00', closeTime: '17:00' } }), apiOver(sim, null), signal()),
    ).rejects.toThrow(CarrierRefusal);
    await expect(canadaPostCreatePickup(input({ window: { date: '2026-03-02', readyTime: '14:30', closeTime: '17:00' } }), api, signal())).rejects.toThrow(
      /same-day/,
    );
    await expect(canadaPostCreatePickup(input({ address: { ...ottawa, postalCode: 'X0A 0H0' } }), api, signal())).rejects.toThrow(/not available/);
    expect(sim.pickups).toHaveLength(0);
  });

  it('answers availability by postal code: a window and the cut-off on the tour, none off it', async () => {
    const { api, clock } = setup();
    expect(await canadaPostPickupAvailability({ address: ottawa, date: DAY }, api, signal(), clock.now)).toEqual({
      windows: [{ date: DAY, readyTime: '12:00', closeTime: '17:45' }],
      cutoffTime: '15:00',
    });
    const north = await canadaPostPickupAvailability({ address: { ...ottawa, postalCode: 'X0A 0H0' }, date: DAY }, api, signal(), clock.now);
    expect(north.windows).toEqual([]);
  });

  it('refuses a request its schema refuses, and keeps one customer’s pickups from another', async () => {
    const { sim, api } = setup();
    const send = (method: string, path: string, body?: string) =>
      sim.send({
        method,
        path,
        headers: { authorization: basic(), accept: MEDIA.pickuprequest, 'content-type': body ? MEDIA.pickuprequest : undefined },
        ...(body ? { body } : {}),
        baseUrl: BASE,
      });
    const invalid = await send(
      'POST',
      `/enab/${CUSTOMER}/pickuprequest`,
      '<pickup-request-details xmlns="http://www.canadapost.ca/ws/pickuprequest"><pickup-type>OnDemand</pickup-type></pickup-request-details>',
    );
    expect(invalid.status).toBe(400);
    expect(invalid.body.toString()).toContain('<code>Server</code>');
    const booked = await canadaPostCreatePickup(input(), api, signal());
    expect((await send('GET', '/enab/9999999/pickuprequest')).status).toBe(404);
    expect((await send('GET', `/enab/9999999/pickuprequest/${booked.confirmationNumber}/details`)).status).toBe(404);
    expect((await send('DELETE', `/enab/9999999/pickuprequest/${booked.confirmationNumber}`)).status).toBe(404);
    expect(await canadaPostFindPickup(lookup, apiOver(sim, CONTRACT, '9999999'), signal())).toBeUndefined();
    expect(sim.pickups[0]!.status).toBe('Pending');
  });

  it('serves the pickup operations over HTTP, as `npm start` reaches them', async () => {
    const mock = await startCanadaPostMock({ clients: [CLIENT] });
    const saved = process.env.CANADAPOST_API_BASE_URL_TEST;
    process.env.CANADAPOST_API_BASE_URL_TEST = mock.url;
    try {
      const api = createCanadaPostApi({
        mode: 'test',
        account: { carrierAccountId: 'acct-cp-1', carrierCode: 'CANADAPOST', accountNumber: CUSTOMER, contractId: CONTRACT, credentials: async () => CLIENT },
      });
      // Tomorrow in UTC, the stand-in's zone, is today or tomorrow in Ottawa: open either way until 15:00 there.
      const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
      expect((await canadaPostPickupAvailability({ address: ottawa, date: tomorrow }, api, signal(), new Date(`${tomorrow}T05:00:00Z`))).windows).toHaveLength(
        1,
      );
      const window = { date: tomorrow, readyTime: '13:00', closeTime: '17:00' };
      const booked = await canadaPostCreatePickup(input({ window }), api, signal());
      expect(await canadaPostFindPickup({ ...lookup, date: tomorrow }, api, signal())).toMatchObject({ confirmationNumber: booked.confirmationNumber, window });
      await canadaPostCancelPickup({ reference: REFERENCE, confirmationNumber: booked.confirmationNumber, date: tomorrow, address: ottawa }, api, signal());
      expect(mock.seen.map((r) => `${r.method} ${r.status}`)).toEqual(['GET 200', 'POST 200', 'GET 200', 'GET 200', 'DELETE 204']);
    } finally {
      if (saved === undefined) delete process.env.CANADAPOST_API_BASE_URL_TEST;
      else process.env.CANADAPOST_API_BASE_URL_TEST = saved;
      await mock.close();
    }
  });
});

describe('Canada Post pickups through the carrier port', () => {
  const SECRET = 'cp-pickup-secret-Q4z';
  const account: CarrierAccount = {
    carrierAccountId: 'acct-cp-1',
    carrierCode: 'CANADAPOST',
    accountNumber: CUSTOMER,
    contractId: CONTRACT,
    credentials: async () => ({ username: 'cp-api-user', password: SECRET }),
  };

  it('passes on a refusal that quotes our credentials only scrubbed of them', async () => {
    const basicValue = Buffer.from(`cp-api-user:${SECRET}`).toString('base64');
    // A hostile Canada Post: its refusal of the cancel echoes the password and the Authorization header it received.
    const server = createServer((req, res) => {
      res.writeHead(400, { 'content-type': 'application/xml' });
      res.end(
        `<messages xmlns="http://www.canadapost.ca/ws/messages"><message><code>11004</code><description>Too late for ${SECRET}, ${req.headers.authorization ?? ''} (${basicValue})</description></message></messages>`,
      );
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const saved = process.env.CANADAPOST_API_BASE_URL_TEST;
    process.env.CANADAPOST_API_BASE_URL_TEST = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      const port = createCarrierRegistry().port('CANADAPOST')!;
      const error = await port
        .pickups!.cancel({ reference: REFERENCE, confirmationNumber: '0074698052', date: DAY, address: ottawa }, { signal: signal(), mode: 'test', account })
        .catch((e: unknown) => e);
      expect(error).toBeInstanceOf(CarrierRefusal);
      const message = (error as Error).message;
      expect(message).toContain('11004: Too late for');
      expect(message).not.toContain(SECRET);
      expect(message).not.toContain(basicValue);
    } finally {
      if (saved === undefined) delete process.env.CANADAPOST_API_BASE_URL_TEST;
      else process.env.CANADAPOST_API_BASE_URL_TEST = saved;
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
