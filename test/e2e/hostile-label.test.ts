/**
 * A carrier's stored label image that once stalled `npm start` (issue 43):
 * the label file of a carrier Z order whose stored PNG claims 2³¹ - 1
 * pixels a side kept the runtime at 100 % CPU, and every other route
 * unanswered, for good. Now the image is refused before any decoder sees
 * it: the label answers with the service's page for that package, and a
 * route asked while the label is being made answers too.
 */
import { PDFDict, PDFDocument, PDFName } from '@cantoo/pdf-lib';
import { resolveAdminTarget, targetEnv } from '../../admin/target';
import { applyEnv } from '../../local/env';
import { readRuntimeFile } from '../../local/runtime-files';
import { api, e2e } from '../support/e2e';
import { HOSTILE_IMAGES } from '../support/hostile-documents';
import { sampleRateBody } from '../support/rate-body';

const JSON_TYPE = { 'content-type': 'application/json' };

/** A carrier Z order of two packages, shipped with the demo key. */
const carrierZOrder = async (): Promise<string> => {
  const body = sampleRateBody();
  body.packages.pieces = [{ ...body.packages.pieces[0], quantity: 2 }];
  const rated = await api('/rate', { method: 'POST', headers: JSON_TYPE, body: JSON.stringify(body) });
  const rate = (rated.json as { data: { rates: Array<{ rateResponseId: string; carrier: { code: string } }> } }).data.rates.find(
    (r) => r.carrier.code === 'CARRIERZ',
  )!;
  const shipped = await api(`/ship/${rate.rateResponseId}`, { method: 'POST', headers: JSON_TYPE, body: '{}' });
  expect(shipped.status).toBe(200);
  return (shipped.json as { data: { orderId: string } }).data.orderId;
};

/** Writes `bytes` over the runtime's stored carrier label of the order's first package. */
const replaceFirstLabelImage = async (orderId: string, bytes: Buffer) => {
  applyEnv(targetEnv(resolveAdminTarget({ ...process.env, DATA_DIR: e2e.dataDir })));
  const { PutObjectCommand, s3 } = await import('../../shared/aws/s3');
  const { bucketName } = readRuntimeFile(e2e.dataDir)!;
  await s3.send(new PutObjectCommand({ Bucket: bucketName, Key: `labels/${e2e.companyId}/${orderId}/carrier/label-1.png`, Body: bytes }));
};

it("a stored image claiming 2147483647 × 2147483647 pixels: the label answers with the service's page for that package, and the runtime answers another route meanwhile", async () => {
  const orderId = await carrierZOrder();
  await replaceFirstLabelImage(orderId, HOSTILE_IMAGES.huge68());

  const label = api(`/labels/${orderId}/SHIPPING_LABEL_PDF`);
  // Asked while the label's request is on its way: a runtime busy for ever with the label would never answer it.
  expect((await api('/carriers')).status).toBe(200);
  const file = await label;
  expect(file.status).toBe(302);

  const pdf = await PDFDocument.load(new Uint8Array(await (await fetch(file.headers.get('location')!)).arrayBuffer()));
  const kinds = pdf
    .getPages()
    .map((page) => (page.node.Resources()?.lookupMaybe(PDFName.of('XObject'), PDFDict)?.keys().length === 1 ? 'carrier image' : 'service page'));
  expect(kinds).toEqual(['service page', 'carrier image']);
}, 60_000);
