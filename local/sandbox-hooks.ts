/**
 * Sandbox fault hooks the local runtime wires into a function, so no
 * deployed function carries them: with SANDBOX_SHIP_CRASH=<n>, the ship
 * function is built with the sandbox's crash injection (the next n ships die
 * after the carrier shipped and before the order is written).
 */
import type { LambdaHandler, Route } from './api-gateway';

export const localHandlerOverride = (route: Pick<Route, 'name'>, env: NodeJS.ProcessEnv = process.env): LambdaHandler | undefined => {
  if (route.name !== 'ship' || !env.SANDBOX_SHIP_CRASH) return undefined;
  /* eslint-disable @typescript-eslint/no-require-imports -- loaded only when the hook is on, like the handler itself */
  const { createShipHandler } = require('../functions/ship/handler') as typeof import('../functions/ship/handler');
  const { defaultRegistry } = require('../shared/carriers/registry') as typeof import('../shared/carriers/registry');
  const { sandboxShipCrash } = require('../shared/carriers/sandbox/crash') as typeof import('../shared/carriers/sandbox/crash');
  const { readEnvironment } = require('../shared/config') as typeof import('../shared/config');
  /* eslint-enable @typescript-eslint/no-require-imports */
  // Read now, so a value that is not a whole number stops the handler's load rather than a ship.
  return createShipHandler(defaultRegistry, { afterCarrierShip: sandboxShipCrash(readEnvironment(env).sandboxShipCrash) });
};
