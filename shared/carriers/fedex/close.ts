/**
 * FedEx Ground End of Day Close (`PUT /ship/v1/endofday/`, `GCDR`) and its
 * reprint (`POST`, `RGCDR`): the day's close of a manifest of ours.
 *
 * - FedEx closes every open Ground shipment of the account shipped on or
 *   before the close date: the close is the account's, not one manifest's
 *   (docs/fedex.md). Express needs no close: FedEx answers a close with no
 *   Ground shipment with a warning and no document, and the manifest then
 *   gets our own sheet.
 * - FedEx's manifest report is text (base64 in `closeDocuments`). It is
 *   drawn as FedEx wrote it, line for line in Courier on letter pages, into
 *   the PDF stored as the manifest's `MANIFEST_PDF` (source `carrier`); a
 *   report longer than the pages a carrier PDF may have is left out, and the
 *   manifest gets our sheet. The text is scrubbed of what we sent FedEx.
 * - FedEx keys a close by account and date, never by our reference, so
 *   there is nothing to `find`. Closing again is safe (FedEx closes a
 *   shipment once): a close after one of unknown outcome (`mayExist`) that
 *   finds nothing left to close asks the reprint of the close date (`RGCDR`)
 *   for FedEx's report of the first.
 */
import * as z from '../../zod';
import { textReportPdf } from '../../labels/text-report';
import type { CarrierCloseOut, CloseOutInput } from '../../domain/carrier';
import type { FedexApi } from './api';
import { bodyOf, malformed } from './errors';

export const FEDEX_CLOSE_PATH = '/ship/v1/endofday/';

export const buildFedexGroundClose = (accountNumber: string, closeDate: string) => ({
  accountNumber: { value: accountNumber },
  closeReqType: 'GCDR' as const,
  groundServiceCategory: 'GROUND' as const,
  closeDate,
  closeDocumentSpecification: { closeDocumentTypes: ['MANIFEST' as const] },
});

export const buildFedexGroundReprint = (accountNumber: string, closeDate: string) => ({
  accountNumber: { value: accountNumber },
  closeReqType: 'RGCDR' as const,
  groundServiceCategory: 'GROUND' as const,
  reprintOption: 'BY_SHIP_DATE' as const,
  closeDate,
  closeDocumentSpecification: { closeDocumentTypes: ['MANIFEST' as const] },
});

/** A report of 4 MiB of base64 at most: a day of a few thousand packages. */
const MAX_IMAGE_BASE64 = 4 * 1024 * 1024;
const closeAnswerSchema = z.object({
  output: z.object({
    closeDocuments: z.optional(
      z
        .array(
          z.object({
            type: z.optional(z.string().check(z.maxLength(40))),
            parts: z.optional(z.array(z.object({ image: z.optional(z.string().check(z.maxLength(MAX_IMAGE_BASE64))) })).check(z.maxLength(20))),
          }),
        )
        .check(z.maxLength(20)),
    ),
  }),
});

/** Our close-out from FedEx's answer: its manifest reports drawn as PDFs; none when it closed nothing. */
export function parseFedexClose(raw: unknown, closeDate: string, scrub: (text: string) => string = (t) => t): CarrierCloseOut {
  const parsed = closeAnswerSchema.safeParse(raw);
  if (!parsed.success) throw malformed('Ground close response', parsed.error);
  const reports = (parsed.data.output.closeDocuments ?? [])
    .filter((d) => d.type === 'MANIFEST')
    .flatMap((d) => d.parts ?? [])
    .flatMap((part) => (part.image && /^[A-Za-z0-9+/]*={0,2}$/.test(part.image) ? [Buffer.from(part.image, 'base64').toString('latin1')] : []));
  const documents = reports.flatMap((text) => {
    const pdf = textReportPdf(scrub(text), { title: `FedEx Ground manifest ${closeDate}`, producer: 'FedEx Ground End of Day Close' });
    return pdf ? [{ type: 'manifest' as const, format: 'PDF' as const, content: pdf }] : [];
  });
  return { carrierManifestIds: [], documents };
}

export async function fedexCloseOut(input: CloseOutInput, accountNumber: string, api: FedexApi, signal: AbortSignal): Promise<CarrierCloseOut> {
  // Never sent again after a 5xx or a lost answer: the close is asked again by the next close of the manifest (mayExist).
  const answer = await api.send(
    { method: 'PUT', path: FEDEX_CLOSE_PATH, body: buildFedexGroundClose(accountNumber, input.shipDate), retryable: false },
    signal,
  );
  const closed = parseFedexClose(bodyOf(answer, 'close the Ground day'), input.shipDate, api.scrub);
  if (closed.documents.length > 0 || input.mayExist !== true) return closed;
  const reprinted = await api.send(
    { method: 'POST', path: FEDEX_CLOSE_PATH, body: buildFedexGroundReprint(accountNumber, input.shipDate), retryable: true, readOnly: true },
    signal,
  );
  // A reprint that finds no close of the day (FedEx's 400) leaves the manifest our sheet.
  return reprinted.status === 200 ? parseFedexClose(reprinted.body, input.shipDate, api.scrub) : closed;
}
