import { buildCarrierFRateRequest, carrierFAccessorials } from '../../../shared/carriers/carrier-f';
import { buildCarrierZRateRequest } from '../../../shared/carriers/carrier-z';
import type { Connector } from '../../../shared/carriers/connector';
import { CARRIER_PROFILES, createCarrierRegistry } from '../../../shared/carriers/registry';
import { createSandboxTransports } from '../../../shared/carriers/sandbox/network';
import { CarrierRefusal } from '../../../shared/domain/carrier';
import type { RateRequest } from '../../../shared/domain/rate/schema';
import { chargeAmount, chargeCodes, londonRecipient, newYorkRecipient, piece, quotesOf, rateInput, rateRequest, withOptions } from './fixtures';

// The sandbox carriers; UPS's rate request has its own contract tests (test/unit/carriers/ups/).
// The connectors, loaded: their rate request builders are pure and answer at once.
const connectors = new Map<string, Connector>();
beforeAll(async () => {
  for (const profile of CARRIER_PROFILES.filter((p) => p.network === 'sandbox')) connectors.set(profile.code, await profile.load());
});
const SANDBOX = ['CARRIERF', 'CARRIERX', 'CARRIERY', 'CARRIERZ'];
const carrier = (code: string): Connector => {
  const found = connectors.get(code);
  if (!found) throw new Error(code);
  return found;
};
// Their ports over the sandbox network, for quotes.
const registry = createCarrierRegistry(createSandboxTransports());
const port = (code: string) => registry.port(code)!;
const PARCEL = ['CARRIERX', 'CARRIERY', 'CARRIERZ'];

const freightOptions: NonNullable<RateRequest['freightOptions']> = {
  tailgate: 'both',
  twoPersons: 'delivery',
  afterHours: 'pickup',
  appointment: 'Call the dock 30 min ahead',
  prebookedAppointment: { appointmentDate: '2025-06-10', appointmentTime: '09:00' },
  pickupAppointment: { appointmentDate: '2025-06-04', appointmentTime: '14:00' },
};

describe('nonConveyable (spec 2.2)', () => {
  const nonConveyable = withOptions(rateRequest(), { nonConveyable: true });

  it.each(PARCEL)('%s, a parcel carrier, refuses nonConveyable', (code) => {
    const build = () => carrier(code).buildRateRequest(rateInput(code, nonConveyable));
    expect(build).toThrow(CarrierRefusal);
    expect(build).toThrow(/non-conveyable/);
  });

  it.each(PARCEL)('%s quotes when nonConveyable is false', (code) => {
    expect(() => carrier(code).buildRateRequest(rateInput(code, withOptions(rateRequest(), { nonConveyable: false })))).not.toThrow();
  });

  it('CARRIERF, freight, accepts nonConveyable and quotes it', async () => {
    const quotes = await quotesOf(port('CARRIERF'), rateInput('CARRIERF', nonConveyable));
    expect(quotes.map((q) => q.serviceCode)).toEqual(['CARRIERF_LTL_STANDARD', 'CARRIERF_LTL_GUARANTEED']);
  });
});

describe('freight accessorials (spec 2.8)', () => {
  it('counts pickup/delivery/both per side and each appointment kind once', () => {
    expect(carrierFAccessorials(freightOptions)).toEqual([
      { code: 'TAILGATE_PICKUP' },
      { code: 'TAILGATE_DELIVERY' },
      { code: 'TWO_PERSON_DELIVERY' },
      { code: 'AFTER_HOURS_PICKUP' },
      { code: 'DELIVERY_APPOINTMENT', note: 'Call the dock 30 min ahead' },
      { code: 'PREBOOKED_APPOINTMENT', note: '2025-06-10 09:00' },
      { code: 'PICKUP_APPOINTMENT', note: '2025-06-04 14:00' },
    ]);
    expect(carrierFAccessorials(undefined)).toEqual([]);
    expect(carrierFAccessorials({ appointment: '  ' })).toEqual([]);
  });

  it('carrier F prices each accessorial as an accessorial charge', async () => {
    const [withAccessorials] = await quotesOf(port('CARRIERF'), rateInput('CARRIERF', rateRequest({ freightOptions })));
    const [without] = await quotesOf(port('CARRIERF'), rateInput('CARRIERF', rateRequest()));
    const accessorials = withAccessorials?.charges.filter((c) => c.type === 'accessorial') ?? [];
    expect(accessorials.map((c) => c.code)).toEqual([
      'TAILGATE_PICKUP',
      'TAILGATE_DELIVERY',
      'TWO_PERSON_DELIVERY',
      'AFTER_HOURS_PICKUP',
      'DELIVERY_APPOINTMENT',
      'PREBOOKED_APPOINTMENT',
      'PICKUP_APPOINTMENT',
    ]);
    expect(accessorials.every((c) => c.amount > 0)).toBe(true);
    expect(without?.charges.filter((c) => c.type === 'accessorial')).toEqual([]);
    // The rest of the quote does not move.
    expect(chargeAmount(withAccessorials, 'BASE')).toBe(chargeAmount(without, 'BASE'));
  });

  it.each(PARCEL)('%s ignores freightOptions', (code) => {
    const a = carrier(code);
    expect(a.buildRateRequest(rateInput(code, rateRequest({ freightOptions })))).toEqual(a.buildRateRequest(rateInput(code)));
  });

  it('carrier F receives pounds and inches, one handling-unit line per piece with its count', () => {
    const request = buildCarrierFRateRequest(
      rateInput(
        'CARRIERF',
        rateRequest({
          packages: { unitOfMeasure: 'metric', pieces: [piece('GENERIC_BOX', { quantity: 2, weight: 100, length: 120, width: 100, height: 90 })] },
        }),
      ),
    );
    expect(request.handlingUnits).toEqual([{ count: 2, weightLb: 220.46, lengthIn: 47.2, widthIn: 39.4, heightIn: 35.4 }]);
  });

  it('carrier F refuses shipments outside Canada and the United States', () => {
    expect(() => buildCarrierFRateRequest(rateInput('CARRIERF', rateRequest({ recipient: londonRecipient })))).toThrow(CarrierRefusal);
    expect(() => buildCarrierFRateRequest(rateInput('CARRIERF', rateRequest({ recipient: newYorkRecipient })))).not.toThrow();
  });
});

describe('fields that never reach a carrier at rate time', () => {
  const international = rateRequest({
    recipient: newYorkRecipient,
    internationalOptions: { billDutyTo: 'sender', requestEstimatedDutiesAndTaxes: true },
    commercialInvoice: {
      currency: 'CAD',
      invoiceItems: [{ description: 'Widget', quantity: 2, value: 50, weight: 1 }],
    },
  });
  const allCodes = SANDBOX;

  it.each(allCodes)('generalNote is stripped before rating (%s)', (code) => {
    const note = 'GENERAL-NOTE-MARKER: fragile, keep upright';
    const noted = { ...international, commercialInvoice: { ...international.commercialInvoice!, generalNote: note } };
    const request = carrier(code).buildRateRequest(rateInput(code, noted));
    expect(JSON.stringify(request)).not.toContain('GENERAL-NOTE-MARKER');
    expect(JSON.stringify(request)).not.toContain('generalNote');
    expect(request).toEqual(carrier(code).buildRateRequest(rateInput(code, international)));
  });

  it.each(allCodes)('createReturnLabel is ignored at rate time (%s)', (code) => {
    const a = carrier(code);
    const withReturn = a.buildRateRequest(rateInput(code, withOptions(international, { createReturnLabel: true })));
    expect(JSON.stringify(withReturn)).not.toMatch(/return/i);
    expect(withReturn).toEqual(a.buildRateRequest(rateInput(code, international)));
  });
});

describe('services', () => {
  it.each(SANDBOX)('only the services passed in RateInput.services are quoted (%s)', async (code) => {
    const input = rateInput(code);
    const [first, ...rest] = input.services;
    expect(rest.length).toBeGreaterThan(0);
    const quotes = await quotesOf(port(code), { ...input, services: [first!] });
    expect(quotes.map((q) => q.serviceCode)).toEqual([first!.code]);
    const all = await quotesOf(port(code), input);
    expect(all.map((q) => q.serviceCode)).toEqual(input.services.map((s) => s.code));
  });

  it('a carrier with no enabled service to quote refuses', () => {
    const input = rateInput('CARRIERZ');
    expect(() => buildCarrierZRateRequest({ ...input, services: [] })).toThrow(CarrierRefusal);
    expect(() => buildCarrierZRateRequest({ ...input, services: input.services.map((s) => ({ ...s, isDisabled: true })) })).toThrow(CarrierRefusal);
  });

  it('every quote carries the base and fuel charges of its service', async () => {
    for (const a of registry.sandboxPorts) {
      for (const quote of await quotesOf(a, rateInput(a.code))) {
        expect(chargeCodes(quote).slice(0, 2)).toEqual(['BASE', 'FUEL']);
        expect(quote.charges[0]?.amount).toBeGreaterThan(0);
      }
    }
  });
});

describe('third-party billing (spec 2.11)', () => {
  const billed = (billingOptions: RateRequest['billingOptions']) => rateRequest({ billingOptions });
  const payer = (code: string, request: RateRequest) => {
    const built = carrier(code).buildRateRequest(rateInput(code, request)) as Record<string, unknown>;
    return built.shippingChargesPayment ?? built.payer ?? built.billThirdParty ?? built.billTo;
  };

  it.each([
    ['CARRIERX', { paymentType: 'THIRD_PARTY', accountNumber: 'TP-123' }],
    ['CARRIERY', { customerNumber: 'TP-123' }],
    ['CARRIERZ', { account: 'TP-123' }],
    ['CARRIERF', { party: 'THIRD_PARTY', accountNumber: 'TP-123' }],
  ])('%s receives the bill-to account of a third-party request for it', (code, expected) => {
    expect(payer(code, billed({ type: 'thirdParty', thirdPartyShipperNumber: 'TP-123', carrierCode: code }))).toEqual(expected);
    expect(payer(code, billed({ type: 'thirdParty', thirdPartyShipperNumber: 'TP-123' }))).toEqual(expected);
  });

  it.each(SANDBOX)('%s is billed to the plan account otherwise', (code) => {
    expect(payer(code, rateRequest())).toBeUndefined();
    expect(payer(code, billed({ type: 'account', thirdPartyShipperNumber: 'TP-123' }))).toBeUndefined();
    expect(payer(code, billed({ type: 'thirdParty', thirdPartyShipperNumber: 'TP-123', carrierCode: 'ANOTHER' }))).toBeUndefined();
  });

  it.each(SANDBOX)('soldTo, a ship time field, never reaches %s at rate time', (code) => {
    const soldTo = { personName: 'SOLD-TO-MARKER', addressLine1: '1 Main St', countryCode: 'CA' };
    const request = carrier(code).buildRateRequest(rateInput(code, billed({ soldTo })));
    expect(JSON.stringify(request)).not.toContain('SOLD-TO-MARKER');
  });
});
