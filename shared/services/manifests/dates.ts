/** The days of the close (docs/manifests.md): today in a shipment's zone, and the window of ship dates a close may name. */

/** Days before and after today a ship date may name. */
export const SHIP_DATE_PAST_DAYS = 30;
export const SHIP_DATE_FUTURE_DAYS = 7;

/**
 * The date formatter of each zone, made once per container: making one costs
 * about 0.1 ms (ICU's zone data), and a close asked it for each open shipment
 * (hundreds). Undefined for a zone Intl does not know. Bounded, as zones come
 * from stored orders.
 */
const dayFormats = new Map<string, Intl.DateTimeFormat | undefined>();
const DAY_FORMATS_MAX = 1_000;
const dayFormatOf = (zone: string): Intl.DateTimeFormat | undefined => {
  if (dayFormats.has(zone)) return dayFormats.get(zone);
  if (dayFormats.size >= DAY_FORMATS_MAX) dayFormats.clear();
  let format: Intl.DateTimeFormat | undefined;
  try {
    format = new Intl.DateTimeFormat('en-CA', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit' });
  } catch {
    format = undefined;
  }
  dayFormats.set(zone, format);
  return format;
};

/** Today in an IANA zone, `YYYY-MM-DD` (UTC's for a zone Intl does not know). */
export const todayIn = (zone: string, now: Date): string => dayFormatOf(zone)?.format(now) ?? now.toISOString().slice(0, 10);

/** `date` (`YYYY-MM-DD`) moved by `days`. */
export const addDays = (date: string, days: number): string => new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/** The first and last ship date a close may name on `now`'s UTC day. */
export const shipDateWindow = (now: Date): { first: string; last: string } => {
  const today = now.toISOString().slice(0, 10);
  return { first: addDays(today, -SHIP_DATE_PAST_DAYS), last: addDays(today, SHIP_DATE_FUTURE_DAYS) };
};
