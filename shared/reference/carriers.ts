/**
 * Reference data of the carriers: gathered from each carrier's profile (its
 * folder's reference.ts, `shared/carriers/<carrier>/`), by carrier code, and
 * loaded idempotently into the table (local start, `admin seed`).
 */
import { CARRIER_PROFILES } from '../carriers/registry';
import type { Carrier, CarrierService } from '../domain/entities';

/** The network comes from the profile: the carrier's reference says what it is, the registry how it is reached. */
export const carriers: Carrier[] = CARRIER_PROFILES.map((p) => ({ ...p.reference.carrier, network: p.network }));

export const services: CarrierService[] = CARRIER_PROFILES.flatMap((p) => p.reference.services);
