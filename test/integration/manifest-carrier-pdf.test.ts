/**
 * A close whose carrier hands back its own manifest PDFs, against DynamoDB
 * Local and s3rver (issue 43; docs/manifests.md): they are stored joined as
 * the manifest's PDF; one the label bounds refuse leaves the close with its
 * own PDF instead, a warning naming the manifest, the document and why, and
 * the metric CarrierDocumentsRefused.
 */
import type { APIGatewayProxyEvent } from 'aws-lambda';
import { createManifestsCreateHandler } from '../../functions/manifests-create/handler';
import { handler as manifestFileHandler } from '../../functions/manifest-file/handler';
import { manifestPdf } from '../../local/canada-post/documents';
import { HOSTILE_PDFS } from '../support/hostile-documents';
import { callHandler, proxyEvent, type Handler } from '../support/lambda';
import { shippingDateIn } from '../support/rate-body';
import { sandboxOnClock } from '../support/sandbox-clock';
import { useFreshStack } from '../support/stack';
import { readPdf } from '../unit/labels/inspect';

// The first close of the file loads the PDF renderer: seconds on a busy machine.
jest.setTimeout(60_000);

const stack = useFreshStack();
const { shipOrder } = sandboxOnClock();

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- each test reads what it asserts
type Json = { data?: any; error?: { code: string; message: string } } | undefined;
const call = (handler: Handler, event: APIGatewayProxyEvent) => callHandler<Json>(handler, event);

/** A close of CARRIERX whose carrier transmits and answers these manifest PDFs; the warnings it logs. */
const closing = (pdfs: Buffer[]) => {
  const warnings: unknown[][] = [];
  const logger = { info: () => undefined, warn: (...args: unknown[]) => warnings.push(args), error: () => undefined };
  const handler = createManifestsCreateHandler({
    logger,
    closeOutOf: () => ({
      close: async () => ({ carrierManifestIds: ['CX-1'], documents: pdfs.map((content) => ({ type: 'manifest' as const, format: 'PDF' as const, content })) }),
      find: async () => undefined,
    }),
  });
  const close = (key: string) =>
    call(handler, proxyEvent({ method: 'POST', path: '/v1/manifests', key, body: { carrierCode: 'CARRIERX', shipDate: shippingDateIn(1) } }));
  return { close, warnings };
};

/** The manifest's PDF through its 302. */
const storedPdf = async (key: string, manifestId: string): Promise<Buffer> => {
  const answer = await call(
    manifestFileHandler,
    proxyEvent({ method: 'GET', path: `/v1/manifests/${manifestId}/MANIFEST_PDF`, key, pathParameters: { manifestId, documentCode: 'MANIFEST_PDF' } }),
  );
  expect(answer.status).toBe(302);
  return Buffer.from(await (await fetch(answer.headers.location as string)).arrayBuffer());
};

const newCompanyWithOrder = async () => {
  const { apiKey } = await stack.createCompanyWithKey({ pricingGroupId: 'default' });
  return { key: apiKey, orderId: (await shipOrder(apiKey)).orderId };
};

it("stores the carrier's manifests joined, its own document", async () => {
  const { key } = await newCompanyWithOrder();
  const { close, warnings } = closing([manifestPdf('P1', '2026-11-27', ['1']), manifestPdf('P2', '2026-11-27', ['2'])]);
  const closed = await close(key);
  expect(closed.status).toBe(201);
  expect(closed.json!.data.documents).toEqual([expect.objectContaining({ code: 'MANIFEST_PDF', source: 'carrier' })]);
  const pdf = await storedPdf(key, closed.json!.data.manifestId);
  expect([...pdf.toString('latin1').matchAll(/\(PO number (P\d)/g)].map((m) => m[1])).toEqual(['P1', 'P2']);
  expect(warnings).toEqual([]);
});

it.each([
  [
    'one of them refused',
    [manifestPdf('P1', '2026-11-27', ['1']), HOSTILE_PDFS.digitsBetweenObjects()],
    1,
    'something between the objects of a PDF that is not an object, at byte 196',
  ],
  ['its one PDF refused', [HOSTILE_PDFS.objectStreamBomb()], 0, `a PDF whose object and cross-reference streams inflate to more than ${4 * 1024 * 1024} bytes`],
])("%s: the manifest's PDF is ours, and a warning and the metric say so", async (_, pdfs, index, reason) => {
  const { key, orderId } = await newCompanyWithOrder();
  const { close, warnings } = closing(pdfs);
  const written: string[] = [];
  const stdout = jest.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => (written.push(String(chunk)), true));
  process.env.POWERTOOLS_METRICS_DISABLED = 'false';
  let closed: Awaited<ReturnType<typeof close>>;
  try {
    closed = await close(key);
  } finally {
    process.env.POWERTOOLS_METRICS_DISABLED = 'true';
    stdout.mockRestore();
  }
  expect(closed.status).toBe(201);
  const manifestId = closed.json!.data.manifestId as string;
  expect(closed.json!.data).toMatchObject({ status: 'closed', orders: [orderId], carrierManifestIds: ['CX-1'] });
  expect(closed.json!.data.documents).toEqual([expect.objectContaining({ code: 'MANIFEST_PDF', source: 'rendered' })]);
  expect((await readPdf(await storedPdf(key, manifestId))).pages[0]!.text.join(' ')).toContain(`Manifest: ${manifestId}`);
  expect(warnings).toEqual([
    [
      "carrier document refused: its page is the service's own",
      { manifestId, carrier: 'CARRIERX', document: { type: 'manifest', format: 'PDF', index }, reason },
    ],
  ]);
  const metrics = written.filter((line) => line.includes('CarrierDocumentsRefused')).map((line) => JSON.parse(line) as Record<string, unknown>);
  expect(metrics).toEqual([expect.objectContaining({ service: 'shipping-api', carrier: 'CARRIERX', CarrierDocumentsRefused: 1 })]);
});
