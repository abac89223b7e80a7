import { createCarrierRegistry } from '../../../shared/carriers/registry';
import { createSandboxTransports, type SandboxNetworkOptions } from '../../../shared/carriers/sandbox/network';
import { callFails, parseSandboxFaults } from '../../../shared/carriers/sandbox/faults';
import { CarrierError } from '../../../shared/domain/carrier';
import type { CarrierPort } from '../../../shared/carriers/port';
import { rateInput } from './fixtures';

const network = (options: SandboxNetworkOptions) => createCarrierRegistry(createSandboxTransports(options));

/** Builds and rates through `carrier` with a signal the test controls. */
async function rate(carrier: CarrierPort, signal = new AbortController().signal) {
  return carrier.rate(await carrier.buildRateRequest(rateInput(carrier.code)), { signal });
}

describe('SANDBOX_FAULTS parsing', () => {
  it('unset or empty means no faults', () => {
    expect(parseSandboxFaults(undefined)).toEqual({});
    expect(parseSandboxFaults('  ')).toEqual({});
  });

  it('reads per-carrier latency, fail rate and error', () => {
    expect(parseSandboxFaults('{"CARRIERY":{"latencyMs":5000},"CARRIERZ":{"error":"malformed","failRate":0.25}}')).toEqual({
      CARRIERY: { latencyMs: 5000 },
      CARRIERZ: { error: 'malformed', failRate: 0.25 },
    });
  });

  it.each([
    ['not JSON', '{CARRIERY:', /not valid JSON/],
    ['a fail rate above 1', '{"CARRIERY":{"failRate":1.5}}', /CARRIERY\.failRate/],
    ['a negative latency', '{"CARRIERY":{"latencyMs":-1}}', /CARRIERY\.latencyMs/],
    ['an unknown error kind', '{"CARRIERY":{"error":"teapot"}}', /CARRIERY\.error/],
    ['an unknown setting', '{"CARRIERY":{"slow":true}}', /not valid/],
    ['a key that is not a carrier code', '{"carrier y":{}}', /carrier code/],
  ])('rejects %s loudly', (_, raw, message) => {
    expect(() => parseSandboxFaults(raw)).toThrow(message);
  });
});

describe('whether a call fails', () => {
  const never = () => {
    throw new Error('random must not be drawn');
  };
  it('is deterministic at fail rates 0 and 1, and without a fault', () => {
    expect(callFails(undefined, never)).toBe(false);
    expect(callFails({ latencyMs: 10 }, never)).toBe(false);
    expect(callFails({ failRate: 0, error: 'http500' }, never)).toBe(false);
    expect(callFails({ failRate: 1 }, never)).toBe(true);
    expect(callFails({ error: 'timeout' }, never)).toBe(true);
  });
  it('draws the random number in between', () => {
    expect(callFails({ failRate: 0.3 }, () => 0.29)).toBe(true);
    expect(callFails({ failRate: 0.3 }, () => 0.3)).toBe(false);
  });
  it('applies only to the operations it names, every call when it names none', () => {
    expect(callFails({ error: 'late', operations: ['pickupCreate'] }, never, 'pickupCreate')).toBe(true);
    expect(callFails({ error: 'late', operations: ['pickupCreate'] }, never, 'pickupFind')).toBe(false);
    expect(callFails({ error: 'late', operations: ['pickupCreate'] }, never, 'rate')).toBe(false);
    expect(callFails({ error: 'http500' }, never, 'pickupFind')).toBe(true);
    expect(parseSandboxFaults('{"CARRIERY":{"error":"late","operations":["pickupCreate"]}}')).toEqual({
      CARRIERY: { error: 'late', operations: ['pickupCreate'] },
    });
    expect(() => parseSandboxFaults('{"CARRIERY":{"operations":["book"]}}')).toThrow(/CARRIERY\.operations/);
  });
});

describe('injected faults', () => {
  it('late books the pickup and never answers: the caller gives up, the booking is made and found', async () => {
    const transports = createSandboxTransports({ faults: { CARRIERY: { error: 'late', operations: ['pickupCreate'] } } });
    const pickups = createCarrierRegistry(transports).port('CARRIERY')!.pickups!;
    const day = new Date(Date.now() + 86_400_000);
    while (day.getUTCDay() === 0 || day.getUTCDay() === 6) day.setUTCDate(day.getUTCDate() + 1);
    const date = day.toISOString().slice(0, 10);
    const address = { personName: 'Dock', addressLine1: '1 Main St', countryCode: 'CA', postalCode: 'M5X 1A9' };
    const controller = new AbortController();
    const booking = pickups.create(
      {
        reference: 'PU000000000001',
        address,
        window: { date, readyTime: '10:00', closeTime: '16:00' },
        shipments: [],
        load: { packageCount: 1, totalWeight: { value: 1, unit: 'kg' } },
      },
      { signal: controller.signal },
    );
    // The carrier books (the connector loads first), then keeps the caller waiting until it gives up.
    for (let turns = 0; transports.CARRIERY.ledger.pickups.size === 0 && turns < 1_000; turns++) await new Promise((resolve) => setImmediate(resolve));
    expect(transports.CARRIERY.ledger.pickups.size).toBe(1);
    controller.abort(new Error('our timeout'));
    await expect(booking).rejects.toThrow('our timeout');
    await expect(pickups.find({ reference: 'PU000000000001', date, address }, { signal: new AbortController().signal })).resolves.toMatchObject({
      reference: 'PU000000000001',
      confirmationNumber: expect.stringMatching(/^PY\d{8}$/),
    });
  });

  it('http500 fails the carrier with a CarrierError', async () => {
    const { port } = network({ faults: { CARRIERZ: { error: 'http500' } } });
    await expect(rate(port('CARRIERZ')!)).rejects.toThrow(CarrierError);
    await expect(rate(port('CARRIERZ')!)).rejects.toThrow(/HTTP 500/);
  });

  it('a malformed answer is caught by the connector as a CarrierError', async () => {
    const { port } = network({ faults: { CARRIERX: { error: 'malformed' } } });
    await expect(rate(port('CARRIERX')!)).rejects.toThrow(/malformed rate response/);
  });

  it('faults apply to their carrier only', async () => {
    const { port } = network({ faults: { CARRIERZ: { error: 'http500' } } });
    await expect(rate(port('CARRIERY')!)).resolves.toHaveLength(4);
  });

  it('a fail rate between 0 and 1 fails the calls the random draw picks', async () => {
    const draws = [0.1, 0.9, 0.4, 0.6];
    const { port } = network({ faults: { CARRIERY: { failRate: 0.5 } }, random: () => draws.shift()! });
    const outcomes = [];
    for (let i = 0; i < 4; i += 1) {
      outcomes.push(
        await rate(port('CARRIERY')!).then(
          () => 'ok',
          () => 'failed',
        ),
      );
    }
    expect(outcomes).toEqual(['failed', 'ok', 'failed', 'ok']);
  });

  it('latency delays the answer', async () => {
    const { port } = network({ faults: { CARRIERY: { latencyMs: 40 } } });
    const started = Date.now();
    await expect(rate(port('CARRIERY')!)).resolves.toHaveLength(4);
    expect(Date.now() - started).toBeGreaterThanOrEqual(35);
  });

  it('latency honours the abort signal: waiting stops on abort', async () => {
    const { port } = network({ faults: { CARRIERY: { latencyMs: 60_000 } } });
    const controller = new AbortController();
    const reason = new Error('caller gave up');
    setTimeout(() => controller.abort(reason), 20);
    const started = Date.now();
    await expect(rate(port('CARRIERY')!, controller.signal)).rejects.toBe(reason);
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it('timeout never answers until the caller aborts', async () => {
    const { port } = network({ faults: { CARRIERF: { error: 'timeout' } } });
    const controller = new AbortController();
    let settled = false;
    const pending = rate(port('CARRIERF')!, controller.signal).finally(() => {
      settled = true;
    });
    await new Promise((r) => setTimeout(r, 30));
    expect(settled).toBe(false);
    controller.abort(new Error('stop'));
    await expect(pending).rejects.toThrow('stop');
  });

  it('an already aborted signal is not answered', async () => {
    const { port } = network({});
    const controller = new AbortController();
    controller.abort(new Error('too late'));
    await expect(rate(port('CARRIERX')!, controller.signal)).rejects.toThrow('too late');
  });
});

describe('the process registry', () => {
  const saved = process.env.SANDBOX_FAULTS;
  afterEach(() => {
    if (saved === undefined) delete process.env.SANDBOX_FAULTS;
    else process.env.SANDBOX_FAULTS = saved;
  });

  it('takes its faults from SANDBOX_FAULTS', async () => {
    process.env.SANDBOX_FAULTS = '{"CARRIERY":{"error":"http500"}}';
    let registry: (typeof import('../../../shared/carriers/registry'))['defaultRegistry'] | undefined;
    await jest.isolateModulesAsync(async () => {
      ({ defaultRegistry: registry } = await import('../../../shared/carriers/registry'));
    });
    await expect(rate(registry!.port('CARRIERY')!)).rejects.toThrow(/HTTP 500/);
    await expect(rate(registry!.port('CARRIERX')!)).resolves.toHaveLength(3);
  });
});
