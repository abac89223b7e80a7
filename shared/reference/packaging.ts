/**
 * Default packaging catalog (spec 2.5, 2.6): shared by every company, stored
 * under `PACKAGING#DEFAULT`. Ids are fixed so loading is idempotent. The two
 * generic entries are here; each carrier's own packaging comes from its
 * profile's reference data, by carrier code.
 * The shared `GENERIC_BOX` is not in category `Generic`: `Generic` always
 * marks a company custom box (docs/decisions.md).
 */
import { CARRIER_PROFILES } from '../carriers/registry';
import { dims, fixed, free } from '../carriers/reference-kit';
import type { PackagingType } from '../domain/entities';

const GENERIC: PackagingType[] = [
  {
    id: 'e934dc3b-57dd-44ed-95a9-360e35524705',
    code: 'GENERIC_BOX',
    name: 'Your packaging (box)',
    categoryName: 'Standard',
    carrierId: null,
    isEnvelope: false,
    dimensions: dims(free, free, free),
  },
  {
    id: '508c260a-007f-4185-b628-40590ac9b142',
    code: 'GENERIC_ENVELOPE',
    name: 'Envelope (documents)',
    categoryName: 'Standard',
    carrierId: null,
    isEnvelope: true,
    dimensions: dims(fixed(32), fixed(24), fixed(1)),
  },
];

export const defaultPackagingTypes: PackagingType[] = [...GENERIC, ...CARRIER_PROFILES.flatMap((p) => p.reference.packaging)];
