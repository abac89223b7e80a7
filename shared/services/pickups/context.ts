/** What the parts of the pickup service share (docs/pickups.md): their dependencies, the carrier of a pickup and how it is called. */
import { randomUUID } from 'node:crypto';
import { carrierAccountById, isAccountNotConfigured, resolveCarrierAccount } from '../../carriers/accounts';
import type { PortCapability } from '../../carriers/port';
import type { CarrierRegistry } from '../../carriers/registry';
import type { CarrierCallOptions } from '../../domain/carrier';
import type { Company, KeyMode, PricingPlan } from '../../domain/entities';
import { echoed } from '../../domain/text-clipping';
import { AppError, notFound } from '../../errors';
import type { LogPort } from '../../observability';
import { runtimeWith, type Runtime, type RuntimeOverrides } from '../../process-runtime';
import type { PickupRecord } from '../../store/pickups';
import { loadCarrierContext } from '../carrier-context';

/** How long a create waits for a concurrent create of the same request before answering 409 PICKUP_BUSY. */
export const CREATE_WAIT_MS = 8_000;

export type PickupDependencies = RuntimeOverrides & {
  registry: CarrierRegistry;
  logger: LogPort;
  newId?: () => string;
  /** How long a create waits for a concurrent one (CREATE_WAIT_MS). */
  waitMs?: number;
};

export type PickupContext = Runtime & { registry: CarrierRegistry; logger: LogPort; newId: () => string; waitMs: number };

export const contextOf = (dependencies: PickupDependencies): PickupContext => ({
  ...runtimeWith(dependencies),
  registry: dependencies.registry,
  logger: dependencies.logger,
  newId: dependencies.newId ?? randomUUID,
  waitMs: dependencies.waitMs ?? CREATE_WAIT_MS,
});

export const badRequest = (path: string, message: string) => new AppError(400, 'VALIDATION_FAILED', `${path} ${message}`, { details: [{ path, message }] });

/** The answer to a carrier account that cannot be used: nothing reached the carrier, and the operator must fix it. */
export const accountUnusable = (carrierCode: string, message: string) =>
  new AppError(502, 'CARRIER_ERROR', `${carrierCode} could not be asked: ${message}`, { expose: true });

export { isAccountNotConfigured };

/**
 * The carrier a caller names for a pickup: in the company's pricing group
 * for the key's mode (404 otherwise, as a rate would not quote it), with the
 * pickups capability (400 otherwise), and its plan.
 */
export const pickupCarrier = async (
  context: Pick<PickupContext, 'registry'>,
  company: Pick<Company, 'pricingGroupId'>,
  mode: KeyMode,
  asked: string,
): Promise<{ carrierCode: string; pickups: PortCapability<'pickups'>; plan: PricingPlan }> => {
  const carrierCode = asked.toUpperCase();
  const carriers = await loadCarrierContext(company, mode);
  const plan = carriers.plans.find((p) => p.carrierCode === carrierCode);
  if (!plan || !carriers.carriers.some((c) => c.code === carrierCode)) throw notFound(`carrier not found in your pricing group: ${echoed(asked)}`);
  const pickups = context.registry.port(carrierCode)?.pickups;
  if (!pickups) throw badRequest('carrierCode', `${carrierCode} takes no pickup requests through this API`);
  return { carrierCode, pickups, plan };
};

/** What a call about a new pickup is made under: the key's mode (a test key reaches a carrier's test environment only) and the plan's account. */
export const planCallOptions = async (plan: PricingPlan, mode: KeyMode): Promise<Omit<CarrierCallOptions, 'signal'>> => ({
  mode,
  account: await resolveCarrierAccount(plan),
});

/** What a call about a booked pickup is made under: its mode and the account that booked it. */
export const pickupCallOptions = async (
  pickup: Pick<PickupRecord, 'mode' | 'carrierAccountId' | 'carrierCode'>,
): Promise<Omit<CarrierCallOptions, 'signal'>> => ({
  mode: pickup.mode,
  ...(pickup.carrierAccountId ? { account: await carrierAccountById(pickup.carrierAccountId, { carrierCode: pickup.carrierCode }) } : {}),
});
