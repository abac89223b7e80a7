/**
 * What is known of a carrier without loading its connector: its code, kind
 * and network, its reference data, the capabilities it declares beyond
 * rate, ship, track and cancel (./port.ts), and how to load the connector
 * (a chunk of its own in a function bundle). Each carrier folder has one
 * (`<carrier>/profile.ts`), registered by one line in ./carriers.ts; the
 * registry (./registry.ts) derives everything from them. A unit test holds
 * each profile's declarations to its connector
 * (test/unit/carriers/capabilities.test.ts).
 */
import type { CarrierKind } from '../domain/entities';
import type { Connector } from './connector';
import type { CapabilityDeclarations } from './port';
import type { ConnectorReference } from './reference-kit';

/**
 * Where a connector's requests go: the sandbox network (deterministic, no
 * account, loaded only when needed) or the carrier's own API (a carrier
 * account with credentials; a test key reaches its test environment).
 */
export type CarrierNetwork = 'sandbox' | 'live';

/**
 * A live carrier's account as the operator adds it (admin `carrier-account
 * add`), read without loading the connector.
 */
export type AccountSpec = {
  /** The fields its credentials must have (non-empty strings), checked when the account is added. */
  readonly credentialFields: readonly string[];
  /** The carrier's own name of the account number (Canada Post: "customer number"), an option of its own as well (`--customer-number`). */
  readonly accountNumberLabel?: string;
  /** A contract beside the account number, optional on an account (Canada Post): the ids the carrier takes, said in words, and one of them. */
  readonly contractId?: { readonly pattern: RegExp; readonly rule: string; readonly example: string };
};

export type CarrierProfile<D extends CapabilityDeclarations = CapabilityDeclarations> = {
  readonly code: string;
  readonly kind: CarrierKind;
  readonly network: CarrierNetwork;
  /** Its reference data (the carrier, its services and packaging), from the folder's reference.ts. */
  readonly reference: ConnectorReference;
  /** Every piece needs `packagingType` when this carrier is quoted (carrier X). */
  readonly requiresPackagingType?: boolean;
  /**
   * Fields of the rate request's addresses that are this carrier's (Canada
   * Post: `canadaPostId`, spec 2.3): each an optional code, documented,
   * validated and stored with the request; the generic address has none.
   */
  readonly addressFields?: readonly string[];
  /** A live carrier's account; a sandbox carrier needs none. */
  readonly account?: AccountSpec;
  /** The capabilities it has (./port.ts, `CAPABILITIES`), each `true` or with its settings: its connector implements exactly these. */
  readonly capabilities: D;
  /** The connector, from a chunk of its own in a function bundle. */
  load(): Promise<Connector>;
};

export const defineProfile = <const D extends CapabilityDeclarations>(profile: CarrierProfile<D>): CarrierProfile<D> => profile;
