/**
 * Reference data of the carriers: gathered from each connector's folder
 * (`shared/carriers/<carrier>/reference.ts`) in the registry's order, and
 * loaded idempotently into the table (local start, `admin seed`).
 */
import { CONNECTORS } from '../carriers/registry';
import type { Carrier, CarrierService } from '../domain/entities';

/** The network comes from the connector: the carrier's reference says what it is, the registry how it is reached. */
export const carriers: Carrier[] = CONNECTORS.map((c) => ({ ...c.reference.carrier, network: c.network }));

export const services: CarrierService[] = CONNECTORS.flatMap((c) => c.reference.services);
