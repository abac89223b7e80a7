/**
 * The WAF web ACL of each stage: per-key and per-IP rate-based rules from the
 * stage configuration, the 429 they answer, the association with the API
 * stage and the logs; and the plain numbers of lib/limits.ts the local
 * runtime reuses.
 */
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { Match } from 'aws-cdk-lib/assertions';
import { pushTokenLimits, RATE_LIMIT_ERROR_CODE, rateLimits, WAF_MIN_RATE_LIMIT } from '../../lib/limits';
import { localRequestLimiter } from '../../local/request-limiter';
import { projectRoot } from '../../lib/project-function';
import { stages, type StageConfig } from '../../lib/stages';
import { API_KEY_HEADER, routePattern, THROTTLED_BODY_KEY, WAF_RULES } from '../../lib/waf';
import { ERROR_CODES } from '../../shared/errors';
import { carrierPushPaths, inboundFunctions, PUSH_ROUTES } from '../../shared/functions';
import { isWellFormedKey } from '../../shared/http/auth';
import { logicalId, resources, useSynthesizedStages } from './synth';

const of = useSynthesizedStages();

type Statement = Record<string, unknown>;
type Rule = {
  Name: string;
  Priority: number;
  Action: { Block?: { CustomResponse?: { ResponseCode: number; CustomResponseBodyKey: string; ResponseHeaders: Array<{ Name: string; Value: string }> } } };
  Statement: {
    RateBasedStatement: { Limit: number; EvaluationWindowSec: number; AggregateKeyType: string; CustomKeys?: unknown[]; ScopeDownStatement?: Statement };
  };
  VisibilityConfig: { CloudWatchMetricsEnabled: boolean; MetricName: string; SampledRequestsEnabled: boolean };
};
type WebAcl = {
  Name: string;
  Scope: string;
  DefaultAction: unknown;
  Rules: Rule[];
  CustomResponseBodies: Record<string, { ContentType: string; Content: string }>;
  VisibilityConfig: { CloudWatchMetricsEnabled: boolean; MetricName: string };
};

const webAclOf = (stage: StageConfig): WebAcl => {
  const acls = Object.values(resources(of(stage).template)).filter((r) => r.Type === 'AWS::WAFv2::WebACL');
  expect(acls).toHaveLength(1);
  return acls[0]!.Properties as unknown as WebAcl;
};
const ruleOf = (stage: StageConfig, name: string): Rule => {
  const rule = webAclOf(stage).Rules.find((r) => r.Name === name);
  if (!rule) throw new Error(`no rule ${name}`);
  return rule;
};

/** The regular expression of a RegexMatchStatement on the X-API-Key header, or undefined. */
const keyRegex = (statement: Statement | undefined): RegExp | undefined => {
  const regex = statement?.RegexMatchStatement as { RegexString: string; FieldToMatch: { SingleHeader?: { Name: string } } } | undefined;
  if (!regex || regex.FieldToMatch.SingleHeader?.Name.toLowerCase() !== 'x-api-key') return undefined;
  return new RegExp(regex.RegexString);
};

const hex32 = () => randomBytes(16).toString('hex');

describe.each([stages.dev, stages.prod])('stage $name', (stage) => {
  const limits = stage.rateLimits;
  const prefixes = { live: stage.apiKeyPrefix, test: stage.apiKeyTestPrefix };
  // A test key is a key like any other: counted per key, never by IP.
  const wellFormed = [`${stage.apiKeyPrefix}_api_${hex32()}`, `${stage.apiKeyTestPrefix}_api_${hex32()}`];
  const malformed = [stage.apiKeyPrefix, stage.apiKeyTestPrefix].flatMap((prefix) => [
    `${prefix}_api_${hex32().toUpperCase()}`,
    `${prefix}_api_${hex32().slice(1)}`,
    `${prefix}_api_${hex32()}0`,
    `x${prefix}_api_${hex32()}`,
    `${prefix}_api_${hex32().slice(2)}zz`,
  ]);
  malformed.push('', `other_api_${hex32()}`, `${stage.apiKeyPrefix}${stage.apiKeyTestPrefix}_api_${hex32()}`);

  it('is a regional web ACL that allows what no rule blocks, with CloudWatch metrics on', () => {
    const acl = webAclOf(stage);
    expect(acl.Scope).toBe('REGIONAL');
    expect(acl.DefaultAction).toEqual({ Allow: {} });
    expect(acl.VisibilityConfig).toEqual({ CloudWatchMetricsEnabled: true, MetricName: acl.Name, SampledRequestsEnabled: false });
    // Sampled requests would show the X-API-Key header of real requests.
    for (const rule of acl.Rules)
      expect(rule.VisibilityConfig).toEqual({ CloudWatchMetricsEnabled: true, MetricName: rule.Name, SampledRequestsEnabled: false });
  });

  it('has the per-key rule first, then the per-IP rule without a key, the push token rule, then the per-IP backstop', () => {
    const rules = [...webAclOf(stage).Rules].sort((a, b) => a.Priority - b.Priority);
    expect(rules.map((r) => r.Name)).toEqual([WAF_RULES.perApiKey, WAF_RULES.perIpWithoutKey, WAF_RULES.pushTokenPerIp, WAF_RULES.perIp]);
    expect(new Set(rules.map((r) => r.Priority)).size).toBe(4);
  });

  it("counts the requests to a carrier's push token URL (no API key) per IP, with a limit of its own", () => {
    const { RateBasedStatement: rate } = ruleOf(stage, WAF_RULES.pushTokenPerIp).Statement;
    expect(rate).toEqual({
      Limit: pushTokenLimits.perIp,
      EvaluationWindowSec: limits.windowSeconds,
      AggregateKeyType: 'IP',
      // The token URL of every carrier only: the events URL, where the pushes themselves arrive, is not counted here.
      ScopeDownStatement: {
        RegexMatchStatement: {
          RegexString: routePattern(PUSH_ROUTES.token),
          FieldToMatch: { UriPath: {} },
          TextTransformations: [{ Priority: 0, Type: 'NONE' }],
        },
      },
    });
    const token = new RegExp(routePattern(PUSH_ROUTES.token));
    // WAF sees the stage in the path; any carrier's token URL is counted, UPS's among them, and nothing else.
    for (const path of [
      `/${stage.name}${carrierPushPaths('UPS').token}`,
      '/v1/carriers/ups/push/token',
      '/dev/v1/carriers/unknown/push/token',
      '/dev/v1/carriers/ups%2Fx/push/token',
    ])
      expect([path, token.test(path)]).toEqual([path, true]);
    for (const path of [
      carrierPushPaths('UPS').events,
      '/dev/v1/carriers//push/token',
      '/dev/v1/carriers/ups/push/token/x',
      '/dev/v1/carriers/a/b/push/token',
      '/dev/v1/carriers/ups/push/tokens',
      '/dev/v1/rate',
    ])
      expect([path, token.test(path)]).toEqual([path, false]);
    // A guesser's 500 wrong secrets in 5 s are stopped well short; a WAF limit can go no lower than its minimum.
    expect(pushTokenLimits.perIp).toBeGreaterThanOrEqual(WAF_MIN_RATE_LIMIT);
    expect(pushTokenLimits.perIp).toBeLessThan(500);
  });

  it('counts requests with a well-formed key per X-API-Key value, with the per-key limit and window of the stage', () => {
    const { RateBasedStatement: rate } = ruleOf(stage, WAF_RULES.perApiKey).Statement;
    expect(rate).toEqual({
      Limit: limits.perKey,
      EvaluationWindowSec: limits.windowSeconds,
      AggregateKeyType: 'CUSTOM_KEYS',
      CustomKeys: [{ Header: { Name: API_KEY_HEADER, TextTransformations: [{ Priority: 0, Type: 'NONE' }] } }],
      ScopeDownStatement: expect.anything(),
    });
    expect(API_KEY_HEADER.toLowerCase()).toBe('x-api-key');
    const regex = keyRegex(rate.ScopeDownStatement);
    expect(regex).toBeDefined();
    // The scope-down agrees with the functions' own check of a key's shape (shared/http/auth.ts).
    for (const key of wellFormed) {
      expect([key, regex!.test(key)]).toEqual([key, true]);
      expect(isWellFormedKey(key, prefixes)).toBe(true);
    }
    for (const key of malformed) {
      expect([key, regex!.test(key)]).toEqual([key, false]);
      expect(isWellFormedKey(key, prefixes)).toBe(false);
    }
  });

  it('counts requests without a well-formed key per IP, with the low limit', () => {
    const { RateBasedStatement: rate } = ruleOf(stage, WAF_RULES.perIpWithoutKey).Statement;
    expect(rate.Limit).toBe(limits.perIpWithoutKey);
    expect(rate.EvaluationWindowSec).toBe(limits.windowSeconds);
    expect(rate.AggregateKeyType).toBe('IP');
    const [withoutKey, notInbound] = (rate.ScopeDownStatement?.AndStatement as { Statements: Statement[] } | undefined)?.Statements ?? [];
    // The complement of the per-key rule's scope (every request is in one of the two), inbound routes aside.
    expect((withoutKey?.NotStatement as { Statement: Statement } | undefined)?.Statement).toEqual(
      ruleOf(stage, WAF_RULES.perApiKey).Statement.RateBasedStatement.ScopeDownStatement,
    );
    expect(limits.perIpWithoutKey).toBeLessThan(limits.perKey);
    // A carrier's pushes (UPS Track Alert) carry no API key and come from a few addresses: only the backstop counts them.
    const inbound =
      ((notInbound?.NotStatement as { Statement: Statement } | undefined)?.Statement?.OrStatement as { Statements: Statement[] } | undefined)?.Statements ?? [];
    expect(inbound.map((m) => m.RegexMatchStatement)).toEqual(
      inboundFunctions().map((f) => ({
        RegexString: routePattern(f.trigger.path),
        FieldToMatch: { UriPath: {} },
        TextTransformations: [{ Priority: 0, Type: 'NONE' }],
      })),
    );
    expect(inbound.length).toBeGreaterThan(0);
    // The generic routes of every carrier, whatever `{carrier}` holds, and no route an integrator calls with a key.
    const leftOut = (path: string) => inbound.some((m) => new RegExp((m.RegexMatchStatement as { RegexString: string }).RegexString).test(path));
    for (const path of ['/dev/v1/carriers/ups/push/token', '/prod/v1/carriers/ups/push/events', '/dev/v1/carriers/constructor/push/events'])
      expect([path, leftOut(path)]).toEqual([path, true]);
    for (const path of ['/dev/v1/rate', '/dev/v1/carrier-services', '/dev/v1/carriers/ups/push', '/dev/v1/carriers/ups/push/events/x'])
      expect([path, leftOut(path)]).toEqual([path, false]);
  });

  it('counts every request per IP as a backstop, above the per-key limit', () => {
    const { RateBasedStatement: rate } = ruleOf(stage, WAF_RULES.perIp).Statement;
    expect(rate).toEqual({ Limit: limits.perIp, EvaluationWindowSec: limits.windowSeconds, AggregateKeyType: 'IP' });
    expect(limits.perIp).toBeGreaterThanOrEqual(limits.perKey);
  });

  it('answers every block with 429, Retry-After of the window and the project error body as JSON', () => {
    const acl = webAclOf(stage);
    for (const rule of acl.Rules) {
      expect(rule.Action).toEqual({
        Block: {
          CustomResponse: {
            ResponseCode: 429,
            CustomResponseBodyKey: THROTTLED_BODY_KEY,
            ResponseHeaders: [{ Name: 'Retry-After', Value: String(limits.windowSeconds) }],
          },
        },
      });
    }
    const body = acl.CustomResponseBodies[THROTTLED_BODY_KEY]!;
    expect(body.ContentType).toBe('APPLICATION_JSON');
    const parsed = JSON.parse(body.Content) as { error: { code: string; message: string } };
    expect(Object.keys(parsed)).toEqual(['error']);
    expect(Object.keys(parsed.error).sort()).toEqual(['code', 'message']);
    // The code API Gateway's stage throttle answers too (lib/api.ts), listed with 429 in shared/errors.ts.
    expect(parsed.error.code).toBe('THROTTLED');
    expect(ERROR_CODES.THROTTLED).toContain(429);
    expect(parsed.error.message).toContain(`${limits.windowSeconds} seconds`);
  });

  it('is associated with the deployed API stage, after the stage exists', () => {
    const { template, stack } = of(stage);
    const stageId = logicalId(stack.api.restApi.deploymentStage);
    const apiId = logicalId(stack.api.restApi);
    const associations = Object.entries(resources(template)).filter(([, r]) => r.Type === 'AWS::WAFv2::WebACLAssociation');
    expect(associations).toHaveLength(1);
    const [, association] = associations[0]!;
    const props = association.Properties as { ResourceArn: unknown; WebACLArn: unknown };
    expect(props.WebACLArn).toEqual({ 'Fn::GetAtt': [logicalId(stack.firewall.webAcl), 'Arn'] });
    const arn = JSON.stringify(props.ResourceArn);
    expect(arn).toContain(':apigateway:');
    expect(arn).toContain('/restapis/');
    expect(arn).toContain(`{"Ref":"${apiId}"}`);
    expect(arn).toContain('/stages/');
    expect(arn).toContain(`{"Ref":"${stageId}"}`);
    expect((association as { DependsOn?: string[] }).DependsOn).toEqual(expect.arrayContaining([stageId]));
  });

  it("logs blocked requests only, to an aws-waf-logs- log group, with the API key and Authorization (a carrier's credentials and tokens) redacted", () => {
    const { template, stack } = of(stage);
    expect(resources(template)[logicalId(stack.firewall.logs)]!.Properties).toMatchObject({
      LogGroupName: `aws-waf-logs-shipping-api-${stage.name}`,
      RetentionInDays: stage.logRetentionDays,
    });
    template.hasResourceProperties('AWS::WAFv2::LoggingConfiguration', {
      ResourceArn: { 'Fn::GetAtt': [logicalId(stack.firewall.webAcl), 'Arn'] },
      // The log group's ARN without the `:*` of its Arn attribute, which WAF refuses.
      LogDestinationConfigs: [{ 'Fn::Join': ['', Match.arrayWith([':log-group:', { Ref: logicalId(stack.firewall.logs) }])] }],
      RedactedFields: [{ SingleHeader: { Name: API_KEY_HEADER } }, { SingleHeader: { Name: 'authorization' } }],
      LoggingFilter: {
        DefaultBehavior: 'DROP',
        Filters: [{ Behavior: 'KEEP', Requirement: 'MEETS_ANY', Conditions: [{ ActionCondition: { Action: 'BLOCK' } }] }],
      },
    });
  });
});

describe('lib/limits.ts', () => {
  it('is what the stages configure', () => {
    expect(stages.dev.rateLimits).toEqual(rateLimits.dev);
    expect(stages.prod.rateLimits).toEqual(rateLimits.prod);
  });

  it("gives the local runtime dev's per-key and keyless limits and window, and the push token budget", () => {
    expect(localRequestLimiter({}, { live: stages.dev.apiKeyPrefix, test: stages.dev.apiKeyTestPrefix }).rules).toEqual({
      perKey: { limit: stages.dev.rateLimits.perKey, windowSeconds: stages.dev.rateLimits.windowSeconds },
      perIp: { limit: stages.dev.rateLimits.perIpWithoutKey, windowSeconds: stages.dev.rateLimits.windowSeconds },
      pushTokenFailures: { limit: pushTokenLimits.failures, windowSeconds: stages.dev.rateLimits.windowSeconds },
    });
  });

  it('names an error code of shared/errors.ts that comes with 429', () => {
    expect(ERROR_CODES[RATE_LIMIT_ERROR_CODE]).toContain(429);
  });

  it('imports nothing, so the local runtime loads it without aws-cdk-lib', () => {
    const source = readFileSync(path.join(projectRoot, 'lib', 'limits.ts'), 'utf8');
    expect(source).not.toMatch(/^\s*import\s/m);
    expect(source).not.toMatch(/\brequire\(/);
  });
});
