/**
 * Canada Post's pickups, pure (shared/carriers/canada-post/pickup.ts): every
 * Create Pickup Request the connector builds validates against Canada Post's
 * pickuprequest.xsd (contract and non-contract), the window is narrowed to
 * Canada Post's hours or refused, our reference is carried where a lookup
 * finds it, and the answers are read within bounds.
 */
import type { PickupInput } from '../../../../shared/domain/carrier';
import type { Address } from '../../../../shared/domain/rate/schema';
import { CarrierError, CarrierRefusal } from '../../../../shared/domain/carrier';
import type { CanadaPostApi } from '../../../../shared/carriers/canada-post/api';
import {
  buildPickupRequestXml,
  canadaPostCancelPickup,
  canadaPostCreatePickup,
  canadaPostFindPickup,
  canadaPostPickupAvailability,
  canadaPostWindowOf,
  parsePickupAvailability,
  parsePickupRequestDetails,
  parsePickupRequestInfo,
  parsePickupRequests,
  pickupInstructionsOf,
  pickupPhoneOf,
  PICKUP_LIST_LIMIT,
} from '../../../../shared/carriers/canada-post/pickup';
import { canadaPostXmlProblems } from '../../../../local/canada-post/xsd';
import { describeWithCanadaPostSchemas } from '../../../support/canada-post-xsd';
import { CONTRACT, ottawa, REF32, REFERENCE } from './fixtures';

jest.setTimeout(60_000);

const input = (extra: Partial<PickupInput> = {}): PickupInput => ({
  reference: REFERENCE,
  address: ottawa,
  window: { date: '2026-03-03', readyTime: '13:00', closeTime: '17:00' },
  shipments: [],
  load: { packageCount: 3, totalWeight: { value: 12, unit: 'kg' } },
  ...extra,
});

describeWithCanadaPostSchemas('Create Pickup Request against pickuprequest.xsd', () => {
  it.each([
    ['contract', CONTRACT],
    ['non-contract', undefined],
  ])('a %s account’s request is valid', async (_kind, contractId) => {
    const { xml } = buildPickupRequestXml(input({ instructions: 'Side door <ring> & wait' }), contractId);
    expect(await canadaPostXmlProblems(xml, 'pickuprequest.xsd')).toEqual([]);
    expect(xml).toContain(`<customer-request-id>${REF32}</customer-request-id>`);
    expect(xml).toContain('<contact-phone>613-555-0100</contact-phone>');
    expect(xml).toContain('<preferred-time>13:00</preferred-time>');
    if (contractId) {
      expect(xml).toContain('<business-address-flag>false</business-address-flag>');
      expect(xml).toContain('<postal-code>K2B8J6</postal-code>');
      expect(xml).toContain(`<contract-id>${CONTRACT}</contract-id>`);
    } else {
      expect(xml).toContain('<business-address-flag>true</business-address-flag>');
      expect(xml).not.toContain('alternate-address');
      expect(xml).toContain('<method-of-payment>CreditCard</method-of-payment>');
    }
  });

  it('stays valid with the longest instructions, a heavy load in pounds and long names', async () => {
    const { xml } = buildPickupRequestXml(
      input({
        instructions: 'x'.repeat(500),
        load: { packageCount: 2, totalWeight: { value: 120, unit: 'lb' } },
        address: { ...ottawa, personName: 'N'.repeat(80), companyName: 'C'.repeat(80), addressLine1: 'A'.repeat(80), city: 'Y'.repeat(80) },
      }),
      CONTRACT,
    );
    expect(await canadaPostXmlProblems(xml, 'pickuprequest.xsd')).toEqual([]);
    expect(xml).toContain('<heavy-item-flag>true</heavy-item-flag>');
  });
});

describe('the window Canada Post is asked for', () => {
  it('is narrowed to quarter hours between 12:00 and 17:45', () => {
    expect(canadaPostWindowOf({ date: '2026-03-03', readyTime: '09:05', closeTime: '18:30' })).toEqual({
      date: '2026-03-03',
      readyTime: '12:00',
      closeTime: '17:45',
    });
    expect(canadaPostWindowOf({ date: '2026-03-03', readyTime: '13:10', closeTime: '16:50' })).toEqual({
      date: '2026-03-03',
      readyTime: '13:15',
      closeTime: '16:45',
    });
  });

  it.each([
    ['a ready time after 16:00', '16:15', '17:45'],
    ['less than an hour open', '14:00', '14:45'],
    ['a place closing before noon', '08:00', '11:00'],
    ['a time that is not HH:MM', '1pm', '17:00'],
  ])('refuses %s before any call', (_what, readyTime, closeTime) => {
    expect(() => buildPickupRequestXml(input({ window: { date: '2026-03-03', readyTime, closeTime } }), CONTRACT)).toThrow(CarrierRefusal);
  });

  it.each([
    ['an address outside Canada', { countryCode: 'US', postalCode: '10001' }],
    ['no e-mail address', { emailAddress: undefined }],
    ['a phone that is not 10 digits', { phoneNumber: '555-0100' }],
  ])('refuses %s', (_what, change) => {
    expect(() => buildPickupRequestXml(input({ address: { ...ottawa, ...change } }), CONTRACT)).toThrow(CarrierRefusal);
  });
});

describe('our reference in the instructions', () => {
  it('ends them, within 132 characters, whatever the caller wrote', () => {
    expect(pickupInstructionsOf(REFERENCE, undefined)).toBe(`[ref ${REF32}]`);
    const long = pickupInstructionsOf(REFERENCE, `Back   door\n${'z'.repeat(300)}`);
    expect(long.length).toBeLessThanOrEqual(132);
    expect(long.startsWith('Back door z')).toBe(true);
    expect(long.endsWith(`… [ref ${REF32}]`)).toBe(true);
  });

  it('drops control characters XML forbids from what the caller wrote', async () => {
    const { xml } = buildPickupRequestXml(input({ instructions: 'Ring\u0000 twice\u0007', address: { ...ottawa, personName: 'Maple\u001bDock' } }), CONTRACT);
    expect(xml).toContain(`<pickup-instructions>Ring twice [ref ${REF32}]</pickup-instructions>`);
    expect(xml).toContain('<contact-name>Maple Dock</contact-name>');
    expect(await canadaPostXmlProblems(xml, 'pickuprequest.xsd')).toEqual([]);
  });

  it('phones: North American numbers only', () => {
    expect(pickupPhoneOf('1-613-555-0100')).toBe('613-555-0100');
    expect(pickupPhoneOf('+44 20 7946 0958')).toBeUndefined();
  });
});

const info = (id: string, due?: string) => `<?xml version="1.0" encoding="UTF-8"?>
<pickup-request-info xmlns="http://www.canadapost.ca/ws/pickuprequest">
  <pickup-request-header><request-id>${id}</request-id><request-status>Pending</request-status><pickup-type>OnDemand</pickup-type></pickup-request-header>
  ${due ? `<pickup-request-price><pre-tax-amount>${due}</pre-tax-amount><due-amount>${due}</due-amount></pickup-request-price>` : ''}
  <links><link rel="self" href="https://ct.soa-gw.canadapost.ca/enab/2004381/pickuprequest/${id}" media-type="application/vnd.cpc.pickuprequest+xml"/></links>
</pickup-request-info>`;
const listed = (id: string, status = 'Pending') =>
  `<pickup-request><pickup-request-header><request-id>${id}</request-id><request-status>${status}</request-status><pickup-type>OnDemand</pickup-type><next-pickup-date>2026-03-03</next-pickup-date></pickup-request-header><links><link rel="details" href="https://ct.soa-gw.canadapost.ca/enab/2004381/pickuprequest/${id}/details" media-type="application/vnd.cpc.pickuprequest+xml"/></links></pickup-request>`;
const list = (...items: string[]) =>
  `<?xml version="1.0" encoding="UTF-8"?><pickup-requests xmlns="http://www.canadapost.ca/ws/pickuprequest">${items.join('')}</pickup-requests>`;

describeWithCanadaPostSchemas('the answers this test reads are Canada Post’s', () => {
  it('validate against pickuprequest.xsd', async () => {
    expect(await canadaPostXmlProblems(info('0074698052', '12.50'), 'pickuprequest.xsd')).toEqual([]);
    expect(await canadaPostXmlProblems(list(listed('0074698052')), 'pickuprequest.xsd')).toEqual([]);
  });
});

describe('Canada Post’s answers, read within bounds', () => {
  it('reads the request id and the amount due in cents', () => {
    expect(parsePickupRequestInfo(info('0074698052', '12.50'))).toEqual({ requestId: '0074698052', due: { amount: 1250, currency: 'CAD' } });
    expect(parsePickupRequestInfo(info('0074698052'))).toEqual({ requestId: '0074698052' });
  });

  it.each([
    ['an id over 32 characters', info('1'.repeat(40))],
    ['an id with markup', info('12&lt;script&gt;')],
    ['an amount out of range', info('0074698052', '99999999.99')],
    ['no header', '<pickup-request-info xmlns="http://www.canadapost.ca/ws/pickuprequest"/>'],
    ['not XML', 'Service Unavailable'],
  ])('refuses %s as a CarrierError that quotes nothing of it', (_what, xml) => {
    expect(() => parsePickupRequestInfo(xml)).toThrow(CarrierError);
    try {
      parsePickupRequestInfo(xml);
    } catch (error) {
      expect((error as Error).message).not.toContain('script');
      expect((error as Error).message.length).toBeLessThan(300);
    }
  });

  it('lists one or many pickup requests, and refuses a list above its bound', () => {
    expect(parsePickupRequests(list(listed('1')))).toEqual([
      { requestId: '1', status: 'Pending', nextPickupDate: '2026-03-03', detailsHref: 'https://ct.soa-gw.canadapost.ca/enab/2004381/pickuprequest/1/details' },
    ]);
    expect(parsePickupRequests(list(listed('1'), listed('2', 'Cancelled'))).map((p) => p.status)).toEqual(['Pending', 'Cancelled']);
    expect(() => parsePickupRequests(list(...Array.from({ length: PICKUP_LIST_LIMIT + 1 }, (_, i) => listed(String(i + 1)))))).toThrow(/at most 50/);
  });

  it('reads a pickup’s details, refusing a time that is not HH:MM', () => {
    const details = (time: string) => `<pickup-request-detailed-info xmlns="http://www.canadapost.ca/ws/pickuprequest">
      <pickup-request-header><request-id>7</request-id><request-status>Pending</request-status><pickup-type>OnDemand</pickup-type></pickup-request-header>
      <pickup-request-details><pickup-location><business-address-flag>true</business-address-flag></pickup-location>
      <contact-info><contact-name>A</contact-name><contact-phone>613-555-0100</contact-phone></contact-info>
      <location-details><pickup-instructions>[ref ${REF32}]</pickup-instructions></location-details><pickup-volume>1</pickup-volume>
      <pickup-times><on-demand-pickup-time><date>2026-03-03</date><preferred-time>${time}</preferred-time><closing-time>17:00</closing-time></on-demand-pickup-time></pickup-times>
      </pickup-request-details></pickup-request-detailed-info>`;
    expect(parsePickupRequestDetails(details('13:00'))).toEqual({
      requestId: '7',
      status: 'Pending',
      instructions: `[ref ${REF32}]`,
      window: { date: '2026-03-03', readyTime: '13:00', closeTime: '17:00' },
    });
    expect(() => parsePickupRequestDetails(details('1 pm'))).toThrow(CarrierError);
  });

  it('reads availability; a cut-off that is not HH:MM is left out', () => {
    const availability = (tour: string, cutoff: string) =>
      `<pickup-availability xmlns="http://www.canadapost.ca/ws/pickup/availability"><postal-code>K2B 8J6</postal-code><on-demand-cutoff>${cutoff}</on-demand-cutoff><on-demand-tour>${tour}</on-demand-tour><prority-world-cutoff>14:00</prority-world-cutoff><scheduled-pickups-available>true</scheduled-pickups-available></pickup-availability>`;
    expect(parsePickupAvailability(availability('true', '16:00'))).toEqual({ onDemand: true, cutoff: '16:00' });
    expect(parsePickupAvailability(availability('false', 'late afternoon'))).toEqual({ onDemand: false });
    expect(() => parsePickupAvailability(availability('maybe', '16:00'))).toThrow(CarrierError);
  });
});

describe('the operations over a client', () => {
  type Sent = { method: string; target: string; body?: string; retryable: boolean };
  const messages = (code: string, description: string) =>
    `<messages xmlns="http://www.canadapost.ca/ws/messages"><message><code>${code}</code><description>${description}</description></message></messages>`;
  const details = (id: string, instructions: string, date = '2026-03-03') => `<pickup-request-detailed-info xmlns="http://www.canadapost.ca/ws/pickuprequest">
      <pickup-request-header><request-id>${id}</request-id><request-status>Pending</request-status><pickup-type>OnDemand</pickup-type></pickup-request-header>
      <pickup-request-details><location-details><pickup-instructions>${instructions}</pickup-instructions></location-details>
      <pickup-times><on-demand-pickup-time><date>${date}</date><preferred-time>13:00</preferred-time><closing-time>17:00</closing-time></on-demand-pickup-time></pickup-times>
      </pickup-request-details></pickup-request-detailed-info>`;
  function fake(answer: (r: Sent) => { status: number; body: string }, contractId: string | null = CONTRACT) {
    const sent: Sent[] = [];
    const api: CanadaPostApi = {
      mode: 'test',
      customerNumber: '2004381',
      ...(contractId ? { contractId } : {}),
      refundEmail: () => Promise.resolve(undefined),
      send(request) {
        const r: Sent = {
          method: request.method,
          target: 'link' in request.target ? request.target.link : request.target.path,
          retryable: request.retryable,
          ...(request.body ? { body: request.body.xml } : {}),
        };
        sent.push(r);
        const a = answer(r);
        return Promise.resolve({ status: a.status, contentType: 'application/vnd.cpc.pickuprequest+xml', body: Buffer.from(a.body) });
      },
    };
    return { api, sent };
  }
  const signal = () => AbortSignal.timeout(5_000);

  it('books once, never retried by the client, and answers the narrowed window and the charge', async () => {
    const { api, sent } = fake(() => ({ status: 200, body: info('0074698052', '7.25') }));
    const booked = await canadaPostCreatePickup(input({ window: { date: '2026-03-03', readyTime: '09:00', closeTime: '19:00' } }), api, signal());
    expect(booked).toEqual({
      reference: REFERENCE,
      confirmationNumber: '0074698052',
      window: { date: '2026-03-03', readyTime: '12:00', closeTime: '17:45' },
      charges: { amount: 725, currency: 'CAD' },
    });
    expect(sent.map((s) => [s.method, s.target, s.retryable])).toEqual([['POST', '/enab/2004381/pickuprequest', false]]);
  });

  it('with mayExist adopts the pickup whose instructions carry our reference on that day, and books nothing', async () => {
    const { api, sent } = fake((r) => {
      if (r.method === 'GET' && r.target.endsWith('/pickuprequest')) return { status: 200, body: list(listed('1'), listed('2'), listed('3', 'Cancelled')) };
      if (r.target.includes('/1/details')) return { status: 200, body: details('1', `Front door [ref ${'0'.repeat(32)}]`) };
      if (r.target.includes('/2/details')) return { status: 200, body: details('2', `Front door [ref ${REF32}]`) };
      throw new Error(`unexpected ${r.method} ${r.target}`);
    });
    const adopted = await canadaPostCreatePickup(input({ mayExist: true }), api, signal());
    expect(adopted).toEqual({ reference: REFERENCE, confirmationNumber: '2', window: { date: '2026-03-03', readyTime: '13:00', closeTime: '17:00' } });
    expect(sent.some((s) => s.method === 'POST')).toBe(false);
  });

  it('finds nothing on another day, nor when Canada Post lists no pickup (404)', async () => {
    const other = fake((r) =>
      r.target.endsWith('/pickuprequest') ? { status: 200, body: list(listed('2')) } : { status: 200, body: details('2', `[ref ${REF32}]`, '2026-03-04') },
    );
    expect(await canadaPostFindPickup({ reference: REFERENCE, date: '2026-03-03', address: ottawa }, other.api, signal())).toBeUndefined();
    const none = fake(() => ({ status: 404, body: '<messages xmlns="http://www.canadapost.ca/ws/messages"/>' }));
    expect(await canadaPostFindPickup({ reference: REFERENCE, date: '2026-03-03', address: ottawa }, none.api, signal())).toBeUndefined();
  });

  const ref = { reference: REFERENCE, confirmationNumber: '0074698052', date: '2026-03-03', address: ottawa };

  it('cancels (204), and a pickup already cancelled (404) is cancelled', async () => {
    const done = fake(() => ({ status: 204, body: '' }));
    await expect(canadaPostCancelPickup(ref, done.api, signal())).resolves.toBeUndefined();
    expect(done.sent.map((s) => [s.method, s.target, s.retryable])).toEqual([['DELETE', '/enab/2004381/pickuprequest/0074698052', true]]);
    await expect(canadaPostCancelPickup(ref, fake(() => ({ status: 404, body: '' })).api, signal())).resolves.toBeUndefined();
  });

  it('a cancel past the cut-off is a CarrierRefusal with Canada Post’s code and words', async () => {
    const late = fake(() => ({ status: 400, body: messages('11004', 'Pickup cannot be cancelled as time has already past.') }));
    await expect(canadaPostCancelPickup(ref, late.api, signal())).rejects.toThrow(CarrierRefusal);
    await expect(canadaPostCancelPickup(ref, late.api, signal())).rejects.toThrow(/11004: Pickup cannot be cancelled/);
  });

  it('availability: one window within Canada Post’s hours and its cut-off; none beyond the horizon or off the tour', async () => {
    const answer = (tour: string) => () => ({
      status: 200,
      body: `<pickup-availability xmlns="http://www.canadapost.ca/ws/pickup/availability"><postal-code>K2B 8J6</postal-code><on-demand-cutoff>15:30</on-demand-cutoff><on-demand-tour>${tour}</on-demand-tour><prority-world-cutoff>14:00</prority-world-cutoff><scheduled-pickups-available>true</scheduled-pickups-available></pickup-availability>`,
    });
    const now = new Date('2026-03-02T15:00:00Z');
    const on = fake(answer('true'));
    expect(await canadaPostPickupAvailability({ address: ottawa, date: '2026-03-03' }, on.api, signal(), now)).toEqual({
      windows: [{ date: '2026-03-03', readyTime: '12:00', closeTime: '17:45' }],
      cutoffTime: '15:30',
    });
    expect(on.sent[0]!.target).toBe('/ad/pickup/pickupavailability/K2B8J6');
    const nonContract = fake(answer('true'), null);
    expect((await canadaPostPickupAvailability({ address: ottawa, date: '2026-03-09' }, nonContract.api, signal(), now)).windows).toEqual([]);
    expect((await canadaPostPickupAvailability({ address: ottawa, date: '2026-03-03' }, fake(answer('false')).api, signal(), now)).windows).toEqual([]);
  });

  it('availability the same day, on the clock of the place: an hour from now, none past the cut-off', async () => {
    const answer = () => ({
      status: 200,
      body: `<pickup-availability xmlns="http://www.canadapost.ca/ws/pickup/availability"><postal-code>K2B 8J6</postal-code><on-demand-cutoff>15:30</on-demand-cutoff><on-demand-tour>true</on-demand-tour><prority-world-cutoff>14:00</prority-world-cutoff><scheduled-pickups-available>true</scheduled-pickups-available></pickup-availability>`,
    });
    const { api } = fake(answer);
    const windowsAt = async (at: string, date: string, address: Address = ottawa) =>
      (await canadaPostPickupAvailability({ address, date }, api, signal(), new Date(at))).windows;
    // 12:20 in Ottawa (UTC-5 in March): ready from 13:30.
    expect(await windowsAt('2026-03-03T17:20:00Z', '2026-03-03')).toEqual([{ date: '2026-03-03', readyTime: '13:30', closeTime: '17:45' }]);
    // 15:40 in Ottawa: past the cut-off.
    expect(await windowsAt('2026-03-03T20:40:00Z', '2026-03-03')).toEqual([]);
    // 22:00 on March 3 in Vancouver, already March 4 in UTC: March 3 is over there, March 4 is tomorrow.
    const vancouver = { ...ottawa, city: 'Vancouver', provinceCode: 'BC', postalCode: 'V6B 1A1' };
    expect(await windowsAt('2026-03-04T06:00:00Z', '2026-03-03', vancouver)).toEqual([]);
    expect(await windowsAt('2026-03-04T06:00:00Z', '2026-03-04', vancouver)).toEqual([{ date: '2026-03-04', readyTime: '12:00', closeTime: '17:45' }]);
    // The address's own zone wins over its province's; one Intl does not know is passed over.
    expect(await windowsAt('2026-03-03T20:40:00Z', '2026-03-03', { ...ottawa, timezone: 'America/Vancouver' })).toHaveLength(1);
    expect(await windowsAt('2026-03-03T20:40:00Z', '2026-03-03', { ...ottawa, timezone: 'Nowhere/Atlantis' })).toEqual([]);
  });
});
