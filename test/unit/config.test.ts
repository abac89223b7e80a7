/** The functions' settings (shared/config.ts): one schema of the environment, its defaults, its ranges and its page. */
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { config, environmentOf, readEnvironment, variableName, variables, type Setting } from '../../shared/config';

const settings = Object.keys(variables) as Setting[];
const names = settings.map(variableName);

describe('the schema of the environment', () => {
  it('names each variable once', () => {
    expect(new Set(names).size).toBe(names.length);
  });

  it('reads an empty environment as the local defaults of docs/configuration.md', () => {
    expect(readEnvironment({})).toMatchObject({
      tableName: 'shipping-local',
      bucketName: 'shipping-labels-local',
      apiKeyPrefix: 'ship',
      apiKeyTestPrefix: 'shiptest',
      apiKeyCacheSeconds: 0,
      carrierTimeoutMs: 3000,
      carrierBreakerFailures: 3,
      shipReconcileAfterSeconds: 300,
      sandboxCarriers: 'all',
      emailFrom: undefined,
      webhookAllowPrivateUrls: false,
    });
  });

  it.each([
    ['CARRIER_TIMEOUT_MS', 'soon', 'CARRIER_TIMEOUT_MS must be a number, got "soon"'],
    ['CARRIER_BREAKER_FAILURES', '-1', 'CARRIER_BREAKER_FAILURES must be a whole number, 0 or more, got "-1"'],
    ['CARRIER_BREAKER_OPEN_SECONDS', '0', 'CARRIER_BREAKER_OPEN_SECONDS must be more than 0, got "0"'],
    ['SHIP_RECONCILE_AFTER_SECONDS', '90000', 'SHIP_RECONCILE_AFTER_SECONDS must be more than 0 and at most 86400, got "90000"'],
    ['SANDBOX_TRACKING_PACE', '0.5', 'SANDBOX_TRACKING_PACE must be between 1 and 1000000, got "0.5"'],
    ['SANDBOX_CARRIERS', 'live', 'SANDBOX_CARRIERS must be one of all, test, off, got "live"'],
    ['CARRIER_SECRET_CACHE_SECONDS', '1.5', 'CARRIER_SECRET_CACHE_SECONDS must be a whole number, 0 or more, got "1.5"'],
    ['WEBHOOK_RETRY_SCHEDULE_SECONDS', '5,x', 'WEBHOOK_RETRY_SCHEDULE_SECONDS must be at most 20 comma-separated whole seconds'],
  ])('refuses %s=%s, naming the variable and the value', (name, value, message) => {
    expect(() => readEnvironment({ [name]: value })).toThrow(message);
  });

  it('names every variable out of range at once', () => {
    expect(() => readEnvironment({ CARRIER_TIMEOUT_MS: 'x', SANDBOX_CARRIERS: 'y' })).toThrow(
      'CARRIER_TIMEOUT_MS must be a number, got "x"; SANDBOX_CARRIERS must be one of all, test, off, got "y"',
    );
  });

  it('refuses a test key prefix equal to the live one', () => {
    expect(() => readEnvironment({ API_KEY_PREFIX: 'acme', API_KEY_TEST_PREFIX: 'acme' })).toThrow(
      'API_KEY_TEST_PREFIX must differ from API_KEY_PREFIX, both are "acme"',
    );
  });

  it('writes settings as the variables that read back as them', () => {
    const written = {
      apiKeyPrefix: 'acme',
      carrierTimeoutMs: 1200,
      sandboxCarriers: 'test',
      webhookRetrySchedule: [1, 2, 3],
      webhookAllowPrivateUrls: true,
    } as const;
    const environment = environmentOf(written);
    expect(environment).toEqual({
      API_KEY_PREFIX: 'acme',
      CARRIER_TIMEOUT_MS: '1200',
      SANDBOX_CARRIERS: 'test',
      WEBHOOK_RETRY_SCHEDULE_SECONDS: '1,2,3',
      WEBHOOK_ALLOW_PRIVATE_URLS: 'true',
    });
    expect(readEnvironment(environment)).toMatchObject(written);
  });

  it('is documented: docs/configuration.md names every variable', () => {
    const page = readFileSync(path.join(__dirname, '../../docs/configuration.md'), 'utf8');
    expect(names.filter((name) => !page.includes(`\`${name}\``))).toEqual([]);
  });
});

describe('config', () => {
  const saved = { ...process.env };
  afterEach(() => {
    for (const name of names) {
      if (saved[name] === undefined) delete process.env[name];
      else process.env[name] = saved[name];
    }
  });

  it('reads a variable again when it changes', () => {
    process.env.CARRIER_TIMEOUT_MS = '1500';
    expect(config.carrierTimeoutMs).toBe(1500);
    process.env.CARRIER_TIMEOUT_MS = '2500';
    expect(config.carrierTimeoutMs).toBe(2500);
    delete process.env.CARRIER_TIMEOUT_MS;
    expect(config.carrierTimeoutMs).toBe(3000);
  });

  it('throws at the read of a value out of range, and reads again once it is fixed', () => {
    process.env.CARRIER_BREAKER_FAILURES = '1.5';
    expect(() => config.carrierBreakerFailures).toThrow('CARRIER_BREAKER_FAILURES must be a whole number, 0 or more, got "1.5"');
    process.env.CARRIER_BREAKER_FAILURES = '4';
    expect(config.carrierBreakerFailures).toBe(4);
  });

  it('refuses a test key prefix equal to the live one at the read', () => {
    process.env.API_KEY_PREFIX = 'acme';
    process.env.API_KEY_TEST_PREFIX = 'acme';
    expect(() => config.apiKeyTestPrefix).toThrow('API_KEY_TEST_PREFIX must differ from API_KEY_PREFIX');
    expect(config.apiKeyPrefix).toBe('acme');
  });

  it('has a property for every setting of the schema', () => {
    expect(Object.keys(config).sort()).toEqual([...settings].sort());
  });
});
