/**
 * The README's sample rate body (events/rate-body.json) with its shipping date
 * moved to tomorrow: a stored sample date would leave the accepted window
 * (7 days back, 90 ahead) as time passes.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { isoDate, utcDayNumber } from '../../shared/domain/dates';

export const SAMPLE_RATE_BODY_FILE = join(__dirname, '..', '..', 'events', 'rate-body.json');

/** A shipping date inside the window: `days` after today (UTC), tomorrow by default. */
export const shippingDateIn = (days = 1, now = new Date()): string => isoDate(utcDayNumber(now) + days);

/** A fresh copy of the sample body, shipping tomorrow. */
export const sampleRateBody = (now = new Date()) => {
  const body = JSON.parse(readFileSync(SAMPLE_RATE_BODY_FILE, 'utf8'));
  body.shippingOptions.shippingDate = shippingDateIn(1, now);
  return body;
};
