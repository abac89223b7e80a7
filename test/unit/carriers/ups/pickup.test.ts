/**
 * UPS on-call pickups (shared/carriers/ups/pickup.ts) against Pickup.yaml
 * and the UPS simulator (local/ups/simulator.ts): every request the
 * connector sends is validated here against the document's schema of its
 * operation (and again by the simulator, which refuses what breaks it),
 * every answer read is one the document's response schema takes, and
 * hostile answers are bounded: book with UPS's charge, find after a lost
 * answer (`mayExist`), a late answer that still leaves one pickup, cancel,
 * cancel again, cancel refused once the driver is dispatched, availability.
 */
import { CarrierError, CarrierRefusal, type CarrierAccount, type PickupInput } from '../../../../shared/domain/carrier';
import type { Address } from '../../../../shared/domain/rate/schema';
import type { UpsAnswer, UpsApi, UpsRequest } from '../../../../shared/carriers/ups/api';
import {
  buildUpsPickupCreate,
  buildUpsPickupRate,
  parseUpsPickupCreate,
  parseUpsPickupPending,
  UPS_PICKUP_CANCEL_PATH,
  UPS_PICKUP_CREATE_PATH,
  UPS_PICKUP_ONCALL_PATH,
  upsPickupAvailability,
  upsPickupCancel,
  upsPickupCreate,
  upsPickupFind,
  upsPickupReference,
} from '../../../../shared/carriers/ups/pickup';
import { createUpsSimulator, LateAnswer, LostAnswer, type UpsSimulator } from '../../../../local/ups/simulator';
import { expectValid, problemsOf, requestExamples, requestSchemaName, responseSchemaName, validatorFor } from '../../../../local/ups/spec';

const DOC = 'Pickup';
const ONCALL = '/shipments/{version}/pickup/{pickuptype}';
const CANCEL = '/shipments/{version}/pickup/{CancelBy}';
const CREATION = '/pickupcreation/{version}/pickup';
const createValidator = () => validatorFor(DOC, 'PICKUPCreationRequestWrapper');
const rateValidator = () => validatorFor(DOC, requestSchemaName(DOC, ONCALL));

const ACCOUNT: CarrierAccount = { carrierAccountId: 'acct-ups-1', carrierCode: 'UPS', accountNumber: 'A1B2C3', credentials: async () => ({}) };
const REFERENCE = '3f2c9a7e-5b1d-4c8e-9f0a-1b2c3d4e5f60';
const MONDAY = '2026-11-30';

const warehouse: Address = {
  personName: 'Dana Dispatcher',
  companyName: 'Allendale Outfitters Wholesale Company',
  phoneNumber: '+1 201 555 0142',
  addressLine1: '315 Saddle Bridge Drive',
  addressLine2: 'Dock 4',
  city: 'Allendale',
  provinceCode: 'NJ',
  postalCode: '07401',
  countryCode: 'US',
};
const input = (extra: Partial<PickupInput> = {}): PickupInput => ({
  reference: REFERENCE,
  address: warehouse,
  window: { date: MONDAY, readyTime: '10:00', closeTime: '16:30' },
  shipments: [],
  load: { packageCount: 3, totalWeight: { value: 12.25, unit: 'lb' } },
  instructions: 'Ring at the loading dock',
  ...extra,
});

/** The simulator as UPS, on a clock the test moves; every request checked against the document before it is sent. */
function simulated(start = `${MONDAY}T08:00:00Z`) {
  let clock = new Date(start);
  const simulator = createUpsSimulator({ now: () => clock });
  const api: UpsApi = {
    mode: 'test',
    send: (request: UpsRequest) => {
      const wire = JSON.parse(JSON.stringify(request)) as UpsRequest;
      if (wire.method === 'POST') expectValid(wire.path === UPS_PICKUP_CREATE_PATH ? createValidator() : rateValidator(), wire.body);
      const answer = simulator.send(wire);
      return Promise.resolve(JSON.parse(JSON.stringify(answer)) as UpsAnswer);
    },
  };
  return { api, simulator, setClock: (at: string) => (clock = new Date(at)) };
}
const context = () => ({ account: ACCOUNT, signal: AbortSignal.timeout(10_000) });
const lines = (simulator: UpsSimulator) => simulator.received.map((r) => `${r.method} ${r.path}`);

describe('UPS pickup requests against Pickup.yaml', () => {
  // The examples are sketches (no Request, placeholders); their day and weight are what the errata correct.
  it("the document's own example of a day and a weight validate once its errata are patched", () => {
    const creation = requestExamples(DOC, CREATION)[0]!.value as { PickupCreationRequest: { PickupDateInfo: unknown; TotalWeight: unknown } };
    expectValid(validatorFor(DOC, 'PickupCreationRequest_PickupDateInfo'), creation.PickupCreationRequest.PickupDateInfo);
    expectValid(validatorFor(DOC, 'PickupCreationRequest_TotalWeight'), creation.PickupCreationRequest.TotalWeight);
  });

  it.each<[string, PickupInput]>([
    ['a business with instructions', input()],
    [
      'a residence in kilograms, no instructions, no company',
      input({
        address: { ...warehouse, companyName: undefined, residential: true },
        instructions: undefined,
        load: { packageCount: 1, totalWeight: { value: 40, unit: 'kg' } },
      }),
    ],
    [
      'Canada, a long reference',
      input({ reference: `${REFERENCE}-retry-0001`, address: { ...warehouse, city: 'Toronto', provinceCode: 'ON', postalCode: 'M5H 1A1', countryCode: 'CA' } }),
    ],
  ])('builds a creation the document takes: %s', (_name, pickup) => {
    expectValid(createValidator(), buildUpsPickupCreate(pickup, 'A1B2C3'));
  });

  it('carries our reference, the window, the load and the payment as UPS writes them', () => {
    const body = buildUpsPickupCreate(input(), 'A1B2C3').PickupCreationRequest;
    expect(body).toMatchObject({
      RatePickupIndicator: 'Y',
      Shipper: { Account: { AccountNumber: 'A1B2C3', AccountCountryCode: 'US' } },
      PickupDateInfo: { PickupDate: '20261130', ReadyTime: '1000', CloseTime: '1630' },
      PickupAddress: {
        CompanyName: 'Allendale Outfitters Wholes',
        ContactName: 'Dana Dispatcher',
        AddressLine: ['315 Saddle Bridge Drive Dock 4'],
        PostalCode: '07401',
        ResidentialIndicator: 'N',
        Phone: { Number: '+1 201 555 0142' },
      },
      PickupPiece: [{ ServiceCode: '003', Quantity: '3', DestinationCountryCode: 'US', ContainerCode: '01' }],
      TotalWeight: { Weight: '12.3', UnitOfMeasurement: 'LBS' },
      OverweightIndicator: 'N',
      PaymentMethod: '01',
      SpecialInstruction: 'Ring at the loading dock',
      ReferenceNumber: REFERENCE.replaceAll('-', ''),
    });
    expect(upsPickupReference('pk_01HZX')).toBe('pk_01HZX');
    expect(buildUpsPickupCreate(input({ address: { ...warehouse, postalCode: '07401-1234' } }), 'A1B2C3').PickupCreationRequest.PickupAddress.PostalCode).toBe(
      '07401',
    );
  });

  it('builds a rate of a specific day the document takes', () => {
    const body = buildUpsPickupRate({ address: warehouse, date: MONDAY }, 'A1B2C3');
    expectValid(rateValidator(), body);
    expect(body.PickupRateRequest).toMatchObject({ ServiceDateOption: '03', PickupDateInfo: { PickupDate: '20261130', ReadyTime: '0900', CloseTime: '1700' } });
  });

  it.each<[string, PickupInput, RegExp]>([
    ['no phone', input({ address: { ...warehouse, phoneNumber: undefined } }), /phone number/],
    ['no city', input({ address: { ...warehouse, city: undefined } }), /city/],
    ['1000 parcels', input({ load: { packageCount: 1000, totalWeight: { value: 5000, unit: 'lb' } } }), /1 to 999 parcels/],
    ['a weight of 0', input({ load: { packageCount: 1, totalWeight: { value: 0, unit: 'lb' } } }), /total weight/],
    ['a time that is no time', input({ window: { date: MONDAY, readyTime: '25:00', closeTime: '16:00' } }), /HH:MM/],
    ['a close before the ready time', input({ window: { date: MONDAY, readyTime: '16:00', closeTime: '10:00' } }), /after its ready time/],
    ['a date that is no day', input({ window: { date: '2026-02-30', readyTime: '10:00', closeTime: '16:00' } }), /calendar day/],
  ])('refuses what UPS cannot book before calling it: %s', async (_name, pickup, reason) => {
    const { api, simulator } = simulated();
    await expect(upsPickupCreate(pickup, api, context())).rejects.toThrow(reason);
    await expect(upsPickupCreate(pickup, api, context())).rejects.toBeInstanceOf(CarrierRefusal);
    expect(simulator.received).toEqual([]);
  });
});

describe('UPS pickups over the simulator', () => {
  it("books one pickup under our reference with UPS's charge, and finds it by reference and day", async () => {
    const { api, simulator } = simulated();
    const booked = await upsPickupCreate(input(), api, context());
    expect(booked).toEqual({
      reference: REFERENCE,
      confirmationNumber: 'A1B2C300001',
      window: { date: MONDAY, readyTime: '10:00', closeTime: '16:30' },
      charges: { amount: 950, currency: 'USD' },
    });
    expect(simulator.pickups).toMatchObject([{ prn: 'A1B2C300001', reference: REFERENCE.replaceAll('-', ''), status: 'pending', pieces: 3 }]);
    const found = await upsPickupFind({ reference: REFERENCE, date: MONDAY, address: warehouse }, api, context());
    expect(found).toMatchObject({ reference: REFERENCE, confirmationNumber: 'A1B2C300001', window: { date: MONDAY } });
    expect(await upsPickupFind({ reference: 'another-reference', date: MONDAY, address: warehouse }, api, context())).toBeUndefined();
    expect(await upsPickupFind({ reference: REFERENCE, date: '2026-12-01', address: warehouse }, api, context())).toBeUndefined();
    expect(simulator.received.filter((r) => r.method === 'GET').map((r) => r.headers)).toEqual([
      { AccountNumber: 'A1B2C3' },
      { AccountNumber: 'A1B2C3' },
      { AccountNumber: 'A1B2C3' },
    ]);
  });

  it('a create whose answer was lost is found by its reference and adopted on the retry: UPS holds one pickup', async () => {
    const { api, simulator } = simulated();
    simulator.failNext('lose-answer');
    await expect(upsPickupCreate(input(), api, context())).rejects.toBeInstanceOf(LostAnswer);
    const adopted = await upsPickupCreate(input({ mayExist: true }), api, context());
    expect(adopted).toEqual({ reference: REFERENCE, confirmationNumber: 'A1B2C300001', window: input().window });
    expect(simulator.pickups).toHaveLength(1);
    expect(lines(simulator)).toEqual([`POST ${UPS_PICKUP_CREATE_PATH}`, `GET ${UPS_PICKUP_ONCALL_PATH}`]);
  });

  it('a lost answer for a day Pending Status does not list yet: the retry books again and UPS answers the same PRN, one pickup', async () => {
    const { api, simulator } = simulated();
    const later = input({ window: { date: '2026-12-03', readyTime: '10:00', closeTime: '16:00' } });
    simulator.failNext('lose-answer');
    await expect(upsPickupCreate(later, api, context())).rejects.toBeInstanceOf(LostAnswer);
    const retried = await upsPickupCreate({ ...later, mayExist: true }, api, context());
    expect(retried.confirmationNumber).toBe(simulator.pickups[0]!.prn);
    expect(simulator.pickups).toHaveLength(1);
    expect(lines(simulator)).toEqual([`POST ${UPS_PICKUP_CREATE_PATH}`, `GET ${UPS_PICKUP_ONCALL_PATH}`, `POST ${UPS_PICKUP_CREATE_PATH}`]);
  });

  it('with mayExist and nothing under the reference, it books', async () => {
    const { api, simulator } = simulated();
    await upsPickupCreate(input({ mayExist: true }), api, context());
    expect(lines(simulator)).toEqual([`GET ${UPS_PICKUP_ONCALL_PATH}`, `POST ${UPS_PICKUP_CREATE_PATH}`]);
    expect(simulator.pickups).toHaveLength(1);
  });

  it('a late answer and a retry that books before it lands leave one pickup: UPS answers the same PRN for the address and day', async () => {
    const { api, simulator } = simulated();
    simulator.answerLate(5_000, 'pickup');
    const late = await upsPickupCreate(input(), api, context()).catch((error: unknown) => error);
    expect(late).toBeInstanceOf(LateAnswer);
    const retried = await upsPickupCreate(input({ mayExist: true }), api, context());
    const landed = await (late as LateAnswer<UpsAnswer>).land();
    expect(parseUpsPickupCreate(landed.body, input()).confirmationNumber).toBe(retried.confirmationNumber);
    expect(simulator.pickups.filter((p) => p.status !== 'cancelled')).toHaveLength(1);
  });

  it('cancels by PRN; cancelling again succeeds; a cancel once the driver is dispatched is refused with UPS reason', async () => {
    const { api, simulator, setClock } = simulated();
    const first = await upsPickupCreate(input(), api, context());
    const ref = { reference: REFERENCE, confirmationNumber: first.confirmationNumber, date: MONDAY, address: warehouse };
    await upsPickupCancel(ref, api, context());
    expect(simulator.pickups[0]!.status).toBe('cancelled');
    expect(simulator.received.filter((r) => r.method === 'DELETE').map((r) => [r.path, r.headers])).toEqual([[UPS_PICKUP_CANCEL_PATH, { Prn: 'A1B2C300001' }]]);
    await expect(upsPickupCancel(ref, api, context())).resolves.toBeUndefined();
    expect(await upsPickupFind(ref, api, context())).toBeUndefined();

    const second = await upsPickupCreate(input({ reference: 'second-pickup' }), api, context());
    setClock(`${MONDAY}T10:00:00Z`);
    const refused = await upsPickupCancel({ ...ref, reference: 'second-pickup', confirmationNumber: second.confirmationNumber }, api, context()).catch(
      (e: unknown) => e,
    );
    expect(refused).toBeInstanceOf(CarrierRefusal);
    expect((refused as Error).message).toBe('PU0002: The pickup has been dispatched to the driver and can no longer be cancelled');
    expect(simulator.pickups[1]!.status).toBe('dispatched');

    // Booked for the clock's day with its ready time past: dispatched at once.
    const now = await upsPickupCreate(
      input({
        reference: 'now-pickup',
        window: { date: MONDAY, readyTime: '00:00', closeTime: '23:59' },
        address: { ...warehouse, addressLine1: '1 Other Street' },
      }),
      api,
      context(),
    );
    await expect(upsPickupCancel({ ...ref, confirmationNumber: now.confirmationNumber }, api, context())).rejects.toThrow(/dispatched to the driver/);

    const third = await upsPickupCreate(
      input({ reference: 'third-pickup', window: { date: '2026-12-01', readyTime: '10:00', closeTime: '16:00' } }),
      api,
      context(),
    );
    simulator.dispatchPickup(third.confirmationNumber);
    await expect(upsPickupCancel({ ...ref, confirmationNumber: third.confirmationNumber, date: '2026-12-01' }, api, context())).rejects.toThrow(
      /dispatched to the driver/,
    );
  });

  it('refuses a day UPS refuses with its reason; a weekday rate is one window, a weekend day out of UPS territory none', async () => {
    const { api } = simulated();
    await expect(upsPickupCreate(input({ window: { date: '2026-11-27', readyTime: '10:00', closeTime: '16:00' } }), api, context())).rejects.toThrow(
      new CarrierRefusal('UPS', '9500509: The pickup date is in the past'),
    );
    expect(await upsPickupAvailability({ address: warehouse, date: MONDAY }, api, context())).toEqual({
      windows: [{ date: MONDAY, readyTime: '09:00', closeTime: '17:00' }],
    });
    expect(await upsPickupAvailability({ address: warehouse, date: '2026-12-05' }, api, context())).toEqual({ windows: [] });
    await expect(upsPickupAvailability({ address: warehouse, date: '2026-11-27' }, api, context())).rejects.toBeInstanceOf(CarrierRefusal);
  });

  it("the simulator's answers are the document's and it refuses what breaks the document", () => {
    const simulator = createUpsSimulator({ now: () => new Date(`${MONDAY}T08:00:00Z`) });
    const created = simulator.send({ method: 'POST', path: UPS_PICKUP_CREATE_PATH, body: buildUpsPickupCreate(input(), 'A1B2C3'), retryable: false });
    expectValid(validatorFor(DOC, 'PICKUPCreationResponseWrapper'), created.body);
    const pending = simulator.send({ method: 'GET', path: UPS_PICKUP_ONCALL_PATH, headers: { AccountNumber: 'A1B2C3' }, retryable: true });
    expectValid(validatorFor(DOC, responseSchemaName(DOC, ONCALL, '200', 'get')), pending.body);
    const cancelled = simulator.send({ method: 'DELETE', path: UPS_PICKUP_CANCEL_PATH, headers: { Prn: 'A1B2C300001' }, retryable: true });
    expectValid(validatorFor(DOC, responseSchemaName(DOC, CANCEL, '200', 'delete')), cancelled.body);
    expect(simulator.send({ method: 'GET', path: UPS_PICKUP_ONCALL_PATH, retryable: true }).status).toBe(400);
    const broken = simulator.send({
      method: 'POST',
      path: UPS_PICKUP_CREATE_PATH,
      body: { PickupCreationRequest: { RatePickupIndicator: 'Y' } },
      retryable: false,
    });
    expect(broken.status).toBe(400);
    expect(problemsOf(validatorFor(DOC, responseSchemaName(DOC, CREATION, '400')), broken.body)).toEqual([]);
  });
});

describe("UPS's pickup answers are hostile input", () => {
  const ok = { ResponseStatus: { Code: '1', Description: 'Success' } };
  const answering = (body: unknown, status = 200): UpsApi => ({ mode: 'test', send: () => Promise.resolve({ status, body }) });

  it.each<[string, unknown]>([
    ['no PRN', { PickupCreationResponse: { Response: ok, RateStatus: { Code: '04' } } }],
    ['a PRN that would break a header', { PickupCreationResponse: { Response: ok, PRN: 'ABC\r\nX-Evil: 1', RateStatus: { Code: '04' } } }],
    ['a PRN of a megabyte', { PickupCreationResponse: { Response: ok, PRN: 'A'.repeat(1_000_000), RateStatus: { Code: '04' } } }],
    [
      'a charge that is no amount',
      {
        PickupCreationResponse: {
          Response: ok,
          PRN: 'A1B2C300001',
          RateStatus: { Code: '01' },
          RateResult: { CurrencyCode: 'USD', GrandTotalOfAllCharge: '1e308' },
        },
      },
    ],
    ['not an object', 'Service unavailable'],
  ])('a creation answer with %s is a CarrierError, never a booking', async (_name, body) => {
    await expect(upsPickupCreate(input(), answering(body), context())).rejects.toBeInstanceOf(CarrierError);
  });

  it('a pending list longer than the bound, or with dates that are no dates, is a CarrierError', () => {
    const entry = { PickupType: '01', ServiceDate: '20261130', PRN: 'A1B2C300001', PickupStatusMessage: 'Your pickup request is being processed' };
    const many = { PickupPendingStatusResponse: { Response: ok, PendingStatus: Array.from({ length: 10_000 }, () => entry) } };
    expect(() => parseUpsPickupPending(many)).toThrow(CarrierError);
    const badDate = { PickupPendingStatusResponse: { Response: ok, PendingStatus: [{ ...entry, ServiceDate: '30/11/26' }] } };
    expect(() => parseUpsPickupPending(badDate)).toThrow(/ServiceDate/);
    // One element as the element itself, as UPS answers in places.
    expect(parseUpsPickupPending({ PickupPendingStatusResponse: { Response: ok, PendingStatus: entry } })).toHaveLength(1);
  });

  it("a refused cancel passes UPS's reason on bounded, and an answer UPS calls failed is no success", async () => {
    const refusal = { response: { errors: [{ code: 'PU0002', message: `Too late: ${'x'.repeat(5_000)}` }] } };
    const pendingNone = { PickupPendingStatusResponse: { Response: ok, PendingStatus: [] } };
    const api: UpsApi = {
      mode: 'test',
      send: (request) => Promise.resolve(request.method === 'DELETE' ? { status: 400, body: refusal } : { status: 200, body: pendingNone }),
    };
    const error = (await upsPickupCancel({ reference: REFERENCE, confirmationNumber: 'A1B2C300001', date: MONDAY, address: warehouse }, api, context()).catch(
      (e: unknown) => e,
    )) as Error;
    expect(error).toBeInstanceOf(CarrierRefusal);
    expect(error.message.length).toBeLessThanOrEqual(300);
    const failed = { PickupCancelResponse: { Response: { ResponseStatus: { Code: '0', Description: 'Failure' } }, PickupType: '01' } };
    await expect(
      upsPickupCancel({ reference: REFERENCE, confirmationNumber: 'A1B2C300001', date: MONDAY, address: warehouse }, answering(failed), context()),
    ).rejects.toBeInstanceOf(CarrierError);
    await expect(
      upsPickupCancel({ reference: REFERENCE, confirmationNumber: 'A1B2\n', date: MONDAY, address: warehouse }, answering(failed), context()),
    ).rejects.toBeInstanceOf(CarrierRefusal);
  });
});
