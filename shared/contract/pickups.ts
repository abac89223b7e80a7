/**
 * Pickups (docs/pickups.md): GET /v1/pickups/availability asks a carrier's
 * windows for a place and day, POST /v1/pickups books one (exactly once per
 * request), GET /v1/pickups lists the company's pickups, GET
 * /v1/pickups/{pickupId} answers one and DELETE /v1/pickups/{pickupId}
 * cancels it at the carrier.
 */
import * as z from '../zod';
import { ADDRESS_FIELDS } from '../carriers/registry';
import { RATE_LIMITS } from '../domain/rate/limits';
import { addressSchemaWith } from '../domain/rate/schema';
import { carrierCode, isoDate, mode, money, namesEachOnce, uuidParam } from './shared-schemas';
import { defineRoute } from './route';

/** Orders one pickup names at most. */
export const MAX_PICKUP_ORDERS = 500;
/** Parcels a pickup without orders declares at most. */
export const MAX_PICKUP_PACKAGES = 999;
/** The heaviest total a pickup declares, in its unit. */
export const MAX_PICKUP_WEIGHT = 50_000;
/** Characters of instructions for the driver. */
export const MAX_PICKUP_INSTRUCTIONS = 200;
/** Pickups one page of the list holds at most. */
export const MAX_PICKUP_PAGE = 50;

const LIMIT_MESSAGE = `must be a whole number from 1 to ${MAX_PICKUP_PAGE}`;

/** A local time of day, 24 h. */
const clockTime = z.string().check(z.regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'must be a time HH:MM (24 h)'));
const postalCode = z.string().check(z.regex(/^[A-Za-z0-9][A-Za-z0-9 -]{0,15}$/, 'must be a postal code (letters, digits, spaces and dashes, at most 16)'));
const countryCode = z.string().check(z.regex(/^[A-Za-z]{2}$/, 'must be a 2-letter ISO country code'), z.toUpperCase());

/** The place a pickup is at: an address as a rate request's shipper is written. */
const location = addressSchemaWith(ADDRESS_FIELDS);

export const pickupAvailabilityQuery = z.object({
  carrierCode: carrierCode.clone().register(z.globalRegistry, { description: 'The carrier (a `code` of GET /v1/carriers), in either case' }),
  postalCode: postalCode.register(z.globalRegistry, { description: 'The postal code of the place' }),
  date: isoDate.clone().register(z.globalRegistry, { description: 'The day (YYYY-MM-DD), from today to 30 days after' }),
  countryCode: z
    .optional(countryCode)
    .register(z.globalRegistry, { description: "The place's country (ISO 3166-1 alpha-2). Default: CA (a company's profile holds no address)" }),
  city: z
    .optional(z.string().check(z.minLength(1), z.maxLength(50)))
    .register(z.globalRegistry, { description: "The place's city: UPS prices a pickup day by the city (422 without it)" }),
  provinceCode: z
    .optional(z.string().check(z.regex(/^[A-Za-z0-9]{2,4}$/, 'must be a province or state code (2 to 4 letters or digits)'), z.toUpperCase()))
    .register(z.globalRegistry, { description: "The place's province or state code" }),
});
export type PickupAvailabilityQuery = z.infer<typeof pickupAvailabilityQuery>;

const windowOfDay = z.object({
  date: z.string().register(z.globalRegistry, { description: 'The day (YYYY-MM-DD)' }),
  readyTime: z.string().register(z.globalRegistry, { description: 'The earliest time the driver comes (HH:MM, local at the place)' }),
  closeTime: z.string().register(z.globalRegistry, { description: 'The latest time the driver comes (HH:MM, local at the place)' }),
});

export const pickupAvailability = z
  .object({
    windows: z
      .array(windowOfDay)
      .register(z.globalRegistry, { description: 'The windows the carrier offers that day, earliest first; none on a day it does not pick up' }),
    cutoffTime: z
      .optional(z.string())
      .register(z.globalRegistry, { description: 'The local time (HH:MM) after which that day can no longer be booked, where the carrier says' }),
  })
  .register(z.globalRegistry, { id: 'PickupAvailability' });
export type PickupAvailabilityData = z.infer<typeof pickupAvailability>;

export const pickupCreateBody = z
  .object({
    carrierCode: carrierCode
      .clone()
      .register(z.globalRegistry, { description: 'The carrier to come (a `code` of GET /v1/carriers), in either case', example: 'CARRIERX' }),
    pickupDate: isoDate.clone().register(z.globalRegistry, { description: 'The day (YYYY-MM-DD), from today to 30 days after', example: '2026-11-30' }),
    readyTime: clockTime.clone().register(z.globalRegistry, { description: 'When the parcels are ready (HH:MM, 24 h, local at the place)', example: '10:00' }),
    closeTime: clockTime
      .clone()
      .register(z.globalRegistry, { description: 'When the place closes (HH:MM, 24 h, local at the place); after readyTime', example: '16:00' }),
    location: z.optional(location).register(z.globalRegistry, {
      description: 'Where the driver comes. Default: the shipper address of the first order named; required without orderIds',
    }),
    orderIds: z
      .optional(z.array(z.guid()).check(z.minLength(1), z.maxLength(MAX_PICKUP_ORDERS), z.refine(namesEachOnce, 'must not name an order twice')))
      .register(z.globalRegistry, {
        description: `The shipments to pick up (at most ${MAX_PICKUP_ORDERS}): each one of the company's, of the carrier and of the key's mode, not cancelled; the load is counted from their packages. Either this or packageCount and totalWeight`,
      }),
    packageCount: z
      .optional(z.number().check(z.int(), z.gte(1), z.lte(MAX_PICKUP_PACKAGES)))
      .register(z.globalRegistry, { description: `Parcels to pick up, 1 to ${MAX_PICKUP_PACKAGES}, when no orders are named` }),
    totalWeight: z
      // At least the smallest measure a rate request takes: DynamoDB and the carriers take no sub-micro values.
      .optional(z.object({ value: z.number().check(z.gte(RATE_LIMITS.smallestPositive), z.lte(MAX_PICKUP_WEIGHT)), unit: z.enum(['kg', 'lb']) }))
      .register(z.globalRegistry, { description: 'Their total weight, when no orders are named' }),
    instructions: z
      .optional(z.string().check(z.maxLength(MAX_PICKUP_INSTRUCTIONS)))
      .register(z.globalRegistry, { description: `For the driver (at most ${MAX_PICKUP_INSTRUCTIONS} characters)` }),
  })
  .check(
    z.refine((body) => !(body.readyTime >= body.closeTime), { message: 'must be before closeTime', path: ['readyTime'] }),
    z.refine((body) => (body.orderIds === undefined) !== (body.packageCount === undefined && body.totalWeight === undefined), {
      message: 'name either orderIds or packageCount and totalWeight',
      path: ['orderIds'],
    }),
    z.refine((body) => body.orderIds !== undefined || (body.packageCount !== undefined && body.totalWeight !== undefined), {
      message: 'packageCount and totalWeight go together',
      path: ['packageCount'],
    }),
    z.refine((body) => body.orderIds !== undefined || body.location !== undefined, {
      message: 'is required when no orders are named',
      path: ['location'],
    }),
  )
  .register(z.globalRegistry, { id: 'PickupCreate' });
export type PickupCreateBody = z.infer<typeof pickupCreateBody>;

export const pickupIdParam = uuidParam('The id POST /v1/pickups returned');
export const pickupParams = z.object({ pickupId: pickupIdParam });

export const pickupListQuery = z.object({
  carrierCode: z.optional(carrierCode.clone()).register(z.globalRegistry, { description: "Only this carrier's pickups" }),
  limit: z
    .optional(
      z.string().check(
        z.regex(/^[1-9]\d{0,2}$/, LIMIT_MESSAGE),
        z.refine((limit) => Number(limit) <= MAX_PICKUP_PAGE, LIMIT_MESSAGE),
      ),
    )
    .register(z.globalRegistry, { description: `Pickups per page, 1 to ${MAX_PICKUP_PAGE} (default 20)` }),
  cursor: z.optional(z.string().check(z.maxLength(512))).register(z.globalRegistry, { description: 'The `nextCursor` of the previous page' }),
});
export type PickupListQuery = z.infer<typeof pickupListQuery>;

export const pickup = z
  .object({
    pickupId: z.string(),
    carrier: z.object({ code: z.string(), name: z.string() }),
    mode,
    status: z.enum(['booking', 'scheduled', 'cancelled', 'failed']).register(z.globalRegistry, {
      description:
        '`scheduled`: the carrier booked it (`confirmationNumber`); `cancelled`: cancelled at the carrier; `booking`: a booking is under way, or its outcome is unknown (creating the same pickup again asks the carrier first, and the reconciler asks it too); `failed`: its outcome stayed unknown and the carrier never showed a booking (docs/pickups.md)',
    }),
    confirmationNumber: z.nullable(z.string()).register(z.globalRegistry, { description: "The carrier's number of the booking; null until it is booked" }),
    pickupDate: z.string(),
    window: z.object({ readyTime: z.string(), closeTime: z.string() }).register(z.globalRegistry, {
      description: 'The window as the carrier booked it (HH:MM, local at the place): the one asked, or the one the carrier gave instead',
    }),
    location,
    orders: z.array(z.string()).register(z.globalRegistry, { description: 'The orders picked up (none when the load was declared)' }),
    packageCount: z.number().check(z.int()),
    totalWeight: z.object({ value: z.number(), unit: z.enum(['kg', 'lb']) }),
    instructions: z.nullable(z.string()),
    charges: z.optional(money).register(z.globalRegistry, { description: 'What the carrier bills for the pickup (an on-demand pickup), where it bills' }),
    createdDate: z.string(),
    cancelledAt: z.nullable(z.string()),
  })
  .register(z.globalRegistry, { id: 'Pickup' });
export type Pickup = z.infer<typeof pickup>;

export const pickupList = z
  .object({
    pickups: z.array(pickup),
    nextCursor: z.nullable(z.string()).register(z.globalRegistry, {
      description: 'Pass it as `cursor` for the next page; null on the last page. A page with a carrier filter may be short and still have a next one',
    }),
  })
  .register(z.globalRegistry, { id: 'PickupList' });
export type PickupList = z.infer<typeof pickupList>;

const notFound404 = {
  description: "No such pickup: another company's, or one of the other mode",
  examples: { notFound: { code: 'NOT_FOUND' as const, message: 'pickup not found' } },
};
const badId400 = { description: 'pickupId is not a UUID', examples: { id: { code: 'VALIDATION_FAILED' as const, message: 'pickupId must be a UUID' } } };
const carrier404 = {
  description: "The carrier is not in the company's pricing group for the key's mode",
  examples: { carrier: { code: 'NOT_FOUND' as const, message: 'carrier not found in your pricing group: CARRIERQ' } },
};

export const pickupsAvailabilityRoute = /* @__PURE__ */ defineRoute({
  name: 'pickups-availability',
  method: 'GET',
  path: '/v1/pickups/availability',
  scopes: ['shipments:pickup'],
  description: "A carrier's pickup windows for a place and day",
  summary: "Ask a carrier's pickup windows for a place and day",
  request: { query: pickupAvailabilityQuery },
  ok: { status: 200, description: 'The windows the carrier offers (local times at the place), and its cut-off where it says', schema: pickupAvailability },
  errors: {
    400: {
      description:
        'A query parameter is malformed (a date that is not YYYY-MM-DD or not from today to 30 days after, a postal code that is not one), or the carrier takes no pickup requests',
      examples: { date: { code: 'VALIDATION_FAILED', message: 'date must be from today to 30 days after' } },
    },
    404: carrier404,
    422: {
      description: 'The carrier refused the question as asked (its reason in the message)',
      examples: { refused: { code: 'CARRIER_REJECTED', message: 'CARRIERX refused: CARRIERX books pickups at most 10 days ahead' } },
    },
    502: { description: 'The carrier failed or did not answer', examples: { carrier: { code: 'CARRIER_ERROR', message: 'CARRIERX did not answer: timeout' } } },
  },
});

export const pickupsCreateRoute = /* @__PURE__ */ defineRoute({
  name: 'pickups-create',
  method: 'POST',
  path: '/v1/pickups',
  scopes: ['shipments:pickup'],
  description: 'Book a pickup with a carrier: exactly one booking per distinct request',
  summary: 'Book a pickup with a carrier',
  request: { body: { schema: pickupCreateBody, required: true } },
  ok: { status: 201, description: 'The pickup the carrier booked (`status: scheduled`)', schema: pickup },
  alternatives: {
    200: {
      description:
        'The same request again (the same body from the same company and mode) while its pickup is scheduled: that pickup, with `Idempotent-Replayed: true`; likewise a create that waited for a concurrent one of the same request',
      schema: pickup,
      headers: { 'Idempotent-Replayed': 'IdempotentReplayed' },
    },
  },
  errors: {
    400: {
      description:
        'The body is not a pickup request (times not HH:MM or readyTime not before closeTime, a date not from today to 30 days after, neither or both of orderIds and packageCount with totalWeight, no location without orders, a bound exceeded), a named order is cancelled, or the carrier takes no pickup requests',
      examples: {
        window: { code: 'VALIDATION_FAILED', message: 'readyTime must be before closeTime' },
        cancelled: { code: 'VALIDATION_FAILED', message: 'orderIds[0] is a cancelled shipment: there is nothing to pick up' },
      },
    },
    404: {
      description:
        "The carrier is not in the company's pricing group for the key's mode, or a named order is not one of the company's shipments of that carrier and mode",
      examples: { order: { code: 'NOT_FOUND', message: 'order not found among your CARRIERX shipments: 3f0e…' } },
    },
    409: {
      description: 'A create of the same request is booking it right now: retry after `Retry-After` seconds to get its pickup',
      examples: { busy: { code: 'PICKUP_BUSY', message: 'This pickup is being booked by another request; retry shortly to get it' } },
      retryAfter: true,
    },
    422: {
      description: 'The carrier refused the pickup as requested (its reason in the message): nothing was booked',
      examples: { refused: { code: 'CARRIER_REJECTED', message: 'CARRIERX refused the pickup: CARRIERX does not pick up on Saturdays' } },
    },
    502: {
      description:
        'The carrier failed or did not answer. Its outcome may be unknown: the pickup stays `booking`; the same request again asks the carrier for it before booking, and the reconciler settles it',
      examples: {
        carrier: {
          code: 'CARRIER_ERROR',
          message: 'CARRIERX did not answer the booking: timeout. Its outcome is unknown: the same request again asks CARRIERX first',
        },
      },
    },
  },
});

export const pickupsListRoute = /* @__PURE__ */ defineRoute({
  name: 'pickups-list',
  method: 'GET',
  path: '/v1/pickups',
  scopes: ['shipments:pickup'],
  description: "The company's pickups of the key's mode, newest first, a page at a time",
  summary: "List the company's pickups, newest first",
  request: { query: pickupListQuery },
  ok: { status: 200, description: "The pickups of the key's mode, newest first, a page at a time (`nextCursor`)", schema: pickupList },
  errors: {
    400: {
      description: 'A query parameter is malformed: a limit outside 1–50, or a cursor this list did not give',
      examples: { cursor: { code: 'VALIDATION_FAILED', message: 'cursor is not a cursor of this list' } },
    },
  },
});

export const pickupGetRoute = /* @__PURE__ */ defineRoute({
  name: 'pickup-get',
  method: 'GET',
  path: '/v1/pickups/{pickupId}',
  scopes: ['shipments:pickup'],
  description: 'One pickup',
  summary: 'Get one pickup',
  request: { params: pickupParams },
  ok: { status: 200, description: 'The pickup', schema: pickup },
  errors: { 400: badId400, 404: notFound404 },
});

export const pickupCancelRoute = /* @__PURE__ */ defineRoute({
  name: 'pickup-cancel',
  method: 'DELETE',
  path: '/v1/pickups/{pickupId}',
  scopes: ['shipments:pickup'],
  description: 'Cancel a pickup at its carrier',
  summary: 'Cancel a pickup',
  request: { params: pickupParams },
  ok: { status: 200, description: 'The pickup, `status: cancelled`; cancelling again answers the same', schema: pickup },
  errors: {
    400: badId400,
    404: notFound404,
    409: {
      description:
        'The carrier will no longer cancel it (past its cut-off, driver dispatched: its reason in the message), the pickup was never booked (`failed`), or its booking is under way (`PICKUP_BUSY`, retry after `Retry-After`)',
      examples: {
        cutOff: { code: 'PICKUP_NOT_CANCELLABLE', message: 'CARRIERX will not cancel the pickup: the driver is dispatched (cut-off 09:00 on 2026-11-30)' },
        busy: { code: 'PICKUP_BUSY', message: 'This pickup is still being booked; retry shortly' },
      },
      retryAfter: true,
    },
    502: {
      description: 'The carrier failed or did not answer; the pickup is unchanged: cancel again',
      examples: { carrier: { code: 'CARRIER_ERROR', message: 'CARRIERX could not cancel the pickup: timeout' } },
    },
  },
});
