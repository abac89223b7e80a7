/**
 * The DynamoDB client, one per container, created on first use with the
 * limits of ../aws-clients.ts: the service's light client (./dynamo.ts), not
 * the AWS SDK's. `ddb` stands in for the client (../lazy.ts): `ddb.send(...)`
 * builds it on its first call. The S3 client is in ./s3-client.ts, which only
 * the modules that use S3 import: a function bundle is split into chunks
 * (lib/bundling.ts) by module, so a module reachable from here, even only
 * re-exported, would load @aws-sdk/client-s3 (about 150 KB) at every cold
 * start, in the functions that use S3 only in a lazily loaded chunk too.
 */
import { withoutSdkLogging } from '../aws-clients';
import { lazy } from '../lazy';
import { traced } from '../tracer';
import { DynamoClient } from './dynamo';

export const createDocumentClient = (env: NodeJS.ProcessEnv = process.env): DynamoClient => traced(withoutSdkLogging(new DynamoClient({ env })));

export const ddb: DynamoClient = /* @__PURE__ */ lazy(() => createDocumentClient());
