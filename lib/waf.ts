/**
 * The WAF web ACL of a stage (REGIONAL, on the REST API's deployed stage):
 * per-key and per-IP rate limits from the stage configuration
 * (lib/limits.ts), answered like API Gateway's own throttling: 429,
 * `Retry-After` and the project's error body with code THROTTLED.
 *
 * The rules, in order:
 * 1. `PerApiKey`: requests carrying a well-formed key (`<prefix>_api_<32 hex>`,
 *    docs/decisions.md, the live or the test prefix) are counted per `X-API-Key` value, whatever address they
 *    come from, so an integrator spread over many hosts is one caller.
 * 2. `PerIpWithoutKey`: requests without a well-formed key, counted per IP
 *    with a low limit. The function would answer them 401 anyway; the rule
 *    keeps scanners and key guessing from costing an invocation each. The
 *    manifest's inbound routes (a carrier pushing events,
 *    `/v1/carriers/{carrier}/push/…`) are left out: they carry no API key by design, and a carrier pushes from
 *    a few addresses far more than this limit; the backstop still counts them.
 * 3. `PushTokenPerIp`: requests to the push token URL of any carrier
 *    (`/v1/carriers/{carrier}/push/token`, where a caller trades a client id
 *    and secret for a token, no API key), counted per IP with
 *    `pushTokenLimits.perIp` (lib/limits.ts). WAF sees requests, not answers,
 *    so it counts good ones too: the limit is far above a carrier's need (UPS
 *    Track Alert's) and far below a guesser's pace. Nothing deployed
 *    keeps a budget per client id (docs/decisions.md, docs/ups.md).
 * 4. `PerIp`, the backstop: every request, counted per IP. Needed because
 *    rule 1 gives each distinct well-formed key its own counter: a client
 *    that sends a fresh random well-formed key with every request is never
 *    over rule 1 and, having a well-formed key, never counted by rule 2;
 *    each of its requests costs an invocation and a table read before the
 *    401. The backstop is at least the per-key limit (lib/stages.ts), so a
 *    legitimate integrator with one key behind one address meets its key's
 *    limit first.
 *
 * WAF's own metrics are on for every rule (CloudWatch AWS/WAFV2, used by the
 * alarms and the dashboard of lib/monitoring.ts), and blocked requests are
 * logged to a log group of the stage with the X-API-Key and Authorization
 * headers redacted (the inbound routes carry a carrier's client credentials
 * and bearer tokens in Authorization).
 * Sampled requests stay off: they show every header of a request, the API key
 * included, to anyone who may read the web ACL.
 */
import { ArnFormat, RemovalPolicy, Stack } from 'aws-cdk-lib';
import type { Stage } from 'aws-cdk-lib/aws-apigateway';
import { LogGroup } from 'aws-cdk-lib/aws-logs';
import { CfnLoggingConfiguration, CfnWebACL, CfnWebACLAssociation } from 'aws-cdk-lib/aws-wafv2';
import { Construct } from 'constructs';
import type { ErrorCode } from '../shared/errors';
import { inboundFunctions, PUSH_ROUTES } from '../shared/functions';
import { pushTokenLimits, RATE_LIMIT_ERROR_CODE, RATE_LIMIT_STATUS, rateLimitMessage, retryAfterSeconds, type RateLimits } from './limits';
import type { StageConfig } from './stages';

/** The header the functions read the key from (spec part 5); WAF matches header names case-insensitively. */
export const API_KEY_HEADER = 'x-api-key';
/** Where the inbound routes take a carrier's client credentials and bearer tokens: redacted from the WAF logs too. */
export const AUTHORIZATION_HEADER = 'authorization';

/**
 * The regular expression WAF matches a route template's paths with: the
 * path ends with the template, each `{parameter}` one segment that is not
 * empty (as API Gateway routes it), the literal parts as they are.
 */
export const routePattern = (template: string): string =>
  `${template
    .split('/')
    .map((segment) => (/^\{[A-Za-z0-9_]+\}$/.test(segment) ? '[^/]+' : segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('/')}$`;

/** The key of the 429 body among the web ACL's custom response bodies. */
export const THROTTLED_BODY_KEY = 'throttled';

/** Metric names of the rules (the `Rule` dimension of AWS/WAFV2 metrics), in evaluation order. */
export const WAF_RULES = {
  perApiKey: 'PerApiKey',
  perIpWithoutKey: 'PerIpWithoutKey',
  pushTokenPerIp: 'PushTokenPerIp',
  perIp: 'PerIp',
} as const;

/**
 * The regular expression of a well-formed key of the stage, live or test
 * (shared/http/auth.ts checks the same shape). The prefixes are lowercase
 * letters and digits (lib/stages.ts), nothing to escape.
 */
export const wellFormedKeyPattern = (prefixes: Pick<StageConfig, 'apiKeyPrefix' | 'apiKeyTestPrefix'>): string =>
  `^(${prefixes.apiKeyPrefix}|${prefixes.apiKeyTestPrefix})_api_[0-9a-f]{32}$`;

/** The 429 body: the project's error body (docs/decisions.md). Typed on ErrorCode so the code stays one that shared/errors.ts lists. */
export const throttledBody = (limits: RateLimits): string => {
  const code: ErrorCode = RATE_LIMIT_ERROR_CODE;
  return JSON.stringify({ error: { code, message: rateLimitMessage(limits) } });
};

const NO_TRANSFORMATION = [{ priority: 0, type: 'NONE' }];

export type ApiFirewallProps = { stage: StageConfig; apiStage: Stage };

export class ApiFirewall extends Construct {
  readonly webAcl: CfnWebACL;
  readonly association: CfnWebACLAssociation;
  /** Blocked requests, X-API-Key redacted. WAF requires the `aws-waf-logs-` prefix. */
  readonly logs: LogGroup;
  /** The web ACL's name, also its metric name (the `WebACL` dimension of AWS/WAFV2 metrics). */
  readonly webAclName: string;

  constructor(scope: Construct, id: string, { stage, apiStage }: ApiFirewallProps) {
    super(scope, id);
    const limits = stage.rateLimits;
    this.webAclName = `shipping-api-${stage.name}`;

    const wellFormedKey: CfnWebACL.StatementProperty = {
      regexMatchStatement: {
        regexString: wellFormedKeyPattern(stage),
        fieldToMatch: { singleHeader: { Name: API_KEY_HEADER } },
        textTransformations: NO_TRANSFORMATION,
      },
    };
    // WAF sees the stage in the path (`/<stage>/v1/...`): an inbound route is matched by how the path ends, its
    // path parameters (`{carrier}`) one segment each.
    const pathEndsLike = (template: string): CfnWebACL.StatementProperty => ({
      regexMatchStatement: { regexString: routePattern(template), fieldToMatch: { uriPath: {} }, textTransformations: NO_TRANSFORMATION },
    });
    const anyOf = (statements: CfnWebACL.StatementProperty[]): CfnWebACL.StatementProperty | undefined =>
      statements.length === 0 ? undefined : statements.length === 1 ? statements[0] : { orStatement: { statements } };
    const inbound = anyOf(inboundFunctions().map((f) => pathEndsLike(f.trigger.path)));
    const pushToken = pathEndsLike(PUSH_ROUTES.token);
    const withoutKey: CfnWebACL.StatementProperty = { notStatement: { statement: wellFormedKey } };
    const block: CfnWebACL.RuleActionProperty = {
      block: {
        customResponse: {
          responseCode: RATE_LIMIT_STATUS,
          customResponseBodyKey: THROTTLED_BODY_KEY,
          responseHeaders: [{ name: 'Retry-After', value: String(retryAfterSeconds(limits)) }],
        },
      },
    };
    const visibility = (metricName: string): CfnWebACL.VisibilityConfigProperty => ({
      cloudWatchMetricsEnabled: true,
      metricName,
      sampledRequestsEnabled: false,
    });

    const rules: CfnWebACL.RuleProperty[] = [
      {
        name: WAF_RULES.perApiKey,
        priority: 0,
        action: block,
        visibilityConfig: visibility(WAF_RULES.perApiKey),
        statement: {
          rateBasedStatement: {
            limit: limits.perKey,
            evaluationWindowSec: limits.windowSeconds,
            aggregateKeyType: 'CUSTOM_KEYS',
            customKeys: [{ header: { name: API_KEY_HEADER, textTransformations: NO_TRANSFORMATION } }],
            scopeDownStatement: wellFormedKey,
          },
        },
      },
      {
        name: WAF_RULES.perIpWithoutKey,
        priority: 1,
        action: block,
        visibilityConfig: visibility(WAF_RULES.perIpWithoutKey),
        statement: {
          rateBasedStatement: {
            limit: limits.perIpWithoutKey,
            evaluationWindowSec: limits.windowSeconds,
            aggregateKeyType: 'IP',
            scopeDownStatement: inbound ? { andStatement: { statements: [withoutKey, { notStatement: { statement: inbound } }] } } : withoutKey,
          },
        },
      },
      {
        name: WAF_RULES.pushTokenPerIp,
        priority: 2,
        action: block,
        visibilityConfig: visibility(WAF_RULES.pushTokenPerIp),
        statement: {
          rateBasedStatement: {
            limit: pushTokenLimits.perIp,
            evaluationWindowSec: limits.windowSeconds,
            aggregateKeyType: 'IP',
            scopeDownStatement: pushToken,
          },
        },
      },
      {
        name: WAF_RULES.perIp,
        priority: 3,
        action: block,
        visibilityConfig: visibility(WAF_RULES.perIp),
        statement: {
          rateBasedStatement: { limit: limits.perIp, evaluationWindowSec: limits.windowSeconds, aggregateKeyType: 'IP' },
        },
      },
    ];

    this.webAcl = new CfnWebACL(this, 'WebAcl', {
      name: this.webAclName,
      description: `Per-key and per-IP request limits of shipping-api-${stage.name}`,
      scope: 'REGIONAL',
      defaultAction: { allow: {} },
      visibilityConfig: visibility(this.webAclName),
      customResponseBodies: { [THROTTLED_BODY_KEY]: { contentType: 'APPLICATION_JSON', content: throttledBody(limits) } },
      rules,
    });

    this.association = new CfnWebACLAssociation(this, 'Association', {
      resourceArn: apiStage.stageArn,
      webAclArn: this.webAcl.attrArn,
    });
    // The stage must exist before WAF can attach to it.
    this.association.node.addDependency(apiStage);

    this.logs = new LogGroup(this, 'Logs', {
      logGroupName: `aws-waf-logs-shipping-api-${stage.name}`,
      retention: stage.logRetentionDays,
      removalPolicy: stage.retainData ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY,
    });
    new CfnLoggingConfiguration(this, 'Logging', {
      resourceArn: this.webAcl.attrArn,
      // The ARN without the `:*` suffix CloudFormation's LogGroup Arn carries.
      logDestinationConfigs: [
        Stack.of(this).formatArn({ service: 'logs', resource: 'log-group', resourceName: this.logs.logGroupName, arnFormat: ArnFormat.COLON_RESOURCE_NAME }),
      ],
      // The key is a credential: it never reaches a log (lib/api.ts logs no header either); nor do a carrier's client credentials and tokens.
      redactedFields: [{ singleHeader: { Name: API_KEY_HEADER } }, { singleHeader: { Name: AUTHORIZATION_HEADER } }],
      // Only what was blocked: at 1,000 requests a second, logging every allowed request costs more than it tells.
      loggingFilter: {
        DefaultBehavior: 'DROP',
        Filters: [{ Behavior: 'KEEP', Requirement: 'MEETS_ANY', Conditions: [{ ActionCondition: { Action: 'BLOCK' } }] }],
      },
    });
  }
}
