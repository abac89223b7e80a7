/** A stored pickup as the API answers it (shared/contract/pickups.ts): the pickup routes and the `pickup.*` webhook events. */
import type { Pickup } from '../../contract/pickups';
import { toMoney } from '../../domain/rate/pricing';
import type { PickupRecord } from '../../store/pickups';
import { loadReference } from '../../store/reference';

export const pickupView = async (record: PickupRecord): Promise<Pickup> => {
  const carrier = (await loadReference()).carriers.find((c) => c.code === record.carrierCode);
  return {
    pickupId: record.pickupId,
    carrier: { code: record.carrierCode, name: carrier?.fullName.en ?? record.carrierCode },
    mode: record.mode,
    status: record.status,
    confirmationNumber: record.confirmationNumber ?? null,
    pickupDate: record.pickupDate,
    window: { readyTime: record.window.readyTime, closeTime: record.window.closeTime },
    // Written from the route's schema of it.
    location: record.location as Pickup['location'],
    orders: record.orders,
    packageCount: record.packageCount,
    totalWeight: record.totalWeight,
    instructions: record.instructions ?? null,
    ...(record.charges ? { charges: toMoney(record.charges.amount, record.charges.currency) } : {}),
    createdDate: record.createdDate,
    cancelledAt: record.cancelledAt ?? null,
  };
};
