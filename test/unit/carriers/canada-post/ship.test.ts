/**
 * Canada Post shipping documents: Create Shipment against shipment.xsd,
 * Create Non-Contract Shipment against ncshipment.xsd, the refund requests,
 * and the answers the operations read (shipment-info, shipments,
 * non-contract-shipment-info, tracking-detail, messages), each validated
 * against its schema before it is parsed.
 */
import { canadaPostXmlProblems } from '../../../../local/canada-post/xsd';
import {
  buildCanadaPostShipRequest,
  groupIdOf,
  hsTariffOf,
  parseShipmentInfo,
  parseShipmentLinks,
  refundRequestXml,
} from '../../../../shared/carriers/canada-post/ship';
import { canadaPostEventOf, occurredAtOf, parseCanadaPostTrack } from '../../../../shared/carriers/canada-post/track';
import { bodyOf, messagesOf } from '../../../../shared/carriers/canada-post/messages';
import { CarrierError, CarrierRefusal } from '../../../../shared/domain/carrier';
import { describeWithCanadaPostSchemas } from '../../../support/canada-post-xsd';
import { londonRecipient, newYorkRecipient, piece, rateRequest, withOptions } from '../fixtures';
import { BASE, CONTRACT, messages, montreal, nonContractInfo, REF32, shipInputOf, shipmentInfo, shipments, trackingDetail } from './fixtures';

const invoice = {
  currency: 'CAD',
  invoiceItems: [
    { description: 'Wool scarf', quantity: 2, value: 45.5, weight: 1.2, hsCode: '6117.10.0010', countryOfManufacture: 'ca' },
    { description: 'Maple syrup 500 ml', quantity: 3, value: 12, weight: 3.3 },
  ],
};
const domestic = () => rateRequest({ recipient: montreal });
const toUs = () => rateRequest({ recipient: { ...newYorkRecipient, phoneNumber: '+1 212 555 0199' }, commercialInvoice: invoice });
const abroad = () =>
  rateRequest({
    recipient: { ...londonRecipient, phoneNumber: '+44 20 7946 0000' },
    commercialInvoice: invoice,
    internationalOptions: { exportType: 'repair' },
  });

describeWithCanadaPostSchemas('Canada Post shipping documents against their schemas', () => {
  it.each([
    ['contract, domestic', domestic(), 'CANADAPOST_XPRESSPOST', CONTRACT],
    [
      'contract, domestic, return label, signature, insured',
      withOptions(domestic(), { createReturnLabel: true, signature: 'required', insurance: { amount: 200, currency: 'CAD' } }),
      'CANADAPOST_EXPEDITED_PARCEL',
      CONTRACT,
    ],
    ['contract, to the United States with customs', toUs(), 'CANADAPOST_XPRESSPOST_USA', CONTRACT],
    [
      'contract, third-party billing',
      rateRequest({ recipient: montreal, billingOptions: { type: 'thirdParty', thirdPartyShipperNumber: '1234567' } }),
      'CANADAPOST_PRIORITY',
      CONTRACT,
    ],
    ['non-contract, domestic', domestic(), 'CANADAPOST_REGULAR_PARCEL', undefined],
    ['non-contract, international with customs', abroad(), 'CANADAPOST_INTERNATIONAL_PARCEL_AIR', undefined],
  ])('%s', async (_name, request, service, contractId) => {
    const built = buildCanadaPostShipRequest(shipInputOf(request, service), contractId);
    expect(await canadaPostXmlProblems(built.xml, contractId ? 'shipment.xsd' : 'ncshipment.xsd')).toEqual([]);
  });

  it.each([
    ['contract', CONTRACT],
    ['non-contract', undefined],
  ])('%s, an order of three parcels (a piece of quantity 2, another): one shipment each, its own parcel and reference', async (_name, contractId) => {
    const request = rateRequest({
      recipient: montreal,
      packages: { unitOfMeasure: 'metric', pieces: [piece('GENERIC_BOX', { quantity: 2, weight: 2 }), piece('GENERIC_BOX', { weight: 7 })] },
    });
    const built = [0, 1, 2].map((parcel) => buildCanadaPostShipRequest(shipInputOf(request, 'CANADAPOST_EXPEDITED_PARCEL'), contractId, parcel));
    expect(built.map((b) => [b.reference, b.parcel, b.parcels])).toEqual([
      [`${REF32}-1`, 0, 3],
      [`${REF32}-2`, 1, 3],
      [`${REF32}-3`, 2, 3],
    ]);
    expect(built.map((b) => /<weight>([^<]+)<\/weight>/.exec(b.xml)![1])).toEqual(['2.000', '2.000', '7.000']);
    for (const b of built) {
      expect(b.xml).toContain(`<customer-ref-1>${b.reference}</customer-ref-1>`);
      if (contractId) expect(b.xml).toContain(`<customer-request-id>${b.reference}</customer-request-id>`);
      expect(await canadaPostXmlProblems(b.xml, contractId ? 'shipment.xsd' : 'ncshipment.xsd')).toEqual([]);
    }
  });

  it('contract, a ZPL label asked first: 4x6 thermal', async () => {
    const built = buildCanadaPostShipRequest({ ...shipInputOf(domestic(), 'CANADAPOST_XPRESSPOST'), labelFormat: 'ZPL' }, CONTRACT);
    expect(built.xml).toContain('<print-preferences><output-format>4x6</output-format><encoding>ZPL</encoding></print-preferences>');
    expect(await canadaPostXmlProblems(built.xml, 'shipment.xsd')).toEqual([]);
  });

  it('refund requests validate', async () => {
    expect(await canadaPostXmlProblems(refundRequestXml('contract', 'ops@example.com'), 'shipment.xsd')).toEqual([]);
    expect(await canadaPostXmlProblems(refundRequestXml('nonContract', 'ops@example.com'), 'ncshipment.xsd')).toEqual([]);
  });

  it('reads shipment-info, shipments and non-contract-shipment-info answers that follow the schemas', async () => {
    const info = shipmentInfo('340531309186521749', '123456789012', { requestId: REF32, returnPin: '123456789013' });
    const list = shipments(`${BASE}/rs/2004381/2004381/shipment/340531309186521749`);
    const nc = nonContractInfo('406951321983787352', '123456789012');
    expect(await canadaPostXmlProblems(info, 'shipment.xsd')).toEqual([]);
    expect(await canadaPostXmlProblems(list, 'shipment.xsd')).toEqual([]);
    expect(await canadaPostXmlProblems(nc, 'ncshipment.xsd')).toEqual([]);
    expect(parseShipmentInfo(info)).toMatchObject({
      shipmentId: '340531309186521749',
      status: 'created',
      trackingPin: '123456789012',
      returnTrackingPin: '123456789013',
    });
    expect(parseShipmentInfo(info).links.find((l) => l.rel === 'label')).toEqual({
      rel: 'label',
      href: `${BASE}/ers/artifact/6e93d53968881714/3405313091865217491/0`,
      mediaType: 'application/pdf',
      index: 0,
    });
    expect(parseShipmentLinks(list)).toHaveLength(1);
    expect(parseShipmentInfo(nc).links.map((l) => l.rel)).toEqual(['self', 'details', 'receipt', 'refund', 'label']);
  });

  it('reads tracking-detail answers that follow track.xsd, events newest first', async () => {
    const answer = trackingDetail('1371134583769923', [
      ['0174', '2025-06-06', '08:15:00', 'EDT', 'Item out for delivery', 'MONTREAL', 'QC'],
      ['3000', '2025-06-04', '10:02:11', 'EDT', 'Electronic information submitted by shipper'],
      ['1302', '2025-06-04', '16:40:00', 'EDT', 'Item accepted at the Post Office', 'TORONTO', 'ON'],
      ['1496', '2025-06-06', '14:21:09', 'EDT', 'Delivered', 'MONTREAL', 'QC'],
    ]);
    expect(await canadaPostXmlProblems(answer, 'track.xsd')).toEqual([]);
    const tracking = parseCanadaPostTrack(answer, '1371134583769923');
    expect(tracking.transitStatus).toBe('delivered');
    expect(tracking.expectedDeliveryDate).toBe('2025-06-06');
    expect(tracking.events.map((e) => [e.code, e.status, e.occurredAt])).toEqual([
      ['DELIVERED', 'delivered', '2025-06-06T18:21:09.000Z'],
      ['OUT_FOR_DELIVERY', 'intransit', '2025-06-06T12:15:00.000Z'],
      ['PICKED_UP', 'intransit', '2025-06-04T20:40:00.000Z'],
      ['LABEL_CREATED', 'pending', '2025-06-04T14:02:11.000Z'],
    ]);
    expect(tracking.events[0]).toMatchObject({ description: 'Delivered (Canada Post 1496)', location: 'MONTREAL, QC, CA' });
    const none = trackingDetail('1371134583769923', [], '');
    expect(await canadaPostXmlProblems(none, 'track.xsd')).toEqual([]);
    expect(parseCanadaPostTrack(none, '1371134583769923')).toEqual({ trackingNumber: '1371134583769923', transitStatus: 'pending', events: [] });
  });

  it('reads the messages document of an error (messages.xsd)', async () => {
    const error = messages(['8064', 'A shipment can only be void if it is in a PROCESSED or PRINTED state.']);
    expect(await canadaPostXmlProblems(error, 'messages.xsd')).toEqual([]);
    const answer = (status: number) => ({ status, contentType: 'application/vnd.cpc.shipment-v8+xml', body: Buffer.from(error) });
    expect(messagesOf(answer(400))).toEqual([{ code: '8064', description: 'A shipment can only be void if it is in a PROCESSED or PRINTED state.' }]);
    expect(() => bodyOf(answer(400), 'void the shipment')).toThrow(CarrierRefusal);
    expect(() => bodyOf(answer(400), 'void the shipment')).toThrow(/8064: A shipment can only be void/);
    expect(() => bodyOf(answer(503), 'void the shipment')).toThrow(CarrierError);
  });
});

describe('Canada Post shipping: rules', () => {
  it('carries our reference as customer-request-id and customer-ref-1, and joins the mailing date’s group', () => {
    const built = buildCanadaPostShipRequest(shipInputOf(domestic()), CONTRACT);
    expect(built).toMatchObject({ kind: 'contract', reference: REF32, path: '/rs/2004381/2004381/shipment', mediaType: 'application/vnd.cpc.shipment-v8+xml' });
    expect(built.xml).toContain(`<customer-request-id>${REF32}</customer-request-id><group-id>shipping-api-20250604</group-id>`);
    expect(built.xml).toContain(`<customer-ref-1>${REF32}</customer-ref-1>`);
    expect(built.xml).toContain('<encoding>PDF</encoding>');
    expect(built.xml).toContain(`<contract-id>${CONTRACT}</contract-id><intended-method-of-payment>Account</intended-method-of-payment>`);
    expect(groupIdOf('2025-12-31').length).toBeLessThanOrEqual(32);
  });

  it('makes a non-contract shipment without a contract id', () => {
    const built = buildCanadaPostShipRequest(shipInputOf(domestic(), 'CANADAPOST_REGULAR_PARCEL'), undefined);
    expect(built).toMatchObject({ kind: 'nonContract', path: '/rs/2004381/ncshipment', mediaType: 'application/vnd.cpc.ncshipment-v4+xml' });
    expect(built.xml).not.toContain('settlement-info');
    expect(built.xml).not.toContain('print-preferences');
    // Canada Post gives a non-contract shipment no choice of encoding: a ZPL asked first changes nothing.
    expect(buildCanadaPostShipRequest({ ...shipInputOf(domestic(), 'CANADAPOST_REGULAR_PARCEL'), labelFormat: 'ZPL' }, undefined).xml).toBe(built.xml);
  });

  it('declares customs from the commercial invoice: units, unit weight in kg, unit value, tariff, origin, reason', () => {
    const xml = buildCanadaPostShipRequest(shipInputOf(abroad(), 'CANADAPOST_INTERNATIONAL_PARCEL_AIR'), CONTRACT).xml;
    expect(xml).toContain('<currency>CAD</currency><reason-for-export>REP</reason-for-export>');
    // 1.2 lb for the line of 2 → 0.272 kg a unit; value is a unit value.
    expect(xml).toContain(
      '<customs-number-of-units>2</customs-number-of-units><customs-description>Wool scarf</customs-description><hs-tariff-code>6117.10.00.10</hs-tariff-code><unit-weight>0.272</unit-weight><customs-value-per-unit>45.50</customs-value-per-unit><country-of-origin>CA</country-of-origin>',
    );
    expect(hsTariffOf('611710')).toBe('6117.10');
    expect(hsTariffOf('12')).toBeUndefined();
    const docs = buildCanadaPostShipRequest(
      shipInputOf({ ...abroad(), internationalOptions: { documentsOnly: true } }, 'CANADAPOST_INTERNATIONAL_PARCEL_AIR'),
      CONTRACT,
    );
    expect(docs.xml).toContain('<reason-for-export>DOC</reason-for-export>');
    expect(docs.documentsOnly).toBe(true);
  });

  it.each([
    ['a service of another destination', shipInputOf(domestic(), 'CANADAPOST_XPRESSPOST_USA'), CONTRACT, /does not go to CA/],
    ['an unknown service', shipInputOf(domestic(), 'UPS_GROUND'), CONTRACT, /does not offer/],
    ['goods abroad without an invoice', shipInputOf({ ...toUs(), commercialInvoice: undefined }, 'CANADAPOST_XPRESSPOST_USA'), CONTRACT, /customs declaration/],
    [
      'customs in USD',
      shipInputOf({ ...toUs(), commercialInvoice: { ...invoice, currency: 'USD' } }, 'CANADAPOST_XPRESSPOST_USA'),
      CONTRACT,
      /currency other|another currency/,
    ],
    [
      'duties billed to the sender',
      shipInputOf({ ...toUs(), internationalOptions: { billDutyTo: 'sender' } }, 'CANADAPOST_XPRESSPOST_USA'),
      CONTRACT,
      /recipient only/,
    ],
    [
      'a return label without a contract',
      shipInputOf(withOptions(domestic(), { createReturnLabel: true }), 'CANADAPOST_REGULAR_PARCEL'),
      undefined,
      /return label/,
    ],
    ['a return label abroad', shipInputOf(withOptions(toUs(), { createReturnLabel: true }), 'CANADAPOST_XPRESSPOST_USA'), CONTRACT, /return label/],
    [
      'third-party billing without a contract',
      shipInputOf(rateRequest({ recipient: montreal, billingOptions: { type: 'thirdParty', thirdPartyShipperNumber: '1234567' } }), 'CANADAPOST_PRIORITY'),
      undefined,
      /contract account/,
    ],
    [
      'a shipper without a phone',
      shipInputOf(rateRequest({ recipient: montreal, shipper: { ...rateRequest().shipper, phoneNumber: undefined } })),
      CONTRACT,
      /phoneNumber/,
    ],
    ['a recipient abroad without a phone', shipInputOf({ ...toUs(), recipient: newYorkRecipient }, 'CANADAPOST_XPRESSPOST_USA'), CONTRACT, /phoneNumber/],
    [
      'two parcels and a return label',
      shipInputOf(
        withOptions(rateRequest({ recipient: montreal, packages: { unitOfMeasure: 'metric', pieces: [piece('GENERIC_BOX', { quantity: 2 })] } }), {
          createReturnLabel: true,
        }),
      ),
      CONTRACT,
      /order of one parcel only/,
    ],
    [
      'two parcels abroad',
      shipInputOf({ ...toUs(), packages: { unitOfMeasure: 'metric', pieces: [piece('GENERIC_BOX'), piece('GENERIC_BOX')] } }, 'CANADAPOST_XPRESSPOST_USA'),
      CONTRACT,
      /within Canada only/,
    ],
  ])('refuses %s as a CarrierRefusal', (_name, input, contractId, reason) => {
    expect(() => buildCanadaPostShipRequest(input, contractId)).toThrow(CarrierRefusal);
    expect(() => buildCanadaPostShipRequest(input, contractId)).toThrow(reason);
  });

  it('reads malformed shipment answers as CarrierErrors', () => {
    expect(() => parseShipmentInfo('<shipment-info xmlns="http://www.canadapost.ca/ws/shipment-v8"><shipment-id>1</shipment-id></shipment-info>')).toThrow(
      CarrierError,
    );
    expect(() => parseShipmentInfo(shipmentInfo('1', 'PIN!'))).toThrow(/malformed shipment answer/);
    expect(() => parseShipmentInfo('<<<')).toThrow(CarrierError);
    expect(() => parseCanadaPostTrack('<tracking-detail xmlns="http://www.canadapost.ca/ws/track"><pin>1</pin></tracking-detail>', '1')).toThrow(CarrierError);
  });

  it('maps event identifiers and zones: exceptions, unknown codes in transit, unknown zones as UTC', () => {
    const event = (id: string) =>
      canadaPostEventOf({ 'event-identifier': id, 'event-date': '2025-06-05', 'event-time': '09:00:00', 'event-time-zone': 'PST', 'event-description': 'x' });
    expect([event('0167'), event('1415'), event('0810')].map((e) => e.code)).toEqual(['EXCEPTION', 'EXCEPTION', 'EXCEPTION']);
    expect(event('4500')).toMatchObject({ code: 'ARRIVED', status: 'intransit', occurredAt: '2025-06-05T17:00:00.000Z' });
    expect(occurredAtOf('2025-06-05', '09:00', 'ISRAEL')).toBe('2025-06-05T09:00:00.000Z');
    expect(occurredAtOf('2025-01-05', '09:00:00', 'NST')).toBe('2025-01-05T12:30:00.000Z');
  });
});
