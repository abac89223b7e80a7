/**
 * The sandbox's crash injection, wired by the local runtime only
 * (local/sandbox-hooks.ts), never by a deployed function.
 */
import { config } from '../../config';

/**
 * SANDBOX_SHIP_CRASH=<n> makes the next n
 * ships of this container fail after the carrier has shipped and before the
 * order is written, as a container dying there would. A retry once the claim
 * is stale (SHIP_CLAIM_STALE_SECONDS) finds the carrier's shipment.
 */
export const sandboxShipCrash = (times: number = config.sandboxShipCrash) => {
  let left = times;
  return () => {
    if (left <= 0) return;
    left -= 1;
    throw new Error('sandbox: injected crash after the carrier call (SANDBOX_SHIP_CRASH)');
  };
};
