/**
 * Builds a stage's stack inside an app, with the cdk-nag AWS Solutions checks
 * registered, so `cdk synth` and the infra tests synthesize the same thing.
 */
import { App, Validations, type AppProps } from 'aws-cdk-lib';
import { AwsSolutionsChecks } from 'cdk-nag';
import { FUNCTIONS, type FunctionEntry } from '../shared/functions';
import { ShippingStack } from './shipping-stack';
import type { StageConfig } from './stages';

/**
 * Context every synth of the app gets, whatever the CLI passes (even with
 * `--no-asset-metadata`): `sam local invoke` maps each function of the
 * template to its bundle through `aws:asset:path` / `aws:asset:property`,
 * and reads `aws:cdk:path`. lib/shipping-stack.ts adds `SamResourceId`.
 */
export const SAM_CONTEXT = {
  'aws:cdk:enable-asset-metadata': true,
  'aws:cdk:enable-path-metadata': true,
} as const;

/** The app as bin/app.ts and the infra tests make it. */
export const newApp = (props: AppProps = {}): App => new App({ ...props, postCliContext: { ...props.postCliContext, ...SAM_CONTEXT } });

export const stackName = (stage: StageConfig): string => `ShippingApi-${stage.name}`;

export const addShippingStack = (app: App, stage: StageConfig, functions: readonly FunctionEntry[] = FUNCTIONS): ShippingStack => {
  // A validation plugin: any unacknowledged finding, error or warning, fails the synth.
  Validations.of(app).addPlugins(new AwsSolutionsChecks(app, { verbose: true }));
  return new ShippingStack(app, stackName(stage), { stage, functions });
};
