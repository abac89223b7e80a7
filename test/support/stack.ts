/**
 * A fresh table and bucket per integration test file, in the emulators that
 * global-setup.ts started. Call `useFreshStack()` at the top of a file: its
 * beforeAll creates a uniquely named table and bucket, points TABLE_NAME /
 * BUCKET_NAME at them and loads the reference data; afterAll drops the table.
 */
import { randomBytes } from 'node:crypto';
import { DeleteTableCommand, DynamoDBClient } from '@aws-sdk/client-dynamodb';
import type { Company } from '../../shared/domain/entities';
import { ensureTableAndBucket } from '../../local/provision';
import type { RuntimeFile } from '../../local/runtime-files';
import type { CreateApiKeyInput } from '../../shared/store/api-keys';
import type { CreateCompanyInput } from '../../shared/store/companies';

export type FreshStack = {
  /** Valid once beforeAll has run. */
  readonly tableName: string;
  readonly bucketName: string;
  readonly referenceItems: number;
  createCompany: (input?: Partial<CreateCompanyInput>) => Promise<Company>;
  createKey: (companyId: string, input?: Omit<CreateApiKeyInput, 'companyId'>) => Promise<{ keyId: string; apiKey: string }>;
  /** A company (pricing group `default` unless given) and a key with every scope. */
  createCompanyWithKey: (input?: Partial<CreateCompanyInput>) => Promise<{ company: Company; keyId: string; apiKey: string }>;
  /** Every item of the table, all pages, read consistently (what a search for secrets or a write-count goes through). */
  scanAll: () => Promise<Array<Record<string, unknown>>>;
};

const assertEmulators = () => {
  // Never let an integration test reach a real AWS account.
  if (!process.env.AWS_ENDPOINT_URL_DYNAMODB || !process.env.AWS_ENDPOINT_URL_S3) {
    throw new Error('useFreshStack needs the emulators of test/support/global-setup.ts (run the `integration` Jest project)');
  }
};

export const uniqueName = (prefix: string) => `${prefix}-${Date.now().toString(36)}-${randomBytes(4).toString('hex')}`;

export const useFreshStack = (): FreshStack => {
  const state = { tableName: '', bucketName: '', referenceItems: 0 };

  beforeAll(async () => {
    assertEmulators();
    state.tableName = uniqueName('it-table');
    state.bucketName = uniqueName('it-bucket');
    process.env.TABLE_NAME = state.tableName;
    process.env.BUCKET_NAME = state.bucketName;
    await ensureTableAndBucket();
    const { seedReferenceData } = await import('../../shared/store/seed');
    state.referenceItems = (await seedReferenceData()).items;
  }, 60_000);

  afterAll(async () => {
    if (!state.tableName) return;
    const client = new DynamoDBClient({});
    try {
      await client.send(new DeleteTableCommand({ TableName: state.tableName }));
    } finally {
      client.destroy();
    }
  });

  const createCompany = async (input: Partial<CreateCompanyInput> = {}) => {
    const companies = await import('../../shared/store/companies');
    return companies.createCompany({ name: `Company ${randomBytes(3).toString('hex')}`, ...input });
  };
  const createKey = async (companyId: string, input: Omit<CreateApiKeyInput, 'companyId'> = {}) => {
    const apiKeys = await import('../../shared/store/api-keys');
    return apiKeys.createApiKey({ companyId, ...input });
  };

  return {
    get tableName() {
      return state.tableName;
    },
    get bucketName() {
      return state.bucketName;
    },
    get referenceItems() {
      return state.referenceItems;
    },
    createCompany,
    createKey,
    createCompanyWithKey: async (input = {}) => {
      const company = await createCompany(input);
      return { company, ...(await createKey(company.companyId)) };
    },
    scanAll: async () => {
      const { ScanCommand } = await import('../../shared/aws/dynamodb');
      const { ddb } = await import('../../shared/aws/dynamodb-client');
      const items: Array<Record<string, unknown>> = [];
      let start: Record<string, unknown> | undefined;
      do {
        const page = await ddb.send(new ScanCommand({ TableName: state.tableName, ConsistentRead: true, ExclusiveStartKey: start }));
        items.push(...(page.Items ?? []));
        start = page.LastEvaluatedKey;
      } while (start);
      return items;
    },
  };
};

/**
 * A runtime file (what `npm start` leaves in DATA_DIR/runtime.json) naming a
 * running local stack: this fresh stack's table and bucket on the test's
 * emulators, the given process as its runtime, and an API no one listens on.
 * What a test of the admin CLI or `npm run invoke` points them at.
 */
export const runtimeFileOf = (stack: Pick<FreshStack, 'tableName' | 'bucketName'>, overrides: Partial<RuntimeFile> = {}): RuntimeFile => ({
  pid: process.pid,
  startedAt: new Date().toISOString(),
  apiUrl: 'http://127.0.0.1:1/v1',
  port: 1,
  region: 'us-east-1',
  tableName: stack.tableName,
  bucketName: stack.bucketName,
  dynamodb: { endpoint: process.env.AWS_ENDPOINT_URL_DYNAMODB!, pid: overrides.pid ?? process.pid },
  s3: { endpoint: process.env.AWS_ENDPOINT_URL_S3! },
  ...overrides,
});
