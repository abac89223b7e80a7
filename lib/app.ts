/**
 * Builds a stage's stack inside an app, with the cdk-nag AWS Solutions checks
 * registered, so `cdk synth` and the infra tests synthesize the same thing.
 */
import { Validations, type App } from 'aws-cdk-lib';
import { AwsSolutionsChecks } from 'cdk-nag';
import { manifest, type FunctionEntry } from '../shared/manifest';
import { ShippingStack } from './shipping-stack';
import type { StageConfig } from './stages';

export const stackName = (stage: StageConfig): string => `ShippingApi-${stage.name}`;

export const addShippingStack = (app: App, stage: StageConfig, functions: readonly FunctionEntry[] = manifest): ShippingStack => {
  // A validation plugin: any unacknowledged finding, error or warning, fails the synth.
  Validations.of(app).addPlugins(new AwsSolutionsChecks(app, { verbose: true }));
  return new ShippingStack(app, stackName(stage), { stage, functions });
};
