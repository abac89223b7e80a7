/**
 * The REST API of a stage: one Lambda proxy integration per HTTP trigger of
 * the function list, the stage named after the stage, JSON access logs,
 * throttling, tracing and metrics. Authentication is not API Gateway's job:
 * the functions check the X-API-Key header against the table (spec part 5).
 */
import { RemovalPolicy } from 'aws-cdk-lib';
import {
  AccessLogField,
  AccessLogFormat,
  EndpointType,
  LambdaIntegration,
  LogGroupLogDestination,
  MethodLoggingLevel,
  ResponseType,
  RestApi,
  type Method,
} from 'aws-cdk-lib/aws-apigateway';
import type { IFunction } from 'aws-cdk-lib/aws-lambda';
import { LogGroup } from 'aws-cdk-lib/aws-logs';
import { Construct } from 'constructs';
import type { HttpTrigger } from '../shared/functions';
import type { StageConfig } from './stages';

/** One JSON object per request; no header is logged, so an API key never reaches the logs. */
export const accessLogFields = {
  requestId: AccessLogField.contextRequestId(),
  requestTime: AccessLogField.contextRequestTime(),
  ip: AccessLogField.contextIdentitySourceIp(),
  userAgent: AccessLogField.contextIdentityUserAgent(),
  httpMethod: AccessLogField.contextHttpMethod(),
  resourcePath: AccessLogField.contextResourcePath(),
  path: AccessLogField.contextPath(),
  status: AccessLogField.contextStatus(),
  responseLength: AccessLogField.contextResponseLength(),
  responseLatency: AccessLogField.contextResponseLatency(),
  integrationStatus: AccessLogField.contextIntegrationStatus(),
  integrationLatency: AccessLogField.contextIntegrationLatency(),
  errorMessage: AccessLogField.contextErrorMessageString(),
  xrayTraceId: AccessLogField.contextXrayTraceId(),
  // The Lambda invocation's request id (a Lambda proxy integration's endpoint request id): `function_request_id` on the function's lines.
  lambdaRequestId: AccessLogField.contextAwsEndpointRequestId(),
};

/**
 * Errors API Gateway answers itself (unknown route, throttling, oversized
 * body, integration failure) carry the project's error body too (docs/decisions.md).
 */
/** What a throttled caller is told to wait: the stage limits are per second. */
export const THROTTLED_RETRY_AFTER_SECONDS = 1;

const errorBody = (code: string, message: string) => ({ 'application/json': `{"error":{"code":"${code}","message":${message}}}` });

export type ShippingApiProps = { stage: StageConfig };

export class ShippingApi extends Construct {
  readonly restApi: RestApi;
  readonly accessLogs: LogGroup;

  constructor(scope: Construct, id: string, { stage }: ShippingApiProps) {
    super(scope, id);
    this.accessLogs = new LogGroup(this, 'AccessLogs', {
      retention: stage.logRetentionDays,
      removalPolicy: stage.retainData ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY,
    });
    this.restApi = new RestApi(this, 'RestApi', {
      restApiName: `shipping-api-${stage.name}`,
      description: `Shipping rate-and-label API (${stage.name})`,
      endpointConfiguration: { types: [EndpointType.REGIONAL] },
      // Access and execution logs need the account-wide API Gateway logging role. It is
      // retained so that destroying one stage never breaks the logging of another.
      cloudWatchRole: true,
      cloudWatchRoleRemovalPolicy: RemovalPolicy.RETAIN,
      deployOptions: {
        stageName: stage.name,
        accessLogDestination: new LogGroupLogDestination(this.accessLogs),
        accessLogFormat: AccessLogFormat.custom(JSON.stringify(accessLogFields)),
        throttlingRateLimit: stage.throttling.rateLimit,
        throttlingBurstLimit: stage.throttling.burstLimit,
        tracingEnabled: true,
        metricsEnabled: true,
        loggingLevel: MethodLoggingLevel.ERROR,
        // Data trace would log full requests, X-API-Key header included.
        dataTraceEnabled: false,
      },
    });

    this.restApi.addGatewayResponse('UnknownRoute', {
      // REST APIs answer an unknown path or method with 403 "Missing Authentication Token".
      type: ResponseType.MISSING_AUTHENTICATION_TOKEN,
      statusCode: '404',
      templates: errorBody('NOT_FOUND', '"No such route"'),
    });
    // API Gateway's own answers keep the codes the service uses for the same condition.
    this.restApi.addGatewayResponse('RequestTooLarge', {
      type: ResponseType.REQUEST_TOO_LARGE,
      statusCode: '413',
      templates: errorBody('PAYLOAD_TOO_LARGE', '"request body exceeds API Gateway\'s 10 MB limit"'),
    });
    this.restApi.addGatewayResponse('Throttled', {
      type: ResponseType.THROTTLED,
      statusCode: '429',
      responseHeaders: { 'Retry-After': `'${THROTTLED_RETRY_AFTER_SECONDS}'` },
      templates: errorBody('THROTTLED', '$context.error.messageString'),
    });
    this.restApi.addGatewayResponse('Default4xx', {
      type: ResponseType.DEFAULT_4XX,
      templates: errorBody('$context.error.responseType', '$context.error.messageString'),
    });
    this.restApi.addGatewayResponse('Default5xx', {
      type: ResponseType.DEFAULT_5XX,
      templates: errorBody('INTERNAL', '$context.error.messageString'),
    });
  }

  /** Adds the trigger's method on its path (intermediate resources included) with a proxy integration. */
  addRoute(trigger: Pick<HttpTrigger, 'method' | 'path'>, handler: IFunction): Method {
    return this.restApi.root.resourceForPath(trigger.path).addMethod(trigger.method, new LambdaIntegration(handler));
  }
}
