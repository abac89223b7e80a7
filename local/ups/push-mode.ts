/**
 * The local UPS's push mode (docs/ups.md, "A local UPS"): UPS's side of Track
 * Alert for `npm start`. Each round moves every subscribed package that is
 * still moving one step along its journey (as UPS's scans would) and pushes
 * the events it has not pushed yet to the API's event URL with
 * `pushTrackAlert` (a token from the API's token URL with the client
 * credentials the API issued, then the event): the same inbound path UPS
 * takes, end to end. A push the API does not answer 2xx is tried again next
 * round, as UPS retries.
 *
 * Rounds run every `everyMs` when started with a timer; `pushDue()` runs
 * one now (tests).
 */
import { pushTrackAlert, type TrackAlertTarget } from './mock-server';
import type { UpsSimulator } from './simulator';

export type PushModeOptions = {
  /** A round every this many milliseconds; none (only `pushDue()`) when left out. */
  everyMs?: number;
  /** Whether a round moves packages on before pushing (default true); false pushes only what has happened. */
  advance?: boolean;
  /** A failed push (the API refused, or did not answer): its status or reason, never a credential. */
  onFailure?: (trackingNumber: string, reason: string) => void;
};

export type PushMode = {
  /** One round now: what was pushed and what failed. */
  pushDue(): Promise<{ pushed: number; failed: number }>;
  stop(): void;
};

export const startPushMode = (simulator: UpsSimulator, target: TrackAlertTarget, options: PushModeOptions = {}): PushMode => {
  const { advance = true, onFailure = () => undefined } = options;
  /** Events pushed so far, per package: a package's events only grow, oldest first. */
  const pushed = new Map<string, number>();
  let running: Promise<{ pushed: number; failed: number }> | undefined;

  const round = async () => {
    const outcome = { pushed: 0, failed: 0 };
    for (const trackingNumber of [...simulator.subscriptions.keys()]) {
      const shipment = simulator.shipments.find((s) => s.trackingNumbers.includes(trackingNumber));
      if (!shipment || shipment.voided) continue;
      if (advance && shipment.stage !== 'delivered') simulator.advance(trackingNumber);
      const events = simulator.trackAlertEvents(trackingNumber);
      for (const body of events.slice(pushed.get(trackingNumber) ?? 0)) {
        const answer = await pushTrackAlert(target, body).catch((error: unknown) => ({
          status: 0,
          body: error instanceof Error ? error.message : String(error),
        }));
        if (answer.status < 200 || answer.status >= 300) {
          outcome.failed++;
          onFailure(trackingNumber, answer.status === 0 ? answer.body : `HTTP ${answer.status}`);
          break;
        }
        pushed.set(trackingNumber, (pushed.get(trackingNumber) ?? 0) + 1);
        outcome.pushed++;
      }
    }
    return outcome;
  };

  // One round at a time: a slow API does not get the same events twice at once.
  const pushDue = () => {
    const next = (running ?? Promise.resolve()).then(round, round);
    running = next;
    return next;
  };

  const timer = options.everyMs === undefined ? undefined : setInterval(() => void pushDue(), options.everyMs);
  timer?.unref();
  return { pushDue, stop: () => clearInterval(timer) };
};
