import type { LabelType } from '../../../shared/domain/carrier';
import {
  availableLabels,
  internationalGoods,
  isLabelTypeCode,
  LABEL_TYPE_CODES,
  LABEL_TYPES,
  labelFactsOf,
  labelFileExtension,
  resolveLabelType,
  type LabelFacts,
} from '../../../shared/labels/catalog';
import { domestic, international, rateRequest, recipient } from './fixtures';

const codes = (facts: LabelFacts) => availableLabels(facts).map((t) => t.code);

describe('label types (docs/decisions.md)', () => {
  it('are listed as {code, name, format, contentType}: PDFs as application/pdf, ZPL as application/x-zpl', () => {
    expect(Object.keys(LABEL_TYPES)).toEqual([...LABEL_TYPE_CODES]);
    for (const code of LABEL_TYPE_CODES) {
      const type: LabelType = LABEL_TYPES[code];
      expect(Object.keys(type).sort()).toEqual(['code', 'contentType', 'format', 'name']);
      expect(type.code).toBe(code);
      expect(type.contentType).toBe(type.format === 'PDF' ? 'application/pdf' : 'application/x-zpl');
      expect(labelFileExtension(code)).toBe(type.format.toLowerCase());
    }
    expect(LABEL_TYPES.SHIPPING_LABEL_ZPL.format).toBe('ZPL');
    expect(LABEL_TYPE_CODES.filter((c) => c !== 'SHIPPING_LABEL_ZPL').every((c) => LABEL_TYPES[c].format === 'PDF')).toBe(true);
  });

  it.each<[string, LabelFacts, string[]]>([
    [
      'a domestic parcel: the PDF and the ZPL shipping label',
      { carrierKind: 'parcel', internationalGoods: false, createReturnLabel: false },
      ['SHIPPING_LABEL_PDF', 'SHIPPING_LABEL_ZPL'],
    ],
    [
      'international goods add the commercial invoice',
      { carrierKind: 'parcel', internationalGoods: true, createReturnLabel: false },
      ['SHIPPING_LABEL_PDF', 'SHIPPING_LABEL_ZPL', 'COMMERCIAL_INVOICE'],
    ],
    [
      'createReturnLabel adds the return label',
      { carrierKind: 'parcel', internationalGoods: false, createReturnLabel: true },
      ['SHIPPING_LABEL_PDF', 'SHIPPING_LABEL_ZPL', 'RETURN_LABEL'],
    ],
    [
      'a freight carrier adds the bill of lading',
      { carrierKind: 'freight', internationalGoods: false, createReturnLabel: false },
      ['SHIPPING_LABEL_PDF', 'SHIPPING_LABEL_ZPL', 'BILL_OF_LADING'],
    ],
    ['all of them together', { carrierKind: 'freight', internationalGoods: true, createReturnLabel: true }, [...LABEL_TYPE_CODES]],
  ])('%s', (_rule, facts, expected) => {
    expect(codes(facts)).toEqual(expected);
  });

  it('availableLabels answers fresh entries: changing one does not change the next answer', () => {
    const first = availableLabels({ carrierKind: 'parcel', internationalGoods: false, createReturnLabel: false });
    first[0]!.name = 'changed';
    expect(availableLabels({ carrierKind: 'parcel', internationalGoods: false, createReturnLabel: false })[0]!.name).toBe(LABEL_TYPES.SHIPPING_LABEL_PDF.name);
  });
});

describe('international goods (spec 2.7, 2.9)', () => {
  it.each([
    ['shipper and recipient in different countries with a commercial invoice', international(), true],
    ['country codes compared in any case', international({ recipient: { ...recipient, countryCode: 'us' } }), true],
    ['documents only, even with an invoice', international({ internationalOptions: { documentsOnly: true } }), false],
    ['international without a commercial invoice', rateRequest({ recipient, internationalOptions: { documentsOnly: true } }), false],
    ['international with internationalOptions but no invoice', rateRequest({ recipient, internationalOptions: { billDutyTo: 'sender' } }), false],
    ['a domestic shipment that sent an invoice', international({ recipient: domestic }), false],
    ['a domestic shipment', rateRequest(), false],
  ])('%s: %s', (_case, request, expected) => {
    expect(internationalGoods(request)).toBe(expected);
  });

  it('labelFactsOf reads createReturnLabel and the carrier kind', () => {
    expect(labelFactsOf(rateRequest({ shippingOptions: { shippingDate: '2026-10-01', createReturnLabel: true } }), 'freight')).toEqual({
      carrierKind: 'freight',
      internationalGoods: false,
      createReturnLabel: true,
    });
    expect(labelFactsOf(international(), 'parcel')).toEqual({ carrierKind: 'parcel', internationalGoods: true, createReturnLabel: false });
  });
});

describe('resolveLabelType: the type a labelType path segment names', () => {
  const available = availableLabels({ carrierKind: 'parcel', internationalGoods: true, createReturnLabel: false });

  it.each([
    ['SHIPPING_LABEL_PDF', 'SHIPPING_LABEL_PDF'],
    ['commercial_invoice', 'COMMERCIAL_INVOICE'],
    ['zpl', 'SHIPPING_LABEL_ZPL'],
    ['ZPL', 'SHIPPING_LABEL_ZPL'],
  ])('%s names %s', (requested, expected) => {
    expect(resolveLabelType(requested, available)).toBe(expected);
  });

  it.each([
    ['pdf', 'ambiguous: two PDF types'],
    ['RETURN_LABEL', 'a type this shipment does not have'],
    ['BILL_OF_LADING', 'a type this shipment does not have'],
    ['LABEL', 'unknown'],
    ['', 'empty'],
    ['../SHIPPING_LABEL_PDF', 'a path'],
    ['constructor', 'an inherited name'],
  ])('%s is undefined (%s)', (requested) => {
    expect(resolveLabelType(requested, available)).toBeUndefined();
  });

  it('a format is enough when the shipment has one type of it', () => {
    expect(resolveLabelType('pdf', availableLabels({ carrierKind: 'parcel', internationalGoods: false, createReturnLabel: false }))).toBe('SHIPPING_LABEL_PDF');
  });

  it('isLabelTypeCode knows exactly the codes', () => {
    expect(LABEL_TYPE_CODES.every(isLabelTypeCode)).toBe(true);
    expect(['shipping_label_pdf', 'PDF', 'toString', ''].some(isLabelTypeCode)).toBe(false);
  });
});
