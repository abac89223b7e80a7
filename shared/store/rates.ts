/**
 * Rate requests and rate responses (docs/architecture.md, the table). Both expire after
 * RATE_TTL_HOURS: DynamoDB's TTL deletes them eventually, and every read
 * checks `expiresAt` explicitly because TTL deletion can lag by hours.
 *
 * Writing them is most of a rate request's cost, so both are small: a rate
 * response is the domain's compact record (shared/domain/rate/stored.ts),
 * its charges one JSON string of tuples, under 1 KB and so one write unit,
 * read by ship with one GetItem by its id;
 * the rate request is one gzip-compressed JSON document (`requestGzip`), not a
 * DynamoDB map. Compressed, a typical request is a few hundred bytes and one
 * write unit, and a request of 200 packages a few. As a string, billingOptions
 * (free-form, spec 2.11) never meets the marshaller, which refuses some of
 * what it may hold (a key named `constructor`, a number outside DynamoDB's
 * range, nesting past 32 levels): any accepted request is stored as it was
 * validated.
 */
import { gunzipSync, gzipSync } from 'node:zlib';
import * as z from '../zod';
import { flag, num, optionalText, text } from '../domain/leaves';
import type { StoredRate } from '../domain/rate/stored';
import { keyModeSchema, type KeyMode } from '../domain/entities';
import { keys } from './keys';
import { getItem, putAll } from './table-ops';

export type StoredRateRequest = {
  requestId: string;
  companyId: string;
  /** The validated request as rated (generalNote already stripped). */
  request: Record<string, unknown>;
  createdDate: string;
  expiresAt: string;
  /** The mode of the key that rated (its rate responses carry it too). */
  mode: KeyMode;
  /** The shipper's and recipient's validation, when the request asked for it (docs/addresses.md): ship does not validate again. */
  addressValidation?: { shipper: unknown; recipient: unknown };
};

export type { StoredRate };

const epochSeconds = (iso: string) => Math.floor(Date.parse(iso) / 1000);

/**
 * zlib's output chunk (the bytes written are the same for any size): its
 * default, 16 KiB, is allocated and filled for a request that compresses to a
 * few hundred bytes, about a third of gzipSync's time on a warm rate request
 * (24 -> 17 us for the bench's request); a larger request takes more chunks.
 */
const GZIP_OPTIONS = { chunkSize: 1024 } as const;

/** The items of one rate request and its responses, as written. */
export const rateItems = (request: StoredRateRequest, responses: readonly StoredRate[]) => {
  const { request: body, addressValidation, ...meta } = request;
  return [
    {
      ...keys.rateRequest(request.requestId),
      entityType: 'rateRequest',
      ...meta,
      requestGzip: gzipSync(JSON.stringify(body), GZIP_OPTIONS),
      // Compressed with the request: a carrier's text never meets the marshaller.
      ...(addressValidation ? { addressValidationGzip: gzipSync(JSON.stringify(addressValidation), GZIP_OPTIONS) } : {}),
      expiresAtEpoch: epochSeconds(request.expiresAt),
    },
    // Charges are one JSON string of tuples: as DynamoDB lists of numbers they were most of the
    // SDK's marshalling time on a warm rate request, and larger.
    ...responses.map(({ charges, ...rest }) => ({
      ...keys.rateResponse(rest.rateResponseId),
      entityType: 'rateResponse',
      ...rest,
      charges: JSON.stringify(charges),
      expiresAtEpoch: epochSeconds(rest.expiresAt),
    })),
  ];
};

export const saveRateResults = async (request: StoredRateRequest, responses: readonly StoredRate[]): Promise<void> => {
  await putAll(rateItems(request, responses));
};

const rateRequestItem = z.pipe(
  z.object({
    requestId: text,
    companyId: text,
    requestGzip: z.instanceof(Uint8Array),
    createdDate: text,
    expiresAt: text,
    mode: z._default(keyModeSchema, 'live'),
    addressValidationGzip: z.optional(z.instanceof(Uint8Array)),
  }),
  z.transform(({ requestGzip, addressValidationGzip, ...rest }): StoredRateRequest => ({
    ...rest,
    request: JSON.parse(gunzipSync(requestGzip).toString('utf8')) as Record<string, unknown>,
    ...(addressValidationGzip
      ? { addressValidation: JSON.parse(gunzipSync(addressValidationGzip).toString('utf8')) as StoredRateRequest['addressValidation'] }
      : {}),
  })),
);

const tier = z.tuple([num, num, num]);
const storedCharges = z.array(z.tuple([text, num, num, num]));

const storedRate = z.object({
  rateResponseId: text,
  rateRequestId: text,
  companyId: text,
  createdDate: text,
  expiresAt: text,
  pricingGroupId: text,
  carrierCode: text,
  serviceCode: text,
  accountNumber: text,
  carrierAccountId: optionalText,
  isThirdParty: flag,
  commitment: z.nullable(z.object({ commitDate: text, commitTime: text, timezoneCode: text, guaranteed: flag })),
  currency: text,
  fxRate: num,
  charges: storedCharges,
  totals: z.object({ retail: tier, account: tier, discounted: tier }),
  margin: tier,
  discountBp: z.object({ account: num, customer: num }),
  mode: z._default(keyModeSchema, 'live'),
}) satisfies z.ZodMiniType<StoredRate>;

const chargesJson = z.pipe(
  text,
  z.transform((text, ctx) => {
    const parsed = storedCharges.safeParse(JSON.parse(text));
    if (parsed.success) return parsed.data;
    ctx.issues.push({ code: 'custom', message: `stored charges are malformed: ${parsed.error.message}`, input: text });
    return z.NEVER;
  }),
);

const rateResponseItem = z.extend(storedRate, { charges: chargesJson });

export type Lookup<T> = { status: 'found'; item: T } | { status: 'missing' } | { status: 'expired'; item: T };

/**
 * A rate item as its owner sees it: another company's item is `missing`, never
 * revealed; an item past `expiresAt` is `expired` even if TTL has not removed it.
 */
const lookup = <T extends { companyId: string; expiresAt: string }>(item: T | undefined, companyId: string, now: Date): Lookup<T> => {
  if (!item || item.companyId !== companyId) return { status: 'missing' };
  if (Date.parse(item.expiresAt) <= now.getTime()) return { status: 'expired', item };
  return { status: 'found', item };
};

export const getRateRequest = async (requestId: string, companyId: string, now = new Date()) =>
  lookup(await getItem(keys.rateRequest(requestId), rateRequestItem, true), companyId, now);

export const getRateResponse = async (rateResponseId: string, companyId: string, now = new Date()) =>
  lookup(await getItem(keys.rateResponse(rateResponseId), rateResponseItem, true), companyId, now);

/** Reads a rate response item with `extra`, another view of the same item (ship reads its claim with it): one GetItem. */
export const getRateResponseWith = async <E>(rateResponseId: string, companyId: string, extra: z.ZodMiniType<E>, now = new Date()) => {
  const both = await getItem(keys.rateResponse(rateResponseId), z.intersection(rateResponseItem, extra), true);
  return { rate: lookup(both, companyId, now), extra: both as E | undefined };
};
