/**
 * The track and void requests each connector builds: the tracking number and
 * the shipment id the carrier issued at ship, in its carrier's vocabulary,
 * nothing else; and what the sandbox carrier reads back from them.
 */
import { buildCarrierFTrackRequest, buildCarrierFVoidRequest } from '../../../shared/carriers/carrier-f';
import { buildCarrierXTrackRequest, buildCarrierXVoidRequest } from '../../../shared/carriers/carrier-x';
import { buildCarrierYTrackRequest, buildCarrierYVoidRequest } from '../../../shared/carriers/carrier-y';
import { buildCarrierZTrackRequest, buildCarrierZVoidRequest } from '../../../shared/carriers/carrier-z';
import { createCarrierRegistry } from '../../../shared/carriers/registry';
import { carrierFReaders } from '../../../shared/carriers/sandbox/request-readers/carrier-f';
import { carrierXReaders } from '../../../shared/carriers/sandbox/request-readers/carrier-x';
import { carrierYReaders } from '../../../shared/carriers/sandbox/request-readers/carrier-y';
import { carrierZReaders } from '../../../shared/carriers/sandbox/request-readers/carrier-z';
import { createSandboxTransports } from '../../../shared/carriers/sandbox/network';
import { CarrierError } from '../../../shared/domain/carrier';
import type { CarrierTransport } from '../../../shared/carriers/connector';
import { CARRIER_CODES, noSignal } from './ship-fixtures';
import { shipmentRef } from './tracking-fixtures';

const ref = shipmentRef('CARRIERX');
const id = ref.shipmentId!;

describe("requests in each carrier's vocabulary", () => {
  it('carrier X tracks by tracking number with detailed scans, and voids every package', () => {
    expect(buildCarrierXTrackRequest(ref)).toEqual({
      trackingInfo: { trackingNumberInfo: { trackingNumber: ref.trackingNumber, shipmentId: id } },
      includeDetailedScans: true,
    });
    expect(buildCarrierXVoidRequest(ref)).toEqual({ trackingNumber: ref.trackingNumber, shipmentId: id, deletionControl: 'DELETE_ALL_PACKAGES' });
  });

  it('carrier Y tracks by PIN with full detail, and voids by shipment PIN', () => {
    expect(buildCarrierYTrackRequest(ref)).toEqual({ pin: ref.trackingNumber, shipmentId: id, detail: 'FULL' });
    expect(buildCarrierYVoidRequest(ref)).toEqual({ shipmentPin: ref.trackingNumber, shipmentId: id });
  });

  it('carrier Z tracks a list of one waybill, and voids by waybill', () => {
    expect(buildCarrierZTrackRequest(ref)).toEqual({ waybills: [ref.trackingNumber], shipmentId: id });
    expect(buildCarrierZVoidRequest(ref)).toEqual({ waybill: ref.trackingNumber, shipmentId: id, action: 'VOID' });
  });

  it('carrier F traces by PRO number and cancels the booking as the shipper', () => {
    expect(buildCarrierFTrackRequest(ref)).toEqual({ proNumber: ref.trackingNumber, bookingId: id, traceType: 'PRO' });
    expect(buildCarrierFVoidRequest(ref)).toEqual({ proNumber: ref.trackingNumber, bookingId: id, cancelReason: 'SHIPPER_CANCELLED' });
  });

  it('a shipment without a carrier id sends none', () => {
    const { shipmentId: _, ...bare } = ref;
    expect(buildCarrierXVoidRequest(bare)).toEqual({ trackingNumber: ref.trackingNumber, deletionControl: 'DELETE_ALL_PACKAGES' });
    expect(buildCarrierFTrackRequest(bare)).toEqual({ proNumber: ref.trackingNumber, traceType: 'PRO' });
  });
});

describe('the sandbox carrier reads back the shipment the connector named', () => {
  const readers = {
    CARRIERX: [(r: typeof ref) => carrierXReaders.track(buildCarrierXTrackRequest(r)), (r: typeof ref) => carrierXReaders.cancel(buildCarrierXVoidRequest(r))],
    CARRIERY: [(r: typeof ref) => carrierYReaders.track(buildCarrierYTrackRequest(r)), (r: typeof ref) => carrierYReaders.cancel(buildCarrierYVoidRequest(r))],
    CARRIERZ: [(r: typeof ref) => carrierZReaders.track(buildCarrierZTrackRequest(r)), (r: typeof ref) => carrierZReaders.cancel(buildCarrierZVoidRequest(r))],
    CARRIERF: [(r: typeof ref) => carrierFReaders.track(buildCarrierFTrackRequest(r)), (r: typeof ref) => carrierFReaders.cancel(buildCarrierFVoidRequest(r))],
  };

  it.each(CARRIER_CODES)('%s', (code) => {
    const own = shipmentRef(code);
    for (const roundTrip of readers[code]) expect(roundTrip(own)).toEqual({ trackingNumber: own.trackingNumber, shipmentId: own.shipmentId });
  });

  it.each(CARRIER_CODES)('%s knows no shipment without its id, or under an id it never issued', async (code) => {
    const carrier = createCarrierRegistry(createSandboxTransports()).port(code)!;
    const own = shipmentRef(code);
    for (const shipmentId of [undefined, 'SBX1.', 'SBX1.bm90IGpzb24', 'UPS123', `SBX1.${Buffer.from('{"constructor":1}').toString('base64url')}`]) {
      await expect(carrier.track({ ...own, shipmentId }, noSignal())).rejects.toThrow(CarrierError);
      await expect(carrier.cancel({ ...own, shipmentId }, noSignal())).rejects.toThrow(CarrierError);
    }
  });
});

it.each(CARRIER_CODES)('%s hands the transport the requests it built', async (code) => {
  const sent: Array<[string, unknown]> = [];
  const ref = shipmentRef(code);
  const recording: CarrierTransport<unknown> = {
    rate: () => Promise.reject(new Error('track only')),
    ship: () => Promise.reject(new Error('track only')),
    track: async (request) => {
      sent.push(['track', request]);
      return { tracking: { trackingNumber: ref.trackingNumber, transitStatus: 'pending', events: [] } };
    },
    cancel: async (request) => {
      sent.push(['cancel', request]);
      return { voided: { trackingNumber: ref.trackingNumber } };
    },
  };
  const builders = {
    CARRIERX: [buildCarrierXTrackRequest, buildCarrierXVoidRequest],
    CARRIERY: [buildCarrierYTrackRequest, buildCarrierYVoidRequest],
    CARRIERZ: [buildCarrierZTrackRequest, buildCarrierZVoidRequest],
    CARRIERF: [buildCarrierFTrackRequest, buildCarrierFVoidRequest],
  } as const;
  const carrier = createCarrierRegistry({ ...createSandboxTransports(), [code]: recording }).port(code)!;
  await carrier.track(ref, noSignal());
  await carrier.cancel(ref, noSignal());
  const [track, cancel] = builders[code];
  expect(sent).toEqual([
    ['track', track(ref)],
    ['cancel', cancel(ref)],
  ]);
});
