/**
 * FedEx pickups: every request validates against the Pickup document's
 * request schemas (Canada, Québec, the US, abroad); FedEx's answers are read
 * into windows and bookings, bounded and checked; through the connector
 * over HTTP against the local FedEx, a pickup is booked, cancelled (twice),
 * refused once the courier is dispatched, never sent again after a lost
 * answer; and a hostile FedEx's text leaves scrubbed of what we sent.
 */
import { bindConnector } from '../../../../shared/carriers/connector';
import { fedex } from '../../../../shared/carriers/fedex';
import { createFedexApi } from '../../../../shared/carriers/fedex/http';
import {
  buildFedexPickup,
  buildFedexPickupAvailability,
  buildFedexPickupCancel,
  parseFedexPickup,
  parseFedexPickupAvailability,
  FEDEX_PICKUP_MAY_EXIST,
} from '../../../../shared/carriers/fedex/pickup';
import { profile } from '../../../../shared/carriers/fedex/profile';
import {
  CarrierError,
  CarrierRefusal,
  type CarrierAccount,
  type CarrierCallOptions,
  type PickupInput,
  type PickupRef,
} from '../../../../shared/domain/carrier';
import type { Address } from '../../../../shared/domain/rate/schema';
import { startFedexMock, type FedexMock } from '../../../../local/fedex/mock-server';
import { expectValid, requestValidator, responseValidator } from '../../../../local/fedex/spec';
import { describeWithFedexDocuments } from '../../local/fedex/documents-present';
import { CLIENT, signedIn, simulatorAt } from '../../local/fedex/simulator-fixtures';
import { ACCOUNT, NOW, TODAY } from '../../local/fedex/fixtures';
import { londonRecipient, newYorkRecipient, torontoShipper } from '../fixtures';

const TOMORROW = '2026-11-24';
const montreal: Address = {
  personName: 'Félix Tremblay',
  companyName: 'Les Pièces Boréales Société en commandite par actions',
  addressLine1: '1000 Rue De La Gauchetière O',
  addressLine2: 'Bureau 2400',
  city: 'Montréal',
  provinceCode: 'QC',
  postalCode: 'H3B 4W5',
  countryCode: 'CA',
  phoneNumber: '514-555-0199',
};
const newYork: Address = { ...newYorkRecipient, phoneNumber: '+1 (212) 555-0142' };
const london: Address = { ...londonRecipient, phoneNumber: '+44 20 7946 0958' };

const pickupInput = (overrides: Partial<PickupInput> = {}): PickupInput => ({
  reference: 'pk_5f1c2d3e-0000-4000-8000-000000000001',
  address: torontoShipper,
  window: { date: TOMORROW, readyTime: '10:00', closeTime: '17:00' },
  shipments: [],
  load: { packageCount: 3, totalWeight: { value: 7.46, unit: 'kg' } },
  ...overrides,
});
const pickupRef = (confirmationNumber: string, overrides: Partial<PickupRef> = {}): PickupRef => ({
  reference: 'pk_5f1c2d3e-0000-4000-8000-000000000001',
  confirmationNumber,
  date: TOMORROW,
  location: 'YYZA',
  address: torontoShipper,
  ...overrides,
});

describeWithFedexDocuments('FedEx pickups: the requests', () => {
  it.each<[string, Address]>([
    ['Toronto', torontoShipper],
    ['Québec, two street lines, a long company name', montreal],
    ['the US', newYork],
    ['abroad, no province', london],
  ])('builds an availability, a create and a cancel the document takes: %s', (_name, address) => {
    expectValid(requestValidator('pickupAvailability'), buildFedexPickupAvailability({ address, date: TOMORROW }, ACCOUNT));
    expectValid(requestValidator('pickupCreate'), buildFedexPickup(pickupInput({ address, instructions: 'Ring at the loading dock' }), ACCOUNT));
    expectValid(requestValidator('pickupCancel'), buildFedexPickupCancel(pickupRef('4012', { address }), ACCOUNT));
  });

  it('sends the window in local times, the load, the contact, Québec as PQ and the instructions as the courier’s remarks (60 characters)', () => {
    const body = buildFedexPickup(pickupInput({ address: montreal, instructions: `Back door,\n${'ring twice '.repeat(10)}` }), ACCOUNT);
    expect(body).toEqual({
      associatedAccountNumber: { value: ACCOUNT },
      originDetail: {
        pickupLocation: {
          contact: { personName: 'Félix Tremblay', companyName: 'Les Pièces Boréales Société en comm', phoneNumber: '5145550199' },
          address: {
            streetLines: ['1000 Rue De La Gauchetière O', 'Bureau 2400'],
            city: 'Montréal',
            stateOrProvinceCode: 'PQ',
            postalCode: 'H3B4W5',
            countryCode: 'CA',
          },
        },
        readyDateTimestamp: `${TOMORROW}T10:00:00`,
        customerCloseTime: '17:00:00',
      },
      carrierCode: 'FDXE',
      packageCount: 3,
      totalWeight: { units: 'KG', value: 7.5 },
      remarks: 'Back door, ring twice ring twice ring twice ring twice ring',
    });
    expect(buildFedexPickupAvailability({ address: torontoShipper, date: TODAY }, ACCOUNT)).toEqual({
      pickupAddress: { streetLines: ['100 King St W'], city: 'Toronto', stateOrProvinceCode: 'ON', postalCode: 'M5H1A1', countryCode: 'CA' },
      dispatchDate: TODAY,
      pickupRequestType: ['SAME_DAY', 'FUTURE_DAY'],
      carriers: ['FDXE'],
      countryRelationship: 'DOMESTIC',
      associatedAccountNumber: ACCOUNT,
    });
    expect(buildFedexPickupCancel(pickupRef('4012'), ACCOUNT)).toEqual({
      associatedAccountNumber: { value: ACCOUNT },
      pickupConfirmationCode: '4012',
      scheduledDate: TOMORROW,
      carrierCode: 'FDXE',
      location: 'YYZA',
    });
  });

  it.each<[string, () => unknown]>([
    ['no phone number', () => buildFedexPickup(pickupInput({ address: { ...torontoShipper, phoneNumber: undefined } }), ACCOUNT)],
    ['a phone number of 5 digits', () => buildFedexPickup(pickupInput({ address: { ...torontoShipper, phoneNumber: '55501' } }), ACCOUNT)],
    ['no postal code', () => buildFedexPickup(pickupInput({ address: { ...torontoShipper, postalCode: undefined } }), ACCOUNT)],
    ['no city', () => buildFedexPickup(pickupInput({ address: { ...torontoShipper, city: undefined } }), ACCOUNT)],
    ['no province in Canada', () => buildFedexPickup(pickupInput({ address: { ...torontoShipper, provinceCode: undefined } }), ACCOUNT)],
    ['a window backwards', () => buildFedexPickup(pickupInput({ window: { date: TOMORROW, readyTime: '17:00', closeTime: '10:00' } }), ACCOUNT)],
    ['a time not HH:MM', () => buildFedexPickup(pickupInput({ window: { date: TOMORROW, readyTime: '9:00', closeTime: '17:00' } }), ACCOUNT)],
    ['a date that is none', () => buildFedexPickup(pickupInput({ window: { date: '2026-02-30', readyTime: '09:00', closeTime: '17:00' } }), ACCOUNT)],
    ['no package', () => buildFedexPickup(pickupInput({ load: { packageCount: 0, totalWeight: { value: 1, unit: 'kg' } } }), ACCOUNT)],
    ['100 packages', () => buildFedexPickup(pickupInput({ load: { packageCount: 100, totalWeight: { value: 100, unit: 'kg' } } }), ACCOUNT)],
    ['a weight FedEx cannot say', () => buildFedexPickup(pickupInput({ load: { packageCount: 1, totalWeight: { value: 1e6, unit: 'lb' } } }), ACCOUNT)],
    ['an account number that is not FedEx’s', () => buildFedexPickup(pickupInput(), 'ACC-1')],
    ['availability without a postal code', () => buildFedexPickupAvailability({ address: { ...london, postalCode: undefined }, date: TODAY }, ACCOUNT)],
    ['a cancel of a day that is none', () => buildFedexPickupCancel(pickupRef('4012', { date: 'tomorrow' }), ACCOUNT)],
  ])('refuses before any call what FedEx cannot book: %s', (_name, build) => {
    expect(build).toThrow(CarrierRefusal);
  });
});

describeWithFedexDocuments('FedEx pickups: the answers', () => {
  const availability = (date: string) => {
    const answer = signedIn().call('pickupAvailability', buildFedexPickupAvailability({ address: torontoShipper, date }, ACCOUNT));
    expectValid(responseValidator('pickupAvailability', 200), answer.body);
    return parseFedexPickupAvailability(answer.body, date);
  };

  it('reads FedEx’s Express option of the day: its widest window and its cut-off; none on a day FedEx does not come', () => {
    expect(availability(TODAY)).toEqual({ windows: [{ date: TODAY, readyTime: '08:00', closeTime: '20:00' }], cutoffTime: '18:00' });
    expect(availability(TOMORROW)).toEqual({ windows: [{ date: TOMORROW, readyTime: '08:00', closeTime: '20:00' }], cutoffTime: '18:00' });
    // A Saturday.
    expect(availability('2026-11-28')).toEqual({ windows: [] });
  });

  it('reads the booking: FedEx’s confirmation code and station', () => {
    const answer = signedIn().call('pickupCreate', buildFedexPickup(pickupInput(), ACCOUNT));
    expectValid(responseValidator('pickupCreate', 200), answer.body);
    expect(parseFedexPickup(answer.body, pickupInput())).toEqual({
      reference: pickupInput().reference,
      confirmationNumber: expect.stringMatching(/^\d{4}$/) as string,
      window: pickupInput().window,
      location: 'YYZA',
    });
  });

  const option = (fields: Record<string, unknown>) => ({
    output: { options: [{ carrier: 'FDXE', available: true, pickupDate: TODAY, readyTimeOptions: ['09:00:00'], latestTimeOptions: ['17:00:00'], ...fields }] },
  });
  it.each<[string, unknown]>([
    ['a time that is none', option({ cutOffTime: '25:61:00' })],
    ['a time of a megabyte', option({ readyTimeOptions: ['0'.repeat(1 << 20)] })],
    ['ten thousand time options', option({ latestTimeOptions: Array.from({ length: 10_000 }, () => '17:00:00') })],
    ['a date that is no date', option({ pickupDate: 'today' })],
    ['a thousand options', { output: { options: Array.from({ length: 1000 }, () => option({}).output.options[0]) } }],
    ['no output', { options: [] }],
  ])('refuses a hostile availability as malformed: %s', (_name, raw) => {
    expect(() => parseFedexPickupAvailability(raw, TODAY)).toThrow(CarrierError);
  });

  it.each<[string, unknown]>([
    ['no confirmation code', { output: { message: 'Pickup scheduled' } }],
    ['a code of a megabyte', { output: { pickupConfirmationCode: '7'.repeat(1 << 20) } }],
    ['a code that is markup', { output: { pickupConfirmationCode: '<script>1</script>' } }],
    ['a station that is a sentence', { output: { pickupConfirmationCode: '4012', location: 'call me at 555 0100' } }],
  ])('refuses a hostile booking as malformed: %s', (_name, raw) => {
    expect(() => parseFedexPickup(raw, pickupInput())).toThrow(/malformed pickup confirmation/);
  });

  it('ignores what it does not read, and a window FedEx gives backwards is no window', () => {
    expect(parseFedexPickupAvailability(option({ alerts: [{ code: 'X' }], earlyCutOffTime: 'whenever' }), TODAY)).toEqual({
      windows: [{ date: TODAY, readyTime: '09:00', closeTime: '17:00' }],
    });
    expect(parseFedexPickupAvailability(option({ readyTimeOptions: ['18:00:00'] }), TODAY)).toEqual({ windows: [] });
    expect(parseFedexPickupAvailability(option({ available: false }), TODAY)).toEqual({ windows: [] });
  });
});

let n = 0;
const account = (credentials: Record<string, string> = { clientId: CLIENT.clientId, clientSecret: CLIENT.clientSecret }): CarrierAccount => ({
  carrierAccountId: `acct-fedex-pickup-${++n}`,
  carrierCode: 'FEDEX',
  accountNumber: ACCOUNT,
  credentials: async () => credentials,
});
const options = (): CarrierCallOptions => ({ signal: new AbortController().signal, mode: 'test', account: account() });

describeWithFedexDocuments('FedEx pickups through the connector, over HTTP (the local FedEx)', () => {
  const saved = process.env.FEDEX_API_BASE_URL_TEST;
  const clock = { now: NOW };
  let mock: FedexMock;
  const port = bindConnector(profile, fedex, () => Promise.reject(new Error('FedEx is live')));
  beforeAll(async () => {
    mock = await startFedexMock({ simulator: simulatorAt({}, clock) });
    process.env.FEDEX_API_BASE_URL_TEST = mock.url;
  });
  afterAll(async () => {
    if (saved === undefined) delete process.env.FEDEX_API_BASE_URL_TEST;
    else process.env.FEDEX_API_BASE_URL_TEST = saved;
    await mock.close();
  });

  it('tells the day’s window, books a pickup, finds nothing by reference (FedEx has no lookup), cancels it, and cancels it again', async () => {
    await expect(port.pickups.availability({ address: torontoShipper, date: TOMORROW }, options())).resolves.toEqual({
      windows: [{ date: TOMORROW, readyTime: '08:00', closeTime: '20:00' }],
      cutoffTime: '18:00',
    });
    const booked = await port.pickups.create(pickupInput({ instructions: 'Side door' }), options());
    expect(booked).toMatchObject({ reference: pickupInput().reference, location: 'YYZA', window: pickupInput().window });
    expect(mock.simulator.pickup(booked.confirmationNumber)).toMatchObject({ scheduledDate: TOMORROW, packageCount: 3, remarks: 'Side door' });
    await expect(port.pickups.find({ reference: booked.reference, date: TOMORROW, address: torontoShipper }, options())).resolves.toBeUndefined();
    const ref = pickupRef(booked.confirmationNumber, { location: booked.location });
    await port.pickups.cancel(ref, options());
    expect(mock.simulator.pickup(booked.confirmationNumber)!.cancelled).toBe(true);
    await expect(port.pickups.cancel(ref, options())).resolves.toBeUndefined();
  });

  it('a cancel once the courier is dispatched is FedEx’s refusal, in its words', async () => {
    const booked = await port.pickups.create(pickupInput(), options());
    mock.simulator.dispatch(booked.confirmationNumber);
    const error = await port.pickups.cancel(pickupRef(booked.confirmationNumber), options()).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CarrierRefusal);
    expect((error as CarrierRefusal).carrierCode).toBe('FEDEX');
    expect((error as Error).message).toMatch(/SIM\.PICKUP\.COURIER\.DISPATCHED: The FedEx courier has been dispatched/);
    expect(mock.simulator.pickup(booked.confirmationNumber)!.cancelled).toBe(false);
  });

  it('FedEx refusing the booking (a past day) is a refusal; a lost answer is an error of unknown outcome, never sent again, and its retry is refused rather than booked twice', async () => {
    await expect(port.pickups.create(pickupInput({ window: { date: '2026-11-20', readyTime: '10:00', closeTime: '17:00' } }), options())).rejects.toThrow(
      /PICKUP\.REQUESTED\.PREVIOUS\.DAY/,
    );
    const before = mock.simulator.pickups.length;
    const sent = mock.seen.filter((s) => s.path === '/pickup/v1/pickups').length;
    mock.simulator.failNext('lose-answer', 1, 'pickupCreate');
    await expect(port.pickups.create(pickupInput(), options())).rejects.toBeInstanceOf(CarrierError);
    expect(mock.simulator.pickups.length).toBe(before + 1);
    expect(mock.seen.filter((s) => s.path === '/pickup/v1/pickups').length).toBe(sent + 1);
    // FedEx's limit (docs/fedex.md, "Pickups"): no lookup, so the retry is refused rather than booking a second pickup.
    await expect(port.pickups.create({ ...pickupInput(), mayExist: true }, options())).rejects.toThrow(new CarrierRefusal('FEDEX', FEDEX_PICKUP_MAY_EXIST));
    expect(mock.simulator.pickups.length).toBe(before + 1);
    expect(mock.seen.filter((s) => s.path === '/pickup/v1/pickups').length).toBe(sent + 1);
  });
});

describe('FedEx pickups: a hostile FedEx', () => {
  const SECRET = 'fedex-SECRET-echoed-7Yq';
  /** FedEx answering every call so (the token comes from a cache of one, sent as the bearer, so the call knows it). */
  const hostile = (status: number, body: unknown) => {
    const fetch: typeof globalThis.fetch = () => Promise.resolve(Response.json(body, { status }));
    const tokens = { token: () => Promise.resolve('tok-HOSTILE-0123456789'), invalidate: () => undefined, size: 1 };
    return bindConnector(
      profile,
      fedex,
      () => Promise.reject(new Error('FedEx is live')),
      (_connector, callOptions, call) => Promise.resolve(createFedexApi({ mode: 'test', account: callOptions.account!, call }, { fetch, tokens })),
    );
  };
  const hostileOptions = (): CarrierCallOptions => ({
    signal: new AbortController().signal,
    mode: 'test',
    account: account({ clientId: 'client-ID-0042', clientSecret: SECRET }),
  });

  it('a refusal that echoes our secret and token leaves scrubbed', async () => {
    const port = hostile(400, { errors: [{ code: 'PICKUP.CANCEL.FAILED', message: `Courier dispatched for ${SECRET} with tok-HOSTILE-0123456789` }] });
    const error = await port.pickups.cancel(pickupRef('4012'), hostileOptions()).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CarrierRefusal);
    expect((error as Error).message).toMatch(/^PICKUP\.CANCEL\.FAILED: Courier dispatched for/);
    expect(JSON.stringify({ message: (error as Error).message, stack: (error as Error).stack })).not.toMatch(/SECRET-echoed|tok-HOSTILE/);
  });

  it('an already cancelled pickup is cancelled, in FedEx’s words or by its code', async () => {
    await expect(
      hostile(400, { errors: [{ code: 'PICKUP.CANCEL.ERROR', message: 'Pickup has already been cancelled' }] }).pickups.cancel(
        pickupRef('4012'),
        hostileOptions(),
      ),
    ).resolves.toBeUndefined();
    await expect(hostile(400, { errors: [{ code: 'PICKUP.ALREADY.CANCELLED' }] }).pickups.cancel(pickupRef('4012'), hostileOptions())).resolves.toBeUndefined();
  });

  it('a booking answer of a megabyte code is malformed, not a pickup', async () => {
    const port = hostile(200, { output: { pickupConfirmationCode: '1'.repeat(1 << 20) } });
    await expect(port.pickups.create(pickupInput(), hostileOptions())).rejects.toThrow(/malformed pickup confirmation/);
  });
});
