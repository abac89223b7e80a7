/**
 * The sandbox network and the ship handler on one settable clock, for tests
 * of what happens to a shipment with time (tracking, cancel, the refresh).
 */
import { createRateHandler } from '../../functions/rate/handler';
import { createShipHandler } from '../../functions/ship/handler';
import { createCarrierRegistry } from '../../shared/carriers/registry';
import { createSandboxTransports } from '../../shared/carriers/sandbox/network';
import { callHandler, proxyEvent } from './lambda';
import { sampleRateBody } from './rate-body';

export const sandboxOnClock = () => {
  const state = { now: new Date() };
  const clock = () => state.now;
  // Pace 1 for the carriers whatever SANDBOX_TRACKING_PACE says, as the tests give the services.
  const registry = createCarrierRegistry(createSandboxTransports({ clock, pace: 1 }));
  const failing = createCarrierRegistry(createSandboxTransports({ clock, pace: 1, faults: { CARRIERX: { failRate: 1, error: 'http500' } } }));
  const rateHandler = createRateHandler(registry);
  const shipHandler = createShipHandler(registry, { clock });

  /** Rates the sample and ships its first CARRIERX rate at the clock's time: the order. */
  const shipOrder = async (apiKey: string): Promise<{ orderId: string; trackingNumber: string; shippedAt: Date }> => {
    const rated = await callHandler<{ data: { rates: Array<{ rateResponseId: string; carrier: { code: string } }> } }>(
      rateHandler,
      proxyEvent({ method: 'POST', path: '/v1/rate', key: apiKey, body: sampleRateBody() }),
    );
    const rate = rated.json.data.rates.find((r) => r.carrier.code === 'CARRIERX')!;
    const shipped = await callHandler<{ data: { orderId: string; trackingNumber: string } }>(
      shipHandler,
      proxyEvent({ method: 'POST', path: `/v1/ship/${rate.rateResponseId}`, key: apiKey, pathParameters: { rateResponseId: rate.rateResponseId }, body: {} }),
    );
    if (shipped.status !== 200) throw new Error(`ship answered ${shipped.status}`);
    return { ...shipped.json.data, shippedAt: state.now };
  };

  return { state, clock, registry, failing, shipOrder };
};
