/**
 * A carrier's manifest PDFs of one close (Canada Post may split a transmit)
 * joined into the manifest's one PDF (render.ts joinPdfs), each bounded as a
 * carrier's label PDF is: one refused leaves no body, and the close stores
 * its own manifest instead (docs/manifests.md); a single PDF is stored as it
 * came once checked.
 */
import { manifestPdf } from '../../../local/canada-post/documents';
import { joinPdfs } from '../../../shared/labels/render';
import { HOSTILE_PDFS, pdfOfPages } from '../../support/hostile-documents';
import { readPdf } from './inspect';

const manifest = (po: string) => manifestPdf(po, '2026-11-27', ['1234567890123456']);

describe("a carrier's manifest PDFs", () => {
  it('are joined one after the other', async () => {
    const joined = await joinPdfs([manifest('P1'), manifest('P2'), manifest('P3')]);
    expect(joined.refused).toEqual([]);
    expect((await readPdf(joined.body!)).pageCount).toBe(3);
    // The simulator's text is uncompressed, and pdf-lib writes the pages' streams in their order.
    expect([...joined.body!.toString('latin1').matchAll(/\(PO number (P\d)/g)].map((m) => m[1])).toEqual(['P1', 'P2', 'P3']);
  });

  it('one alone is the PDF as it came', async () => {
    const pdf = manifest('P1');
    expect(await joinPdfs([pdf])).toEqual({ body: pdf, refused: [] });
  });

  it.each([
    [
      'an object stream inflating to 1 GiB',
      HOSTILE_PDFS.objectStreamBomb(),
      `a PDF whose object and cross-reference streams inflate to more than ${4 * 1024 * 1024} bytes`,
    ],
    ['30 KB of digits between its objects', HOSTILE_PDFS.digitsBetweenObjects(), 'something between the objects of a PDF that is not an object, at byte 196'],
    ['300,000 names', HOSTILE_PDFS.manyNames(), 'a PDF whose names and references would keep more than 2097152 bytes, at byte 45669'],
    ['21 pages', pdfOfPages(21), 'a PDF of 21 pages, not 1 to 20'],
    ['not a PDF', HOSTILE_PDFS.notPdf(), 'not a PDF'],
  ])('%s among others: no PDF is made, and the reasons say which and why', async (_, hostile, reason) => {
    expect(await joinPdfs([manifest('P1'), hostile, manifest('P3'), HOSTILE_PDFS.notPdf()])).toEqual({
      refused: [
        { index: 1, reason },
        { index: 3, reason: 'not a PDF' },
      ],
    });
  });

  it.each([
    [
      'an object stream inflating to 1 GiB',
      HOSTILE_PDFS.objectStreamBomb(),
      `a PDF whose object and cross-reference streams inflate to more than ${4 * 1024 * 1024} bytes`,
    ],
    ['not a PDF', HOSTILE_PDFS.notPdf(), 'not a PDF'],
  ])('%s alone is refused, unparsed', async (_, hostile, reason) => {
    expect(await joinPdfs([hostile])).toEqual({ refused: [{ index: 0, reason }] });
  });
});
