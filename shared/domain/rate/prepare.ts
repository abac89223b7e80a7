/**
 * Everything POST /v1/rate decides before asking a carrier, in the order the
 * errors are reported: the organization may rate, packagingType strings
 * resolve, the body validates, third-party billing is allowed, then which
 * carriers are quoted and whether carrier X's packagingType rule holds.
 */
import { AppError } from '../../errors';
import type { Company } from '../types';
import { assertBillingAllowed } from './billing';
import { carriersToQuote, type CarriersToQuoteInput } from './carriers';
import { assertPackagingTypeForQuotedCarriers, resolvePackagingTypes, type PackagingCatalog } from './packaging';
import type { RateRequest } from './schema';
import { validateRateRequest } from './validate';

export type PrepareRateRequestInput = {
  body: unknown;
  company: Pick<Company, 'userId' | 'blacklist'>;
  packaging: PackagingCatalog;
  groupCarriers: CarriersToQuoteInput['groupCarriers'];
  services?: CarriersToQuoteInput['services'];
};

export type PreparedRateRequest = {
  /** The validated request, to store as the rate request. */
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

export const prepareRateRequest = (input: PrepareRateRequestInput): PreparedRateRequest => {
  if (!input.company.userId) {
    throw new AppError(400, 'VALIDATION_FAILED', 'organization has no user; rating requires one');
  }
  const request = validateRateRequest(resolvePackagingTypes(input.body, input.packaging));
  assertBillingAllowed(request.billingOptions, input.company.blacklist);
  const carriers = carriersToQuote({ request, groupCarriers: input.groupCarriers, services: input.services });
  assertPackagingTypeForQuotedCarriers(request, carriers);
  return { request, carrierRequest: requestForCarriers(request), carriers };
};
