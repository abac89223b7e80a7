/** Stage configuration and the app's `-c stage=...` switch. */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import cdkJson from '../../cdk.json';
import { projectRoot } from '../../lib/project-function';
import {
  carrierSecretsEnvironment,
  parseStageConfig,
  resolveStage,
  STAGE_FUNCTION_SETTINGS,
  stageEnvironment,
  stageNames,
  stages,
  type StageConfig,
} from '../../lib/stages';
import { readEnvironment } from '../../shared/config';

const valid: StageConfig = stages.dev;

describe('resolveStage', () => {
  it.each(stageNames.map((name) => [name]))('knows %s', (name) => {
    expect(resolveStage(name).name).toBe(name);
  });

  it.each([[undefined], [''], [null]])('refuses a missing stage (%p) and names the choices', (name) => {
    expect(() => resolveStage(name)).toThrow('No stage given: pass -c stage=dev or -c stage=prod');
  });

  it.each([['qa'], ['Prod'], [42]])('refuses an unknown stage (%p) and names the choices', (name) => {
    expect(() => resolveStage(name)).toThrow(`Unknown stage "${String(name)}": pass -c stage=dev or -c stage=prod`);
  });
});

describe('parseStageConfig', () => {
  it('accepts the stages as configured', () => {
    for (const stage of Object.values(stages)) expect(parseStageConfig(stage)).toEqual(stage);
  });

  it.each([
    ['memory below the Lambda minimum', { lambda: { ...valid.lambda, memoryMb: 64 } }, 'lambda.memoryMb'],
    ['a timeout API Gateway would cut at 29 s', { lambda: { ...valid.lambda, timeoutSeconds: 30 } }, 'lambda.timeoutSeconds'],
    ['a log retention CloudWatch does not offer', { logRetentionDays: 10 }, 'logRetentionDays must be one of the CloudWatch Logs retention periods'],
    ['a burst below the rate', { throttling: { rateLimit: 50, burstLimit: 10 } }, 'throttling.burstLimit must be at least throttling.rateLimit'],
    ['a carrier timeout as long as the rate budget', { carrierTimeoutMs: 8000, rateBudgetMs: 8000 }, 'carrierTimeoutMs must be shorter than rateBudgetMs'],
    [
      'a rate budget beyond the function timeout',
      { rateBudgetMs: 20000, lambda: { memoryMb: 512, timeoutSeconds: 15 } },
      'rateBudgetMs must be shorter than lambda.timeoutSeconds',
    ],
    ['an API key prefix with an underscore', { apiKeyPrefix: 'my_brand' }, 'apiKeyPrefix'],
    ['a test key prefix with an underscore', { apiKeyTestPrefix: 'my_test' }, 'apiKeyTestPrefix'],
    ['a test key prefix equal to the live one', { apiKeyPrefix: 'acme', apiKeyTestPrefix: 'acme' }, 'apiKeyTestPrefix must differ from apiKeyPrefix'],
    ['a sender that is not an address', { emailFrom: 'shipping' }, 'emailFrom'],
    ['an SES configuration set name with a space', { emailConfigurationSet: 'shipping api' }, 'emailConfigurationSet'],
    ['an e-mail lease no longer than the function timeout', { notifyLeaseSeconds: 15 }, 'notifyLeaseSeconds must be longer than lambda.timeoutSeconds'],
    ['an unknown stage name', { name: 'qa' }, 'name'],
    ['a SANDBOX_CARRIERS value that is not all, test or off', { sandboxCarriers: 'live' }, 'sandboxCarriers'],
    ["a per-key limit below WAF's minimum of 10", { rateLimits: { ...valid.rateLimits, perKey: 5 } }, 'rateLimits.perKey'],
    ['an evaluation window WAF does not offer', { rateLimits: { ...valid.rateLimits, windowSeconds: 30 } }, 'rateLimits.windowSeconds'],
    [
      'a per-IP backstop below the per-key limit',
      { rateLimits: { ...valid.rateLimits, perKey: 1000, perIp: 999 } },
      'rateLimits.perIp must be at least rateLimits.perKey',
    ],
    [
      'reserved concurrency for a function the manifest does not have',
      { reservedConcurrency: { ...valid.reservedConcurrency, rates: 5 } },
      'reservedConcurrency.rates is not a function of the function list',
    ],
    ['a reserved concurrency of 0', { reservedConcurrency: { ...valid.reservedConcurrency, rate: 0 } }, 'reservedConcurrency.rate'],
    [
      'reservations that leave AWS less than its 100 unreserved',
      { accountConcurrency: 1000, reservedConcurrency: { ...valid.reservedConcurrency, rate: 900 } },
      "reservedConcurrency reserves 965 in all, but AWS keeps 100 of the account's 1000 unreserved: at most 900",
    ],
    [
      'a latency alarm on a function without an HTTP trigger',
      { monitoring: { ...valid.monitoring, latencyP99Ms: { notify: 1000 } } },
      'monitoring.latencyP99Ms.notify is not an HTTP function of the function list',
    ],
    ['an alarm topic name with a space', { monitoring: { ...valid.monitoring, alarmTopicName: 'shipping alarms' } }, 'monitoring.alarmTopicName'],
    ['a 5xx rate threshold of 100 %', { monitoring: { ...valid.monitoring, serverErrorRate: 1 } }, 'monitoring.serverErrorRate'],
    [
      'more bad periods to alarm than periods evaluated',
      { monitoring: { ...valid.monitoring, datapointsToAlarm: 4, evaluationPeriods: 3 } },
      'monitoring.datapointsToAlarm must be at most monitoring.evaluationPeriods',
    ],
  ])('refuses %s', (_case, change, message) => {
    expect(() => parseStageConfig({ ...valid, ...change })).toThrow(message);
  });
});

describe('stageEnvironment', () => {
  it.each(stageNames.map((name) => [name]))("gives %s's functions the stage's settings, read back by shared/config.ts as they are", (name) => {
    const stage = stages[name];
    const read = readEnvironment({ ...stageEnvironment(stage, 'shipping-api'), ...carrierSecretsEnvironment(stage) });
    for (const setting of STAGE_FUNCTION_SETTINGS) expect([setting, read[setting]]).toEqual([setting, stage[setting]]);
    expect(read.carrierSecretPrefix).toBe(stage.carrierSecretPrefix);
    expect(read.carrierSecretCacheSeconds).toBe(stage.carrierSecretCacheSeconds);
  });
});

describe('bin/app.ts', () => {
  const tsx = path.join(projectRoot, 'node_modules', '.bin', 'tsx');
  const runApp = (context: Record<string, unknown>, outdir: string) =>
    execFileSync(tsx, ['bin/app.ts'], {
      cwd: projectRoot,
      // How the CDK CLI hands -c values and the output directory to the app.
      env: { PATH: process.env.PATH, CDK_CONTEXT_JSON: JSON.stringify({ ...cdkJson.context, ...context }), CDK_OUTDIR: outdir },
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
    });

  let outdir: string;
  beforeEach(() => {
    outdir = mkdtempSync(path.join(tmpdir(), 'shipping-cdk-'));
  });
  afterEach(() => rmSync(outdir, { recursive: true, force: true }));

  it('stops with the choices when no stage is given', () => {
    expect(() => runApp({}, outdir)).toThrow(/No stage given: pass -c stage=dev or -c stage=prod/);
  });

  it('stops with the choices on an unknown stage', () => {
    expect(() => runApp({ stage: 'qa' }, outdir)).toThrow(/Unknown stage "qa"/);
  });

  it('synthesizes exactly one stack, the one of the stage asked for', () => {
    runApp({ stage: 'prod', 'aws:cdk:bundling-stacks': [] }, outdir);
    const manifest = JSON.parse(readFileSync(path.join(outdir, 'manifest.json'), 'utf8')) as { artifacts: Record<string, { type: string }> };
    const stacks = Object.entries(manifest.artifacts)
      .filter(([, a]) => a.type === 'aws:cloudformation:stack')
      .map(([id]) => id);
    expect(stacks).toEqual(['ShippingApi-prod']);
    expect(existsSync(path.join(outdir, 'ShippingApi-prod.template.json'))).toBe(true);
  });
});
