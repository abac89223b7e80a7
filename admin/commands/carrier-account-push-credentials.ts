import { randomBytes } from 'node:crypto';
import { defineCommand } from '../command';
import { AdminError } from '../errors';
import { uuidOf } from '../values';

/**
 * The client id and secret a carrier uses to push tracking events to this
 * API (docs/ups.md, "Track Alert"): the secret stored like the account's
 * credentials, the account item given the client id and the secret's
 * reference, the pair answered once. With --rotate, replaces the pair the
 * account has (its secret deleted once the new one is in place).
 */
export const carrierAccountPushCredentials = defineCommand({
  kind: 'carrier-account-push-credentials',
  words: 'carrier-account push-credentials',
  options: {
    id: { type: 'string', value: 'ID', required: true, description: 'the carrier account id', parse: uuidOf('a carrier account id') },
    rotate: { type: 'boolean', description: 'replace the pair it has (the old pair stops working at once)' },
  },
  quiet: true,
  help: [
    '-> {"carrierAccountId","clientId","clientSecret","tokenPath","eventPath"}   The client id and',
    '   secret a carrier that pushes tracking (UPS Track Alert) uses to reach this API: enter',
    '   them, with <ApiUrl> + the paths (v1/carriers/<carrier>/push/token and /events), in the',
    '   carrier\'s portal (UPS: "Manage Webhook Credentials"). The secret is shown this once and',
    "   stored like the account's credentials; --rotate replaces existing ones (the old pair",
    '   stops working at once).',
  ],
  build: (v) => ({ carrierAccountId: v.id, rotate: v.rotate }),
  run: async (command) => {
    const [
      { credentialsDestination, deleteCarrierCredentials, storeCarrierCredentials },
      { getCarrierAccount, setPushCredentials },
      { CARRIER_PROFILES },
      { newPushClient },
      { carrierPushPaths },
    ] = await Promise.all([
      import('../../shared/secrets'),
      import('../../shared/store/carrier-accounts'),
      import('../../shared/carriers/registry'),
      import('../../shared/domain/push-token'),
      import('../../shared/functions'),
    ]);
    const account = await getCarrierAccount(command.carrierAccountId);
    if (!account) throw new AdminError(`carrier account not found: ${command.carrierAccountId}`);
    // The generic push routes serve every connector that pushes (subscribes, and reads what it is pushed).
    if (!CARRIER_PROFILES.some((p) => p.code === account.carrierCode && p.network === 'live' && p.capabilities.push)) {
      throw new AdminError(
        `carrier account ${account.carrierAccountId} is a ${account.carrierCode} account, and ${account.carrierCode} does not push tracking events`,
      );
    }
    if (account.pushCredentials && !command.rotate) {
      throw new AdminError(
        `carrier account ${account.carrierAccountId} already has push credentials (client id ${account.pushCredentials.clientId}); give --rotate to replace them`,
      );
    }
    const destination = credentialsDestination();
    if (!destination) {
      throw new AdminError(
        'carrier-account push-credentials: no secret store. On a deployed stage set CARRIER_SECRET_PREFIX to the ' +
          "stack's CarrierSecretPrefix output; locally, run it while npm start is running (same DATA_DIR).",
      );
    }
    const client = newPushClient(account.carrierAccountId, randomBytes);
    const secretRef = await storeCarrierCredentials(account, { clientSecret: client.clientSecret }, destination, {
      suffix: client.secretSuffix,
      purpose: `Push credentials (client id ${client.clientId})`,
    });
    const stored = await setPushCredentials(
      account.carrierAccountId,
      { clientId: client.clientId, secretRef, createdDate: new Date().toISOString() },
      account.pushCredentials?.clientId,
    ).catch(async (e: unknown) => {
      await deleteCarrierCredentials(secretRef).catch(() => undefined);
      throw e;
    });
    if (!stored) {
      await deleteCarrierCredentials(secretRef).catch(() => undefined);
      throw new AdminError(`carrier account ${account.carrierAccountId} was removed or given other push credentials meanwhile; nothing changed`);
    }
    if (account.pushCredentials) await deleteCarrierCredentials(account.pushCredentials.secretRef);
    const paths = carrierPushPaths(account.carrierCode);
    return {
      carrierAccountId: account.carrierAccountId,
      clientId: client.clientId,
      clientSecret: client.clientSecret,
      tokenPath: paths.token,
      eventPath: paths.events,
    };
  },
});
