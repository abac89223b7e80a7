/**
 * A circuit breaker per carrier, per container (docs/decisions.md, rating): a carrier that
 * stops answering would otherwise cost every rate request the full carrier
 * timeout. The fan-out (./fanout.ts) asks the breaker before each call and
 * tells it how the call ended.
 *
 * - closed: every call goes through. `failures` timeouts in a row open it.
 * - open: the carrier is skipped (a failure entry `unavailable`) for
 *   `openMs`; no call is made.
 * - half-open: once `openMs` has passed, the next call is a probe and goes
 *   through; calls made while the probe is in flight are still skipped. An
 *   answer closes the breaker, a timeout opens it again for `openMs`.
 *
 * What counts: only timeouts (the per-carrier timeout or the rating budget)
 * open the breaker, because only they cost the waiting the breaker exists to
 * save. An HTTP 500 or a malformed answer comes back at once, so calling that
 * carrier costs the request nothing, and such errors are often tied to one
 * request's content (one shipper's odd address, a mapping bug) rather than to
 * the carrier's health: letting them open the breaker would let one client's
 * requests take a carrier away from every other client of the container. So
 * an error neither counts nor breaks a run of timeouts (a carrier that
 * alternates timeouts and 500s is down, not recovering), and a probe that ends
 * in an error leaves the breaker half-open: the next call probes again. A
 * refusal by the connector's builder never reaches the breaker (no call is
 * made); a refusal from the carrier itself is an answer.
 *
 * Outcomes of calls let through in an earlier state are ignored: a timeout of
 * a call started before the breaker opened neither extends the open time nor
 * spoils the probe. A probe that never reports (it always does, the fan-out
 * releases it in a finally) is presumed lost after `openMs`, and another call
 * probes, so a breaker never stays half-open for good.
 *
 * Settings are read on every use (from shared/config.ts by default), the clock
 * is injected: the state machine is tested without waiting.
 */
import { config } from '../config';

export type BreakerState = 'closed' | 'open' | 'half-open';

export type BreakerSettings = {
  /** Timeouts in a row that open the breaker; 0 turns it off (every call goes through). */
  failures: number;
  /** How long an open breaker skips the carrier before a probe. */
  openMs: number;
};

/** How a call that went through ended, as the breaker sees it. */
export type CallOutcome = 'answered' | 'timeout' | 'error';

/** Leave to call the carrier; hand it back to `release` with the outcome. */
export type Permit = { readonly carrierCode: string; readonly probe: boolean; readonly epoch: number };

export type BreakerTransition =
  | { carrierCode: string; from: 'closed'; to: 'open'; consecutiveTimeouts: number; openMs: number }
  | { carrierCode: string; from: 'half-open'; to: 'open'; openMs: number }
  | { carrierCode: string; from: 'open'; to: 'half-open' }
  | { carrierCode: string; from: 'half-open'; to: 'closed' };

export type Admission = { permit: Permit; transition?: BreakerTransition } | { permit?: undefined; reason: string; transition?: undefined };

export type BreakerSnapshot = { state: BreakerState; consecutiveTimeouts: number; openUntil?: number; probeInFlight: boolean };

export type CarrierBreaker = {
  readonly carrierCode: string;
  /** Lets the call through (a permit), or says why the carrier is skipped. */
  acquire(): Admission;
  /** The outcome of a call that `acquire` let through; returns the change of state it caused, if any. */
  release(permit: Permit, outcome: CallOutcome): BreakerTransition | undefined;
  snapshot(): BreakerSnapshot;
};

export type BreakerOptions = {
  /** Read on every use; the container's configuration by default. */
  settings?: () => BreakerSettings;
  /** Milliseconds, e.g. Date.now (the default). */
  clock?: () => number;
};

/** CARRIER_BREAKER_FAILURES and CARRIER_BREAKER_OPEN_SECONDS. */
export const configuredBreakerSettings = (): BreakerSettings => ({
  failures: config.carrierBreakerFailures,
  openMs: config.carrierBreakerOpenSeconds * 1000,
});

export function createCarrierBreaker(carrierCode: string, options: BreakerOptions = {}): CarrierBreaker {
  const { settings = configuredBreakerSettings, clock = Date.now } = options;
  let state: BreakerState = 'closed';
  let consecutiveTimeouts = 0;
  let openUntil = 0;
  let probeStartedAt: number | undefined;
  /** Bumped whenever the calls let through so far stop counting: each change of state, each new probe. */
  let epoch = 0;

  const open = (now: number, openMs: number) => {
    state = 'open';
    openUntil = now + openMs;
    probeStartedAt = undefined;
    epoch++;
  };

  const seconds = (ms: number) => Math.max(1, Math.ceil(ms / 1000));
  const timeouts = (n: number) => (n === 1 ? '1 timeout' : `${n} timeouts`);

  return {
    carrierCode,

    acquire() {
      if (state === 'closed') return { permit: { carrierCode, probe: false, epoch } };
      const now = clock();
      const { failures, openMs } = settings();
      if (failures <= 0) {
        // The breaker was turned off while open: close it quietly.
        state = 'closed';
        consecutiveTimeouts = 0;
        epoch++;
        return { permit: { carrierCode, probe: false, epoch } };
      }
      if (state === 'open') {
        if (now < openUntil) {
          return { reason: `${carrierCode} is skipped after ${timeouts(consecutiveTimeouts)} in a row; probed again in ${seconds(openUntil - now)} s` };
        }
        state = 'half-open';
        probeStartedAt = now;
        epoch++;
        return { permit: { carrierCode, probe: true, epoch }, transition: { carrierCode, from: 'open', to: 'half-open' } };
      }
      // half-open
      if (probeStartedAt !== undefined && now - probeStartedAt < openMs) {
        return { reason: `${carrierCode} is skipped while a probe request finds out whether it answers again` };
      }
      // No probe in flight (the last one ended in an error), or it was lost: this call probes.
      probeStartedAt = now;
      epoch++;
      return { permit: { carrierCode, probe: true, epoch } };
    },

    release(permit, outcome) {
      if (permit.epoch !== epoch) return undefined;
      const { failures, openMs } = settings();
      if (state === 'closed') {
        if (outcome === 'answered') consecutiveTimeouts = 0;
        else if (outcome === 'timeout') {
          consecutiveTimeouts++;
          if (failures > 0 && consecutiveTimeouts >= failures) {
            open(clock(), openMs);
            return { carrierCode, from: 'closed', to: 'open', consecutiveTimeouts, openMs };
          }
        }
        return undefined;
      }
      if (state === 'half-open' && permit.probe) {
        if (outcome === 'answered') {
          state = 'closed';
          consecutiveTimeouts = 0;
          probeStartedAt = undefined;
          epoch++;
          return { carrierCode, from: 'half-open', to: 'closed' };
        }
        if (outcome === 'timeout') {
          consecutiveTimeouts++;
          open(clock(), openMs);
          return { carrierCode, from: 'half-open', to: 'open', openMs };
        }
        // An error: the probe slot is free, the next call probes.
        probeStartedAt = undefined;
      }
      return undefined;
    },

    snapshot() {
      return {
        state,
        consecutiveTimeouts,
        ...(state === 'open' ? { openUntil } : {}),
        probeInFlight: state === 'half-open' && probeStartedAt !== undefined,
      };
    },
  };
}

/** One breaker per carrier code, created on first use. */
export type CarrierBreakers = {
  get(carrierCode: string): CarrierBreaker;
  /** The state of every breaker created so far, by carrier code. */
  snapshot(): Record<string, BreakerSnapshot>;
};

export function createCarrierBreakers(options: BreakerOptions = {}): CarrierBreakers {
  const breakers = new Map<string, CarrierBreaker>();
  return {
    get(carrierCode) {
      let breaker = breakers.get(carrierCode);
      if (!breaker) breakers.set(carrierCode, (breaker = createCarrierBreaker(carrierCode, options)));
      return breaker;
    },
    snapshot: () => Object.fromEntries([...breakers].map(([code, breaker]) => [code, breaker.snapshot()])),
  };
}

/** The breakers of this container (process), which fanOutRates uses unless given others. */
export const containerBreakers: CarrierBreakers = createCarrierBreakers();
