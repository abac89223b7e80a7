/**
 * cdk-nag (AWS Solutions) for each stage. cdk-nag 3 is a CDK validation plugin:
 * its findings are violations in the synth's validation report, not
 * annotations, and any unacknowledged one, error or warning, fails
 * `cdk synth`. The test runs the same pack over the same tree and lists what
 * it finds, then synthesizes as the CLI does.
 */
import { Validations, type App } from 'aws-cdk-lib';
import { Bucket } from 'aws-cdk-lib/aws-s3';
import { AwsSolutionsChecks } from 'cdk-nag';
import type { IConstruct } from 'constructs';
import { reasons } from '../../lib/nag-suppressions';
import type { ShippingStack } from '../../lib/shipping-stack';
import { stages } from '../../lib/stages';
import { build } from './synth';

const findings = (scope: IConstruct): string[] =>
  new AwsSolutionsChecks().validateScope(scope).violations.flatMap((v) => v.violatingResources.map((r) => `${v.severity} ${v.ruleName} at ${r.constructPath}`));

describe.each([stages.dev, stages.prod])('stage $name', (stage) => {
  let app: App;
  let stack: ShippingStack;
  beforeAll(() => {
    ({ app, stack } = build(stage));
  });

  it('has no unacknowledged AwsSolutions error or warning', () => {
    expect(findings(stack)).toEqual([]);
  });

  it('synthesizes with the cdk-nag plugin registered, as cdk synth does', () => {
    expect(() => app.synth()).not.toThrow();
  });

  it('acknowledges findings only with the reasons of lib/nag-suppressions.ts', () => {
    const acknowledged = stack.node
      .findAll()
      .flatMap((c) => c.node.metadata.filter((m) => m.type === Validations.ACKNOWLEDGED_RULES_METADATA_KEY))
      .flatMap((m) => Object.entries(m.data as Record<string, string>));
    expect(acknowledged.length).toBeGreaterThan(0);
    for (const [id, reason] of acknowledged) {
      expect(id).toMatch(/^Annotation::AwsSolutions-[A-Z]+\d+(\[.+\])?$/);
      expect(Object.values(reasons)).toContain(reason);
    }
  });
});

it('reports a resource nobody reviewed, and fails the synth for it', () => {
  const { app, stack } = build(stages.dev);
  new Bucket(stack, 'Unreviewed');
  expect(findings(stack)).toEqual(
    expect.arrayContaining([
      expect.stringMatching(/^error AwsSolutions-S1 at .*\/Unreviewed\//),
      expect.stringMatching(/^error AwsSolutions-S10 at .*\/Unreviewed\//),
    ]),
  );
  expect(() => app.synth()).toThrow(/AwsSolutions-S1/);
});
