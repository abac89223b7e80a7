/**
 * Delivery dates of the sandbox network: transit counts business days
 * (Monday to Friday) after the shipping date. Dates are calendar dates
 * (YYYY-MM-DD) computed in UTC so the host's time zone never moves them.
 */

const DAY_MS = 86_400_000;
const SATURDAY = 6;
const SUNDAY = 0;

const toDate = (isoDate: string) => new Date(`${isoDate}T00:00:00Z`);
const toIso = (d: Date) => d.toISOString().slice(0, 10);

export const dayOfWeek = (isoDate: string): number => toDate(isoDate).getUTCDay();

export function addDays(isoDate: string, days: number): string {
  return toIso(new Date(toDate(isoDate).getTime() + days * DAY_MS));
}

/** The date `days` business days after `isoDate`, skipping Saturdays and Sundays. */
export function addBusinessDays(isoDate: string, days: number): string {
  let date = isoDate;
  for (let left = days; left > 0; ) {
    date = addDays(date, 1);
    const dow = dayOfWeek(date);
    if (dow !== SATURDAY && dow !== SUNDAY) left -= 1;
  }
  return date;
}

/**
 * With Saturday delivery, a delivery that the weekend pushed to Monday comes
 * on that Saturday instead, when the Saturday is after the shipping date
 * (Friday + 1 business day is Saturday; Friday + 2 stays Tuesday).
 */
export function deliveryDate(shipDate: string, transitDays: number, saturdayDelivery: boolean): string {
  const date = addBusinessDays(shipDate, transitDays);
  if (!saturdayDelivery || dayOfWeek(date) !== 1) return date;
  const saturday = addDays(date, -2);
  return saturday > shipDate ? saturday : date;
}

export const isSaturday = (isoDate: string): boolean => dayOfWeek(isoDate) === SATURDAY;
