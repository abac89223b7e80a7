/**
 * `npm run invoke` (local/invoke.ts, bin/invoke.ts) against DynamoDB Local and
 * s3rver: every sample of events/ runs through invoke's own code path (the
 * target found from DATA_DIR/runtime.json and demo.json, the placeholders
 * filled, the function list's handler loaded and called) and gives the outcome
 * events/README.md expects; a sample without one fails. The runtime.json
 * written here names this test's emulators and this process, standing for a
 * running `npm start`. Then the CLI itself as a child process.
 */
import { execFile, spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { APIGatewayProxyResult } from 'aws-lambda';
import {
  EVENTS_DIR,
  InvokeError,
  PLACEHOLDERS,
  invoke,
  isBareBody,
  listSamples,
  parseInvokeArgs,
  readExpectations,
  shippingDateInWindow,
  type InvokeCommand,
} from '../../local/invoke';
import { dataPaths, writeDemoFile, writeRuntimeFile } from '../../local/runtime-files';
import { isoDate, utcDayNumber } from '../../shared/domain/dates';
import { listOutbox } from '../../shared/notify/outbox';
import { getOrder } from '../../shared/store/orders';
import { REPOSITORY_ROOT, TSX } from '../support/cli';
import { runtimeFileOf, useFreshStack } from '../support/stack';

jest.setTimeout(60_000);

const stack = useFreshStack();
let dataDir: string;
let apiKey: string;
let companyId: string;
const savedOutbox = process.env.EMAIL_OUTBOX_DIR;

const writeRuntime = (dir: string, pid = process.pid) =>
  writeRuntimeFile(dir, runtimeFileOf(stack, { pid, apiUrl: 'http://127.0.0.1:9/v1', port: 9, outboxDir: dataPaths(dir).outbox }));

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'invoke-'));
  const created = await stack.createCompanyWithKey({ pricingGroupId: 'default' });
  ({ apiKey } = created);
  companyId = created.company.companyId;
  writeDemoFile(dataDir, { companyId, companyName: created.company.name, keyId: created.keyId, apiKey, createdDate: created.company.createdDate });
  writeRuntime(dataDir);
});

afterAll(() => {
  rmSync(dataDir, { recursive: true, force: true });
  if (savedOutbox === undefined) delete process.env.EMAIL_OUTBOX_DIR;
  else process.env.EMAIL_OUTBOX_DIR = savedOutbox;
});

const env = () => ({ DATA_DIR: dataDir });
const command = (...argv: string[]) => parseInvokeArgs(argv, env()) as Extract<InvokeCommand, { kind: 'invoke' }>;
const run = (...argv: string[]) => invoke(command(...argv), { env: env() });

const expectations = readExpectations();

describe('events/', () => {
  it('every file is a sample of a listed function with an expected outcome in events/README.md, or a bare body', () => {
    const files = readdirSync(EVENTS_DIR).filter((f) => f.endsWith('.json'));
    const withoutOutcome = files.filter((f) => !isBareBody(f) && !expectations.has(f));
    expect(withoutOutcome).toEqual([]);
    // A row for a file that is gone is a stale promise.
    expect([...expectations.keys()].filter((f) => !files.includes(f))).toEqual([]);
    // Each sample names its function; a misspelt one would be refused by invoke, and here.
    for (const { file } of listSamples()) expect(() => parseInvokeArgs([file.replace(/\.json$/, '')], env())).not.toThrow();
    expect(expectations.get('rate.json')).toBe('200');
  });
});

type ErrorBody = { error?: { code?: string; message?: string } | string };
/** `401 UNAUTHORIZED`: our error body's code; `401 invalid_client`: an OAuth error (RFC 6749 5.2) of an inbound route. */
const HTTP_OUTCOME = /^(\d{3})(?: ([A-Z_]+|[a-z_]+))?$/;
const STREAM_OUTCOME = /^batchItemFailures (\d+), e-mails (\d+)$/;

describe.each(listSamples().map((s) => [s.file, expectations.get(s.file) ?? '(none)'] as const))('%s', (file, expected) => {
  it(`gives ${expected}`, async () => {
    const report = await run(file.replace(/\.json$/, ''));
    const filled = JSON.stringify(report.event);
    // Nothing the stack cannot know is left in what the handler received.
    for (const placeholder of Object.values(PLACEHOLDERS)) expect(filled).not.toContain(placeholder);
    const { outcome } = report;

    if (outcome.kind === 'http') {
      const m = HTTP_OUTCOME.exec(expected);
      expect(m).not.toBeNull();
      const result: APIGatewayProxyResult = outcome.result;
      expect(result.statusCode).toBe(Number(m![1]));
      const body = (result.body ? JSON.parse(result.body) : {}) as ErrorBody & { data?: unknown };
      if (m![2] && /^[a-z]/.test(m![2])) {
        expect(body).toEqual(expect.objectContaining({ error: m![2], error_description: expect.any(String) }));
      } else if (m![2]) {
        expect(body.error).toEqual(expect.objectContaining({ code: m![2], message: expect.any(String) }));
      } else {
        expect(body.error).toBeUndefined();
        if (result.statusCode === 302) expect(String(result.headers?.location ?? result.headers?.Location)).toContain(process.env.AWS_ENDPOINT_URL_S3!);
        else expect(body.data).toBeDefined();
      }
      // A sample with a key gets the demo company's.
      const headers = (report.event.headers ?? {}) as Record<string, string>;
      if (headers['X-API-Key'] !== undefined && !file.includes('unknown-key')) expect(headers['X-API-Key']).toBe(apiKey);
    } else if (outcome.kind === 'stream') {
      const m = STREAM_OUTCOME.exec(expected);
      expect(m).not.toBeNull();
      expect(outcome.result.batchItemFailures).toHaveLength(Number(m![1]));
      // Read from the outbox itself, not from what invoke says it found.
      const orderIds = new Set(
        (report.event.Records as Array<{ dynamodb: { NewImage: { orderId: { S: string } } } }>).map((r) => r.dynamodb.NewImage.orderId.S),
      );
      const mails = listOutbox(dataPaths(dataDir).outbox).filter((mail) => orderIds.has(mail.orderId));
      expect(mails).toHaveLength(Number(m![2]));
      if (report.fn.name === 'notify') expect(mails.map((mail) => [mail.to, mail.status])).toEqual([['buyer@example.com', 'intransit']]);
    } else if (outcome.kind === 'queue') {
      expect(expected).toMatch(/^batchItemFailures \d+$/);
      expect(outcome.result.batchItemFailures).toHaveLength(Number(expected.split(' ')[1]));
    } else if (outcome.kind === 'schedule') {
      expect(expected).toBe('ran');
      const summaries: Record<string, unknown> = {
        'tracking-refresh': { queued: expect.any(Number), backlog: expect.any(Number), more: expect.any(Boolean) },
        'webhook-sweep': { requeued: expect.any(Number), failed: expect.any(Number), more: expect.any(Boolean) },
      };
      expect(outcome.result).toEqual(summaries[report.fn.name]);
    } else {
      throw new Error(`unexpected outcome ${outcome.kind}`);
    }
  });
});

describe('placeholders', () => {
  it('an orderId placeholder becomes a fresh order of the demo company, made through the rate and ship handlers', async () => {
    const report = await run('track', '--print-event');
    expect(report.outcome.kind).toBe('event');
    const orderId = (report.event.pathParameters as { orderId: string }).orderId;
    expect(report.event.path).toBe(`/v1/track/${orderId}`);
    expect((await getOrder(orderId))?.order).toMatchObject({ companyId, status: 'pending' });
  });

  it('the printed event, saved to a file, is invoked as it is (what `sam local invoke -e` would get)', async () => {
    const printed = await run('cancel', '--print-event');
    const file = path.join(dataDir, 'cancel.filled.json');
    writeFileSync(file, JSON.stringify(printed.event));
    const again = await invoke(command('cancel', file), { env: env() });
    expect(again.notes).toEqual([]);
    expect(again.outcome.kind === 'http' && again.outcome.result.statusCode).toBe(200);
    expect(again.outcome.kind === 'http' && JSON.parse(again.outcome.result.body).data.orderId).toBe(
      (printed.event.pathParameters as { orderId: string }).orderId,
    );
  });

  it('a shipping date outside the window moves to tomorrow, keeping its time; one inside it is kept', async () => {
    const now = new Date('2026-11-22T17:00:00Z');
    expect(shippingDateInWindow('2020-01-02', now)).toBe('2026-11-23');
    expect(shippingDateInWindow('2020-01-02T10:30', now)).toBe('2026-11-23T10:30');
    expect(shippingDateInWindow('2027-06-01', now)).toBe('2026-11-23');
    expect(shippingDateInWindow('2026-11-15', now)).toBeUndefined();
    expect(shippingDateInWindow('2027-02-20', now)).toBeUndefined();

    const sample = JSON.parse(readFileSync(path.join(EVENTS_DIR, 'rate.json'), 'utf8')) as { body: string };
    sample.body = sample.body.replace(/"shippingDate": "[^"]+"/, '"shippingDate": "2020-01-02"');
    const file = path.join(dataDir, 'rate.old-date.json');
    writeFileSync(file, JSON.stringify(sample));
    const report = await invoke(command('rate', file), { env: env() });
    const tomorrow = isoDate(utcDayNumber(new Date()) + 1);
    expect(JSON.parse(report.event.body as string).shippingOptions.shippingDate).toBe(tomorrow);
    expect(report.notes.join('\n')).toContain(`2020-01-02 is outside today's window`);
    expect(report.outcome.kind === 'http' && report.outcome.result.statusCode).toBe(200);
  });
});

describe('the target', () => {
  it('without a running npm start it says so, naming `npm start`', async () => {
    const empty = mkdtempSync(path.join(os.tmpdir(), 'invoke-none-'));
    try {
      const attempt = invoke(parseInvokeArgs(['carriers'], { DATA_DIR: empty }) as Extract<InvokeCommand, { kind: 'invoke' }>, { env: { DATA_DIR: empty } });
      await expect(attempt).rejects.toThrow(InvokeError);
      await expect(attempt).rejects.toThrow(/no local stack is running .*`npm start`/);
    } finally {
      rmSync(empty, { recursive: true, force: true });
    }
  });

  it('refuses a runtime.json left by a runtime that is no longer running', async () => {
    const stale = mkdtempSync(path.join(os.tmpdir(), 'invoke-stale-'));
    try {
      writeRuntime(stale, spawnSync('true').pid);
      const attempt = invoke(parseInvokeArgs(['carriers'], { DATA_DIR: stale }) as Extract<InvokeCommand, { kind: 'invoke' }>, { env: { DATA_DIR: stale } });
      await expect(attempt).rejects.toThrow(/no longer running/);
    } finally {
      rmSync(stale, { recursive: true, force: true });
    }
  });

  it('refuses an event of another function', async () => {
    await expect(invoke(command('ship', path.join(EVENTS_DIR, 'rate.json')), { env: env() })).rejects.toThrow(
      /rate\.json is an event of POST \/v1\/rate; ship takes POST/,
    );
    await expect(invoke(command('notify', path.join(EVENTS_DIR, 'tracking-refresh.json')), { env: env() })).rejects.toThrow(/not a DynamoDB stream batch/);
  });

  it('refuses bad arguments', () => {
    expect(() => parseInvokeArgs(['nope'], env())).toThrow(/unknown function "nope"/);
    expect(() => parseInvokeArgs(['rate.nope'], env())).toThrow(/no event file .*samples of rate: rate\.json/);
    expect(() => parseInvokeArgs(['rate', '--bogus'], env())).toThrow(/unknown option --bogus/);
  });
});

describe('npm run invoke (bin/invoke.ts as a child process)', () => {
  const cli = (args: string[], childEnv: NodeJS.ProcessEnv): Promise<{ code: number; stdout: string; stderr: string }> =>
    new Promise((resolve, reject) => {
      execFile(TSX, ['bin/invoke.ts', ...args], { cwd: REPOSITORY_ROOT, env: childEnv, timeout: 60_000 }, (error, stdout, stderr) => {
        const failure: Error | null = error && typeof error.code !== 'number' ? error : null;
        if (failure) reject(failure);
        else resolve({ code: error ? Number(error.code) : 0, stdout, stderr });
      });
    });
  // What a developer's shell holds: no endpoints, no table; the CLI finds them in runtime.json.
  const shell = (dir: string): NodeJS.ProcessEnv => {
    const e: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dir };
    for (const name of ['AWS_ENDPOINT_URL_DYNAMODB', 'AWS_ENDPOINT_URL_S3', 'TABLE_NAME', 'BUCKET_NAME', 'EMAIL_OUTBOX_DIR']) delete e[name];
    return e;
  };

  it('prints the status, headers and pretty-printed body on stdout and exits 0, also for a 4xx; notes and the expected outcome on stderr', async () => {
    const ok = await cli(['carriers'], shell(dataDir));
    expect([ok.code, ok.stderr]).toEqual([0, expect.stringContaining('carriers -> 200; expected for events/carriers.json: 200')]);
    const [head, body] = ok.stdout.split('\n\n');
    expect(head).toMatch(/^HTTP 200\ncontent-type: application\/json/);
    expect(JSON.parse(body!).data.map((c: { code: string }) => c.code)).toContain('CARRIERX');
    expect(body).toContain('\n  "data"');

    const refused = await cli(['rate.no-key'], shell(dataDir));
    expect(refused.code).toBe(0);
    expect(refused.stdout).toMatch(/^HTTP 401\n/);
    expect(refused.stderr).toContain('rate -> 401 UNAUTHORIZED; expected for events/rate.no-key.json: 401 UNAUTHORIZED');
  });

  it('--print-event prints only the filled event as JSON on stdout', async () => {
    const printed = await cli(['labels', '--print-event'], shell(dataDir));
    expect(printed.code).toBe(0);
    const event = JSON.parse(printed.stdout) as { headers: Record<string, string>; pathParameters: { orderId: string } };
    expect(event.headers['X-API-Key']).toBe(apiKey);
    expect((await getOrder(event.pathParameters.orderId))?.order.companyId).toBe(companyId);
  });

  it('without a running stack: exit 1 and the command to start one; bad arguments: exit 2', async () => {
    const empty = mkdtempSync(path.join(os.tmpdir(), 'invoke-none-'));
    try {
      const none = await cli(['carriers'], shell(empty));
      expect(none.code).toBe(1);
      expect(none.stdout).toBe('');
      expect(none.stderr).toMatch(/no local stack is running .*`npm start`/);
      expect((await cli(['nope'], shell(empty))).code).toBe(2);
    } finally {
      rmSync(empty, { recursive: true, force: true });
    }
  });
});
