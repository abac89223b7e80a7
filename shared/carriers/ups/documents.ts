/**
 * UPS's request and answer types, as its documents define them: the
 * component schemas of the modules openapi-typescript generates from the
 * vendored documents (./generated/, `npm run ups:types`, docs/ups.md). The
 * builders' requests are typed with them, and each zod schema that reads an
 * answer at run time is checked against them at compile time (`Mismatches`),
 * so a new document that renames or retypes a field the connector sends or
 * reads fails `tsc`.
 *
 * Types only: every import of this module and of ./generated/ is an
 * `import type`, erased from the bundles.
 */
import type { components as AddressValidationComponents, paths as AddressValidationPaths } from './generated/address-validation';
import type { components as PickupComponents, paths as PickupPaths } from './generated/pickup';
import type { components as OAuthComponents, operations as OAuthOperations } from './generated/oauth-client-credentials';
import type { components as RatingComponents } from './generated/rating';
import type { components as ShippingComponents } from './generated/shipping';
import type { components as TrackingComponents, paths as TrackingPaths } from './generated/tracking';

/** AddressValidation.yaml's schemas (street level). */
export type AddressValidation = AddressValidationComponents['schemas'];
/** The query parameters of Address Validation (`/addressvalidation/{version}/{requestoption}`). */
export type AddressValidationQuery = NonNullable<AddressValidationPaths['/addressvalidation/{version}/{requestoption}']['post']['parameters']['query']>;
/** OAuthClientCredentials.yaml's schemas. */
export type OAuth = OAuthComponents['schemas'];
/** The token request's form body (`grant_type`). */
export type TokenForm = OAuthOperations['CreateToken']['requestBody']['content']['application/x-www-form-urlencoded'];
/** Pickup.yaml's schemas (creation, rate, pending status, cancel). */
export type Pickup = PickupComponents['schemas'];
/** The headers of Pickup Pending Status and Pickup Cancel (`AccountNumber`, `Prn`). */
export type PickupPendingHeaders = PickupPaths['/shipments/{version}/pickup/{pickuptype}']['get']['parameters']['header'];
export type PickupCancelHeaders = NonNullable<PickupPaths['/shipments/{version}/pickup/{CancelBy}']['delete']['parameters']['header']>;
/** Rating.yaml's schemas. */
export type Rating = RatingComponents['schemas'];
/** Shipping.yaml's schemas (ship, void, label recovery). */
export type Shipping = ShippingComponents['schemas'];
/** Tracking.yaml's schemas. */
export type Tracking = TrackingComponents['schemas'];
/** The query parameters of Tracking's track (`/track/v1/details/…`) and reference search (`/track/v1/reference/details/…`). */
export type TrackQuery = NonNullable<TrackingPaths['/track/v1/details/{inquiryNumber}']['get']['parameters']['query']>;
export type ReferenceSearchQuery = NonNullable<TrackingPaths['/track/v1/reference/details/{referenceNumber}']['get']['parameters']['query']>;

/** A list's element, or the thing itself. */
type ItemOf<T> = T extends readonly (infer I)[] ? I : T;

/**
 * What a zod schema reads that the document does not describe: `Z` the
 * schema's input type (`z.input<typeof schema>`), `D` the document's type of
 * the same answer. One `path: why` string per field the schema reads under a
 * name the document does not have, or as a type the document does not give
 * it; `never` when every field it reads is documented as it reads it.
 *
 * - A schema may require a field the document leaves optional: the parser
 *   needs it, and an answer without it is malformed to us.
 * - A schema may read a single element where the document has a list (`list()`
 *   of the parsers: UPS answers a one-element list as the element itself in
 *   places); never the reverse.
 * - `z.unknown()` reads anything.
 */
export type Mismatches<Z, D, P extends string = '$'> = unknown extends Z
  ? never
  : Z extends readonly (infer ZI)[]
    ? D extends readonly (infer DI)[]
      ? Mismatches<ZI, DI, `${P}[]`>
      : `${P}: a list, which the document does not give`
    : Z extends object
      ? ItemOf<D> extends object
        ? FieldMismatches<Z, ItemOf<D>, P>
        : `${P}: an object, which the document does not give`
      : [D] extends [Z]
        ? never
        : `${P}: read as another type than the document's`;

type FieldMismatches<Z, D, P extends string> = {
  [K in keyof Z & string]-?: K extends keyof D ? Mismatches<Exclude<Z[K], undefined>, Exclude<D[K], undefined>, `${P}.${K}`> : `${P}.${K}: not in the document`;
}[keyof Z & string];

/** Compiles only when `T` is `never`: `type _ = Documented<Mismatches<…>>` names each mismatch in the error. */
export type Documented<T extends never> = T;
