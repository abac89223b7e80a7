/**
 * What a sandbox carrier understands from the rate request it receives: each
 * carrier reads its own request shape into this one view (./request-readers/), the
 * way a real carrier's API parses its own format. Pricing works on this view only.
 */
import type { Money } from '../request-mapping';
import type { SandboxPlace } from './geography';

/** `count` identical pieces: pricing multiplies, it never expands them one by one. */
export type SandboxPiece = {
  count: number;
  unit: 'imperial' | 'metric';
  weight: number;
  /** Absent when the carrier knows the size itself (its own packaging). */
  dimensions?: { length: number; width: number; height: number };
};

export type SandboxShipment = {
  carrierCode: string;
  serviceCodes: string[];
  shipDate: string;
  currency: string;
  origin: SandboxPlace;
  destination: SandboxPlace & { residential: boolean };
  pieces: SandboxPiece[];
  signature: 'none' | 'required' | 'adult';
  saturdayDelivery: boolean;
  insurance?: Money;
  /** Set when estimated duties and taxes were requested. */
  estimatedDuties?: { customsValue?: Money };
  accessorials: string[];
};
