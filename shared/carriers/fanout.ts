/**
 * Rating fan-out (DESIGN.md §4): every carrier is asked in parallel, each
 * under its own timeout, all within one overall budget. A carrier that is
 * slow, fails or refuses becomes a failure entry; it never fails the call.
 */
import { config } from '../config';
import { carrierMetrics } from '../metrics';
import { CarrierRefusal, CarrierTimeout, type CarrierAdapter, type CarrierQuote, type RateInput } from './types';

export type RateJob = { adapter: CarrierAdapter; input: RateInput };

export type RateFailure = { carrierCode: string; reason: 'timeout' | 'error' | 'refused'; message: string };

export type FanOutResult = {
  /** In job order, then in the order each carrier answered its services. */
  quotes: Array<{ carrierCode: string; quote: CarrierQuote }>;
  /** In job order. */
  failures: RateFailure[];
};

/** One call to one carrier, for per-carrier latency and failure metrics (shared/metrics.ts). */
export type CarrierCall = { carrierCode: string; latencyMs: number; outcome: 'answered' | RateFailure['reason'] };

export type FanOutMetrics = { carrierCall(call: CarrierCall): void };

/** Structurally a Powertools Logger. */
export type FanOutLogger = { warn(message: string, attributes: Record<string, unknown>): void };

export type FanOutOptions = {
  /** Per-carrier timeout; config.carrierTimeoutMs by default. */
  timeoutMs?: number;
  /** Overall budget of the fan-out; config.rateBudgetMs by default. */
  budgetMs?: number;
  logger?: FanOutLogger;
  /** The container's CloudWatch metrics by default. */
  metrics?: FanOutMetrics;
};

type Outcome = { carrierCode: string; quotes: CarrierQuote[] } | RateFailure;

/** Settles like `promise`, or rejects with the signal's reason as soon as it aborts. */
function untilAborted<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    if (signal.aborted) return onAbort();
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(
      (value) => {
        signal.removeEventListener('abort', onAbort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(error);
      },
    );
  });
}

function failure(carrierCode: string, error: unknown): RateFailure {
  const message = error instanceof Error ? error.message : String(error);
  if (error instanceof CarrierRefusal) return { carrierCode, reason: 'refused', message };
  if (error instanceof CarrierTimeout) return { carrierCode, reason: 'timeout', message };
  return { carrierCode, reason: 'error', message };
}

async function rateOne({ adapter, input }: RateJob, timeoutMs: number, budget: AbortSignal, budgetMs: number): Promise<Outcome> {
  const carrierCode = adapter.code;
  let request: unknown;
  try {
    request = adapter.buildRateRequest(input);
  } catch (error) {
    return failure(carrierCode, error);
  }

  const controller = new AbortController();
  const timer = setTimeout(
    () => controller.abort(new CarrierTimeout(carrierCode, `${carrierCode} did not answer within ${timeoutMs} ms`)),
    timeoutMs,
  );
  const onBudget = () =>
    controller.abort(new CarrierTimeout(carrierCode, `${carrierCode} did not answer within the rating budget of ${budgetMs} ms`));
  if (budget.aborted) onBudget();
  else budget.addEventListener('abort', onBudget, { once: true });

  try {
    const quotes = await untilAborted(adapter.rate(request, { signal: controller.signal }), controller.signal);
    return { carrierCode, quotes };
  } catch (error) {
    // Whatever a transport throws once we gave up (an AbortError, say) is our timeout.
    return failure(carrierCode, controller.signal.aborted ? controller.signal.reason : error);
  } finally {
    clearTimeout(timer);
    budget.removeEventListener('abort', onBudget);
  }
}

export async function fanOutRates(jobs: RateJob[], options: FanOutOptions = {}): Promise<FanOutResult> {
  const timeoutMs = options.timeoutMs ?? config.carrierTimeoutMs;
  const budgetMs = options.budgetMs ?? config.rateBudgetMs;
  const budget = new AbortController();
  const budgetTimer = setTimeout(() => budget.abort(), budgetMs);
  try {
    const metrics = options.metrics ?? carrierMetrics;
    const outcomes = await Promise.all(
      jobs.map(async (job) => {
        const started = performance.now();
        const outcome = await rateOne(job, timeoutMs, budget.signal, budgetMs);
        const outcomeName = 'quotes' in outcome ? 'answered' : outcome.reason;
        metrics.carrierCall({ carrierCode: outcome.carrierCode, latencyMs: performance.now() - started, outcome: outcomeName });
        return outcome;
      }),
    );
    const result: FanOutResult = { quotes: [], failures: [] };
    for (const outcome of outcomes) {
      if ('quotes' in outcome) result.quotes.push(...outcome.quotes.map((quote) => ({ carrierCode: outcome.carrierCode, quote })));
      else {
        result.failures.push(outcome);
        options.logger?.warn('carrier rate failed', { ...outcome });
      }
    }
    return result;
  } finally {
    clearTimeout(budgetTimer);
  }
}
