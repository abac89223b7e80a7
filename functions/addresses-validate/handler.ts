/** POST /v1/addresses/validate (docs/addresses.md): the address validation service does the work (shared/services/address-validation.ts). */
import { defaultRegistry, type CarrierRegistry } from '../../shared/carriers/registry';
import { addressesValidateRoute } from '../../shared/contract/addresses';
import { httpHandler } from '../../shared/http/handler';
import { logger } from '../../shared/observability';
import { createAddressValidationService } from '../../shared/services/address-validation';
import { referencePreload } from '../../shared/services/preload';

export const createAddressesValidateHandler = (registry: CarrierRegistry, clock?: () => Date) => {
  const validation = createAddressValidationService({ registry, logger, clock });
  return httpHandler(
    addressesValidateRoute,
    async ({ body }, caller) => ({ data: { results: await validation.validate(caller.company, body.addresses, caller.mode, body.carrierCode) } }),
    referencePreload,
  );
};

export const handler = createAddressesValidateHandler(defaultRegistry);
