/**
 * GET /v1/labels/{orderId} and /v1/labels/{orderId}/{labelType} against
 * DynamoDB Local and the S3 emulator: the 302 Location downloads the real
 * file (PDF with one page per package, ZPL with one block per package), a
 * second request does not render again, concurrent first requests across
 * separate handler instances render once, what the URL signs, and tenant
 * isolation; a carrier's stored label image that no decoder may see gives
 * its package the service's page, a warning and a metric.
 */
import { PDFDict, PDFDocument, PDFName } from '@cantoo/pdf-lib';
import type { APIGatewayProxyEvent } from 'aws-lambda';
import { createLabelFileHandler } from '../../functions/label-file/handler';
import { handler as labelsHandler } from '../../functions/labels/handler';
import { createRateHandler } from '../../functions/rate/handler';
import { createShipHandler } from '../../functions/ship/handler';
import { createCarrierRegistry } from '../../shared/carriers/registry';
import { createSandboxTransports } from '../../shared/carriers/sandbox/network';
import { renderDocument } from '../../shared/labels/render';
import { createLabelService } from '../../shared/services/labels';
import { createApiKey } from '../../shared/store/api-keys';
import { DeleteObjectCommand, GetObjectCommand, PutObjectCommand, s3 } from '../../shared/aws/s3';
import { claimRender, markRendered } from '../../shared/store/label-files';
import { ConditionFailed } from '../../shared/store/table-ops';
import { HOSTILE_IMAGES, type HostileImage } from '../support/hostile-documents';
import { sampleRateBody } from '../support/rate-body';
import { callHandler, proxyEvent, type Handler } from '../support/lambda';
import { useFreshStack } from '../support/stack';

const stack = useFreshStack();

const event = (method: string, path: string, key: string, pathParameters: Record<string, string>, body?: unknown) =>
  proxyEvent({ method, path, key, pathParameters, body });
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- response shapes vary by endpoint; each test reads what it asserts
const call = (handler: Handler, e: APIGatewayProxyEvent) => callHandler<{ data?: any; error?: { code: string } } | undefined>(handler, e);

const registry = createCarrierRegistry(createSandboxTransports({}));
const rateHandler = createRateHandler(registry);
const shipHandler = createShipHandler(registry);
let renders = 0;
/** A label-file function as one container would have it, counting what it renders. */
const labelFile = () =>
  createLabelFileHandler(async (code, document) => {
    renders += 1;
    return renderDocument(code, document);
  });

let apiKey: string;
let otherKey: string;
let companyId: string;
beforeAll(async () => {
  ({
    apiKey,
    company: { companyId },
  } = await stack.createCompanyWithKey({ pricingGroupId: 'default' }));
  ({ apiKey: otherKey } = await stack.createCompanyWithKey({ pricingGroupId: 'default' }));
});

/** Rates `body` and ships the first CARRIERX rate: the order. */
const order = async (body = sampleRateBody()) => {
  const rated = await call(rateHandler, event('POST', '/v1/rate', apiKey, {}, body));
  const rate = (rated.json!.data.rates as Array<{ rateResponseId: string; carrier: { code: string } }>).find((r) => r.carrier.code === 'CARRIERX')!;
  const shipped = await call(shipHandler, event('POST', `/v1/ship/${rate.rateResponseId}`, apiKey, { rateResponseId: rate.rateResponseId }, {}));
  expect(shipped.status).toBe(200);
  return shipped.json!.data as { orderId: string; trackingNumber: string; pieces: Array<{ trackingNumber: string }> };
};

const getFile = (handler: Handler, orderId: string, labelType: string, key = apiKey) =>
  call(handler, event('GET', `/v1/labels/${orderId}/${labelType}`, key, { orderId, labelType }));

describe('label endpoints', () => {
  it('lists the types; the PDF and ZPL labels download through the 302, one page or block per package', async () => {
    const body = sampleRateBody();
    body.packages.pieces = [{ ...body.packages.pieces[0], quantity: 3 }];
    const shipped = await order(body);
    const list = await call(labelsHandler, event('GET', `/v1/labels/${shipped.orderId}`, apiKey, { orderId: shipped.orderId }));
    expect(list.status).toBe(200);
    expect(list.json!.data.orderId).toBe(shipped.orderId);
    expect(list.json!.data.available.map((l: { code: string }) => l.code)).toEqual(expect.arrayContaining(['SHIPPING_LABEL_PDF', 'SHIPPING_LABEL_ZPL']));

    const handler = labelFile();
    const pdf = await getFile(handler, shipped.orderId, 'SHIPPING_LABEL_PDF');
    expect(pdf.status).toBe(302);
    const location = new URL(pdf.headers.location as string);
    // What the URL signs: the bucket, the key of this company, order and type, and a short expiry.
    expect(location.pathname).toBe(`/${stack.bucketName}/labels/${companyId}/${shipped.orderId}/SHIPPING_LABEL_PDF.pdf`);
    expect(location.searchParams.get('X-Amz-Expires')).toBe('900');
    expect(location.searchParams.get('X-Amz-Signature')).toMatch(/^[0-9a-f]{64}$/);
    const file = await fetch(location);
    expect(file.status).toBe(200);
    const document = await PDFDocument.load(new Uint8Array(await file.arrayBuffer()));
    expect(document.getPageCount()).toBe(3);

    const zpl = await getFile(handler, shipped.orderId, 'zpl');
    expect(zpl.status).toBe(302);
    const text = await (await fetch(zpl.headers.location as string)).text();
    expect(text.match(/\^XA/g)).toHaveLength(3);
    expect(text.match(/\^XZ/g)).toHaveLength(3);
    for (const piece of shipped.pieces) expect(text).toContain(piece.trackingNumber);
  });

  it('a second request does not render again; concurrent first requests across instances render once', async () => {
    const shipped = await order();
    renders = 0;
    const results = await Promise.all(Array.from({ length: 6 }, () => getFile(labelFile(), shipped.orderId, 'SHIPPING_LABEL_PDF')));
    expect(results.every((r) => r.status === 302)).toBe(true);
    expect(renders).toBe(1);
    const again = await getFile(labelFile(), shipped.orderId, 'SHIPPING_LABEL_PDF');
    expect(again.status).toBe(302);
    expect(renders).toBe(1);
    // Signed now, every time: the API's own label URL never goes stale.
    const signedAt = new URL(again.headers.location as string).searchParams.get('X-Amz-Date')!;
    const iso = signedAt.replace(/^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/, '$1-$2-$3T$4:$5:$6Z');
    expect(Math.abs(Date.parse(iso) - Date.now())).toBeLessThan(60_000);
  });

  it('a stored marker is claimed again only by naming its token: a request that looked at the bucket before the file landed cannot render it twice', async () => {
    const shipped = await order();
    const ago = new Date(Date.now() - 60_000).toISOString();
    await claimRender(shipped.orderId, 'SHIPPING_LABEL_PDF', 'first', new Date().toISOString(), ago);
    await markRendered(shipped.orderId, 'SHIPPING_LABEL_PDF', 'first');
    await expect(claimRender(shipped.orderId, 'SHIPPING_LABEL_PDF', 'late', new Date().toISOString(), ago)).rejects.toBeInstanceOf(ConditionFailed);
    await expect(claimRender(shipped.orderId, 'SHIPPING_LABEL_PDF', 'late', new Date().toISOString(), ago, 'other')).rejects.toBeInstanceOf(ConditionFailed);
    await expect(claimRender(shipped.orderId, 'SHIPPING_LABEL_PDF', 'gone', new Date().toISOString(), ago, 'first')).resolves.toBeUndefined();
    await expect(claimRender(shipped.orderId, 'SHIPPING_LABEL_PDF', 'again', new Date().toISOString(), ago, 'first')).rejects.toBeInstanceOf(ConditionFailed);
  });

  it('a stored file that has gone from the bucket is rendered again', async () => {
    const shipped = await order();
    renders = 0;
    const first = await getFile(labelFile(), shipped.orderId, 'SHIPPING_LABEL_ZPL');
    expect(first.status).toBe(302);
    await s3.send(new DeleteObjectCommand({ Bucket: stack.bucketName, Key: `labels/${companyId}/${shipped.orderId}/SHIPPING_LABEL_ZPL.zpl` }));
    const again = await getFile(labelFile(), shipped.orderId, 'SHIPPING_LABEL_ZPL');
    expect(again.status).toBe(302);
    expect(renders).toBe(2);
    expect((await fetch(again.headers.location as string)).status).toBe(200);
  });

  it('an unknown, ambiguous or hostile type answers 200 with the list; nothing reaches another object', async () => {
    const shipped = await order();
    renders = 0;
    // A domestic shipment has no commercial invoice; `pdf` alone would name its one PDF type.
    for (const type of ['NOPE', '..%2F..%2Fx', '../../etc/passwd', 'COMMERCIAL_INVOICE', 'x'.repeat(2000)]) {
      const res = await getFile(labelFile(), shipped.orderId, type);
      expect(res.status).toBe(200);
      expect(res.json!.data.orderId).toBe(shipped.orderId);
    }
    expect(renders).toBe(0);
  });

  it("another company's order is 403, an unknown one 404, a malformed id 400, on both endpoints", async () => {
    const shipped = await order();
    const list = (orderId: string, key: string) => call(labelsHandler, event('GET', `/v1/labels/${orderId}`, key, { orderId }));
    expect((await list(shipped.orderId, otherKey)).status).toBe(403);
    expect((await getFile(labelFile(), shipped.orderId, 'SHIPPING_LABEL_PDF', otherKey)).status).toBe(403);
    const unknown = '00000000-0000-4000-8000-000000000000';
    expect((await list(unknown, apiKey)).status).toBe(404);
    expect((await getFile(labelFile(), unknown, 'SHIPPING_LABEL_PDF')).status).toBe(404);
    for (const bad of ['nope', '../x', 'x'.repeat(300)]) {
      expect((await list(bad, apiKey)).status).toBe(400);
      expect((await getFile(labelFile(), bad, 'SHIPPING_LABEL_PDF')).status).toBe(400);
    }
  });

  it('a key with only shipments:labels may read labels; one with only shipments:rate may not', async () => {
    const shipped = await order();
    const { apiKey: readerKey } = await createApiKey({ companyId, scopes: ['shipments:labels'] });
    const { apiKey: raterKey } = await createApiKey({ companyId, scopes: ['shipments:rate'] });
    expect((await getFile(labelFile(), shipped.orderId, 'SHIPPING_LABEL_ZPL', readerKey)).status).toBe(302);
    expect((await getFile(labelFile(), shipped.orderId, 'SHIPPING_LABEL_ZPL', raterKey)).status).toBe(403);
  });
});

describe("a carrier's own documents (the sandbox's carrier Z issues ZPL and PNG labels)", () => {
  const shipWith = async (carrierCode: string, body = sampleRateBody()) => {
    const rated = await call(rateHandler, event('POST', '/v1/rate', apiKey, {}, body));
    const rate = (rated.json!.data.rates as Array<{ rateResponseId: string; carrier: { code: string } }>).find((r) => r.carrier.code === carrierCode)!;
    const shipped = await call(shipHandler, event('POST', `/v1/ship/${rate.rateResponseId}`, apiKey, { rateResponseId: rate.rateResponseId }, {}));
    expect(shipped.status).toBe(200);
    return shipped.json!.data as { orderId: string; trackingNumber: string; pieces: Array<{ trackingNumber: string }> };
  };

  it('are kept at ship and served: the ZPL is the carrier’s, the PDF its images on 4×6 pages, the return label its image', async () => {
    const body = sampleRateBody();
    body.packages.pieces = [{ ...body.packages.pieces[0], quantity: 2 }];
    body.shippingOptions = { ...body.shippingOptions, createReturnLabel: true };
    const shipped = await shipWith('CARRIERZ', body);
    // Stored before the order was written, under the order's prefix.
    const stored = await s3.send(new GetObjectCommand({ Bucket: stack.bucketName, Key: `labels/${companyId}/${shipped.orderId}/carrier/label-2.png` }));
    expect(stored.ContentType).toBe('image/png');

    const handler = labelFile();
    renders = 0;
    const zpl = await (await fetch((await getFile(handler, shipped.orderId, 'SHIPPING_LABEL_ZPL')).headers.location as string)).text();
    // Carrier Z's own format (a title and ^BC), one per package in order; not the service's drawing.
    expect(zpl.match(/\^XA/g)).toHaveLength(2);
    expect(zpl).toContain('^FDCARRIERZ^FS');
    expect(zpl.indexOf(shipped.pieces[0]!.trackingNumber)).toBeLessThan(zpl.indexOf(shipped.pieces[1]!.trackingNumber));
    expect(zpl).not.toContain('^CI28');

    const pdf = await PDFDocument.load(
      new Uint8Array(await (await fetch((await getFile(handler, shipped.orderId, 'SHIPPING_LABEL_PDF')).headers.location as string)).arrayBuffer()),
    );
    expect(pdf.getPageCount()).toBe(2);
    expect(pdf.getPages().map((p) => [p.getWidth(), p.getHeight()])).toEqual([
      [288, 432],
      [288, 432],
    ]);
    const returnLabel = await getFile(handler, shipped.orderId, 'RETURN_LABEL');
    expect(returnLabel.status).toBe(302);
    expect((await PDFDocument.load(new Uint8Array(await (await fetch(returnLabel.headers.location as string)).arrayBuffer()))).getPageCount()).toBe(1);
    expect(renders).toBe(3);
  });

  it('a carrier that issues none has nothing stored beside its order', async () => {
    const shipped = await shipWith('CARRIERX');
    await expect(
      s3.send(new GetObjectCommand({ Bucket: stack.bucketName, Key: `labels/${companyId}/${shipped.orderId}/carrier/label-1.png` })),
    ).rejects.toMatchObject({
      name: 'NoSuchKey',
    });
  });

  describe("a stored label image no decoder may see (issue 43): its package gets the service's page, the others the carrier's", () => {
    /** What each page of the PDF is: the carrier's image (an image XObject, no text) or not. */
    const kinds = (pdf: PDFDocument) =>
      pdf
        .getPages()
        .map((page) => (page.node.Resources()?.lookupMaybe(PDFName.of('XObject'), PDFDict)?.keys().length === 1 ? 'carrier image' : 'service page'));

    /** A carrier Z order of three packages whose second stored label image is `image`. */
    const hostileOrder = async (image: Buffer) => {
      const body = sampleRateBody();
      body.packages.pieces = [{ ...body.packages.pieces[0], quantity: 3 }];
      const shipped = await shipWith('CARRIERZ', body);
      await s3.send(new PutObjectCommand({ Bucket: stack.bucketName, Key: `labels/${companyId}/${shipped.orderId}/carrier/label-2.png`, Body: image }));
      return shipped;
    };

    it.each(Object.keys(HOSTILE_IMAGES) as HostileImage[])('%s: 302 to the file', async (name) => {
      const shipped = await hostileOrder(HOSTILE_IMAGES[name]());
      const answer = await getFile(labelFile(), shipped.orderId, 'SHIPPING_LABEL_PDF');
      expect(answer.status).toBe(302);
      const pdf = await PDFDocument.load(new Uint8Array(await (await fetch(answer.headers.location as string)).arrayBuffer()));
      expect(kinds(pdf)).toEqual(['carrier image', 'service page', 'carrier image']);
    });

    it('a warning names the order, the document and why; the metric CarrierDocumentsRefused counts it for the carrier', async () => {
      const shipped = await hostileOrder(HOSTILE_IMAGES.notPng());
      const warnings: unknown[][] = [];
      const capture = { info: () => undefined, warn: (...args: unknown[]) => warnings.push(args), error: () => undefined };
      const service = createLabelService({ render: renderDocument, logger: capture });
      const written: string[] = [];
      const stdout = jest.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => (written.push(String(chunk)), true));
      process.env.POWERTOOLS_METRICS_DISABLED = 'false';
      try {
        expect((await service.labelFile(companyId, shipped.orderId, 'SHIPPING_LABEL_PDF', 'live')).kind).toBe('redirect');
      } finally {
        process.env.POWERTOOLS_METRICS_DISABLED = 'true';
        stdout.mockRestore();
      }
      expect(warnings).toEqual([
        [
          "carrier document refused: its page is the service's own",
          {
            orderId: shipped.orderId,
            labelType: 'SHIPPING_LABEL_PDF',
            carrier: 'CARRIERZ',
            document: { type: 'label', format: 'PNG', packageIndex: 1 },
            reason: 'not a PNG',
          },
        ],
      ]);
      const metrics = written.filter((line) => line.includes('CarrierDocumentsRefused')).map((line) => JSON.parse(line) as Record<string, unknown>);
      expect(metrics).toEqual([expect.objectContaining({ service: 'shipping-api', carrier: 'CARRIERZ', CarrierDocumentsRefused: 1 })]);
    });
  });
});
