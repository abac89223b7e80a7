/** Jest globalTeardown of the `e2e` project: stops the runtime's whole process tree and removes its DATA_DIR (kept with E2E_KEEP_DATA=1). */
import { rmSync } from 'node:fs';
import type { E2eGlobals } from './e2e-setup';
import { stopRuntime } from './runtime';

export default async function e2eGlobalTeardown(): Promise<void> {
  const globals = globalThis as E2eGlobals;
  const running = globals.__SHIPPING_E2E_RUNTIME__;
  const dataDir = globals.__SHIPPING_E2E_DATA_DIR__;
  globals.__SHIPPING_E2E_RUNTIME__ = undefined;
  globals.__SHIPPING_E2E_DATA_DIR__ = undefined;
  if (running) await stopRuntime(running);
  if (dataDir) {
    if (process.env.E2E_KEEP_DATA === '1') console.log(`e2e: DATA_DIR kept at ${dataDir}`);
    else rmSync(dataDir, { recursive: true, force: true });
  }
}
