/**
 * The local FedEx (local/fedex/simulator.ts) through its `send`, as the mock
 * server hands requests over: tokens and their accounts, FedEx's error
 * document, rating by lane with account and list rates, ship (single and
 * multi-piece, PDF and ZPL labels, customs, returns), tracking that moves on
 * `advance`, cancel until tendered, Track by reference before and after
 * tender, the Ground close and its manifest, addresses, pickups, Québec, and
 * faults. The simulator validates its own answers; the tests check them
 * against the documents again, and read what they carry.
 */
import { PDFDocument } from '@cantoo/pdf-lib';
import {
  FEDEX_STAGES,
  fedexCheckDigit,
  fedexCheckDigitHolds,
  LateAnswer,
  LostAnswer,
  MAX_TRACKING_NUMBERS,
  type FedexSimAnswer,
  type FedexSimulator,
} from '../../../../local/fedex/simulator';
import { problemsOf, responseValidator, type FedexOperation } from '../../../../local/fedex/spec';
import { describeWithFedexDocuments } from './documents-present';
import {
  ACCOUNT,
  MONTREAL,
  NOW,
  OTHER_ACCOUNT,
  PARIS,
  SEATTLE,
  TODAY,
  TORONTO,
  VANCOUVER,
  piece,
  rateBody,
  reference,
  referenceBody,
  shipBody,
  trackBody,
} from './fixtures';
import { CLIENT, signedIn, simulatorAt, tokenRequest } from './simulator-fixtures';

/* eslint-disable @typescript-eslint/no-explicit-any -- the tests read answers the document's schema has just validated */

const body = (a: FedexSimAnswer) => a.body as any;
const errorsOf = (a: FedexSimAnswer) => (a.body as { errors: { code: string; message: string }[] }).errors;
const expectAnswerValid = (operation: FedexOperation, a: FedexSimAnswer) => expect(problemsOf(responseValidator(operation, a.status), a.body)).toEqual([]);

const shipOf = (a: FedexSimAnswer) => body(a).output.transactionShipments[0];
const labelOf = (pieceResponse: any) => Buffer.from(pieceResponse.packageDocuments[0].encodedLabel, 'base64');
const cancelBody = (trackingNumber: string, account = ACCOUNT) => ({ accountNumber: { value: account }, trackingNumber });
const closeBody = (closeDate = TODAY, account = ACCOUNT) => ({
  closeReqType: 'GCDR',
  groundServiceCategory: 'GROUND',
  accountNumber: { value: account },
  closeDate,
});

describeWithFedexDocuments('the FedEx simulator: tokens and FedEx error document', () => {
  it('client credentials give a bearer token of an hour in the document Response shape; an API call without it is 401 NOT.AUTHORIZED.ERROR', () => {
    const simulator = simulatorAt();
    const answer = simulator.send(tokenRequest());
    expect(answer.status).toBe(200);
    expectAnswerValid('token', answer);
    expect(body(answer)).toEqual({ access_token: expect.stringMatching(/^[\w-]{32}$/), token_type: 'bearer', expires_in: 3600, scope: 'CXS' });
    const without = simulator.send({ method: 'POST', path: '/rate/v1/rates/quotes', headers: { 'content-type': 'application/json' }, body: rateBody() });
    expect(without.status).toBe(401);
    expectAnswerValid('rate', without);
    expect(errorsOf(without)).toEqual([{ code: 'NOT.AUTHORIZED.ERROR', message: 'Access token expired. Please modify your request and try again.' }]);
  });

  it('the token takes the form as a server reads it too (text), and refuses a wrong secret, a missing field, an unknown grant and a JSON content type', () => {
    const simulator = simulatorAt();
    const form = (fields: Record<string, string>, type = 'application/x-www-form-urlencoded') =>
      simulator.send({ method: 'POST', path: '/oauth/token', headers: { 'content-type': type }, body: new URLSearchParams(fields).toString() });
    expect(form({ grant_type: 'client_credentials', client_id: CLIENT.clientId, client_secret: CLIENT.clientSecret }).status).toBe(200);
    const wrong = form({ grant_type: 'client_credentials', client_id: CLIENT.clientId, client_secret: 'wrong' });
    expect([wrong.status, errorsOf(wrong)[0]!.code]).toEqual([401, 'NOT.AUTHORIZED.ERROR']);
    expect(errorsOf(form({ grant_type: 'client_credentials', client_id: CLIENT.clientId }))[0]).toMatchObject({ code: 'SIM.INVALID.INPUT' });
    expect(errorsOf(form({ grant_type: 'password', client_id: CLIENT.clientId, client_secret: CLIENT.clientSecret }))[0]!.code).toBe('SIM.GRANT.TYPE.INVALID');
    expect(form({ grant_type: 'client_credentials', client_id: CLIENT.clientId, client_secret: CLIENT.clientSecret }, 'application/json').status).toBe(400);
    expect(JSON.stringify(simulator.received)).not.toContain(CLIENT.clientSecret);
  });

  it("an integrator's token (csp_credentials) or a parent's (client_pc_credentials) needs the child's key and secret, and acts for the child's accounts only (403 otherwise)", () => {
    const simulator = simulatorAt();
    for (const grant of ['csp_credentials', 'client_pc_credentials']) {
      const fields = { grant_type: grant, client_id: CLIENT.clientId, client_secret: CLIENT.clientSecret };
      expect(simulator.send(tokenRequest(fields)).status).toBe(401);
      expect(simulator.send(tokenRequest({ ...fields, child_Key: 'child-key-42', child_secret: 'wrong' })).status).toBe(401);
      const child = body(simulator.send(tokenRequest({ ...fields, child_Key: 'child-key-42', child_secret: 'child-SECRET-77' }))).access_token as string;
      const rate = (account: string) =>
        simulator.send({
          method: 'POST',
          path: '/rate/v1/rates/quotes',
          headers: { authorization: `Bearer ${child}`, 'content-type': 'application/json' },
          body: { ...rateBody(), accountNumber: { value: account } },
        });
      expect(rate(OTHER_ACCOUNT).status).toBe(200);
      const refused = rate(ACCOUNT);
      expect([refused.status, errorsOf(refused)]).toEqual([
        403,
        [{ code: 'FORBIDDEN.ERROR', message: 'We could not authorize your credentials. Please check your permissions and try again.' }],
      ]);
    }
    const { call } = signedIn(simulator);
    expect(call('rate', { ...rateBody(), accountNumber: { value: OTHER_ACCOUNT } }).status).toBe(403);
  });

  it('a token expires after its lifetime; revokeTokens forgets every token', () => {
    const clock = { now: NOW };
    const { simulator, call, token } = signedIn(simulatorAt({ tokenLifetimeSeconds: 60 }, clock));
    expect(simulator.authorized(`Bearer ${token}`)).toBe(true);
    clock.now = new Date(NOW.getTime() + 61_000);
    expect(call('trackNumbers', trackBody(['794900000016'])).status).toBe(401);
    const fresh = signedIn(simulator);
    expect(fresh.call('trackNumbers', trackBody(['794900000016'])).status).toBe(200);
    simulator.revokeTokens();
    expect(fresh.call('trackNumbers', trackBody(['794900000016'])).status).toBe(401);
    expect(simulator.authorized(undefined)).toBe(false);
  });

  it('a body that breaks the schema is 400 SIM.INVALID.INPUT naming the problems; text that is not JSON, a wrong content type and an unknown path are refused in the same shape', () => {
    const { simulator, call, token } = signedIn();
    const broken = call('ship', { ...shipBody(), accountNumber: { value: 740561073 } });
    expect(broken.status).toBe(400);
    expectAnswerValid('ship', broken);
    expect(errorsOf(broken)).toEqual([
      { code: 'SIM.INVALID.INPUT', message: 'Invalid field value in the input', parameterList: [{ key: '/accountNumber/value', value: 'must be string' }] },
    ]);
    expect(simulator.shipments).toHaveLength(0);
    const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
    expect(errorsOf(simulator.send({ method: 'POST', path: '/ship/v1/shipments', headers, body: '{"accountNumber":' }))[0]!.code).toBe('SIM.INVALID.JSON');
    expect(errorsOf(call('ship', shipBody(), { 'content-type': 'text/plain' }))[0]!.code).toBe('SIM.CONTENT.TYPE.INVALID');
    const unknown = simulator.send({ method: 'POST', path: '/ship/v2/shipments', headers, body: '{}' });
    expect([unknown.status, errorsOf(unknown)[0]!.code]).toEqual([404, 'NOT.FOUND.ERROR']);
  });

  it("every answer carries a transaction id, and echoes the customer's x-customer-transaction-id", () => {
    const { call } = signedIn();
    const ok = call('rate', rateBody(), { 'x-customer-transaction-id': 'order-0001-rate' });
    const refused = call('ship', { ...shipBody(), accountNumber: { value: 1 } }, { 'x-customer-transaction-id': 'order-0001-ship' });
    expect(body(ok)).toMatchObject({ transactionId: expect.stringMatching(/^[\da-f-]{36}$/), customerTransactionId: 'order-0001-rate' });
    expect(body(refused)).toMatchObject({ customerTransactionId: 'order-0001-ship' });
    expect(body(ok).transactionId).not.toBe(body(refused).transactionId);
  });
});

describeWithFedexDocuments('the FedEx simulator: rates', () => {
  const services = (a: FedexSimAnswer) => body(a).output.rateReplyDetails.map((r: any) => r.serviceType);

  it.each([
    ['within Canada', MONTREAL, ['FIRST_OVERNIGHT', 'PRIORITY_OVERNIGHT', 'STANDARD_OVERNIGHT', 'FEDEX_2_DAY', 'FEDEX_EXPRESS_SAVER', 'FEDEX_GROUND']],
    [
      'from Canada to the US',
      SEATTLE,
      ['FEDEX_GROUND', 'INTERNATIONAL_FIRST', 'FEDEX_INTERNATIONAL_PRIORITY_EXPRESS', 'FEDEX_INTERNATIONAL_PRIORITY', 'INTERNATIONAL_ECONOMY'],
    ],
    [
      'from Canada abroad',
      PARIS,
      [
        'INTERNATIONAL_FIRST',
        'FEDEX_INTERNATIONAL_PRIORITY_EXPRESS',
        'FEDEX_INTERNATIONAL_PRIORITY',
        'INTERNATIONAL_ECONOMY',
        'FEDEX_INTERNATIONAL_CONNECT_PLUS',
      ],
    ],
  ])('%s: every service FedEx offers on that lane, in CAD', (_lane, to, expected) => {
    const { call } = signedIn();
    const answer = call('rate', rateBody(to));
    expectAnswerValid('rate', answer);
    expect(services(answer)).toEqual(expected);
    expect(body(answer).output.rateReplyDetails.every((r: any) => r.ratedShipmentDetails[0].currency === 'CAD')).toBe(true);
  });

  it('account rates beside list rates when LIST is asked: the same freight less the account discount, fuel on what is left', () => {
    const { call } = signedIn();
    const only = body(call('rate', rateBody(MONTREAL, { serviceType: 'FEDEX_GROUND' }))).output.rateReplyDetails[0].ratedShipmentDetails;
    expect(only.map((d: any) => d.rateType)).toEqual(['ACCOUNT']);
    const [account, list] = body(call('rate', rateBody(MONTREAL, { serviceType: 'FEDEX_GROUND', list: true }))).output.rateReplyDetails[0].ratedShipmentDetails;
    expect([account.rateType, list.rateType]).toEqual(['ACCOUNT', 'LIST']);
    expect(account.totalBaseCharge).toBe(list.totalBaseCharge);
    expect(account.totalDiscounts).toBeGreaterThan(0);
    expect(list.totalDiscounts).toBe(0);
    expect(account.totalNetCharge).toBeLessThan(list.totalNetCharge);
    const fuel = (d: any) => d.shipmentRateDetail.surCharges.find((s: any) => s.type === 'FUEL');
    expect(fuel(account)).toEqual({ type: 'FUEL', description: 'Fuel Surcharge', name: 'Fuel Surcharge', amount: expect.any(Number), level: 'SHIPMENT' });
    expect(fuel(account).amount).toBeCloseTo(((account.totalBaseCharge - account.totalDiscounts) * 14.5) / 100, 2);
  });

  it('surcharges by name and type (residential delivery, declared value) and sales taxes by province (HST to Ontario, GST and QST to Québec)', () => {
    const { call } = signedIn();
    const home = body(
      call(
        'rate',
        rateBody(
          { ...MONTREAL, residential: true },
          { serviceType: 'FEDEX_GROUND', pieces: [{ ...piece(), declaredValue: { amount: 450, currency: 'CAD' } }] },
        ),
      ),
    );
    const detail = home.output.rateReplyDetails[0].ratedShipmentDetails[0];
    expect(detail.shipmentRateDetail.surCharges.map((s: any) => [s.type, s.description])).toEqual([
      ['FUEL', 'Fuel Surcharge'],
      ['RESIDENTIAL_DELIVERY', 'Residential Delivery'],
      ['INSURED_VALUE', 'Declared value'],
    ]);
    expect(detail.shipmentRateDetail.taxes.map((t: any) => t.type)).toEqual(['GST', 'QST']);
    const toOntario = body(call('rate', rateBody(TORONTO, { from: VANCOUVER, serviceType: 'FEDEX_GROUND' }))).output.rateReplyDetails[0]
      .ratedShipmentDetails[0];
    expect(toOntario.shipmentRateDetail.taxes).toEqual([{ type: 'HST', name: 'HST', description: 'HST', amount: expect.any(Number) }]);
    expect(toOntario.totalNetCharge).toBeCloseTo(toOntario.totalNetFedExCharge * 1.13, 1);
    const abroad = body(call('rate', rateBody(PARIS, { serviceType: 'INTERNATIONAL_ECONOMY' }))).output;
    expect(abroad.rateReplyDetails[0].ratedShipmentDetails[0].shipmentRateDetail.taxes).toEqual([]);
    expect(abroad.alerts).toEqual([expect.objectContaining({ code: 'SERVICE.TYPE.INTERNATIONAL.MESSAGE', alertType: 'NOTE' })]);
  });

  it('transit times and the commitment only when asked (returnTransitTimes): business days from the ship date, farther is longer', () => {
    const { call } = signedIn();
    const without = body(call('rate', rateBody(MONTREAL))).output.rateReplyDetails;
    expect(without.some((r: any) => r.commit)).toBe(false);
    const near = body(call('rate', rateBody(MONTREAL, { transit: true, serviceType: 'FEDEX_GROUND' }))).output.rateReplyDetails[0];
    const far = body(call('rate', rateBody(VANCOUVER, { transit: true, serviceType: 'FEDEX_GROUND' }))).output.rateReplyDetails[0];
    expect(near.commit).toMatchObject({
      daysInTransit: 'TWO_DAYS',
      dateDetail: { dayOfWeek: 'WED', dayFormat: '2026-11-25T23:59:00' },
      saturdayDelivery: false,
    });
    expect(far.commit.daysInTransit).toBe('FOUR_DAYS');
    const overnight = body(call('rate', rateBody(MONTREAL, { transit: true, serviceType: 'PRIORITY_OVERNIGHT' }))).output.rateReplyDetails[0];
    expect(overnight.operationalDetail).toMatchObject({ deliveryDate: '2026-11-24T10:30:00', deliveryDay: 'TUE' });
  });

  it('a piece heavier than the service takes drops that service; nothing quotable is a 400; a service not offered on the lane too', () => {
    const { call } = signedIn();
    const heavy = call('rate', rateBody(MONTREAL, { pieces: [piece(40)] }));
    expect(services(heavy)).toEqual(['FIRST_OVERNIGHT', 'PRIORITY_OVERNIGHT', 'STANDARD_OVERNIGHT', 'FEDEX_2_DAY', 'FEDEX_EXPRESS_SAVER']);
    const none = call('rate', rateBody(PARIS, { serviceType: 'FEDEX_GROUND' }));
    expect([none.status, errorsOf(none)[0]]).toEqual([
      400,
      { code: 'SIM.RATE.SERVICE.UNAVAILABLE', message: 'FedEx offers no FEDEX_GROUND for these pieces from CA to FR.' },
    ]);
    const long = call('rate', rateBody(PARIS, { serviceType: 'X'.repeat(5000) }));
    expect(errorsOf(long)[0]!.message.length).toBeLessThan(100);
    const mixed = call('rate', rateBody(MONTREAL, { pieces: [piece(1), { weight: { units: 'LB', value: 3 } }] }));
    expect(errorsOf(mixed)[0]!.code).toBe('SIM.PACKAGE.WEIGHT.UNITS.MIXED');
  });

  it('numbers no parcel has (a piece of 1e308 kg, 3 km long, declared at 1e300, 1e9 of them) are a 400 in FedEx error document, never a thrown answer', () => {
    const { simulator, call } = signedIn();
    const cases: [unknown[], string][] = [
      [[piece(1e308)], 'SIM.RATE.SERVICE.UNAVAILABLE'],
      [[{ ...piece(), dimensions: { length: 300_000, width: 1, height: 1, units: 'CM' } }], 'SIM.PACKAGE.DIMENSIONS.EXCEEDED'],
      [[{ ...piece(), dimensions: { length: 100, width: 100, height: 100, units: 'IN' } }], 'SIM.PACKAGE.DIMENSIONS.EXCEEDED'],
      [[{ ...piece(), declaredValue: { amount: 1e300, currency: 'CAD' } }], 'SIM.DECLAREDVALUE.EXCEEDED'],
      [[{ ...piece(), groupPackageCount: 1e9 }], 'SIM.PACKAGECOUNT.EXCEEDED'],
    ];
    for (const [pieces, code] of cases) {
      const rated = call('rate', rateBody(MONTREAL, { pieces }));
      expect([rated.status, errorsOf(rated)[0]!.code]).toEqual([400, code]);
      const shipped = call('ship', shipBody({ pieces }));
      expect(shipped.status).toBe(400);
    }
    expect(simulator.shipments).toHaveLength(0);
  });

  it('a SENDER payor on another account than the request is ACCOUNT.NUMBER.MISMATCH, as the document says', () => {
    const { call } = signedIn();
    const request = rateBody();
    const answer = call('rate', {
      ...request,
      requestedShipment: {
        ...request.requestedShipment,
        shippingChargesPayment: { paymentType: 'SENDER', payor: { responsibleParty: { accountNumber: { value: '999999999' } } } },
      },
    });
    expect(errorsOf(answer)).toEqual([
      {
        code: 'ACCOUNT.NUMBER.MISMATCH',
        message: 'When payment Type is SENDER, ShippingChargesPayment Payor AccountNumber should match the shipper account number.',
      },
    ]);
  });
});

describeWithFedexDocuments('the FedEx simulator: Québec and state codes', () => {
  const alertsOf = (a: FedexSimAnswer) => body(a).output.alerts ?? [];

  it('by default PQ is taken silently and QC with the NOTE FedEx gives when it changes a code; quebecCode QC turns it round', () => {
    const pq = signedIn();
    expect(alertsOf(pq.call('rate', rateBody({ ...MONTREAL, stateOrProvinceCode: 'PQ' })))).toEqual([]);
    expect(alertsOf(pq.call('rate', rateBody(MONTREAL)))).toEqual([
      { code: 'DESTINATION.STATEORPROVINCECODE.CHANGED', alertType: 'NOTE', message: 'The destination state/province code has been changed.' },
    ]);
    const shipped = shipOf(pq.call('ship', shipBody({ from: MONTREAL, to: TORONTO })));
    expect(shipped.alerts).toEqual([{ code: 'ORIGIN.STATEORPROVINCECODE.CHANGED', message: 'The origin state/province code has been changed.' }]);
    const tracked = body(pq.call('trackNumbers', trackBody([shipped.masterTrackingNumber]))).output.completeTrackResults[0].trackResults[0];
    expect(tracked.shipperInformation.address.stateOrProvinceCode).toBe('PQ');
    const qc = signedIn(simulatorAt({ quebecCode: 'QC' }));
    expect(alertsOf(qc.call('rate', rateBody(MONTREAL)))).toEqual([]);
    expect(alertsOf(qc.call('rate', rateBody({ ...MONTREAL, stateOrProvinceCode: 'PQ' })))[0].code).toBe('DESTINATION.STATEORPROVINCECODE.CHANGED');
  });

  it('a state code over two characters is refused as FedEx refuses it; the US and Canada need one', () => {
    const { call } = signedIn();
    expect(errorsOf(call('rate', rateBody({ ...MONTREAL, stateOrProvinceCode: 'QUE' })))[0]!.code).toBe('RECIPIENT.ADDRESSSTATEORPROVINCECODE.MAXCHAREXCEEDED');
    const { stateOrProvinceCode: _state, ...noState } = SEATTLE;
    expect(errorsOf(call('rate', rateBody(noState)))[0]!.code).toBe('SIM.DESTINATION.STATEORPROVINCECODE.REQUIRED');
    expect(call('rate', rateBody(PARIS)).status).toBe(200);
  });

  it('address resolution gives a Québec address the code FedEx keeps', () => {
    const resolve = (simulator: FedexSimulator) =>
      body(signedIn(simulator).call('addressResolve', { addressesToValidate: [{ address: MONTREAL }] })).output.resolvedAddresses[0].stateOrProvinceCode;
    expect([resolve(simulatorAt()), resolve(simulatorAt({ quebecCode: 'QC' }))]).toEqual(['PQ', 'QC']);
  });
});

describeWithFedexDocuments('the FedEx simulator: ship', () => {
  it('a single piece: a 12-digit tracking number with its check digit, our reference echoed, a 4x6 PDF label any reader opens', async () => {
    const { simulator, call } = signedIn();
    const answer = call('ship', shipBody());
    expect(answer.status).toBe(200);
    expectAnswerValid('ship', answer);
    const shipment = shipOf(answer);
    expect(fedexCheckDigitHolds(shipment.masterTrackingNumber)).toBe(true);
    expect(shipment).toMatchObject({ serviceType: 'FEDEX_GROUND', serviceName: 'FedEx Ground®', shipDatestamp: TODAY });
    const [only] = shipment.pieceResponses;
    expect(only).toMatchObject({
      trackingNumber: shipment.masterTrackingNumber,
      masterTrackingNumber: shipment.masterTrackingNumber,
      customerReferences: [{ customerReferenceType: 'CUSTOMER_REFERENCE', value: 'order-0001' }],
    });
    expect(only.packageDocuments[0]).toMatchObject({ contentType: 'LABEL', docType: 'PDF', trackingNumber: shipment.masterTrackingNumber });
    const pdf = await PDFDocument.load(labelOf(only));
    expect(pdf.getPageCount()).toBe(1);
    expect(pdf.getPage(0).getSize()).toEqual({ width: 288, height: 432 });
    expect(labelOf(only).toString('latin1')).toContain(`TRK# ${shipment.masterTrackingNumber}`);
    expect(simulator.billable().map((s) => s.masterTrackingNumber)).toEqual([shipment.masterTrackingNumber]);
    expect(simulator.shipments[0]!.pieces[0]!.references).toEqual([{ type: 'CUSTOMER_REFERENCE', value: 'order-0001' }]);
  });

  it('several pieces in one request: one master tracking number, a tracking number and a ZPL II label on 4x6 stock per piece', () => {
    const { call } = signedIn();
    const answer = call(
      'ship',
      shipBody({
        serviceType: 'PRIORITY_OVERNIGHT',
        imageType: 'ZPLII',
        pieces: [piece(1, [reference('order-0002')]), piece(3, [reference('order-0002')]), piece(2, [reference('order-0002')])],
      }),
    );
    const shipment = shipOf(answer);
    const numbers = shipment.pieceResponses.map((p: any) => p.trackingNumber);
    expect(new Set(numbers).size).toBe(3);
    expect(numbers[0]).toBe(shipment.masterTrackingNumber);
    expect(numbers.every(fedexCheckDigitHolds)).toBe(true);
    expect(shipment.pieceResponses.every((p: any) => p.masterTrackingNumber === shipment.masterTrackingNumber)).toBe(true);
    expect(shipment.completedShipmentDetail.completedPackageDetails.map((p: any) => p.trackingIds[0].trackingNumber)).toEqual(numbers);
    shipment.pieceResponses.forEach((p: any, i: number) => {
      const zpl = labelOf(p).toString('utf8');
      expect(zpl).toMatch(/^\^XA\n/);
      expect(zpl).toMatch(/\^XZ\n$/);
      expect(zpl).toContain('^PW812^LL1218');
      expect(zpl).toContain(`^BCN,220,Y,N,N^FD${p.trackingNumber}^FS`);
      expect(zpl).toContain(`Piece ${i + 1} of 3`);
    });
  });

  it('a piece line with groupPackageCount counts as that many pieces', () => {
    const { call } = signedIn();
    const shipment = shipOf(call('ship', shipBody({ pieces: [{ ...piece(1, [reference('bulk')]), groupPackageCount: 4 }] })));
    expect(shipment.pieceResponses).toHaveLength(4);
  });

  it('abroad: customs are required; a commercial invoice (a letter PDF) when asked', async () => {
    const { call } = signedIn();
    const noCustoms = call('ship', shipBody({ to: PARIS, serviceType: 'FEDEX_INTERNATIONAL_PRIORITY' }));
    expect(errorsOf(noCustoms)[0]!.code).toBe('SIM.CUSTOMSCLEARANCEDETAIL.REQUIRED');
    const shipment = shipOf(call('ship', shipBody({ to: PARIS, serviceType: 'FEDEX_INTERNATIONAL_PRIORITY', international: true, invoice: true })));
    const [invoice] = shipment.shipmentDocuments;
    expect(invoice).toMatchObject({ contentType: 'COMMERCIAL_INVOICE', docType: 'PDF', trackingNumber: shipment.masterTrackingNumber });
    const pdf = await PDFDocument.load(Buffer.from(invoice.encodedLabel, 'base64'));
    expect(pdf.getPage(0).getSize()).toEqual({ width: 612, height: 792 });
    expect(shipOf(call('ship', shipBody({ to: SEATTLE, international: true }))).shipmentDocuments).toEqual([]);
  });

  it('a return label is its own shipment, tied to the outbound one, marked RETURN on its label', () => {
    const { simulator, call } = signedIn();
    const outbound = shipOf(call('ship', shipBody())).masterTrackingNumber;
    const back = shipOf(call('ship', shipBody({ from: MONTREAL, to: TORONTO, returnOf: outbound, pieces: [piece(2.5, [reference('order-0001-R')])] })));
    expect(simulator.shipmentByTrackingNumber(back.masterTrackingNumber)).toMatchObject({ returnOf: outbound });
    expect(labelOf(back.pieceResponses[0]).toString('latin1')).toContain('FedEx RETURN');
  });

  it('URL_ONLY links each label on the server; the document is there under its key', () => {
    const { simulator, call } = signedIn();
    const document = shipOf(call('ship', shipBody({ labelResponseOptions: 'URL_ONLY' }))).pieceResponses[0].packageDocuments[0];
    expect(document.encodedLabel).toBeUndefined();
    expect(document.url).toMatch(/^http:\/\/127\.0\.0\.1:9\/sim\/documents\/label-\d{12}$/);
    expect(simulator.document(document.url.split('/').pop())?.contentType).toBe('application/pdf');
  });

  it.each([
    [
      'a label FedEx has but the simulator does not draw',
      { requestedShipment: { labelSpecification: { imageType: 'PNG', labelStockType: 'PAPER_4X6' } } },
      'SIM.LABELSPECIFICATION.UNSUPPORTED',
    ],
    [
      'a PDF on thermal stock',
      { requestedShipment: { labelSpecification: { imageType: 'PDF', labelStockType: 'STOCK_4X6' } } },
      'SIM.LABELSPECIFICATION.UNSUPPORTED',
    ],
    ['a ship date in the past', { requestedShipment: { shipDatestamp: '2026-11-22' } }, 'SIM.SHIPDATESTAMP.INVALID'],
    [
      'a customer reference of 31 characters by Ground (30 at most)',
      { requestedShipment: { requestedPackageLineItems: [piece(1, [reference('x'.repeat(31))])] } },
      'SIM.CUSTOMERREFERENCE.VALUE.TOOLONG',
    ],
    ['a service FedEx has not on the lane', { requestedShipment: { serviceType: 'GROUND_HOME_DELIVERY' } }, 'SIM.SERVICE.UNAVAILABLE'],
    ['one label at a time', { oneLabelAtATime: true }, 'SIM.ONE.LABEL.AT.A.TIME.UNSUPPORTED'],
  ])('%s is refused, nothing shipped', (_what, change, code) => {
    const { simulator, call } = signedIn();
    const request = shipBody() as any;
    const merged = { ...request, ...change, requestedShipment: { ...request.requestedShipment, ...((change as any).requestedShipment ?? {}) } };
    const answer = call('ship', merged);
    expect([answer.status, errorsOf(answer)[0]!.code]).toEqual([400, code]);
    expect(simulator.shipments).toHaveLength(0);
  });

  it('a reference of 31 characters is fine by Express (40 at most)', () => {
    const { call } = signedIn();
    expect(call('ship', shipBody({ serviceType: 'FEDEX_2_DAY', pieces: [piece(1, [reference('x'.repeat(31))])] })).status).toBe(200);
  });
});

describeWithFedexDocuments('the FedEx simulator: tracking, cancel and reference search', () => {
  const latest = (a: FedexSimAnswer, i = 0) => body(a).output.completeTrackResults[i].trackResults[0];

  it('tracking follows advance: label created, picked up, in transit, on the vehicle, delivered; scans newest first, only when asked', () => {
    const { simulator, call } = signedIn();
    const number = shipOf(call('ship', shipBody())).masterTrackingNumber;
    const codes: string[] = [];
    for (let i = 0; i < FEDEX_STAGES.length; i++) {
      if (i > 0) simulator.advance(number);
      const answer = call('trackNumbers', trackBody([number]));
      expectAnswerValid('trackNumbers', answer);
      codes.push(`${latest(answer).latestStatusDetail.code}/${latest(answer).latestStatusDetail.derivedCode}`);
    }
    expect(codes).toEqual(['OC/IN', 'PU/PU', 'DP/IT', 'OD/OD', 'DL/DL']);
    const delivered = latest(call('trackNumbers', trackBody([number])));
    expect(delivered.scanEvents.map((e: any) => `${e.eventType} ${e.scanLocation.city ?? '-'}`)).toEqual([
      'DL MONTREAL',
      'OD MONTREAL',
      'DP MISSISSAUGA',
      'AR MISSISSAUGA',
      'PU TORONTO',
      'OC -',
    ]);
    expect(delivered.serviceDetail).toEqual({ type: 'FEDEX_GROUND', description: 'FedEx Ground®', shortDescription: 'FG' });
    expect(delivered.dateAndTimes.map((d: any) => d.type)).toEqual(['SHIP', 'ACTUAL_PICKUP', 'ACTUAL_DELIVERY']);
    expect(delivered.deliveryDetails).toMatchObject({ receivedByName: 'RECIPIENT' });
    expect(latest(call('trackNumbers', trackBody([number], false))).scanEvents).toBeUndefined();
    simulator.advance(number);
    expect(latest(call('trackNumbers', trackBody([number]))).latestStatusDetail.code).toBe('DL');
  });

  it('an unknown number is answered in the result, not as a refusal; an empty one, or more than 30, is a 400', () => {
    const { call } = signedIn();
    const unknown = call('trackNumbers', trackBody(['123456789012']));
    expect(unknown.status).toBe(200);
    expect(latest(unknown).error).toEqual({
      code: 'TRACKING.TRACKINGNUMBER.NOTFOUND',
      message: 'Tracking number cannot be found. Please correct the tracking number and try again.',
    });
    expect(errorsOf(call('trackNumbers', trackBody([''])))).toEqual([{ code: 'TRACKING.TRACKINGNUMBER.EMPTY', message: 'Please provide tracking number.' }]);
    const many = Array.from({ length: MAX_TRACKING_NUMBERS + 1 }, (_, i) => `7949${String(i).padStart(7, '0')}0`);
    expect(errorsOf(call('trackNumbers', trackBody(many)))[0]!.code).toBe('SIM.TRACKING.TRACKINGNUMBER.LIMIT');
  });

  it('cancel before tender: cancelled, no longer billable, tracked as CA; again, after tender, from another account or after a Ground close: refused', () => {
    const { simulator, call } = signedIn();
    const first = shipOf(call('ship', shipBody())).masterTrackingNumber;
    const cancelled = call('cancel', cancelBody(first));
    expectAnswerValid('cancel', cancelled);
    expect(body(cancelled).output).toEqual({ cancelledShipment: true, cancelledHistory: true, message: 'Shipment is successfully cancelled' });
    expect(simulator.billable()).toHaveLength(0);
    expect(latest(call('trackNumbers', trackBody([first]))).latestStatusDetail).toMatchObject({ code: 'CA', derivedCode: 'CA' });
    expect(errorsOf(call('cancel', cancelBody(first)))[0]!.code).toBe('SIM.SHIPMENT.ALREADY.CANCELLED');
    expect(() => simulator.advance(first)).toThrow('is cancelled');
    const second = shipOf(call('ship', shipBody())).masterTrackingNumber;
    expect(errorsOf(call('cancel', cancelBody(second, OTHER_ACCOUNT)))).toEqual(expect.arrayContaining([expect.objectContaining({ code: 'FORBIDDEN.ERROR' })]));
    simulator.advance(second);
    expect(errorsOf(call('cancel', cancelBody(second)))[0]!.code).toBe('SIM.SHIPMENT.TENDERED');
    const third = shipOf(call('ship', shipBody())).masterTrackingNumber;
    call('groundClose', closeBody());
    expect(errorsOf(call('cancel', cancelBody(third)))[0]!.code).toBe('SIM.SHIPMENT.CLOSED');
    expect(errorsOf(call('cancel', cancelBody('123456789012')))[0]!.code).toBe('SIM.TRACKINGNUMBER.NOTFOUND');
  });

  it("a child piece's number cancels the whole shipment", () => {
    const { simulator, call } = signedIn();
    const shipment = shipOf(call('ship', shipBody({ pieces: [piece(1), piece(2)] })));
    expect(call('cancel', cancelBody(shipment.pieceResponses[1].trackingNumber)).status).toBe(200);
    expect(simulator.billable()).toHaveLength(0);
  });

  it('by reference: every piece under our reference, account and ship dates, in its label-created state before tender (the default)', () => {
    const { call } = signedIn();
    const shipment = shipOf(call('ship', shipBody({ pieces: [piece(1, [reference('order-0009')]), piece(2, [reference('order-0009')])] })));
    call('ship', shipBody({ pieces: [piece(1, [reference('order-0010')])] }));
    const found = call('trackReferences', referenceBody('order-0009'));
    expectAnswerValid('trackReferences', found);
    const results = body(found).output.completeTrackResults;
    expect(results.map((r: any) => r.trackingNumber)).toEqual(shipment.pieceResponses.map((p: any) => p.trackingNumber));
    expect(results[0].trackResults[0].latestStatusDetail).toMatchObject({ code: 'OC', statusByLocale: 'Label created' });
    expect(results[0].trackResults[0].additionalTrackingInfo.packageIdentifiers).toEqual([
      { type: 'CUSTOMER_REFERENCE', value: ['order-0009'], trackingNumberUniqueId: expect.any(String) },
    ]);
  });

  it('by reference, nothing is found outside the ship dates, for another account, or under another type; a destination search finds it', () => {
    const { call } = signedIn();
    call('ship', shipBody());
    const none = (extra: Record<string, unknown>) => latest(call('trackReferences', referenceBody('order-0001', extra))).error?.code;
    expect(none({ shipDateBegin: '2026-11-20', shipDateEnd: '2026-11-22' })).toBe('SIM.TRACKING.REFERENCE.NOTFOUND');
    expect(none({ accountNumber: OTHER_ACCOUNT })).toBe('SIM.TRACKING.REFERENCE.NOTFOUND');
    expect(none({ type: 'PURCHASE_ORDER' })).toBe('SIM.TRACKING.REFERENCE.NOTFOUND');
    expect(none({ type: 'BILL_OF_LADING' })).toBe('SIM.TRACKING.REFERENCE.NOTFOUND');
    const byDestination = call(
      'trackReferences',
      referenceBody('order-0001', { accountNumber: '', destinationCountryCode: 'CA', destinationPostalCode: 'H2Y 1C6' }),
    );
    expect(latest(byDestination).trackingNumberInfo.trackingNumber).toMatch(/^\d{12}$/);
    const refused = call('trackReferences', referenceBody('order-0001', { accountNumber: '' }));
    expect(errorsOf(refused)[0]!.code).toBe('SIM.TRACKING.REFERENCE.ACCOUNT.OR.DESTINATION');
    const po = call('ship', shipBody({ pieces: [piece(1, [reference('PO-77', 'P_O_NUMBER')])] }));
    expect(latest(call('trackReferences', referenceBody('PO-77', { type: 'PURCHASE_ORDER' }))).trackingNumberInfo.trackingNumber).toBe(
      shipOf(po).masterTrackingNumber,
    );
  });

  it('by reference, the dates default to 30 days back and one day on (the document) when not given', () => {
    const { call } = signedIn();
    call('ship', shipBody({ shipDatestamp: '2026-11-24' }));
    const answer = call('trackReferences', { referencesInformation: { value: 'order-0001', accountNumber: ACCOUNT } });
    expect(latest(answer).trackingNumberInfo.trackingNumber).toMatch(/^\d{12}$/);
  });

  it("beforeTender 'hidden': a shipment is found by reference only once tendered; listAfterMs: only once that old", () => {
    const hidden = signedIn(simulatorAt({ referenceSearch: { beforeTender: 'hidden' } }));
    const number = shipOf(hidden.call('ship', shipBody())).masterTrackingNumber;
    expect(latest(hidden.call('trackReferences', referenceBody('order-0001'))).error?.code).toBe('SIM.TRACKING.REFERENCE.NOTFOUND');
    hidden.simulator.advance(number);
    expect(latest(hidden.call('trackReferences', referenceBody('order-0001'))).latestStatusDetail.code).toBe('PU');

    const clock = { now: NOW };
    const lagging = signedIn(simulatorAt({ referenceSearch: { listAfterMs: 120_000 } }, clock));
    lagging.call('ship', shipBody());
    expect(latest(lagging.call('trackReferences', referenceBody('order-0001'))).error?.code).toBe('SIM.TRACKING.REFERENCE.NOTFOUND');
    clock.now = new Date(NOW.getTime() + 120_000);
    expect(latest(lagging.call('trackReferences', referenceBody('order-0001'))).latestStatusDetail.code).toBe('OC');
  });

  it('a cancelled shipment stays listed by reference, as cancelled', () => {
    const { call } = signedIn();
    const number = shipOf(call('ship', shipBody())).masterTrackingNumber;
    call('cancel', cancelBody(number));
    expect(latest(call('trackReferences', referenceBody('order-0001'))).latestStatusDetail.code).toBe('CA');
  });
});

describeWithFedexDocuments('the FedEx simulator: Ground End of Day close', () => {
  it("closes the account's open Ground shipments of the day: a text manifest naming each package; a second close finds none", () => {
    const { simulator, call } = signedIn();
    const ground = shipOf(call('ship', shipBody({ pieces: [piece(1), piece(2)] })));
    call('ship', shipBody({ serviceType: 'PRIORITY_OVERNIGHT' }));
    const cancelled = shipOf(call('ship', shipBody())).masterTrackingNumber;
    call('cancel', cancelBody(cancelled));
    const answer = call('groundClose', closeBody());
    expectAnswerValid('groundClose', answer);
    const [manifest] = body(answer).output.closeDocuments;
    expect(manifest).toMatchObject({ type: 'MANIFEST', copiesToPrint: 1 });
    const text = Buffer.from(manifest.parts[0].image, 'base64').toString('utf8');
    expect(text).toContain(`ACCOUNT ${ACCOUNT}   CLOSE DATE ${TODAY}`);
    expect(text).toContain('PACKAGES 2');
    for (const p of ground.pieceResponses) expect(text).toContain(p.trackingNumber);
    expect(text).not.toContain(cancelled);
    expect(simulator.closes).toHaveLength(1);
    expect(simulator.closes[0]!.trackingNumbers).toEqual(ground.pieceResponses.map((p: any) => p.trackingNumber));
    const again = body(call('groundClose', closeBody())).output;
    expect(again.closeDocuments).toEqual([]);
    expect(again.alerts[0].code).toBe('SIM.CLOSE.NO.SHIPMENTS');
  });

  it('an OP-950 page when asked; a future close date is AVAILABILITY.SHIP.DATE.INVALID; no account is refused', () => {
    const { call } = signedIn();
    call('ship', shipBody());
    const withOp950 = body(call('groundClose', { ...closeBody(), closeDocumentSpecification: { closeDocumentTypes: ['MANIFEST', 'OP_950'] } })).output
      .closeDocuments;
    expect(withOp950.map((d: any) => d.type)).toEqual(['MANIFEST', 'OP_950']);
    expect(errorsOf(call('groundClose', closeBody('2026-11-24')))).toEqual([{ code: 'AVAILABILITY.SHIP.DATE.INVALID', message: 'Ship date is invalid.' }]);
    expect(errorsOf(call('groundClose', { closeReqType: 'GCDR', groundServiceCategory: 'GROUND' }))[0]!.code).toBe('ACCOUNTNUMBER.REGISTRATION.REQUIRED');
    expect(errorsOf(call('groundClose', { ...closeBody(), closeReqType: 'RGCDR' }))[0]!.code).toBe('SIM.CLOSE.REQUEST.TYPE.INVALID');
  });

  it('a reprint gives the same manifest by close date or by a tracking number, for three days', () => {
    const clock = { now: NOW };
    const { simulator, call } = signedIn(simulatorAt({}, clock));
    const number = shipOf(call('ship', shipBody())).masterTrackingNumber;
    const closed = body(call('groundClose', closeBody())).output.closeDocuments;
    let signedInCall = call;
    const reprint = (extra: Record<string, unknown>) =>
      signedInCall('groundReprint', { closeReqType: 'RGCDR', groundServiceCategory: 'GROUND', accountNumber: { value: ACCOUNT }, ...extra });
    const byDate = reprint({ reprintOption: 'BY_SHIP_DATE', closeDate: TODAY });
    expectAnswerValid('groundReprint', byDate);
    expect(body(byDate).output.closeDocuments).toEqual(closed);
    expect(body(reprint({ reprintOption: 'BY_TRACKING_NUMBER', trackingNumber: number })).output.closeDocuments).toEqual(closed);
    clock.now = new Date(NOW.getTime() + 4 * 86_400_000);
    signedInCall = signedIn(simulator).call;
    expect(errorsOf(reprint({ reprintOption: 'BY_SHIP_DATE', closeDate: TODAY }))[0]!.code).toBe('AVAILABILITY.SHIP.DATE.INVALID');
    expect(errorsOf(reprint({ reprintOption: 'BY_TRACKING_NUMBER', trackingNumber: number }))[0]!.code).toBe('SIM.CLOSE.NOT.FOUND');
  });
});

describeWithFedexDocuments('the FedEx simulator: addresses and pickups', () => {
  const resolve = (addresses: Record<string, unknown>[]) =>
    signedIn().call('addressResolve', { addressesToValidate: addresses.map((address) => ({ address })) });

  it('address resolution classifies by rule from the input: unit words residential, business words business, else by the street number', () => {
    const answer = resolve([
      { ...TORONTO, streetLines: ['12 Elm St', 'Apt 4'] },
      { ...TORONTO, streetLines: ['12 Elm St Suite 400'] },
      { ...TORONTO, streetLines: ['12 Elm St'] },
      { ...TORONTO, streetLines: ['13 Elm St'] },
      { ...SEATTLE, postalCode: '98104-1234' },
    ]);
    expectAnswerValid('addressResolve', answer);
    const resolved = body(answer).output.resolvedAddresses;
    expect(resolved.map((r: any) => r.classification)).toEqual(['RESIDENTIAL', 'BUSINESS', 'RESIDENTIAL', 'BUSINESS', 'RESIDENTIAL']);
    expect(resolved[0]).toMatchObject({
      streetLinesToken: ['12 ELM ST', 'APT 4'],
      city: 'TORONTO',
      stateOrProvinceCode: 'ON',
      postalCodeToken: { value: 'M5H2N1' },
    });
    expect(resolved[4].parsedPostalCode).toEqual({ base: '98104', addOn: '1234', deliveryPoint: '' });
  });

  it('a postal code that cannot be is unresolved (UNKNOWN), a street without a number too (well formed); when no address resolves, STANDARDIZED.ADDRESS.NOTFOUND; the province follows the postal code', () => {
    const mixed = body(
      resolve([
        { ...TORONTO, postalCode: '12345' },
        { ...TORONTO, stateOrProvinceCode: 'BC' },
      ]),
    ).output.resolvedAddresses;
    expect(mixed[0]).toMatchObject({ classification: 'UNKNOWN', attributes: { Resolved: false, ValidlyFormed: false } });
    expect(mixed[1].stateOrProvinceCode).toBe('ON');
    const [noNumber] = body(resolve([{ ...TORONTO, streetLines: ['Queen Street'] }, TORONTO])).output.resolvedAddresses;
    expect(noNumber).toMatchObject({ classification: 'UNKNOWN', attributes: { Resolved: false, ValidlyFormed: true, AddressType: 'NORMALIZED' } });
    expect(errorsOf(resolve([{ ...TORONTO, postalCode: 'nope' }]))).toEqual([
      { code: 'STANDARDIZED.ADDRESS.NOTFOUND', message: 'Standardized address is not found.' },
    ]);
    expect(errorsOf(resolve(Array.from({ length: 101 }, () => TORONTO)))[0]!.code).toBe('SIM.ADDRESSES.COUNT.INVALID');
  });

  it('pickup availability: Express the same day before its cut-off, Ground a later business day', () => {
    const { call } = signedIn();
    const answer = call('pickupAvailability', {
      pickupAddress: { postalCode: 'M5H2N1', countryCode: 'CA' },
      pickupRequestType: ['SAME_DAY', 'FUTURE_DAY'],
      carriers: ['FDXE', 'FDXG'],
      countryRelationship: 'DOMESTIC',
    });
    expectAnswerValid('pickupAvailability', answer);
    expect(body(answer).output.options.map((o: any) => [o.carrier, o.scheduleDay, o.available, o.pickupDate])).toEqual([
      ['FDXE', 'SAME_DAY', true, TODAY],
      ['FDXE', 'FUTURE_DAY', true, '2026-11-24'],
      ['FDXG', 'SAME_DAY', false, TODAY],
      ['FDXG', 'FUTURE_DAY', true, '2026-11-24'],
    ]);
    expect(
      errorsOf(
        call('pickupAvailability', {
          pickupAddress: { postalCode: '', countryCode: 'CA' },
          pickupRequestType: ['SAME_DAY'],
          carriers: ['FDXE'],
          countryRelationship: 'DOMESTIC',
        }),
      )[0]!.code,
    ).toBe('PICKUP.POSTALCODE.MISSING');
  });

  it('a pickup is made and cancelled with its confirmation code; not for a past day, and no cancel once its day has passed', () => {
    const clock = { now: NOW };
    const simulator = simulatorAt({}, clock);
    let { call } = signedIn(simulator);
    const create = (readyDateTimestamp: string, carrierCode = 'FDXG') =>
      call('pickupCreate', {
        associatedAccountNumber: { value: ACCOUNT },
        originDetail: {
          pickupLocation: { contact: { personName: 'Shipping Desk', phoneNumber: '4165550100' }, address: TORONTO },
          readyDateTimestamp,
          customerCloseTime: '17:00:00',
        },
        carrierCode,
      });
    const ground = create('2026-11-24T10:00:00');
    expectAnswerValid('pickupCreate', ground);
    const code = body(ground).output.pickupConfirmationCode as string;
    expect(code).toMatch(/^CPU\d{8}$/);
    expect(body(create('2026-11-24T10:00:00', 'FDXE')).output).toMatchObject({ pickupConfirmationCode: expect.stringMatching(/^\d{4}$/), location: 'YYZA' });
    expect(errorsOf(create('2026-11-22T10:00:00'))[0]!.code).toBe('PICKUP.REQUESTED.PREVIOUS.DAY');
    const cancel = (c: string) =>
      call('pickupCancel', { associatedAccountNumber: { value: ACCOUNT }, pickupConfirmationCode: c, scheduledDate: '2026-11-24', carrierCode: 'FDXG' });
    const cancelled = cancel(code);
    expectAnswerValid('pickupCancel', cancelled);
    expect(body(cancelled).output).toEqual({ pickupConfirmationCode: code, cancelConfirmationMessage: 'Requested pickup has been cancelled Successfully.' });
    expect(errorsOf(cancel(code))[0]!.code).toBe('SIM.PICKUP.ALREADY.CANCELLED');
    const later = body(create('2026-11-24T11:00:00')).output.pickupConfirmationCode as string;
    clock.now = new Date('2026-11-25T09:00:00Z');
    ({ call } = signedIn(simulator));
    expect(errorsOf(cancel(later))).toEqual([{ code: 'PICKUP.NUMBER.EXPIRED', message: 'PREVIOUS DAY PICKUP, CANNOT CANCEL OR UPDATE' }]);
    expect(simulator.pickups.map((p) => p.cancelled)).toEqual([true, false, false]);
  });
});

describeWithFedexDocuments('the FedEx simulator: pickups, their cut-off and lookup', () => {
  const expressBody = (readyDateTimestamp: string, customerCloseTime = '17:00:00') => ({
    associatedAccountNumber: { value: ACCOUNT },
    originDetail: {
      pickupLocation: { contact: { personName: 'Shipping Desk', phoneNumber: '4165550100' }, address: TORONTO },
      readyDateTimestamp,
      customerCloseTime,
    },
    carrierCode: 'FDXE',
    packageCount: 3,
    totalWeight: { units: 'KG', value: 7.5 },
    remarks: 'Back door',
  });
  const cancelBody = (code: string, scheduledDate: string, location?: string) => ({
    associatedAccountNumber: { value: ACCOUNT },
    pickupConfirmationCode: code,
    scheduledDate,
    carrierCode: 'FDXE',
    ...(location ? { location } : {}),
  });

  it('availability is for the dispatch date asked: Express the next business day, Ground up to two weeks ahead, never a weekend day; a past day refused', () => {
    const { call } = signedIn();
    const ask = (dispatchDate: string) =>
      call('pickupAvailability', {
        pickupAddress: { postalCode: 'M5H2N1', countryCode: 'CA' },
        dispatchDate,
        pickupRequestType: ['FUTURE_DAY'],
        carriers: ['FDXE', 'FDXG'],
        countryRelationship: 'DOMESTIC',
      });
    const options = (dispatchDate: string) => body(ask(dispatchDate)).output.options.map((o: any) => [o.carrier, o.pickupDate, o.available]);
    expectAnswerValid('pickupAvailability', ask('2026-11-26'));
    expect(options('2026-11-24')).toEqual([
      ['FDXE', '2026-11-24', true],
      ['FDXG', '2026-11-24', true],
    ]);
    expect(options('2026-11-26')).toEqual([
      ['FDXE', '2026-11-26', false],
      ['FDXG', '2026-11-26', true],
    ]);
    expect(options('2026-11-28')).toEqual([
      ['FDXE', '2026-11-28', false],
      ['FDXG', '2026-11-28', false],
    ]);
    expect(options('2026-12-08')).toEqual([
      ['FDXE', '2026-12-08', false],
      ['FDXG', '2026-12-08', false],
    ]);
    expect(errorsOf(ask('2026-11-22'))[0]!.code).toBe('SIM.PICKUP.DISPATCHDATE.PAST');
  });

  it('keeps what was booked, to be looked up by confirmation code; refuses a window shorter than the courier needs, a ready time after the cut-off, a day Express does not come, 100 packages', () => {
    const { simulator, call } = signedIn();
    const booked = call('pickupCreate', expressBody('2026-11-24T10:00:00'));
    const code = body(booked).output.pickupConfirmationCode as string;
    expect(simulator.pickup(code)).toMatchObject({
      carrierCode: 'FDXE',
      scheduledDate: '2026-11-24',
      readyTime: '10:00:00',
      closeTime: '17:00:00',
      postalCode: 'M5H2N1',
      packageCount: 3,
      totalWeight: { units: 'KG', value: 7.5 },
      remarks: 'Back door',
      location: 'YYZA',
      cancelled: false,
    });
    expect(simulator.bookedPickups().map((p) => p.confirmationCode)).toEqual([code]);
    expect(errorsOf(call('pickupCreate', expressBody('2026-11-24T16:30:00')))[0]!.code).toBe('SIM.PICKUP.WINDOW.TOO.SHORT');
    expect(errorsOf(call('pickupCreate', expressBody('2026-11-24T18:30:00', '20:00:00')))[0]!.code).toBe('SIM.PICKUP.READYTIME.AFTER.CUTOFF');
    expect(errorsOf(call('pickupCreate', expressBody('2026-11-24T10:00', '17:00:00')))[0]!.code).toBe('SIM.PICKUP.READYDATE.INVALID');
    expect(errorsOf(call('pickupCreate', expressBody('2026-11-25T10:00:00')))[0]!.code).toBe('SIM.PICKUP.DATE.UNAVAILABLE');
    expect(errorsOf(call('pickupCreate', { ...expressBody('2026-11-24T10:00:00'), packageCount: 100 }))[0]!.code).toBe('SIM.PICKUP.PACKAGECOUNT.EXCEEDED');
    expect(simulator.pickups).toHaveLength(1);
  });

  it('an Express cancel names its station; once the courier is dispatched (told so, or at the ready time on its clock) the cancel is refused', () => {
    const clock = { now: NOW };
    const simulator = simulatorAt({}, clock);
    const { call } = signedIn(simulator);
    const book = (ready: string) => body(call('pickupCreate', expressBody(ready))).output.pickupConfirmationCode as string;
    const first = book('2026-11-24T10:00:00');
    expect(errorsOf(call('pickupCancel', cancelBody(first, '2026-11-24')))[0]!.code).toBe('SIM.PICKUP.NOT.FOUND');
    simulator.dispatch(first);
    const refused = call('pickupCancel', cancelBody(first, '2026-11-24', 'YYZA'));
    expectAnswerValid('pickupCancel', refused);
    expect(errorsOf(refused)[0]!.code).toBe('SIM.PICKUP.COURIER.DISPATCHED');
    const second = book('2026-11-23T16:00:00');
    expect(call('pickupCancel', cancelBody(second, TODAY, 'YYZA')).status).toBe(200);
    const third = book('2026-11-23T15:30:00');
    clock.now = new Date('2026-11-23T15:30:00Z');
    expect(errorsOf(call('pickupCancel', cancelBody(third, TODAY, 'YYZA')))[0]!.code).toBe('SIM.PICKUP.COURIER.DISPATCHED');
    // A cancelled pickup says so, whatever the clock.
    expect(errorsOf(call('pickupCancel', cancelBody(second, TODAY, 'YYZA')))[0]!.code).toBe('SIM.PICKUP.ALREADY.CANCELLED');
    expect(simulator.bookedPickups().map((p) => p.confirmationCode)).toEqual([first, third]);
  });

  it('a late create books nothing until it lands', () => {
    const { simulator, call } = signedIn();
    simulator.answerLate(2_000, 'pickupCreate');
    let late: LateAnswer<FedexSimAnswer> | undefined;
    try {
      call('pickupCreate', expressBody('2026-11-24T10:00:00'));
    } catch (error) {
      late = error as LateAnswer<FedexSimAnswer>;
    }
    expect(late).toBeInstanceOf(LateAnswer);
    expect(simulator.pickups).toHaveLength(0);
    expect((late!.land() as FedexSimAnswer).status).toBe(200);
    expect(simulator.bookedPickups()).toHaveLength(1);
  });
});

describeWithFedexDocuments('the FedEx simulator: faults', () => {
  it.each([
    ['http500', 500, 'INTERNAL.SERVER.ERROR'],
    ['http503', 503, 'SERVICE.UNAVAILABLE.ERROR'],
    ['http429', 429, 'SIM.TOO.MANY.REQUESTS'],
  ] as const)('%s answers so, in FedEx error document, without acting', (fault, status, code) => {
    const { simulator, call } = signedIn();
    simulator.failNext(fault);
    const answer = call('ship', shipBody());
    expect([answer.status, errorsOf(answer)[0]!.code]).toEqual([status, code]);
    expectAnswerValid('ship', answer);
    expect(simulator.shipments).toHaveLength(0);
    expect(call('ship', shipBody()).status).toBe(200);
  });

  it('a lost answer: FedEx ships, the caller hears nothing (LostAnswer); the shipment is then found by reference', () => {
    const { simulator, call } = signedIn();
    simulator.failNext('lose-answer');
    expect(() => call('ship', shipBody())).toThrow(LostAnswer);
    expect(simulator.billable()).toHaveLength(1);
    expect(body(call('trackReferences', referenceBody('order-0001'))).output.completeTrackResults[0].trackingNumber).toBe(
      simulator.shipments[0]!.masterTrackingNumber,
    );
  });

  it('failNext with an operation waits for that operation; a fault never touches the token unless named', () => {
    const { simulator, call } = signedIn();
    simulator.failNext('http500', 1, 'cancel');
    expect(call('rate', rateBody()).status).toBe(200);
    const number = shipOf(call('ship', shipBody())).masterTrackingNumber;
    expect(call('cancel', cancelBody(number)).status).toBe(500);
    expect(call('cancel', cancelBody(number)).status).toBe(200);
    simulator.failNext('http503');
    expect(simulator.send(tokenRequest()).status).toBe(200);
    expect(call('rate', rateBody()).status).toBe(503);
    simulator.failNext('http503', 1, 'token');
    expect(simulator.send(tokenRequest()).status).toBe(503);
  });

  it('a late ship: nothing is made until it lands (a reference search finds nothing), then the shipment and its answer', () => {
    const { simulator, call } = signedIn();
    simulator.answerLate(5_000);
    let late: LateAnswer<FedexSimAnswer> | undefined;
    try {
      call('ship', shipBody());
    } catch (error) {
      late = error as LateAnswer<FedexSimAnswer>;
    }
    expect(late).toBeInstanceOf(LateAnswer);
    expect(late!.delayMs).toBe(5_000);
    expect(simulator.shipments).toHaveLength(0);
    expect(body(call('trackReferences', referenceBody('order-0001'))).output.completeTrackResults[0].trackResults[0].error.code).toBe(
      'SIM.TRACKING.REFERENCE.NOTFOUND',
    );
    const landed = late!.land() as FedexSimAnswer;
    expect(landed.status).toBe(200);
    expect(simulator.shipments).toHaveLength(1);
    expect(simulator.received.at(-2)).toMatchObject({ operation: 'ship', status: 200 });
  });
});

describe('the FedEx check digit', () => {
  it("holds for FedEx's own example numbers and the simulator's, and fails for a changed digit", () => {
    for (const n of ['794842623031', '794953555571', '794993194001', '568838414941', '776094337676']) expect(fedexCheckDigitHolds(n)).toBe(true);
    expect(fedexCheckDigitHolds('794842623032')).toBe(false);
    expect(fedexCheckDigit('79494444444')).toMatch(/^\d$/);
    expect(fedexCheckDigitHolds('79484262303')).toBe(false);
  });
});
