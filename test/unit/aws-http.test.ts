/**
 * The pure parts of the light AWS clients' transport (shared/aws/signed-http.ts):
 * which failures are tried again and how long it waits (the SDK's standard
 * mode), where credentials and the region come from.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { AwsServiceError, credentialsOf, isRetryable, regionOf, retryDelayMs } from '../../shared/aws/signed-http';
import { readEnvironment } from '../../shared/config';

const answered = (name: string, status: number) => new AwsServiceError(name, name, { fault: status >= 500 ? 'server' : 'client', status });
const networkError = (code: string) => Object.assign(new Error(code), { code });

describe('what is tried again', () => {
  it.each([
    ['a throttle named by the service', answered('ProvisionedThroughputExceededException', 400)],
    ['a throttle by status', answered('SomethingNew', 429)],
    ['S3 asking to slow down', answered('SlowDown', 503)],
    ['a server fault', answered('InternalServerError', 500)],
    ['a gateway without a body', answered('HTTP502', 502)],
    ['a timeout', new AwsServiceError('TimeoutError', 'no answer', { fault: 'client' })],
    ['a reset connection', networkError('ECONNRESET')],
    ['a refused connection', networkError('ECONNREFUSED')],
  ])('%s', (_what, error) => expect(isRetryable(error)).toBe(true));

  it.each([
    ['a false condition', answered('ConditionalCheckFailedException', 400)],
    ['a cancelled transaction', answered('TransactionCanceledException', 400)],
    ['a missing table', answered('ResourceNotFoundException', 400)],
    ['refused credentials', answered('UnrecognizedClientException', 400)],
    ['a missing object', answered('NoSuchKey', 404)],
    ['a programming error', new TypeError('x is undefined')],
    ['nothing at all', undefined],
  ])('not %s', (_what, error) => expect(isRetryable(error)).toBe(false));
});

describe('how long it waits', () => {
  it('a random share of 100 ms x 2^(attempt - 1), 500 ms when throttled, never more than 20 s', () => {
    const fault = answered('InternalServerError', 500);
    const throttle = answered('ThrottlingException', 400);
    expect([1, 2, 3].map((attempt) => retryDelayMs(fault, attempt, () => 0.999))).toEqual([99, 199, 399]);
    expect([1, 2, 3].map((attempt) => retryDelayMs(throttle, attempt, () => 0.999))).toEqual([499, 999, 1998]);
    expect(retryDelayMs(fault, 1, () => 0)).toBe(0);
    expect(retryDelayMs(throttle, 1_000_000_000, () => 0.999_999)).toBeLessThan(20_000);
  });
});

describe('credentials and region', () => {
  it("a function's come from its environment, the session token with them", async () => {
    await expect(credentialsOf(readEnvironment({ AWS_ACCESS_KEY_ID: 'AKID', AWS_SECRET_ACCESS_KEY: 'secret', AWS_SESSION_TOKEN: 'token' }))).resolves.toEqual({
      accessKeyId: 'AKID',
      secretAccessKey: 'secret',
      sessionToken: 'token',
    });
    expect(regionOf(readEnvironment({ AWS_REGION: 'eu-west-1', AWS_DEFAULT_REGION: 'us-east-1' }))).toBe('eu-west-1');
    expect(regionOf(readEnvironment({ AWS_DEFAULT_REGION: 'us-east-1' }))).toBe('us-east-1');
    expect(() => regionOf(readEnvironment({}))).toThrow(/AWS_REGION/);
  });

  it("without them (the admin CLI on an operator's profile) the SDK's default chain answers", async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'aws-profile-'));
    const saved = { ...process.env };
    try {
      const file = path.join(dir, 'credentials');
      writeFileSync(file, '[operator]\naws_access_key_id = AKIDPROFILE\naws_secret_access_key = profile-secret\n', { mode: 0o600 });
      for (const name of [
        'AWS_ACCESS_KEY_ID',
        'AWS_SECRET_ACCESS_KEY',
        'AWS_SESSION_TOKEN',
        'AWS_CONTAINER_CREDENTIALS_RELATIVE_URI',
        'AWS_CONTAINER_CREDENTIALS_FULL_URI',
        'AWS_WEB_IDENTITY_TOKEN_FILE',
      ])
        delete process.env[name];
      Object.assign(process.env, {
        AWS_PROFILE: 'operator',
        AWS_SHARED_CREDENTIALS_FILE: file,
        AWS_CONFIG_FILE: path.join(dir, 'config'),
        AWS_EC2_METADATA_DISABLED: 'true',
      });
      await expect(credentialsOf(readEnvironment({}))).resolves.toMatchObject({ accessKeyId: 'AKIDPROFILE', secretAccessKey: 'profile-secret' });
    } finally {
      process.env = saved;
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
