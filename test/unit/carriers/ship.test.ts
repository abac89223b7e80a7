/**
 * The carriers' ship operation on the sandbox network (issue 9 item 3), for
 * every carrier: one tracking number per package in the carrier's format,
 * the same shipment for the same reference in any container, faults as in
 * rating.
 */
import { buildCarrierXRateRequest, buildCarrierXShipRequest } from '../../../shared/carriers/carrier-x';
import { createCarrierRegistry } from '../../../shared/carriers/registry';
import { createSandboxTransports } from '../../../shared/carriers/sandbox/network';
import { isValidBillOfLadingNumber, isValidTrackingNumber } from '../../../shared/carriers/sandbox/numbers';
import { CarrierError, CarrierRefusal, CarrierTimeout } from '../../../shared/domain/carrier';
import type { CarrierTransport } from '../../../shared/carriers/connector';
import type { RateRequest } from '../../../shared/domain/rate/schema';
import { newYorkRecipient, piece, rateInput, rateRequest, torontoShipper, withOptions } from './fixtures';
import { CARRIER_CODES, noSignal, OTHER_REFERENCE, REFERENCE, sandboxNetwork, shipInput, shipOnce } from './ship-fixtures';

/** 2 + 3 packages: pieces × quantity. */
const fivePackages = rateRequest({
  packages: { unitOfMeasure: 'imperial', pieces: [piece('GENERIC_BOX', { quantity: 2 }), piece('GENERIC_BOX', { quantity: 3, weight: 9 })] },
});

describe.each(CARRIER_CODES)('%s ship', (carrierCode) => {
  it('one tracking number per physical package, in piece order, the first the master', async () => {
    const shipment = await shipOnce(shipInput(carrierCode, fivePackages));
    expect(shipment.pieceTrackingNumbers).toHaveLength(5);
    expect(new Set(shipment.pieceTrackingNumbers).size).toBe(5);
    expect(shipment.trackingNumber).toBe(shipment.pieceTrackingNumbers[0]);
    expect(shipment.pieceTrackingNumbers.map((n) => n.slice(-4, -1))).toEqual(['001', '002', '003', '004', '005']);
  });

  it('every tracking number has the carrier format and a valid check digit', async () => {
    const shipment = await shipOnce(shipInput(carrierCode, fivePackages));
    for (const n of shipment.pieceTrackingNumbers) expect(isValidTrackingNumber(carrierCode, n)).toBe(true);
  });

  it('answers the reference, carrier and service it shipped, and a tracking URL of the master', async () => {
    const input = shipInput(carrierCode);
    const shipment = await shipOnce(input);
    expect(shipment).toMatchObject({ reference: REFERENCE, carrierCode, serviceCode: input.serviceCode });
    expect(shipment.trackingUrl).toBe(`https://track.sandbox.example/${carrierCode}/${shipment.trackingNumber}`);
  });

  it('the same reference gives the same shipment, in another container too (no shared memory)', async () => {
    const first = await shipOnce(shipInput(carrierCode, fivePackages));
    const network = sandboxNetwork();
    const again = await network.carrier(carrierCode).ship(shipInput(carrierCode, fivePackages), noSignal());
    const andAgain = await network.carrier(carrierCode).ship(shipInput(carrierCode, fivePackages), noSignal());
    expect(again).toEqual(first);
    expect(andAgain).toEqual(first);
  });

  it('another reference gives other tracking numbers', async () => {
    const first = await shipOnce(shipInput(carrierCode, fivePackages));
    const other = await shipOnce(shipInput(carrierCode, fivePackages, { reference: OTHER_REFERENCE }));
    expect(other.pieceTrackingNumbers.filter((n) => first.pieceTrackingNumbers.includes(n))).toEqual([]);
  });

  it('the ledger counts calls and distinct shipments: a repeated reference is not a second shipment', async () => {
    const { transports, carrier } = sandboxNetwork();
    const ledger = transports[carrierCode].ledger;
    await carrier(carrierCode).ship(shipInput(carrierCode), noSignal());
    await carrier(carrierCode).ship(shipInput(carrierCode), noSignal());
    expect(ledger.shipCalls).toBe(2);
    expect([...ledger.shipments.keys()]).toEqual([REFERENCE]);
    const other = await carrier(carrierCode).ship(shipInput(carrierCode, fivePackages, { reference: OTHER_REFERENCE }), noSignal());
    expect(ledger.shipCalls).toBe(3);
    expect(ledger.shipments.get(OTHER_REFERENCE)).toEqual({ trackingNumber: other.trackingNumber, packageCount: 5 });
  });

  it('200 packages: 200 distinct valid tracking numbers', async () => {
    const pieces = Array.from({ length: 50 }, (_, i) => piece('GENERIC_BOX', { quantity: 4, weight: 1 + i }));
    const shipment = await shipOnce(shipInput(carrierCode, rateRequest({ packages: { unitOfMeasure: 'metric', pieces } })));
    expect(shipment.pieceTrackingNumbers).toHaveLength(200);
    expect(new Set(shipment.pieceTrackingNumbers).size).toBe(200);
    expect(shipment.pieceTrackingNumbers.every((n) => isValidTrackingNumber(carrierCode, n))).toBe(true);
  });

  it('more than 200 packages in one shipment is refused', async () => {
    const request = rateRequest({ packages: { unitOfMeasure: 'metric', pieces: [piece('GENERIC_BOX', { quantity: 201 })] } });
    await expect(shipOnce(shipInput(carrierCode, request))).rejects.toThrow(CarrierRefusal);
    await expect(shipOnce(shipInput(carrierCode, request))).rejects.toThrow(/at most 200 packages/);
  });

  it('createReturnLabel adds the tracking number of a prepaid return (sequence 000); none without it', async () => {
    const withReturn = await shipOnce(shipInput(carrierCode, withOptions(fivePackages, { createReturnLabel: true })));
    expect(withReturn.returnTrackingNumber).toBe(`${withReturn.trackingNumber.slice(0, -4)}000${withReturn.returnTrackingNumber!.slice(-1)}`);
    expect(isValidTrackingNumber(carrierCode, withReturn.returnTrackingNumber!)).toBe(true);
    expect(withReturn.pieceTrackingNumbers).not.toContain(withReturn.returnTrackingNumber);
    expect((await shipOnce(shipInput(carrierCode, fivePackages))).returnTrackingNumber).toBeUndefined();
  });

  it('a service the carrier does not offer is refused', async () => {
    await expect(shipOnce(shipInput(carrierCode, undefined, { serviceCode: `${carrierCode}_TELEPORT` }))).rejects.toThrow(
      new CarrierRefusal(carrierCode, `${carrierCode} does not offer the service ${carrierCode}_TELEPORT`),
    );
  });

  it('a blank reference is refused: it is the idempotency key', async () => {
    await expect(shipOnce(shipInput(carrierCode, undefined, { reference: ' ' }))).rejects.toThrow(/shipment reference of 1 to 64 characters/);
  });

  it.each(['personName', 'addressLine1'] as const)('a recipient without %s is refused', async (field) => {
    const request = rateRequest({ recipient: { ...rateRequest().recipient, [field]: '  ' } });
    await expect(shipOnce(shipInput(carrierCode, request))).rejects.toThrow(`${carrierCode} cannot ship without recipient.${field}`);
  });
});

describe('faults apply to ship as to rate', () => {
  const ship = (carrierCode: string, network: ReturnType<typeof sandboxNetwork>, signal = new AbortController().signal) =>
    network.carrier(carrierCode).ship(shipInput(carrierCode), { signal });

  it('http500 is a CarrierError, and makes no shipment', async () => {
    const network = sandboxNetwork({ faults: { CARRIERY: { error: 'http500' } } });
    await expect(ship('CARRIERY', network)).rejects.toThrow(new CarrierError('CARRIERY', 'CARRIERY answered HTTP 500 Internal Server Error'));
    expect(network.transports.CARRIERY.ledger.shipCalls).toBe(1);
    expect(network.transports.CARRIERY.ledger.shipments.size).toBe(0);
  });

  it('a malformed answer is caught by the carrier as a CarrierError', async () => {
    await expect(ship('CARRIERX', sandboxNetwork({ faults: { CARRIERX: { error: 'malformed' } } }))).rejects.toThrow(
      /CARRIERX answered with a malformed ship response at shipment/,
    );
  });

  it('timeout never answers until the caller aborts, then rejects with the reason it aborted with', async () => {
    const controller = new AbortController();
    let settled = false;
    const pending = ship('CARRIERF', sandboxNetwork({ faults: { CARRIERF: { error: 'timeout' } } }), controller.signal).finally(() => {
      settled = true;
    });
    await new Promise((r) => setTimeout(r, 30));
    expect(settled).toBe(false);
    const timeout = new CarrierTimeout('CARRIERF', 'CARRIERF did not answer within 10000 ms');
    controller.abort(timeout);
    await expect(pending).rejects.toBe(timeout);
  });

  it('latency honours the abort signal', async () => {
    const controller = new AbortController();
    setTimeout(() => controller.abort(new Error('caller gave up')), 20);
    await expect(ship('CARRIERZ', sandboxNetwork({ faults: { CARRIERZ: { latencyMs: 60_000 } } }), controller.signal)).rejects.toThrow('caller gave up');
  });

  it('an already aborted signal is not answered', async () => {
    const controller = new AbortController();
    controller.abort(new Error('too late'));
    await expect(ship('CARRIERX', sandboxNetwork(), controller.signal)).rejects.toThrow('too late');
  });

  it('a retry after a failed call gets the shipment a healthy carrier makes under that reference', async () => {
    const draws = [0.1, 0.9];
    const network = sandboxNetwork({ faults: { CARRIERY: { failRate: 0.5 } }, random: () => draws.shift()! });
    await expect(ship('CARRIERY', network)).rejects.toThrow(CarrierError);
    await expect(ship('CARRIERY', network)).resolves.toEqual(await shipOnce(shipInput('CARRIERY')));
  });

  it('faults apply to their carrier only', async () => {
    const network = sandboxNetwork({ faults: { CARRIERZ: { error: 'http500' } } });
    await expect(ship('CARRIERX', network)).resolves.toMatchObject({ carrierCode: 'CARRIERX' });
  });
});

describe('ship answers are checked', () => {
  /** A registry whose CARRIERZ answers ship with `answer`. */
  const answering = (answer: (request: unknown) => unknown) => {
    const transport: CarrierTransport<unknown> = {
      rate: async () => ({ quotes: [] }),
      ship: async (request) => answer(request),
      track: () => Promise.reject(new Error('ship only')),
      cancel: () => Promise.reject(new Error('ship only')),
    };
    return createCarrierRegistry({ ...createSandboxTransports(), CARRIERZ: transport }).port('CARRIERZ')!;
  };
  /** A shipment as the carrier sends it: documents in base64. */
  const good = async () => {
    const { documents, ...shipment } = await shipOnce(shipInput('CARRIERZ', fivePackages));
    return { ...shipment, documents: documents?.map((d) => ({ ...d, content: d.content.toString('base64') })) };
  };

  it('a real carrier is a new transport: it receives the built ship request', async () => {
    const sent: unknown[] = [];
    const shipment = await good();
    const carrier = answering((request) => {
      sent.push(request);
      return { shipment };
    });
    await expect(carrier.ship(shipInput('CARRIERZ', fivePackages), noSignal())).resolves.toEqual(await shipOnce(shipInput('CARRIERZ', fivePackages)));
    expect(sent).toEqual([expect.objectContaining({ shipmentReference: REFERENCE, serviceCode: 'CARRIERZ_EXPRESS_SAVER' })]);
  });

  it("the shipment of another reference is an error, not someone else's order", async () => {
    const shipment = { ...(await good()), reference: OTHER_REFERENCE };
    await expect(answering(() => ({ shipment })).ship(shipInput('CARRIERZ'), noSignal())).rejects.toThrow(/shipment of another reference/);
  });

  it('a master tracking number that is not the first package is an error', async () => {
    const shipment = await good();
    const broken = { shipment: { ...shipment, trackingNumber: shipment.pieceTrackingNumbers[1] } };
    await expect(answering(() => broken).ship(shipInput('CARRIERZ'), noSignal())).rejects.toThrow(/not its first package/);
  });

  it('a shipment of another carrier is an error', async () => {
    const shipment = { ...(await good()), carrierCode: 'CARRIERX' };
    await expect(answering(() => ({ shipment })).ship(shipInput('CARRIERZ'), noSignal())).rejects.toThrow(/shipment of CARRIERX/);
  });
});

describe('carrier F: freight', () => {
  it('ships under a bill of lading number (BOL, Luhn check digit), the same per reference', async () => {
    const shipment = await shipOnce(shipInput('CARRIERF', fivePackages));
    expect(isValidBillOfLadingNumber(shipment.billOfLadingNumber!)).toBe(true);
    expect((await shipOnce(shipInput('CARRIERF', fivePackages))).billOfLadingNumber).toBe(shipment.billOfLadingNumber);
    expect((await shipOnce(shipInput('CARRIERF', fivePackages, { reference: OTHER_REFERENCE }))).billOfLadingNumber).not.toBe(shipment.billOfLadingNumber);
  });

  it('a PRO number per handling unit', async () => {
    const shipment = await shipOnce(shipInput('CARRIERF', fivePackages));
    expect(shipment.pieceTrackingNumbers).toHaveLength(5);
  });

  it('parcel carriers issue no bill of lading', async () => {
    for (const code of ['CARRIERX', 'CARRIERY', 'CARRIERZ']) expect((await shipOnce(shipInput(code))).billOfLadingNumber).toBeUndefined();
  });

  it('takes non-conveyable freight, which parcel carriers refuse at ship as at rate', async () => {
    const request = withOptions(rateRequest(), { nonConveyable: true });
    await expect(shipOnce(shipInput('CARRIERF', request))).resolves.toMatchObject({ carrierCode: 'CARRIERF' });
    for (const code of ['CARRIERX', 'CARRIERY', 'CARRIERZ']) await expect(shipOnce(shipInput(code, request))).rejects.toThrow(/non-conveyable/);
  });

  it('moves freight within and between Canada and the United States only', async () => {
    const request = rateRequest({ recipient: { ...newYorkRecipient, countryCode: 'MX', provinceCode: undefined } });
    await expect(shipOnce(shipInput('CARRIERF', request))).rejects.toThrow(/Canada and the United States only/);
  });
});

describe('carrier X: duties at ship time follow billDutyTo', () => {
  const international = (internationalOptions: NonNullable<RateRequest['internationalOptions']>) =>
    rateRequest({ shipper: torontoShipper, recipient: newYorkRecipient, internationalOptions });

  it.each([
    [{ billDutyTo: 'recipient' as const }, { paymentType: 'RECIPIENT' }],
    [{ billDutyTo: 'sender' as const }, { paymentType: 'SENDER' }],
    [{ documentsOnly: true }, { paymentType: 'SENDER' }],
    [
      { billDutyTo: 'thirdParty' as const, dutyAccountNumber: ' D-77 ' },
      { paymentType: 'THIRD_PARTY', accountNumber: 'D-77' },
    ],
  ])('%j bills duties %j at ship; the rate request billed the sender', (options, payment) => {
    const request = international(options);
    expect(buildCarrierXShipRequest(shipInput('CARRIERX', request)).customsClearance?.dutiesPayment).toEqual(payment);
    expect(buildCarrierXRateRequest(rateInput('CARRIERX', request)).customsClearance?.dutiesPayment).toEqual({ paymentType: 'SENDER' });
  });

  it('no customs clearance without internationalOptions, as at rate time', () => {
    expect(buildCarrierXShipRequest(shipInput('CARRIERX')).customsClearance).toBeUndefined();
  });

  it('a third party pays duties only with its dutyAccountNumber', async () => {
    await expect(shipOnce(shipInput('CARRIERX', international({ billDutyTo: 'thirdParty' })))).rejects.toThrow(
      new CarrierRefusal('CARRIERX', 'CARRIERX bills duties to a third party only with internationalOptions.dutyAccountNumber'),
    );
  });
});
