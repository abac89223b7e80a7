/**
 * The UPS client over HTTP (./api.ts). Not written yet: the operations are
 * tested against UPS's documents through an in-process client until it is.
 */
import type { UpsApi, UpsApiTarget } from './api';

export function createUpsApi(target: UpsApiTarget): UpsApi {
  return {
    mode: target.mode,
    send: () => Promise.reject(new Error('The UPS HTTP client is not written yet')),
  };
}
