/**
 * Everything POST /v1/rate decides before asking a carrier, of a body its
 * route has read with the schema, in the order the errors are reported: the
 * organization may rate, packagingType strings resolve, the shipping date
 * is in its window, the request fits a stored item, third-party billing is
 * allowed, then which carriers are quoted and whether the packagingType rule
 * of carrier X (and any carrier whose connector needs packagingType) holds.
 */
import { AppError } from '../../errors';
import { jsonBytes } from '../json';
import type { Company } from '../entities';
import { assertBillingAllowed } from './billing';
import { carriersToQuote, type CarriersToQuoteInput } from './carriers';
import { assertPackagingTypeForQuotedCarriers, resolvePackagingTypes, type PackagingCatalog } from './packaging';
import { STORED_RATE_REQUEST_FIELDS, type RateRequest, type RateRequestBody } from './schema';
import { checkShippingDate } from './validate';

export type PrepareRateRequestInput = {
  body: RateRequestBody;
  company: Pick<Company, 'userId' | 'blacklist'>;
  packaging: PackagingCatalog;
  groupCarriers: CarriersToQuoteInput['groupCarriers'];
  services?: CarriersToQuoteInput['services'];
  /** Carriers whose connector needs packagingType on every piece when quoted (carrier X, spec 2.5). */
  packagingRequiredBy: readonly string[];
  /** The shipping date window is relative to this instant. */
  now: Date;
};

export type PreparedRateRequest = {
  /** The validated request, its declared fields and billingOptions only: what is stored as the rate request. */
  request: RateRequest;
  /** The same request as carriers receive it (`commercialInvoice.generalNote` stripped, spec 2.9). */
  carrierRequest: RateRequest;
  /** Carrier codes to quote; empty means 422 NO_RATES without calling any carrier. */
  carriers: string[];
};

/** The request carriers rate: `generalNote` is stripped before rating (spec 2.9). */
export const requestForCarriers = (request: RateRequest): RateRequest => {
  if (request.commercialInvoice === undefined) return request;
  const { generalNote: _generalNote, ...commercialInvoice } = request.commercialInvoice;
  return { ...request, commercialInvoice };
};

/**
 * A stored rate request is one DynamoDB item (400 KB at most). The bounds of
 * the schema and the body limit keep it far below this; the check makes a
 * breach a 400 before any carrier is asked, never a failed write after.
 */
export const MAX_STORED_REQUEST_BYTES = 300 * 1024;

/** The declared fields and billingOptions (docs/decisions.md): extra root properties are accepted, ignored and not stored. */
export const declaredFieldsOf = (request: RateRequest): RateRequest => {
  const source = request as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  for (const field of STORED_RATE_REQUEST_FIELDS) {
    if (Object.hasOwn(source, field) && source[field] !== undefined) out[field] = source[field];
  }
  return out as RateRequest;
};

export const prepareRateRequest = (input: PrepareRateRequestInput): PreparedRateRequest => {
  if (!input.company.userId) {
    throw new AppError(400, 'VALIDATION_FAILED', 'organization has no user; rating requires one');
  }
  const request = declaredFieldsOf(resolvePackagingTypes(input.body, input.packaging));
  checkShippingDate(request, input.now);
  if (jsonBytes(request) > MAX_STORED_REQUEST_BYTES) {
    throw new AppError(400, 'VALIDATION_FAILED', `body is too large to store as a rate request (more than ${MAX_STORED_REQUEST_BYTES} bytes as JSON)`);
  }
  assertBillingAllowed(request.billingOptions, input.company.blacklist);
  const carriers = carriersToQuote({ request, groupCarriers: input.groupCarriers, services: input.services });
  assertPackagingTypeForQuotedCarriers(request, carriers, input.packagingRequiredBy);
  return { request, carrierRequest: requestForCarriers(request), carriers };
};
