/**
 * The local Canada Post (local/canada-post/simulator.ts) answers as Canada
 * Post documents: each operation, its refusals, its faults; every answer it
 * gives validates against Canada Post's response schemas (it checks them
 * itself, and these tests check again through the same validator).
 */
import { XMLParser } from 'fast-xml-parser';
import {
  canadaPostPin,
  CANADA_POST_EVENTS,
  CANADA_POST_MEDIA as MEDIA,
  createCanadaPostSimulator,
  hostileBodyProblem,
  LateAnswer,
  LostAnswer,
  pinCheckDigitHolds,
  type CanadaPostSimAnswer,
} from '../../../../local/canada-post/simulator';
import { canadaPostXmlProblems, type CanadaPostSchema } from '../../../../local/canada-post/xsd';
import { describeWithCanadaPostSchemas } from '../../../support/canada-post-xsd';
import { basic, CLIENT, contractShipment, CUSTOMER, mailingScenario, nonContractShipment, refundRequest, transmitSet } from './simulator-fixtures';

jest.setTimeout(60_000);

const BASE = 'http://127.0.0.1:4020';
const CP = `/rs/${CUSTOMER}/${CUSTOMER}`;
const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  removeNSPrefix: true,
  parseTagValue: false,
  isArray: (n) => ['link', 'price-quote', 'occurrence', 'message', 'group'].includes(n),
});
const read = (a: CanadaPostSimAnswer) => parser.parse(a.body.toString('utf8')) as Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- answers read in tests
const codes = (a: CanadaPostSimAnswer) => ((read(a).messages?.message ?? []) as { code: string }[]).map((m) => m.code);

async function expectValid(a: CanadaPostSimAnswer, schema: CanadaPostSchema) {
  expect(await canadaPostXmlProblems(a.body.toString('utf8'), schema)).toEqual([]);
}

function setup(options: { now?: () => Date; listAfterMs?: number } = {}) {
  const sim = createCanadaPostSimulator({ clients: [CLIENT], ...options });
  const send = (method: string, path: string, media: string | undefined, body?: string, query?: Record<string, string>, auth = basic()) =>
    sim.send({
      method,
      path,
      ...(query ? { query } : {}),
      baseUrl: BASE,
      headers: { authorization: auth, accept: media, 'content-type': body === undefined ? undefined : media },
      ...(body === undefined ? {} : { body }),
    });
  const create = async (opts: Parameters<typeof contractShipment>[0] = {}) => {
    const a = await send('POST', `${CP}/shipment`, MEDIA.shipment, contractShipment(opts));
    expect(a.status).toBe(200);
    return sim.shipments.at(-1)!;
  };
  return { sim, send, create };
}

it('makes 16-digit PINs with a mod-10 check digit that the documentation’s example PIN satisfies', () => {
  expect(pinCheckDigitHolds('7023210039414604')).toBe(true);
  expect(pinCheckDigitHolds('7023210039414605')).toBe(false);
  expect(canadaPostPin('2004381', 17)).toMatch(/^200438100000017\d$/);
  // Header (the customer number's last 7 digits), serial, check digit: the example itself.
  expect(canadaPostPin('0007023210', 3941460)).toBe('7023210039414604');
});

it('refuses a DOCTYPE (entity expansion), deep nesting and an oversized body before any parser runs, quickly', () => {
  const laughs = `<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol">${Array.from({ length: 9 }, (_, i) => `<!ENTITY lol${i + 1} "${`&lol${i || ''};`.repeat(10)}">`).join('')}]><mailing-scenario>&lol9;</mailing-scenario>`;
  const started = Date.now();
  const before = process.memoryUsage().heapUsed;
  expect(hostileBodyProblem(laughs)).toMatch(/DOCTYPE/);
  expect(hostileBodyProblem(`${'<a>'.repeat(100_000)}${'</a>'.repeat(100_000)}`)).toMatch(/nested deeper/);
  expect(hostileBodyProblem('x'.repeat(5 * 1024 * 1024))).toMatch(/over/);
  expect(Date.now() - started).toBeLessThan(2_000);
  expect(process.memoryUsage().heapUsed - before).toBeLessThan(64 * 1024 * 1024);
  expect(hostileBodyProblem('<a><b/><c>t</c></a>')).toBeUndefined();
});

describeWithCanadaPostSchemas('the local Canada Post', () => {
  it('rates domestic, USA and international parcels: base, options, fuel surcharge, taxes by province, due, transit days, expected delivery, guaranteed', async () => {
    const { send } = setup();
    const domestic = await send('POST', '/rs/ship/price', MEDIA.rate, mailingScenario());
    expect(domestic.status).toBe(200);
    expect(domestic.contentType).toBe(MEDIA.rate);
    await expectValid(domestic, 'rating.xsd');
    const quotes = read(domestic)['price-quotes']['price-quote'];
    expect(quotes.map((q: { 'service-code': string }) => q['service-code'])).toEqual(['DOM.RP', 'DOM.EP', 'DOM.XP', 'DOM.PC']);
    const ep = quotes[1];
    // Quebec: GST and QST, no HST.
    expect(ep['price-details'].taxes.gst['@_percent']).toBe('5');
    expect(ep['price-details'].taxes.pst['@_percent']).toBe('9.975');
    expect(ep['price-details'].adjustments.adjustment.map((a: { 'adjustment-code': string }) => a['adjustment-code'])).toEqual(['AUTDISC', 'FUELSC']);
    expect(ep['service-standard']).toMatchObject({
      'guaranteed-delivery': 'true',
      'expected-transit-time': expect.stringMatching(/^\d+$/),
      'expected-delivery-date': expect.stringMatching(/^2026-03-\d\d$/),
    });
    expect(ep['service-link']['@_href']).toMatch(new RegExp(`^${BASE}/rs/ship/service/DOM.EP`));

    const ontario = read(await send('POST', '/rs/ship/price', MEDIA.rate, mailingScenario('<domestic><postal-code>M5V3L9</postal-code></domestic>')))[
      'price-quotes'
    ]['price-quote'][0];
    expect(ontario['price-details'].taxes.hst['@_percent']).toBe('13');

    const usa = await send('POST', '/rs/ship/price', MEDIA.rate, mailingScenario('<united-states><zip-code>10001</zip-code></united-states>'));
    await expectValid(usa, 'rating.xsd');
    const usaCodes = read(usa)['price-quotes']['price-quote'].map((q: { 'service-code': string }) => q['service-code']);
    expect(usaCodes).toEqual(['USA.TP', 'USA.EP', 'USA.XP', 'USA.PW.PARCEL']);
    expect(read(usa)['price-quotes']['price-quote'][0]['price-details'].taxes).toBeUndefined();

    const intl = await send('POST', '/rs/ship/price', MEDIA.rate, mailingScenario('<international><country-code>FR</country-code></international>'));
    await expectValid(intl, 'rating.xsd');
    expect(read(intl)['price-quotes']['price-quote'].every((q: { 'service-code': string }) => q['service-code'].startsWith('INT.'))).toBe(true);
  });

  it('creates a contract shipment in its group, lists it by request id, PIN and group, details echo the request, price and PDF label by link', async () => {
    const { sim, send } = setup();
    const created = await send('POST', `${CP}/shipment`, MEDIA.shipment, contractShipment({ requestId: 'ref0001' }));
    expect(created.status).toBe(200);
    expect(created.contentType).toBe(MEDIA.shipment);
    await expectValid(created, 'shipment.xsd');
    const info = read(created)['shipment-info'];
    expect(info['tracking-pin']).toMatch(/^\d{16}$/);
    expect(pinCheckDigitHolds(info['tracking-pin'])).toBe(true);
    expect(info['shipment-status']).toBe('created');
    const links = Object.fromEntries(info.links.link.map((l: Record<string, string>) => [l['@_rel'], l]));
    expect(Object.keys(links)).toEqual(['self', 'details', 'group', 'price', 'label', 'refund']);
    expect(links.self['@_href']).toBe(`${BASE}${CP}/shipment/${info['shipment-id']}`);
    expect(links.label).toMatchObject({ '@_media-type': 'application/pdf', '@_index': '0' });
    expect(links.label['@_href']).toMatch(new RegExp(`^${BASE}/rs/artifact/${CLIENT.username}/\\d+/0$`));

    for (const query of [{ requestId: 'ref0001' }, { trackingPIN: String(info['tracking-pin']) }, { groupId: 'shipping-api-20260302' }] as Record<
      string,
      string
    >[]) {
      const list = await send('GET', `${CP}/shipment`, MEDIA.shipment, undefined, query);
      await expectValid(list, 'shipment.xsd');
      expect(read(list).shipments.link.map((l: Record<string, string>) => l['@_href'])).toEqual([links.self['@_href']]);
    }
    const none = await send('GET', `${CP}/shipment`, MEDIA.shipment, undefined, { requestId: 'other' });
    expect(none.status).toBe(200);
    expect(read(none).shipments).toBe('');

    const self = await send('GET', new URL(links.self['@_href']).pathname, MEDIA.shipment);
    await expectValid(self, 'shipment.xsd');
    const details = await send('GET', new URL(links.details['@_href']).pathname, MEDIA.shipment);
    await expectValid(details, 'shipment.xsd');
    const detail = read(details)['shipment-details'];
    expect(detail['customer-request-id']).toBe('ref0001');
    expect(detail['shipment-detail']['group-id']).toBe('shipping-api-20260302');
    expect(detail['shipment-detail']['delivery-spec'].sender.company).toBe('Maple & Co');
    expect(detail['shipment-detail']['delivery-spec'].references['customer-ref-1']).toBe('order-42');
    const price = await send('GET', new URL(links.price['@_href']).pathname, MEDIA.shipment);
    await expectValid(price, 'shipment.xsd');

    const label = await send('GET', new URL(links.label['@_href']).pathname, 'application/pdf');
    expect(label.status).toBe(200);
    expect(label.contentType).toBe('application/pdf');
    const pdf = label.body.toString('latin1');
    expect(pdf.startsWith('%PDF-1.4')).toBe(true);
    expect(pdf).toContain('/MediaBox [0 0 288 432]');
    expect(pdf).toContain(`PIN ${info['tracking-pin']}`);
    // The cross-reference table points at each object.
    const xref = Number(/startxref\n(\d+)/.exec(pdf)![1]);
    expect(pdf.slice(xref, xref + 4)).toBe('xref');
    const offsets = [...pdf.slice(xref).matchAll(/^(\d{10}) 00000 n $/gm)].map((m) => Number(m[1]));
    offsets.forEach((o, i) => expect(pdf.slice(o).startsWith(`${i + 1} 0 obj`)).toBe(true));
    // The label in another media type than the shipment's encoding is refused.
    expect((await send('GET', new URL(links.label['@_href']).pathname, 'application/zpl')).status).toBe(406);
    expect(sim.shipments).toHaveLength(1);
  });

  it('labels in ZPL when print-preferences say so, and a transmit-shipment shipment joins no group', async () => {
    const { send, create } = setup();
    const s = await create({ encoding: 'ZPL', groupId: '' });
    expect(s).toMatchObject({ encoding: 'ZPL', status: 'transmitted', transmitShipment: true });
    expect(s.groupId).toBeUndefined();
    const label = await send('GET', `/rs/artifact/${CLIENT.username}/${s.labelArtifactId}/0`, 'application/zpl');
    expect(label.contentType).toBe('application/zpl');
    const zpl = label.body.toString('utf8');
    expect(zpl.startsWith('^XA')).toBe(true);
    expect(zpl.trimEnd().endsWith('^XZ')).toBe(true);
    expect(zpl).toContain(`^FD${s.trackingPin}^FS`);
    // Another API user gets no artifact of this one's, nor a page that does not exist.
    expect((await send('GET', `/rs/artifact/someoneelse/${s.labelArtifactId}/0`, 'application/zpl')).status).toBe(404);
    expect((await send('GET', `/rs/artifact/${CLIENT.username}/${s.labelArtifactId}/1`, 'application/zpl')).status).toBe(404);
  });

  it('voids before transmit (204, then not found), refuses after transmit with 8064, refunds once (then 7292)', async () => {
    const { sim, send, create } = setup();
    const first = await create();
    const voided = await send('DELETE', `${CP}/shipment/${first.shipmentId}`, MEDIA.shipment);
    expect(voided.status).toBe(204);
    expect(voided.body.length).toBe(0);
    const again = await send('DELETE', `${CP}/shipment/${first.shipmentId}`, MEDIA.shipment);
    expect(again.status).toBe(404);
    await expectValid(again, 'messages.xsd');
    expect((await send('GET', `${CP}/shipment/${first.shipmentId}`, MEDIA.shipment)).status).toBe(404);
    expect(read(await send('GET', `${CP}/shipment`, MEDIA.shipment, undefined, { trackingPIN: first.trackingPin })).shipments).toBe('');

    const second = await create();
    const transmitted = await send('POST', `${CP}/manifest`, MEDIA.manifest, transmitSet(['shipping-api-20260302']));
    expect(transmitted.status).toBe(200);
    const refused = await send('DELETE', `${CP}/shipment/${second.shipmentId}`, MEDIA.shipment);
    expect(refused.status).toBe(400);
    await expectValid(refused, 'messages.xsd');
    expect(codes(refused)).toEqual(['8064']);

    const refund = await send('POST', `${CP}/shipment/${second.shipmentId}/refund`, MEDIA.shipment, refundRequest());
    expect(refund.status).toBe(200);
    await expectValid(refund, 'shipment.xsd');
    expect(read(refund)['shipment-refund-request-info']['service-ticket-id']).toMatch(/\S/);
    const twice = await send('POST', `${CP}/shipment/${second.shipmentId}/refund`, MEDIA.shipment, refundRequest());
    expect(twice.status).toBe(409);
    expect(codes(twice)).toEqual(['7292']);
    expect(sim.billable()).toEqual([]);
    expect(sim.shipments.map((s) => [s.voided, s.status, s.refund !== undefined])).toEqual([
      [true, 'created', false],
      [false, 'transmitted', true],
    ]);
  });

  it('lists open groups, transmits them into a manifest (its shipments leave the group), serves the manifest, its details, shipments, PDF and the manifests of a date range', async () => {
    const { sim, send, create } = setup();
    const a = await create();
    const b = await create({ groupId: 'other-group' });
    const excluded = await create();
    const groups = await send('GET', `${CP}/group`, MEDIA.shipment);
    await expectValid(groups, 'shipment.xsd');
    expect(read(groups).groups.group.map((g: { 'group-id': string }) => g['group-id'])).toEqual(['shipping-api-20260302', 'other-group']);

    const unknown = await send('POST', `${CP}/manifest`, MEDIA.manifest, transmitSet(['no-such-group']));
    expect(unknown.status).toBe(400);
    await expectValid(unknown, 'messages.xsd');

    const transmitted = await send('POST', `${CP}/manifest`, MEDIA.manifest, transmitSet(['shipping-api-20260302'], [excluded.shipmentId]));
    expect(transmitted.contentType).toBe(MEDIA.manifest);
    await expectValid(transmitted, 'manifest.xsd');
    const manifestHref = read(transmitted).manifests.link[0]['@_href'] as string;
    expect(manifestHref).toMatch(new RegExp(`^${BASE}${CP}/manifest/P\\d{9}$`));
    expect(a.status).toBe('transmitted');
    expect(excluded.status).toBe('created');
    expect([...sim.groups(CUSTOMER).keys()].sort()).toEqual(['other-group', 'shipping-api-20260302']);
    expect(
      sim
        .groups(CUSTOMER)
        .get('shipping-api-20260302')!
        .map((s) => s.shipmentId),
    ).toEqual([excluded.shipmentId]);
    expect(b.status).toBe('created');

    const manifest = await send('GET', new URL(manifestHref).pathname, MEDIA.manifest);
    await expectValid(manifest, 'manifest.xsd');
    const links = Object.fromEntries(read(manifest).manifest.links.link.map((l: Record<string, string>) => [l['@_rel'], l['@_href']]));
    expect(Object.keys(links)).toEqual(['self', 'details', 'artifact', 'manifestShipments']);
    const details = await send('GET', new URL(links.details).pathname, MEDIA.manifest);
    await expectValid(details, 'manifest.xsd');
    expect(read(details)['manifest-details']['manifest-address']['manifest-company']).toBe('Maple & Co');
    const listed = await send('GET', new URL(links.manifestShipments).pathname, MEDIA.manifest);
    await expectValid(listed, 'manifest.xsd');
    expect(read(listed).shipments.link.map((l: Record<string, string>) => l['@_href'])).toEqual([`${BASE}${CP}/shipment/${a.shipmentId}`]);
    const pdf = await send('GET', new URL(links.artifact).pathname, 'application/pdf');
    expect(pdf.body.toString('latin1')).toContain(a.trackingPin);

    const range = await send('GET', `${CP}/manifest`, MEDIA.manifest, undefined, { start: '20000101', end: '29991231' });
    await expectValid(range, 'manifest.xsd');
    expect(read(range).manifests.link.map((l: Record<string, string>) => l['@_href'])).toEqual([manifestHref]);
    expect((await send('GET', `${CP}/manifest`, MEDIA.manifest)).status).toBe(400);
  });

  it('creates a non-contract shipment, lists it by date range and PIN, details carry customer-ref-1, refund by its link', async () => {
    const { sim, send } = setup();
    const created = await send('POST', `/rs/${CUSTOMER}/ncshipment`, MEDIA.ncshipment, nonContractShipment());
    expect(created.contentType).toBe(MEDIA.ncshipment);
    await expectValid(created, 'ncshipment.xsd');
    const info = read(created)['non-contract-shipment-info'];
    const links = Object.fromEntries(info.links.link.map((l: Record<string, string>) => [l['@_rel'], l['@_href']]));
    expect(Object.keys(links)).toEqual(['self', 'details', 'label', 'refund']);
    const s = sim.shipments[0]!;
    const stamp = (d: Date) => d.toISOString().slice(0, 16).replace(/[-T:]/g, '');
    const byRange = await send('GET', `/rs/${CUSTOMER}/ncshipment`, MEDIA.ncshipment, undefined, {
      from: stamp(new Date(Date.now() - 3_600_000)),
      to: stamp(new Date(Date.now() + 3_600_000)),
    });
    await expectValid(byRange, 'ncshipment.xsd');
    expect(read(byRange)['non-contract-shipments'].link[0]['@_href']).toBe(links.self);
    const byPin = await send('GET', `/rs/${CUSTOMER}/ncshipment`, MEDIA.ncshipment, undefined, { trackingPIN: s.trackingPin });
    expect(read(byPin)['non-contract-shipments'].link).toHaveLength(1);
    const details = await send('GET', new URL(links.details).pathname, MEDIA.ncshipment);
    await expectValid(details, 'ncshipment.xsd');
    expect(read(details)['non-contract-shipment-details']['delivery-spec'].references['customer-ref-1']).toBe('order-42');
    const refund = await send('POST', new URL(links.refund).pathname, MEDIA.ncshipment, refundRequest('nonContract'));
    await expectValid(refund, 'ncshipment.xsd');
    expect(sim.billable()).toEqual([]);
  });

  it('tracks a PIN along advance(): Canada Post’s event identifiers, newest first, with the expected delivery date; an unknown PIN is 404 004', async () => {
    const { sim, send, create } = setup();
    const s = await create();
    const seen: string[][] = [];
    for (let i = 0; i < 5; i++) {
      const answer = await send('GET', `/vis/track/pin/${s.trackingPin}/detail`, MEDIA.track);
      expect(answer.contentType).toBe(MEDIA.track);
      await expectValid(answer, 'track.xsd');
      const detail = read(answer)['tracking-detail'];
      expect(detail['expected-delivery-date']).toBe(s.price.expectedDelivery);
      seen.push(detail['significant-events'].occurrence.map((o: { 'event-identifier': string }) => o['event-identifier']));
      sim.advance(s.trackingPin);
    }
    const ids = Object.values(CANADA_POST_EVENTS).map((ev) => ev.identifier);
    expect(ids).toEqual(['3000', '1302', '0100', '0174', '1496']);
    expect(seen).toEqual([ids.slice(0, 1), ids.slice(0, 2).reverse(), ids.slice(0, 3).reverse(), ids.slice(0, 4).reverse(), ids.slice().reverse()]);
    const unknown = await send('GET', '/vis/track/pin/1234567890123456/detail', MEDIA.track);
    expect(unknown.status).toBe(404);
    expect(codes(unknown)).toEqual(['004']);
    expect(() => sim.advance('0')).toThrow();
  });

  it('refuses what Canada Post refuses: no or wrong credentials (401 E002), another Accept or Content-Type, a body breaking the schema (400 naming the problems), a DOCTYPE, an unknown path (404, empty messages)', async () => {
    const { sim, send } = setup();
    const noAuth = await send('POST', '/rs/ship/price', MEDIA.rate, mailingScenario(), undefined, '');
    expect(noAuth.status).toBe(401);
    await expectValid(noAuth, 'messages.xsd');
    expect(codes(noAuth)).toEqual(['E002']);
    expect((await send('POST', '/rs/ship/price', MEDIA.rate, mailingScenario(), undefined, basic(CLIENT.username, 'wrong'))).status).toBe(401);

    const anyMedia = await sim.send({ method: 'GET', path: `${CP}/group`, baseUrl: BASE, headers: { authorization: basic(), accept: '*/*' } });
    expect(anyMedia.status).toBe(406);
    await expectValid(anyMedia, 'messages.xsd');
    const wrongType = await sim.send({
      method: 'POST',
      path: '/rs/ship/price',
      baseUrl: BASE,
      headers: { authorization: basic(), accept: MEDIA.rate, 'content-type': 'application/xml' },
      body: mailingScenario(),
    });
    expect(wrongType.status).toBe(415);

    const broken = await send('POST', '/rs/ship/price', MEDIA.rate, mailingScenario().replace('<origin-postal-code>K2B8J6</origin-postal-code>', ''));
    expect(broken.status).toBe(400);
    await expectValid(broken, 'messages.xsd');
    expect(read(broken).messages.message[0].description).toMatch(/origin-postal-code/);
    const notXml = await send('POST', '/rs/ship/price', MEDIA.rate, '<mailing-scenario');
    expect(notXml.status).toBe(400);
    // Another operation's document, valid against its own schema, is not this operation's.
    const otherRoot = await send('POST', `${CP}/shipment`, MEDIA.shipment, refundRequest());
    expect(otherRoot.status).toBe(400);

    const doctype = await send(
      'POST',
      '/rs/ship/price',
      MEDIA.rate,
      `<?xml version="1.0"?><!DOCTYPE x [<!ENTITY a "b">]>${mailingScenario().replace(/^<\?xml[^>]*>/, '')}`,
    );
    expect(doctype.status).toBe(400);
    expect(read(doctype).messages.message[0].description).toMatch(/DOCTYPE/);

    const unknown = await send('GET', '/rs/nothing/here', MEDIA.shipment);
    expect(unknown.status).toBe(404);
    await expectValid(unknown, 'messages.xsd');
    expect(sim.shipments).toHaveLength(0);
  });

  it('faults: a lost answer after the work, a 500, a late create that Get Shipments only finds once it lands, and a listing delay', async () => {
    let clock = new Date('2026-03-02T15:00:00Z');
    const { sim, send } = setup({ now: () => clock, listAfterMs: 60_000 });
    sim.failNext('lose-answer');
    await expect(send('POST', `${CP}/shipment`, MEDIA.shipment, contractShipment({ requestId: 'lost1' }))).rejects.toBeInstanceOf(LostAnswer);
    expect(sim.shipments).toHaveLength(1);
    // Not listed for a minute.
    expect(read(await send('GET', `${CP}/shipment`, MEDIA.shipment, undefined, { requestId: 'lost1' })).shipments).toBe('');
    clock = new Date(clock.getTime() + 61_000);
    expect(read(await send('GET', `${CP}/shipment`, MEDIA.shipment, undefined, { requestId: 'lost1' })).shipments.link).toHaveLength(1);

    sim.failNext('http500');
    const failed = await send('GET', `${CP}/group`, MEDIA.shipment);
    expect(failed.status).toBe(500);
    await expectValid(failed, 'messages.xsd');

    sim.answerLate(5_000);
    let late: LateAnswer<CanadaPostSimAnswer> | undefined;
    try {
      await send('POST', `${CP}/shipment`, MEDIA.shipment, contractShipment({ requestId: 'late1' }));
    } catch (error) {
      late = error as LateAnswer<CanadaPostSimAnswer>;
    }
    expect(late).toBeInstanceOf(LateAnswer);
    expect(late!.delayMs).toBe(5_000);
    expect(sim.shipments).toHaveLength(1);
    const landed = await late!.land();
    expect(landed.status).toBe(200);
    expect(sim.shipments.map((s) => s.customerRequestId)).toEqual(['lost1', 'late1']);
    expect(sim.billable()).toHaveLength(2);
  });

  it('faults: a void held until released while another passes, refused (400 SIM400) without being done', async () => {
    const { sim, send, create } = setup();
    const shipment = await create();
    const hold = sim.holdNext('voidShipment');
    sim.failNext('refuse', 1, 'voidShipment');
    let answered: CanadaPostSimAnswer | undefined;
    const first = send('DELETE', `${CP}/shipment/${shipment.shipmentId}`, MEDIA.shipment).then((a) => (answered = a));
    await hold.reached;
    // The second void arrives later and is answered first: it voids the shipment.
    expect((await send('DELETE', `${CP}/shipment/${shipment.shipmentId}`, MEDIA.shipment)).status).toBe(204);
    expect(answered).toBeUndefined();
    hold.release();
    const refused = await first;
    expect(refused.status).toBe(400);
    await expectValid(refused, 'messages.xsd');
    expect(codes(refused)).toEqual(['SIM400']);
    expect(sim.received.filter((r) => r.method === 'DELETE').map((r) => r.status)).toEqual([400, 204]);
    expect(shipment.voided).toBe(true);
  });
});
