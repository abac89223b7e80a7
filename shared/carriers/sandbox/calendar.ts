/**
 * Delivery dates of the sandbox network: transit counts business days
 * (Monday to Friday) after the shipping date. Dates are calendar dates
 * (YYYY-MM-DD) handled as day numbers (shared/domain/dates.ts): constant
 * work whatever the date or the number of days, and no time zone involved.
 */
import { dayNumber, isoDate, weekday } from '../../domain/dates';

const SATURDAY = 6;
const SUNDAY = 0;
const MONDAY = 1;

const dayOf = (date: string): number => {
  const day = dayNumber(date);
  if (Number.isNaN(day)) throw new RangeError(`not a calendar date: ${date}`);
  return day;
};

export const dayOfWeek = (date: string): number => weekday(dayOf(date));

export function addDays(date: string, days: number): string {
  return isoDate(dayOf(date) + days);
}

/** The date `days` business days after `date`, skipping Saturdays and Sundays. */
export function addBusinessDays(date: string, days: number): string {
  return isoDate(addBusinessDayNumbers(dayOf(date), days));
}

/** addBusinessDays on day numbers, for callers that work in instants and must not depend on the year range of isoDate. */
export function addBusinessDayNumbers(day: number, days: number): number {
  if (!Number.isInteger(days) || days < 0) throw new RangeError(`business days must be a whole number >= 0, got ${days}`);
  if (days === 0) return day;
  // From a weekend, counting starts as from the Friday before it.
  const dow = weekday(day);
  let from = day;
  if (dow === SATURDAY) from -= 1;
  if (dow === SUNDAY) from -= 2;
  // Whole weeks are 7 days; the remaining 1–5 business days cross at most one weekend.
  const start = weekday(from); // Monday (1) to Friday (5)
  const weeks = Math.floor((days - 1) / 5);
  const rest = days - weeks * 5;
  return from + weeks * 7 + rest + (start + rest > 5 ? 2 : 0);
}

export const isBusinessDay = (day: number): boolean => weekday(day) !== SATURDAY && weekday(day) !== SUNDAY;

/**
 * With Saturday delivery, a delivery that the weekend pushed to Monday comes
 * on that Saturday instead, when the Saturday is after the shipping date
 * (Friday + 1 business day is Saturday; Friday + 2 stays Tuesday).
 */
export function deliveryDate(shipDate: string, transitDays: number, saturdayDelivery: boolean): string {
  const date = addBusinessDays(shipDate, transitDays);
  if (!saturdayDelivery || dayOfWeek(date) !== MONDAY) return date;
  const saturday = addDays(date, -2);
  return saturday > shipDate ? saturday : date;
}

export const isSaturday = (date: string): boolean => dayOfWeek(date) === SATURDAY;
