/**
 * The rate wire format a transport answers with: `{ quotes: CarrierQuote[] }`
 * as JSON. Connectors parse every answer with it, so a transport that returns
 * something else (a proxy error page, a changed carrier API) becomes a
 * CarrierError instead of a broken rate further down.
 */
import * as z from '../../zod';
import { CarrierError, type CarrierQuote } from '../../domain/carrier';

const localized = z.record(z.string(), z.string());
const minorUnits = z.number().check(z.int());

const quoteSchema = z.object({
  carrierCode: z.string().check(z.minLength(1)),
  serviceCode: z.string().check(z.minLength(1)),
  currency: z.string().check(z.regex(/^[A-Z]{3}$/)),
  fxRate: z.number().check(z.positive()),
  charges: z.array(
    z.object({
      code: z.string().check(z.minLength(1)),
      billingCode: z.string(),
      name: localized,
      type: z.enum(['base', 'fuel', 'surcharge', 'accessorial', 'duties']),
      chips: z.array(z.string()),
      amount: minorUnits,
    }),
  ),
  taxes: z.array(z.object({ code: z.string().check(z.minLength(1)), name: localized, rateBp: z.number().check(z.gte(0)) })),
  commitment: z.nullable(
    z.object({
      commitDate: z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/)),
      commitTime: z.string().check(z.regex(/^\d{2}:\d{2}$/)),
      timezoneCode: z.string().check(z.minLength(1)),
      guaranteed: z.boolean(),
    }),
  ),
});

export const rateWireSchema = z.object({ quotes: z.array(quoteSchema) });
export type RateWire = { quotes: CarrierQuote[] };

/** Reads a transport's answer for `carrierCode`; every quote must be that carrier's. */
export function parseRateWire(carrierCode: string, raw: unknown): CarrierQuote[] {
  const parsed = rateWireSchema.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue && issue.path.length > 0 ? ` at ${issue.path.join('.')}` : '';
    throw new CarrierError(carrierCode, `${carrierCode} answered with a malformed rate response${where}: ${issue?.message ?? 'unreadable'}`);
  }
  const foreign = parsed.data.quotes.find((q) => q.carrierCode !== carrierCode);
  if (foreign) throw new CarrierError(carrierCode, `${carrierCode} answered with a quote of ${foreign.carrierCode}`);
  return parsed.data.quotes;
}
