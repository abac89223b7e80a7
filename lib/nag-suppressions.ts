/**
 * Every cdk-nag finding the project accepts, each with its reason, in one place
 * (docs/architecture.md). cdk-nag 3 reads CDK's own acknowledgements
 * (`Validations.of(construct).acknowledge`); an acknowledgement covers the
 * construct and everything below it. Wildcard findings (IAM5) are acknowledged
 * one by one, so a new wildcard still fails the synth.
 */
import { Validations, type CfnElement, type Stack } from 'aws-cdk-lib';
import type { IConstruct } from 'constructs';
import { bucketDefinition } from '../shared/store/table';
import type { ShippingStack } from './shipping-stack';

const acknowledge = (scope: IConstruct, id: string, reason: string): void => Validations.of(scope).acknowledge({ id, reason });

const XRAY = 'xray:PutTraceSegments and xray:PutTelemetryRecords support no resource-level permissions (active tracing needs Resource "*").';

export const reasons = {
  apiValidation:
    'Requests are validated in each handler with the zod schemas that also generate the OpenAPI document; ' +
    'API Gateway models would be a second copy that drifts, and the spec asks for messages ("<path> <text>" joined with "; ") API Gateway cannot produce.',
  apiAuthorization:
    'Authentication is the X-API-Key header, checked by the shared middleware of every function against the API keys in DynamoDB ' +
    '(SHA-256 hash, active, expiry, integration type public-api, scopes; spec part 5). API Gateway authorizers and usage-plan keys cannot express these rules.',
  cognito: 'Callers are server-side integrations holding API keys (spec part 5), not Cognito users; there is no user pool to authorize against.',
  apiGatewayLoggingRole:
    "CDK's account-level API Gateway logging role uses the AWS managed AmazonAPIGatewayPushToCloudWatchLogs policy, " +
    'which exists for exactly this purpose: API Gateway must be able to create and write the log groups of any API in the account.',
  xray: XRAY,
  xrayAndListStreams: `${XRAY} dynamodb:ListStreams supports none either; reading records is limited to the table stream ARN.`,
  labelObjects: `Label files live under ${bucketDefinition.labelPrefix}<orderId>/<labelType>.<ext>; functions that render or serve labels need every order's, and nothing else.`,
  carrierSecrets:
    'Carrier-account credentials are the Secrets Manager secrets <carrierSecretPrefix>/<carrierAccountId>, one per account the operator adds; ' +
    'Secrets Manager also appends 6 random characters to every secret ARN. The functions that call carriers need any account of the stage, read only (GetSecretValue), and nothing outside the prefix.',
  streamFailureQueue: 'This queue is itself the on-failure destination of the stream event source; a dead-letter queue of it would hold nothing new.',
} as const;

/** The finding id cdk-nag gives a resource string, e.g. `<LabelBucketA1B2.Arn>/labels/*`. */
const arnFinding = (stack: Stack, resource: IConstruct, suffix: string): string =>
  `AwsSolutions-IAM5[Resource::<${stack.getLogicalId(resource.node.defaultChild as CfnElement)}.Arn>${suffix}]`;

export const acknowledgeNagFindings = (stack: ShippingStack): void => {
  const { restApi } = stack.api;
  acknowledge(restApi, 'AwsSolutions-APIG2', reasons.apiValidation);
  acknowledge(restApi, 'AwsSolutions-APIG4', reasons.apiAuthorization);
  acknowledge(restApi, 'AwsSolutions-COG4', reasons.cognito);
  acknowledge(
    restApi.node.findChild('CloudWatchRole'),
    'AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AmazonAPIGatewayPushToCloudWatchLogs]',
    reasons.apiGatewayLoggingRole,
  );

  for (const { entry, handler, failureQueue } of stack.functions.values()) {
    const role = handler.role!;
    acknowledge(role, 'AwsSolutions-IAM5[Resource::*]', entry.trigger.kind === 'stream' ? reasons.xrayAndListStreams : reasons.xray);
    if (entry.access.bucket !== 'none') {
      acknowledge(role, arnFinding(stack, stack.storage.labelBucket, `/${bucketDefinition.labelPrefix}*`), reasons.labelObjects);
    }
    if (entry.access.carrierSecrets) {
      const arn = `arn:<AWS::Partition>:secretsmanager:<AWS::Region>:<AWS::AccountId>:secret:${stack.stage.carrierSecretPrefix}/*`;
      acknowledge(role, `AwsSolutions-IAM5[Resource::${arn}]`, reasons.carrierSecrets);
    }
    if (failureQueue) acknowledge(failureQueue, 'AwsSolutions-SQS3', reasons.streamFailureQueue);
  }
};
