/**
 * The rating service on DynamoDB Local with injected carriers, clock, ids and
 * logger: every quote is priced or rejected with a logged reason, never
 * dropped; a carrier without a connector is reported, not skipped in silence.
 */
import { createCarrierRegistry, type CarrierRegistry } from '../../shared/carriers/registry';
import { createSandboxTransports } from '../../shared/carriers/sandbox/network';
import type { CarrierQuote } from '../../shared/domain/carrier';
import type { CarrierPort } from '../../shared/carriers/port';
import type { Company } from '../../shared/domain/entities';
import { AppError } from '../../shared/errors';
import { createRatingService } from '../../shared/services/rating';
import { getRateRequest, getRateResponse } from '../../shared/store/rates';
import { sampleRateBody } from '../support/rate-body';
import { useFreshStack } from '../support/stack';

const stack = useFreshStack();
let company: Company;
beforeAll(async () => {
  company = await stack.createCompany({ pricingGroupId: 'default' });
});

const recordingLogger = () => {
  const lines: Array<{ level: string; message: string; attributes: Record<string, unknown> }> = [];
  return {
    lines,
    info: (message: string, attributes: Record<string, unknown>) => lines.push({ level: 'info', message, attributes }),
    warn: (message: string, attributes: Record<string, unknown>) => lines.push({ level: 'warn', message, attributes }),
    error: (message: string, attributes: Record<string, unknown>) => lines.push({ level: 'error', message, attributes }),
  };
};

const sandbox = createCarrierRegistry(createSandboxTransports());
/** The sandbox registry with CARRIERX answering `quotes` and the other carriers as given. */
const registryWith = (carrierX: CarrierQuote[] | undefined, others: string[] = []): CarrierRegistry => {
  const real = sandbox.port('CARRIERX')!;
  const fake: CarrierPort = {
    code: 'CARRIERX',
    kind: 'parcel',
    buildRateRequest: real.buildRateRequest,
    rate: async () => carrierX ?? [],
    ship: real.ship,
    track: () => Promise.reject(new Error('rating tests do not track')),
    cancel: () => Promise.reject(new Error('rating tests do not cancel')),
  };
  const carriers = [...(carrierX ? [fake] : []), ...others.map((code) => sandbox.port(code)!)];
  return { ...sandbox, ports: carriers, port: (code) => carriers.find((a) => a.code === code.toUpperCase()) };
};

const quote = (serviceCode: string): CarrierQuote => ({
  carrierCode: 'CARRIERX',
  serviceCode,
  currency: 'CAD',
  fxRate: 1,
  charges: [{ code: 'BASE', billingCode: 'X-BASE', name: { en: 'Base' }, type: 'base', chips: [], amount: 1000 }],
  taxes: [],
  commitment: null,
});

describe('rating service', () => {
  const now = new Date();
  let ids = 0;
  const newId = () => `00000000-0000-4000-8000-${String(++ids).padStart(12, '0')}`;

  it('rates with the injected clock and ids, and stores what it returns', async () => {
    const logger = recordingLogger();
    const service = createRatingService({ registry: sandbox, clock: () => now, newId, logger });
    const data = await service.rate(company, sampleRateBody(now), 'live');
    expect(data.requestId).toMatch(/^00000000-0000-4000-8000-/);
    expect(data.mode).toBe('live');
    expect(data.rates.every((r) => r.createdDate === now.toISOString())).toBe(true);
    const stored = await getRateResponse(data.rates[0]!.rateResponseId, company.companyId, now);
    expect(stored).toMatchObject({ status: 'found', item: { mode: 'live' } });
  });

  it("a test key's rate request and every rate response are stored as test, and the answer says so", async () => {
    const service = createRatingService({ registry: sandbox, clock: () => now, newId, logger: recordingLogger() });
    const data = await service.rate(company, sampleRateBody(now), 'test');
    expect(data.mode).toBe('test');
    expect(await getRateRequest(data.requestId, company.companyId, now)).toMatchObject({ status: 'found', item: { mode: 'test' } });
    for (const rate of data.rates) {
      expect(await getRateResponse(rate.rateResponseId, company.companyId, now)).toMatchObject({ status: 'found', item: { mode: 'test' } });
    }
  });

  it('a quote for a disabled service and one for an unknown service are rejected with their reasons, the rest priced', async () => {
    const logger = recordingLogger();
    const service = createRatingService({
      registry: registryWith([quote('CARRIERX_GROUND'), quote('CARRIERX_FIRST_OVERNIGHT'), quote('CARRIERX_TELEPORT')]),
      clock: () => now,
      newId,
      logger,
    });
    const data = await service.rate(company, { ...sampleRateBody(now), shippingType: { carrier: 'CARRIERX' } }, 'live');
    expect(data.rates.map((r) => r.service.code)).toEqual(['CARRIERX_GROUND']);
    const rejected = logger.lines.find((l) => l.message === 'quotes rejected')?.attributes.rejected;
    expect(rejected).toEqual([
      { carrierCode: 'CARRIERX', serviceCode: 'CARRIERX_TELEPORT', reason: 'service CARRIERX_TELEPORT is not in the catalog of CARRIERX' },
      { carrierCode: 'CARRIERX', serviceCode: 'CARRIERX_FIRST_OVERNIGHT', reason: 'service CARRIERX_FIRST_OVERNIGHT is disabled' },
    ]);
  });

  it('a carrier of the group without a connector is ERROR in the answer, in our words; the others rate', async () => {
    const service = createRatingService({ registry: registryWith(undefined, ['CARRIERY']), clock: () => now, newId, logger: recordingLogger() });
    const data = await service.rate(company, sampleRateBody(now), 'live');
    expect([...new Set(data.rates.map((r) => r.carrier.code))]).toEqual(['CARRIERY']);
    expect(data.unavailable.map((u) => [u.carrier.code, u.code, u.message])).toEqual(
      ['CARRIERF', 'CARRIERX', 'CARRIERZ'].map((code) => [code, 'ERROR', `${code} could not be rated: an error, or an answer that could not be read`]),
    );
  });

  it('a quoted carrier without a connector is a reported failure: 422 naming it when nothing else rates', async () => {
    const logger = recordingLogger();
    const service = createRatingService({ registry: registryWith(undefined), clock: () => now, newId, logger });
    const error = await service.rate(company, { ...sampleRateBody(now), shippingType: { carrier: 'CARRIERX' } }, 'live').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({ status: 422, code: 'NO_RATES', message: expect.stringContaining('CARRIERX: error') });
    expect(logger.lines.find((l) => l.message === 'carriers without a rate')?.attributes.failures).toEqual([
      { carrierCode: 'CARRIERX', reason: 'error', message: 'no carrier connector for CARRIERX' },
    ]);
  });
});
