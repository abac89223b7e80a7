import { defineCommand } from '../command';
import { AdminError } from '../errors';
import { plansByAccount } from '../lookups';
import { uuidOf } from '../values';

/**
 * Removes an account and then every secret of it (credentials, push
 * credentials). Refused while a plan names it, and while orders bought under
 * it are not final or a carrier call made under it is being reconciled: their
 * tracking and cancel need it (shared/store/account-usage.ts counts them
 * without a Scan). Functions keep a plan and an account cached for
 * REFERENCE_CACHE_SECONDS, so an order may still be bought under an account
 * within that time after its plan moved: docs/configuration.md says to wait
 * that long before removing it.
 */
export const carrierAccountRemove = defineCommand({
  kind: 'carrier-account-remove',
  words: 'carrier-account remove',
  options: { id: { type: 'string', value: 'ID', required: true, description: 'the carrier account id', parse: uuidOf('a carrier account id') } },
  quiet: true,
  help: [
    '-> {"carrierAccountId","removed":true}   (deletes every secret of it too: credentials and',
    '   push credentials; refused while a pricing plan names it, or while orders bought under it',
    '   are not delivered or cancelled: it says how many. Wait REFERENCE_CACHE_SECONDS after',
    '   moving its plans)',
  ],
  build: (v) => ({ carrierAccountId: v.id }),
  run: async ({ carrierAccountId }) => {
    const [{ deleteCarrierAccount, getCarrierAccount }, { deleteAccountSecrets }, { loadReference }, { accountUsage }, { ItemNotFound }] = await Promise.all([
      import('../../shared/store/carrier-accounts'),
      import('../../shared/secrets'),
      import('../../shared/store/reference'),
      import('../../shared/store/account-usage'),
      import('../../shared/store/errors'),
    ]);
    const account = await getCarrierAccount(carrierAccountId);
    if (!account) throw new ItemNotFound('carrier account', carrierAccountId);
    const plans = plansByAccount((await loadReference()).plansByGroup).get(carrierAccountId) ?? [];
    if (plans.length > 0) {
      const named = plans.map((p) => `${p.pricingGroupId}/${p.carrierCode}`).join(', ');
      throw new AdminError(
        `carrier account ${carrierAccountId} is used by the pricing plan(s) ${named}: set them to another account first ` +
          `(pricing-group set-plan --group G --carrier ${account.carrierCode} --carrier-account ID, or none for a sandbox carrier)`,
      );
    }
    const { openOrders, pendingCalls } = await accountUsage(carrierAccountId);
    if (openOrders > 0 || pendingCalls > 0) {
      const uses = [
        ...(openOrders > 0 ? [`${openOrders} order${openOrders === 1 ? '' : 's'} not yet delivered or cancelled`] : []),
        ...(pendingCalls > 0 ? [`${pendingCalls} carrier call${pendingCalls === 1 ? '' : 's'} whose outcome is still being reconciled`] : []),
      ];
      throw new AdminError(
        `carrier account ${carrierAccountId} is still used by ${uses.join(' and ')}: ${account.carrierCode} is reached through it ` +
          'to track, cancel or reconcile them; remove it once they are final (delivered or cancelled)',
      );
    }
    // The item as deleted: push credentials issued since it was read are removed too.
    const removed = await deleteCarrierAccount(carrierAccountId);
    if (!removed) throw new ItemNotFound('carrier account', carrierAccountId);
    await deleteAccountSecrets(removed);
    return { carrierAccountId, removed: true };
  },
});
