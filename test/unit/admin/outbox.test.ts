/**
 * `admin outbox list` (docs/configuration.md): the status e-mails a local stack wrote
 * to DATA_DIR/outbox, oldest first; on a deployed stage it explains that
 * e-mails went through SES. Through its functions, then the CLI process.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ADMIN_USAGE, executeAdminCommand, parseAdminCommand } from '../../../admin/cli';
import { AdminError, UsageError } from '../../../admin/errors';
import { resolveAdminTarget } from '../../../admin/target';
import { dataPaths, writeRuntimeFile } from '../../../local/runtime-files';
import { createOutboxSender } from '../../../shared/notify/outbox';
import { runAdminCli } from '../../support/cli';

let dataDir: string;
beforeEach(() => {
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'admin-outbox-'));
});
afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

const runningStack = () =>
  writeRuntimeFile(dataDir, {
    pid: process.pid,
    startedAt: '2030-01-01T00:00:00.000Z',
    apiUrl: 'http://127.0.0.1:1/v1',
    port: 1,
    region: 'us-east-1',
    tableName: 'shipping-local',
    bucketName: 'shipping-labels-local',
    dynamodb: { endpoint: 'http://127.0.0.1:9', pid: process.pid },
    s3: { endpoint: 'http://127.0.0.1:9' },
  });

const email = (status: string, sentAt: string) =>
  createOutboxSender(dataPaths(dataDir).outbox, { clock: () => new Date(sentAt) }).send({
    to: 'buyer@example.com',
    subject: `${status} subject`,
    text: 'text',
    html: '<p>html</p>',
    orderId: '7d3f2c1a-4b5e-4f60-8a71-92b3c4d5e6f7',
    status,
  });

it('parses outbox list, which takes no option, and documents it', () => {
  expect(parseAdminCommand(['outbox', 'list'])).toEqual({ kind: 'outbox-list' });
  expect(() => parseAdminCommand(['outbox', 'list', '--all'])).toThrow(UsageError);
  expect(() => parseAdminCommand(['outbox', 'send'])).toThrow(/unknown command "outbox send"/);
  expect(ADMIN_USAGE).toContain('outbox list');
});

it('lists the e-mails of the local stack, oldest first; none written yet is an empty list', async () => {
  runningStack();
  const target = resolveAdminTarget({ DATA_DIR: dataDir });
  expect(await executeAdminCommand({ kind: 'outbox-list' }, target)).toEqual([]);
  await email('delivered', '2026-05-06T10:00:00.000Z');
  await email('intransit', '2026-05-05T10:00:00.000Z');
  expect(await executeAdminCommand({ kind: 'outbox-list' }, target)).toEqual([
    {
      to: 'buyer@example.com',
      subject: 'intransit subject',
      orderId: '7d3f2c1a-4b5e-4f60-8a71-92b3c4d5e6f7',
      status: 'intransit',
      sentAt: '2026-05-05T10:00:00.000Z',
    },
    {
      to: 'buyer@example.com',
      subject: 'delivered subject',
      orderId: '7d3f2c1a-4b5e-4f60-8a71-92b3c4d5e6f7',
      status: 'delivered',
      sentAt: '2026-05-06T10:00:00.000Z',
    },
  ]);
});

it('on a deployed stage, explains that e-mails went through SES', async () => {
  const target = resolveAdminTarget({ DATA_DIR: dataDir, TABLE_NAME: 'shipping-dev' });
  const listing = executeAdminCommand({ kind: 'outbox-list' }, target);
  await expect(listing).rejects.toThrow(AdminError);
  await expect(listing).rejects.toThrow(/local only.*shipping-dev sends status e-mails through SES/);
});

describe('the CLI process', () => {
  const env = (): NodeJS.ProcessEnv => {
    const e: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir };
    delete e.TABLE_NAME;
    return e;
  };

  it('prints the list as JSON beside a running local stack', async () => {
    runningStack();
    await email('intransit', '2026-05-05T10:00:00.000Z');
    const result = await runAdminCli(['outbox', 'list'], env());
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout)).toEqual([expect.objectContaining({ status: 'intransit', sentAt: '2026-05-05T10:00:00.000Z' })]);
  }, 60_000);

  it('exits 1 with the SES explanation on a deployed stage', async () => {
    const result = await runAdminCli(['outbox', 'list'], { ...env(), TABLE_NAME: 'shipping-dev' });
    expect(result.code).toBe(1);
    expect(result.stdout).toBe('');
    expect(result.stderr).toMatch(/^admin: outbox list is local only/);
  }, 60_000);
});
