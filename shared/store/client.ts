/**
 * The DynamoDB document client, one per container, created on first use with
 * the limits of ../aws-clients.ts. `ddb` stands in for the client
 * (../lazy.ts): `ddb.send(...)` builds it on its first call. The S3 client is
 * in ./s3-client.ts, which only the modules that use S3 import: a function
 * bundle is split into chunks (lib/bundling.ts) by module, so a module
 * reachable from here, even only re-exported, would load @aws-sdk/client-s3
 * (about 150 KB) at every cold start, in the functions that use S3 only in a
 * lazily loaded chunk too.
 */
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { awsClientConfig, withoutSdkLogging } from '../aws-clients';
import { lazy } from '../lazy';
import { traced } from '../tracer';

export const createDocumentClient = (env: NodeJS.ProcessEnv = process.env): DynamoDBDocumentClient =>
  DynamoDBDocumentClient.from(traced(withoutSdkLogging(new DynamoDBClient(awsClientConfig('dynamodb', env)))), {
    marshallOptions: { removeUndefinedValues: true },
  });

export const ddb: DynamoDBDocumentClient = /* @__PURE__ */ lazy(() => createDocumentClient());
