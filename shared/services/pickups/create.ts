/**
 * POST /v1/pickups (docs/pickups.md): books a pickup, exactly once per
 * distinct request.
 *
 * A request is its company, its mode and its body as normalised
 * (shared/domain/pickups.ts pickupRequestHash). Its create claim
 * (shared/store/pickups.ts) lets one create at a time call the carrier: the
 * others wait for its pickup and answer it replayed, or answer 409
 * PICKUP_BUSY when it runs long. A booking whose outcome is unknown (a
 * timeout, a 5xx, a create that died) leaves its pickup `booking` and
 * uncertain, and a reconciliation record written before the carrier was
 * asked; the same request again takes the pickup over and asks the carrier
 * with `mayExist`, so it looks its reference up before booking another.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import type { Pickup, PickupCreateBody } from '../../contract/pickups';
import { CarrierRefusal, type PickupLoad, type ShipmentRef } from '../../domain/carrier';
import type { Company, KeyMode, Order } from '../../domain/entities';
import { isPickupDateAllowed, loadOfPackages, PICKUP_DAYS_AHEAD, pickupReferenceOf, pickupRequestHash, type DeclaredPackages } from '../../domain/pickups';
import type { Address } from '../../domain/rate/schema';
import { clipWithEllipsis } from '../../domain/text-clipping';
import { shipmentRefOf } from '../../domain/tracking';
import { AppError } from '../../errors';
import * as z from '../../zod';
import { getOrder } from '../../store/orders';
import {
  claimRequest,
  ConditionFailed,
  createPickup,
  deletePickup,
  dropPickupReconcile,
  getPickup,
  readClaim,
  recordPickupAttempt,
  requestKey,
  savePickup,
  settleRequest,
  type PickupRecord,
} from '../../store/pickups';
import { callCarrier } from '../carrier-call';
import { accountUnusable, badRequest, isAccountNotConfigured, pickupCarrier, planCallOptions, type PickupContext } from './context';
import { REASON_MAX } from './reads';
import { pickupView } from './view';

/** A claim held longer than this belongs to a create that died: well past the function's 29 s. */
export const CLAIM_STALE_SECONDS = 60;
/** Orders read at once. */
const ORDER_READS = 25;

/** What a pickup needs of an order's rate request: its shipper and its packages as declared. */
const declaredSchema = z.object({
  shipper: z.optional(z.record(z.string(), z.unknown())),
  packages: z.object({
    unitOfMeasure: z.enum(['metric', 'imperial']),
    pieces: z.array(z.object({ quantity: z.number(), weight: z.number() })),
  }),
});

type NamedOrder = { order: Order; shipper?: Address; packages: DeclaredPackages };

const busy = () =>
  new AppError(409, 'PICKUP_BUSY', 'This pickup is being booked by another request; retry shortly to get it', { headers: { 'retry-after': '2' } });

export type CreateResult = { data: Pickup; replayed: boolean };

export const createCreate = (context: PickupContext) => {
  const { clock, logger, settings } = context;

  /** The named orders, each one of the company's shipments of the carrier in the key's mode and not cancelled (404, 400 naming the first that is not). */
  const namedOrders = async (companyId: string, mode: KeyMode, carrierCode: string, orderIds: readonly string[]): Promise<NamedOrder[]> => {
    const named: NamedOrder[] = [];
    for (let start = 0; start < orderIds.length; start += ORDER_READS) {
      const batch = orderIds.slice(start, start + ORDER_READS);
      const stored = await Promise.all(batch.map((id) => getOrder(id.toLowerCase())));
      stored.forEach((found, n) => {
        const i = start + n;
        const order = found?.order;
        if (!found || !order || order.companyId !== companyId || order.mode !== mode || order.carrierCode !== carrierCode) {
          throw new AppError(404, 'NOT_FOUND', `order not found among your ${carrierCode} shipments: ${orderIds[i]!}`, {
            details: [{ path: `orderIds[${i}]`, message: 'not found' }],
          });
        }
        if (order.status === 'cancelled') throw badRequest(`orderIds[${i}]`, 'is a cancelled shipment: there is nothing to pick up');
        const declared = declaredSchema.parse(found.request);
        named.push({ order, packages: declared.packages, ...(declared.shipper ? { shipper: declared.shipper as Address } : {}) });
      });
    }
    return named;
  };

  return async (company: Pick<Company, 'companyId' | 'pricingGroupId'>, body: PickupCreateBody, mode: KeyMode): Promise<CreateResult> => {
    const { companyId } = company;
    if (!isPickupDateAllowed(body.pickupDate, clock())) throw badRequest('pickupDate', `must be from today to ${PICKUP_DAYS_AHEAD} days after`);
    const { carrierCode, pickups, plan } = await pickupCarrier(context, company, mode, body.carrierCode);
    const named = body.orderIds ? await namedOrders(companyId, mode, carrierCode, body.orderIds) : [];
    const location = body.location ?? named.find((n) => n.shipper)?.shipper;
    if (!location) throw badRequest('location', 'is required: the orders named have no shipper address');
    const load: PickupLoad =
      body.packageCount !== undefined && body.totalWeight !== undefined
        ? { packageCount: body.packageCount, totalWeight: body.totalWeight }
        : loadOfPackages(named.map((n) => n.packages));
    const shipments: ShipmentRef[] = named.map((n) => shipmentRefOf(n.order));
    const key = requestKey(companyId, mode, pickupRequestHash(body));

    /** Books the pickup under the claim `token`; `resume`: an earlier create of the request may have booked it. */
    const book = async (pickupId: string, token: string, resume: boolean): Promise<CreateResult> => {
      const now = clock();
      let record = resume ? await getPickup(companyId, pickupId) : undefined;
      if (!record) {
        record = {
          pickupId,
          companyId,
          mode,
          carrierCode,
          ...(plan.carrierAccountId ? { carrierAccountId: plan.carrierAccountId } : {}),
          reference: pickupReferenceOf(pickupId),
          status: 'booking',
          pickupDate: body.pickupDate,
          requested: { readyTime: body.readyTime, closeTime: body.closeTime },
          window: { readyTime: body.readyTime, closeTime: body.closeTime },
          location,
          orders: named.map((n) => n.order.orderId),
          packageCount: load.packageCount,
          totalWeight: load.totalWeight,
          ...(body.instructions ? { instructions: body.instructions } : {}),
          ...(resume ? { uncertain: true } : {}),
          createdDate: now.toISOString(),
        };
        await createPickup(record);
      }
      const mayExist = resume || record.uncertain === true;
      // Written before the carrier is asked: a create that dies after the carrier booked leaves it too.
      await recordPickupAttempt(companyId, pickupId, now, new Date(now.getTime() + settings.shipReconcileAfterSeconds * 1000));
      const settle = () => settleRequest(key, token).catch((error: unknown) => logger.error('could not settle a pickup claim', { pickupId, error }));
      try {
        const options = await planCallOptions(plan, mode);
        const booked = await callCarrier(
          carrierCode,
          settings.carrierShipTimeoutMs,
          (signal) =>
            pickups.create(
              {
                reference: record.reference,
                address: location,
                window: { date: body.pickupDate, readyTime: body.readyTime, closeTime: body.closeTime },
                shipments,
                load,
                ...(body.instructions ? { instructions: body.instructions } : {}),
                ...(mayExist ? { mayExist: true } : {}),
              },
              { ...options, signal },
            ),
          'pickup-create',
        );
        const { uncertain: _uncertain, ...rest } = record;
        const scheduled: PickupRecord = {
          ...rest,
          status: 'scheduled',
          confirmationNumber: booked.confirmationNumber,
          window: { readyTime: booked.window.readyTime, closeTime: booked.window.closeTime },
          ...(booked.charges ? { charges: booked.charges } : {}),
          ...(booked.location ? { carrierLocation: booked.location } : {}),
        };
        await savePickup(scheduled);
        // A clean first booking leaves nothing to reconcile; after an uncertain one, the reconciler still looks for a late duplicate.
        if (!mayExist) await dropPickupReconcile(companyId, pickupId);
        await settle();
        return { data: await pickupView(scheduled), replayed: false };
      } catch (error) {
        const message = clipWithEllipsis(error instanceof Error ? error.message : String(error), REASON_MAX);
        const refused = error instanceof CarrierRefusal;
        if (refused || isAccountNotConfigured(error)) {
          // Nothing booked by this attempt; one before it that ended unknown stays the reconciler's to find.
          if (mayExist) await savePickup({ ...record, status: 'failed' });
          else {
            await deletePickup(record);
            await dropPickupReconcile(companyId, pickupId);
          }
          await settle();
          if (refused) throw new AppError(422, 'CARRIER_REJECTED', `${carrierCode} refused the pickup: ${message}`);
          throw accountUnusable(carrierCode, message);
        }
        logger.warn('pickup booking of unknown outcome', { pickupId, carrierCode, detail: message });
        if (!record.uncertain) await savePickup({ ...record, uncertain: true });
        await settle();
        throw new AppError(
          502,
          'CARRIER_ERROR',
          `${carrierCode} did not answer the booking: ${message}. Its outcome is unknown: the same request again asks ${carrierCode} first, and the pickup is settled with ${carrierCode} meanwhile`,
          { expose: true },
        );
      }
    };

    const deadline = context.elapsedMs() + context.waitMs;
    for (;;) {
      const claim = await readClaim(key);
      const at = clock();
      const staleBefore = new Date(at.getTime() - CLAIM_STALE_SECONDS * 1000);
      let pickupId = context.newId();
      let resume = false;
      let takeOver: { token: string; completed: boolean } | undefined;
      if (claim?.state === 'booking') {
        if (Date.parse(claim.at) >= staleBefore.getTime()) {
          if (context.elapsedMs() > deadline) throw busy();
          await sleep(100 + Math.floor(context.random() * 100));
          continue;
        }
        // A create that died holding it: it may have booked.
        ({ pickupId } = claim);
        resume = true;
        takeOver = { token: claim.token, completed: false };
      } else if (claim?.state === 'settled') {
        const existing = await getPickup(companyId, claim.pickupId);
        if (existing?.status === 'scheduled') return { data: await pickupView(existing), replayed: true };
        if (existing?.status === 'booking') {
          pickupId = existing.pickupId;
          resume = true;
        }
        takeOver = { token: claim.token, completed: true };
      }
      const token = context.newToken();
      try {
        await claimRequest(key, token, pickupId, at, { staleBefore, ...(takeOver ? { takeOver } : {}) });
      } catch (error) {
        if (!(error instanceof ConditionFailed)) throw error;
        continue;
      }
      return book(pickupId, token, resume);
    }
  };
};
