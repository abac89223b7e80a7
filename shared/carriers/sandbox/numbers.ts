/**
 * The numbers a sandbox carrier issues at ship time: tracking numbers, bill
 * of lading and customs declaration numbers, each in its carrier's format
 * with a check digit, and the tracking URL.
 *
 * Every number is a function of (carrier, reference, sequence) only: the
 * serial is a hash of the carrier code and the shipment reference (the
 * rateResponseId), so a retry with the same reference gets the same numbers
 * in any container, as a real carrier's idempotency key would, without the
 * sandbox keeping any state.
 *
 * | carrier / document | format                                         | check digit                      |
 * |--------------------|------------------------------------------------|----------------------------------|
 * | CARRIERX           | 15 digits: 11 serial, 3 sequence, 1 check      | Luhn (mod 10)                    |
 * | CARRIERY           | 16 digits: 12 serial, 3 sequence, 1 check      | GS1 mod 10 (weights 3,1)         |
 * | CARRIERZ           | `Z` + 14 digits: 10 serial, 3 sequence, 1 check| mod 7 of the 13 digits before it |
 * | CARRIERF (PRO)     | 14 digits: 10 serial, 3 sequence, 1 check      | mod 11 (weights 2..7)            |
 * | bill of lading     | `BOL` + 11 digits: 10 serial, 1 check          | Luhn (mod 10)                    |
 * | customs declaration| `CD` + 11 digits: 10 serial, 1 check           | GS1 mod 10                       |
 *
 * The sequence numbers a shipment's packages 001, 002, … in piece order (the
 * first is the master); 000 is its prepaid return. Check digits are computed
 * over the digits after the letter prefix.
 */
import { createHash } from 'node:crypto';

export type CheckScheme = 'luhn' | 'gs1' | 'mod7' | 'mod11';

const digitsOf = (payload: string): number[] => {
  if (!/^\d+$/.test(payload)) throw new Error(`not a digit string: ${payload}`);
  return [...payload].map(Number);
};

/** Luhn: from the right, every other digit doubled (the rightmost payload digit first), digits of products summed. */
function luhn(payload: string): number {
  const sum = digitsOf(payload)
    .reverse()
    .reduce((s, d, i) => s + (i % 2 === 0 ? (d * 2 > 9 ? d * 2 - 9 : d * 2) : d), 0);
  return (10 - (sum % 10)) % 10;
}

/** GS1 (EAN/UPC, SSCC): from the right, weights 3, 1, 3, … (the rightmost payload digit weighs 3). */
function gs1(payload: string): number {
  const sum = digitsOf(payload)
    .reverse()
    .reduce((s, d, i) => s + d * (i % 2 === 0 ? 3 : 1), 0);
  return (10 - (sum % 10)) % 10;
}

/** Mod 7: the payload read as a number, modulo 7 (the air waybill scheme). */
function mod7(payload: string): number {
  return digitsOf(payload).reduce((r, d) => (r * 10 + d) % 7, 0);
}

/** Mod 11: from the right, weights 2, 3, 4, 5, 6, 7, 2, …; 11 − (sum mod 11), where 10 and 11 become 0. */
function mod11(payload: string): number {
  const sum = digitsOf(payload)
    .reverse()
    .reduce((s, d, i) => s + d * (2 + (i % 6)), 0);
  const check = 11 - (sum % 11);
  return check >= 10 ? 0 : check;
}

export const checkDigit: Record<CheckScheme, (payload: string) => number> = { luhn, gs1, mod7, mod11 };

export type NumberFormat = {
  prefix: string;
  serialDigits: number;
  /** Digits of the package sequence; 0 for a number issued once per shipment. */
  sequenceDigits: number;
  scheme: CheckScheme;
};

export const TRACKING_NUMBER_FORMATS = {
  CARRIERX: { prefix: '', serialDigits: 11, sequenceDigits: 3, scheme: 'luhn' },
  CARRIERY: { prefix: '', serialDigits: 12, sequenceDigits: 3, scheme: 'gs1' },
  CARRIERZ: { prefix: 'Z', serialDigits: 10, sequenceDigits: 3, scheme: 'mod7' },
  CARRIERF: { prefix: '', serialDigits: 10, sequenceDigits: 3, scheme: 'mod11' },
} as const satisfies Record<string, NumberFormat>;

export type SandboxCarrierCode = keyof typeof TRACKING_NUMBER_FORMATS;

export const BILL_OF_LADING_FORMAT: NumberFormat = { prefix: 'BOL', serialDigits: 10, sequenceDigits: 0, scheme: 'luhn' };
export const CUSTOMS_DECLARATION_FORMAT: NumberFormat = { prefix: 'CD', serialDigits: 10, sequenceDigits: 0, scheme: 'gs1' };

/** The largest package sequence a format holds (999 for three digits); 000 is the return. */
export const maxSequence = (format: NumberFormat): number => 10 ** format.sequenceDigits - 1;

/** `digits` decimal digits drawn from SHA-256 of the carrier, the kind of number and the reference. */
function serialOf(carrierCode: string, kind: string, reference: string, digits: number): string {
  const hash = createHash('sha256').update(`${carrierCode}\n${kind}\n${reference}`).digest();
  // 64 bits comfortably cover the 12 digits of the longest serial.
  return (hash.readBigUInt64BE(0) % 10n ** BigInt(digits)).toString().padStart(digits, '0');
}

function formatNumber(format: NumberFormat, serial: string, sequence: number): string {
  const payload = serial + (format.sequenceDigits > 0 ? String(sequence).padStart(format.sequenceDigits, '0') : '');
  return `${format.prefix}${payload}${checkDigit[format.scheme](payload)}`;
}

/** Whether `value` has the shape of `format` and a correct check digit. */
export function isValidNumber(format: NumberFormat, value: string): boolean {
  const length = format.serialDigits + format.sequenceDigits;
  if (!value.startsWith(format.prefix)) return false;
  const digits = value.slice(format.prefix.length);
  if (!new RegExp(`^\\d{${length + 1}}$`).test(digits)) return false;
  return checkDigit[format.scheme](digits.slice(0, length)) === Number(digits[length]);
}

const formatOf = (carrierCode: string): NumberFormat => {
  const format = (TRACKING_NUMBER_FORMATS as Record<string, NumberFormat>)[carrierCode];
  if (!format) throw new Error(`The sandbox network has no tracking number format for ${carrierCode}`);
  return format;
};

/**
 * The tracking numbers of a shipment's `count` packages, sequence 1..count in
 * piece order; the first is the master. One hash per shipment, so 200
 * packages cost 200 short strings.
 */
export function trackingNumbers(carrierCode: string, reference: string, count: number): string[] {
  const format = formatOf(carrierCode);
  if (!Number.isInteger(count) || count < 1 || count > maxSequence(format)) {
    throw new RangeError(`${carrierCode} numbers 1 to ${maxSequence(format)} packages per shipment, not ${count}`);
  }
  const serial = serialOf(carrierCode, 'shipment', reference, format.serialDigits);
  return Array.from({ length: count }, (_, i) => formatNumber(format, serial, i + 1));
}

/** The tracking number of the shipment's prepaid return: its serial with sequence 000. */
export function returnTrackingNumber(carrierCode: string, reference: string): string {
  const format = formatOf(carrierCode);
  return formatNumber(format, serialOf(carrierCode, 'shipment', reference, format.serialDigits), 0);
}

export const isValidTrackingNumber = (carrierCode: string, value: string): boolean => isValidNumber(formatOf(carrierCode), value);

export const billOfLadingNumber = (carrierCode: string, reference: string): string =>
  formatNumber(BILL_OF_LADING_FORMAT, serialOf(carrierCode, 'bill-of-lading', reference, BILL_OF_LADING_FORMAT.serialDigits), 0);

export const isValidBillOfLadingNumber = (value: string): boolean => isValidNumber(BILL_OF_LADING_FORMAT, value);

export const customsDeclarationNumber = (carrierCode: string, reference: string): string =>
  formatNumber(CUSTOMS_DECLARATION_FORMAT, serialOf(carrierCode, 'customs', reference, CUSTOMS_DECLARATION_FORMAT.serialDigits), 0);

export const isValidCustomsDeclarationNumber = (value: string): boolean => isValidNumber(CUSTOMS_DECLARATION_FORMAT, value);

/** Where a sandbox carrier's shipment is tracked: `https://track.sandbox.example/<carrier>/<tracking number>`. */
export const trackingUrl = (carrierCode: string, trackingNumber: string): string =>
  `https://track.sandbox.example/${encodeURIComponent(carrierCode)}/${encodeURIComponent(trackingNumber)}`;
