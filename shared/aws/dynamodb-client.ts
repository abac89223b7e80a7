/**
 * The DynamoDB client, one per container, created on first use with the
 * limits of ./clients.ts: the service's light client (./dynamodb.ts), not
 * the AWS SDK's. `ddb` stands in for the client (../lazy.ts): `ddb.send(...)`
 * builds it on its first call. The S3 client (./s3.ts) is loaded apart
 * (`loadS3` of ./index.ts), never reachable from here.
 */
import { withoutSdkLogging } from './clients';
import { lazy } from '../lazy';
import { traced } from '../observability';
import { DynamoClient } from './dynamodb';

export const createDocumentClient = (): DynamoClient => traced(withoutSdkLogging(new DynamoClient()));

export const ddb: DynamoClient = /* @__PURE__ */ lazy(() => createDocumentClient());
