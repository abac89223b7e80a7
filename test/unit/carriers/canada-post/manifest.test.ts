/**
 * Canada Post's day's close (contract shipping): the transmit-set against
 * manifest.xsd, the answers it reads (groups, manifests, manifest,
 * manifest-details) validated against their schemas before they are read,
 * and the operations over a fake client: transmit the groups our shipments
 * are in (the others excluded), read the manifest and its PDF; nothing for
 * a non-contract account; a transmit of unknown outcome found again by its
 * customer-reference, never sent twice; the refund of a manifested shipment.
 */
import { canadaPostXmlProblems } from '../../../../local/canada-post/xsd';
import type { CanadaPostAnswer, CanadaPostApi, CanadaPostRequest } from '../../../../shared/carriers/canada-post/api';
import {
  buildTransmitSetXml,
  customerReferenceOf,
  parseGroupIds,
  parseManifest,
  parseManifestDetails,
  parseManifestLinks,
} from '../../../../shared/carriers/canada-post/manifest';
import { canadaPostCloseOut, canadaPostFindCloseOuts, canadaPostRequestRefund } from '../../../../shared/carriers/canada-post/operations';
import { CarrierRefusal, type CloseOutInput } from '../../../../shared/domain/carrier';
import { joinPdfs } from '../../../../shared/labels/render';
import { describeWithCanadaPostSchemas } from '../../../support/canada-post-xsd';
import { torontoShipper } from '../fixtures';
import { BASE, CONTRACT, CUSTOMER, messages, nonContractInfo, REFERENCE, shipmentInfo, shipments } from './fixtures';

const MANIFEST_ID = '8d0f3c2a-61b4-4e57-9a3c-5f2e1d0c9b8a';
const OUR_REF = '8d0f3c2a61b4';
const PO = 'P000000042';
const OURS = ['340531309186521749', '340531309186521750'];
const OTHER = '340531309186521751';
const PIN = '1371134583769923';
const GROUP = 'shipping-api-20250604';
const MEDIA = 'application/vnd.cpc.manifest-v8+xml';
const SHIP_MEDIA = 'application/vnd.cpc.shipment-v8+xml';
const MANIFEST_PDF = Buffer.from('%PDF-1.4\n% a Canada Post manifest\n%%EOF\n', 'latin1');

const link = (rel: string, href: string, media: string, index?: number) =>
  `<link rel="${rel}" href="${href}" media-type="${media}"${index === undefined ? '' : ` index="${index}"`}/>`;
const manifestHref = `${BASE}/rs/${CUSTOMER}/${CUSTOMER}/manifest/${PO}`;

const groupsXml = (...ids: string[]) =>
  `<?xml version="1.0" encoding="UTF-8"?>\n<groups xmlns="http://www.canadapost.ca/ws/shipment-v8">${ids.map((id) => `<group><group-id>${id}</group-id>${link('group', `${BASE}/rs/${CUSTOMER}/${CUSTOMER}/shipment?groupId=${id}`, SHIP_MEDIA)}</group>`).join('')}</groups>`;
const manifestsXml = (...hrefs: string[]) =>
  `<?xml version="1.0" encoding="UTF-8"?>\n<manifests xmlns="http://www.canadapost.ca/ws/manifest-v8">${hrefs.map((h) => link('manifest', h, MEDIA)).join('')}</manifests>`;
const manifestXml = (po = PO) =>
  `<?xml version="1.0" encoding="UTF-8"?>\n<manifest xmlns="http://www.canadapost.ca/ws/manifest-v8"><po-number>${po}</po-number><links>${[
    link('self', `${BASE}/rs/${CUSTOMER}/${CUSTOMER}/manifest/${po}`, MEDIA),
    link('details', `${BASE}/rs/${CUSTOMER}/${CUSTOMER}/manifest/${po}/details`, MEDIA),
    link('artifact', `${BASE}/ers/artifact/6e93d53968881714/${po}9/0`, 'application/pdf', 0),
    link('manifestShipments', `${BASE}/rs/${CUSTOMER}/${CUSTOMER}/manifest/${po}/shipment`, MEDIA),
  ].join('')}</links></manifest>`;
const detailsXml = (reference?: string, po = PO) =>
  `<?xml version="1.0" encoding="UTF-8"?>\n<manifest-details xmlns="http://www.canadapost.ca/ws/manifest-v8"><po-number>${po}</po-number><final-shipping-point>M5H1A1</final-shipping-point><shipping-point-name>TORONTO STN A</shipping-point-name><shipping-point-id>0001</shipping-point-id><mailed-by-customer>${CUSTOMER}</mailed-by-customer><mailed-on-behalf-of>${CUSTOMER}</mailed-on-behalf-of><paid-by-customer>${CUSTOMER}</paid-by-customer>${reference ? `<customer-ref>${reference}</customer-ref>` : ''}<manifest-date>2025-06-04</manifest-date><manifest-time>17:05 EST</manifest-time><contract-id>${CONTRACT}</contract-id><method-of-payment>Account</method-of-payment><manifest-pricing-info><base-cost>30.00</base-cost><automation-discount>-1.20</automation-discount><options-and-surcharges>2.10</options-and-surcharges><gst>0.00</gst><pst>0.00</pst><hst>3.77</hst><total-due-cpc>34.67</total-due-cpc></manifest-pricing-info><manifest-address><manifest-company>Maple Parts Inc.</manifest-company><phone-number>416 555 0100</phone-number><address-details><address-line-1>100 King St W</address-line-1><city>Toronto</city><prov-state>ON</prov-state><postal-zip-code>M5H1A1</postal-zip-code></address-details></manifest-address></manifest-details>`;

type Route = (request: CanadaPostRequest) => CanadaPostAnswer | undefined;
const answer = (status: number, body: string | Buffer, contentType = MEDIA): CanadaPostAnswer => ({
  status,
  contentType,
  body: Buffer.isBuffer(body) ? body : Buffer.from(body),
});
const urlOf = (r: CanadaPostRequest) =>
  'link' in r.target
    ? r.target.link
    : `${BASE}${r.target.path}${r.target.query ? `?${new URLSearchParams(r.target.query as Record<string, string>).toString()}` : ''}`;
const on =
  (method: string, pattern: RegExp, reply: () => CanadaPostAnswer): Route =>
  (r) =>
    r.method === method && pattern.test(urlOf(r)) ? reply() : undefined;

/** A client of a contract account, or of a non-contract one (`contractId` null). */
function fake(routes: Route[], contractId: string | null = CONTRACT) {
  const sent: CanadaPostRequest[] = [];
  const api: CanadaPostApi = {
    mode: 'test',
    customerNumber: CUSTOMER,
    ...(contractId ? { contractId } : {}),
    refundEmail: async () => 'ops@example.com',
    async send(request) {
      sent.push(request);
      for (const route of routes) {
        const reply = route(request);
        if (reply) return reply;
      }
      throw new Error(`no route for ${request.method} ${urlOf(request)}`);
    },
  };
  return { api, sent };
}

const groups = on('GET', /\/group$/, () => answer(200, groupsXml(GROUP, 'shipping-api-20250605'), SHIP_MEDIA));
const groupShipments = on('GET', /\/shipment\?groupId=/, () =>
  answer(200, shipments(...[...OURS, OTHER].map((id) => `${BASE}/rs/${CUSTOMER}/${CUSTOMER}/shipment/${id}`)), SHIP_MEDIA),
);
const otherGroup: Route = (r) =>
  r.method === 'GET' && /groupId=shipping-api-20250605/.test(urlOf(r))
    ? answer(200, shipments(`${BASE}/rs/${CUSTOMER}/${CUSTOMER}/shipment/340531309186521799`), SHIP_MEDIA)
    : undefined;
const transmitted = on('POST', /\/manifest$/, () => answer(200, manifestsXml(manifestHref)));
const getManifest = on('GET', new RegExp(`/manifest/${PO}$`), () => answer(200, manifestXml()));
const artifact = on('GET', /\/ers\/artifact\//, () => answer(200, MANIFEST_PDF, 'application/pdf'));
const signal = () => AbortSignal.timeout(5_000);

const input = (extra: Partial<CloseOutInput> = {}): CloseOutInput => ({
  reference: MANIFEST_ID,
  shipDate: '2025-06-04',
  shipments: OURS.map((id, i) => ({ orderId: `order-${i}`, reference: REFERENCE, trackingNumber: `13711345837699${20 + i}`, shipmentId: id })),
  shipper: torontoShipper,
  ...extra,
});

describeWithCanadaPostSchemas('Canada Post manifests against their schemas', () => {
  it('builds a transmit-set that validates: groups, shipping point, detailed manifest, payment, the shipper’s address, our reference, exclusions', async () => {
    const xml = buildTransmitSetXml({ reference: MANIFEST_ID, groupIds: [GROUP], excludedShipmentIds: [OTHER], shipper: torontoShipper });
    expect(await canadaPostXmlProblems(xml, 'manifest.xsd')).toEqual([]);
    expect(xml).toContain(`<group-id>${GROUP}</group-id>`);
    expect(xml).toContain('<requested-shipping-point>M5H1A1</requested-shipping-point>');
    expect(xml).toContain('<detailed-manifests>true</detailed-manifests>');
    expect(xml).toContain('<method-of-payment>Account</method-of-payment>');
    expect(xml).toContain('<manifest-company>Maple Parts Inc.</manifest-company>');
    expect(xml).toContain(`<customer-reference>${OUR_REF}</customer-reference>`);
    expect(xml).toContain(`<excluded-shipments><shipment-id>${OTHER}</shipment-id></excluded-shipments>`);
    const alone = buildTransmitSetXml({
      reference: MANIFEST_ID,
      groupIds: [GROUP, 'shipping-api-20250603'],
      excludedShipmentIds: [],
      shipper: { ...torontoShipper, companyName: undefined, addressLine2: 'Suite 500' },
    });
    expect(await canadaPostXmlProblems(alone, 'manifest.xsd')).toEqual([]);
    expect(alone).not.toContain('excluded-shipments');
  });

  it('reads groups, manifests, manifest and manifest-details answers that follow the schemas', async () => {
    expect(await canadaPostXmlProblems(groupsXml(GROUP), 'shipment.xsd')).toEqual([]);
    expect(await canadaPostXmlProblems(groupsXml(), 'shipment.xsd')).toEqual([]);
    expect(await canadaPostXmlProblems(manifestsXml(manifestHref), 'manifest.xsd')).toEqual([]);
    expect(await canadaPostXmlProblems(manifestsXml(), 'manifest.xsd')).toEqual([]);
    expect(await canadaPostXmlProblems(manifestXml(), 'manifest.xsd')).toEqual([]);
    expect(await canadaPostXmlProblems(detailsXml(OUR_REF), 'manifest.xsd')).toEqual([]);
    expect(parseGroupIds(groupsXml(GROUP, 'shipping-api-20250605'))).toEqual([GROUP, 'shipping-api-20250605']);
    expect(parseGroupIds(groupsXml())).toEqual([]);
    expect(parseManifestLinks(manifestsXml(manifestHref))).toEqual([{ rel: 'manifest', href: manifestHref, mediaType: MEDIA }]);
    expect(parseManifestLinks(manifestsXml())).toEqual([]);
    expect(parseManifest(manifestXml())).toMatchObject({
      poNumber: PO,
      links: expect.arrayContaining([expect.objectContaining({ rel: 'artifact', mediaType: 'application/pdf', index: 0 })]),
    });
    expect(parseManifestDetails(detailsXml(OUR_REF))).toEqual({ poNumber: PO, customerReference: OUR_REF });
    expect(parseManifestDetails(detailsXml())).toEqual({ poNumber: PO });
  });
});

describe('Canada Post manifests: rules', () => {
  it('carries 12 hex digits of our manifest id as the customer-reference', () => {
    expect(customerReferenceOf(MANIFEST_ID)).toBe(OUR_REF);
  });

  it('refuses a shipper it cannot print on a manifest; reads malformed answers as CarrierErrors', () => {
    expect(() =>
      buildTransmitSetXml({ reference: MANIFEST_ID, groupIds: [GROUP], excludedShipmentIds: [], shipper: { ...torontoShipper, phoneNumber: undefined } }),
    ).toThrow(CarrierRefusal);
    expect(() =>
      buildTransmitSetXml({ reference: MANIFEST_ID, groupIds: [GROUP], excludedShipmentIds: [], shipper: { ...torontoShipper, countryCode: 'US' } }),
    ).toThrow(CarrierRefusal);
    expect(() => parseManifest('<manifest xmlns="http://www.canadapost.ca/ws/manifest-v8"><po-number>not a po!</po-number></manifest>')).toThrow(
      /malformed manifest answer/,
    );
  });
});

describe('Canada Post close-out operations', () => {
  it('transmits the groups our shipments are in, excluding the others, then answers the manifest’s PO number and PDF', async () => {
    const { api, sent } = fake([groups, otherGroup, groupShipments, transmitted, getManifest, artifact]);
    const out = await canadaPostCloseOut(input(), api, signal());
    expect(out).toEqual({ carrierManifestIds: [PO], documents: [{ type: 'manifest', format: 'PDF', content: MANIFEST_PDF }] });
    const transmit = sent.find((r) => r.method === 'POST')!;
    expect(transmit).toMatchObject({ retryable: false, accept: MEDIA, body: { contentType: MEDIA } });
    expect(transmit.body!.xml).toContain(`<group-ids><group-id>${GROUP}</group-id></group-ids>`);
    expect(transmit.body!.xml).toContain(`<shipment-id>${OTHER}</shipment-id>`);
    expect(sent.filter((r) => r.method === 'POST')).toHaveLength(1);
    expect(sent.filter((r) => r.method === 'GET').every((r) => r.retryable)).toBe(true);
  });

  it('makes no call for a non-contract account: the close prints our manifest', async () => {
    const { api, sent } = fake([], null);
    expect(await canadaPostCloseOut(input(), api, signal())).toEqual({ carrierManifestIds: [], documents: [] });
    expect(await canadaPostFindCloseOuts(MANIFEST_ID, api, signal())).toBeUndefined();
    expect(sent).toEqual([]);
  });

  it('transmits nothing when none of our shipments is in an open group any more', async () => {
    const { api, sent } = fake([
      groups,
      on('GET', /\/shipment\?groupId=/, () => answer(200, shipments(`${BASE}/rs/${CUSTOMER}/${CUSTOMER}/shipment/${OTHER}`), SHIP_MEDIA)),
    ]);
    expect(await canadaPostCloseOut(input(), api, signal())).toEqual({ carrierManifestIds: [], documents: [] });
    expect(sent.some((r) => r.method === 'POST')).toBe(false);
  });

  it('after a transmit of unknown outcome, finds its manifest by the customer-reference and does not transmit again', async () => {
    const listed = on('GET', /\/manifest\?start=\d{8}&end=\d{8}$/, () =>
      answer(200, manifestsXml(`${BASE}/rs/${CUSTOMER}/${CUSTOMER}/manifest/P000000041`, manifestHref)),
    );
    const theirs = on('GET', /\/manifest\/P000000041$/, () => answer(200, manifestXml('P000000041')));
    const theirDetails = on('GET', /\/manifest\/P000000041\/details$/, () => answer(200, detailsXml('aaaaaaaaaaaa', 'P000000041')));
    const ourDetails = on('GET', new RegExp(`/manifest/${PO}/details$`), () => answer(200, detailsXml(OUR_REF)));
    const { api, sent } = fake([listed, theirDetails, theirs, ourDetails, getManifest, artifact]);
    const out = await canadaPostCloseOut(input({ mayExist: true }), api, signal());
    expect(out.carrierManifestIds).toEqual([PO]);
    expect(sent.some((r) => r.method === 'POST')).toBe(false);
    const range = sent[0]!.target as { query: Record<string, string> };
    expect(Number(range.query.end) - Number(range.query.start)).toBeGreaterThan(0);
  });

  it('after a transmit of unknown outcome that Canada Post never received, transmits', async () => {
    const listed = on('GET', /\/manifest\?start=/, () => answer(200, manifestsXml()));
    const { api, sent } = fake([listed, groups, otherGroup, groupShipments, transmitted, getManifest, artifact]);
    expect((await canadaPostCloseOut(input({ mayExist: true }), api, signal())).carrierManifestIds).toEqual([PO]);
    expect(sent.filter((r) => r.method === 'POST')).toHaveLength(1);
  });

  it('refuses as Canada Post refuses a transmit (4xx → CarrierRefusal)', async () => {
    const { api } = fake([
      groups,
      otherGroup,
      groupShipments,
      on('POST', /\/manifest$/, () => answer(400, messages(['1234', 'Group id was not found for transmission; please remove or correct.']))),
    ]);
    await expect(canadaPostCloseOut(input(), api, signal())).rejects.toThrow(CarrierRefusal);
  });

  it('asks a refund for a manifested contract shipment, without a void; a non-contract one as its cancel does', async () => {
    const byPin = on('GET', new RegExp(`/shipment\\?trackingPIN=${PIN}$`), () =>
      answer(200, shipments(`${BASE}/rs/${CUSTOMER}/${CUSTOMER}/shipment/${OURS[0]}`), SHIP_MEDIA),
    );
    const shipment = on('GET', new RegExp(`/shipment/${OURS[0]}$`), () => answer(200, shipmentInfo(OURS[0]!, PIN, { status: 'transmitted' }), SHIP_MEDIA));
    const refunded = on('POST', /\/refund$/, () =>
      answer(
        200,
        '<shipment-refund-request-info xmlns="http://www.canadapost.ca/ws/shipment-v8"><service-ticket-date>2025-06-05</service-ticket-date><service-ticket-id>GT12345678RT</service-ticket-id></shipment-refund-request-info>',
        SHIP_MEDIA,
      ),
    );
    const contract = fake([byPin, shipment, refunded]);
    await canadaPostRequestRefund({ reference: REFERENCE, trackingNumber: PIN, shipmentId: OURS[0]! }, contract.api, signal());
    expect(contract.sent.map((r) => r.method)).toEqual(['GET', 'GET', 'POST']);
    expect(contract.sent.at(-1)!.body!.xml).toContain('<shipment-refund-request');
    const gone = fake([on('GET', /\/shipment\?trackingPIN=/, () => answer(200, shipments(), SHIP_MEDIA))]);
    await expect(canadaPostRequestRefund({ reference: REFERENCE, trackingNumber: PIN }, gone.api, signal())).rejects.toThrow(CarrierRefusal);
    const ncId = '406951321983787352';
    const nc = fake(
      [
        on('GET', /\/ncshipment\?trackingPIN=/, () =>
          answer(
            200,
            `<non-contract-shipments xmlns="http://www.canadapost.ca/ws/ncshipment-v4">${link('shipment', `${BASE}/rs/${CUSTOMER}/ncshipment/${ncId}`, 'application/vnd.cpc.ncshipment-v4+xml')}</non-contract-shipments>`,
            'application/vnd.cpc.ncshipment-v4+xml',
          ),
        ),
        on('GET', new RegExp(`/ncshipment/${ncId}$`), () => answer(200, nonContractInfo(ncId, PIN), 'application/vnd.cpc.ncshipment-v4+xml')),
        on('POST', /\/refund$/, () =>
          answer(
            200,
            '<non-contract-shipment-refund-request-info xmlns="http://www.canadapost.ca/ws/ncshipment-v4"><service-ticket-date>2025-06-05</service-ticket-date><service-ticket-id>GT12345679RT</service-ticket-id></non-contract-shipment-refund-request-info>',
            'application/vnd.cpc.ncshipment-v4+xml',
          ),
        ),
      ],
      null,
    );
    await canadaPostRequestRefund({ reference: REFERENCE, trackingNumber: PIN, shipmentId: ncId }, nc.api, signal());
    expect(nc.sent.at(-1)!.body!.xml).toContain('<non-contract-shipment-refund-request');
  });

  it('answers each manifest of one transmit with its PDF, in order; the close joins them into one PDF', async () => {
    const two = on('POST', /\/manifest$/, () => answer(200, manifestsXml(manifestHref, `${BASE}/rs/${CUSTOMER}/${CUSTOMER}/manifest/P000000043`)));
    const second = on('GET', /\/manifest\/P000000043$/, () => answer(200, manifestXml('P000000043')));
    const { PDFDocument } = await import('@cantoo/pdf-lib');
    const doc = await PDFDocument.create();
    doc.addPage([612, 792]);
    const pdf = Buffer.from(await doc.save());
    const realArtifact = on('GET', /\/ers\/artifact\//, () => answer(200, pdf, 'application/pdf'));
    const { api } = fake([groups, otherGroup, groupShipments, two, getManifest, second, realArtifact]);
    const out = await canadaPostCloseOut(input(), api, signal());
    expect(out.carrierManifestIds).toEqual([PO, 'P000000043']);
    expect(out.documents.map((d) => d.format)).toEqual(['PDF', 'PDF']);
    const joined = await joinPdfs(out.documents.map((d) => d.content));
    expect((await PDFDocument.load(joined.body!)).getPageCount()).toBe(2);
    expect((await joinPdfs([pdf])).body).toBe(pdf);
  });
});
