/**
 * Jest globalSetup of the `e2e` project. Starts the real local runtime
 * (`tsx bin/local.ts`, what `npm start` runs) on a temporary DATA_DIR and a
 * free port, and proves on the way that data survives a restart: first start
 * (reference data, demo company and key), a custom box created through the
 * admin CLI, an order with its label file and status e-mail, a graceful
 * stop, a second start. The tests run against the
 * second start; test/e2e/restart.test.ts checks what the restart kept.
 *
 * Workers read: E2E_BASE_URL, E2E_API_KEY, E2E_TEST_API_KEY (the demo test
 * key), E2E_COMPANY_ID, E2E_DATA_DIR and E2E_RESTART (JSON, see RestartRecord).
 */
import { existsSync, mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { dataPaths, isProcessAlive, readDemoFile } from '../../local/runtime-files';
import { listOutbox } from '../../shared/notify/outbox';
import { adminJson } from './cli';
import { sampleRateBody } from './rate-body';
import { runtimeEnv, startRuntime, stopRuntime, type RunningRuntime } from './runtime';
import { forgetHostZodRegistry } from './host-globals';

export type E2eGlobals = { __SHIPPING_E2E_RUNTIME__?: RunningRuntime; __SHIPPING_E2E_DATA_DIR__?: string };

/** What the first start left behind, for test/e2e/restart.test.ts. */
export type RestartRecord = {
  first: { apiKey: string; keyId: string; testApiKey: string; testKeyId: string; companyId: string; pid: number; dynamodbPid: number; apiUrl: string };
  boxId: string;
  /** An order shipped before the restart, asking for a pending e-mail, with its label's presigned URL and its e-mail sent. */
  order: { orderId: string; trackingNumber: string; emailsBefore: number; labelUrl: string; s3Endpoint: string };
  afterStop: { runtimeFileExists: boolean; alivePids: number[] };
  /** Right after the second start (the URL lives LABEL_URL_MINUTES): s3rver's endpoint and what the label URL of the first start answers. */
  afterRestart: { s3Endpoint: string; labelStatus: number; labelStart: string };
};

/** Ships an order that asks for a pending e-mail, asks for its label's URL and waits for the e-mail: what a restart must keep. */
const shipBeforeRestart = async (apiUrl: string, apiKey: string, dataDir: string): Promise<Omit<RestartRecord['order'], 's3Endpoint'>> => {
  const call = async (route: string, init: RequestInit = {}) => {
    const response = await fetch(`${apiUrl}${route}`, {
      ...init,
      redirect: 'manual',
      headers: { 'X-API-Key': apiKey, 'Content-Type': 'application/json', ...init.headers },
    });
    return {
      status: response.status,
      location: response.headers.get('location'),
      json: (await response.text().then((t) => (t ? JSON.parse(t) : undefined))) as { data: Record<string, unknown> },
    };
  };
  const body = {
    ...sampleRateBody(),
    shippingNotificationOptions: { shippingNotificationStatuses: ['pending'], shippingNotificationEmail: 'restart@example.com' },
  };
  const rated = await call('/rate', { method: 'POST', body: JSON.stringify(body) });
  const rateResponseId = (rated.json.data.rates as Array<{ rateResponseId: string }>)[0]!.rateResponseId;
  const shipped = await call(`/ship/${rateResponseId}`, { method: 'POST', body: '{}' });
  const { orderId, trackingNumber } = shipped.json.data as unknown as { orderId: string; trackingNumber: string };
  const label = await call(`/labels/${orderId}/SHIPPING_LABEL_PDF`);
  if (label.status !== 302 || !label.location) throw new Error(`the label before the restart answered ${label.status}`);
  const emails = () => listOutbox(dataPaths(dataDir).outbox).filter((e) => e.orderId === orderId).length;
  const deadline = Date.now() + 10_000;
  while (emails() === 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 200));
  return { orderId, trackingNumber, emailsBefore: emails(), labelUrl: label.location };
};

export default async function e2eGlobalSetup(): Promise<void> {
  const globals = globalThis as E2eGlobals;
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'shipping-e2e-'));
  globals.__SHIPPING_E2E_DATA_DIR__ = dataDir;
  try {
    const first = await startRuntime(dataDir);
    let record: RestartRecord;
    try {
      const demo = readDemoFile(dataDir);
      if (!demo) throw new Error(`the first start wrote no ${dataPaths(dataDir).demo}`);
      if (!demo.testApiKey || !demo.testKeyId) throw new Error(`the first start wrote no demo test key in ${dataPaths(dataDir).demo}`);
      const box = await adminJson<{ id: string }>(
        ['box', 'create', '--company', demo.companyId, '--name', 'Survives a restart', '--length', '30', '--width', '20', '--height', '10', '--weight', '0.4'],
        runtimeEnv(dataDir),
      );
      const order = await shipBeforeRestart(first.runtime.apiUrl, demo.apiKey, dataDir);
      record = {
        first: {
          apiKey: demo.apiKey,
          keyId: demo.keyId,
          testApiKey: demo.testApiKey,
          testKeyId: demo.testKeyId,
          companyId: demo.companyId,
          pid: first.runtime.pid,
          dynamodbPid: first.runtime.dynamodb.pid,
          apiUrl: first.runtime.apiUrl,
        },
        boxId: box.id,
        order: { ...order, s3Endpoint: first.runtime.s3.endpoint },
        afterStop: { runtimeFileExists: true, alivePids: [] },
        afterRestart: { s3Endpoint: '', labelStatus: 0, labelStart: '' },
      };
    } finally {
      await stopRuntime(first);
    }
    record.afterStop = {
      runtimeFileExists: existsSync(dataPaths(dataDir).runtime),
      alivePids: [record.first.pid, record.first.dynamodbPid].filter(isProcessAlive),
    };

    const second = await startRuntime(dataDir);
    globals.__SHIPPING_E2E_RUNTIME__ = second;
    // Never throws: restart.test.ts reports a URL that no longer answers (status 0), and the teardown stops this runtime.
    const label = await fetch(record.order.labelUrl, { signal: AbortSignal.timeout(10_000) })
      .then(async (response) => ({
        status: response.status,
        start: Buffer.from(await response.arrayBuffer())
          .subarray(0, 5)
          .toString('latin1'),
      }))
      .catch((e: unknown) => ({ status: 0, start: String((e as Error).cause ?? e) }));
    record.afterRestart = { s3Endpoint: second.runtime.s3.endpoint, labelStatus: label.status, labelStart: label.start };
    const demo = readDemoFile(dataDir)!;
    process.env.E2E_DATA_DIR = dataDir;
    process.env.E2E_BASE_URL = second.runtime.apiUrl;
    process.env.E2E_API_KEY = demo.apiKey;
    process.env.E2E_TEST_API_KEY = demo.testApiKey ?? '';
    process.env.E2E_COMPANY_ID = demo.companyId;
    process.env.E2E_RESTART = JSON.stringify(record);
  } catch (e) {
    (e as Error).message += `\n(runtime logs are in ${dataDir})`;
    throw e;
  } finally {
    forgetHostZodRegistry();
  }
}
