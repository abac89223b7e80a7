/**
 * Rating with UPS over a client bound to one account and mode (./api.ts),
 * with the pure builder and parser of ./rate.ts. Apart from the other
 * operations (./operations.ts), which ./index.ts loads on their first call,
 * so the rate function does not build the schemas of UPS's ship and track
 * answers at its cold start.
 */
import type { CarrierQuote, RateInput } from '../../domain/carrier';
import type { UpsApi } from './api';
import { bodyOf } from './answers';
import { buildUpsRateRequest, parseUpsRate, type UpsRateRequest } from './rate';

export const upsRate = async (request: UpsRateRequest, api: UpsApi, signal: AbortSignal): Promise<CarrierQuote[]> =>
  parseUpsRate(bodyOf(await api.send({ method: 'POST', path: request.path, body: request.body, retryable: true }, signal), 'rate the shipment'));

export const buildRate = (input: RateInput): UpsRateRequest => buildUpsRateRequest(input);
