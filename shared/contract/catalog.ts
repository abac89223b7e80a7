/**
 * GET /v1/packaging-types, GET /v1/carriers, GET /v1/carrier-services
 * (spec 4.1–4.3): the catalog's public shapes are the stored ones minus the
 * store-only attributes.
 */
import * as z from '../zod';
import { carrierSchema, packagingTypeSchema } from '../domain/entities';
import { localized } from './shared-schemas';

export const packagingEntry = z.omit(packagingTypeSchema, { companyId: true }).register(z.globalRegistry, { id: 'PackagingType' });
export type PackagingEntry = z.infer<typeof packagingEntry>;

/** Which network a carrier is on (sandbox or live) is the operator's business, not the API's. */
export const carrierEntry = z.omit(carrierSchema, { network: true });
export type CarrierEntry = z.infer<typeof carrierEntry>;

export const serviceEntry = z.object({ code: z.string(), shortName: localized, fullName: localized });
export type ServiceEntry = z.infer<typeof serviceEntry>;

export const carrierServicesQuery = z.object({ carrierCode: z.string().register(z.globalRegistry, { description: 'A code from GET /v1/carriers (case-insensitive)' }) });

export const packagingTypesResponse = z.array(packagingEntry);
export const carriersResponse = z.array(carrierEntry);
export const carrierServicesResponse = z.array(serviceEntry);
