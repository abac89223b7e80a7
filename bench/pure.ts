/**
 * The rating pipeline of POST /v1/rate without any I/O: the route's reading
 * of the body (its schema) → prepareRateRequest →
 * every quoted carrier's sandbox port (buildRateRequest + rate, no faults)
 * → buildRateResults. The store reads of the handler are replaced by the
 * reference data they would return for a `default`-group company, so this
 * measures CPU work only (zod validation, carrier mapping, sandbox pricing,
 * pricing/selection/sort/badges/sanitizing).
 *
 * Unlike the handler it calls the ports directly rather than through
 * fanOutRates, so no per-carrier timers are included (they are measured in
 * the end-to-end benchmark).
 */
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { createCarrierRegistry } from '../shared/carriers/registry';
import { createSandboxTransports } from '../shared/carriers/sandbox/network';
import { CarrierRefusal } from '../shared/domain/carrier';
import { rateRoute } from '../shared/contract/rate';
import { enabledServices } from '../shared/domain/catalog-shaping';
import { buildRateResults, prepareRateRequest, type QuotedRate } from '../shared/domain/rate';
import type { CarrierService } from '../shared/domain/entities';
import { carriers as referenceCarriers, services as referenceServices } from '../shared/reference/carriers';
import { defaultPackagingTypes } from '../shared/reference/packaging';
import { pricingPlans } from '../shared/reference/pricing-groups';
import { readRouteInput } from '../shared/http/route-input';
import type { Scenario } from './fixtures';
import { summarize, type LatencySummary } from './stats';

export type PureBenchOptions = {
  /** Warm-up: at least this many operations and this much time, unmeasured. */
  warmupOps: number;
  warmupMs: number;
  /** Measured: until `maxOps` operations or `maxMs` of wall time, whichever comes first (at least `minOps`). */
  minOps: number;
  maxOps: number;
  maxMs: number;
};

export type PureBenchResult = LatencySummary & {
  scenario: string;
  description: string;
  /** Rates one operation returns, and the carriers they come from (a sanity check that real work was done). */
  rates: number;
  carriers: string[];
};

const PRICING_GROUP = 'default';
const LIFETIME_SECONDS = 24 * 3600;

/** What the handler would have read from the table for a `default`-group company with a user and no custom boxes. */
const referenceContext = () => {
  const plans = pricingPlans.filter((p) => p.pricingGroupId === PRICING_GROUP);
  const servicesByCarrier = new Map<string, CarrierService[]>(
    plans.map((plan) => [
      plan.carrierCode,
      enabledServices(
        referenceServices.filter((s) => s.carrierCode === plan.carrierCode),
        plan,
      ),
    ]),
  );
  return {
    company: { companyId: 'bench-company', userId: 'bench-user', blacklist: [] as string[] },
    plans,
    servicesByCarrier,
    allServices: [...servicesByCarrier.values()].flat(),
    packaging: { defaults: defaultPackagingTypes, companyBoxes: [] },
  };
};

/** One rating of `body`, as the rate handler does it minus the store. Resolves to the public rates. */
export const createPipeline = () => {
  const ctx = referenceContext();
  const registry = createCarrierRegistry(createSandboxTransports());
  const signal = new AbortController().signal;

  return async (body: unknown) => {
    const prepared = prepareRateRequest({
      packagingRequiredBy: ['CARRIERX'],
      body: readRouteInput(rateRoute, { pathParameters: null, queryStringParameters: null, body }).body,
      company: ctx.company,
      packaging: ctx.packaging,
      groupCarriers: ctx.plans.map((p) => p.carrierCode),
      services: ctx.allServices,
      now: new Date(),
    });
    const perCarrier = await Promise.all(
      prepared.carriers.map(async (code): Promise<QuotedRate[]> => {
        const port = registry.port(code);
        const plan = ctx.plans.find((p) => p.carrierCode === code);
        const carrier = referenceCarriers.find((c) => c.code === code);
        const services = ctx.servicesByCarrier.get(code) ?? [];
        if (!port || !plan || !carrier) throw new Error(`no port, plan or carrier for ${code}`);
        let quotes;
        try {
          quotes = await port.rate(await port.buildRateRequest({ request: prepared.carrierRequest, plan, services }), { signal });
        } catch (error) {
          // fanOutRates turns a refusal into a failure entry; any other error is a bug the benchmark should show.
          if (error instanceof CarrierRefusal) return [];
          throw error;
        }
        return quotes.flatMap((quote) => {
          const service = services.find((s) => s.code === quote.serviceCode);
          return service ? [{ quote, plan, carrier, service }] : [];
        });
      }),
    );
    const results = buildRateResults({
      requestId: randomUUID(),
      companyId: ctx.company.companyId,
      request: prepared.request,
      quotes: perCarrier.flat(),
      now: new Date(),
      lifetimeSeconds: LIFETIME_SECONDS,
      newId: randomUUID,
    });
    if (results.rejected.length > 0) throw new Error(`quotes rejected: ${JSON.stringify(results.rejected)}`);
    return results.public;
  };
};

export const runPureBench = async (scenario: Scenario, options: PureBenchOptions): Promise<PureBenchResult> => {
  const rateOnce = createPipeline();

  const first = await rateOnce(scenario.body);
  if (first.length === 0) throw new Error(`${scenario.name}: the pipeline returned no rates`);
  const carriers = [...new Set(first.map((r) => r.carrier.code))].sort();

  const warmupEnd = performance.now() + options.warmupMs;
  for (let i = 0; i < options.warmupOps || performance.now() < warmupEnd; i++) await rateOnce(scenario.body);

  const samples: number[] = [];
  const started = performance.now();
  const deadline = started + options.maxMs;
  let rates = 0;
  while (samples.length < options.maxOps && (samples.length < options.minOps || performance.now() < deadline)) {
    const t0 = performance.now();
    const out = await rateOnce(scenario.body);
    samples.push(performance.now() - t0);
    rates = out.length;
  }
  const wallMs = performance.now() - started;
  if (rates !== first.length) throw new Error(`${scenario.name}: rate count changed between runs (${first.length} → ${rates})`);
  return { scenario: scenario.name, description: scenario.description, rates, carriers, ...summarize(samples, wallMs) };
};
