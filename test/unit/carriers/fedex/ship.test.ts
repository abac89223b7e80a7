/**
 * FedEx Ship, cancel and Track: every request the builders make validates
 * against its operation's request schema, and the parsers read the
 * simulator's answers, which validate against the response schemas.
 */
import { CarrierError, CarrierRefusal, type ShipInput } from '../../../../shared/domain/carrier';
import { buildFedexCancel, buildFedexShipRequests, fedexReferenceOf, fedexShipmentOf, parseFedexShip, returnOf } from '../../../../shared/carriers/fedex/ship';
import {
  buildFedexReferenceSearch,
  buildFedexTrack,
  fedexEventCodeOf,
  parseFedexCancel,
  parseFedexReferenceSearch,
  parseFedexTrack,
} from '../../../../shared/carriers/fedex/track';
import type { RateRequest } from '../../../../shared/domain/rate/schema';
import { expectValid, FEDEX_OPERATIONS, requestValidator, responseValidator, type FedexOperation } from '../../../../local/fedex/spec';
import type { FedexAnswer, FedexApi } from '../../../../shared/carriers/fedex/api';
import { fedexShip } from '../../../../shared/carriers/fedex/operations';
import { londonRecipient, newYorkRecipient, piece, rateRequest, withOptions } from '../fixtures';
import { describeWithFedexDocuments } from '../../local/fedex/documents-present';
import { signedIn } from '../../local/fedex/simulator-fixtures';
import { ACCOUNT, TODAY } from '../../local/fedex/fixtures';
import { fedexPlan } from './fixtures';

const REFERENCE = '0b5e2f4c-3f1d-4c3e-9a57-6f1f2d1c9e01';
const montreal = {
  personName: 'Félix Tremblay',
  addressLine1: '1000 Rue De La Gauchetière O',
  city: 'Montréal',
  provinceCode: 'QC',
  postalCode: 'H3B 4W5',
  countryCode: 'CA',
  phoneNumber: '514 555 0199',
};
const invoice = {
  currency: 'CAD',
  invoiceItems: [{ description: 'Brake pads', quantity: 4, value: 37.5, weight: 1.2, hsCode: '8708.30', countryOfManufacture: 'CA' }],
};
const dated = (request: RateRequest) => withOptions(request, { shippingDate: TODAY });
const shipInput = (request: RateRequest, overrides: Partial<ShipInput> = {}): ShipInput => ({
  reference: REFERENCE,
  request: dated(request),
  plan: fedexPlan(),
  serviceCode: 'FEDEX_GROUND',
  shipTime: `${TODAY}T15:00:00.000Z`,
  ...overrides,
});

const CASES: Array<[string, ShipInput]> = [
  ['one piece by Ground, PDF', shipInput(rateRequest())],
  [
    'three pieces by Priority Overnight, ZPL',
    shipInput(rateRequest({ packages: { unitOfMeasure: 'metric', pieces: [piece('GENERIC_BOX', { quantity: 3, weight: 2 })] } }), {
      serviceCode: 'FEDEX_PRIORITY_OVERNIGHT',
      labelFormat: 'ZPL',
    }),
  ],
  [
    'to Québec, residential, insured',
    shipInput(withOptions(rateRequest({ recipient: { ...montreal, residential: true } }), { insurance: { amount: 250, currency: 'CAD' } })),
  ],
  [
    'transborder goods with their invoice, duties to the recipient',
    shipInput(rateRequest({ recipient: newYorkRecipient, commercialInvoice: invoice }), { serviceCode: 'FEDEX_INTERNATIONAL_PRIORITY' }),
  ],
  [
    'abroad, duties to a third party',
    shipInput(
      rateRequest({
        recipient: londonRecipient,
        commercialInvoice: invoice,
        internationalOptions: { billDutyTo: 'thirdParty', dutyAccountNumber: '510087020' },
      }),
      { serviceCode: 'FEDEX_INTERNATIONAL_ECONOMY' },
    ),
  ],
  [
    'abroad, documents only',
    shipInput(rateRequest({ recipient: londonRecipient, internationalOptions: { documentsOnly: true } }), { serviceCode: 'FEDEX_INTERNATIONAL_PRIORITY' }),
  ],
  ['with a return label', shipInput(withOptions(rateRequest(), { createReturnLabel: true }))],
];

describeWithFedexDocuments('FedEx ship, cancel and track requests (contract: Ship, Track)', () => {
  const ship = requestValidator('ship');

  it.each(CASES)('%s: validates against the document', (_name, input) => {
    const requests = buildFedexShipRequests(input);
    expectValid(ship, requests.shipment);
    if (requests.returnShipment) expectValid(ship, returnOf(requests.returnShipment, '794600000019'));
  });

  it('puts our reference on every piece, in a form FedEx takes by Ground (at most 30 characters)', () => {
    const requests = buildFedexShipRequests(CASES[1]![1]);
    const ours = fedexReferenceOf(REFERENCE);
    expect(ours).toMatch(/^[A-Z2-7]{26}$/);
    expect(fedexReferenceOf(REFERENCE)).toBe(ours);
    expect(fedexReferenceOf('7c9d3a10-8e2b-4f6a-b1c4-2d5e6f7a8b90')).not.toBe(ours);
    expect(fedexReferenceOf('not-a-uuid')).toMatch(/^[A-Z2-7]{26}$/);
    expect(requests.shipment.requestedShipment.requestedPackageLineItems.map((p) => p.customerReferences)).toEqual(
      Array.from({ length: 3 }, () => [{ customerReferenceType: 'CUSTOMER_REFERENCE', value: ours }]),
    );
    expect(requests.packageCount).toBe(3);
  });

  it('asks one label encoding: ZPL II on 4×6 stock when asked first, else PDF on 4×6 paper', () => {
    expect(buildFedexShipRequests(CASES[0]![1]).shipment.requestedShipment.labelSpecification).toEqual({ imageType: 'PDF', labelStockType: 'PAPER_4X6' });
    expect(buildFedexShipRequests(CASES[1]![1]).shipment.requestedShipment.labelSpecification).toEqual({ imageType: 'ZPLII', labelStockType: 'STOCK_4X6' });
  });

  it('refuses a service FedEx does not have, and a party without a phone', () => {
    expect(() => buildFedexShipRequests(shipInput(rateRequest(), { serviceCode: 'UPS_GROUND' }))).toThrow(CarrierRefusal);
    const { phoneNumber: _omitted, ...shipper } = rateRequest().shipper;
    expect(() => buildFedexShipRequests(shipInput(rateRequest({ shipper })))).toThrow(/phone/);
  });

  it('validates the cancel, track and reference search requests', () => {
    expectValid(requestValidator('cancel'), buildFedexCancel(ACCOUNT, '794600000019'));
    expectValid(requestValidator('trackNumbers'), buildFedexTrack('794600000019'));
    expectValid(requestValidator('trackReferences'), buildFedexReferenceSearch(fedexReferenceOf(REFERENCE), ACCOUNT, '2026-10-26', '2026-12-03'));
  });
});

describeWithFedexDocuments('FedEx ship, cancel and track answers', () => {
  const shipThrough = (input: ShipInput) => {
    const sim = signedIn();
    const requests = buildFedexShipRequests(input);
    const answer = sim.call('ship', requests.shipment);
    expect(answer).toMatchObject({ status: 200 });
    expectValid(responseValidator('ship', 200), answer.body);
    return { sim, requests, shipped: parseFedexShip(answer.body) };
  };

  it('ships three pieces as one shipment: the master is the order’s number, a FedEx ZPL label a package', () => {
    const input = CASES[1]![1];
    const { shipped } = shipThrough(input);
    const shipment = fedexShipmentOf(input, shipped);
    expect(shipment.pieceTrackingNumbers).toHaveLength(3);
    expect(shipment.trackingNumber).toBe(shipment.pieceTrackingNumbers[0]);
    expect(shipment.trackingNumber).toBe(shipped.masterTrackingNumber);
    const labels = shipment.documents!.filter((d) => d.type === 'label');
    expect(labels.map((d) => [d.packageIndex, d.format])).toEqual([
      [0, 'ZPL'],
      [1, 'ZPL'],
      [2, 'ZPL'],
    ]);
    expect(labels[0]!.content.toString('latin1')).toMatch(/^\^XA/);
  });

  it('ships one piece with a FedEx PDF label of 4×6, and goods with FedEx’s commercial invoice', () => {
    const { shipped } = shipThrough(CASES[3]![1]);
    const shipment = fedexShipmentOf(CASES[3]![1], shipped);
    const label = shipment.documents!.find((d) => d.type === 'label')!;
    expect(label.format).toBe('PDF');
    expect(label.content.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(shipment.documents!.find((d) => d.type === 'customsInvoice')?.format).toBe('PDF');
    expect(shipment.customs).toEqual({ declarationNumber: shipment.trackingNumber, documentsOnly: false });
  });

  it('makes the return a shipment of its own tied to the outbound master', () => {
    const input = CASES[6]![1];
    const { sim, requests, shipped } = shipThrough(input);
    const answer = sim.call('ship', returnOf(requests.returnShipment!, shipped.masterTrackingNumber));
    expect(answer).toMatchObject({ status: 200 });
    const shipment = fedexShipmentOf(input, shipped, parseFedexShip(answer.body));
    expect(shipment.returnTrackingNumber).toMatch(/^\d{12}$/);
    expect(shipment.documents!.find((d) => d.type === 'returnLabel')?.format).toBe('PDF');
  });

  it('takes Québec as PQ without FedEx changing it (no NOTE alert)', () => {
    const { sim, requests } = shipThrough(CASES[2]![1]);
    expect(JSON.stringify(sim.simulator.shipments.at(-1))).toContain('"stateOrProvinceCode":"PQ"');
    expect(JSON.stringify(sim.call('ship', requests.shipment).body)).not.toContain('STATEORPROVINCECODE.CHANGED');
  });

  it('tracks: FedEx’s codes mapped to ours, newest first, and the reference search finds the pieces', () => {
    const { sim, shipped } = shipThrough(CASES[1]![1]);
    const track = () => {
      const answer = sim.call('trackNumbers', buildFedexTrack(shipped.masterTrackingNumber));
      expectValid(responseValidator('trackNumbers', 200), answer.body);
      return parseFedexTrack(answer.body, shipped.masterTrackingNumber);
    };
    expect(track()).toMatchObject({ transitStatus: 'pending', events: [{ code: 'LABEL_CREATED', status: 'pending' }] });
    sim.simulator.advance(shipped.masterTrackingNumber);
    sim.simulator.advance(shipped.masterTrackingNumber);
    const moving = track();
    expect(moving.transitStatus).toBe('intransit');
    expect(moving.events.map((e) => e.code)).toEqual(['DEPARTED', 'ARRIVED', 'PICKED_UP', 'LABEL_CREATED']);
    expect(moving.events[0]!.location).toMatch(/, CA$/);
    const found = sim.call('trackReferences', buildFedexReferenceSearch(fedexReferenceOf(REFERENCE), ACCOUNT, TODAY, TODAY));
    expectValid(responseValidator('trackReferences', 200), found.body);
    expect(parseFedexReferenceSearch(found.body)).toEqual(shipped.pieces.map((p) => p.trackingNumber));
    const none = sim.call('trackReferences', buildFedexReferenceSearch('NOTHINGHERE', ACCOUNT, TODAY, TODAY));
    expect(parseFedexReferenceSearch(none.body)).toEqual([]);
  });

  it('cancels before tender; a cancelled shipment leaves the reference search and tracks as cancelled', () => {
    const { sim, shipped } = shipThrough(CASES[0]![1]);
    const answer = sim.call('cancel', buildFedexCancel(ACCOUNT, shipped.masterTrackingNumber));
    expectValid(responseValidator('cancel', 200), answer.body);
    expect(() => parseFedexCancel(answer.body)).not.toThrow();
    const found = sim.call('trackReferences', buildFedexReferenceSearch(fedexReferenceOf(REFERENCE), ACCOUNT, TODAY, TODAY));
    expect(parseFedexReferenceSearch(found.body)).toEqual([]);
    expect(parseFedexTrack(sim.call('trackNumbers', buildFedexTrack(shipped.masterTrackingNumber)).body, shipped.masterTrackingNumber).transitStatus).toBe(
      'cancelled',
    );
  });

  it('maps every FedEx status code the simulator gives, and any other scan as a move in transit', () => {
    expect(['OC', 'PU', 'AR', 'DP', 'OD', 'DL', 'CA', 'DE', 'ZZ'].map((c) => fedexEventCodeOf(c).code)).toEqual([
      'LABEL_CREATED',
      'PICKED_UP',
      'ARRIVED',
      'DEPARTED',
      'OUT_FOR_DELIVERY',
      'DELIVERED',
      'CANCELLED',
      'EXCEPTION',
      'ARRIVED',
    ]);
  });

  it('refuses malformed answers: a label that is not base64, a label in a format not asked, an unknown number', () => {
    const answer = (doc: Record<string, unknown>) => ({
      output: {
        transactionShipments: [
          { masterTrackingNumber: '794600000019', pieceResponses: [{ trackingNumber: '794600000019', packageDocuments: [{ contentType: 'LABEL', ...doc }] }] },
        ],
      },
    });
    expect(() => parseFedexShip(answer({ docType: 'PDF', encodedLabel: 'not base64!' }))).toThrow(CarrierError);
    expect(() => parseFedexShip(answer({ docType: 'PNG', encodedLabel: 'AAAA' }))).toThrow(/not asked/);
    expect(() => parseFedexShip({ output: { transactionShipments: [] } })).toThrow(/malformed ship response/);
    const sim = signedIn();
    expect(() => parseFedexTrack(sim.call('trackNumbers', buildFedexTrack('794600000019')).body, '794600000019')).toThrow(/no tracking/);
  });
});

describeWithFedexDocuments('FedEx ship failing part-way', () => {
  /** The connector's operations over the simulator, `refuse` answering in its place where it says so. */
  const apiOver = (sim: ReturnType<typeof signedIn>, refuse: (path: string, body: unknown) => FedexAnswer | undefined): FedexApi => ({
    mode: 'test',
    scrub: (text) => text,
    send: async ({ method, path, body }) => {
      const refused = refuse(path, body);
      if (refused) return refused;
      const operation = (Object.keys(FEDEX_OPERATIONS) as FedexOperation[]).find(
        (o) => FEDEX_OPERATIONS[o].method === method && FEDEX_OPERATIONS[o].path === path,
      );
      return sim.call(operation as Exclude<FedexOperation, 'token'>, body);
    },
  });
  const signal = new AbortController().signal;

  it('the return refused: the outbound is cancelled and the ship fails as a carrier error, nothing left billable', async () => {
    const sim = signedIn();
    const api = apiOver(sim, (path, body) =>
      path === '/ship/v1/shipments' && JSON.stringify(body).includes('RETURN_SHIPMENT')
        ? { status: 400, body: { transactionId: 't', errors: [{ code: 'RETURN.REFUSED', message: 'no return here' }] } }
        : undefined,
    );
    const error = await fedexShip(CASES[6]![1], api, signal).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CarrierError);
    expect(error).not.toBeInstanceOf(CarrierRefusal);
    expect((error as Error).message).toMatch(/not its return label .*RETURN.REFUSED.*was cancelled/);
    expect(sim.simulator.shipments).toHaveLength(1);
    expect(sim.simulator.billable()).toHaveLength(0);
  });

  it('FedEx answering fewer pieces than asked: what it made is cancelled', async () => {
    const sim = signedIn();
    const api: FedexApi = {
      ...apiOver(sim, () => undefined),
      send: async (request, s) => {
        const answer = await apiOver(sim, () => undefined).send(request, s);
        if (request.path !== '/ship/v1/shipments') return answer;
        const body = answer.body as { output: { transactionShipments: Array<{ pieceResponses: unknown[] }> } };
        body.output.transactionShipments[0]!.pieceResponses.splice(1);
        return answer;
      },
    };
    await expect(fedexShip(CASES[1]![1], api, signal)).rejects.toThrow(/answered 1 packages for a shipment of 3; FedEx shipment \d{12} was cancelled/);
    expect(sim.simulator.billable()).toHaveLength(0);
  });
});
