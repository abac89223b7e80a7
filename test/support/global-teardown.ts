/** Jest globalTeardown of the `integration` project: stops the emulators of global-setup.ts. */
import { rmSync } from 'node:fs';
import type { IntegrationGlobals } from './global-setup';

export default async function integrationGlobalTeardown(): Promise<void> {
  const globals = globalThis as IntegrationGlobals;
  const stack = globals.__SHIPPING_INTEGRATION_STACK__;
  globals.__SHIPPING_INTEGRATION_STACK__ = undefined;
  await stack?.stop();
  if (globals.__SHIPPING_INTEGRATION_SECRETS__) rmSync(globals.__SHIPPING_INTEGRATION_SECRETS__, { recursive: true, force: true });
  globals.__SHIPPING_INTEGRATION_SECRETS__ = undefined;
}
