/**
 * The API's contract, written once (docs/architecture.md, "The contract"):
 * one file per group of endpoints under shared/contract/ with the zod schema
 * of each path parameter, query parameter, request body and response body,
 * and each endpoint's route object (./route.ts). The HTTP wrapper validates
 * with them, services return their inferred types, and tooling/openapi.ts
 * builds openapi.json from them (`register(z.globalRegistry, { id })` names
 * a component). Services import the response schemas as types; a function
 * loads only its endpoint's file.
 *
 * This file: the pieces every endpoint shares.
 */
import * as z from '../zod';
import { ERROR_CODES, errorCodes } from '../errors';
import { keyModeSchema, transitStatusSchema } from '../domain/entities';

/** Localized text keyed by language code. */
export const localized = z
  .record(z.string(), z.string())
  .register(z.globalRegistry, { description: 'Localized text keyed by language code (en, fr)', example: { en: 'Ground', fr: 'Sol' } });

export const money = z.object({ amount: z.number(), currency: z.string() });

/** The mode of the key that made a rate or an order. */
export const mode = keyModeSchema.clone().register(z.globalRegistry, {
  description:
    'The mode of the API key that made it: `test` for a test key (`<test prefix>_api_...`), whose rates and orders only test keys see; `live` otherwise',
});

export const transitStatus = transitStatusSchema.clone().register(z.globalRegistry, {
  description:
    '`pending` until pickup, `intransit` (out for delivery included), `delivered`, `cancelled` (voided before pickup), `exception` (a problem on the way, which may clear). `delivered` and `cancelled` are final.',
});

/**
 * An id the service issued, as a path parameter: a UUID in any case
 * (`format: uuid`). A value that is not one is answered 400
 * `VALIDATION_FAILED` "<name> must be a UUID".
 */
export const uuidParam = (description: string) => z.guid({ error: 'must be a UUID' }).register(z.globalRegistry, { description });

const isCalendarDate = (value: string) => {
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
};
/** A calendar date `YYYY-MM-DD`; the window around today is the service's (it needs the clock). */
export const isoDate = z
  .string()
  .check(z.regex(/^\d{4}-\d{2}-\d{2}$/, { message: 'must be a date YYYY-MM-DD', abort: true }), z.refine(isCalendarDate, 'must be a calendar date'));
/** A carrier code as a caller writes it: letters, digits and `_`, in either case. */
export const carrierCode = z
  .string()
  .check(z.minLength(1), z.maxLength(32, { abort: true }), z.regex(/^[A-Za-z0-9_]+$/, 'must be a carrier code (letters and digits)'));

/** Ids named once each, in any case (a UUID is the same in any case). */
export const namesEachOnce = (ids: readonly unknown[]) => new Set(ids.map((id) => String(id).toLowerCase())).size === ids.length;

/** `{ "data": <schema> }`, the body of every successful JSON answer. */
export const envelope = <T extends z.ZodMiniType>(schema: T) => z.object({ data: schema });

export const errorCode = z.enum(errorCodes).register(z.globalRegistry, {
  id: 'ErrorCode',
  description: `The kind of error, with the HTTP statuses it comes with: ${errorCodes.map((code) => `\`${code}\` ${ERROR_CODES[code].join('/')}`).join(', ')}.`,
  example: 'VALIDATION_FAILED',
});

export const errorBody = z
  .object({
    error: z.object({
      code: errorCode,
      message: z.string(),
      details: z
        .optional(z.array(z.object({ path: z.optional(z.string()), message: z.string() })))
        .register(z.globalRegistry, { description: 'One entry per problem (validation), the path in dot and bracket form, e.g. `packages.pieces[0].weight`' }),
    }),
  })
  .register(z.globalRegistry, { description: 'The body of every error answer' });
export type ErrorBody = z.infer<typeof errorBody>;
