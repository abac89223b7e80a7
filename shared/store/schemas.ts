/**
 * Schemas of stored items, used to parse on read. Store-only attributes
 * (pk, sk, entityType, companyId of defaults) are stripped by the parse.
 */
import { z } from 'zod';

const localized = z.record(z.string(), z.string());

export const carrierItem = z.object({
  code: z.string(),
  fullName: localized,
  shortName: localized,
  kind: z.enum(['parcel', 'freight']),
});

export const serviceItem = z.object({
  carrierCode: z.string(),
  code: z.string(),
  fullName: localized,
  shortName: localized,
  billingCode: z.string(),
  chips: z.array(z.string()),
  isDisabled: z.boolean(),
  transitDays: z.number(),
  commitTime: z.string(),
  guaranteed: z.boolean(),
  priceFactorBp: z.number(),
});

const dimension = z.object({
  isFixed: z.boolean(),
  value: z.object({ metric: z.number(), imperial: z.number().nullable() }),
});

export const packagingItem = z.object({
  id: z.string(),
  code: z.string(),
  name: z.string(),
  categoryName: z.string(),
  carrierId: z.string().nullable(),
  isEnvelope: z.boolean(),
  dimensions: z.object({ length: dimension, width: dimension, height: dimension }).optional(),
  isDefault: z.boolean().optional(),
  isMetric: z.boolean().optional(),
  width: z.number().optional(),
  height: z.number().optional(),
  length: z.number().optional(),
  weight: z.number().optional(),
  createdDate: z.string().optional(),
  companyId: z.string().optional(),
});

export const pricingGroupItem = z.object({ id: z.string(), name: z.string(), carriers: z.array(z.string()) });

export const pricingPlanItem = z.object({
  pricingGroupId: z.string(),
  carrierCode: z.string(),
  account: z.object({ accountNumber: z.string(), credentials: z.record(z.string(), z.string()) }),
  accountDiscountBp: z.number(),
  customerDiscountBp: z.number(),
  services: z.array(z.string()),
  currency: z.string(),
});

export const companyItem = z.object({
  companyId: z.string(),
  name: z.string(),
  userId: z.string().optional(),
  pricingGroupId: z.string(),
  billing: z.enum(['account', 'prepaid']),
  blacklist: z.array(z.string()),
  createdDate: z.string(),
});

export const apiKeyItem = z.object({
  keyId: z.string(),
  keyHash: z.string(),
  companyId: z.string(),
  integrationType: z.string(),
  scopes: z.array(z.string()),
  active: z.boolean(),
  expiresAt: z.string().optional(),
  createdDate: z.string(),
});
