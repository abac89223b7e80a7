/**
 * Synthesizes a stage the way `cdk synth -c stage=...` does: same feature
 * flags (cdk.json context), same cdk-nag plugin, same stack. Bundling is off
 * unless a test is about the bundles, which keeps the template tests fast.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Stack, type App, type CfnElement } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import type { IConstruct } from 'constructs';
import cdkJson from '../../cdk.json';
import { addShippingStack, newApp } from '../../lib/app';
import type { ShippingStack } from '../../lib/shipping-stack';
import { stages, type StageConfig } from '../../lib/stages';
import { FUNCTIONS, type FunctionEntry } from '../../shared/functions';

export type Synthesized = { app: App; stack: ShippingStack; template: Template };
export type BuildOptions = { functions?: readonly FunctionEntry[]; bundle?: boolean; context?: Record<string, unknown> };

/**
 * Each app synthesizes into a directory of its own, removed after the test
 * file that imported this module (CDK's default one in tmpdir is never removed).
 */
const outdirs: string[] = [];
afterAll(() => {
  for (const dir of outdirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});
const newOutdir = () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'shipping-synth-'));
  outdirs.push(dir);
  return dir;
};

/** The app and the stage's stack, not synthesized yet. */
export const build = (stage: StageConfig, options: BuildOptions = {}): { app: App; stack: ShippingStack } => {
  const context: Record<string, unknown> = { ...cdkJson.context, ...options.context };
  // What the CLI's --exclusively does to other stacks: an empty list means no stack bundles its assets.
  if (!options.bundle) context['aws:cdk:bundling-stacks'] = [];
  const app = newApp({ context, outdir: newOutdir() });
  return { app, stack: addShippingStack(app, stage, options.functions ?? FUNCTIONS) };
};

export const synthesize = (stage: StageConfig, options: BuildOptions = {}): Synthesized => {
  const { app, stack } = build(stage, options);
  return { app, stack, template: Template.fromStack(stack) };
};

/**
 * Both stages synthesized once for a test file (in its beforeAll); the
 * answer gives a stage's synthesis in the tests.
 */
export const useSynthesizedStages = (options: BuildOptions = {}): ((stage: StageConfig) => Synthesized) => {
  const synthesized: Partial<Record<StageConfig['name'], Synthesized>> = {};
  beforeAll(() => {
    synthesized.dev = synthesize(stages.dev, options);
    synthesized.prod = synthesize(stages.prod, options);
  });
  return (stage) => synthesized[stage.name]!;
};

/** The logical id of an L2 construct's resource (or of an L1 itself). */
export const logicalId = (construct: IConstruct): string => Stack.of(construct).getLogicalId((construct.node.defaultChild ?? construct) as CfnElement);

type Resource = { Type: string; Properties?: Record<string, unknown>; DeletionPolicy?: string; UpdateReplacePolicy?: string };

export const resources = (template: Template): Record<string, Resource> => template.toJSON().Resources as Record<string, Resource>;

/** `GET /v1/ship/{rateResponseId}` for every API method, rebuilt from the Resource tree. */
export const routesOf = (template: Template): Array<{ route: string; integrationUri: unknown; integrationType: unknown }> => {
  const all = resources(template);
  const pathOf = (ref: unknown): string => {
    const parent = ref as { Ref?: string; 'Fn::GetAtt'?: [string, string] };
    if (parent['Fn::GetAtt']?.[1] === 'RootResourceId') return '';
    const resource = all[parent.Ref!];
    if (!resource || resource.Type !== 'AWS::ApiGateway::Resource') throw new Error(`unexpected API resource reference ${JSON.stringify(ref)}`);
    return `${pathOf(resource.Properties!.ParentId)}/${String(resource.Properties!.PathPart)}`;
  };
  return Object.values(all)
    .filter((r) => r.Type === 'AWS::ApiGateway::Method' && r.Properties!.HttpMethod !== 'OPTIONS')
    .map((r) => {
      const integration = r.Properties!.Integration as { Uri: unknown; Type: unknown };
      return {
        route: `${String(r.Properties!.HttpMethod)} ${pathOf(r.Properties!.ResourceId) || '/'}`,
        integrationUri: integration.Uri,
        integrationType: integration.Type,
      };
    });
};

export type Statement = { Effect: string; Action: string | string[]; Resource: unknown; Condition?: unknown };

/** Every statement of the inline policies attached to a role. */
export const statementsOf = (template: Template, roleLogicalId: string): Statement[] =>
  Object.values(resources(template))
    .filter(
      (r) =>
        r.Type === 'AWS::IAM::Policy' && (r.Properties!.Roles as unknown[]).some((role) => JSON.stringify(role) === JSON.stringify({ Ref: roleLogicalId })),
    )
    .flatMap((r) => (r.Properties!.PolicyDocument as { Statement: Statement[] }).Statement);

export const actionsOf = (statement: Statement): string[] => (Array.isArray(statement.Action) ? statement.Action : [statement.Action]);

/** Does this CloudFormation value mention the logical id (Ref or GetAtt, however nested)? */
export const mentions = (value: unknown, id: string): boolean => JSON.stringify(value ?? null).includes(`"${id}"`);

/** Table actions that read or follow the stream; any other `dynamodb:` action counts as a write. */
const TABLE_READS = new Set([
  'dynamodb:GetItem',
  'dynamodb:BatchGetItem',
  'dynamodb:Query',
  'dynamodb:Scan',
  'dynamodb:ConditionCheckItem',
  'dynamodb:DescribeTable',
  'dynamodb:DescribeStream',
  'dynamodb:GetRecords',
  'dynamodb:GetShardIterator',
  'dynamodb:ListStreams',
]);
export const isTableWrite = (action: string): boolean => action === '*' || (action.startsWith('dynamodb:') && !TABLE_READS.has(action));

/** A statement of a function role that writes the table: its write actions and the LeadingKeys patterns that fence it (`['*']` when none). */
export type WriteFence = { actions: string[]; prefixes: string[] };

/** The table writes each function may make, by manifest name. */
export const tableWriteFences = (template: Template, stack: ShippingStack): Map<string, WriteFence[]> =>
  new Map(
    [...stack.functions.values()].map(({ entry, handler }) => [
      entry.name,
      statementsOf(template, logicalId(handler.role!))
        .filter((s) => s.Effect === 'Allow' && actionsOf(s).some(isTableWrite))
        .map((s) => {
          const condition = (s.Condition ?? {}) as Record<string, Record<string, string | string[]>>;
          const leadingKeys = condition['ForAllValues:StringLike']?.['dynamodb:LeadingKeys'];
          return {
            actions: actionsOf(s).filter(isTableWrite).sort(),
            prefixes: leadingKeys === undefined ? ['*'] : [leadingKeys].flat().sort(),
          };
        }),
    ]),
  );

/** IAM StringLike: `*` any run of characters, `?` one character, everything else literal. */
export const stringLike = (pattern: string, value: string): boolean =>
  new RegExp(
    `^${pattern
      .split('')
      .map((c) => (c === '*' ? '.*' : c === '?' ? '.' : c.replace(/[.+^${}()|[\]\\]/g, '\\$&')))
      .join('')}$`,
  ).test(value);

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** One rule of a Lambda event filter pattern against a value (the subset the manifest uses). */
const matchesRule = (rule: unknown, value: unknown): boolean => {
  if (!isRecord(rule)) return value === rule;
  if ('exists' in rule) return (value !== undefined) === rule.exists;
  if (value === undefined) return false;
  if ('prefix' in rule) return typeof value === 'string' && value.startsWith(String(rule.prefix));
  if ('anything-but' in rule) return ![rule['anything-but']].flat().includes(value);
  throw new Error(`filter rule not known to this test: ${JSON.stringify(rule)}`);
};

/**
 * Whether Lambda event filtering passes `record` to the function with this
 * pattern: every field of the pattern matches (arrays list alternatives),
 * for the rules the manifest uses (equals, prefix, anything-but, exists).
 */
export const matchesFilter = (pattern: Record<string, unknown>, record: unknown): boolean =>
  Object.entries(pattern).every(([field, rule]) => {
    const value = isRecord(record) ? record[field] : undefined;
    return Array.isArray(rule) ? rule.some((r) => matchesRule(r, value)) : isRecord(rule) && matchesFilter(rule, value);
  });
