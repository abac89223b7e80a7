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
import { writePdf } from '../../labels/renderers/pdf-writer';
import { MAX_PDF_PAGES } from '../../labels/renderers/carrier-limits';
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

const LINE_HEIGHT = 10;
const MARGIN = 36;
const PAGE: [number, number] = [612, 792];
const LINES_A_PAGE = Math.floor((PAGE[1] - 2 * MARGIN) / LINE_HEIGHT);
/** Courier at 8 points is 4.8 points a character: what fits between the margins. */
const CHARACTERS_A_LINE = Math.floor((PAGE[0] - 2 * MARGIN) / 4.8);

/** A PDF literal string of printable ASCII, `\`, `(` and `)` escaped. */
const literal = (text: string): string => `(${text.replace(/[^\x20-\x7e]/g, '').replace(/[\\()]/g, (c) => `\\${c}`)})`;

/** FedEx's text report on letter pages, as it wrote it; undefined past the pages a carrier PDF may have. */
export function reportPdf(text: string, title: string): Buffer | undefined {
  if (text.trim() === '') return undefined;
  const lines = text.replace(/\r\n?/g, '\n').replace(/\n+$/, '').split('\n').map((line) => line.replace(/\t/g, '    ').slice(0, CHARACTERS_A_LINE));
  const pages: string[] = [];
  for (let i = 0; i < lines.length; i += LINES_A_PAGE) {
    const page = lines.slice(i, i + LINES_A_PAGE);
    pages.push(page.map((line, n) => `BT /F1 8 Tf ${MARGIN} ${PAGE[1] - MARGIN - (n + 1) * LINE_HEIGHT} Td ${literal(line)} Tj ET`).join('\n'));
  }
  if (pages.length === 0 || pages.length > MAX_PDF_PAGES) return undefined;
  return writePdf({ title, producer: 'FedEx Ground End of Day Close', size: PAGE, fonts: [{ key: 'F1', baseFont: 'Courier' }], pages });
}

/** Our close-out from FedEx's answer: its manifest reports drawn as PDFs; none when it closed nothing. */
export function parseFedexClose(raw: unknown, closeDate: string, scrub: (text: string) => string = (t) => t): CarrierCloseOut {
  const parsed = closeAnswerSchema.safeParse(raw);
  if (!parsed.success) throw malformed('Ground close response', parsed.error);
  const reports = (parsed.data.output.closeDocuments ?? [])
    .filter((d) => d.type === 'MANIFEST')
    .flatMap((d) => d.parts ?? [])
    .flatMap((part) => (part.image && /^[A-Za-z0-9+/]*={0,2}$/.test(part.image) ? [Buffer.from(part.image, 'base64').toString('latin1')] : []));
  const documents = reports.flatMap((text) => {
    const pdf = reportPdf(scrub(text), `FedEx Ground manifest ${closeDate}`);
    return pdf ? [{ type: 'manifest' as const, format: 'PDF' as const, content: pdf }] : [];
  });
  return { carrierManifestIds: [], documents };
}

export async function fedexCloseOut(input: CloseOutInput, accountNumber: string, api: FedexApi, signal: AbortSignal): Promise<CarrierCloseOut> {
  // Never sent again after a 5xx or a lost answer: the close is asked again by the next close of the manifest (mayExist).
  const answer = await api.send({ method: 'PUT', path: FEDEX_CLOSE_PATH, body: buildFedexGroundClose(accountNumber, input.shipDate), retryable: false }, signal);
  const closed = parseFedexClose(bodyOf(answer, 'close the Ground day'), input.shipDate, api.scrub);
  if (closed.documents.length > 0 || input.mayExist !== true) return closed;
  const reprinted = await api.send({ method: 'POST', path: FEDEX_CLOSE_PATH, body: buildFedexGroundReprint(accountNumber, input.shipDate), retryable: true, readOnly: true }, signal);
  // A reprint that finds no close of the day (FedEx's 400) leaves the manifest our sheet.
  return reprinted.status === 200 ? parseFedexClose(reprinted.body, input.shipDate, api.scrub) : closed;
}
