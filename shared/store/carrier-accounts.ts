/**
 * Carrier accounts (`CARRIERACCT#<id>` / `CARRIERACCT`): registered by the
 * operator (admin `carrier-account add`), never written by a function (the
 * prefix is one of the function list's OPERATOR_PREFIXES, so IAM fences every
 * function's writes away from it). An item holds the account number and a
 * reference to where the credentials live (shared/secrets.ts), never the
 * credentials. Pricing plans name an account by id (`carrierAccountId`).
 */
import { ddb, DeleteCommand, ScanCommand } from '../aws';
import { config } from '../config';
import { carrierAccountSchema, type CarrierAccountRecord } from '../domain/entities';
import { all, conditionOf, expressionOf, itemAbsent, itemExists, requestPlaceholders } from './expressions';
import { keys, PK_PREFIX } from './keys';
import { memoReference } from './memo';
import { conditionalPut, conditionalUpdate, ConditionFailed, getItem, isConditionalCheckFailed } from './table-ops';

const ENTITY_TYPE = 'carrierAccount';

const itemOf = (account: CarrierAccountRecord) => ({
  ...keys.carrierAccount(account.carrierAccountId),
  entityType: ENTITY_TYPE,
  ...carrierAccountSchema.parse(account),
});

/** Writes a new account; throws ConditionFailed when one with its id exists. */
export const putCarrierAccount = async (account: CarrierAccountRecord): Promise<void> => {
  await conditionalPut(itemOf(account), itemAbsent());
};

/**
 * Sets the account's push credentials (admin `carrier-account push-credentials`),
 * only while they are still `previous` (none, or the client id being replaced):
 * two operators generating at once cannot both win. False when the account is
 * gone or its push credentials changed meanwhile.
 */
export const setPushCredentials = async (
  carrierAccountId: string,
  pushCredentials: NonNullable<CarrierAccountRecord['pushCredentials']>,
  previousClientId: string | undefined,
): Promise<boolean> => {
  try {
    const e = expressionOf();
    const update = e.expression(e.update({ set: { pushCredentials } }));
    const unchanged =
      previousClientId === undefined ? e.absent('pushCredentials') : `${e.path('pushCredentials', 'clientId')} = ${e.value('previous', previousClientId)}`;
    await conditionalUpdate(keys.carrierAccount(carrierAccountId), update, e.expression(all(e.exists('pk'), unchanged)));
    return true;
  } catch (e) {
    if (e instanceof ConditionFailed) return false;
    throw e;
  }
};

/** The account as stored now (strongly consistent): for the admin CLI. */
export const getCarrierAccount = async (carrierAccountId: string): Promise<CarrierAccountRecord | undefined> =>
  getItem(keys.carrierAccount(carrierAccountId), carrierAccountSchema, true);

/**
 * The account as the carrier calls see it: cached per container like the
 * reference data (REFERENCE_CACHE_SECONDS, shared/store/memo.ts), since a
 * rate asks for the account of every carrier of the plan. A removed account
 * (or a new one) is seen within that time, as a changed plan is.
 */
export const cachedCarrierAccount = (carrierAccountId: string): Promise<CarrierAccountRecord | undefined> =>
  memoReference(`carrier-account:${carrierAccountId}`, () => getItem(keys.carrierAccount(carrierAccountId), carrierAccountSchema));

/**
 * Every account, by carrier then name. Operator only: it scans the table
 * (the accounts have a partition each), which no function's role may do.
 */
export const listCarrierAccounts = async (): Promise<CarrierAccountRecord[]> => {
  const accounts: CarrierAccountRecord[] = [];
  const e = expressionOf();
  const filter = e.expression(all(e.beginsWith('pk', PK_PREFIX.carrierAccount, 'prefix'), e.equals('sk', keys.carrierAccount('').sk)));
  let start: Record<string, unknown> | undefined;
  do {
    const out = await ddb.send(
      new ScanCommand({
        TableName: config.tableName,
        FilterExpression: filter.expression,
        ...requestPlaceholders(filter),
        ExclusiveStartKey: start,
      }),
    );
    accounts.push(...(out.Items ?? []).map((item) => carrierAccountSchema.parse(item)));
    start = out.LastEvaluatedKey;
  } while (start);
  return accounts.sort(
    (a, b) => a.carrierCode.localeCompare(b.carrierCode) || a.name.localeCompare(b.name) || a.carrierAccountId.localeCompare(b.carrierAccountId),
  );
};

/**
 * Deletes an account; the item as it was when deleted (its secrets' references,
 * push credentials issued meanwhile included), or undefined when there was none.
 */
export const deleteCarrierAccount = async (carrierAccountId: string): Promise<CarrierAccountRecord | undefined> => {
  try {
    const out = await ddb.send(
      new DeleteCommand({ TableName: config.tableName, Key: keys.carrierAccount(carrierAccountId), ...conditionOf(itemExists()), ReturnValues: 'ALL_OLD' }),
    );
    return carrierAccountSchema.parse(out.Attributes);
  } catch (e) {
    if (isConditionalCheckFailed(e)) return undefined;
    throw e;
  }
};
