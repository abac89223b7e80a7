/**
 * The AWS plumbing, the one face the rest of the code imports: the light
 * DynamoDB client (./dynamodb.ts, its per-container `ddb` in
 * ./dynamodb-client.ts, its marshalling in ./attribute-values.ts), the light
 * S3 client (./s3.ts), both signed by ./signed-http.ts, and the SDK clients'
 * shared configuration (./clients.ts). docs/decisions.md, "A light DynamoDB
 * and S3 client", says why.
 *
 * The S3 client is the one module past this face: the store's label and
 * carrier-document files load it with a dynamic `import('../aws/s3')` when
 * they first touch S3. A module this face reached, even only re-exported,
 * would be in the cold start of every function (a bundle is split into chunks
 * by module, lib/bundling.ts), and most never touch S3; a loader exported
 * here puts an unused chunk and its glue in every bundle all the same
 * (test/unit/boundaries.test.ts holds both rules).
 */
export { awsClientConfig, withoutSdkLogging } from './clients';
export { ddb } from './dynamodb-client';
export {
  BatchGetCommand,
  BatchWriteCommand,
  DeleteCommand,
  type DynamoClient,
  GetCommand,
  PutCommand,
  QueryCommand,
  ScanCommand,
  TransactWriteCommand,
  UpdateCommand,
} from './dynamodb';
export { type HttpRequest } from './signed-http';
