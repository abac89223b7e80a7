/**
 * Jest globalSetup of the `e2e` project. Starts the real local runtime
 * (`tsx bin/local.ts`, what `npm start` runs) on a temporary DATA_DIR and a
 * free port, and proves on the way that data survives a restart: first start
 * (reference data, demo company and key), a custom box created through the
 * admin CLI, a graceful stop, a second start. The tests run against the
 * second start; test/e2e/restart.test.ts checks what the restart kept.
 *
 * Workers read: E2E_BASE_URL, E2E_API_KEY, E2E_COMPANY_ID, E2E_DATA_DIR and
 * E2E_RESTART (JSON, see RestartRecord).
 */
import { existsSync, mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { dataPaths, isProcessAlive, readDemoFile } from '../../local/runtime-files';
import { adminJson } from './cli';
import { runtimeEnv, startRuntime, stopRuntime, type RunningRuntime } from './runtime';

export type E2eGlobals = { __SHIPPING_E2E_RUNTIME__?: RunningRuntime; __SHIPPING_E2E_DATA_DIR__?: string };

/** What the first start left behind, for test/e2e/restart.test.ts. */
export type RestartRecord = {
  first: { apiKey: string; keyId: string; companyId: string; pid: number; dynamodbPid: number; apiUrl: string };
  boxId: string;
  afterStop: { runtimeFileExists: boolean; alivePids: number[] };
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
      const box = await adminJson<{ id: string }>(
        ['box', 'create', '--company', demo.companyId, '--name', 'Survives a restart', '--length', '30', '--width', '20', '--height', '10', '--weight', '0.4'],
        runtimeEnv(dataDir),
      );
      record = {
        first: { apiKey: demo.apiKey, keyId: demo.keyId, companyId: demo.companyId, pid: first.runtime.pid, dynamodbPid: first.runtime.dynamodb.pid, apiUrl: first.runtime.apiUrl },
        boxId: box.id,
        afterStop: { runtimeFileExists: true, alivePids: [] },
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
    const demo = readDemoFile(dataDir)!;
    process.env.E2E_DATA_DIR = dataDir;
    process.env.E2E_BASE_URL = second.runtime.apiUrl;
    process.env.E2E_API_KEY = demo.apiKey;
    process.env.E2E_COMPANY_ID = demo.companyId;
    process.env.E2E_RESTART = JSON.stringify(record);
  } catch (e) {
    (e as Error).message += `\n(runtime logs are in ${dataDir})`;
    throw e;
  }
}
