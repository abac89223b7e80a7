/**
 * Every route object (./route.ts) by function name: what shared/functions.ts
 * derives its HTTP triggers from and tooling/openapi.ts documents. It imports
 * every endpoint's schemas, so no function imports it (a function imports its
 * own route from its contract file).
 */
import { addressesValidateRoute } from './addresses';
import { batchCancelRoute, batchesCreateRoute, batchGetRoute, batchItemsRoute, batchLabelsRoute } from './batches';
import { cancelRoute } from './cancel';
import { carrierServicesRoute, carriersRoute, packagingTypesRoute } from './catalog';
import { labelFileRoute, labelsRoute } from './labels';
import { manifestFileRoute, manifestGetRoute, manifestsCreateRoute, manifestsListRoute } from './manifests';
import { pickupCancelRoute, pickupGetRoute, pickupsAvailabilityRoute, pickupsCreateRoute, pickupsListRoute } from './pickups';
import { rateRoute } from './rate';
import type { Route } from './route';
import { shipRoute } from './ship';
import { trackRoute } from './track';
import { webhookDeleteRoute, webhookDeliveriesRoute, webhookGetRoute, webhookRetryRoute, webhooksCreateRoute, webhooksListRoute } from './webhooks';

const list = [
  packagingTypesRoute,
  carriersRoute,
  carrierServicesRoute,
  rateRoute,
  shipRoute,
  labelsRoute,
  labelFileRoute,
  trackRoute,
  cancelRoute,
  manifestsCreateRoute,
  manifestsListRoute,
  manifestGetRoute,
  manifestFileRoute,
  pickupsAvailabilityRoute,
  pickupsCreateRoute,
  pickupsListRoute,
  pickupGetRoute,
  pickupCancelRoute,
  webhooksCreateRoute,
  webhooksListRoute,
  webhookGetRoute,
  webhookDeleteRoute,
  webhookDeliveriesRoute,
  webhookRetryRoute,
  addressesValidateRoute,
  batchesCreateRoute,
  batchGetRoute,
  batchItemsRoute,
  batchCancelRoute,
  batchLabelsRoute,
] as const;

/** The names of the HTTP functions. */
export type HttpFunctionName = (typeof list)[number]['name'];

export const routes: readonly Route[] = list;

/** The route of an HTTP function, by its name. */
export const routeOf = (name: string): Route => {
  const route = routes.find((r) => r.name === name);
  if (!route) throw new Error(`${name} is not an HTTP function`);
  return route;
};
