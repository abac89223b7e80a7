/**
 * Validation of the POST /v1/rate body (spec 2.1–2.13, part 8) into a typed
 * `RateRequest`. Every problem becomes one `<path> <text>` message
 * (docs/decisions.md), all joined with `; ` in a 400 VALIDATION_FAILED.
 */
import type { ErrorDetail } from '../../errors';
import { dayNumber, isoDate, utcDayNumber } from '../dates';
import { RATE_LIMITS } from './limits';
import { issuesToDetails, issueText, validationError } from '../issues';
import { rateRequestSchemaWith, type RateRequest } from './schema';

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

/** The schema of each list of carriers' address fields, built on first use: one list a registry, so a handful at most. */
const schemas = new Map<string, ReturnType<typeof rateRequestSchemaWith>>();
const schemaWith = (carrierAddressFields: readonly string[]) => {
  const key = carrierAddressFields.join(',');
  let schema = schemas.get(key);
  if (!schema) schemas.set(key, (schema = rateRequestSchemaWith(carrierAddressFields)));
  return schema;
};

/**
 * Validates a parsed JSON body (packagingType strings already resolved, see
 * ./packaging.ts) on the date `now`, its addresses with the fields the
 * carriers add to them (their profiles' `addressFields`). Returns the request
 * with codes upper-cased and unknown nested properties of non-strict objects
 * stripped; the root keeps its extra properties (spec 2.1).
 */
export const validateRateRequest = (body: unknown, now: Date, carrierAddressFields: readonly string[] = []): RateRequest => {
  const result = schemaWith(carrierAddressFields).safeParse(body, { error: issueText });
  if (!result.success) throw validationError(issuesToDetails(result.error.issues));
  const dateProblem = shippingDateProblem(result.data.shippingOptions.shippingDate, now);
  if (dateProblem) throw validationError([dateProblem]);
  return result.data;
};
