/**
 * The project's Lambda function (STYLE.md "Infrastructure"): NodejsFunction
 * with the defaults fixed once, so every manifest entry is built the same way.
 */
import * as path from 'node:path';
import { Duration, RemovalPolicy } from 'aws-cdk-lib';
import { Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { Architecture, Runtime, Tracing } from 'aws-cdk-lib/aws-lambda';
import { LogLevel, NodejsFunction, OutputFormat } from 'aws-cdk-lib/aws-lambda-nodejs';
import { LogGroup } from 'aws-cdk-lib/aws-logs';
import type { Construct } from 'constructs';
import type { StageConfig } from './stages';

/** The repository root: manifest entries are relative to it, and its lockfile pins the bundle. */
export const projectRoot = path.resolve(__dirname, '..');

export const FUNCTION_RUNTIME = Runtime.NODEJS_24_X;

/** esbuild's ESM output has no `require`; bundled CommonJS dependencies still call it. */
export const ESM_REQUIRE_BANNER = "import { createRequire } from 'module'; const require = createRequire(import.meta.url);";

export type ProjectFunctionProps = {
  /** Handler module relative to the repository root, exporting `handler`. */
  entry: string;
  description: string;
  stage: StageConfig;
  environment: Record<string, string>;
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
      timeout: Duration.seconds(stage.lambda.timeoutSeconds),
      tracing: Tracing.ACTIVE,
      role,
      logGroup: logs,
      environment: { ...props.environment, NODE_OPTIONS: '--enable-source-maps' },
      bundling: {
        format: OutputFormat.ESM,
        mainFields: ['module', 'main'],
        banner: ESM_REQUIRE_BANNER,
        minify: true,
        sourceMap: true,
        // Line mappings are enough for stack traces; the sources stay out of the bundle.
        sourcesContent: false,
        // Pin the SDK version we test against instead of the runtime's copy.
        bundleAwsSDK: true,
        logLevel: LogLevel.WARNING,
      },
    });
    logs.grantWrite(role);
    this.logs = logs;
  }
}
