/**
 * AWS clients, created once per container. Local endpoints come from the
 * standard AWS_ENDPOINT_URL_DYNAMODB / AWS_ENDPOINT_URL_S3 variables (DynamoDB
 * Local, s3rver, LocalStack); S3 then needs path-style addressing.
 */
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { S3Client } from '@aws-sdk/client-s3';

export const ddb = DynamoDBDocumentClient.from(new DynamoDBClient({}), {
  marshallOptions: { removeUndefinedValues: true },
});

export const s3 = new S3Client({ forcePathStyle: Boolean(process.env.AWS_ENDPOINT_URL_S3) });
