/**
 * The CDK app: one stack per stage, `cdk synth|deploy -c stage=dev|prod`.
 * Stacks are environment-agnostic (no lookups), so synth needs no credentials;
 * deploy takes the account and region of the caller's AWS profile.
 */
import { addShippingStack, newApp } from '../lib/app';
import { resolveStage, type StageConfig } from '../lib/stages';

const app = newApp();
let stage: StageConfig;
try {
  stage = resolveStage(app.node.tryGetContext('stage'));
} catch (error) {
  // A usage mistake, not a crash: the message alone, without a stack trace.
  console.error((error as Error).message);
  process.exit(1);
}
addShippingStack(app, stage);
app.synth();
