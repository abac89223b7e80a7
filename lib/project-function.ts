/**
 * The project's Lambda function (docs/architecture.md, "Infrastructure"): a
 * Lambda function with the defaults fixed once, so every function entry is
 * built the same way.
 *
 * Its code is the directory lib/bundling.ts's `bundleFunction` builds
 * (`index.mjs` and its chunks), run by CDK as the asset's local bundler, as
 * NodejsFunction runs esbuild: hashed by its output, bundled only for the
 * stacks being synthesized or deployed. Not NodejsFunction itself: it bundles
 * to one `--outfile`, which cannot split chunks off (docs/decisions.md).
 */
import { AssetHashType, DockerImage, Duration, RemovalPolicy } from 'aws-cdk-lib';
import { Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { Architecture, Code, Function as LambdaFunction, Runtime, Tracing } from 'aws-cdk-lib/aws-lambda';
import { LogGroup } from 'aws-cdk-lib/aws-logs';
import type { Construct } from 'constructs';
import { bundleFunction, FUNCTION_NODE_OPTIONS, projectRoot } from './bundling';
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

export class ProjectFunction extends LambdaFunction {
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
      code: Code.fromAsset(projectRoot, {
        assetHashType: AssetHashType.OUTPUT,
        bundling: {
          // Never used: the local bundler always builds (esbuild is a dependency of the project), or throws.
          image: DockerImage.fromRegistry('public.ecr.aws/sam/build-nodejs24.x'),
          // Names the entry: CDK caches staged assets by these options (a function is not serialized), so without it every function would get the first one's code.
          command: ['bundle', props.entry],
          local: {
            tryBundle: (outputDir) => {
              bundleFunction(props.entry, outputDir);
              return true;
            },
          },
        },
      }),
      handler: 'index.handler',
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
    });
    logs.grantWrite(role);
    this.logs = logs;
  }
}
