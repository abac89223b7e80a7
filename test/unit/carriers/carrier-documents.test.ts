/**
 * Carriers that issue their own documents: the sandbox's carrier Z answers a
 * ship with a ZPL label and a PNG label per package (a PNG return label when
 * asked), the others with none; a ship answer's documents are checked like
 * the rest of it.
 */
import { PDFDocument } from '@cantoo/pdf-lib';
import { inflateSync } from 'node:zlib';
import { CarrierError } from '../../../shared/domain/carrier';
import type { CarrierTransport } from '../../../shared/carriers/connector';
import { createCarrierRegistry } from '../../../shared/carriers/registry';
import { createSandboxTransports } from '../../../shared/carriers/sandbox/network';
import { piece, rateRequest } from './fixtures';
import { noSignal, sandboxNetwork, shipInput } from './ship-fixtures';

/** Width, height, bit depth and colour type of a PNG, read from its IHDR; its pixel rows inflated. */
const pngHeader = (png: Buffer) => {
  expect(png.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
  expect(png.toString('ascii', 12, 16)).toBe('IHDR');
  const idat = png.indexOf('IDAT');
  const length = png.readUInt32BE(idat - 4);
  const rows = inflateSync(png.subarray(idat + 4, idat + 4 + length));
  return { width: png.readUInt32BE(16), height: png.readUInt32BE(20), depth: png[24], colour: png[25], rows };
};

const threePackages = rateRequest({ packages: { unitOfMeasure: 'imperial', pieces: [piece('GENERIC_BOX', { quantity: 2 }), piece('GENERIC_BOX')] } });

describe('carrier Z issues its own labels', () => {
  it('a ZPL and a PNG label per package, each naming its package', async () => {
    const { carrier } = sandboxNetwork();
    const shipment = await carrier('CARRIERZ').ship(shipInput('CARRIERZ', threePackages), noSignal());
    const labels = shipment.documents!.filter((d) => d.type === 'label');
    expect(labels.map((d) => [d.packageIndex, d.format])).toEqual([
      [0, 'ZPL'],
      [0, 'PNG'],
      [1, 'ZPL'],
      [1, 'PNG'],
      [2, 'ZPL'],
      [2, 'PNG'],
    ]);
    labels
      .filter((d) => d.format === 'ZPL')
      .forEach((d, i) => {
        const zpl = d.content.toString('ascii');
        expect(zpl).toMatch(/^\^XA[\s\S]*\^XZ$/);
        expect(zpl).toContain(`^FD${shipment.pieceTrackingNumbers[i]}^FS`);
      });
    for (const d of labels.filter((x) => x.format === 'PNG')) {
      const header = pngHeader(d.content);
      // 4×6 in at 203 dpi, 1-bit grayscale, one filter byte and 102 bytes per row.
      expect(header).toMatchObject({ width: 812, height: 1218, depth: 1, colour: 0 });
      expect(header.rows.length).toBe(1218 * 103);
      await expect(PDFDocument.create().then((pdf) => pdf.embedPng(d.content))).resolves.toMatchObject({ width: 812, height: 1218 });
    }
    // Each package's image differs (its package block, its number's bars).
    expect(new Set(labels.filter((d) => d.format === 'PNG').map((d) => d.content.toString('base64'))).size).toBe(3);
  });

  it('a PNG return label with createReturnLabel', async () => {
    const { carrier } = sandboxNetwork();
    const request = rateRequest({ shippingOptions: { ...rateRequest().shippingOptions, createReturnLabel: true } });
    const shipment = await carrier('CARRIERZ').ship(shipInput('CARRIERZ', request), noSignal());
    expect(shipment.documents!.filter((d) => d.type === 'returnLabel').map((d) => d.format)).toEqual(['PNG']);
  });

  it.each(['CARRIERX', 'CARRIERY', 'CARRIERF'])('%s issues none: the service draws its labels', async (code) => {
    const { carrier } = sandboxNetwork();
    expect((await carrier(code).ship(shipInput(code), noSignal())).documents).toBeUndefined();
  });
});

describe('a ship answer with documents is checked', () => {
  const answering = (documents: unknown) => {
    const transport: CarrierTransport<unknown> = {
      rate: () => Promise.reject(new Error('ship only')),
      ship: async () => {
        const real = (await sandboxNetwork().transports.CARRIERZ.ship(
          (await import('../../../shared/carriers/carrier-z')).buildCarrierZShipRequest(shipInput('CARRIERZ')),
          noSignal(),
        )) as { shipment: Record<string, unknown> };
        return { shipment: { ...real.shipment, documents } };
      },
      track: () => Promise.reject(new Error('ship only')),
      cancel: () => Promise.reject(new Error('ship only')),
    };
    return createCarrierRegistry({ ...createSandboxTransports(), CARRIERZ: transport }).port('CARRIERZ')!;
  };
  const zpl = Buffer.from('^XA^XZ').toString('base64');

  it.each([
    ['content that is not base64', [{ type: 'label', format: 'ZPL', packageIndex: 0, content: '!!not base64!!' }]],
    ['a label of a package it did not ship', [{ type: 'label', format: 'ZPL', packageIndex: 1, content: zpl }]],
    [
      'the same document twice',
      [
        { type: 'label', format: 'ZPL', packageIndex: 0, content: zpl },
        { type: 'label', format: 'ZPL', packageIndex: 0, content: zpl },
      ],
    ],
    ['a format no label endpoint knows', [{ type: 'label', format: 'EPL', packageIndex: 0, content: zpl }]],
    ['a document kind no label endpoint knows', [{ type: 'constructor', format: 'ZPL', content: zpl }]],
    ['thousands of documents', Array.from({ length: 5000 }, (_, i) => ({ type: 'label', format: 'ZPL', packageIndex: i, content: zpl }))],
  ])('%s is a CarrierError', async (_what, documents) => {
    await expect(answering(documents).ship(shipInput('CARRIERZ'), noSignal())).rejects.toThrow(CarrierError);
  });

  it('well-formed documents come out as bytes', async () => {
    const shipment = await answering([{ type: 'label', format: 'ZPL', packageIndex: 0, content: zpl }]).ship(shipInput('CARRIERZ'), noSignal());
    expect(shipment.documents).toEqual([{ type: 'label', format: 'ZPL', packageIndex: 0, content: Buffer.from('^XA^XZ') }]);
  });
});
