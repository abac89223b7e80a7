/**
 * The UPS operations against the UPS simulator (local/ups/simulator.ts),
 * which refuses with a 400 every request that breaks the vendored document's
 * schema of its operation and answers only what the documents' response
 * schemas allow. So every request here is checked against UPS's schemas, and
 * every answer read is one UPS documents.
 */
import { inflateSync } from 'node:zlib';
import { GifReader } from 'omggif';
import { CarrierRefusal, NothingToAdopt, type ShipInput } from '../../../../shared/domain/carrier';
import type { UpsApi, UpsRequest } from '../../../../shared/carriers/ups/api';
import { upsFindShipments, upsRate, upsShip, upsTrack, upsVoid, buildRate } from '../../../../shared/carriers/ups/operations';
import { buildUpsShipRequests, upsReferenceOf } from '../../../../shared/carriers/ups/ship';
import type { RateRequest } from '../../../../shared/domain/rate/schema';
import { createUpsSimulator, labelGif, LostAnswer, upsCheckDigit, type UpsSimulator } from '../../../../local/ups/simulator';
import { expectValid, requestSchemaName, validatorFor } from '../../../../local/ups/spec';
import { londonRecipient, newYorkRecipient, rateRequest, withOptions } from '../fixtures';
import { upsPlan } from './fixtures';

const plan = upsPlan();
const REFERENCE = '3f2c9a7e-5b1d-4c8e-9f0a-1b2c3d4e5f60';
const shipInput = (request: RateRequest, extra: Partial<ShipInput> = {}): ShipInput => ({
  reference: REFERENCE,
  request,
  plan,
  serviceCode: 'UPS_GROUND',
  shipTime: '2026-11-23T15:00:00.000Z',
  ...extra,
});

/** The simulator as a client: requests cross as JSON, as they would over HTTP. */
const clientOf = (simulator: UpsSimulator): UpsApi => ({
  mode: 'test',
  send: async (request: UpsRequest) => {
    const wire = JSON.parse(JSON.stringify(request)) as UpsRequest;
    const answer = simulator.send(wire);
    return JSON.parse(JSON.stringify(answer)) as { status: number; body: unknown };
  },
});
const signal = () => AbortSignal.timeout(10_000);

const montreal = {
  personName: 'Félix Tremblay',
  phoneNumber: '+1 514 555 0100',
  addressLine1: '1000 Rue De La Gauchetière O',
  city: 'Montréal',
  provinceCode: 'QC',
  postalCode: 'H3B 4W5',
  countryCode: 'CA',
};
const domestic = () => rateRequest({ recipient: montreal });
const international = () =>
  rateRequest({
    recipient: { ...londonRecipient, phoneNumber: '+44 20 7946 0000' },
    internationalOptions: { billDutyTo: 'sender' },
    commercialInvoice: {
      currency: 'CAD',
      invoiceItems: [{ description: 'Maple syrup', quantity: 6, value: 90, weight: 3, hsCode: '1702.20', countryOfManufacture: 'CA' }],
    },
  });

/** Width and height of a PNG, from its IHDR; throws when it is not a PNG with image data. */
function pngSize(png: Buffer): { width: number; height: number } {
  expect(png.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
  const idat = png.indexOf('IDAT');
  expect(inflateSync(png.subarray(idat + 4, idat + 4 + png.readUInt32BE(idat - 4))).length).toBeGreaterThan(0);
  return { width: png.readUInt32BE(16), height: png.readUInt32BE(20) };
}

let simulator: UpsSimulator;
let api: UpsApi;
beforeEach(() => {
  simulator = createUpsSimulator({ now: () => new Date('2026-11-23T15:00:00.000Z') });
  api = clientOf(simulator);
});

describe('UPS ship over the simulator', () => {
  it('every ship request builds to UPS Shipping schema (domestic, international with invoice and duties, return label, several pieces)', () => {
    const validate = validatorFor('Shipping', requestSchemaName('Shipping', '/shipments/{version}/ship'));
    for (const request of [
      domestic(),
      international(),
      withOptions(domestic(), { createReturnLabel: true, signature: 'adult', saturdayDelivery: true, insurance: { amount: 300, currency: 'CAD' } }),
    ]) {
      const built = buildUpsShipRequests(shipInput(request));
      expectValid(validate, built.shipment);
      if (built.returnShipment) expectValid(validate, built.returnShipment);
    }
  });

  it('buys one shipment: a 1Z tracking number per package, our reference on every package, UPS GIF labels as PNG and the ZPL recovered', async () => {
    const request = rateRequest({ recipient: montreal, packages: { unitOfMeasure: 'imperial', pieces: [{ ...domestic().packages.pieces[0]!, quantity: 2 }] } });
    const shipment = await upsShip(shipInput(request), api, signal());
    expect(simulator.billable()).toHaveLength(1);
    const made = simulator.shipments[0]!;
    expect(made.references).toEqual([upsReferenceOf(REFERENCE)]);
    expect(shipment.pieceTrackingNumbers).toEqual(made.trackingNumbers);
    expect(shipment).toMatchObject({ carrierCode: 'UPS', serviceCode: 'UPS_GROUND', trackingNumber: made.trackingNumbers[0], shipmentId: made.shipmentId });
    for (const n of shipment.pieceTrackingNumbers) expect(n).toMatch(/^1ZA1B2C303\d{7}\d$/);
    expect(upsCheckDigit(shipment.trackingNumber.slice(2, 17))).toBe(shipment.trackingNumber.slice(17));
    const documents = shipment.documents!;
    expect(documents.map((d) => [d.type, d.packageIndex, d.format])).toEqual([
      ['label', 0, 'PNG'],
      ['label', 0, 'ZPL'],
      ['label', 1, 'PNG'],
      ['label', 1, 'ZPL'],
    ]);
    expect(pngSize(documents[0]!.content)).toEqual({ width: 1200, height: 800 });
    expect(documents[1]!.content.toString()).toMatch(new RegExp(`^\\^XA.*${shipment.trackingNumber}.*\\^XZ`));
  });

  it('international goods carry UPS invoice form; a return label is its own shipment under its own reference', async () => {
    const shipment = await upsShip(shipInput(withOptions(international(), { createReturnLabel: true })), api, signal());
    expect(simulator.shipments).toHaveLength(2);
    const [outbound, back] = simulator.shipments;
    expect(back!.returnService).toBe(true);
    expect(back!.references).toEqual([`${upsReferenceOf(REFERENCE)}R`]);
    expect(shipment.returnTrackingNumber).toBe(back!.trackingNumbers[0]);
    expect(shipment.trackingNumber).toBe(outbound!.trackingNumbers[0]);
    expect(shipment.documents!.map((d) => d.type)).toEqual(['label', 'label', 'returnLabel', 'customsInvoice']);
    expect(shipment.documents!.find((d) => d.type === 'customsInvoice')!.content.toString()).toMatch(/^%PDF-/);
    const shipRequest = simulator.received.find((r) => r.path.endsWith('/ship'))!.body as {
      ShipmentRequest: { Shipment: { PaymentInformation: { ShipmentCharge: { Type: string }[] } } };
    };
    expect(shipRequest.ShipmentRequest.Shipment.PaymentInformation.ShipmentCharge.map((c) => c.Type)).toEqual(['01', '02']);
  });

  it('a ship whose answer was lost is found by its reference and adopted on the retry: UPS holds one billable shipment', async () => {
    simulator.failNext('lose-answer');
    await expect(upsShip(shipInput(domestic()), api, signal())).rejects.toBeInstanceOf(LostAnswer);
    expect(simulator.billable()).toHaveLength(1);
    const adopted = await upsShip(shipInput(domestic(), { mayExist: true }), api, signal());
    expect(simulator.billable()).toHaveLength(1);
    expect(adopted.trackingNumber).toBe(simulator.shipments[0]!.trackingNumbers[0]);
    expect(adopted.documents!.map((d) => d.format)).toEqual(['PNG', 'ZPL']);
    // Without the lookup, the same retry would have bought a second shipment: the reason it exists.
    await upsShip(shipInput(domestic()), api, signal());
    expect(simulator.billable()).toHaveLength(2);
  });

  it('two shipments under one reference (a late answer and a retry): the earliest is adopted whole, never both as one', async () => {
    await upsShip(shipInput(domestic()), api, signal());
    await upsShip(shipInput(domestic()), api, signal());
    const adopted = await upsShip(shipInput(domestic(), { mayExist: true }), api, signal());
    expect(adopted.trackingNumber).toBe(simulator.shipments[0]!.trackingNumbers[0]);
    expect(adopted.pieceTrackingNumbers).toEqual(simulator.shipments[0]!.trackingNumbers);
    expect(simulator.billable()).toHaveLength(2);
  });

  it('adoptOnly never buys: NothingToAdopt when UPS holds nothing under the reference', async () => {
    await expect(upsShip(shipInput(domestic(), { adoptOnly: true }), api, signal())).rejects.toBeInstanceOf(NothingToAdopt);
    expect(simulator.received.map((r) => r.method)).toEqual(['GET']);
    expect(simulator.shipments).toHaveLength(0);
  });

  it('finds every package under the reference and its return, in the order UPS made them; a voided one is no longer listed', async () => {
    const first = await upsShip(shipInput(withOptions(domestic(), { createReturnLabel: true })), api, signal());
    const second = await upsShip(shipInput(domestic()), api, signal());
    const found = await upsFindShipments(REFERENCE, plan.account.accountNumber, api, signal());
    expect(found).toEqual([
      { trackingNumber: first.trackingNumber, role: 'outbound' },
      { trackingNumber: second.trackingNumber, role: 'outbound' },
      { trackingNumber: first.returnTrackingNumber, role: 'return' },
    ]);
    await upsVoid({ reference: REFERENCE, trackingNumber: second.trackingNumber, shipmentId: second.trackingNumber }, api, signal());
    expect((await upsFindShipments(REFERENCE, plan.account.accountNumber, api, signal())).map((p) => p.trackingNumber)).not.toContain(second.trackingNumber);
    // Another account's shipments under the same reference are not ours to find.
    expect(await upsFindShipments(REFERENCE, 'Z9Y8X7', api, signal())).toEqual([]);
  });

  it('with mayExist and nothing under the reference, it buys (the search answered 404)', async () => {
    const shipment = await upsShip(shipInput(domestic(), { mayExist: true }), api, signal());
    expect(simulator.received.map((r) => `${r.method} ${r.path.split('/').slice(0, 4).join('/')}`)).toEqual([
      'GET /track/v1/reference',
      'POST /shipments/v2409/ship',
      'POST /labels/v2409/recovery',
    ]);
    expect(shipment.trackingNumber).toBe(simulator.shipments[0]!.trackingNumbers[0]);
  });

  it("UPS's refusal of a request (its 400 with a reason) is the carrier's refusal with UPS's words", async () => {
    const bad = buildUpsShipRequests(shipInput(domestic()));
    const broken = {
      ...bad.shipment,
      ShipmentRequest: { ...bad.shipment.ShipmentRequest, Shipment: { ...bad.shipment.ShipmentRequest.Shipment, Service: { Code: 'TOO-LONG' } } },
    };
    const answer = simulator.send({ method: 'POST', path: '/shipments/v2409/ship', body: broken, retryable: false });
    expect(answer.status).toBe(400);
    expect(JSON.stringify(answer.body)).toContain('/ShipmentRequest/Shipment/Service/Code');
    await expect(upsShip(shipInput(domestic(), { plan: { ...plan, account: { accountNumber: '12345' } } }), api, signal())).rejects.toThrow(CarrierRefusal);
  });
});

describe('UPS track and void over the simulator', () => {
  it('maps UPS status types onto our codes, newest first, with UPS words and status kept in the description', async () => {
    const shipment = await upsShip(shipInput(domestic()), api, signal());
    const ref = { reference: REFERENCE, trackingNumber: shipment.trackingNumber, shipmentId: shipment.shipmentId };
    expect(await upsTrack(ref, api, signal())).toMatchObject({ transitStatus: 'pending', events: [{ code: 'LABEL_CREATED', status: 'pending' }] });
    simulator.advance(shipment.trackingNumber);
    simulator.advance(shipment.trackingNumber);
    const moving = await upsTrack(ref, api, signal());
    expect(moving.transitStatus).toBe('intransit');
    expect(moving.events.map((e) => e.code)).toEqual(['DEPARTED', 'PICKED_UP', 'LABEL_CREATED']);
    expect(moving.events[0]).toMatchObject({ description: 'Departed from Facility (UPS I/DP)', location: 'Mississauga, ON, CA' });
    simulator.advance(shipment.trackingNumber);
    simulator.advance(shipment.trackingNumber);
    expect(await upsTrack(ref, api, signal())).toMatchObject({
      transitStatus: 'delivered',
      events: [{ code: 'DELIVERED' }, { code: 'OUT_FOR_DELIVERY' }, {}, {}, {}],
    });
  });

  it('voids with the shipment id; voiding again succeeds; once picked up UPS refuses with its reason', async () => {
    const first = await upsShip(shipInput(domestic()), api, signal());
    const ref = { reference: REFERENCE, trackingNumber: first.trackingNumber, shipmentId: first.shipmentId };
    await upsVoid(ref, api, signal());
    expect(simulator.billable()).toHaveLength(0);
    await upsVoid(ref, api, signal());
    expect(simulator.received.at(-1)!.path).toBe(`/shipments/v2409/void/cancel/${first.shipmentId}`);
    expect(await upsTrack(ref, api, signal())).toMatchObject({ transitStatus: 'cancelled' });

    const second = await upsShip(shipInput(domestic(), { reference: '0b7a1c9e-2222-4d4d-8e8e-123456789abc' }), api, signal());
    simulator.advance(second.trackingNumber);
    await expect(upsVoid({ reference: 'x', trackingNumber: second.trackingNumber, shipmentId: second.shipmentId }, api, signal())).rejects.toThrow(
      new CarrierRefusal('UPS', '190101: The shipment cannot be voided: it is already in the UPS network'),
    );
  });
});

describe('UPS rate over the simulator', () => {
  it('the rate request passes the Rating schema and the quotes are read', async () => {
    const quotes = await upsRate(buildRate({ request: domestic(), plan, services: [] }), api, signal());
    expect(quotes.map((q) => q.serviceCode)).toEqual(['UPS_GROUND', 'UPS_3_DAY_SELECT', 'UPS_2ND_DAY_AIR', 'UPS_NEXT_DAY_AIR_SAVER', 'UPS_NEXT_DAY_AIR']);
    const abroad = await upsRate(
      buildRate({
        request: rateRequest({ recipient: newYorkRecipient, internationalOptions: { declaredValue: { value: 100, currency: 'CAD' } } }),
        plan,
        services: [],
      }),
      api,
      signal(),
    );
    expect(abroad.map((q) => q.serviceCode)).toContain('UPS_STANDARD');
  });
});

describe('the simulator itself', () => {
  it('draws decodable GIF labels', () => {
    const gif = labelGif('1ZA1B2C30300000017');
    const reader = new GifReader(new Uint8Array(gif));
    expect([reader.width, reader.height]).toEqual([1200, 800]);
  });
});
