import { createCarrierRegistry, loadConnectors } from '../../../shared/carriers/registry';
import { createSandboxTransports } from '../../../shared/carriers/sandbox/network';
import { CARRIER_PROFILES, createShipmentCarriers, type CarrierProfile } from '../../../shared/carriers/shipment-carriers';
import type { ShipmentRef } from '../../../shared/carriers/port';
import { noSignal, shipInput } from './ship-fixtures';

describe('order carriers (connectors loaded on their first call)', () => {
  it('has one profile per carrier, saying what its connector says, with the connector\'s own reference data', async () => {
    const connectors = await loadConnectors();
    expect(CARRIER_PROFILES.map((p) => [p.code, p.kind, p.network, p.requiresPackagingType === true, p.pushes, p.voidWindowDays, p.transmits === true])).toEqual(
      connectors.map((c) => [
        c.code,
        c.kind,
        c.network,
        c.requiresPackagingType === true,
        c.network === 'live' && Boolean(c.subscribePush) && Boolean(c.push),
        c.network === 'live' && c.findShipments ? c.voidWindowDays : undefined,
        c.network === 'live' && Boolean(c.closeOut) && Boolean(c.findCloseOuts) && Boolean(c.requestRefund),
      ]),
    );
    connectors.forEach((connector, i) => expect(connector.reference).toBe(CARRIER_PROFILES[i]!.reference));
    // One profile a code, in the order of the codes.
    const codes = CARRIER_PROFILES.map((p) => p.code);
    expect(codes).toEqual([...new Set(codes)].sort());
  });

  it('finds a carrier by code, whatever its case, with push subscription and the reading of pushes only where its connector pushes', async () => {
    const carriers = createShipmentCarriers(createSandboxTransports());
    expect(carriers.getAdapter('carriery')?.code).toBe('CARRIERY');
    expect(carriers.getAdapter('CARRIERF')?.kind).toBe('freight');
    expect(carriers.getAdapter('CARRIERQ')).toBeUndefined();
    expect(carriers.getAdapter('UPS')?.subscribePush).toBeInstanceOf(Function);
    expect(carriers.getAdapter('CARRIERX')?.subscribePush).toBeUndefined();
    expect(carriers.getAdapter('CARRIERX')?.push).toBeUndefined();
    // The close's transmit, its search and the refund of a manifested shipment: Canada Post's alone.
    expect(carriers.getAdapter('CANADAPOST')?.closeOut).toBeInstanceOf(Function);
    expect(carriers.getAdapter('CANADAPOST')?.findCloseOuts).toBeInstanceOf(Function);
    expect(carriers.getAdapter('CANADAPOST')?.requestRefund).toBeInstanceOf(Function);
    expect(carriers.getAdapter('UPS')?.closeOut).toBeUndefined();
    expect(carriers.getAdapter('CARRIERX')?.requestRefund).toBeUndefined();
    // UPS's push is read by its connector, loaded on the first push: the carrier's own header check, then its body.
    const push = carriers.getAdapter('UPS')!.push!;
    expect(await push.authenticate!({ 'x-api-key': 'someone else' }, 'client')).toEqual({ ok: false, reason: expect.stringContaining('x-api-key') });
    expect(await push.parseEvents(Buffer.from('{}'), {})).toMatchObject({ ok: false, status: 400 });
  });

  it.each(['CARRIERX', 'CARRIERY', 'CARRIERZ', 'CARRIERF'])('ships, tracks and voids %s as the full registry does', async (code) => {
    const lazy = createShipmentCarriers(createSandboxTransports()).getAdapter(code)!;
    const eager = createCarrierRegistry(createSandboxTransports()).getAdapter(code)!;
    const input = shipInput(code);
    const shipped = await lazy.ship(input, noSignal());
    expect(shipped).toEqual(await eager.ship(input, noSignal()));
    const ref: ShipmentRef = { reference: input.reference, trackingNumber: shipped.trackingNumber, ...(shipped.shipmentId ? { shipmentId: shipped.shipmentId } : {}) };
    expect(await lazy.track(ref, noSignal())).toEqual(await eager.track(ref, noSignal()));
    // Voided, or refused once picked up: the same either way.
    const outcome = (voiding: Promise<void>) => voiding.then(() => 'voided', (error: unknown) => String(error));
    expect(await outcome(lazy.cancel(ref, noSignal()))).toEqual(await outcome(eager.cancel(ref, noSignal())));
  });

  it('loads a connector once, and again after a load that failed', async () => {
    const real = CARRIER_PROFILES.find((p) => p.code === 'CARRIERZ')!;
    let calls = 0;
    const flaky: CarrierProfile = {
      ...real,
      load: async () => {
        calls += 1;
        if (calls === 1) throw new Error('chunk not found');
        return real.load();
      },
    };
    const adapter = createShipmentCarriers(createSandboxTransports(), {}, [flaky]).getAdapter('CARRIERZ')!;
    const input = shipInput('CARRIERZ');
    await expect(adapter.ship(input, noSignal())).rejects.toThrow('chunk not found');
    await expect(adapter.ship(input, noSignal())).resolves.toMatchObject({ trackingNumber: expect.any(String) });
    await adapter.ship(input, noSignal());
    expect(calls).toBe(2);
  });
});
