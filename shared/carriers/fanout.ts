/**
 * Rating fan-out (docs/decisions.md, rating): every carrier is asked in parallel, each
 * under its own timeout, all within one overall budget. A carrier that is
 * slow, fails or refuses becomes a failure entry; it never fails the call.
 * A carrier whose circuit breaker is open (./breaker.ts: it timed out
 * repeatedly) is not asked at all and becomes a failure entry `unavailable`;
 * one whose account cannot be used (its credentials missing or refused)
 * becomes `not-configured`, the operator's to fix.
 */
import { config } from '../config';
import { carrierMetrics, type LogPort, recordCall } from '../observability';
import { containerBreakers, type BreakerTransition, type CallOutcome, type CarrierBreakers } from './breaker';
import { untilAborted } from './signals';
import { CarrierRefusal, CarrierTimeout, type CarrierCallOptions, type CarrierQuote, type RateInput } from '../domain/carrier';
import type { RateFailureReason } from '../domain/rate/unavailable';
import { isAccountNotConfigured } from './accounts';
import type { CarrierPort } from './port';

/** One carrier to ask: its port, what to quote, and the mode and account of the call. */
export type RateJob = { carrier: CarrierPort; input: RateInput; call?: Omit<CarrierCallOptions, 'signal'> };

/**
 * Why a carrier gave no rate: it did not answer in time, failed (HTTP error,
 * unreadable answer), declined the shipment, was skipped because its
 * breaker is open, or its account cannot be used.
 */
export type RateFailure = { carrierCode: string; reason: RateFailureReason; message: string };

export type FanOutResult = {
  /** In job order, then in the order each carrier answered its services. */
  quotes: Array<{ carrierCode: string; quote: CarrierQuote }>;
  /** In job order. */
  failures: RateFailure[];
};

/** One call to one carrier (or one skipped, `unavailable`), for per-carrier latency and failure metrics (shared/observability/metrics.ts). */
export type CarrierCall = { carrierCode: string; latencyMs: number; outcome: 'answered' | RateFailure['reason'] };

export type FanOutMetrics = {
  carrierCall(call: CarrierCall): void;
  /** A carrier's breaker opened (after timeouts in a row, or a probe that timed out). */
  breakerOpened?(carrierCode: string): void;
};

export type FanOutOptions = {
  /** Per-carrier timeout; config.carrierTimeoutMs by default. */
  timeoutMs?: number;
  /** Overall budget of the fan-out; config.rateBudgetMs by default. */
  budgetMs?: number;
  logger?: LogPort;
  /** The container's CloudWatch metrics by default. */
  metrics?: FanOutMetrics;
  /** The circuit breakers per carrier; the container's (./breaker.ts) by default. */
  breakers?: CarrierBreakers;
};

type Outcome = { carrierCode: string; quotes: CarrierQuote[] } | RateFailure;

function failure(carrierCode: string, error: unknown): RateFailure {
  const message = error instanceof Error ? error.message : String(error);
  if (error instanceof CarrierRefusal) return { carrierCode, reason: 'refused', message };
  if (error instanceof CarrierTimeout) return { carrierCode, reason: 'timeout', message };
  if (isAccountNotConfigured(error)) return { carrierCode, reason: 'not-configured', message };
  return { carrierCode, reason: 'error', message };
}

/** How a call that went through ended, for the breaker: any answer (a refusal included) shows the carrier answers. */
const breakerOutcome = (outcome: Outcome): CallOutcome =>
  'quotes' in outcome || outcome.reason === 'refused' ? 'answered' : outcome.reason === 'timeout' ? 'timeout' : 'error';

type Call = {
  timeoutMs: number;
  budget: AbortSignal;
  budgetMs: number;
  breakers: CarrierBreakers;
  /** Changes of breaker state, for the logs and metrics. */
  transitions: BreakerTransition[];
};

async function rateOne({ carrier, input, call: options }: RateJob, call: Call): Promise<Outcome> {
  const carrierCode = carrier.code;
  let request: unknown;
  try {
    request = await carrier.buildRateRequest(input);
  } catch (error) {
    // A refusal is decided before any call, so the breaker has no say: the carrier cannot ship this either way.
    return failure(carrierCode, error);
  }

  const breaker = call.breakers.get(carrierCode);
  const admission = breaker.acquire();
  if (admission.transition) call.transitions.push(admission.transition);
  if (!admission.permit) return { carrierCode, reason: 'unavailable', message: admission.reason };

  const outcome = await callCarrier(carrier, request, options, call);
  const transition = breaker.release(admission.permit, breakerOutcome(outcome));
  if (transition) call.transitions.push(transition);
  return outcome;
}

/** Never throws: whatever happens becomes an outcome, so the breaker's permit is always handed back. */
async function callCarrier(carrier: RateJob['carrier'], request: unknown, options: RateJob['call'], { timeoutMs, budget, budgetMs }: Call): Promise<Outcome> {
  const carrierCode = carrier.code;

  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(new CarrierTimeout(carrierCode, `${carrierCode} did not answer within ${timeoutMs} ms`)), timeoutMs);
  const onBudget = () => controller.abort(new CarrierTimeout(carrierCode, `${carrierCode} did not answer within the rating budget of ${budgetMs} ms`));
  if (budget.aborted) onBudget();
  else budget.addEventListener('abort', onBudget, { once: true });

  try {
    const quotes = await untilAborted(carrier.rate(request, { ...options, signal: controller.signal }), controller.signal);
    return { carrierCode, quotes };
  } catch (error) {
    // Whatever a transport throws once we gave up (an AbortError, say) is our timeout.
    return failure(carrierCode, controller.signal.aborted ? controller.signal.reason : error);
  } finally {
    clearTimeout(timer);
    budget.removeEventListener('abort', onBudget);
  }
}

const logTransition = (logger: LogPort | undefined, transition: BreakerTransition) => {
  if (!logger) return;
  const { carrierCode } = transition;
  if (transition.to === 'open') {
    const openSeconds = transition.openMs / 1000;
    if (transition.from === 'closed') {
      logger.warn('carrier breaker opened', { carrierCode, reason: 'timeout', consecutiveTimeouts: transition.consecutiveTimeouts, openSeconds });
    } else logger.warn('carrier breaker opened', { carrierCode, reason: 'probe timed out', openSeconds });
  } else if (transition.to === 'half-open') logger.info('carrier breaker half-open, probing', { carrierCode });
  else logger.info('carrier breaker closed', { carrierCode, reason: 'probe answered' });
};

export async function fanOutRates(jobs: RateJob[], options: FanOutOptions = {}): Promise<FanOutResult> {
  const timeoutMs = options.timeoutMs ?? config.carrierTimeoutMs;
  const budgetMs = options.budgetMs ?? config.rateBudgetMs;
  const budget = new AbortController();
  const budgetTimer = setTimeout(() => budget.abort(), budgetMs);
  try {
    const metrics = options.metrics ?? carrierMetrics;
    const call: Call = { timeoutMs, budget: budget.signal, budgetMs, breakers: options.breakers ?? containerBreakers, transitions: [] };
    const outcomes = await Promise.all(
      jobs.map(async (job) => {
        const started = performance.now();
        const outcome = await rateOne(job, call);
        const outcomeName = 'quotes' in outcome ? 'answered' : outcome.reason;
        metrics.carrierCall({ carrierCode: outcome.carrierCode, latencyMs: performance.now() - started, outcome: outcomeName });
        // The invocation's trace line (shared/observability/tracer.ts); a skip (`unavailable`) is listed too, with the time it took to decide.
        const failed = outcomeName === 'timeout' || outcomeName === 'error' ? { failed: true as const } : {};
        recordCall(started, { service: 'carrier', operation: 'rate', carrier: outcome.carrierCode, outcome: outcomeName, ...failed });
        return outcome;
      }),
    );
    const result: FanOutResult = { quotes: [], failures: [] };
    for (const outcome of outcomes) {
      if ('quotes' in outcome) result.quotes.push(...outcome.quotes.map((quote) => ({ carrierCode: outcome.carrierCode, quote })));
      else {
        result.failures.push(outcome);
        options.logger?.warn('carrier rate failed', { carrierCode: outcome.carrierCode, reason: outcome.reason, detail: outcome.message });
      }
    }
    // Changes of breaker state, after the per-carrier lines of this request.
    for (const transition of call.transitions) {
      logTransition(options.logger, transition);
      if (transition.to === 'open') metrics.breakerOpened?.(transition.carrierCode);
    }
    return result;
  } finally {
    clearTimeout(budgetTimer);
  }
}
