/**
 * A Jest globalSetup runs in Jest's own process, and a test file run in band
 * there is handed that process's globals as they stand when Jest's node
 * environment is loaded (jest-environment-node copies them in). zod keeps its
 * global registry on globalThis: left in place, the registry a setup filled
 * (the contract's named schemas, through the modules it imports) would be
 * every in-band test file's, and the schemas of several files would share it
 * (two `Shipment` schemas in one OpenAPI conversion). Each test file makes its
 * own once this one is gone.
 */
export const forgetHostZodRegistry = (): void => {
  delete (globalThis as Record<string, unknown>).__zod_globalRegistry;
};
