/**
 * Rate → ship → labels over HTTP against the `npm start` runtime, as a new
 * integrator would try it (issue 9, "Done when"): the 302 of each label type
 * leads to a real file, a repeat ship answers the same order, parallel ships
 * of one rate response make one order, another company sees nothing, and no
 * bad input answers 5xx.
 */
import { randomUUID } from 'node:crypto';
import { PDFDocument } from '@cantoo/pdf-lib';
import type { LabelList, RateRecord, RateRequest, ShipRequest, ShipResponse } from '../../client';
import { admin, api, client, companyWithKey, e2e, expectErrorBody, expectTypedError, type ApiResponse } from '../support/e2e';
import { sampleRateBody } from '../support/rate-body';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const JSON_TYPE = { 'content-type': 'application/json' };
const PACKAGES = 4;

/** The sample body with two pieces of quantity 2: four packages. */
const rateBody = (): RateRequest => {
  const body: RateRequest = sampleRateBody();
  const [piece] = body.packages.pieces;
  body.packages.pieces = [
    { ...piece!, quantity: 2 },
    { ...piece!, quantity: 2, weight: 1.2, length: 25, width: 15, height: 10 },
  ];
  return body;
};

/** Fresh rate responses of the demo company (or `key`'s), through the typed client. */
const rate = async (key?: string, body: RateRequest = rateBody()): Promise<RateRecord[]> => {
  const { data, error, response } = await client(key).POST('/v1/rate', { body });
  expect({ status: response.status, error }).toEqual({ status: 200, error: undefined });
  const rates = data!.data.rates;
  expect(rates.length).toBeGreaterThan(0);
  return rates;
};

/** A fresh CARRIERX rate response id. */
const freshRateId = async (key?: string) => {
  const rates = await rate(key);
  const chosen = rates.find((r) => r.carrier.code === 'CARRIERX') ?? rates[0]!;
  return chosen.rateResponseId;
};

/** POST /v1/ship/{rateResponseId} through the typed client. */
const ship = (rateResponseId: string, options: { key?: string; body?: ShipRequest } = {}) =>
  client(options.key).POST('/v1/ship/{rateResponseId}', { params: { path: { rateResponseId } }, body: options.body ?? {} });

/** The same with a raw body (malformed on purpose) through `api()`. */
const shipRaw = (rateResponseId: string, options: { key?: string; body?: string } = {}) =>
  api(`/ship/${rateResponseId}`, { method: 'POST', key: options.key, headers: JSON_TYPE, body: options.body ?? '{}' });

/** The label file through the typed client: the 302 itself, not the file (fetch would follow it). */
const labelFile = (orderId: string, labelType: string, key?: string) =>
  client(key).GET('/v1/labels/{orderId}/{labelType}', { params: { path: { orderId, labelType } }, redirect: 'manual' });

const labels = (orderId: string, key?: string) => client(key).GET('/v1/labels/{orderId}', { params: { path: { orderId } } });

const dataOf = <T>(response: ApiResponse) => (response.json as { data: T }).data;

/** Never a 5xx, and an error answer has the error body. */
const expectClientError = (response: ApiResponse, status: number, code: string) => {
  expect(response.status).toBeLessThan(500);
  expectErrorBody(response, status, code);
};

describe('rate → ship → labels over HTTP', () => {
  let rateResponseId: string;
  let first: Awaited<ReturnType<typeof ship>>;
  let shipment: ShipResponse;

  beforeAll(async () => {
    rateResponseId = await freshRateId();
    first = await ship(rateResponseId);
    shipment = first.data!.data;
  });

  it('ship answers the order: ids, tracking, carrier, service, one tracking number per package, both shipping labels', async () => {
    expect(first.response.status).toBe(200);
    expect(first.response.headers.get('idempotent-replayed')).toBeNull();
    expect(shipment.orderId).toMatch(UUID);
    expect(shipment.rateResponseId).toBe(rateResponseId);
    expect(shipment.trackingNumber).toEqual(expect.any(String));
    expect(shipment.status).toBe('pending');
    expect(shipment.carrier.code).toBe('CARRIERX');
    expect(shipment.service.code).toEqual(expect.any(String));
    expect(shipment.metadata.trackingUrl).toMatch(/^https?:\/\//);
    expect(shipment.pieces).toHaveLength(PACKAGES);
    expect(shipment.pieces[0]!.trackingNumber).toBe(shipment.trackingNumber);
    expect(new Set(shipment.pieces.map((p) => p.trackingNumber)).size).toBe(PACKAGES);
    expect(shipment.labels.available.map((l) => l.code)).toEqual(expect.arrayContaining(['SHIPPING_LABEL_PDF', 'SHIPPING_LABEL_ZPL']));
    const text = JSON.stringify(first.data);
    for (const banned of ['"pk"', '"sk"', 'carrierAccount', 'credentials', 'companyId', '"claim"']) expect(text).not.toContain(banned);
  });

  it('GET /labels/{orderId} lists what ship announced', async () => {
    const { data, response } = await labels(shipment.orderId);
    expect(response.status).toBe(200);
    expect(data!.data).toEqual({ orderId: shipment.orderId, available: shipment.labels.available, mode: 'live' });
    for (const entry of data!.data.available) {
      expect(entry).toEqual({
        code: expect.any(String),
        name: expect.any(String),
        format: expect.stringMatching(/^(PDF|ZPL)$/),
        contentType: expect.any(String),
      });
    }
  });

  it('every listed label type answers 302 to a presigned URL that downloads a real file', async () => {
    const files = new Map<string, Buffer>();
    for (const entry of shipment.labels.available) {
      const redirect = await labelFile(shipment.orderId, entry.code);
      expect({ code: entry.code, status: redirect.response.status }).toEqual({ code: entry.code, status: 302 });
      expect(await redirect.response.text()).toBe('');
      const location = redirect.response.headers.get('location')!;
      expect(location).toMatch(/^https?:\/\//);
      expect(location).toMatch(/X-Amz-Signature=/);
      expect(location).not.toContain(e2e.apiKey);
      const file = await fetch(location);
      expect({ code: entry.code, status: file.status }).toEqual({ code: entry.code, status: 200 });
      expect(file.headers.get('content-type')).toBe(entry.contentType);
      files.set(entry.code, Buffer.from(await file.arrayBuffer()));
    }

    for (const entry of shipment.labels.available.filter((l) => l.format === 'PDF')) {
      const pdf = await PDFDocument.load(new Uint8Array(files.get(entry.code)!));
      expect(pdf.getPageCount()).toBeGreaterThan(0);
    }

    const label = await PDFDocument.load(new Uint8Array(files.get('SHIPPING_LABEL_PDF')!));
    expect(label.getPageCount()).toBe(PACKAGES);
    for (const page of label.getPages()) expect(page.getSize()).toEqual({ width: 288, height: 432 });

    const zpl = files.get('SHIPPING_LABEL_ZPL')!.toString('latin1');
    const blocks = zpl.match(/\^XA[\s\S]*?\^XZ/g) ?? [];
    expect(blocks).toHaveLength(PACKAGES);
    expect(zpl.match(/\^XA/g)).toHaveLength(PACKAGES);
    expect(zpl.match(/\^XZ/g)).toHaveLength(PACKAGES);
    expect(zpl.replace(/\^XA[\s\S]*?\^XZ/g, '').trim()).toBe('');
    // Block n is package n: its Code 128 barcode (^BC … ^FD<data>^FS) carries that package's tracking number, and it says n OF 4.
    const barcodes = blocks.map((block) => [...block.matchAll(/\^BC[^^]*\^FH\^FD([^^]*)\^FS/g)].map((m) => m[1]));
    expect(barcodes).toEqual(shipment.pieces.map((p) => [p.trackingNumber]));
    blocks.forEach((block, i) => {
      expect(block).toContain(shipment.pieces[i]!.trackingNumber);
      expect(block).toContain(`^FD${i + 1} OF ${PACKAGES}^FS`);
    });
  });

  it('a second label request redirects again to the same stored file', async () => {
    const download = async () => {
      const redirect = await labelFile(shipment.orderId, 'SHIPPING_LABEL_ZPL');
      expect(redirect.response.status).toBe(302);
      return Buffer.from(await (await fetch(redirect.response.headers.get('location')!)).arrayBuffer());
    };
    expect((await download()).equals(await download())).toBe(true);
  });

  it('shipping the same rate again answers the same order with Idempotent-Replayed: true', async () => {
    const again = await ship(rateResponseId);
    expect(again.response.status).toBe(200);
    expect(again.response.headers.get('idempotent-replayed')).toBe('true');
    const replay = again.data!.data;
    expect({ orderId: replay.orderId, trackingNumber: replay.trackingNumber, pieces: replay.pieces }).toEqual({
      orderId: shipment.orderId,
      trackingNumber: shipment.trackingNumber,
      pieces: shipment.pieces,
    });
    // Without a body too (the body is optional).
    const bare = await client().POST('/v1/ship/{rateResponseId}', { params: { path: { rateResponseId } } });
    expect(bare.response.status).toBe(200);
    expect(bare.response.headers.get('idempotent-replayed')).toBe('true');
    expect(bare.data!.data.orderId).toBe(shipment.orderId);
  });

  it('an unknown label type answers 200 with the list; a code in lower case or a format one type has is that type', async () => {
    for (const unknown of ['NOPE', 'COMMERCIAL_INVOICE', 'label', 'x'.repeat(300)]) {
      const { data, response } = await labelFile(shipment.orderId, unknown);
      expect({ unknown: unknown.slice(0, 20), status: response.status }).toEqual({ unknown: unknown.slice(0, 20), status: 200 });
      expect(data!.data).toEqual({ orderId: shipment.orderId, available: shipment.labels.available, mode: 'live' });
    }
    expect((await labelFile(shipment.orderId, 'shipping_label_pdf')).response.status).toBe(302);
    expect((await labelFile(shipment.orderId, 'zpl')).response.status).toBe(302);
  });

  describe('another company', () => {
    let other: { apiKey: string; companyId: string };
    beforeAll(async () => {
      other = await companyWithKey();
    });

    it('gets 404 on ship of a shipped or an unshipped rate response, and the unshipped one stays shippable by its owner', async () => {
      expectTypedError(await ship(rateResponseId, { key: other.apiKey }), 404, 'NOT_FOUND');
      const unshipped = await freshRateId();
      expectTypedError(await ship(unshipped, { key: other.apiKey }), 404, 'NOT_FOUND');
      const own = await ship(unshipped);
      expect(own.response.status).toBe(200);
      expect(own.response.headers.get('idempotent-replayed')).toBeNull();
    });

    it('gets 403 on both label endpoints, whatever the type; an unknown order is 404', async () => {
      expectTypedError(await labels(shipment.orderId, other.apiKey), 403, 'FORBIDDEN');
      for (const type of ['SHIPPING_LABEL_PDF', 'SHIPPING_LABEL_ZPL', 'NOPE']) {
        expectTypedError(await labelFile(shipment.orderId, type, other.apiKey), 403, 'FORBIDDEN');
      }
      const unknown = randomUUID();
      expectTypedError(await labels(unknown, other.apiKey), 404, 'NOT_FOUND');
      expectTypedError(await labelFile(unknown, 'SHIPPING_LABEL_PDF', other.apiKey), 404, 'NOT_FOUND');
    });
  });

  describe('scopes', () => {
    it('a key without shipments:create cannot ship (403); a key with only shipments:labels reads the labels', async () => {
      const labelsOnly = await admin<{ apiKey: string }>('key', 'create', '--company', e2e.companyId, '--scopes', 'shipments:labels');
      const rateOnly = await admin<{ apiKey: string }>('key', 'create', '--company', e2e.companyId, '--scopes', 'shipments:rate');

      const unshipped = await freshRateId();
      expectTypedError(await ship(unshipped, { key: labelsOnly.apiKey }), 403, 'FORBIDDEN');
      expectTypedError(await ship(unshipped, { key: rateOnly.apiKey }), 403, 'FORBIDDEN');
      expectTypedError(await ship(rateResponseId, { key: rateOnly.apiKey }), 403, 'FORBIDDEN');

      const list = await labels(shipment.orderId, labelsOnly.apiKey);
      expect(list.response.status).toBe(200);
      expect(list.data!.data.orderId).toBe(shipment.orderId);
      const file = await labelFile(shipment.orderId, 'SHIPPING_LABEL_PDF', labelsOnly.apiKey);
      expect(file.response.status).toBe(302);
      expect((await fetch(file.response.headers.get('location')!)).status).toBe(200);

      expectTypedError(await labels(shipment.orderId, rateOnly.apiKey), 403, 'FORBIDDEN');
      expectTypedError(await labelFile(shipment.orderId, 'SHIPPING_LABEL_PDF', rateOnly.apiKey), 403, 'FORBIDDEN');
      // The refused ships left the rate response shippable.
      expect((await ship(unshipped)).response.status).toBe(200);
    });
  });

  describe('bad input never answers 5xx', () => {
    const long = 'a'.repeat(300);
    const hostileIds: Array<[string, string]> = [
      ['not a UUID', 'not-a-uuid'],
      ['a number', '123'],
      ['a UUID and one more character', `${randomUUID()}x`],
      ['300 characters', long],
      ['two UUIDs joined by %2F..%2F', `${randomUUID()}%2F..%2F${randomUUID()}`],
      ['..%2F..%2Fetc%2Fpasswd', '..%2F..%2Fetc%2Fpasswd'],
      ['a NUL byte', '%00'],
      ['a broken percent-encoding', '%E0%A4%A'],
      ['a quote and SQL', "'%20OR%201=1"],
    ];

    it.each(hostileIds)('ship of a rateResponseId that is %s is a 4xx', async (_name, id) => {
      const response = await shipRaw(id);
      expect(response.status).toBeGreaterThanOrEqual(400);
      expect(response.status).toBeLessThan(500);
      expect(response.json).toEqual({ error: expect.objectContaining({ code: expect.any(String), message: expect.any(String) }) });
    });

    it.each(hostileIds)('both label endpoints with an orderId that is %s answer 4xx', async (_name, id) => {
      for (const path of [`/labels/${id}`, `/labels/${id}/SHIPPING_LABEL_PDF`, `/labels/${id}/${long}`]) {
        const { status } = await api(path);
        expect({ path: path.slice(0, 80), clientError: status >= 400 && status < 500 }).toEqual({ path: path.slice(0, 80), clientError: true });
      }
    });

    it('a malformed or 300-character id is 400 VALIDATION_FAILED', async () => {
      expectClientError(await shipRaw('not-a-uuid'), 400, 'VALIDATION_FAILED');
      expectClientError(await shipRaw(long), 400, 'VALIDATION_FAILED');
      expectClientError(await api('/labels/not-a-uuid'), 400, 'VALIDATION_FAILED');
      expectClientError(await api(`/labels/${long}`), 400, 'VALIDATION_FAILED');
      expectClientError(await api(`/labels/${long}/SHIPPING_LABEL_PDF`), 400, 'VALIDATION_FAILED');
    });

    it('a %2F..%2F label type never reaches another object: 200 with the list', async () => {
      for (const type of [
        `SHIPPING_LABEL_PDF%2F..%2F..%2F${randomUUID()}%2FSHIPPING_LABEL_PDF`,
        '..%2F..%2FSHIPPING_LABEL_ZPL',
        '%2F..%2F',
        'SHIPPING_LABEL_PDF%00',
      ]) {
        const response = await api(`/labels/${shipment.orderId}/${type}`);
        expect({ type, status: response.status }).toEqual({ type, status: 200 });
        expect(dataOf<LabelList>(response)).toEqual({ orderId: shipment.orderId, available: shipment.labels.available, mode: 'live' });
      }
    });

    it.each(['[]', '"PDF"', '42', 'true', '[{"labelFormat":"PDF"}]', '{"labelFormat":"GIF"}', '{', '{"a":'])('ship body %s is 400', async (body) => {
      expectClientError(await shipRaw(randomUUID(), { body }), 400, 'VALIDATION_FAILED');
    });

    it('a non-object body is refused before the rate response is touched: the rate stays shippable', async () => {
      const unshipped = await freshRateId();
      expectClientError(await shipRaw(unshipped, { body: '[]' }), 400, 'VALIDATION_FAILED');
      expect((await ship(unshipped)).response.status).toBe(200);
    });

    it('ship with a body and no Content-Type, or a wrong one, is 415', async () => {
      const unshipped = await freshRateId();
      // A byte body: fetch adds no Content-Type (a string body would get text/plain).
      const raw = await fetch(`${e2e.baseUrl}/ship/${unshipped}`, {
        method: 'POST',
        headers: { 'X-API-Key': e2e.apiKey },
        body: new TextEncoder().encode('{}'),
      });
      const text = await raw.text();
      expect({ status: raw.status, code: (JSON.parse(text) as { error: { code: string } }).error.code }).toEqual({
        status: 415,
        code: 'UNSUPPORTED_MEDIA_TYPE',
      });
      const plain = await api(`/ship/${unshipped}`, { method: 'POST', headers: { 'content-type': 'text/plain' }, body: '{}' });
      expectClientError(plain, 415, 'UNSUPPORTED_MEDIA_TYPE');
      expect((await ship(unshipped)).response.status).toBe(200);
    });

    it('no key is 401 on every endpoint of the flow', async () => {
      expectClientError(await api(`/ship/${rateResponseId}`, { key: null, method: 'POST', headers: JSON_TYPE, body: '{}' }), 401, 'UNAUTHORIZED');
      expectClientError(await api(`/labels/${shipment.orderId}`, { key: null }), 401, 'UNAUTHORIZED');
      expectClientError(await api(`/labels/${shipment.orderId}/SHIPPING_LABEL_PDF`, { key: null }), 401, 'UNAUTHORIZED');
    });

    it('an unknown rate response is 404, and the runtime still serves the flow afterwards', async () => {
      expectTypedError(await ship(randomUUID()), 404, 'NOT_FOUND');
      expectClientError(await api(`/labels/${randomUUID()}`), 404, 'NOT_FOUND');
      expect((await labels(shipment.orderId)).response.status).toBe(200);
      expect((await labelFile(shipment.orderId, 'SHIPPING_LABEL_PDF')).response.status).toBe(302);
    });
  });
});

describe('every kind of document', () => {
  /** Ships the first `carrier` rate of `body` and downloads every listed label type through its 302. */
  const shipAndDownload = async (body: RateRequest, carrier: string, shipBody: ShipRequest = {}) => {
    const chosen = (await rate(undefined, body)).find((r) => r.carrier.code === carrier)!;
    expect(chosen).toBeDefined();
    const shipped = await ship(chosen.rateResponseId, { body: shipBody });
    expect(shipped.response.status).toBe(200);
    const shipment = shipped.data!.data;
    const files = new Map<string, Buffer>();
    for (const entry of shipment.labels.available) {
      const redirect = await labelFile(shipment.orderId, entry.code);
      expect({ code: entry.code, status: redirect.response.status }).toEqual({ code: entry.code, status: 302 });
      const file = await fetch(redirect.response.headers.get('location')!);
      expect({ code: entry.code, status: file.status, type: file.headers.get('content-type') }).toEqual({
        code: entry.code,
        status: 200,
        type: entry.contentType,
      });
      files.set(entry.code, Buffer.from(await file.arrayBuffer()));
    }
    for (const entry of shipment.labels.available.filter((l) => l.format === 'PDF')) {
      expect((await PDFDocument.load(new Uint8Array(files.get(entry.code)!))).getPageCount()).toBeGreaterThan(0);
    }
    return { shipment, files };
  };

  it('freight with a return label: bill of lading and return label download as PDFs; labelFormat ZPL lists the ZPL first; "pdf" is ambiguous', async () => {
    const body = rateBody();
    body.shippingOptions.createReturnLabel = true;
    const { shipment, files } = await shipAndDownload(body, 'CARRIERF', { labelFormat: 'ZPL' });
    expect(shipment.labels.available.map((l) => l.code)).toEqual(['SHIPPING_LABEL_ZPL', 'SHIPPING_LABEL_PDF', 'RETURN_LABEL', 'BILL_OF_LADING']);
    expect((await PDFDocument.load(new Uint8Array(files.get('SHIPPING_LABEL_PDF')!))).getPageCount()).toBe(PACKAGES);
    expect(files.get('SHIPPING_LABEL_ZPL')!.toString('latin1').match(/\^XA/g)).toHaveLength(PACKAGES);
    const ambiguous = await labelFile(shipment.orderId, 'pdf');
    expect(ambiguous.response.status).toBe(200);
    expect(ambiguous.data!.data).toEqual({ orderId: shipment.orderId, available: shipment.labels.available, mode: 'live' });
  });

  it('international goods: a commercial invoice PDF', async () => {
    const body: RateRequest = {
      ...sampleRateBody(),
      recipient: { personName: 'Pat Buyer', addressLine1: '350 5th Ave', city: 'New York', provinceCode: 'NY', postalCode: '10118', countryCode: 'US' },
      commercialInvoice: {
        currency: 'CAD',
        unitOfMeasure: 'metric',
        customsValue: 120,
        invoiceItems: [{ description: 'Wool scarf', quantity: 2, value: 60, weight: 0.5, hsCode: '6117.10', countryOfManufacture: 'CA' }],
      },
      internationalOptions: { billDutyTo: 'recipient' },
    };
    const { shipment } = await shipAndDownload(body, 'CARRIERY');
    expect(shipment.labels.available.map((l) => l.code)).toEqual(['SHIPPING_LABEL_PDF', 'SHIPPING_LABEL_ZPL', 'COMMERCIAL_INVOICE']);
  });

  it('10 concurrent first requests for one label all answer 302 and download the same PDF', async () => {
    const shipped = await ship(await freshRateId());
    const { orderId } = shipped.data!.data;
    const redirects = await Promise.all(Array.from({ length: 10 }, () => labelFile(orderId, 'SHIPPING_LABEL_PDF')));
    expect(redirects.map((r) => r.response.status)).toEqual(Array(10).fill(302));
    const files = await Promise.all(redirects.map(async (r) => Buffer.from(await (await fetch(r.response.headers.get('location')!)).arrayBuffer())));
    expect(files.every((f) => f.equals(files[0]!))).toBe(true);
    expect((await PDFDocument.load(new Uint8Array(files[0]!))).getPageCount()).toBe(PACKAGES);
  });
});

describe('parallel ships of one rate response', () => {
  it('10 at once create one order: every 200 has the same orderId, the others are 409 SHIPMENT_IN_PROGRESS with Retry-After', async () => {
    const rateResponseId = await freshRateId();
    const answers = await Promise.all(Array.from({ length: 10 }, () => ship(rateResponseId)));
    const statuses = answers.map((a) => a.response.status);
    expect(statuses.every((s) => s === 200 || s === 409)).toBe(true);
    const ok = answers.filter((a) => a.response.status === 200);
    expect(ok.length).toBeGreaterThanOrEqual(1);
    const orderIds = new Set(ok.map((a) => a.data!.data.orderId));
    expect(orderIds.size).toBe(1);
    expect(ok.filter((a) => a.response.headers.get('idempotent-replayed') !== 'true')).toHaveLength(1);
    for (const busy of answers.filter((a) => a.response.status === 409)) {
      expectTypedError(busy, 409, 'SHIPMENT_IN_PROGRESS');
      expect(Number(busy.response.headers.get('retry-after'))).toBeGreaterThan(0);
    }

    const [orderId] = [...orderIds];
    const after = await ship(rateResponseId);
    expect(after.response.status).toBe(200);
    expect(after.response.headers.get('idempotent-replayed')).toBe('true');
    expect(after.data!.data.orderId).toBe(orderId);
    expect((await labels(orderId!)).response.status).toBe(200);
  });
});

describe('the call order of spec part 1 through the typed client', () => {
  it('rate → ship → labels → label file → track → cancel, each answer as the document types it', async () => {
    const typed = client();
    const rated = await typed.POST('/v1/rate', { body: rateBody() });
    const chosen = rated.data!.data.rates.find((r) => r.carrier.code === 'CARRIERX')!;
    expect(chosen.rateResponseId).toMatch(UUID);

    const shipped = await typed.POST('/v1/ship/{rateResponseId}', {
      params: { path: { rateResponseId: chosen.rateResponseId } },
      body: { labelFormat: 'PDF' },
    });
    const { orderId, trackingNumber, status } = shipped.data!.data;
    expect(status).toBe('pending');

    const listed = await typed.GET('/v1/labels/{orderId}', { params: { path: { orderId } } });
    const [first] = listed.data!.data.available;
    expect(first?.code).toBe('SHIPPING_LABEL_PDF');
    const file = await typed.GET('/v1/labels/{orderId}/{labelType}', { params: { path: { orderId, labelType: first!.code } }, redirect: 'manual' });
    expect(file.response.status).toBe(302);
    const pdf = await fetch(file.response.headers.get('location')!);
    expect(pdf.headers.get('content-type')).toBe(first!.contentType);
    expect((await PDFDocument.load(new Uint8Array(await pdf.arrayBuffer()))).getPageCount()).toBe(PACKAGES);

    const tracked = await typed.GET('/v1/track/{orderId}', { params: { path: { orderId } } });
    expect(tracked.data!.data).toEqual(expect.objectContaining({ orderId, trackingNumber, transitStatus: 'pending', updated: expect.any(String) }));
    expect(tracked.data!.data.events.map((e) => e.code)).toContain('LABEL_CREATED');

    const cancelled = await typed.DELETE('/v1/shipments/{orderId}', { params: { path: { orderId } } });
    expect(cancelled.data!.data).toEqual({ orderId, status: 'cancelled', cancelledAt: expect.any(String), mode: 'live' });
    // Cancelling again answers the same; the labels are void; tracking says cancelled.
    const again = await typed.DELETE('/v1/shipments/{orderId}', { params: { path: { orderId } } });
    expect(again.data!.data).toEqual(cancelled.data!.data);
    expect((await typed.GET('/v1/labels/{orderId}', { params: { path: { orderId } } })).data!.data.available).toEqual([]);
    const voided = await typed.GET('/v1/labels/{orderId}/{labelType}', { params: { path: { orderId, labelType: first!.code } }, redirect: 'manual' });
    expect({ status: voided.response.status, available: voided.data?.data.available }).toEqual({ status: 200, available: [] });
    expect((await typed.GET('/v1/track/{orderId}', { params: { path: { orderId } } })).data!.data.transitStatus).toBe('cancelled');
  });

  it('refusals come back as the typed error body: scope, unknown order, another company', async () => {
    const rateOnly = await admin<{ apiKey: string }>('key', 'create', '--company', e2e.companyId, '--scopes', 'shipments:rate');
    const other = await companyWithKey();
    const shipped = await ship(await freshRateId());
    const orderId = shipped.data!.data.orderId;
    expectTypedError(await client(rateOnly.apiKey).GET('/v1/track/{orderId}', { params: { path: { orderId } } }), 403, 'FORBIDDEN');
    expectTypedError(await client(rateOnly.apiKey).DELETE('/v1/shipments/{orderId}', { params: { path: { orderId } } }), 403, 'FORBIDDEN');
    expectTypedError(await client().GET('/v1/track/{orderId}', { params: { path: { orderId: randomUUID() } } }), 404, 'NOT_FOUND');
    expectTypedError(await client(other.apiKey).DELETE('/v1/shipments/{orderId}', { params: { path: { orderId } } }), 403, 'FORBIDDEN');
    // The refused cancels left the order as it was.
    expect((await client().GET('/v1/track/{orderId}', { params: { path: { orderId } } })).data!.data.transitStatus).toBe('pending');
  });
});
