/**
 * The track and void requests each adapter builds from the shipment, in its
 * carrier's vocabulary, and what the sandbox carrier reads back from them.
 */
import { buildCarrierFTrackRequest, buildCarrierFVoidRequest } from '../../../shared/carriers/carrier-f';
import { buildCarrierXTrackRequest, buildCarrierXVoidRequest } from '../../../shared/carriers/carrier-x';
import { buildCarrierYTrackRequest, buildCarrierYVoidRequest } from '../../../shared/carriers/carrier-y';
import { buildCarrierZTrackRequest, buildCarrierZVoidRequest } from '../../../shared/carriers/carrier-z';
import { createCarrierRegistry } from '../../../shared/carriers/registry';
import { createSandboxTransports } from '../../../shared/carriers/sandbox/network';
import {
  readCarrierFTrackRequest,
  readCarrierFVoidRequest,
  readCarrierXTrackRequest,
  readCarrierXVoidRequest,
  readCarrierYTrackRequest,
  readCarrierYVoidRequest,
  readCarrierZTrackRequest,
  readCarrierZVoidRequest,
} from '../../../shared/carriers/sandbox/track';
import type { CarrierTransport, ShipmentRef } from '../../../shared/carriers/types';
import { CARRIER_CODES, noSignal, REFERENCE } from './ship-fixtures';
import { SHIPPED_AT, shipmentRef } from './tracking-fixtures';

/** As an order may keep it: untrimmed city, lowercase codes. */
const untidy = (code: string): ShipmentRef =>
  shipmentRef(code, {
    origin: { city: ' Toronto ', provinceCode: 'on', countryCode: 'ca' },
    destination: { city: 'London', provinceCode: '', countryCode: 'gb' },
  });

describe('carrier X', () => {
  const ref = untidy('CARRIERX');
  const record = {
    transactionId: REFERENCE,
    serviceType: 'CARRIERX_GROUND',
    shipTimestamp: SHIPPED_AT,
    shipper: { city: 'Toronto', stateOrProvinceCode: 'ON', countryCode: 'CA' },
    recipient: { city: 'London', countryCode: 'GB' },
    commit: { dateOrTimestamp: '2025-06-04T10:30:00', timezone: 'ET', guaranteed: false },
  };

  it('tracks by tracking number with detailed scans', () => {
    expect(buildCarrierXTrackRequest(ref)).toEqual({
      trackingInfo: { trackingNumberInfo: { trackingNumber: ref.trackingNumber } },
      includeDetailedScans: true,
      shipment: record,
    });
  });

  it('voids every package of the shipment; no commit is sent without a commitment', () => {
    const { commit: _, ...uncommitted } = record;
    expect(buildCarrierXVoidRequest({ ...ref, commitment: null })).toEqual({
      trackingNumber: ref.trackingNumber,
      deletionControl: 'DELETE_ALL_PACKAGES',
      shipment: uncommitted,
    });
  });
});

describe('carrier Y', () => {
  const ref = untidy('CARRIERY');
  const record = {
    clientReference: REFERENCE,
    service: 'CARRIERY_GROUND',
    mailedAt: SHIPPED_AT,
    origin: { city: 'Toronto', provinceCode: 'ON', countryCode: 'CA' },
    destination: { city: 'London', countryCode: 'GB' },
    expectedDelivery: { date: '2025-06-04', time: '10:30', timezone: 'ET', guaranteed: false },
  };

  it('tracks by PIN, full detail', () => {
    expect(buildCarrierYTrackRequest(ref)).toEqual({ pin: ref.trackingNumber, detail: 'FULL', shipment: record });
  });

  it('voids by shipment PIN', () => {
    expect(buildCarrierYVoidRequest(ref)).toEqual({ shipmentPin: ref.trackingNumber, shipment: record });
  });
});

describe('carrier Z', () => {
  const ref = untidy('CARRIERZ');
  const record = {
    shipmentReference: REFERENCE,
    serviceCode: 'CARRIERZ_GROUND',
    issuedAt: SHIPPED_AT,
    from: { city: 'Toronto', region: 'ON', country: 'CA' },
    to: { city: 'London', country: 'GB' },
    commitment: { deliverBy: '2025-06-04 10:30', tz: 'ET', guaranteed: false },
  };

  it('tracks a list of one waybill', () => {
    expect(buildCarrierZTrackRequest(ref)).toEqual({ waybills: [ref.trackingNumber], shipment: record });
  });

  it('voids by waybill', () => {
    expect(buildCarrierZVoidRequest(ref)).toEqual({ waybill: ref.trackingNumber, action: 'VOID', shipment: record });
  });
});

describe('carrier F', () => {
  const ref = untidy('CARRIERF');
  const booking = {
    bookingReference: REFERENCE,
    serviceLevel: 'CARRIERF_GROUND',
    tenderedAt: SHIPPED_AT,
    shipper: { country: 'CA', province: 'ON', city: 'Toronto' },
    consignee: { country: 'GB', city: 'London' },
    deliveryCommitment: { date: '2025-06-04', time: '10:30', timezone: 'ET', guaranteed: true },
  };

  it('traces by PRO number', () => {
    const guaranteed = { ...ref, commitment: { ...ref.commitment!, guaranteed: true } };
    expect(buildCarrierFTrackRequest(guaranteed)).toEqual({ proNumber: ref.trackingNumber, traceType: 'PRO', booking });
  });

  it('cancels the booking by PRO number, as the shipper', () => {
    const guaranteed = { ...ref, commitment: { ...ref.commitment!, guaranteed: true } };
    expect(buildCarrierFVoidRequest(guaranteed)).toEqual({ proNumber: ref.trackingNumber, cancelReason: 'SHIPPER_CANCELLED', booking });
  });
});

describe('the sandbox carrier reads back the shipment the adapter sent', () => {
  const tidy = (code: string): ShipmentRef => ({
    ...shipmentRef(code),
    origin: { city: 'Toronto', provinceCode: 'ON', countryCode: 'CA' },
    destination: { city: 'London', countryCode: 'GB' },
  });
  const readers = {
    CARRIERX: [(r: ShipmentRef) => readCarrierXTrackRequest(buildCarrierXTrackRequest(r)), (r: ShipmentRef) => readCarrierXVoidRequest(buildCarrierXVoidRequest(r))],
    CARRIERY: [(r: ShipmentRef) => readCarrierYTrackRequest(buildCarrierYTrackRequest(r)), (r: ShipmentRef) => readCarrierYVoidRequest(buildCarrierYVoidRequest(r))],
    CARRIERZ: [(r: ShipmentRef) => readCarrierZTrackRequest(buildCarrierZTrackRequest(r)), (r: ShipmentRef) => readCarrierZVoidRequest(buildCarrierZVoidRequest(r))],
    CARRIERF: [(r: ShipmentRef) => readCarrierFTrackRequest(buildCarrierFTrackRequest(r)), (r: ShipmentRef) => readCarrierFVoidRequest(buildCarrierFVoidRequest(r))],
  };

  it.each(CARRIER_CODES)('%s: with and without a commitment, province or not', (code) => {
    for (const roundTrip of readers[code]) {
      expect(roundTrip(untidy(code))).toEqual(tidy(code));
      expect(roundTrip({ ...tidy(code), commitment: null })).toEqual({ ...tidy(code), commitment: null });
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
  const adapter = createCarrierRegistry({ ...createSandboxTransports(), [code]: recording }).getAdapter(code)!;
  await adapter.track(ref, noSignal());
  await adapter.cancel(ref, noSignal());
  const [track, cancel] = builders[code];
  expect(sent).toEqual([
    ['track', track(ref)],
    ['cancel', cancel(ref)],
  ]);
});
