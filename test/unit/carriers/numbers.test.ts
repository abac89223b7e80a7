/**
 * The numbers sandbox carriers issue at ship time (shared/carriers/sandbox/numbers.ts):
 * a format and a check digit scheme per carrier, validators that hold them.
 */
import {
  BILL_OF_LADING_FORMAT,
  billOfLadingNumber,
  checkDigit,
  customsDeclarationNumber,
  isValidBillOfLadingNumber,
  isValidCustomsDeclarationNumber,
  isValidNumber,
  isValidTrackingNumber,
  returnTrackingNumber,
  TRACKING_NUMBER_FORMATS,
  trackingNumbers,
  trackingUrl,
  type CheckScheme,
} from '../../../shared/carriers/sandbox/numbers';

const CARRIER_CODES = ['CARRIERX', 'CARRIERY', 'CARRIERZ', 'CARRIERF'] as const;
const REFERENCE = '0b5e2f4c-3f1d-4c3e-9a57-6f1f2d1c9e01';
const OTHER_REFERENCE = '7c9d3a10-8e2b-4f6a-b1c4-2d5e6f7a8b90';

describe('check digit schemes', () => {
  it.each<[CheckScheme, string, number]>([
    ['luhn', '7992739871', 3],
    ['luhn', '0', 0],
    ['gs1', '400638133393', 1], // EAN-13 4006381333931
    ['gs1', '03600029145', 2], // UPC-A 036000291452
    ['mod7', '123456', 4],
    ['mod7', '700000000', 0],
    ['mod11', '12345', 5],
    ['mod11', '6', 0], // 11 − 1 = 10 becomes 0
    ['mod11', '0', 0], // 11 − 0 = 11 becomes 0
  ])('%s of %s is %i', (scheme, payload, expected) => {
    expect(checkDigit[scheme](payload)).toBe(expected);
  });

  it('take digits only', () => {
    expect(() => checkDigit.luhn('12a4')).toThrow(/not a digit string/);
  });
});

/** Every number a shipment of `count` packages gets, its return's included. */
const numbersOf = (carrierCode: string, reference: string, count: number) => [
  ...trackingNumbers(carrierCode, reference, count),
  returnTrackingNumber(carrierCode, reference),
];

/** `value` with the digit at `index` replaced by `digit`. */
const withDigit = (value: string, index: number, digit: number) => value.slice(0, index) + digit + value.slice(index + 1);

describe.each(CARRIER_CODES)('%s tracking numbers', (carrierCode) => {
  const format = TRACKING_NUMBER_FORMATS[carrierCode];
  const numbers = numbersOf(carrierCode, REFERENCE, 12);

  it('have the carrier format: prefix, serial, 3-digit package sequence, check digit', () => {
    const shape = new RegExp(`^${format.prefix}\\d{${format.serialDigits + format.sequenceDigits + 1}}$`);
    for (const n of numbers) expect(n).toMatch(shape);
  });

  it('carry a valid check digit', () => {
    for (const n of numbers) expect(isValidTrackingNumber(carrierCode, n)).toBe(true);
  });

  it('number the packages 001, 002, … in order; the return is 000', () => {
    const sequenceOf = (n: string) => n.slice(-4, -1);
    expect(numbers.map(sequenceOf)).toEqual([...Array.from({ length: 12 }, (_, i) => String(i + 1).padStart(3, '0')), '000']);
  });

  it('share one serial per shipment, another per reference', () => {
    const serialOf = (n: string) => n.slice(0, -4);
    expect(new Set(numbers.map(serialOf)).size).toBe(1);
    expect(serialOf(trackingNumbers(carrierCode, OTHER_REFERENCE, 1)[0]!)).not.toBe(serialOf(numbers[0]!));
  });

  it('are the same for the same reference, whenever asked', () => {
    expect(numbersOf(carrierCode, REFERENCE, 12)).toEqual(numbers);
  });

  it('a changed check digit is invalid', () => {
    const last = numbers[0]!.length - 1;
    const check = Number(numbers[0]![last]);
    for (let d = 0; d <= 9; d += 1) {
      if (d !== check) expect(isValidTrackingNumber(carrierCode, withDigit(numbers[0]!, last, d))).toBe(false);
    }
  });

  it('rejects another carrier format, a wrong length and letters', () => {
    const n = numbers[0]!;
    expect(isValidTrackingNumber(carrierCode, `${n}0`)).toBe(false);
    expect(isValidTrackingNumber(carrierCode, n.slice(0, -2) + n.slice(-1))).toBe(false);
    expect(isValidTrackingNumber(carrierCode, `${n.slice(0, -2)}A${n.slice(-1)}`)).toBe(false);
    for (const other of CARRIER_CODES.filter((c) => c !== carrierCode)) {
      expect(isValidTrackingNumber(carrierCode, trackingNumbers(other, REFERENCE, 1)[0]!)).toBe(false);
    }
  });

  it('a tracking URL per carrier on the sandbox tracking site', () => {
    expect(trackingUrl(carrierCode, numbers[0]!)).toBe(`https://track.sandbox.example/${carrierCode}/${numbers[0]}`);
  });

  it('200 packages get 200 distinct valid numbers', () => {
    const many = trackingNumbers(carrierCode, REFERENCE, 200);
    expect(new Set(many).size).toBe(200);
    expect(many.every((n) => isValidTrackingNumber(carrierCode, n))).toBe(true);
  });

  it('a count outside 1..999 is an error, not a wrapped sequence', () => {
    expect(() => trackingNumbers(carrierCode, REFERENCE, 0)).toThrow(RangeError);
    expect(() => trackingNumbers(carrierCode, REFERENCE, 1000)).toThrow(RangeError);
  });
});

describe('single-digit errors', () => {
  /** Every way to change one digit after the prefix of `value`. */
  const changes = (value: string, prefix: string) =>
    [...value.slice(prefix.length)].flatMap((c, i) =>
      Array.from({ length: 10 }, (_, d) => d)
        .filter((d) => d !== Number(c))
        .map((d) => ({ changed: withDigit(value, prefix.length + i, d), by: Math.abs(d - Number(c)) })),
    );

  it.each(['CARRIERX', 'CARRIERY'] as const)('%s (Luhn and GS1 mod 10) detects every one', (carrierCode) => {
    for (const n of numbersOf(carrierCode, REFERENCE, 3)) {
      for (const { changed } of changes(n, '')) expect(isValidTrackingNumber(carrierCode, changed)).toBe(false);
    }
  });

  it('CARRIERZ (mod 7) detects every one but a change by 7', () => {
    for (const n of numbersOf('CARRIERZ', REFERENCE, 3)) {
      for (const { changed, by } of changes(n, 'Z')) {
        if (by !== 7) expect(isValidTrackingNumber('CARRIERZ', changed)).toBe(false);
      }
    }
  });
});

describe('bill of lading and customs declaration numbers', () => {
  it('a bill of lading number is BOL, a 10-digit serial and a Luhn check digit, the same per reference', () => {
    const bol = billOfLadingNumber('CARRIERF', REFERENCE);
    expect(bol).toMatch(/^BOL\d{11}$/);
    expect(checkDigit.luhn(bol.slice(3, -1))).toBe(Number(bol.slice(-1)));
    expect(isValidBillOfLadingNumber(bol)).toBe(true);
    expect(billOfLadingNumber('CARRIERF', REFERENCE)).toBe(bol);
    expect(billOfLadingNumber('CARRIERF', OTHER_REFERENCE)).not.toBe(bol);
    expect(isValidBillOfLadingNumber(withDigit(bol, 5, (Number(bol[5]) + 1) % 10))).toBe(false);
    expect(isValidNumber(BILL_OF_LADING_FORMAT, bol.slice(3))).toBe(false);
  });

  it('a customs declaration number is CD, a 10-digit serial and a GS1 check digit', () => {
    const cd = customsDeclarationNumber('CARRIERY', REFERENCE);
    expect(cd).toMatch(/^CD\d{11}$/);
    expect(isValidCustomsDeclarationNumber(cd)).toBe(true);
    expect(isValidCustomsDeclarationNumber(withDigit(cd, 4, (Number(cd[4]) + 1) % 10))).toBe(false);
  });
});
