/**
 * FedEx Ground End of Day Close: the close and reprint requests validate
 * against the document, FedEx's text report becomes a PDF the carrier PDF
 * checks take, and a close with no Ground shipment gives no document.
 */
import { inflateSync } from 'node:zlib';
import { buildFedexGroundClose, buildFedexGroundReprint, fedexCloseOut, parseFedexClose } from '../../../../shared/carriers/fedex/close';
import { textReportPdf } from '../../../../shared/labels/text-report';
import type { FedexApi } from '../../../../shared/carriers/fedex/api';
import { buildFedexShipRequests } from '../../../../shared/carriers/fedex/ship';
import { checkCarrierPdf } from '../../../../shared/labels/renderers/carrier-pdf';
import { newFileBudget } from '../../../../shared/labels/renderers/carrier-limits';
import { expectValid, FEDEX_OPERATIONS, requestValidator, responseValidator, type FedexOperation } from '../../../../local/fedex/spec';
import { rateRequest, withOptions } from '../fixtures';
import { describeWithFedexDocuments } from '../../local/fedex/documents-present';
import { signedIn } from '../../local/fedex/simulator-fixtures';
import { ACCOUNT, TODAY } from '../../local/fedex/fixtures';
import { fedexPlan } from './fixtures';

const shipBody = (serviceCode: string) =>
  buildFedexShipRequests({
    reference: `5a1b2c3d-0000-4000-8000-00000000000${serviceCode.length % 10}`,
    request: withOptions(rateRequest(), { shippingDate: TODAY }),
    plan: fedexPlan(),
    serviceCode,
    shipTime: `${TODAY}T15:00:00.000Z`,
  }).shipment;

describeWithFedexDocuments('FedEx Ground End of Day Close', () => {
  it('builds a close and a reprint the document takes', () => {
    expectValid(requestValidator('groundClose'), buildFedexGroundClose(ACCOUNT, TODAY));
    expectValid(requestValidator('groundReprint'), buildFedexGroundReprint(ACCOUNT, TODAY));
  });

  it("closes the day's Ground shipments into FedEx's report, a PDF the carrier PDF checks take; Express is on no FedEx close", async () => {
    const sim = signedIn();
    const ground = sim.call('ship', shipBody('FEDEX_GROUND'));
    const express = sim.call('ship', shipBody('FEDEX_PRIORITY_OVERNIGHT'));
    expect([ground.status, express.status]).toEqual([200, 200]);
    const answer = sim.call('groundClose', buildFedexGroundClose(ACCOUNT, TODAY));
    expectValid(responseValidator('groundClose', 200), answer.body);
    const closed = parseFedexClose(answer.body, TODAY);
    expect(closed.documents).toHaveLength(1);
    const [report] = closed.documents;
    expect(report!.content.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(await checkCarrierPdf(report!.content, newFileBudget())).toMatchObject({ kind: 'checked' });
    const groundNumber = sim.simulator.shipments.find((s) => s.serviceType === 'FEDEX_GROUND')!.masterTrackingNumber;
    expect(sim.simulator.closes[0]!.trackingNumbers).toEqual([groundNumber]);

    // Nothing left to close: a warning and no document (the manifest gets our sheet).
    const again = sim.call('groundClose', buildFedexGroundClose(ACCOUNT, TODAY));
    expect(parseFedexClose(again.body, TODAY).documents).toEqual([]);
    // The reprint gives the first close's report.
    const reprint = sim.call('groundReprint', buildFedexGroundReprint(ACCOUNT, TODAY));
    expect(parseFedexClose(reprint.body, TODAY).documents).toHaveLength(1);
  });

  it("a close again after one of unknown outcome finds nothing left to close, and takes the day's reprint", async () => {
    const sim = signedIn();
    const api: FedexApi = {
      mode: 'test',
      scrub: (text) => text,
      send: async ({ method, path, body }) => {
        const operation = (Object.keys(FEDEX_OPERATIONS) as FedexOperation[]).find(
          (o) => FEDEX_OPERATIONS[o].method === method && FEDEX_OPERATIONS[o].path === path,
        );
        return sim.call(operation as Exclude<FedexOperation, 'token'>, body);
      },
    };
    const signal = new AbortController().signal;
    const input = { reference: 'm-1', shipDate: TODAY, shipments: [] };
    expect(sim.call('ship', shipBody('FEDEX_GROUND')).status).toBe(200);
    // The first close went through, its answer lost.
    expect(sim.call('groundClose', buildFedexGroundClose(ACCOUNT, TODAY)).status).toBe(200);
    expect((await fedexCloseOut(input, ACCOUNT, api, signal)).documents).toEqual([]);
    const again = await fedexCloseOut({ ...input, mayExist: true }, ACCOUNT, api, signal);
    expect(again.documents).toHaveLength(1);
    expect(sim.simulator.closes).toHaveLength(1);
  });

  it('scrubs the report and bounds it: a report longer than a carrier PDF may be is left out', () => {
    const text = (lines: number) => Buffer.from(Array.from({ length: lines }, (_, i) => `line ${i} secret-VALUE-1`).join('\n')).toString('base64');
    const answer = (lines: number) => ({ output: { closeDocuments: [{ type: 'MANIFEST', parts: [{ documentPartSequenceNumber: 1, image: text(lines) }] }] } });
    const scrub = (t: string) => t.replaceAll('secret-VALUE-1', '[redacted]');
    const pdf = parseFedexClose(answer(10), TODAY, scrub).documents[0]!.content.toString('latin1');
    // The page's text, its stream inflated.
    const drawn = [...pdf.matchAll(/stream\n([\s\S]*?)\nendstream/g)].map((m) => inflateSync(Buffer.from(m[1]!, 'latin1')).toString('latin1')).join('\n');
    expect(drawn).toContain('(line 9 [redacted]) Tj');
    expect(drawn).not.toContain('secret-VALUE-1');
    expect(parseFedexClose(answer(5_000), TODAY).documents).toEqual([]);
    expect(textReportPdf('', { title: 'x', producer: 'y' })).toBeUndefined();
    expect(() => parseFedexClose({ output: { closeDocuments: 'x' } }, TODAY)).toThrow(/malformed Ground close response/);
  });
});
