/**
 * POST /v1/rate (spec 4.4): validate, quote every carrier in parallel, price,
 * select, sort, badge, store the full internal records, return sanitized rates.
 * All rules live in shared/domain/rate and shared/carriers; this reads and
 * writes the store and wires them together.
 */
import { randomUUID } from 'node:crypto';
import { defaultRegistry, type CarrierRegistry } from '../../shared/carriers/registry';
import { fanOutRates, type RateJob } from '../../shared/carriers/fanout';
import { config } from '../../shared/config';
import { enabledServices } from '../../shared/domain/catalog';
import { buildRateResults, prepareRateRequest, type QuotedRate } from '../../shared/domain/rate';
import type { CarrierService } from '../../shared/domain/types';
import { AppError } from '../../shared/errors';
import { httpHandler } from '../../shared/http/handler';
import { logger } from '../../shared/logger';
import { listCarriers, listPricingPlans, listServices } from '../../shared/store/catalog';
import { listCompanyBoxes, listDefaultPackaging } from '../../shared/store/packaging';
import { saveRateResults } from '../../shared/store/rates';

const noRates = (detail: string) => new AppError(422, 'NO_RATES', `No rates were returned for this shipment: ${detail}`);

export const createRateHandler = (registry: CarrierRegistry, clock: () => Date = () => new Date()) =>
  httpHandler('rate', async (event, caller) => {
    const { company } = caller;
    const now = clock();
    const [plans, carriers, defaults, companyBoxes] = await Promise.all([
      listPricingPlans(company.pricingGroupId),
      listCarriers(),
      listDefaultPackaging(),
      listCompanyBoxes(company.companyId),
    ]);
    const servicesByCarrier = new Map<string, CarrierService[]>(
      await Promise.all(
        plans.map(async (plan) => [plan.carrierCode, enabledServices(await listServices(plan.carrierCode), plan)] as const),
      ),
    );

    const prepared = prepareRateRequest({
      body: event.body,
      company,
      packaging: { defaults, companyBoxes },
      groupCarriers: plans.map((p) => p.carrierCode),
      services: [...servicesByCarrier.values()].flat(),
      now,
    });
    if (prepared.carriers.length === 0) throw noRates('no carrier of your pricing group can quote this selection');

    const jobs: RateJob[] = prepared.carriers.flatMap((code) => {
      const adapter = registry.getAdapter(code);
      const plan = plans.find((p) => p.carrierCode === code);
      if (!adapter || !plan) {
        logger.error('no adapter or plan for a quoted carrier', { carrierCode: code });
        return [];
      }
      return [{ adapter, input: { request: prepared.carrierRequest, plan, services: servicesByCarrier.get(code) ?? [] } }];
    });

    const { quotes, failures } = await fanOutRates(jobs, { logger });
    const quoted: QuotedRate[] = quotes.flatMap(({ carrierCode, quote }) => {
      const plan = plans.find((p) => p.carrierCode === carrierCode);
      const carrier = carriers.find((c) => c.code === carrierCode);
      const service = servicesByCarrier.get(carrierCode)?.find((s) => s.code === quote.serviceCode);
      return plan && carrier && service ? [{ quote, plan, carrier, service }] : [];
    });

    const requestId = randomUUID();
    const results = buildRateResults({
      requestId,
      companyId: company.companyId,
      request: prepared.request,
      quotes: quoted,
      now,
      lifetimeSeconds: config.rateTtlHours * 3600,
      newId: randomUUID,
    });
    if (results.rejected.length > 0) logger.error('quotes rejected', { rejected: results.rejected });
    if (failures.length > 0) logger.warn('carriers without a rate', { failures });
    if (results.public.length === 0) {
      const reasons = failures.map((f) => `${f.carrierCode}: ${f.reason}`).join(', ');
      throw noRates(reasons ? `no carrier rate matched (${reasons})` : 'no carrier rate matched the selection');
    }

    // The rate request lives exactly as long as its rate responses.
    const { expiresAt } = results.internal[0]!;
    await saveRateResults(
      { requestId, companyId: company.companyId, request: prepared.request, createdDate: now.toISOString(), expiresAt },
      results.internal,
    );
    return { data: { requestId, rates: results.public } };
  });

export const handler = createRateHandler(defaultRegistry);
