/** The pickups as the API reads them (docs/pickups.md): a page of the list, one pickup, and a carrier's windows. */
import type { Pickup, PickupAvailabilityData, PickupAvailabilityQuery, PickupList, PickupListQuery } from '../../contract/pickups';
import { CarrierRefusal } from '../../domain/carrier';
import type { Company, KeyMode } from '../../domain/entities';
import { isPickupDateAllowed, PICKUP_DAYS_AHEAD } from '../../domain/pickups';
import type { Address } from '../../domain/rate/schema';
import { clipWithEllipsis } from '../../domain/text-clipping';
import { AppError, notFound } from '../../errors';
import { getPickup, isPickupSortKey, listPickups, type PickupRecord } from '../../store/pickups';
import { callCarrier } from '../carrier-call';
import { accountUnusable, badRequest, isAccountNotConfigured, pickupCarrier, planCallOptions, type PickupContext } from './context';
import { pickupView } from './view';

/** How much of a carrier's reason an answer repeats. */
export const REASON_MAX = 300;

const cursorOf = (sk: string) => Buffer.from(sk, 'utf8').toString('base64url');
const sortKeyOf = (cursor: string): string | undefined =>
  /^[A-Za-z0-9_-]{1,512}$/.test(cursor) ? Buffer.from(cursor, 'base64url').toString('utf8') : undefined;

/**
 * One of the company's pickups in the key's mode: another company's, or the
 * other mode's, is as unknown as none (404, as every resource of the API
 * read by id in the caller's own partition: docs/pickups.md).
 */
export async function ownPickup(companyId: string, mode: KeyMode, pickupId: string): Promise<PickupRecord> {
  const record = await getPickup(companyId, pickupId.toLowerCase());
  if (!record || record.mode !== mode) throw notFound('pickup not found');
  return record;
}

export const getOne = async (companyId: string, mode: KeyMode, pickupId: string): Promise<Pickup> => pickupView(await ownPickup(companyId, mode, pickupId));

export async function listPage(companyId: string, mode: KeyMode, query: PickupListQuery): Promise<PickupList> {
  const limit = query.limit ? Number(query.limit) : 20;
  let after: string | undefined;
  if (query.cursor !== undefined) {
    after = sortKeyOf(query.cursor);
    if (!after || !isPickupSortKey(companyId, mode, after)) throw badRequest('cursor', 'is not a cursor of this list');
  }
  const page = await listPickups(companyId, mode, {
    ...(query.carrierCode ? { carrierCode: query.carrierCode.toUpperCase() } : {}),
    ...(after ? { after } : {}),
    limit,
  });
  return { pickups: await Promise.all(page.pickups.map(pickupView)), nextCursor: page.last ? cursorOf(page.last) : null };
}

/** GET /v1/pickups/availability: the carrier's windows at a place (its postal code and country, its city and province where given) on a day. */
export const createAvailability =
  (context: PickupContext) =>
  async (company: Pick<Company, 'pricingGroupId'>, query: PickupAvailabilityQuery, mode: KeyMode): Promise<PickupAvailabilityData> => {
    if (!isPickupDateAllowed(query.date, context.clock())) throw badRequest('date', `must be from today to ${PICKUP_DAYS_AHEAD} days after`);
    const { carrierCode, pickups, plan } = await pickupCarrier(context, company, mode, query.carrierCode);
    const address: Address = {
      personName: '-',
      addressLine1: '-',
      countryCode: query.countryCode ?? 'CA',
      postalCode: query.postalCode,
      ...(query.city ? { city: query.city } : {}),
      ...(query.provinceCode ? { provinceCode: query.provinceCode } : {}),
    };
    try {
      const options = await planCallOptions(plan, mode);
      const answer = await callCarrier(
        carrierCode,
        context.settings.carrierCancelTimeoutMs,
        (signal) => pickups.availability({ address, date: query.date }, { ...options, signal }),
        'pickup-availability',
      );
      return { windows: answer.windows, ...(answer.cutoffTime ? { cutoffTime: answer.cutoffTime } : {}) };
    } catch (error) {
      const message = clipWithEllipsis(error instanceof Error ? error.message : String(error), REASON_MAX);
      if (error instanceof CarrierRefusal) throw new AppError(422, 'CARRIER_REJECTED', `${carrierCode} refused: ${message}`);
      if (isAccountNotConfigured(error)) throw accountUnusable(carrierCode, message);
      throw new AppError(502, 'CARRIER_ERROR', `${carrierCode} did not answer: ${message}`, { expose: true });
    }
  };
