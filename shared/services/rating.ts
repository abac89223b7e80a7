/**
 * Rating (POST /v1/rate, spec 4.4): load the company's carrier context and
 * packaging, prepare the request (domain), fan out to the carriers, join and
 * price the quotes (domain), store the results, and return the public rates.
 * Registry, clock, ids and logger are injected, so the service is tested
 * without patching modules.
 */
import type { RateResponse } from '../contract/rate';
import { randomUUID } from 'node:crypto';
import { fanOutRates, type RateJob, type RateFailure } from '../carriers/fanout';
import { CarrierAccountNotConfigured, resolveCarrierAccount } from '../carriers/accounts';
import type { CarrierRegistry } from '../carriers/registry';
import { config } from '../config';
import { enabledServices } from '../domain/catalog-shaping';
import {
  buildRateResults,
  joinQuotes,
  prepareRateRequest,
  shortfallOf,
  toStoredRate,
  unavailableCarriers,
  type RateRequestBody,
  type RejectedQuote,
} from '../domain/rate';
import type { Company, KeyMode } from '../domain/entities';
import { AppError } from '../errors';
import { type LogPort, recordRatesReturned } from '../observability';
import { listCompanyBoxes, listDefaultPackaging } from '../store/packaging';
import { saveRateResults } from '../store/rates';
import { createAddressValidationService, type AddressValidationService, type ValidatedAddress } from './address-validation';
import { loadCarrierContext } from './carrier-context';

export type RatingDependencies = {
  registry: CarrierRegistry;
  /** The shipper's and recipient's validation (`shippingOptions.addressValidation`); over `registry` by default. */
  addresses?: AddressValidationService;
  clock?: () => Date;
  newId?: () => string;
  logger: LogPort;
};

/** `data` of POST /v1/rate: its contract's type (shared/contract/rate.ts). */
export type RateResponseData = RateResponse;

const noRates = (detail: string) => new AppError(422, 'NO_RATES', `No rates were returned for this shipment: ${detail}`);

/**
 * The shipper and recipient as `shippingOptions.addressValidation` asks
 * (docs/addresses.md): nothing for `none`; their validation otherwise, the
 * recipient's `residential` taken from its classification when the caller
 * did not send it; `strict` refuses an `invalid` one, before any carrier is
 * asked to rate.
 */
const validateParties = async (
  addresses: AddressValidationService,
  company: Company,
  body: RateRequestBody,
  mode: KeyMode,
): Promise<{ body: RateRequestBody; validation?: { shipper: ValidatedAddress; recipient: ValidatedAddress } }> => {
  const option = body.shippingOptions.addressValidation ?? 'none';
  if (option === 'none') return { body };
  const [shipper, recipient] = (await addresses.validate(company, [body.shipper, body.recipient], mode)) as [ValidatedAddress, ValidatedAddress];
  if (option === 'strict') {
    for (const [party, result] of [
      ['shipper', shipper],
      ['recipient', recipient],
    ] as const) {
      if (result.status !== 'invalid') continue;
      throw new AppError(422, 'ADDRESS_INVALID', `The ${party} address is invalid: ${result.messages.map((m) => m.message).join('; ')}`, {
        details: result.messages.map((m) => ({ path: m.field ? `${party}.${m.field}` : party, message: m.message })),
      });
    }
  }
  const known = recipient.classification === 'residential' || recipient.classification === 'commercial';
  const filled =
    body.recipient.residential === undefined && known
      ? { ...body, recipient: { ...body.recipient, residential: recipient.classification === 'residential' } }
      : body;
  return { body: filled, validation: { shipper, recipient } };
};

export const createRatingService = ({
  registry,
  clock = () => new Date(),
  newId = randomUUID,
  logger,
  addresses = createAddressValidationService({ registry, logger, clock }),
}: RatingDependencies) => ({
  /** Rates `body`, as the route read it, for `company` with a key of `mode`; throws AppError 400/422 for the interface's refusals. */
  async rate(company: Company, asSent: RateRequestBody, mode: KeyMode): Promise<RateResponseData> {
    const now = clock();
    const { body, validation } = await validateParties(addresses, company, asSent, mode);
    const [context, defaults, companyBoxes] = await Promise.all([
      loadCarrierContext(company, mode),
      listDefaultPackaging(),
      listCompanyBoxes(company.companyId),
    ]);
    const enabled = new Map(context.plans.map((plan) => [plan.carrierCode, enabledServices(context.servicesByCarrier.get(plan.carrierCode) ?? [], plan)]));

    const prepared = prepareRateRequest({
      body,
      company,
      packaging: { defaults, companyBoxes },
      groupCarriers: context.plans.map((p) => p.carrierCode),
      services: [...enabled.values()].flat(),
      packagingRequiredBy: registry.packagingRequiredBy,
      now,
    });
    if (prepared.carriers.length === 0) throw noRates('no carrier of your pricing group can quote this selection');

    const failures: RateFailure[] = [];
    // What each carrier is sent that the caller must not read back in its words (the plan's account, not the caller's).
    const sent = new Map<string, string[]>();
    const jobs: RateJob[] = (
      await Promise.all(
        prepared.carriers.map(async (code): Promise<RateJob[]> => {
          const carrier = registry.port(code);
          const plan = context.plans.find((p) => p.carrierCode === code);
          if (!carrier || !plan) {
            failures.push({ carrierCode: code, reason: 'error', message: `no ${carrier ? 'pricing plan' : 'carrier connector'} for ${code}` });
            return [];
          }
          try {
            // The plan's account bills the quote; a plan whose account is gone drops that carrier, never the request.
            const account = await resolveCarrierAccount(plan);
            sent.set(code, [plan.account.accountNumber, account.accountNumber, ...(account.contractId ? [account.contractId] : [])]);
            // A test key's rate reaches a live carrier's test environment only (the connector picks it by mode).
            return [{ carrier, input: { request: prepared.carrierRequest, plan, services: enabled.get(code) ?? [] }, call: { account, mode } }];
          } catch (error) {
            if (!(error instanceof CarrierAccountNotConfigured)) throw error;
            failures.push({ carrierCode: code, reason: 'not-configured', message: error.message });
            return [];
          }
        }),
      )
    ).flat();

    const fanOut = await fanOutRates(jobs, { logger });
    failures.push(...fanOut.failures);
    const joined = joinQuotes(
      fanOut.quotes.map((q) => q.quote),
      context,
    );

    const requestId = newId();
    const results = buildRateResults({
      requestId,
      companyId: company.companyId,
      request: prepared.request,
      quotes: joined.quoted,
      now,
      lifetimeSeconds: config.rateTtlHours * 3600,
      newId,
    });
    const rejected: RejectedQuote[] = [...joined.rejected, ...results.rejected];
    if (rejected.length > 0) logger.error('quotes rejected', { rejected });
    if (failures.length > 0) logger.warn('carriers without a rate', { failures });
    if (results.public.length === 0) {
      const reasons = failures.map((f) => `${f.carrierCode}: ${f.reason}`).join(', ');
      throw noRates(reasons ? `no carrier rate matched (${reasons})` : 'no carrier rate matched the selection');
    }

    // The rate request lives exactly as long as its rate responses.
    const { expiresAt } = results.internal[0]!;
    await saveRateResults(
      {
        requestId,
        companyId: company.companyId,
        request: prepared.request,
        createdDate: now.toISOString(),
        expiresAt,
        mode,
        ...(validation ? { addressValidation: validation } : {}),
      },
      results.internal.map((rate) => toStoredRate(rate, mode)),
    );
    recordRatesReturned(results.public.length);
    const unavailable = unavailableCarriers({
      groupCarriers: context.plans.map((p) => p.carrierCode),
      catalog: context.carriers,
      asked: prepared.carriers,
      shortfalls: failures.map((f) => shortfallOf(f, sent.get(f.carrierCode))),
      rated: results.rated,
    });
    return { requestId, mode, rates: results.public, unavailable, ...(validation ? { addressValidation: validation } : {}) };
  },
});

export type RatingService = ReturnType<typeof createRatingService>;
