/**
 * The rating fan-out with slow and degraded carriers, in process (issue 8):
 *
 *   (a) fan-out wall time with every carrier answering after 300 ms, as a
 *       ratio to 300 ms (target ≤ 1.1): the carriers are asked in parallel,
 *       so one rate request waits for the slowest, not for the sum;
 *   (b) rate p50 with one carrier degraded (it never answers, so it costs the
 *       carrier timeout until its circuit breaker opens) against all healthy,
 *       after the first few requests (target ≤ 1.5), and how many requests
 *       paid the timeout before the breaker opened.
 *
 * What runs: the rating path of shared/services/rating.ts minus the store.
 * prepareRateRequest (validation, packaging, billing, carrier selection), the
 * jobs built as the service builds them, fanOutRates with its per-carrier
 * timeout, overall budget and circuit breakers, the real ports of
 * shared/carriers/registry.ts over the sandbox transports (the sandbox faults
 * give the latency and the carrier that never answers), joinQuotes and
 * buildRateResults (pricing, selection, sort, badges, sanitizing). The
 * company's reference data (plans, carriers, services, default packaging of
 * the `default` pricing group) comes from shared/reference/ instead of
 * DynamoDB, and nothing is stored: the store's round trips are measured by the
 * other bench parts, and would only add the same constant to both sides of (b).
 *
 * Settings are the production defaults: the carrier timeout and rating budget
 * of shared/config.ts (3 s and 8 s unless CARRIER_TIMEOUT_MS / RATE_BUDGET_MS
 * say otherwise, as lib/stages.ts deploys them) and the breaker's
 * CARRIER_BREAKER_FAILURES / CARRIER_BREAKER_OPEN_SECONDS (3 timeouts, 30 s),
 * on the real clock. Each series has breakers of its own (a fresh container).
 * The series run side by side, each one request after another: healthy,
 * degraded, and a short degraded series with the breaker off to show what the
 * breaker saves. About 25 s, most of it the degraded series' first three
 * timeouts and its 300 ms requests.
 *
 *   npx tsx bench/fanout.ts          this part alone
 */
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { configuredBreakerSettings, createCarrierBreakers } from '../shared/carriers/breaker';
import { fanOutRates, type FanOutMetrics, type RateFailure, type RateJob } from '../shared/carriers/fanout';
import { createCarrierRegistry } from '../shared/carriers/registry';
import { createSandboxTransports } from '../shared/carriers/sandbox/network';
import type { SandboxFaults } from '../shared/carriers/sandbox/faults';
import { config } from '../shared/config';
import { rateRoute } from '../shared/contract/rate';
import { enabledServices } from '../shared/domain/catalog-shaping';
import { buildRateResults, joinQuotes, prepareRateRequest } from '../shared/domain/rate';
import type { CarrierService } from '../shared/domain/entities';
import { carriers as referenceCarriers, services as referenceServices } from '../shared/reference/carriers';
import { defaultPackagingTypes } from '../shared/reference/packaging';
import { pricingPlans } from '../shared/reference/pricing-groups';
import { readRouteInput } from '../shared/http/route-input';
import { check, type BenchContext, type BenchPart } from './checks';
import { domestic } from './fixtures';
import { fmt, round, summarize, table, type LatencySummary } from './stats';

// Targets (issue 8).
const FANOUT_RATIO_MAX = 1.1;
const DEGRADED_RATIO_MAX = 1.5;

// Workload.
/** How long every healthy sandbox carrier takes to answer. */
const CARRIER_LATENCY_MS = 300;
/** The carrier that never answers in the degraded series. */
const DEGRADED_CARRIER = 'CARRIERY';
/** Requests of each series left out of the figures: the degraded one pays its timeouts there (the breaker's count, 3 by default). */
const WARMUP_REQUESTS = 5;
/** Measured requests per series: enough for a p50 that moves by well under 1 % between runs. */
const MEASURED_REQUESTS = 40;
/** The degraded series with the breaker off: each request pays the full timeout, so only a few. */
const UNGUARDED_REQUESTS = 3;

const PRICING_GROUP = 'default';
const CARRIER_CODES = ['CARRIERX', 'CARRIERY', 'CARRIERZ', 'CARRIERF'] as const;

/** What the service would have read from the table for a `default`-group company with a user and no boxes of its own. */
const referenceContext = () => {
  const plans = pricingPlans.filter((p) => p.pricingGroupId === PRICING_GROUP);
  const servicesByCarrier = new Map<string, CarrierService[]>(
    plans.map((plan) => [plan.carrierCode, referenceServices.filter((s) => s.carrierCode === plan.carrierCode)]),
  );
  const enabled = new Map(plans.map((plan) => [plan.carrierCode, enabledServices(servicesByCarrier.get(plan.carrierCode) ?? [], plan)]));
  return {
    company: { companyId: 'bench-company', userId: 'bench-user', blacklist: [] as string[] },
    context: { plans, carriers: referenceCarriers, servicesByCarrier },
    enabled,
  };
};

type RateSample = { totalMs: number; fanOutMs: number; rates: number; failures: RateFailure[] };

type Series = {
  name: string;
  samples: RateSample[];
  /** 1-based numbers of the requests during which a breaker opened. */
  openedAt: number[];
};

/** One container's rating path (minus the store) over the sandbox network with `faults`. */
const createRating = (faults: SandboxFaults, breakerFailures: number, onOpened: (carrierCode: string) => void) => {
  const { company, context, enabled } = referenceContext();
  const registry = createCarrierRegistry(createSandboxTransports({ faults }));
  const settings = configuredBreakerSettings();
  const breakers = createCarrierBreakers({ settings: () => ({ ...settings, failures: breakerFailures }) });
  const metrics: FanOutMetrics = { carrierCall: () => undefined, breakerOpened: onOpened };
  const timeoutMs = config.carrierTimeoutMs;
  const budgetMs = config.rateBudgetMs;

  return async (body: unknown): Promise<RateSample> => {
    const started = performance.now();
    const now = new Date();
    const prepared = prepareRateRequest({
      packagingRequiredBy: ['CARRIERX'],
      body: readRouteInput(rateRoute, { pathParameters: null, queryStringParameters: null, body }).body,
      company,
      packaging: { defaults: defaultPackagingTypes, companyBoxes: [] },
      groupCarriers: context.plans.map((p) => p.carrierCode),
      services: [...enabled.values()].flat(),
      now,
    });
    const jobs: RateJob[] = prepared.carriers.map((code) => {
      const carrier = registry.port(code);
      const plan = context.plans.find((p) => p.carrierCode === code);
      if (!carrier || !plan) throw new Error(`fanout bench: no carrier or plan for ${code}`);
      return { carrier, input: { request: prepared.carrierRequest, plan, services: enabled.get(code) ?? [] } };
    });
    const fanOutStarted = performance.now();
    const fanOut = await fanOutRates(jobs, { timeoutMs, budgetMs, breakers, metrics });
    const fanOutMs = performance.now() - fanOutStarted;
    const joined = joinQuotes(
      fanOut.quotes.map((q) => q.quote),
      context,
    );
    const results = buildRateResults({
      requestId: randomUUID(),
      companyId: company.companyId,
      request: prepared.request,
      quotes: joined.quoted,
      now,
      lifetimeSeconds: config.rateTtlHours * 3600,
      newId: randomUUID,
    });
    if (results.public.length === 0) throw new Error(`fanout bench: no rates (${fanOut.failures.map((f) => `${f.carrierCode}: ${f.reason}`).join(', ')})`);
    return { totalMs: performance.now() - started, fanOutMs, rates: results.public.length, failures: fanOut.failures };
  };
};

const runSeries = async (ctx: BenchContext, name: string, faults: SandboxFaults, breakerFailures: number, requests: number): Promise<Series> => {
  const series: Series = { name, samples: [], openedAt: [] };
  const rateOnce = createRating(faults, breakerFailures, () => series.openedAt.push(series.samples.length + 1));
  for (let i = 0; i < requests && !ctx.stopped(); i++) series.samples.push(await rateOnce(domestic.body));
  return series;
};

const measured = (series: Series, pick: (s: RateSample) => number): LatencySummary => {
  const samples = series.samples.slice(WARMUP_REQUESTS);
  return summarize(
    samples.map(pick),
    samples.reduce((sum, s) => sum + s.totalMs, 0),
  );
};

const failedAs = (sample: RateSample, reason: RateFailure['reason']) => sample.failures.some((f) => f.carrierCode === DEGRADED_CARRIER && f.reason === reason);

export const runFanoutBench = async (ctx: BenchContext): Promise<BenchPart> => {
  const timeoutMs = config.carrierTimeoutMs;
  const { failures: breakerFailures, openMs } = configuredBreakerSettings();
  const healthyFaults: SandboxFaults = Object.fromEntries(CARRIER_CODES.map((code) => [code, { latencyMs: CARRIER_LATENCY_MS }]));
  const degradedFaults: SandboxFaults = { ...healthyFaults, [DEGRADED_CARRIER]: { error: 'timeout' } };
  const total = WARMUP_REQUESTS + MEASURED_REQUESTS;
  ctx.log(
    `fan-out: ${total} rate requests per series side by side, carriers at ${CARRIER_LATENCY_MS} ms, ${DEGRADED_CARRIER} never answering in the degraded series (timeout ${timeoutMs} ms, breaker ${breakerFailures} timeouts / ${openMs / 1000} s) ...`,
  );

  const started = performance.now();
  const [healthy, degraded, unguarded] = await Promise.all([
    runSeries(ctx, 'all healthy', healthyFaults, breakerFailures, total),
    runSeries(ctx, `${DEGRADED_CARRIER} degraded`, degradedFaults, breakerFailures, total),
    runSeries(ctx, `${DEGRADED_CARRIER} degraded, breaker off`, degradedFaults, 0, UNGUARDED_REQUESTS),
  ]);
  const wallMs = performance.now() - started;
  if (degraded.samples.length <= WARMUP_REQUESTS || healthy.samples.length <= WARMUP_REQUESTS) throw new Error('fanout bench: stopped before measuring');

  const fanOut = measured(healthy, (s) => s.fanOutMs);
  const healthyRate = measured(healthy, (s) => s.totalMs);
  const degradedRate = measured(degraded, (s) => s.totalMs);
  const unguardedRate = summarize(
    unguarded.samples.map((s) => s.totalMs),
    unguarded.samples.reduce((sum, s) => sum + s.totalMs, 0),
  );
  const fanOutRatio = fanOut.p50Ms / CARRIER_LATENCY_MS;
  const degradedRatio = degradedRate.p50Ms / healthyRate.p50Ms;
  const unguardedRatio = unguardedRate.p50Ms / healthyRate.p50Ms;

  const firstOpened = degraded.openedAt[0];
  const timeouts = degraded.samples.map((s, i) => (failedAs(s, 'timeout') ? i + 1 : 0)).filter((n) => n > 0);
  const paidBeforeOpen = firstOpened === undefined ? timeouts.length : timeouts.filter((n) => n <= firstOpened).length;
  const skipped = degraded.samples.filter((s) => failedAs(s, 'unavailable')).length;
  const rates = { healthy: healthy.samples[0]!.rates, degraded: degraded.samples.at(-1)!.rates };

  const row = (label: string, s: LatencySummary, notes: string) => [label, String(s.count), fmt(s.p50Ms), fmt(s.p95Ms), fmt(s.maxMs), notes];
  const details = [
    table(
      ['fan-out in process', 'n', 'p50 ms', 'p95 ms', 'max ms', 'notes'],
      [
        row(`fan-out, 4 carriers at ${CARRIER_LATENCY_MS} ms`, fanOut, `/ ${CARRIER_LATENCY_MS} ms = ${fmt(fanOutRatio)} (target <= ${FANOUT_RATIO_MAX})`),
        row('rate, all healthy', healthyRate, `${rates.healthy} rates`),
        row(
          `rate, ${DEGRADED_CARRIER} never answers`,
          degradedRate,
          `/ healthy = ${fmt(degradedRatio)} (target <= ${DEGRADED_RATIO_MAX}); ${rates.degraded} rates`,
        ),
        row(`same, breaker off`, unguardedRate, `/ healthy = ${fmt(unguardedRatio)} (all requests)`),
      ],
    ),
    `(sequential per series, series side by side, after ${WARMUP_REQUESTS} requests each; carrier timeout ${timeoutMs} ms, breaker ${breakerFailures} timeouts in a row / open ${openMs / 1000} s: ` +
      `${paidBeforeOpen} request(s) paid the timeout before the breaker opened (at request ${firstOpened ?? '-'}), ${timeouts.length} in all, ${skipped} skipped ${DEGRADED_CARRIER} as unavailable; ${fmt(wallMs / 1000)} s)`,
  ];

  return {
    name: 'fanout',
    checks: [
      check(
        `fan-out wall time / ${CARRIER_LATENCY_MS} ms`,
        fanOutRatio,
        'max',
        FANOUT_RATIO_MAX,
        'x',
        `p50 ${fmt(fanOut.p50Ms)} ms, 4 carriers at ${CARRIER_LATENCY_MS} ms`,
      ),
      check(
        'rate p50, one carrier degraded / healthy',
        degradedRatio,
        'max',
        DEGRADED_RATIO_MAX,
        'x',
        `${fmt(degradedRate.p50Ms)} ms / ${fmt(healthyRate.p50Ms)} ms; ${paidBeforeOpen} request(s) paid the ${timeoutMs} ms timeout before the breaker opened`,
      ),
    ],
    details,
    figures: {
      carrierLatencyMs: CARRIER_LATENCY_MS,
      carrierTimeoutMs: timeoutMs,
      breaker: { failures: breakerFailures, openSeconds: openMs / 1000 },
      warmupRequests: WARMUP_REQUESTS,
      fanOutP50Ms: round(fanOut.p50Ms),
      fanOutP95Ms: round(fanOut.p95Ms),
      fanOutRatio: round(fanOutRatio),
      healthyRateP50Ms: round(healthyRate.p50Ms),
      healthyRateP95Ms: round(healthyRate.p95Ms),
      degradedRateP50Ms: round(degradedRate.p50Ms),
      degradedRateP95Ms: round(degradedRate.p95Ms),
      degradedRatio: round(degradedRatio),
      breakerOffRateP50Ms: round(unguardedRate.p50Ms),
      breakerOffRatio: round(unguardedRatio),
      timeoutsPaidBeforeOpen: paidBeforeOpen,
      timeoutsPaid: timeouts.length,
      breakerOpenedAtRequest: firstOpened ?? null,
      skippedAsUnavailable: skipped,
      requests: { healthy: healthy.samples.length, degraded: degraded.samples.length, breakerOff: unguarded.samples.length },
      wallMs: round(wallMs),
    },
  };
};

if (require.main === module) {
  // This part alone: `npx tsx bench/fanout.ts`.
  const ctx: BenchContext = { log: (line) => process.stderr.write(`${line}\n`), defer: () => undefined, stopped: () => false };
  runFanoutBench(ctx)
    .then((part) => {
      process.stdout.write(`${part.details.join('\n')}\n`);
      for (const c of part.checks)
        process.stdout.write(`${c.name}: ${fmt(c.measured)} ${c.unit} (limit ${c.target}) ${c.ok ? 'ok' : 'MISSED'}; ${c.note ?? ''}\n`);
      process.stdout.write(`${JSON.stringify(part.figures)}\n`);
      process.exit(part.checks.every((c) => c.ok) ? 0 : 1);
    })
    .catch((error: unknown) => {
      process.stderr.write(`${(error as Error)?.stack ?? String(error)}\n`);
      process.exit(1);
    });
}
