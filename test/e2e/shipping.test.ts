/**
 * Rate → ship → labels over HTTP against the `npm start` runtime, as a new
 * integrator would try it (issue 9, "Done when"): the 302 of each label type
 * leads to a real file, a repeat ship answers the same order, parallel ships
 * of one rate response make one order, another company sees nothing, and no
 * bad input answers 5xx.
 */
import { randomUUID } from 'node:crypto';
import { PDFDocument } from '@cantoo/pdf-lib';
import { admin, api, companyWithKey, e2e, expectErrorBody, type ApiResponse } from '../support/e2e';
import { sampleRateBody } from '../support/rate-body';

type LabelEntry = { code: string; name: string; format: 'PDF' | 'ZPL'; contentType: string };
type Shipment = {
  orderId: string;
  rateResponseId: string;
  trackingNumber: string;
  status: string;
  carrier: { code: string };
  service: { code: string };
  metadata: { trackingUrl: string };
  labels: { available: LabelEntry[] };
  pieces: Array<{ trackingNumber: string }>;
};
type LabelList = { orderId: string; available: LabelEntry[] };
type Rate = { rateResponseId: string; carrier: { code: string }; service: { code: string } };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const JSON_TYPE = { 'content-type': 'application/json' };
const PACKAGES = 4;

/** The sample body with two pieces of quantity 2: four packages. */
const rateBody = () => {
  const body = sampleRateBody();
  const [piece] = body.packages.pieces;
  body.packages.pieces = [
    { ...piece, quantity: 2 },
    { ...piece, quantity: 2, weight: 1.2, length: 25, width: 15, height: 10 },
  ];
  return body;
};

/** Fresh rate responses of the demo company (or `key`'s). */
const rate = async (key?: string): Promise<Rate[]> => {
  const response = await api('/rate', { method: 'POST', key, headers: JSON_TYPE, body: JSON.stringify(rateBody()) });
  expect(response.status).toBe(200);
  const rates = (response.json as { data: { rates: Rate[] } }).data.rates;
  expect(rates.length).toBeGreaterThan(0);
  return rates;
};

/** A fresh CARRIERX rate response id. */
const freshRateId = async (key?: string) => {
  const rates = await rate(key);
  const chosen = rates.find((r) => r.carrier.code === 'CARRIERX') ?? rates[0]!;
  return chosen.rateResponseId;
};

const ship = (rateResponseId: string, options: { key?: string; body?: string } = {}) =>
  api(`/ship/${rateResponseId}`, { method: 'POST', key: options.key, headers: JSON_TYPE, body: options.body ?? '{}' });

const dataOf = <T>(response: ApiResponse) => (response.json as { data: T }).data;

/** Never a 5xx, and an error answer has the error body. */
const expectClientError = (response: ApiResponse, status: number, code: string) => {
  expect(response.status).toBeLessThan(500);
  expectErrorBody(response, status, code);
};

describe('rate → ship → labels over HTTP', () => {
  let rateResponseId: string;
  let first: ApiResponse;
  let shipment: Shipment;

  beforeAll(async () => {
    rateResponseId = await freshRateId();
    first = await ship(rateResponseId);
    shipment = dataOf<Shipment>(first);
  });

  it('ship answers the order: ids, tracking, carrier, service, one tracking number per package, both shipping labels', () => {
    expect(first.status).toBe(200);
    expect(first.headers.get('idempotent-replayed')).toBeNull();
    expect(shipment.orderId).toMatch(UUID);
    expect(shipment.rateResponseId).toBe(rateResponseId);
    expect(shipment.trackingNumber).toEqual(expect.any(String));
    expect(shipment.status).toEqual(expect.any(String));
    expect(shipment.carrier.code).toBe('CARRIERX');
    expect(shipment.service.code).toEqual(expect.any(String));
    expect(shipment.metadata.trackingUrl).toMatch(/^https?:\/\//);
    expect(shipment.pieces).toHaveLength(PACKAGES);
    expect(shipment.pieces[0]!.trackingNumber).toBe(shipment.trackingNumber);
    expect(new Set(shipment.pieces.map((p) => p.trackingNumber)).size).toBe(PACKAGES);
    expect(shipment.labels.available.map((l) => l.code)).toEqual(expect.arrayContaining(['SHIPPING_LABEL_PDF', 'SHIPPING_LABEL_ZPL']));
    for (const banned of ['"pk"', '"sk"', 'carrierAccount', 'credentials', 'companyId', '"claim"']) expect(first.text).not.toContain(banned);
  });

  it('GET /labels/{orderId} lists what ship announced', async () => {
    const response = await api(`/labels/${shipment.orderId}`);
    expect(response.status).toBe(200);
    expect(dataOf<LabelList>(response)).toEqual({ orderId: shipment.orderId, available: shipment.labels.available });
    for (const entry of dataOf<LabelList>(response).available) {
      expect(entry).toEqual({ code: expect.any(String), name: expect.any(String), format: expect.stringMatching(/^(PDF|ZPL)$/), contentType: expect.any(String) });
    }
  });

  it('every listed label type answers 302 to a presigned URL that downloads a real file', async () => {
    const files = new Map<string, Buffer>();
    for (const entry of shipment.labels.available) {
      const redirect = await api(`/labels/${shipment.orderId}/${entry.code}`);
      expect({ code: entry.code, status: redirect.status }).toEqual({ code: entry.code, status: 302 });
      expect(redirect.text).toBe('');
      const location = redirect.headers.get('location')!;
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
      const redirect = await api(`/labels/${shipment.orderId}/SHIPPING_LABEL_ZPL`);
      expect(redirect.status).toBe(302);
      return Buffer.from(await (await fetch(redirect.headers.get('location')!)).arrayBuffer());
    };
    expect((await download()).equals(await download())).toBe(true);
  });

  it('shipping the same rate again answers the same order with Idempotent-Replayed: true', async () => {
    const again = await ship(rateResponseId);
    expect(again.status).toBe(200);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    const replay = dataOf<Shipment>(again);
    expect({ orderId: replay.orderId, trackingNumber: replay.trackingNumber, pieces: replay.pieces }).toEqual({
      orderId: shipment.orderId,
      trackingNumber: shipment.trackingNumber,
      pieces: shipment.pieces,
    });
    // Without a body too (the body is optional).
    const bare = await api(`/ship/${rateResponseId}`, { method: 'POST' });
    expect(bare.status).toBe(200);
    expect(bare.headers.get('idempotent-replayed')).toBe('true');
    expect(dataOf<Shipment>(bare).orderId).toBe(shipment.orderId);
  });

  it('an unknown label type answers 200 with the list; a code in lower case or a format one type has is that type', async () => {
    for (const unknown of ['NOPE', 'COMMERCIAL_INVOICE', 'label', 'x'.repeat(300)]) {
      const response = await api(`/labels/${shipment.orderId}/${unknown}`);
      expect({ unknown: unknown.slice(0, 20), status: response.status }).toEqual({ unknown: unknown.slice(0, 20), status: 200 });
      expect(dataOf<LabelList>(response)).toEqual({ orderId: shipment.orderId, available: shipment.labels.available });
    }
    expect((await api(`/labels/${shipment.orderId}/shipping_label_pdf`)).status).toBe(302);
    expect((await api(`/labels/${shipment.orderId}/zpl`)).status).toBe(302);
  });

  describe('another company', () => {
    let other: { apiKey: string; companyId: string };
    beforeAll(async () => {
      other = await companyWithKey();
    });

    it('gets 404 on ship of a shipped or an unshipped rate response, and the unshipped one stays shippable by its owner', async () => {
      expectClientError(await ship(rateResponseId, { key: other.apiKey }), 404, 'NOT_FOUND');
      const unshipped = await freshRateId();
      expectClientError(await ship(unshipped, { key: other.apiKey }), 404, 'NOT_FOUND');
      const own = await ship(unshipped);
      expect(own.status).toBe(200);
      expect(own.headers.get('idempotent-replayed')).toBeNull();
    });

    it('gets 403 on both label endpoints, whatever the type; an unknown order is 404', async () => {
      expectClientError(await api(`/labels/${shipment.orderId}`, { key: other.apiKey }), 403, 'FORBIDDEN');
      for (const type of ['SHIPPING_LABEL_PDF', 'SHIPPING_LABEL_ZPL', 'NOPE']) {
        expectClientError(await api(`/labels/${shipment.orderId}/${type}`, { key: other.apiKey }), 403, 'FORBIDDEN');
      }
      const unknown = randomUUID();
      expectClientError(await api(`/labels/${unknown}`, { key: other.apiKey }), 404, 'NOT_FOUND');
      expectClientError(await api(`/labels/${unknown}/SHIPPING_LABEL_PDF`, { key: other.apiKey }), 404, 'NOT_FOUND');
    });
  });

  describe('scopes', () => {
    it('a key without shipments:create cannot ship (403); a key with only shipments:labels reads the labels', async () => {
      const labelsOnly = await admin<{ apiKey: string }>('key', 'create', '--company', e2e.companyId, '--scopes', 'shipments:labels');
      const rateOnly = await admin<{ apiKey: string }>('key', 'create', '--company', e2e.companyId, '--scopes', 'shipments:rate');

      const unshipped = await freshRateId();
      expectClientError(await ship(unshipped, { key: labelsOnly.apiKey }), 403, 'FORBIDDEN');
      expectClientError(await ship(unshipped, { key: rateOnly.apiKey }), 403, 'FORBIDDEN');
      expectClientError(await ship(rateResponseId, { key: rateOnly.apiKey }), 403, 'FORBIDDEN');

      const list = await api(`/labels/${shipment.orderId}`, { key: labelsOnly.apiKey });
      expect(list.status).toBe(200);
      expect(dataOf<LabelList>(list).orderId).toBe(shipment.orderId);
      const file = await api(`/labels/${shipment.orderId}/SHIPPING_LABEL_PDF`, { key: labelsOnly.apiKey });
      expect(file.status).toBe(302);
      expect((await fetch(file.headers.get('location')!)).status).toBe(200);

      expectClientError(await api(`/labels/${shipment.orderId}`, { key: rateOnly.apiKey }), 403, 'FORBIDDEN');
      expectClientError(await api(`/labels/${shipment.orderId}/SHIPPING_LABEL_PDF`, { key: rateOnly.apiKey }), 403, 'FORBIDDEN');
      // The refused ships left the rate response shippable.
      expect((await ship(unshipped)).status).toBe(200);
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
      const response = await ship(id);
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
      expectClientError(await ship('not-a-uuid'), 400, 'VALIDATION_FAILED');
      expectClientError(await ship(long), 400, 'VALIDATION_FAILED');
      expectClientError(await api('/labels/not-a-uuid'), 400, 'VALIDATION_FAILED');
      expectClientError(await api(`/labels/${long}`), 400, 'VALIDATION_FAILED');
      expectClientError(await api(`/labels/${long}/SHIPPING_LABEL_PDF`), 400, 'VALIDATION_FAILED');
    });

    it('a %2F..%2F label type never reaches another object: 200 with the list', async () => {
      for (const type of [`SHIPPING_LABEL_PDF%2F..%2F..%2F${randomUUID()}%2FSHIPPING_LABEL_PDF`, '..%2F..%2FSHIPPING_LABEL_ZPL', '%2F..%2F', 'SHIPPING_LABEL_PDF%00']) {
        const response = await api(`/labels/${shipment.orderId}/${type}`);
        expect({ type, status: response.status }).toEqual({ type, status: 200 });
        expect(dataOf<LabelList>(response)).toEqual({ orderId: shipment.orderId, available: shipment.labels.available });
      }
    });

    it.each(['[]', '"PDF"', '42', 'true', '[{"labelFormat":"PDF"}]', '{"labelFormat":"GIF"}', '{', '{"a":'])('ship body %s is 400', async (body) => {
      expectClientError(await ship(randomUUID(), { body }), 400, 'VALIDATION_FAILED');
    });

    it('a non-object body is refused before the rate response is touched: the rate stays shippable', async () => {
      const unshipped = await freshRateId();
      expectClientError(await ship(unshipped, { body: '[]' }), 400, 'VALIDATION_FAILED');
      expect((await ship(unshipped)).status).toBe(200);
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
      expect({ status: raw.status, code: (JSON.parse(text) as { error: { code: string } }).error.code }).toEqual({ status: 415, code: 'UNSUPPORTED_MEDIA_TYPE' });
      const plain = await api(`/ship/${unshipped}`, { method: 'POST', headers: { 'content-type': 'text/plain' }, body: '{}' });
      expectClientError(plain, 415, 'UNSUPPORTED_MEDIA_TYPE');
      expect((await ship(unshipped)).status).toBe(200);
    });

    it('no key is 401 on every endpoint of the flow', async () => {
      expectClientError(await api(`/ship/${rateResponseId}`, { key: null, method: 'POST', headers: JSON_TYPE, body: '{}' }), 401, 'UNAUTHORIZED');
      expectClientError(await api(`/labels/${shipment.orderId}`, { key: null }), 401, 'UNAUTHORIZED');
      expectClientError(await api(`/labels/${shipment.orderId}/SHIPPING_LABEL_PDF`, { key: null }), 401, 'UNAUTHORIZED');
    });

    it('an unknown rate response is 404, and the runtime still serves the flow afterwards', async () => {
      expectClientError(await ship(randomUUID()), 404, 'NOT_FOUND');
      expectClientError(await api(`/labels/${randomUUID()}`), 404, 'NOT_FOUND');
      expect((await api(`/labels/${shipment.orderId}`)).status).toBe(200);
      expect((await api(`/labels/${shipment.orderId}/SHIPPING_LABEL_PDF`)).status).toBe(302);
    });
  });
});

describe('every kind of document', () => {
  /** Ships the first `carrier` rate of `body` and downloads every listed label type through its 302. */
  const shipAndDownload = async (body: Record<string, unknown>, carrier: string, shipBody = '{}') => {
    const response = await api('/rate', { method: 'POST', headers: JSON_TYPE, body: JSON.stringify(body) });
    expect(response.status).toBe(200);
    const chosen = dataOf<{ rates: Rate[] }>(response).rates.find((r) => r.carrier.code === carrier)!;
    expect(chosen).toBeDefined();
    const shipped = await ship(chosen.rateResponseId, { body: shipBody });
    expect(shipped.status).toBe(200);
    const shipment = dataOf<Shipment>(shipped);
    const files = new Map<string, Buffer>();
    for (const entry of shipment.labels.available) {
      const redirect = await api(`/labels/${shipment.orderId}/${entry.code}`);
      expect({ code: entry.code, status: redirect.status }).toEqual({ code: entry.code, status: 302 });
      const file = await fetch(redirect.headers.get('location')!);
      expect({ code: entry.code, status: file.status, type: file.headers.get('content-type') }).toEqual({ code: entry.code, status: 200, type: entry.contentType });
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
    const { shipment, files } = await shipAndDownload(body, 'CARRIERF', '{"labelFormat":"ZPL"}');
    expect(shipment.labels.available.map((l) => l.code)).toEqual(['SHIPPING_LABEL_ZPL', 'SHIPPING_LABEL_PDF', 'RETURN_LABEL', 'BILL_OF_LADING']);
    expect((await PDFDocument.load(new Uint8Array(files.get('SHIPPING_LABEL_PDF')!))).getPageCount()).toBe(PACKAGES);
    expect(files.get('SHIPPING_LABEL_ZPL')!.toString('latin1').match(/\^XA/g)).toHaveLength(PACKAGES);
    const ambiguous = await api(`/labels/${shipment.orderId}/pdf`);
    expect(ambiguous.status).toBe(200);
    expect(dataOf<LabelList>(ambiguous)).toEqual({ orderId: shipment.orderId, available: shipment.labels.available });
  });

  it('international goods: a commercial invoice PDF', async () => {
    const body = {
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
    const { orderId } = dataOf<Shipment>(shipped);
    const redirects = await Promise.all(Array.from({ length: 10 }, () => api(`/labels/${orderId}/SHIPPING_LABEL_PDF`)));
    expect(redirects.map((r) => r.status)).toEqual(Array(10).fill(302));
    const files = await Promise.all(redirects.map(async (r) => Buffer.from(await (await fetch(r.headers.get('location')!)).arrayBuffer())));
    expect(files.every((f) => f.equals(files[0]!))).toBe(true);
    expect((await PDFDocument.load(new Uint8Array(files[0]!))).getPageCount()).toBe(PACKAGES);
  });
});

describe('parallel ships of one rate response', () => {
  it('10 at once create one order: every 200 has the same orderId, the others are 409 SHIPMENT_IN_PROGRESS with Retry-After', async () => {
    const rateResponseId = await freshRateId();
    const answers = await Promise.all(Array.from({ length: 10 }, () => ship(rateResponseId)));
    const statuses = answers.map((a) => a.status);
    expect(statuses.every((s) => s === 200 || s === 409)).toBe(true);
    const ok = answers.filter((a) => a.status === 200);
    expect(ok.length).toBeGreaterThanOrEqual(1);
    const orderIds = new Set(ok.map((a) => dataOf<Shipment>(a).orderId));
    expect(orderIds.size).toBe(1);
    expect(ok.filter((a) => a.headers.get('idempotent-replayed') !== 'true')).toHaveLength(1);
    for (const busy of answers.filter((a) => a.status === 409)) {
      expectErrorBody(busy, 409, 'SHIPMENT_IN_PROGRESS');
      expect(Number(busy.headers.get('retry-after'))).toBeGreaterThan(0);
    }

    const [orderId] = [...orderIds];
    const after = await ship(rateResponseId);
    expect(after.status).toBe(200);
    expect(after.headers.get('idempotent-replayed')).toBe('true');
    expect(dataOf<Shipment>(after).orderId).toBe(orderId);
    expect((await api(`/labels/${orderId}`)).status).toBe(200);
  });
});
