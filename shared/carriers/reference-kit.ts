/**
 * What a connector's reference data is made of, and the few helpers its
 * entries are written with. The data itself lives in each carrier's folder
 * (`<carrier>/reference.ts`); shared/reference/ gathers it for the table.
 */
import type { Carrier, CarrierService, Dimension, PackagingType } from '../domain/entities';

/** A carrier as the catalog lists it, its services and its own packaging types. */
export type ConnectorReference = {
  /** The carrier as the catalog lists it; how it is reached (its network) is the connector's. */
  carrier: Omit<Carrier, 'network'>;
  services: CarrierService[];
  packaging: PackagingType[];
};

type ServiceSeed = Omit<CarrierService, 'carrierCode' | 'chips' | 'isDisabled'> & { chips?: string[]; isDisabled?: boolean };

/** A service of `carrierCode`: enabled and without chips unless said. */
export const service = (carrierCode: string, s: ServiceSeed): CarrierService => ({
  carrierCode,
  chips: [],
  isDisabled: false,
  ...s,
});

const IN_PER_CM = 1 / 2.54;
const round1 = (n: number) => Math.round(n * 10) / 10;

/** A fixed side given in centimetres; the imperial value is derived in inches. */
export const fixed = (cm: number): Dimension => ({ isFixed: true, value: { metric: cm, imperial: round1(cm * IN_PER_CM) } });
/** A side the shipper gives per piece. */
export const free: Dimension = { isFixed: false, value: { metric: 0, imperial: null } };

export const dims = (l: Dimension, w: Dimension, h: Dimension) => ({ length: l, width: w, height: h });

/** A carrier's own packaging types (its boxes, envelopes and tubes): `box(id, code, name, isEnvelope, [l, w, h] cm)`, each of fixed dimensions. */
export const carrierBoxes =
  (carrierId: string, categoryName: string) => (id: string, code: string, name: string, isEnvelope: boolean, cm: readonly [number, number, number]) => ({
    id,
    code,
    name,
    categoryName,
    carrierId,
    isEnvelope,
    dimensions: dims(fixed(cm[0]), fixed(cm[1]), fixed(cm[2])),
  });
