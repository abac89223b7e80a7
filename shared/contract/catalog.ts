/**
 * GET /v1/packaging-types, GET /v1/carriers, GET /v1/carrier-services
 * (spec 4.1–4.3): the catalog's public shapes are the stored ones minus the
 * store-only attributes.
 */
import * as z from '../zod';
import { carrierSchema, packagingTypeSchema } from '../domain/entities';
import { localized } from './shared-schemas';
import { defineRoute } from './route';

export const packagingEntry = z.omit(packagingTypeSchema, { companyId: true }).register(z.globalRegistry, { id: 'PackagingType' });
export type PackagingEntry = z.infer<typeof packagingEntry>;

/** Which network a carrier is on (sandbox or live) is the operator's business, not the API's. */
export const carrierEntry = z.omit(carrierSchema, { network: true });
export type CarrierEntry = z.infer<typeof carrierEntry>;

export const serviceEntry = z.object({ code: z.string(), shortName: localized, fullName: localized });
export type ServiceEntry = z.infer<typeof serviceEntry>;

/** `carrierCode` without the spaces around it; blank is as missing. */
export const carrierServicesQuery = z.object({
  carrierCode: z
    .string()
    .check(
      z.trim(),
      z.refine((code) => code !== '', 'is required'),
    )
    .register(z.globalRegistry, { description: 'A code from GET /v1/carriers (case-insensitive)' }),
});

export const packagingTypesResponse = z.array(packagingEntry);
export const carriersResponse = z.array(carrierEntry);
export const carrierServicesResponse = z.array(serviceEntry);

export const packagingTypesRoute = /* @__PURE__ */ defineRoute({
  name: 'packaging-types',
  method: 'GET',
  path: '/v1/packaging-types',
  scopes: [],
  description: 'Default packaging types, then the company custom boxes',
  summary: 'List packaging types: defaults first, then the company custom boxes',
  request: {},
  ok: { status: 200, description: 'Catalog entries', schema: packagingTypesResponse },
  errors: {},
});

export const carriersRoute = /* @__PURE__ */ defineRoute({
  name: 'carriers',
  method: 'GET',
  path: '/v1/carriers',
  scopes: [],
  description: "Carriers of the company's pricing group",
  summary: "List the carriers of the company's pricing group",
  request: {},
  ok: { status: 200, description: 'Carriers', schema: carriersResponse },
  errors: {},
});

export const carrierServicesRoute = /* @__PURE__ */ defineRoute({
  name: 'carrier-services',
  method: 'GET',
  path: '/v1/carrier-services',
  scopes: [],
  description: 'Enabled services of one carrier, default first',
  summary: 'List the enabled services of a carrier; the first entry is always `default`',
  request: { query: carrierServicesQuery },
  ok: { status: 200, description: 'Services', schema: carrierServicesResponse },
  errors: {
    400: { description: 'Missing carrierCode', examples: { missing: { code: 'VALIDATION_FAILED', message: 'carrierCode is required' } } },
    404: {
      description: "Carrier unknown or not in the company's pricing group",
      examples: { notFound: { code: 'NOT_FOUND', message: 'carrier not found in your pricing group: CARRIERQ' } },
    },
  },
});
