/**
 * Address validation (POST /v1/addresses/validate, and rate's
 * `shippingOptions.addressValidation`; docs/addresses.md): each address goes
 * to its provider, the carrier named, otherwise the first carrier of the
 * company's pricing group (serving the key's mode) whose `validateAddresses`
 * capability covers its country, otherwise the built-in rules. A carrier's
 * validations are cached per company, mode and carrier for a day; the calls
 * are made in chunks of the carrier's `maxPerCall`, all within one carrier
 * timeout, and whatever a carrier does not answer in time, or fails, the
 * built-in rules answer with `CARRIER_UNAVAILABLE`.
 */
import { createHash } from 'node:crypto';
import { CarrierAccountNotConfigured, resolveCarrierAccount } from '../carriers/accounts';
import type { PortCapability } from '../carriers/port';
import type { CarrierRegistry } from '../carriers/registry';
import { config } from '../config';
import { ADDRESS_MESSAGE_CODES, isIsoCountryCode, normaliseAddress, validateBuiltin, type AddressMessageCode } from '../domain/addresses';
import type { AddressMessage, AddressValidation } from '../domain/carrier';
import type { Company, KeyMode, PricingPlan } from '../domain/entities';
import type { Address } from '../domain/rate/schema';
import { clipWithEllipsis, echoed } from '../domain/text-clipping';
import { AppError } from '../errors';
import type { LogPort } from '../observability';
import { cacheValidations, readCachedValidations } from '../store/address-cache';
import { loadCarrierContext } from './carrier-context';
import { callCarrier, failureKind } from './carrier-call';

/** One address's answer: the validation, its messages' codes documented ones, and who gave it (a carrier code, or `builtin`). */
export type ValidatedAddress = Omit<AddressValidation, 'messages'> & {
  messages: Array<Omit<AddressMessage, 'code'> & { code: AddressMessageCode }>;
  validatedBy: string;
};

/** A message as answered: a code no page documents is a carrier's own note. */
const documented = (message: AddressMessage): ValidatedAddress['messages'][number] => ({
  ...message,
  code: Object.hasOwn(ADDRESS_MESSAGE_CODES, message.code) ? (message.code as AddressMessageCode) : 'CARRIER_NOTE',
});
const answered = (result: AddressValidation, validatedBy: string): ValidatedAddress => ({ ...result, messages: result.messages.map(documented), validatedBy });

export type AddressValidationDependencies = {
  registry: CarrierRegistry;
  logger: LogPort;
  clock?: () => Date;
  /** The time every carrier call of one validation shares; the carrier timeout by default. */
  timeoutMs?: number;
};

/** What a carrier's answer keeps at most: suggestions, messages, and the length of a message's texts. */
export const CARRIER_ANSWER_BOUNDS = { suggestions: 5, messages: 10, message: 300, code: 64, json: 32_000 } as const;
/** Carrier calls of one validation in flight at once. */
const PARALLEL_CALLS = 4;
/** The most addresses one call carries, whatever a profile declares. */
const MAX_PER_CALL = 100;

type Provider = { code: string; plan: PricingPlan; capability: PortCapability<'validateAddresses'> };

const covers = (capability: PortCapability<'validateAddresses'>, country: string): boolean =>
  isIsoCountryCode(country) && (capability.countries === '*' || capability.countries.includes(country));

/** The normalised address's SHA-256: what the cache keys a validation by. */
const hashOf = (address: Address): string =>
  createHash('sha256')
    .update(JSON.stringify(Object.entries(address).sort(([a], [b]) => (a < b ? -1 : 1))))
    .digest('base64url');

const builtin = (address: Address, note?: AddressMessage): ValidatedAddress => {
  const result = validateBuiltin(address);
  return answered({ ...result, messages: note ? [...result.messages, note] : result.messages }, 'builtin');
};

/**
 * A carrier's validation as we keep it, or undefined when it is not one:
 * counts and texts bounded, whatever the connector let through.
 */
const bounded = (result: AddressValidation | undefined): AddressValidation | undefined => {
  if (!result || !['verified', 'corrected', 'unverified', 'invalid'].includes(result.status)) return undefined;
  if (!['residential', 'commercial', 'mixed', 'unknown'].includes(result.classification)) return undefined;
  const kept: AddressValidation = {
    status: result.status,
    classification: result.classification,
    suggestions: (result.suggestions ?? []).slice(0, CARRIER_ANSWER_BOUNDS.suggestions),
    messages: (result.messages ?? []).slice(0, CARRIER_ANSWER_BOUNDS.messages).map((m) => ({
      code: clipWithEllipsis(String(m.code), CARRIER_ANSWER_BOUNDS.code),
      message: clipWithEllipsis(String(m.message), CARRIER_ANSWER_BOUNDS.message),
      ...(m.field === undefined ? {} : { field: clipWithEllipsis(String(m.field), CARRIER_ANSWER_BOUNDS.code) }),
    })),
  };
  return JSON.stringify(kept).length <= CARRIER_ANSWER_BOUNDS.json ? kept : undefined;
};

export const createAddressValidationService = ({
  registry,
  logger,
  clock = () => new Date(),
  timeoutMs = config.carrierTimeoutMs,
}: AddressValidationDependencies) => {
  /** The carrier's validations of `addresses` (unique by hash), from the cache or the carrier; the ones it did not give are missing. */
  const viaCarrier = async (
    company: Pick<Company, 'companyId'>,
    mode: KeyMode,
    provider: Provider,
    addresses: ReadonlyMap<string, Address>,
    deadline: number,
  ): Promise<{ found: Map<string, AddressValidation>; failure?: 'timeout' | 'error' }> => {
    const scope = { companyId: company.companyId, mode, carrierCode: provider.code };
    const nowEpoch = Math.floor(clock().getTime() / 1000);
    const found = await readCachedValidations(scope, [...addresses.keys()], nowEpoch);
    const missing = [...addresses].filter(([hash]) => !found.has(hash));
    if (missing.length === 0) return { found };

    let account;
    try {
      account = await resolveCarrierAccount(provider.plan);
    } catch (error) {
      if (!(error instanceof CarrierAccountNotConfigured)) throw error;
      return { found, failure: 'error' };
    }
    const size = Math.max(1, Math.min(Math.floor(provider.capability.maxPerCall) || 1, MAX_PER_CALL));
    const chunks: Array<Array<[string, Address]>> = [];
    for (let i = 0; i < missing.length; i += size) chunks.push(missing.slice(i, i + size));

    const fresh = new Map<string, AddressValidation>();
    let failure: 'timeout' | 'error' | undefined;
    let next = 0;
    const work = async () => {
      while (next < chunks.length) {
        const chunk = chunks[next++]!;
        const remaining = deadline - Date.now();
        if (remaining <= 0) {
          failure ??= 'timeout';
          continue;
        }
        try {
          const answer = await callCarrier(
            provider.code,
            remaining,
            (signal) => provider.capability.validate({ addresses: chunk.map(([, address]) => address) }, { signal, mode, account }),
            'validateAddresses',
          );
          if (!Array.isArray(answer) || answer.length !== chunk.length)
            throw new Error(`answered ${Array.isArray(answer) ? answer.length : 'no'} results for ${chunk.length}`);
          const kept = answer.map(bounded);
          if (kept.some((result) => result === undefined)) throw new Error('answered a result that is no validation');
          // A suggestion keeps what the carrier did not say of the address (the person, the phone): it is the caller's address, fixed.
          chunk.forEach(([hash, address], i) => fresh.set(hash, { ...kept[i]!, suggestions: kept[i]!.suggestions.map((s) => ({ ...address, ...s })) }));
        } catch (error) {
          const kind = failureKind(error);
          failure = failure === 'timeout' || kind === 'timeout' ? 'timeout' : 'error';
          logger.warn('address validation failed', { carrierCode: provider.code, addresses: chunk.length, outcome: kind });
        }
      }
    };
    await Promise.all(Array.from({ length: Math.min(PARALLEL_CALLS, chunks.length) }, work));
    if (fresh.size > 0) await cacheValidations(scope, fresh, nowEpoch);
    for (const [hash, result] of fresh) found.set(hash, result);
    return { found, ...(failure ? { failure } : {}) };
  };

  return {
    /**
     * Each of `addresses`, in order, as its provider reads it (above).
     * Throws AppError 400 when `carrierCode` names no carrier of the
     * pricing group, or one that does not validate addresses.
     */
    async validate(
      company: Pick<Company, 'companyId' | 'pricingGroupId'>,
      addresses: readonly Address[],
      mode: KeyMode,
      carrierCode?: string,
    ): Promise<ValidatedAddress[]> {
      const deadline = Date.now() + timeoutMs;
      const context = await loadCarrierContext(company, mode);
      const providers: Provider[] = context.plans.flatMap((plan) => {
        const capability = registry.port(plan.carrierCode)?.validateAddresses;
        return capability ? [{ code: plan.carrierCode, plan, capability }] : [];
      });
      let named: Provider | undefined;
      if (carrierCode !== undefined) {
        const code = carrierCode.toUpperCase();
        if (!context.plans.some((plan) => plan.carrierCode === code)) {
          throw new AppError(400, 'VALIDATION_FAILED', `carrierCode ${echoed(carrierCode)} is not a carrier of your pricing group`);
        }
        named = providers.find((provider) => provider.code === code);
        if (!named) throw new AppError(400, 'VALIDATION_FAILED', `carrierCode ${code} does not validate addresses; leave it out to use the built-in rules`);
      }

      const results: Array<ValidatedAddress | undefined> = addresses.map(() => undefined);
      const asked = new Map<Provider, Array<{ index: number; hash: string; address: Address }>>();
      addresses.forEach((original, index) => {
        const address = normaliseAddress(original);
        const provider = named ?? providers.find((p) => covers(p.capability, address.countryCode));
        if (!provider || !covers(provider.capability, address.countryCode)) {
          const note: AddressMessage | undefined = named
            ? {
                code: 'CARRIER_COUNTRY_NOT_COVERED',
                message: `${named.code} does not validate addresses in ${echoed(address.countryCode)}; the built-in rules answered`,
                field: 'countryCode',
              }
            : undefined;
          results[index] = builtin(original, note);
          return;
        }
        asked.set(provider, [...(asked.get(provider) ?? []), { index, hash: hashOf(address), address }]);
      });

      await Promise.all(
        [...asked].map(async ([provider, entries]) => {
          const unique = new Map(entries.map(({ hash, address }) => [hash, address]));
          const { found, failure } = await viaCarrier(company, mode, provider, unique, deadline);
          for (const { index, hash } of entries) {
            const result = found.get(hash);
            results[index] = result
              ? answered(result, provider.code)
              : builtin(addresses[index]!, {
                  code: 'CARRIER_UNAVAILABLE',
                  message: `${provider.code} ${failure === 'timeout' ? 'did not answer in time' : 'could not validate the address'}; the built-in rules answered`,
                });
          }
        }),
      );
      return results as ValidatedAddress[];
    },
  };
};

export type AddressValidationService = ReturnType<typeof createAddressValidationService>;
