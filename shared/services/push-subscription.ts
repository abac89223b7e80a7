/**
 * Pushed tracking (docs/tracking.md, "Pushed tracking"): subscribes an
 * order's lead package to its carrier's pushed events (UPS Track Alert), for
 * a carrier with the `push` capability and an order bought under a
 * registered carrier account. The ship calls it once the order is stored,
 * the tracking worker again when the subscription is about to end.
 *
 * An account without push credentials (admin `carrier-account
 * push-credentials`) is not subscribed: the carrier could not reach us.
 *
 * It never fails its caller: any failure (the carrier refusing, a timeout,
 * the account gone) is logged and answered `undefined`, and the order stays
 * polled at its usual cadence. Bounded by PUSH_SUBSCRIBE_TIMEOUT_MS.
 */
import { carrierAccountById } from '../carriers/accounts';
import { cachedCarrierAccount } from '../store/carrier-accounts';
import type { CarrierRegistry } from '../carriers/registry';
import { config } from '../config';
import type { Order } from '../domain/entities';
import { pointTrackingNumber } from '../store/tracking-schedule';
import { callCarrier, failureKind } from './carrier-call';
import type { LogPort } from '../observability';

export type PushSubscriberDependencies = {
  registry: CarrierRegistry;
  clock?: () => Date;
  logger: LogPort;
  timeoutMs?: () => number;
};

/** What a subscription needs of an order: the package, the carrier, the account and mode it was bought under. */
export type PushSubscribable = Pick<Order, 'orderId' | 'carrierCode' | 'trackingNumber' | 'carrierAccountId' | 'mode'>;

/** The subscriber's country: the shipper's, from the order's stored rate request (UPS's `countryCode`). */
export const shipperCountryOf = (request: Record<string, unknown> | undefined): string | undefined => {
  const shipper = request?.shipper as { countryCode?: unknown } | undefined;
  return typeof shipper?.countryCode === 'string' ? shipper.countryCode.toUpperCase() : undefined;
};

export const createPushSubscriber = ({
  registry,
  clock = () => new Date(),
  logger,
  timeoutMs = () => config.pushSubscribeTimeoutMs,
}: PushSubscriberDependencies) => {
  /** Whether the order's carrier pushes events at all (and the order has an account to subscribe under). */
  const pushes = (order: PushSubscribable): boolean => Boolean(order.carrierAccountId && registry.port(order.carrierCode)?.push);

  /**
   * Points the lead tracking number at the order (where a pushed event finds
   * it) and subscribes it; the instant the subscription ends, or undefined
   * when the order is not pushed (not a pushing carrier, or any failure).
   * `point: false` for a renewal: the pointer is already there.
   */
  const subscribe = async (order: PushSubscribable, countryCode: string | undefined, options: { point?: boolean } = {}): Promise<string | undefined> => {
    const push = registry.port(order.carrierCode)?.push;
    if (!push || !order.carrierAccountId) return undefined;
    const fields = { orderId: order.orderId, carrierCode: order.carrierCode };
    if (!countryCode) {
      logger.warn('push subscription skipped: the order has no shipper country', fields);
      return undefined;
    }
    const started = clock();
    try {
      // Without push credentials the carrier's pushes could not be authenticated: the order stays polled.
      if (!(await cachedCarrierAccount(order.carrierAccountId))?.pushCredentials) return undefined;
      if (options.point !== false) await pointTrackingNumber(order.carrierCode, order.trackingNumber, order.orderId, order.mode);
      const account = await carrierAccountById(order.carrierAccountId, { carrierCode: order.carrierCode });
      const answer = await callCarrier(order.carrierCode, timeoutMs(), (signal) =>
        push.subscribe({ trackingNumbers: [order.trackingNumber], countryCode }, { account, mode: order.mode, signal }),
      );
      if (!answer.valid.includes(order.trackingNumber)) {
        logger.warn('push subscription refused the tracking number', { ...fields, reason: 'refused' });
        return undefined;
      }
      return new Date(started.getTime() + answer.lastsMs).toISOString();
    } catch (error) {
      logger.warn('push subscription failed', { ...fields, reason: failureKind(error), detail: error instanceof Error ? error.message : String(error) });
      return undefined;
    }
  };

  return { pushes, subscribe };
};

export type PushSubscriber = ReturnType<typeof createPushSubscriber>;
