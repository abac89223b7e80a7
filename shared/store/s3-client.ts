/**
 * The S3 client (label files, carrier documents), built like the others with
 * ../aws-clients.ts (limits, no SDK logging). A module of its own: a function bundle is split into chunks
 * (lib/bundling.ts), and esbuild places modules, not single statements, in
 * them; in ./client.ts the S3 client would be loaded, with the 100 KB of
 * @aws-sdk/client-s3, by every function that creates the DynamoDB client.
 */
import { S3Client } from '@aws-sdk/client-s3';
import { lazy } from '../lazy';
import { traced } from '../tracer';
import { awsClientConfig, usesEmulator, withoutSdkLogging } from '../aws-clients';

export const createS3Client = (env: NodeJS.ProcessEnv = process.env): S3Client =>
  traced(withoutSdkLogging(new S3Client({ ...awsClientConfig('s3', env), forcePathStyle: usesEmulator('s3', env) })));

export const s3: S3Client = /* @__PURE__ */ lazy(() => createS3Client());
