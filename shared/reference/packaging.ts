/**
 * Default packaging catalog (spec 2.5, 2.6): shared by every company, stored
 * under `PACKAGING#DEFAULT`. Ids are fixed so loading is idempotent.
 * Per DESIGN.md §5 the shared `GENERIC_BOX` is not in category `Generic`:
 * `Generic` always marks a company custom box.
 */
import type { Dimension, PackagingType } from '../domain/types';

const IN_PER_CM = 1 / 2.54;
const round1 = (n: number) => Math.round(n * 10) / 10;

/** A fixed side given in centimetres; the imperial value is derived in inches. */
const fixed = (cm: number): Dimension => ({ isFixed: true, value: { metric: cm, imperial: round1(cm * IN_PER_CM) } });
/** A side the shipper gives per piece. */
const free: Dimension = { isFixed: false, value: { metric: 0, imperial: null } };

const dims = (l: Dimension, w: Dimension, h: Dimension) => ({ length: l, width: w, height: h });

export const defaultPackagingTypes: PackagingType[] = [
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
  {
    id: '5a3a5b83-6f1c-4103-968a-9a379df43251',
    code: 'CARRIERX_PAK',
    name: 'Carrier X Pak',
    categoryName: 'Carrier X',
    carrierId: 'CARRIERX',
    isEnvelope: false,
    dimensions: dims(fixed(39), fixed(31), fixed(3)),
  },
  {
    id: '7b5ef843-a9d8-4630-86e0-30fe3986b169',
    code: 'CARRIERX_SMALL_BOX',
    name: 'Carrier X Small Box',
    categoryName: 'Carrier X',
    carrierId: 'CARRIERX',
    isEnvelope: false,
    dimensions: dims(fixed(31), fixed(28), fixed(4)),
  },
  {
    id: '3dcd7a86-2b66-4d39-8f63-c3779e68eeb6',
    code: 'CARRIERX_MEDIUM_BOX',
    name: 'Carrier X Medium Box',
    categoryName: 'Carrier X',
    carrierId: 'CARRIERX',
    isEnvelope: false,
    dimensions: dims(fixed(34), fixed(29), fixed(6)),
  },
  {
    id: '52762ae7-14ea-49c9-abb2-485fd623505c',
    code: 'CARRIERX_LARGE_BOX',
    name: 'Carrier X Large Box',
    categoryName: 'Carrier X',
    carrierId: 'CARRIERX',
    isEnvelope: false,
    dimensions: dims(fixed(45), fixed(31), fixed(8)),
  },
  {
    id: 'fc0d0876-1621-469a-a2a1-223c052286f0',
    code: 'CARRIERX_EXTRA_LARGE_BOX',
    name: 'Carrier X Extra Large Box',
    categoryName: 'Carrier X',
    carrierId: 'CARRIERX',
    isEnvelope: false,
    dimensions: dims(fixed(40), fixed(36), fixed(28)),
  },
  {
    id: 'f8d9c094-dde7-42a0-9d25-a6354ad0144f',
    code: 'CARRIERX_TUBE',
    name: 'Carrier X Tube',
    categoryName: 'Carrier X',
    carrierId: 'CARRIERX',
    isEnvelope: false,
    dimensions: dims(fixed(97), fixed(15), fixed(15)),
  },
  {
    id: 'a267e2cd-7a2d-4e76-b4d7-3bcd1caf7496',
    code: 'CARRIERY_EXPRESS_PAK',
    name: 'Carrier Y Express Pak',
    categoryName: 'Carrier Y',
    carrierId: 'CARRIERY',
    isEnvelope: false,
    dimensions: dims(fixed(40), fixed(30), fixed(3)),
  },
  {
    id: '908b8d39-65ad-440b-b564-753448271b7d',
    code: 'CARRIERZ_PAD_PAK',
    name: 'Carrier Z Padded Pak',
    categoryName: 'Carrier Z',
    carrierId: 'CARRIERZ',
    isEnvelope: false,
    dimensions: dims(fixed(38), fixed(30), fixed(4)),
  },
  {
    id: '1006c641-9fea-4adf-9a1e-a6d489d38c98',
    code: 'CARRIERZ_PAK',
    name: 'Carrier Z Pak',
    categoryName: 'Carrier Z',
    carrierId: 'CARRIERZ',
    isEnvelope: false,
    dimensions: dims(fixed(41), fixed(33), fixed(3)),
  },
];
