/**
 * What POST /v1/rate checks of a body beyond its schema (which its route
 * applies, ./schema.ts): the window of shipping dates, relative to the
 * service's clock. Every problem is one `<path> <text>` message
 * (docs/decisions.md), all joined with `; ` in a 400 VALIDATION_FAILED.
 */
import type { ErrorDetail } from '../../errors';
import { dayNumber, isoDate, utcDayNumber } from '../dates';
import { RATE_LIMITS } from './limits';
import { validationError } from '../issues';

// The messages of validation problems (`<path> <text>`) are ../issues.ts, shared with the webhook registration.
export { formatPath, issuesToDetails, issueText, MAX_REPORTED_PROBLEMS, validationError } from '../issues';

/**
 * The window of shipping dates accepted on `now` (docs/decisions.md): from
 * RATE_LIMITS.shippingDatePastDays before today to shippingDateFutureDays
 * after it, today being the UTC date (a day either side covers every time zone
 * within the past allowance).
 */
export const shippingDateWindow = (now: Date): { earliest: string; latest: string } => {
  const today = utcDayNumber(now);
  return { earliest: isoDate(today - RATE_LIMITS.shippingDatePastDays), latest: isoDate(today + RATE_LIMITS.shippingDateFutureDays) };
};

const shippingDateProblem = (shippingDate: string, now: Date): Required<ErrorDetail> | undefined => {
  const { earliest, latest } = shippingDateWindow(now);
  const day = dayNumber(shippingDate);
  if (day >= dayNumber(earliest) && day <= dayNumber(latest)) return undefined;
  return {
    path: 'shippingOptions.shippingDate',
    message: `must be between ${earliest} and ${latest} (${RATE_LIMITS.shippingDatePastDays} days before to ${RATE_LIMITS.shippingDateFutureDays} days after today, UTC)`,
  };
};

/** Throws the 400 of a shipping date outside the window of `now`. */
export const checkShippingDate = (request: { shippingOptions: { shippingDate: string } }, now: Date): void => {
  const problem = shippingDateProblem(request.shippingOptions.shippingDate, now);
  if (problem) throw validationError([problem]);
};
