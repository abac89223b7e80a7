/**
 * The project's Lambda function (docs/architecture.md, "Infrastructure"): NodejsFunction
 * with the defaults fixed once, so every manifest entry is built the same way.
 */
import * as path from 'node:path';
import { Duration, RemovalPolicy } from 'aws-cdk-lib';
import { Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { Architecture, Runtime, Tracing } from 'aws-cdk-lib/aws-lambda';
import { LogLevel, NodejsFunction, OutputFormat } from 'aws-cdk-lib/aws-lambda-nodejs';
import { LogGroup } from 'aws-cdk-lib/aws-logs';
import type { Construct } from 'constructs';
import { FUNCTION_NODE_OPTIONS, functionBundling, projectRoot } from './bundling';
import type { StageConfig } from './stages';

// The repository root (its lockfile pins the bundle) and the banner live with the bundling options.
export { ESM_REQUIRE_BANNER, projectRoot } from './bundling';

export const FUNCTION_RUNTIME = Runtime.NODEJS_24_X;

export type ProjectFunctionProps = {
  /** Handler module relative to the repository root, exporting `handler`. */
  entry: string;
  description: string;
  stage: StageConfig;
  environment: Record<string, string>;
  /** Reserved concurrency (lib/stages.ts `reservedConcurrency`); unreserved when absent. */
  reservedConcurrency?: number;
  /** Instead of the stage's `lambda.timeoutSeconds`: a queue consumer that waits on other servers (webhook delivery). */
  timeoutSeconds?: number;
};

export class ProjectFunction extends NodejsFunction {
  /** The function's own log group, with the stage's retention. */
  readonly logs: LogGroup;

  constructor(scope: Construct, id: string, props: ProjectFunctionProps) {
    const { stage } = props;
    const logs = new LogGroup(scope, `${id}Logs`, {
      retention: stage.logRetentionDays,
      removalPolicy: stage.retainData ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY,
    });
    // An own role instead of AWSLambdaBasicExecutionRole: it may write to its own log group only.
    const role = new Role(scope, `${id}Role`, { assumedBy: new ServicePrincipal('lambda.amazonaws.com') });
    super(scope, id, {
      entry: path.join(projectRoot, props.entry),
      handler: 'handler',
      projectRoot,
      depsLockFilePath: path.join(projectRoot, 'package-lock.json'),
      description: props.description,
      runtime: FUNCTION_RUNTIME,
      architecture: Architecture.ARM_64,
      memorySize: stage.lambda.memoryMb,
      timeout: Duration.seconds(props.timeoutSeconds ?? stage.lambda.timeoutSeconds),
      ...(props.reservedConcurrency === undefined ? {} : { reservedConcurrentExecutions: props.reservedConcurrency }),
      tracing: Tracing.ACTIVE,
      role,
      logGroup: logs,
      environment: { ...props.environment, ...(FUNCTION_NODE_OPTIONS ? { NODE_OPTIONS: FUNCTION_NODE_OPTIONS } : {}) },
      // lib/bundling.ts, field for field (the bench builds with the same definition).
      bundling: {
        format: { esm: OutputFormat.ESM }[functionBundling.format],
        target: functionBundling.target,
        mainFields: [...functionBundling.mainFields],
        banner: functionBundling.banner,
        minify: functionBundling.minify,
        sourceMap: functionBundling.sourceMap,
        sourcesContent: functionBundling.sourcesContent,
        esbuildArgs: { '--alias': Object.entries(functionBundling.alias).map(([module, replacement]) => `${module}=${replacement}`) },
        // None: the AWS SDK is bundled too (the version we test against, not the runtime's copy).
        externalModules: [...functionBundling.external],
        bundleAwsSDK: true,
        logLevel: { warning: LogLevel.WARNING }[functionBundling.logLevel],
      },
    });
    logs.grantWrite(role);
    this.logs = logs;
  }
}
