/**
 * The demo company of the local runtime and its two keys (a live and a
 * test one, each with every scope), kept in DATA_DIR/demo.json so a restart
 * prints the same ones.
 */
import { createApiKey, getApiKeyByHash, hashApiKey } from '../shared/store/api-keys';
import { createCompany, getCompany } from '../shared/store/companies';
import { dataPaths, readDemoFile, writeDemoFile, type DemoFile } from './runtime-files';

const DEMO_COMPANY_NAME = 'Demo Company';

/** A test key with every scope for the demo company. */
const demoTestKey = async (companyId: string): Promise<Pick<DemoFile, 'testKeyId' | 'testApiKey'>> => {
  const key = await createApiKey({ companyId, scopes: [], mode: 'test' });
  return { testKeyId: key.keyId, testApiKey: key.apiKey };
};

/**
 * The demo company and its keys of demo.json, or new ones on first start (or
 * when the table lost them). A demo.json from before test keys gets its test key now.
 */
export const ensureDemo = async (dataDir: string, warn: (line: string) => void): Promise<{ demo: DemoFile; created: boolean; testCreated: boolean }> => {
  const existing = readDemoFile(dataDir);
  if (existing) {
    const company = await getCompany(existing.companyId);
    const key = company ? await getApiKeyByHash(hashApiKey(existing.apiKey)) : undefined;
    if (company && key) {
      if (!key.active)
        warn(`note: the demo API key ${existing.keyId} is revoked; create another with \`npm run -s admin -- key create --company ${existing.companyId}\``);
      const testKey = existing.testApiKey ? await getApiKeyByHash(hashApiKey(existing.testApiKey)) : undefined;
      if (testKey) {
        if (!testKey.active)
          warn(
            `note: the demo test key ${existing.testKeyId} is revoked; create another with \`npm run -s admin -- key create --company ${existing.companyId} --mode test\``,
          );
        return { demo: existing, created: false, testCreated: false };
      }
      const demo = { ...existing, ...(await demoTestKey(existing.companyId)) };
      writeDemoFile(dataDir, demo);
      return { demo, created: false, testCreated: true };
    }
    warn(`note: ${dataPaths(dataDir).demo} names a company or key the table does not hold; creating a new demo company`);
  }
  const company = await createCompany({ name: DEMO_COMPANY_NAME, pricingGroupId: 'default', billing: 'account', withUser: true });
  const key = await createApiKey({ companyId: company.companyId, scopes: [] });
  const demo: DemoFile = {
    companyId: company.companyId,
    companyName: company.name,
    keyId: key.keyId,
    apiKey: key.apiKey,
    createdDate: company.createdDate,
    ...(await demoTestKey(company.companyId)),
  };
  writeDemoFile(dataDir, demo);
  return { demo, created: true, testCreated: true };
};
