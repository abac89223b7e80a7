/** Companies (organizations): pricing group, billing, user, third-party blacklist. */
import { randomUUID } from 'node:crypto';
import { ddb, UpdateCommand } from '../aws';
import { config } from '../config';
import { companySchema, type Company } from '../domain/entities';
import { expressionOf, requestPlaceholders } from './expressions';
import { getPricingGroup } from './reference-views';
import { ItemNotFound } from './errors';
import { keys } from './keys';
import { getItem, isConditionalCheckFailed, putItem } from './table-ops';

export type CreateCompanyInput = {
  name: string;
  pricingGroupId?: string;
  billing?: 'account' | 'prepaid';
  /** false creates an organization without a user, which cannot rate (spec part 7). */
  withUser?: boolean;
};

export const createCompany = async (input: CreateCompanyInput): Promise<Company> => {
  const pricingGroupId = input.pricingGroupId ?? 'default';
  if (!(await getPricingGroup(pricingGroupId))) throw new ItemNotFound('pricing group', pricingGroupId);
  const company: Company = {
    companyId: randomUUID(),
    name: input.name,
    ...(input.withUser === false ? {} : { userId: randomUUID() }),
    pricingGroupId,
    billing: input.billing ?? 'account',
    blacklist: [],
    createdDate: new Date().toISOString(),
  };
  await putItem({ ...keys.company(company.companyId), entityType: 'company', ...company }, { ifAbsent: true });
  return company;
};

export const getCompany = async (companyId: string): Promise<Company | undefined> => getItem(keys.company(companyId), companySchema);

export const addToBlacklist = async (companyId: string, account: string): Promise<void> => {
  try {
    const e = expressionOf();
    const blacklist = e.name('blacklist');
    const update = e.expression(`SET ${blacklist} = list_append(${blacklist}, ${e.value('added', [account])})`);
    const notListed = e.expression(`${e.exists('pk')} AND NOT ${e.contains('blacklist', account, 'account')}`);
    await ddb.send(
      new UpdateCommand({
        TableName: config.tableName,
        Key: keys.company(companyId),
        UpdateExpression: update.expression,
        ConditionExpression: notListed.expression,
        ...requestPlaceholders(update, notListed),
      }),
    );
  } catch (e) {
    if (!isConditionalCheckFailed(e)) throw e;
    const company = await getCompany(companyId);
    if (!company) throw new ItemNotFound('company', companyId);
    // Already blacklisted: adding it again changes nothing.
  }
};
