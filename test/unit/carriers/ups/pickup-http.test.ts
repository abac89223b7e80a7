/**
 * UPS pickups through the carrier registry's port, as the pickups service
 * calls them: the connector's own HTTP client (token, transaction headers,
 * Pickup's AccountNumber and Prn headers) against the local UPS over HTTP,
 * which validates every request against Pickup.yaml. Availability, book,
 * find, cancel, a refused cancel past the cut-off, and a refusal whose text
 * echoes our credentials reaching the caller scrubbed.
 */
import { createCarrierRegistry } from '../../../../shared/carriers/registry';
import { createSandboxTransports } from '../../../../shared/carriers/sandbox/network';
import { CarrierRefusal, type CarrierCallOptions, type PickupInput } from '../../../../shared/domain/carrier';
import type { Address } from '../../../../shared/domain/rate/schema';
import { startUpsMock, type UpsMock } from '../../../../local/ups/mock-server';
import { createUpsSimulator } from '../../../../local/ups/simulator';

const CLIENT = { clientId: 'pickup-http-client-7Lm2', clientSecret: 'pickup-http-SECRET-Vq5r' };
const MONDAY = '2026-11-30';
const place: Address = {
  personName: 'Dana Dispatcher',
  phoneNumber: '+1 201 555 0142',
  addressLine1: '315 Saddle Bridge Drive',
  city: 'Allendale',
  provinceCode: 'NJ',
  postalCode: '07401',
  countryCode: 'US',
};
const booking: PickupInput = {
  reference: 'pk-http-1',
  address: place,
  window: { date: MONDAY, readyTime: '10:00', closeTime: '16:00' },
  shipments: [],
  load: { packageCount: 2, totalWeight: { value: 8, unit: 'kg' } },
};

let mock: UpsMock;
let clock = new Date(`${MONDAY}T08:00:00Z`);
const saved = process.env.UPS_API_BASE_URL_TEST;
beforeEach(async () => {
  clock = new Date(`${MONDAY}T08:00:00Z`);
  mock = await startUpsMock({ clients: [CLIENT], simulator: createUpsSimulator({ now: () => clock }) });
  process.env.UPS_API_BASE_URL_TEST = mock.apiUrl;
});
afterEach(async () => {
  await mock.close();
  if (saved === undefined) delete process.env.UPS_API_BASE_URL_TEST;
  else process.env.UPS_API_BASE_URL_TEST = saved;
});

const pickups = () => createCarrierRegistry(createSandboxTransports({})).port('UPS')!.pickups!;
const options = (): CarrierCallOptions => ({
  signal: AbortSignal.timeout(20_000),
  mode: 'test',
  account: { carrierAccountId: 'acct-pickup-1', carrierCode: 'UPS', accountNumber: 'a1b2c3', credentials: async () => ({ ...CLIENT }) },
});

describe('UPS pickups over HTTP through the port', () => {
  it('offers a window, books, finds, cancels; a cancel past the cut-off is refused with UPS reason', async () => {
    expect(await pickups().availability({ address: place, date: MONDAY }, options())).toEqual({
      windows: [{ date: MONDAY, readyTime: '09:00', closeTime: '17:00' }],
    });
    const booked = await pickups().create(booking, options());
    expect(booked).toEqual({ reference: 'pk-http-1', confirmationNumber: 'A1B2C300001', window: booking.window, charges: { amount: 950, currency: 'USD' } });
    const lookup = { reference: 'pk-http-1', date: MONDAY, address: place };
    expect(await pickups().find(lookup, options())).toMatchObject({ confirmationNumber: 'A1B2C300001' });
    await pickups().cancel({ ...lookup, confirmationNumber: 'A1B2C300001' }, options());
    await pickups().cancel({ ...lookup, confirmationNumber: 'A1B2C300001' }, options());
    expect(mock.simulator.pickups.map((p) => p.status)).toEqual(['cancelled']);

    const second = await pickups().create({ ...booking, reference: 'pk-http-2' }, options());
    clock = new Date(`${MONDAY}T10:30:00Z`);
    await expect(pickups().cancel({ ...lookup, reference: 'pk-http-2', confirmationNumber: second.confirmationNumber }, options())).rejects.toThrow(
      new CarrierRefusal('UPS', 'PU0002: The pickup has been dispatched to the driver and can no longer be cancelled'),
    );
    // Every request reached UPS's operation with a token: none was refused as breaking the document.
    expect(mock.seen.filter((s) => s.path.startsWith('/api/')).every((s) => s.authorized)).toBe(true);
    expect(mock.simulator.received.map((r) => `${r.method} ${r.path}`)).toContain('GET /shipments/v2409/pickup/oncall');
  });

  it('a creation UPS answers after the caller gave up is found and adopted by the retry: one pickup', async () => {
    mock.simulator.answerLate(400, 'pickup');
    const gaveUp = new AbortController();
    const first = pickups().create(booking, { ...options(), signal: gaveUp.signal });
    // The caller gives up once UPS has the request (the simulator has received it), before UPS acts.
    while (mock.simulator.received.length === 0) await new Promise((resolve) => setTimeout(resolve, 10));
    gaveUp.abort(new Error('the pickup service timed out'));
    // Gave up (or, on a machine slow enough, heard the late answer after all): the outcome is the same either way.
    await first.catch(() => undefined);
    while (mock.simulator.pickups.length === 0) await new Promise((resolve) => setTimeout(resolve, 20));
    const retried = await pickups().create({ ...booking, mayExist: true }, options());
    expect(retried).toEqual({ reference: 'pk-http-1', confirmationNumber: 'A1B2C300001', window: booking.window });
    expect(mock.simulator.pickups).toHaveLength(1);
    expect(mock.simulator.received.map((r) => r.method)).toEqual(['POST', 'GET']);
  });

  it('a refusal that echoes our client id and secret reaches the caller without them', async () => {
    const booked = await pickups().create(booking, options());
    const send = mock.simulator.send.bind(mock.simulator);
    jest
      .spyOn(mock.simulator, 'send')
      .mockImplementation((request) =>
        request.method === 'DELETE'
          ? { status: 400, body: { response: { errors: [{ code: 'PU0002', message: `Too late for ${CLIENT.clientId}:${CLIENT.clientSecret}` }] } } }
          : send(request),
      );
    const error = (await pickups()
      .cancel({ reference: 'pk-http-1', confirmationNumber: booked.confirmationNumber, date: MONDAY, address: place }, options())
      .catch((e: unknown) => e)) as Error;
    expect(error).toBeInstanceOf(CarrierRefusal);
    expect(error.message).toMatch(/^PU0002: Too late for /);
    expect(error.message).not.toContain(CLIENT.clientSecret);
    expect(error.message).not.toContain(CLIENT.clientId);
  });
});
