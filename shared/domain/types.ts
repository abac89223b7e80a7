/**
 * Entity and value types shared by domain, store, carriers and handlers.
 * Money inside the service is integer minor units (cents); it becomes a
 * two-decimal number only when a response is shaped.
 */

/** Localized text keyed by language code (`en`, `fr`). */
export type Localized = Record<string, string>;

export type CarrierKind = 'parcel' | 'freight';

export type Carrier = {
  code: string;
  fullName: Localized;
  shortName: Localized;
  kind: CarrierKind;
};

export type CarrierService = {
  carrierCode: string;
  code: string;
  fullName: Localized;
  shortName: Localized;
  billingCode: string;
  chips: string[];
  isDisabled: boolean;
  /** Transit days used by the sandbox network (business days). */
  transitDays: number;
  /** Time of day the commitment is due, HH:MM. */
  commitTime: string;
  guaranteed: boolean;
  /** Multiplier in basis points applied to the carrier's base tariff (10000 = 1.0). */
  priceFactorBp: number;
};

export type Dimension = { isFixed: boolean; value: { metric: number; imperial: number | null } };

export type PackagingType = {
  id: string;
  code: string;
  name: string;
  categoryName: string;
  carrierId: string | null;
  isEnvelope: boolean;
  dimensions?: { length: Dimension; width: Dimension; height: Dimension };
  /** Present on company custom boxes only. */
  isDefault?: boolean;
  isMetric?: boolean;
  width?: number;
  height?: number;
  length?: number;
  weight?: number;
  createdDate?: string;
  /** Set on company custom boxes; never leaves the service. */
  companyId?: string;
};

/** The pricing plan of one carrier inside a pricing group. */
export type PricingPlan = {
  pricingGroupId: string;
  carrierCode: string;
  /** Carrier account used to quote; credentials stay server-side. */
  account: { accountNumber: string; credentials: Record<string, string> };
  /** Negotiated discount off the carrier list price, basis points (account tier). */
  accountDiscountBp: number;
  /** Customer price = list price minus this discount, basis points (discounted tier); never below account. */
  customerDiscountBp: number;
  /** Service codes enabled in this plan; empty means every enabled service of the carrier. */
  services: string[];
  currency: string;
};

export type PricingGroup = { id: string; name: string; carriers: string[] };

export type Company = {
  companyId: string;
  name: string;
  /** The organization's user; rating is refused (400) without one. */
  userId?: string;
  pricingGroupId: string;
  billing: 'account' | 'prepaid';
  /** Third-party bill-to account numbers this company may not use. */
  blacklist: string[];
  createdDate: string;
};

export type ApiKeyRecord = {
  keyId: string;
  keyHash: string;
  companyId: string;
  integrationType: string;
  scopes: string[];
  active: boolean;
  expiresAt?: string;
  createdDate: string;
};
