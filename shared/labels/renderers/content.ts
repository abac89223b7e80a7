/**
 * The words and numbers the documents print, the same for PDF and ZPL, before
 * they are folded to what the fonts can print (./printable-text.ts).
 */
import type { DocumentInvoice, DocumentParty, ShipmentDocument, UnitOfMeasure } from '../document';

/**
 * A number as `Intl.NumberFormat('en-US', { minimumFractionDigits, maximumFractionDigits })`
 * writes it (a unit test holds the two equal on random doubles): the shortest
 * decimal digits of the double, as V8's ICU takes them, rounded half away from
 * zero at `max` fraction digits, trailing zeros kept down to `min`, the
 * integer part grouped by thousands with commas. Written out because the
 * first Intl formatter a container makes costs about 9 ms (ICU loads its
 * number and locale data), paid by the first label or manifest it draws.
 */
export function formatDecimal(value: number, min: number, max: number): string {
  if (Number.isNaN(value)) return 'NaN';
  const sign = value < 0 || Object.is(value, -0) ? '-' : '';
  if (!Number.isFinite(value)) return `${sign}∞`;
  // The shortest digits and where the point goes: value = 0.<digits> × 10^point.
  const [mantissa, exponent = '0'] = String(Math.abs(value)).split('e');
  const [whole, fraction = ''] = mantissa!.split('.');
  let digits = `${whole}${fraction}`;
  let point = whole!.length + Number(exponent);
  const leading = digits.length - digits.replace(/^0+/, '').length;
  digits = digits.slice(leading);
  point -= leading;
  // Rounded at `max` fraction digits, half away from zero, on the decimal digits.
  const kept = point + max;
  if (kept < 0) digits = '';
  else if (kept < digits.length) {
    const up = digits.charCodeAt(kept) >= 53; // '5'
    digits = digits.slice(0, kept);
    if (up) {
      let i = digits.length - 1;
      while (i >= 0 && digits[i] === '9') i -= 1;
      if (i < 0) {
        digits = `1${'0'.repeat(digits.length)}`;
        point += 1;
      } else digits = `${digits.slice(0, i)}${String(Number(digits[i]) + 1)}${'0'.repeat(digits.length - i - 1)}`;
    }
  }
  if (digits === '' || /^0*$/.test(digits)) {
    digits = '';
    point = 0;
  }
  const intDigits = point <= 0 ? '0' : digits.slice(0, point).padEnd(point, '0');
  let fractionDigits = point >= 0 ? digits.slice(point) : `${'0'.repeat(-point)}${digits}`;
  fractionDigits = fractionDigits.slice(0, max).replace(/0+$/, '').padEnd(min, '0');
  const grouped = intDigits.replace(/\B(?=(\d{3})+$)/g, ',');
  return `${sign}${grouped}${fractionDigits ? `.${fractionDigits}` : ''}`;
}

const number = { format: (value: number) => formatDecimal(value, 0, 3) };
const amount = { format: (value: number) => formatDecimal(value, 2, 2) };
const unitValue = { format: (value: number) => formatDecimal(value, 2, 3) };

export const weightUnit = (unit: UnitOfMeasure): string => (unit === 'metric' ? 'kg' : 'lb');
export const lengthUnit = (unit: UnitOfMeasure): string => (unit === 'metric' ? 'cm' : 'in');

export const formatNumber = (value: number): string => number.format(value);
export const formatWeight = (value: number, unit: UnitOfMeasure): string => `${number.format(value)} ${weightUnit(unit)}`;
export const formatDimensions = (piece: { length: number; width: number; height: number }, unit: UnitOfMeasure): string =>
  `${number.format(piece.length)} × ${number.format(piece.width)} × ${number.format(piece.height)} ${lengthUnit(unit)}`;

/** Minor units (cents) as `1,234.56`. */
export const formatCents = (cents: number): string => amount.format(cents / 100);

/** A unit value as given, with two decimals at least (values may carry a third). */
export const formatUnitValue = (value: number): string => unitValue.format(value);

/** quantity × unit value, to the cent: the rule of the carriers' invoice total (shared/carriers/request-mapping.ts). */
export const lineTotalCents = (item: { quantity: number; value: number }): number => Math.round(item.quantity * item.value * 100);

export const invoiceTotalCents = (invoice: Pick<DocumentInvoice, 'invoiceItems'>): number =>
  invoice.invoiceItems.reduce((sum, item) => sum + lineTotalCents(item), 0);

/** The calendar date of a date or local date-time. */
export const dateOf = (value: string): string => value.slice(0, 10);

/** An address as printed: name, company, street lines, city line, country, phone (empty parts left out). */
export function addressLines(address: DocumentParty, options: { phone?: boolean } = {}): string[] {
  const cityLine = [address.city, [address.provinceCode ?? address.provinceName, address.postalCode].filter(Boolean).join(' ')].filter(Boolean).join(', ');
  return [
    address.personName,
    address.companyName,
    address.addressLine1,
    address.addressLine2,
    cityLine,
    address.countryCode,
    options.phone && address.phoneNumber ? `Tel. ${address.phoneNumber}` : undefined,
  ].filter((line): line is string => typeof line === 'string' && line.trim() !== '');
}

/** `Ref: <customer> / <order> / <invoice>`, the references the request had; empty without any. */
export function referenceLine(references: ShipmentDocument['references']): string {
  const parts = [references.customer, references.order, references.invoice].filter((part): part is string => Boolean(part && part.trim()));
  return parts.length ? `Ref: ${parts.join(' / ')}` : '';
}

/** Total weight of the packages. */
export const totalWeight = (document: Pick<ShipmentDocument, 'pieces'>): number =>
  Math.round(document.pieces.reduce((sum, piece) => sum + piece.weight, 0) * 1000) / 1000;

/** Freight options as a carrier reads them on a bill of lading. */
export function freightInstructions(document: Pick<ShipmentDocument, 'freightOptions'>): string[] {
  const options = document.freightOptions;
  if (!options) return [];
  const lines: string[] = [];
  if (options.tailgate) lines.push(`Liftgate (tailgate): ${options.tailgate}`);
  if (options.twoPersons) lines.push(`Two persons: ${options.twoPersons}`);
  if (options.afterHours) lines.push(`After hours: ${options.afterHours}`);
  if (options.pickupAppointment) lines.push(`Pickup appointment: ${options.pickupAppointment.appointmentDate} ${options.pickupAppointment.appointmentTime}`);
  if (options.prebookedAppointment)
    lines.push(`Delivery appointment: ${options.prebookedAppointment.appointmentDate} ${options.prebookedAppointment.appointmentTime}`);
  if (options.appointment) lines.push(`Appointment: ${options.appointment}`);
  return lines;
}
