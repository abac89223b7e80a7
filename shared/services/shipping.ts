/**
 * Shipping (POST /v1/ship/{rateResponseId}, spec 4.5, docs/decisions.md): buys
 * the shipment of one rate response, exactly once (shared/store/orders.ts
 * holds the claim protocol), through its carrier's ship operation (the carrier port).
 * Registry, clock, ids, logger and the crash hook are injected.
 */
import { randomUUID } from 'node:crypto';
import { accountForRate, isAccountNotConfigured } from '../carriers/accounts';
import type { CarrierRegistry } from '../carriers/registry';
import { config } from '../config';
import { NothingToAdopt, type CarrierAccount, type CarrierCallOptions, type CarrierShipment, type LabelType, type ShipInput } from '../domain/carrier';
import { isStaleClaim, newOrder, toShipResponse, type ShipResponse } from '../domain/order';
import type { ShipBody } from '../contract/ship';
import { assertBillingAllowed } from '../domain/rate/billing';
import type { Company, KeyMode, Order } from '../domain/entities';
import type { RateRequest } from '../domain/rate/schema';
import { AppError, notFound } from '../errors';
import { availableLabels, labelFactsOf } from '../labels/catalog';
import { manifestFactsOf } from '../domain/manifest';
import { getCompany } from '../store/companies';
import { openShipmentPut, type OpenShipment } from '../store/manifests';
import { claimRate, completeShipment, getOrder, getRateForShip, getShipState, releaseClaim, type ShipClaim } from '../store/orders';
import { getRateRequest } from '../store/rates';
import { dropRecord, recordAttempt, recordRemoval } from '../store/reconciliation';
import { loadReference } from '../store/reference';
import { ConditionFailed } from '../store/table-ops';
import { recordSubscription } from '../store/tracking-schedule';
import { callCarrier, failureKind } from './carrier-call';
import { carrierAnswersKey } from './carrier-context';
import { createPushSubscriber, shipperCountryOf, type PushSubscriber } from './push-subscription';
import type { LogPort } from '../observability';

export type ShippingDependencies = {
  registry: CarrierRegistry;
  clock?: () => Date;
  newId?: () => string;
  logger: LogPort;
  /**
   * Called after the carrier has shipped and before the order is written: the
   * sandbox's crash injection (SANDBOX_SHIP_CRASH). Throwing here leaves
   * a claim and a carrier shipment without an order, as a crashed container would.
   */
  afterCarrierShip?: (shipment: CarrierShipment) => void;
  /** Subscribes a stored order to its carrier's pushed tracking (default: over `registry`). */
  pushSubscriber?: PushSubscriber;
};

export type ShipResult = { data: ShipResponse; replayed: boolean };

const notShippable = () => notFound('rate response not found');
const inProgress = () =>
  new AppError(409, 'SHIPMENT_IN_PROGRESS', 'A shipment of this rate response is being created; retry shortly', {
    headers: { 'retry-after': String(config.shipRetryAfterSeconds) },
  });

/** What the body of POST /v1/ship asks (shared/contract/ship.ts, read by the route): the label format to list first. */
export type ShipOptions = Pick<ShipBody, 'labelFormat'>;

export const createShippingService = ({
  registry,
  clock = () => new Date(),
  newId = randomUUID,
  logger,
  afterCarrierShip,
  pushSubscriber = createPushSubscriber({ registry, clock, logger }),
}: ShippingDependencies) => {
  /**
   * A stored order of a carrier that pushes tracking (UPS): subscribed to its
   * pushes, and a live one's subscription recorded; it moves to the pushed
   * cadence when the carrier's first push arrives (docs/tracking.md, "Pushed
   * tracking"). Within PUSH_SUBSCRIBE_TIMEOUT_MS; never fails the ship: a
   * failure leaves the order polled as before.
   */
  const subscribeToPushes = async (order: Order, request: RateRequest): Promise<void> => {
    if (!pushSubscriber.pushes(order)) return;
    const pushedUntil = await pushSubscriber.subscribe(order, shipperCountryOf(request));
    // A test order is subscribed in the carrier's test environment, which pushes nothing there: it stays polled.
    if (!pushedUntil || order.mode !== 'live') return;
    // Its polled due time stays until a push shows the carrier reaches us.
    await recordSubscription(order.orderId, pushedUntil).catch((error: unknown) =>
      logger.warn('push subscription not recorded; the order stays polled', {
        orderId: order.orderId,
        detail: error instanceof Error ? error.message : String(error),
      }),
    );
  };

  const respond = async (orderId: string, companyId: string, replayed: boolean): Promise<ShipResult> => {
    const stored = await getOrder(orderId);
    if (!stored || stored.order.companyId !== companyId) throw notShippable();
    const reference = await loadReference();
    const carrier = reference.carriers.find((c) => c.code === stored.order.carrierCode);
    const service = reference.servicesByCarrier.get(stored.order.carrierCode)?.find((s) => s.code === stored.order.serviceCode);
    return { data: toShipResponse(stored.order, carrier, service), replayed };
  };

  /**
   * Asks the carrier under a timeout. Every failure leaves the rate shippable
   * (the caller releases the claim): the carrier's refusal of the request as
   * sent is a 422 CARRIER_REJECTED, any other failure a 502 CARRIER_ERROR
   * whose outcome is unknown (`attempt.unknown`: the carrier may have bought
   * the shipment, so the next ship asks it first).
   */
  const shipWithCarrier = async (
    input: ShipInput,
    carrierCode: string,
    options: Omit<CarrierCallOptions, 'signal'>,
    attempt: { unknown: boolean },
  ): Promise<CarrierShipment> => {
    const carrier = registry.port(carrierCode);
    if (!carrier) throw new AppError(502, 'CARRIER_ERROR', `No carrier connector for ${carrierCode}`);
    try {
      return await callCarrier(carrierCode, config.carrierShipTimeoutMs, (signal) => carrier.ship(input, { ...options, signal }), 'ship');
    } catch (error) {
      // The reconciler's adoption found nothing to adopt: nothing was bought.
      if (error instanceof NothingToAdopt) throw error;
      const message = error instanceof Error ? error.message : String(error);
      const reason = failureKind(error);
      logger.warn('carrier ship failed', { carrierCode, reason, detail: message });
      // The carrier's reason is the integrator's to read: expose it, as a 4xx message is.
      if (reason === 'refused') throw new AppError(422, 'CARRIER_REJECTED', `${carrierCode} rejected the shipment: ${message}`, { expose: true });
      // An account that cannot be used never reached the carrier: nothing was bought.
      if (!isAccountNotConfigured(error)) attempt.unknown = true;
      throw new AppError(502, 'CARRIER_ERROR', `${carrierCode} could not create the shipment: ${message}`, { expose: true });
    }
  };

  /**
   * Claims the rate response, or takes over a claim whose ship died; a live
   * claim is another ship in flight (409). A takeover, or a ship after an
   * attempt that ended without a clear answer, asks the carrier for the
   * shipment that attempt may have made: the same request, to its ship time,
   * under the same order id. `replayed`: the rate was shipped meanwhile.
   */
  const claimFor = async (
    companyId: string,
    rateResponseId: string,
    rate: RateResponseItem,
    state: ShipStateOf,
    now: Date,
  ): Promise<ShipResult | Omit<ClaimedShip, 'company' | 'adoptOnly' | 'labelFormat'>> => {
    const staleMs = config.shipClaimStaleSeconds * 1000;
    const previous = state?.claim && isStaleClaim(state.claim, now, staleMs) ? state.claim : undefined;
    if (state?.claim && !previous) throw inProgress();
    const uncertain = state?.uncertainAttempt;
    const shipTime = previous ? (previous.shipTime ?? previous.at) : (uncertain?.shipTime ?? now.toISOString());
    const mayExist = previous !== undefined || uncertain !== undefined;
    const claim: ShipClaim = { token: newId(), orderId: previous?.orderId ?? uncertain?.orderId ?? newId(), at: now.toISOString(), shipTime };
    // What the carrier call needs is read while the claim is written: one round trip less; wasted only when the claim fails.
    const inputs = Promise.all([getRateRequest(rate.rateRequestId, companyId, now), loadReference()] as const);
    inputs.catch(() => undefined);
    try {
      await claimRate(rateResponseId, companyId, claim, previous);
    } catch (error) {
      if (!(error instanceof ConditionFailed)) throw error;
      const after = await getShipState(rateResponseId);
      if (after?.orderId) return respond(after.orderId, companyId, true);
      throw inProgress();
    }
    if (previous) logger.warn('ship took over a stale claim', { rateResponseId, orderId: claim.orderId, staleSince: previous.at });
    return { companyId, rateResponseId, rate, claim, shipTime, mayExist, now, inputs };
  };

  /** What a claimed ship needs: the rate, the claim it holds, what the carrier call reads, and how it asks. */
  type ClaimedShip = {
    companyId: string;
    company: Company;
    rateResponseId: string;
    rate: RateResponseItem;
    claim: ShipClaim;
    shipTime: string;
    mayExist: boolean;
    adoptOnly: boolean;
    now: Date;
    labelFormat?: 'PDF' | 'ZPL';
    inputs: Promise<readonly [Awaited<ReturnType<typeof getRateRequest>>, Awaited<ReturnType<typeof loadReference>>]>;
  };

  /**
   * The ship under a held claim: the carrier call, then the order. A carrier
   * without an idempotency key (one with `findShipments`) gets a
   * reconciliation record before it is asked (shared/store/reconciliation.ts),
   * due SHIP_RECONCILE_AFTER_SECONDS later: a late answer, a lost one or a
   * crash before the order write leaves it, and the reconciler voids any
   * shipment the order did not adopt. An attempt that ends cleanly with no
   * earlier uncertain one deletes it with the order (one purchase, nothing
   * to reconcile).
   */
  const shipClaimed = async (ship: ClaimedShip): Promise<ShipResult> => {
    const { companyId, rateResponseId, rate, claim, shipTime, mayExist, now } = ship;
    let shipment: CarrierShipment;
    let request: RateRequest;
    let account: CarrierAccount;
    let recorded = false;
    const attempt = { unknown: false };
    const carrier = registry.port(rate.carrierCode);
    try {
      const [stored, reference] = await ship.inputs;
      if (stored.status === 'missing') throw notShippable();
      request = stored.item.request as RateRequest;
      // The bill-to account is checked again against the blacklist read now: it may have changed since rating.
      assertBillingAllowed(request.billingOptions, ship.company.blacklist);
      const plan = reference.plansByGroup.get(rate.pricingGroupId)?.find((p) => p.carrierCode === rate.carrierCode);
      if (!plan)
        throw new AppError(502, 'CARRIER_ERROR', `The carrier account of ${rate.carrierCode} is no longer configured for your pricing group`, { expose: true });
      account = await accountForRate(rate, plan);
      if (carrier?.findShipments && !ship.adoptOnly) {
        await recordAttempt(
          {
            kind: 'SHIP',
            orderId: claim.orderId,
            companyId,
            carrierCode: rate.carrierCode,
            mode: rate.mode,
            reference: rateResponseId,
            rateResponseId,
            carrierAccountId: account.carrierAccountId,
          },
          now,
          new Date(now.getTime() + config.shipReconcileAfterSeconds * 1000),
        );
        recorded = true;
      }
      shipment = await shipWithCarrier(
        {
          reference: rateResponseId,
          request,
          plan,
          serviceCode: rate.serviceCode,
          shipTime,
          ...(ship.labelFormat ? { labelFormat: ship.labelFormat } : {}),
          ...(mayExist ? { mayExist } : {}),
          ...(ship.adoptOnly ? { adoptOnly: true } : {}),
        },
        rate.carrierCode,
        { account, mode: rate.mode },
        attempt,
      );
    } catch (error) {
      const unknown = attempt.unknown ? { orderId: claim.orderId, shipTime, at: now.toISOString() } : undefined;
      await releaseClaim(rateResponseId, claim.token, unknown).catch((e: unknown) =>
        logger.error('could not release a ship claim', { rateResponseId, error: e }),
      );
      // A clear refusal of a first attempt bought nothing: nothing to reconcile.
      if (recorded && !attempt.unknown && !mayExist) {
        await dropRecord(claim.orderId, 'SHIP').catch((e: unknown) =>
          logger.warn('could not drop a reconciliation record', { orderId: claim.orderId, error: e }),
        );
      }
      throw error;
    }
    afterCarrierShip?.(shipment);
    // The carrier's own documents go to the bucket before the order exists; a retry after a crash stores them again.
    const carrierDocuments = shipment.documents?.length
      ? await (await import('../store/carrier-documents')).putCarrierDocuments(companyId, claim.orderId, shipment.documents)
      : undefined;

    const labels = orderLabels(availableLabels(labelFactsOf(request, carrier!.kind)), ship.labelFormat);
    const order = newOrder({
      orderId: claim.orderId,
      companyId,
      rate,
      request,
      shipment,
      labels,
      carrierDocuments,
      carrierAccountId: account.carrierAccountId,
      now,
      pace: config.sandboxTrackingPace,
    });
    try {
      // An attempt that may have followed a purchase keeps its record: the reconciler looks for that purchase.
      await completeShipment(order, request, claim.token, [
        ...(recorded && !mayExist ? [recordRemoval(claim.orderId, 'SHIP')] : []),
        // A parcel shipment is open to the next end-of-day manifest from its order's write (docs/manifests.md); freight has its bill of lading.
        ...(carrier!.kind === 'parcel' ? [openShipmentPut(await openShipmentOf(order, request, account))] : []),
      ]);
    } catch (error) {
      if (!(error instanceof ConditionFailed)) throw error;
      // Our claim went stale and another ship took it over: its order is the one.
      const after = await getShipState(rateResponseId);
      if (after?.orderId) return respond(after.orderId, companyId, true);
      throw inProgress();
    }
    await subscribeToPushes(order, request);
    return { data: toShipResponse(order, ...(await catalogEntries(rate.carrierCode, rate.serviceCode))), replayed: false };
  };

  return {
    /** Ships `rateResponseId` for `companyId` with a key of `mode`; a repeat answers the same order with `replayed`. */
    async ship(companyId: string, rateResponseId: string, options: ShipOptions, mode: KeyMode): Promise<ShipResult> {
      // Ids are issued in lower case; a UUID is the same in any case.
      rateResponseId = rateResponseId.toLowerCase();
      const now = clock();
      // Money moves: the company is read now, not taken from the key cache (blacklist, billing).
      const [company, { rate: found, state }] = await Promise.all([getCompany(companyId), getRateForShip(rateResponseId, companyId, now)]);
      if (!company) throw new AppError(401, 'UNAUTHORIZED', 'Invalid, inactive or expired API key');
      // A rate of the other mode is as unknown as another company's.
      if (found.status === 'missing' || found.item.mode !== mode) throw notShippable();
      if (state?.orderId) return respond(state.orderId, companyId, true);
      // A rate of a carrier that no longer answers this key's mode (SANDBOX_CARRIERS) is as unknown as another mode's.
      if (!(await carrierAnswersKey(found.item.carrierCode, mode))) throw notShippable();
      if (found.status === 'expired') throw new AppError(410, 'RATE_EXPIRED', `This rate expired at ${found.item.expiresAt}; rate the shipment again`);
      if (company.billing !== 'account') {
        throw new AppError(402, 'ACCOUNT_BILLING_REQUIRED', 'Shipping needs an organization on account billing');
      }
      const rate = found.item;
      const claimed = await claimFor(companyId, rateResponseId, rate, state, now);
      if ('replayed' in claimed) return claimed;
      return shipClaimed({ ...claimed, company, adoptOnly: false, ...(options.labelFormat ? { labelFormat: options.labelFormat } : {}) });
    },

    /**
     * The reconciler's adoption (shared/services/reconciliation.ts): a rate
     * response that still has no order after an attempt of unknown outcome,
     * and whose rate the caller can still ship, gets its order from the
     * shipment the carrier holds under its reference, as a caller's retry
     * would, except that nothing is ever bought. `given-up`: the rate can no
     * longer be shipped (expired, gone, the company's billing changed), so a
     * shipment found is an orphan to void; `busy`: a ship holds the rate now;
     * `none`: the carrier holds nothing under the reference yet.
     */
    async adopt(companyId: string, rateResponseId: string): Promise<'adopted' | 'shipped' | 'given-up' | 'busy' | 'none'> {
      const now = clock();
      const [company, { rate: found, state }] = await Promise.all([getCompany(companyId), getRateForShip(rateResponseId, companyId, now)]);
      if (state?.orderId) return 'shipped';
      if (!company || found.status !== 'found' || company.billing !== 'account') return 'given-up';
      let claimed: Awaited<ReturnType<typeof claimFor>>;
      try {
        claimed = await claimFor(companyId, rateResponseId, found.item, state, now);
      } catch (error) {
        if (error instanceof AppError && error.status === 409) return 'busy';
        throw error;
      }
      if ('replayed' in claimed) return 'shipped';
      try {
        await shipClaimed({ ...claimed, company, mayExist: true, adoptOnly: true });
        return 'adopted';
      } catch (error) {
        if (error instanceof NothingToAdopt) return 'none';
        // The billing check refused it, or the plan no longer bills the account it was quoted (and bought) on:
        // a rate the caller can no longer ship.
        if (error instanceof AppError && (error.status === 403 || error.status === 402 || error.code === 'RATE_ACCOUNT_CHANGED')) return 'given-up';
        throw error;
      }
    },
  };
};

/** The ship state of a rate response and what a claim of it holds. */
type ShipStateOf = Awaited<ReturnType<typeof getRateForShip>>['state'];
/** A rate response as stored. */
type RateResponseItem = Extract<Awaited<ReturnType<typeof getRateForShip>>['rate'], { status: 'found' }>['item'];

/** The order's entry among the company's open shipments (shared/store/manifests.ts). */
const openShipmentOf = async (order: Order, request: RateRequest, account: CarrierAccount): Promise<OpenShipment> => {
  const [, service] = await catalogEntries(order.carrierCode, order.serviceCode);
  return {
    orderId: order.orderId,
    companyId: order.companyId,
    mode: order.mode,
    carrierCode: order.carrierCode,
    carrierAccountId: order.carrierAccountId ?? '',
    accountNumber: account.accountNumber,
    serviceCode: order.serviceCode,
    serviceName: service?.fullName.en ?? order.serviceCode,
    trackingNumber: order.trackingNumber,
    ...(order.carrierShipmentId ? { carrierShipmentId: order.carrierShipmentId } : {}),
    rateResponseId: order.rateResponseId,
    createdDate: order.createdDate,
    ...manifestFactsOf(order, request),
  };
};

const catalogEntries = async (carrierCode: string, serviceCode: string) => {
  const reference = await loadReference();
  return [reference.carriers.find((c) => c.code === carrierCode), reference.servicesByCarrier.get(carrierCode)?.find((s) => s.code === serviceCode)] as const;
};

/** The shipment's label types (shared/labels/catalog.ts), the preferred format first when one is asked for. */
const orderLabels = (labels: LabelType[], preferred?: 'PDF' | 'ZPL') =>
  preferred ? [...labels].sort((a, b) => Number(b.format === preferred) - Number(a.format === preferred)) : labels;

export type ShippingService = ReturnType<typeof createShippingService>;
