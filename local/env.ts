/**
 * The environment that points the AWS SDK, and so the unchanged handlers and
 * repositories, at the local emulators. s3rver only knows the access key
 * `S3RVER`, and DynamoDB Local (with -sharedDb) accepts any, so both get it.
 */
import type { RuntimeFile } from './runtime-files';

export const LOCAL_REGION = 'us-east-1';
export const LOCAL_CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' } as const;

export type LocalTarget = {
  dynamodbEndpoint: string;
  s3Endpoint: string;
  region?: string;
  tableName?: string;
  bucketName?: string;
};

/** Variables to set; keys with `undefined` are to be removed (a real session token or profile would get in the way). */
export const localAwsEnv = (target: LocalTarget): Record<string, string | undefined> => ({
  AWS_REGION: target.region ?? LOCAL_REGION,
  AWS_ACCESS_KEY_ID: LOCAL_CREDENTIALS.accessKeyId,
  AWS_SECRET_ACCESS_KEY: LOCAL_CREDENTIALS.secretAccessKey,
  AWS_SESSION_TOKEN: undefined,
  AWS_PROFILE: undefined,
  AWS_ENDPOINT_URL_DYNAMODB: target.dynamodbEndpoint,
  AWS_ENDPOINT_URL_S3: target.s3Endpoint,
  ...(target.tableName ? { TABLE_NAME: target.tableName } : {}),
  ...(target.bucketName ? { BUCKET_NAME: target.bucketName } : {}),
});

/** The variables of the local runtime a runtime file describes (its emulators, region, table and bucket): what the admin CLI and `npm run invoke` run under. */
export const runtimeAwsEnv = (runtime: Pick<RuntimeFile, 'dynamodb' | 's3' | 'region' | 'tableName' | 'bucketName'>): Record<string, string | undefined> =>
  localAwsEnv({
    dynamodbEndpoint: runtime.dynamodb.endpoint,
    s3Endpoint: runtime.s3.endpoint,
    region: runtime.region,
    tableName: runtime.tableName,
    bucketName: runtime.bucketName,
  });

export const applyEnv = (vars: Record<string, string | undefined>, env: NodeJS.ProcessEnv = process.env): void => {
  for (const [name, value] of Object.entries(vars)) {
    if (value === undefined) delete env[name];
    else env[name] = value;
  }
};
