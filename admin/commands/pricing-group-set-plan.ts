import type { PricingPlan } from '../../shared/domain/entities';
import { customerDiscountForMarkup } from '../../shared/domain/rate/pricing';
import { carriers } from '../../shared/reference/carriers';
import { sandboxAccountNumber } from '../../shared/reference/pricing-groups';
import { defineCommand } from '../command';
import { AdminError } from '../errors';
import { storedCarrier } from '../lookups';
import { sandboxCarriersNote } from '../target';
import { carrierCode, InvalidValue, percentBp, uuidOf } from '../values';

/** Largest markup accepted: ten times the account price, far past any list price. */
export const MAX_MARKUP_PERCENT = 1000;

const carrierAccountId = uuidOf('a carrier account id');

export const pricingGroupSetPlan = defineCommand({
  kind: 'pricing-group-set-plan',
  words: 'pricing-group set-plan',
  options: {
    group: {
      type: 'string',
      value: 'G',
      required: true,
      description: 'the pricing group id',
      parse: (value, option) => {
        if (!/^[a-z0-9-]{1,64}$/.test(value))
          throw new InvalidValue(`${option} must be a pricing group id (lowercase letters, digits, dashes), got "${value}"`);
        return value;
      },
    },
    carrier: { type: 'string', value: 'CODE', required: true, description: 'the carrier of the plan (any case)', parse: carrierCode },
    'carrier-account': {
      type: 'string',
      value: 'ID|none',
      description: "the account the carrier's calls use; none: the plan's own sandbox account (kept when left out)",
      parse: (value, option) => (value.toLowerCase() === 'none' ? null : carrierAccountId(value, option)),
    },
    'markup-percent': {
      type: 'string',
      value: 'P',
      description: 'customer price = account price x (1 + P/100), capped at the list price',
      parse: percentBp(MAX_MARKUP_PERCENT),
    },
    'account-discount-percent': { type: 'string', value: 'D', description: 'account price = list price - D% (the negotiated price)', parse: percentBp(100) },
    services: {
      type: 'string',
      value: 'a,b|all',
      description: 'the service codes offered, comma-separated; all: every enabled service',
      parse: (value, option) => {
        const listed = value
          .split(',')
          .map((s) => s.trim().toUpperCase())
          .filter(Boolean);
        if (listed.length === 0) throw new InvalidValue(`${option} needs at least one service code, or "all"`);
        return listed.length === 1 && listed[0] === 'ALL' ? [] : [...new Set(listed)];
      },
    },
  },
  help: [
    '-> the plan   Creates or updates the plan of group G for carrier CODE. Prices:',
    '   account = list price - D% (the negotiated price; kept when not given, 0 for a new plan),',
    '   customer = account price x (1 + P/100), capped at the list price (kept when not given;',
    '   a new plan without P sells at the list price). --carrier-account names the account',
    '   the carrier\'s calls use (kept when not given; "none" for the plan\'s own sandbox',
    '   account); a live carrier needs one. --services: the service codes offered ("all":',
    '   every enabled service). Functions see the change within REFERENCE_CACHE_SECONDS.',
    `   A plan of a sandbox carrier (${carriers
      .filter((c) => c.network === 'sandbox')
      .map((c) => c.code)
      .join(', ')}) quotes only for the`,
    '   keys SANDBOX_CARRIERS allows (prod: test keys only; a note on stderr says so).',
  ],
  build: (v) => ({
    pricingGroupId: v.group,
    carrierCode: v.carrier,
    // null: detach the plan from its account ("none"); absent: keep the plan's.
    ...(v['carrier-account'] !== undefined ? { carrierAccountId: v['carrier-account'] } : {}),
    ...(v['markup-percent'] !== undefined ? { markupBp: v['markup-percent'] } : {}),
    ...(v['account-discount-percent'] !== undefined ? { accountDiscountBp: v['account-discount-percent'] } : {}),
    ...(v.services !== undefined ? { services: v.services } : {}),
  }),
  run: async (command, { target, io }) => {
    const [{ getCarrierAccount }, { putPricingPlan }, { ConditionFailed }] = await Promise.all([
      import('../../shared/store/carrier-accounts'),
      import('../../shared/store/reference'),
      import('../../shared/store/table-ops'),
    ]);
    const { reference, carrier } = await storedCarrier(command.carrierCode);
    const { pricingGroupId, carrierCode } = command;
    if (!reference.pricingGroups.has(pricingGroupId)) {
      throw new AdminError(`unknown pricing group "${pricingGroupId}"; known: ${[...reference.pricingGroups.keys()].sort().join(', ')}`);
    }
    const existing = reference.plansByGroup.get(pricingGroupId)?.find((p) => p.carrierCode === carrierCode);

    const accountId = command.carrierAccountId === null ? undefined : (command.carrierAccountId ?? existing?.carrierAccountId);
    const account = accountId === undefined ? undefined : await getCarrierAccount(accountId);
    if (accountId !== undefined && !account) {
      const kept = command.carrierAccountId === undefined ? ` (the plan's current account; give --carrier-account ID, or none for a sandbox carrier)` : '';
      throw new AdminError(`carrier account not found: ${accountId}${kept}`);
    }
    if (account && account.carrierCode !== carrierCode) {
      throw new AdminError(`carrier account ${account.carrierAccountId} is a ${account.carrierCode} account, not a ${carrierCode} one`);
    }
    if (carrier.network === 'live' && !account) {
      throw new AdminError(`${carrierCode} is a live carrier: its plan needs a carrier account (--carrier-account ID; see carrier-account add)`);
    }

    const services = command.services ?? existing?.services ?? [];
    const known = new Set((reference.servicesByCarrier.get(carrierCode) ?? []).map((s) => s.code));
    const unknown = services.filter((code) => !known.has(code));
    if (unknown.length > 0) throw new AdminError(`unknown ${carrierCode} service ${unknown.join(', ')}; known: ${[...known].sort().join(', ')}`);

    const accountDiscountBp = command.accountDiscountBp ?? existing?.accountDiscountBp ?? 0;
    const customerDiscountBp =
      command.markupBp !== undefined ? customerDiscountForMarkup(accountDiscountBp, command.markupBp) : (existing?.customerDiscountBp ?? 0);
    const plan: PricingPlan = {
      pricingGroupId,
      carrierCode,
      account: {
        accountNumber:
          account?.accountNumber ??
          (existing && existing.carrierAccountId === undefined ? existing.account.accountNumber : sandboxAccountNumber(pricingGroupId, carrierCode)),
      },
      ...(account ? { carrierAccountId: account.carrierAccountId } : {}),
      accountDiscountBp,
      customerDiscountBp,
      services,
      currency: existing?.currency ?? 'CAD',
    };
    try {
      await putPricingPlan(plan);
    } catch (e) {
      if (e instanceof ConditionFailed) throw new AdminError(`carrier account ${plan.carrierAccountId} was removed meanwhile; the plan is unchanged`);
      throw e;
    }
    if (carrier.network === 'sandbox') io.note?.(sandboxCarriersNote([carrierCode], target));
    return plan;
  },
});
