/**
 * Calendar dates (`YYYY-MM-DD`) as day numbers: whole days since 1970-01-01,
 * so date arithmetic is integer arithmetic that cannot loop or drift with the
 * host's time zone. Years are limited to 0000–9999, the range of the format.
 */
const DAY_MS = 86_400_000;
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})/;

/** The day number of the date that starts `isoDate` (a date or a date-time); NaN when it is no real date. */
export const dayNumber = (isoDate: string): number => {
  const m = ISO_DATE.exec(isoDate);
  if (!m) return Number.NaN;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(0);
  date.setUTCFullYear(year, month - 1, day);
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return Number.NaN;
  return Math.round(date.getTime() / DAY_MS);
};

const pad = (n: number, width: number) => String(n).padStart(width, '0');

/** The `YYYY-MM-DD` of a day number. Throws outside years 0000–9999 rather than return another format. */
export const isoDate = (day: number): string => {
  const date = new Date(day * DAY_MS);
  const year = date.getUTCFullYear();
  if (!Number.isInteger(day) || !(year >= 0 && year <= 9999)) throw new RangeError(`day ${day} is outside years 0000-9999`);
  return `${pad(year, 4)}-${pad(date.getUTCMonth() + 1, 2)}-${pad(date.getUTCDate(), 2)}`;
};

/** The day number of an instant's UTC calendar date. */
export const utcDayNumber = (at: Date): number => Math.floor(at.getTime() / DAY_MS);

/** 0 = Sunday … 6 = Saturday (1970-01-01 was a Thursday). */
export const weekday = (day: number): number => (((day + 4) % 7) + 7) % 7;
