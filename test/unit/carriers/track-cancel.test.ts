/**
 * Track and cancel through the carriers and the sandbox transport: the
 * journey at the carrier's clock, void until pickup, the configured faults,
 * and answers the carrier refuses to believe.
 */
import { createCarrierRegistry } from '../../../shared/carriers/registry';
import { createSandboxTransports } from '../../../shared/carriers/sandbox/network';
import { sandboxJourney } from '../../../shared/carriers/sandbox/tracking';
import { CarrierError, CarrierRefusal } from '../../../shared/domain/carrier';
import type { CarrierTransport } from '../../../shared/carriers/connector';
import { rateRequest, torontoShipper, vancouverRecipient } from './fixtures';
import { CARRIER_CODES, noSignal, sandboxNetwork, shipInput } from './ship-fixtures';
import { at, journeyFacts, shipmentRef } from './tracking-fixtures';

const BEFORE_PICKUP = at('2025-06-02T15:59:59.999Z');
const AFTER_PICKUP = at('2025-06-02T16:00:00.000Z');

/** A network whose clock the test sets. */
function networkAt(now: Date, options: Parameters<typeof sandboxNetwork>[0] = {}) {
  const clock = { now };
  const network = sandboxNetwork({ pace: 1, clock: () => clock.now, ...options });
  return { ...network, clock };
}

describe('track', () => {
  it.each(CARRIER_CODES)('%s answers the journey at its clock', async (code) => {
    const { carrier, clock } = networkAt(at('2025-06-03T00:00:00.000Z'));
    const ref = shipmentRef(code);
    const tracking = await carrier(code).track(ref, noSignal());
    expect(tracking).toEqual(sandboxJourney(code, journeyFacts(code), 1, clock.now));
    expect(tracking.events.map((e) => e.code)).toEqual(['DEPARTED', 'PICKED_UP', 'LABEL_CREATED']);
    expect(tracking.trackingNumber).toBe(ref.trackingNumber);
  });

  it('moves forward as the clock does', async () => {
    const { carrier, clock } = networkAt(BEFORE_PICKUP);
    await expect(carrier('CARRIERY').track(shipmentRef('CARRIERY'), noSignal())).resolves.toMatchObject({ transitStatus: 'pending' });
    clock.now = at('2025-06-04T10:30:00.000Z');
    await expect(carrier('CARRIERY').track(shipmentRef('CARRIERY'), noSignal())).resolves.toMatchObject({ transitStatus: 'delivered' });
  });

  it('an injected pace compresses the journey', async () => {
    const { carrier } = networkAt(at('2025-06-02T13:02:00.000Z'), { pace: 1440 });
    await expect(carrier('CARRIERZ').track(shipmentRef('CARRIERZ'), noSignal())).resolves.toMatchObject({ transitStatus: 'delivered' });
  });

  describe('without an injected pace', () => {
    const saved = process.env.SANDBOX_TRACKING_PACE;
    afterEach(() => {
      if (saved === undefined) delete process.env.SANDBOX_TRACKING_PACE;
      else process.env.SANDBOX_TRACKING_PACE = saved;
    });

    it('reads SANDBOX_TRACKING_PACE at each call, not when the network is made', async () => {
      delete process.env.SANDBOX_TRACKING_PACE;
      const { carrier } = sandboxNetwork({ clock: () => at('2025-06-02T13:02:00.000Z') });
      await expect(carrier('CARRIERX').track(shipmentRef(), noSignal())).resolves.toMatchObject({ transitStatus: 'pending' });
      process.env.SANDBOX_TRACKING_PACE = '1440';
      await expect(carrier('CARRIERX').track(shipmentRef(), noSignal())).resolves.toMatchObject({ transitStatus: 'delivered' });
    });
  });

  it('without an injected clock, the system clock', async () => {
    jest.useFakeTimers({ now: AFTER_PICKUP });
    try {
      const { carrier } = sandboxNetwork({ pace: 1 });
      await expect(carrier('CARRIERF').track(shipmentRef('CARRIERF'), noSignal())).resolves.toMatchObject({ transitStatus: 'intransit' });
    } finally {
      jest.useRealTimers();
    }
  });

  it('an unreadable ship time is a CarrierError', async () => {
    const { carrier } = networkAt(AFTER_PICKUP);
    await expect(carrier('CARRIERX').track(shipmentRef('CARRIERX', { shippedAt: 'not a date' }), noSignal())).rejects.toThrow(CarrierError);
  });

  it('the default registry is made without reading the pace', () => {
    const previous = process.env.SANDBOX_TRACKING_PACE;
    process.env.SANDBOX_TRACKING_PACE = 'not a number';
    try {
      expect(() => createCarrierRegistry(createSandboxTransports())).not.toThrow();
    } finally {
      if (previous === undefined) delete process.env.SANDBOX_TRACKING_PACE;
      else process.env.SANDBOX_TRACKING_PACE = previous;
    }
  });
});

describe('cancel (void)', () => {
  it.each(CARRIER_CODES)('%s voids before pickup, and again: voiding is idempotent', async (code) => {
    const { carrier, transports } = networkAt(BEFORE_PICKUP);
    await expect(carrier(code).cancel(shipmentRef(code), noSignal())).resolves.toBeUndefined();
    await expect(carrier(code).cancel(shipmentRef(code), noSignal())).resolves.toBeUndefined();
    expect(transports[code].ledger.cancelCalls).toBe(2);
  });

  it.each(CARRIER_CODES)('%s refuses once picked up, with its reason', async (code) => {
    const { carrier } = networkAt(AFTER_PICKUP);
    const ref = shipmentRef(code);
    const cancelled = carrier(code).cancel(ref, noSignal());
    await expect(cancelled).rejects.toThrow(CarrierRefusal);
    await expect(cancelled).rejects.toThrow(`${code} cannot void ${ref.trackingNumber}: picked up at 2025-06-02T16:00:00.000Z`);
    await expect(cancelled).rejects.toMatchObject({ carrierCode: code });
  });

  it('the pickup that ends voiding is the paced one', async () => {
    // At pace 1440 the 3 h to pickup take 7.5 s.
    const { carrier } = networkAt(at('2025-06-02T13:00:07.499Z'), { pace: 1440 });
    await expect(carrier('CARRIERX').cancel(shipmentRef(), noSignal())).resolves.toBeUndefined();
    const later = networkAt(at('2025-06-02T13:00:07.500Z'), { pace: 1440 });
    await expect(later.carrier('CARRIERX').cancel(shipmentRef(), noSignal())).rejects.toThrow(/picked up at 2025-06-02T13:00:07.500Z/);
  });

  it('a shipment shipped on a Friday evening can be voided through the weekend', async () => {
    const ref = shipmentRef('CARRIERY', { shippedAt: '2025-06-06T17:00:00Z', commitment: null });
    const { carrier } = networkAt(at('2025-06-08T20:00:00Z'));
    await expect(carrier('CARRIERY').cancel(ref, noSignal())).resolves.toBeUndefined();
  });
});

describe('faults apply to track and cancel as to rate and ship', () => {
  const call = (operation: 'track' | 'cancel', network: ReturnType<typeof networkAt>, code = 'CARRIERZ', signal = noSignal()) =>
    network.carrier(code)[operation](shipmentRef(code), signal);

  it.each(['track', 'cancel'] as const)('http500 fails %s with a CarrierError', async (operation) => {
    const network = networkAt(BEFORE_PICKUP, { faults: { CARRIERZ: { error: 'http500' } } });
    const failed = call(operation, network);
    await expect(failed).rejects.toThrow(CarrierError);
    await expect(failed).rejects.toThrow(/HTTP 500/);
    expect(network.transports.CARRIERZ.ledger[operation === 'track' ? 'trackCalls' : 'cancelCalls']).toBe(1);
  });

  it.each(['track', 'cancel'] as const)('a malformed %s answer is caught by the carrier as a CarrierError', async (operation) => {
    const failed = call(operation, networkAt(BEFORE_PICKUP, { faults: { CARRIERZ: { error: 'malformed' } } }));
    await expect(failed).rejects.toThrow(CarrierError);
    await expect(failed).rejects.toThrow(new RegExp(`malformed ${operation} response`));
  });

  it.each(['track', 'cancel'] as const)('a carrier that never answers %s settles when the caller gives up', async (operation) => {
    const controller = new AbortController();
    const pending = call(operation, networkAt(BEFORE_PICKUP, { faults: { CARRIERZ: { error: 'timeout' } } }), 'CARRIERZ', { signal: controller.signal });
    const reason = new Error('gave up');
    controller.abort(reason);
    await expect(pending).rejects.toBe(reason);
  });

  // The wait is node:timers/promises' (shared/carriers/signals.ts), which Jest's fake timers do not drive: a real
  // wait, asserted from below only, so a loaded machine cannot fail it.
  it.each(['track', 'cancel'] as const)('latency delays %s by at least its milliseconds', async (operation) => {
    const started = performance.now();
    let settled = false;
    const pending = call(operation, networkAt(BEFORE_PICKUP, { faults: { CARRIERZ: { latencyMs: 200 } } })).finally(() => {
      settled = true;
    });
    await Promise.resolve();
    expect(settled).toBe(false);
    await pending;
    expect(performance.now() - started).toBeGreaterThanOrEqual(199);
  });

  it('a fail rate between 0 and 1 fails the calls the random draw picks', async () => {
    const draws = [0.1, 0.9, 0.4, 0.6];
    const network = networkAt(BEFORE_PICKUP, { faults: { CARRIERZ: { failRate: 0.5 } }, random: () => draws.shift()! });
    const outcomes = [];
    for (const operation of ['track', 'cancel', 'cancel', 'track'] as const) {
      outcomes.push(
        await call(operation, network).then(
          () => 'ok',
          () => 'failed',
        ),
      );
    }
    expect(outcomes).toEqual(['failed', 'ok', 'failed', 'ok']);
  });

  it('faults apply to their carrier only', async () => {
    const network = networkAt(BEFORE_PICKUP, { faults: { CARRIERZ: { error: 'http500' } } });
    await expect(call('track', network, 'CARRIERX')).resolves.toMatchObject({ transitStatus: 'pending' });
    await expect(call('cancel', network, 'CARRIERX')).resolves.toBeUndefined();
  });
});

describe('track and cancel answers are checked', () => {
  /** A registry whose CARRIERX answers track and cancel as given. */
  const answering = (answers: { track?: unknown; cancel?: unknown }) => {
    const transport: CarrierTransport<unknown> = {
      rate: () => Promise.reject(new Error('track only')),
      ship: () => Promise.reject(new Error('track only')),
      track: async () => answers.track,
      cancel: async () => answers.cancel,
    };
    return createCarrierRegistry({ ...createSandboxTransports(), CARRIERX: transport }).port('CARRIERX')!;
  };
  const ref = shipmentRef();
  const good = sandboxJourney('CARRIERX', journeyFacts(), 1, at('2025-06-05T00:00:00Z'));

  it('a well-formed answer is the tracking', async () => {
    await expect(answering({ track: { tracking: good } }).track(ref, noSignal())).resolves.toEqual(good);
  });

  it.each([
    ['a proxy error page', '<html>502</html>', /malformed track response/],
    ['an unknown status', { tracking: { ...good, transitStatus: 'lost' } }, /malformed track response at tracking.transitStatus/],
    ['an unknown event code', { tracking: { ...good, events: [{ ...good.events[0], code: 'TELEPORTED' }] } }, /at tracking.events.0.code/],
    [
      'an event time that is not ISO 8601',
      { tracking: { ...good, events: [{ ...good.events[0], occurredAt: 'Tuesday' }] } },
      /at tracking.events.0.occurredAt/,
    ],
    ['events oldest first', { tracking: { ...good, events: [...good.events].reverse() } }, /not newest first/],
    ['the tracking of another shipment', { tracking: { ...good, trackingNumber: '999999999999999' } }, /tracking of another shipment/],
  ])('%s is a CarrierError', async (_, answer, message) => {
    const tracked = answering({ track: answer }).track(ref, noSignal());
    await expect(tracked).rejects.toThrow(CarrierError);
    await expect(tracked).rejects.toThrow(message);
  });

  it.each([
    ['nothing', undefined, /malformed cancel response/],
    ['a void of another shipment', { voided: { trackingNumber: '999999999999999' } }, /void of another shipment/],
  ])('a cancel answer of %s is a CarrierError', async (_, answer, message) => {
    await expect(answering({ cancel: answer }).cancel(ref, noSignal())).rejects.toThrow(message);
  });
});

describe('addresses as long as a rate request allows (255 characters of text)', () => {
  const cities = {
    'CJK characters': '中'.repeat(255),
    'astral characters': '😀'.repeat(127),
    'lone surrogates': '\uD800'.repeat(255),
    'plain letters': 'A'.repeat(255),
  };
  it.each(CARRIER_CODES.flatMap((code) => Object.entries(cities).map(([kind, city]) => [code, kind, city] as const)))(
    '%s ships, tracks and voids a shipment whose cities are 255 %s',
    async (code, _kind, city) => {
      const { carrier } = networkAt(BEFORE_PICKUP);
      const request = rateRequest({ shipper: { ...torontoShipper, city }, recipient: { ...vancouverRecipient, city } });
      const input = shipInput(code, request);
      const shipped = await carrier(code).ship(input, noSignal());
      const ref = { reference: input.reference, trackingNumber: shipped.trackingNumber, ...(shipped.shipmentId ? { shipmentId: shipped.shipmentId } : {}) };
      await expect(carrier(code).cancel(ref, noSignal())).resolves.toBeUndefined();
      // Tracked after pickup, its scan places keep the start of the cities.
      const tracking = await networkAt(at('2025-06-03T00:00:00.000Z')).carrier(code).track(ref, noSignal());
      const located = tracking.events.filter((e) => e.location);
      expect(located.length).toBeGreaterThan(0);
      for (const event of located) expect(event.location!.startsWith([...city].slice(0, 8).join(''))).toBe(true);
    },
  );
});
