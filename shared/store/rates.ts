/**
 * Rate requests and rate responses (DESIGN.md §3). Both expire after
 * RATE_TTL_HOURS: DynamoDB's TTL deletes them eventually, and every read
 * checks `expiresAt` explicitly because TTL deletion can lag by hours.
 *
 * The rate request is stored as one JSON string (`requestJson`), not as a
 * DynamoDB map: billingOptions is free-form (spec 2.11), and a map would hand
 * its keys and numbers to the marshaller, which refuses some of them (a key
 * named `constructor`, a number outside DynamoDB's range, nesting past 32
 * levels). A string stores any accepted request as it was validated.
 */
import * as z from 'zod';
import { keys } from './keys';
import { getItem, putAll } from './table-ops';

export type StoredRateRequest = {
  requestId: string;
  companyId: string;
  /** The validated request as rated (generalNote already stripped). */
  request: Record<string, unknown>;
  createdDate: string;
  expiresAt: string;
};

/** The full internal record of one rate: public fields plus carrier account, margins, billing. */
export type StoredRateResponse = Record<string, unknown> & {
  rateResponseId: string;
  rateRequestId: string;
  companyId: string;
  createdDate: string;
  expiresAt: string;
};

const epochSeconds = (iso: string) => Math.floor(Date.parse(iso) / 1000);

export const saveRateResults = async (request: StoredRateRequest, responses: StoredRateResponse[]): Promise<void> => {
  const { request: body, ...meta } = request;
  await putAll([
    {
      ...keys.rateRequest(request.requestId),
      entityType: 'rateRequest',
      ...meta,
      requestJson: JSON.stringify(body),
      expiresAtEpoch: epochSeconds(request.expiresAt),
    },
    ...responses.map((r) => ({
      ...keys.rateResponse(r.rateResponseId),
      ...r,
      entityType: 'rateResponse',
      expiresAtEpoch: epochSeconds(r.expiresAt),
    })),
  ]);
};

const rateRequestItem = z
  .object({
    requestId: z.string(),
    companyId: z.string(),
    requestJson: z.string(),
    createdDate: z.string(),
    expiresAt: z.string(),
  })
  .transform(({ requestJson, ...rest }): StoredRateRequest => ({ ...rest, request: JSON.parse(requestJson) as Record<string, unknown> }));

const rateResponseItem = z
  .looseObject({
    rateResponseId: z.string(),
    rateRequestId: z.string(),
    companyId: z.string(),
    createdDate: z.string(),
    expiresAt: z.string(),
  })
  .transform(({ pk: _pk, sk: _sk, expiresAtEpoch: _e, ...rest }) => rest as StoredRateResponse);

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
