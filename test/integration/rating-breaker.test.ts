/**
 * The rating service on DynamoDB Local with carriers that never answer: once
 * a carrier's breaker opens (CARRIER_BREAKER_FAILURES=1 here) it is skipped,
 * the 422 NO_RATES text names it `unavailable`, and the logs say why.
 */
import { createCarrierRegistry } from '../../shared/carriers/registry';
import { createSandboxTransports } from '../../shared/carriers/sandbox/network';
import type { Company } from '../../shared/domain/entities';
import { AppError } from '../../shared/errors';
import { createRatingService } from '../../shared/services/rating';
import { sampleRateBody } from '../support/rate-body';
import { useFreshStack } from '../support/stack';

const stack = useFreshStack();
let company: Company;
const saved = { timeout: process.env.CARRIER_TIMEOUT_MS, failures: process.env.CARRIER_BREAKER_FAILURES };
beforeAll(async () => {
  company = await stack.createCompany({ pricingGroupId: 'default' });
  process.env.CARRIER_TIMEOUT_MS = '30';
  process.env.CARRIER_BREAKER_FAILURES = '1';
});
afterAll(() => {
  for (const [name, value] of [
    ['CARRIER_TIMEOUT_MS', saved.timeout],
    ['CARRIER_BREAKER_FAILURES', saved.failures],
  ] as const) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
});

it('a carrier whose breaker is open is reported unavailable: in the 422 NO_RATES text and in the logs', async () => {
  const lines: Array<{ level: string; message: string; attributes: Record<string, unknown> }> = [];
  const logger = {
    info: (message: string, attributes: Record<string, unknown>) => lines.push({ level: 'info', message, attributes }),
    warn: (message: string, attributes: Record<string, unknown>) => lines.push({ level: 'warn', message, attributes }),
    error: (message: string, attributes: Record<string, unknown>) => lines.push({ level: 'error', message, attributes }),
  };
  const silent = createCarrierRegistry(createSandboxTransports({ faults: { CARRIERX: { error: 'timeout' } } }));
  const service = createRatingService({ registry: silent, logger });
  const body = { ...sampleRateBody(), shippingType: { carrier: 'CARRIERX' } };

  const first = await service.rate(company, body, 'live').catch((e: unknown) => e);
  expect(first).toBeInstanceOf(AppError);
  expect(first).toMatchObject({ status: 422, code: 'NO_RATES', message: expect.stringContaining('CARRIERX: timeout') });
  expect(lines).toContainEqual({
    level: 'warn',
    message: 'carrier breaker opened',
    attributes: expect.objectContaining({ carrierCode: 'CARRIERX', reason: 'timeout' }),
  });

  lines.length = 0;
  const second = await service.rate(company, body, 'live').catch((e: unknown) => e);
  expect(second).toMatchObject({
    status: 422,
    code: 'NO_RATES',
    message: 'No rates were returned for this shipment: no carrier rate matched (CARRIERX: unavailable)',
  });
  expect(lines).toContainEqual({
    level: 'warn',
    message: 'carrier rate failed',
    attributes: { carrierCode: 'CARRIERX', reason: 'unavailable', detail: expect.stringMatching(/^CARRIERX is skipped after 1 timeout in a row/) },
  });
});
