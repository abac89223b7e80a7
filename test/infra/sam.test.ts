/**
 * `sam local invoke -t cdk.out/ShippingApi-<stage>.template.json <name>`
 * needs, on each function of the synthesized template, the metadata that
 * maps it to its bundle (`aws:asset:path` of a directory in cdk.out,
 * `aws:asset:property: Code`, `aws:asset:is-bundled` so SAM does not build
 * it again) and a unique identifier (`SamResourceId`, the manifest name; SAM
 * would otherwise call every function `Handler`, the construct above its
 * resource). Synthesized with bundling, as `cdk synth` does.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import * as path from 'node:path';
import { stackName } from '../../lib/app';
import { SAM_RESOURCE_ID } from '../../lib/shipping-stack';
import { stages } from '../../lib/stages';
import { FUNCTIONS } from '../../shared/functions';
import { build, logicalId, synthesize, type Synthesized } from './synth';

type Resource = { Type: string; Metadata?: Record<string, unknown>; Properties?: Record<string, unknown> };
type TemplateJson = { Resources: Record<string, Resource> };

let synthesized: Synthesized;
let template: TemplateJson;
beforeAll(() => {
  synthesized = synthesize(stages.dev, { bundle: true });
  // The file SAM reads, not the in-memory template.
  template = JSON.parse(readFileSync(path.join(synthesized.app.outdir, `${stackName(stages.dev)}.template.json`), 'utf8')) as TemplateJson;
}, 300_000);

const lambdaFunctions = (t: TemplateJson) => Object.entries(t.Resources).filter(([, r]) => r.Type === 'AWS::Lambda::Function');

describe.each(FUNCTIONS.map((entry) => [entry.name, entry] as const))('%s', (name) => {
  const resourceOf = (): Resource => template.Resources[logicalId(synthesized.stack.functions.get(name)!.handler)]!;

  it('maps the function to a bundled asset directory of cdk.out that holds its handler', () => {
    const { Metadata: metadata = {}, Properties: props = {} } = resourceOf();
    expect(metadata['aws:asset:property']).toBe('Code');
    expect(metadata['aws:asset:is-bundled']).toBe(true);
    const assetPath = metadata['aws:asset:path'];
    expect(typeof assetPath).toBe('string');
    const dir = path.join(synthesized.app.outdir, assetPath as string);
    expect(statSync(dir).isDirectory()).toBe(true);
    // Handler `index.handler`: index.mjs exports `handler`.
    expect(props.Handler).toBe('index.handler');
    expect(existsSync(path.join(dir, 'index.mjs'))).toBe(true);
    expect(readFileSync(path.join(dir, 'index.mjs'), 'utf8')).toMatch(/export\s*\{[^}]*\bas handler\b|export\s*\{[^}]*\bhandler\b/);
  });

  it('is named after its function entry for sam local invoke, and keeps its CDK path', () => {
    const { Metadata: metadata = {} } = resourceOf();
    expect(metadata[SAM_RESOURCE_ID]).toBe(name);
    expect(metadata['aws:cdk:path']).toBe(`${stackName(stages.dev)}/Functions/${name}/Handler/Resource`);
  });
});

it('gives every function of the template a distinct SAM identifier', () => {
  const ids = lambdaFunctions(template)
    .map(([id, r]) => (r.Metadata?.[SAM_RESOURCE_ID] as string | undefined) ?? id)
    .sort();
  expect(new Set(ids).size).toBe(ids.length);
  expect(ids).toEqual(expect.arrayContaining(FUNCTIONS.map((e) => e.name)));
});

it('keeps the asset metadata even when the CLI turns it off (--no-asset-metadata)', () => {
  const { app, stack } = build(stages.dev, { context: { 'aws:cdk:enable-asset-metadata': false, 'aws:cdk:enable-path-metadata': false } });
  const assembly = app.synth();
  const t = assembly.getStackByName(stack.stackName).template as TemplateJson;
  for (const entry of FUNCTIONS) {
    const fn = t.Resources[logicalId(stack.functions.get(entry.name)!.handler)]!;
    expect([entry.name, fn.Metadata?.['aws:asset:property'], typeof fn.Metadata?.['aws:asset:path'], fn.Metadata?.[SAM_RESOURCE_ID]]).toEqual([
      entry.name,
      'Code',
      'string',
      entry.name,
    ]);
  }
});
