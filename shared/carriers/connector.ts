/**
 * A carrier's connector: the code of its folder (`shared/carriers/<carrier>/`,
 * its index.ts) that carries out the port's operations (./port.ts) for that
 * carrier: its pure request builders and its answer parsers side by side, in
 * its own codes and units, each operation run over the client of one call.
 * What is known of the carrier before the connector loads (code, kind,
 * network, reference data, the capabilities it declares) is its profile
 * (./profile.ts); the registry (./registry.ts) loads the connector on the
 * carrier's first call and binds it here, with the profile, into the port.
 */
import type { CarrierCallOptions, CarrierQuote, CarrierShipment, CarrierTracking, RateInput, ShipInput, ShipmentRef } from '../domain/carrier';
import { LiveCall } from './live-call';
import { buildPort, type Call, type CapabilityDeclarations, type CapabilityName, type CarrierPort, type CORE, type Local, type OperationsOf } from './port';
import type { CarrierProfile } from './profile';

/** An operation as a connector implements it: a call over the client of one call (and the call's options), a local one as the port gives it. */
type ConnectorOperation<Op, Client> =
  Op extends Call<infer Input, infer Output>
    ? (input: Input, client: Client, options: CarrierCallOptions) => Promise<Output>
    : Op extends Local<infer F>
      ? F
      : never;
type ConnectorOperations<Ops, Client> = { readonly [Name in keyof Ops]: ConnectorOperation<Ops[Name], Client> };
/** The capabilities a connector implements, each operation over its client: exactly those its profile declares. */
export type ConnectorCapabilities<Client> = { readonly [K in CapabilityName]?: ConnectorOperations<OperationsOf<K>, Client> };

/** The core operations over the connector's client, its rate request of its own type. */
type CoreOperations<RateRq, Client> = Omit<ConnectorOperations<typeof CORE, Client>, 'buildRateRequest' | 'rate'> & {
  /** Pure: the request this carrier would receive. CarrierRefusal when it cannot quote it, decided before any call. */
  buildRateRequest(input: RateInput): RateRq;
  rate(request: RateRq, client: Client, options: CarrierCallOptions): Promise<CarrierQuote[]>;
};

/**
 * A live connector: a carrier's own API, reached through a client made for
 * one call's account and mode (`client`, loaded only when the carrier is
 * called), with operations that may take several of its calls (UPS: a ship,
 * a label recovery, a reference search). Its builders and parsers are pure
 * and tested against the carrier's published documents.
 */
export type LiveConnectorDefinition<RateRq, Client> = CoreOperations<RateRq, Client> & {
  /**
   * The client of one call: `call` registers what it sends of the account's
   * credentials (`basic`, `bearer`, `sends`) and makes the error of an account
   * that cannot be used (`unusable`; CarrierAccountUnusable when the call has
   * no account with the credentials it needs). `options.account` already
   * registers every credential value the client reads (./live-call.ts).
   */
  client(options: CarrierCallOptions, call: LiveCall): Promise<Client>;
  capabilities?: ConnectorCapabilities<Client>;
};

/**
 * Carries a sandbox carrier's request to the sandbox network and brings back
 * its answer: the rate wire format of ./wire/rate.ts, the ship wire format of
 * ./wire/ship.ts and the track and cancel wire formats of ./wire/track.ts. The
 * connector validates them, so a malformed answer fails loudly as a
 * CarrierError. `ship` is idempotent by the reference its request carries and
 * `cancel` (a void) too: voiding a voided shipment succeeds; a carrier that
 * will not void throws CarrierRefusal with its reason.
 */
export interface CarrierTransport<CarrierRequest, CarrierShipRequest = unknown, CarrierTrackRequest = unknown, CarrierVoidRequest = unknown> {
  rate(request: CarrierRequest, options: CarrierCallOptions): Promise<unknown>;
  ship(request: CarrierShipRequest, options: CarrierCallOptions): Promise<unknown>;
  track(request: CarrierTrackRequest, options: CarrierCallOptions): Promise<unknown>;
  cancel(request: CarrierVoidRequest, options: CarrierCallOptions): Promise<unknown>;
  /** The sandbox network's pickup desk (./wire/pickup.ts, one request shape for every sandbox carrier); absent on a transport without one. */
  pickup?(request: unknown, options: CarrierCallOptions): Promise<unknown>;
}

/**
 * A sandbox connector: pure builders and parsers around the sandbox network,
 * one request and one answer per operation; its client is its transport.
 */
export type SandboxConnectorDefinition<RateRq, ShipRq, TrackRq, VoidRq> = {
  /** Pure: the request this carrier would receive. CarrierRefusal when it cannot quote it. */
  buildRateRequest(input: RateInput): RateRq;
  buildShipRequest(input: ShipInput): ShipRq;
  buildTrackRequest(shipment: ShipmentRef): TrackRq;
  buildVoidRequest(shipment: ShipmentRef): VoidRq;
  /** Read the carrier's answers; a malformed one is a CarrierError. */
  parseRate(raw: unknown): CarrierQuote[];
  parseShip(raw: unknown, input: ShipInput): CarrierShipment;
  parseTrack(raw: unknown, shipment: ShipmentRef): CarrierTracking;
  parseCancel(raw: unknown, shipment: ShipmentRef): void;
  capabilities?: ConnectorCapabilities<CarrierTransport<RateRq, ShipRq, TrackRq, VoidRq>>;
};

/**
 * A connector as the registry holds it, whatever its request and client
 * types: its operations, its capabilities, and a live one's `client`.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- each connector has its own request and client types; the registry holds them side by side
export type Connector = CoreOperations<any, any> & {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- as above
  client?(options: CarrierCallOptions, call: LiveCall): Promise<any>;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- as above
  capabilities?: ConnectorCapabilities<any>;
};

export const defineLiveConnector = <RateRq, Client>(definition: LiveConnectorDefinition<RateRq, Client>): LiveConnectorDefinition<RateRq, Client> => definition;

/** A sandbox connector, its operations made of its builders and parsers around its transport. */
export const defineSandboxConnector = <RateRq, ShipRq, TrackRq, VoidRq>(
  definition: SandboxConnectorDefinition<RateRq, ShipRq, TrackRq, VoidRq>,
): CoreOperations<RateRq, CarrierTransport<RateRq, ShipRq, TrackRq, VoidRq>> &
  Pick<SandboxConnectorDefinition<RateRq, ShipRq, TrackRq, VoidRq>, 'capabilities'> => ({
  buildRateRequest: (input) => definition.buildRateRequest(input),
  rate: async (request, transport, options) => definition.parseRate(await transport.rate(request, options)),
  ship: async (input, transport, options) => definition.parseShip(await transport.ship(definition.buildShipRequest(input), options), input),
  track: async (shipment, transport, options) => definition.parseTrack(await transport.track(definition.buildTrackRequest(shipment), options), shipment),
  cancel: async (shipment, transport, options) => definition.parseCancel(await transport.cancel(definition.buildVoidRequest(shipment), options), shipment),
  ...(definition.capabilities ? { capabilities: definition.capabilities } : {}),
});

/** Gives a sandbox carrier's transport for one call (the sandbox network, loaded on first use). */
export type TransportFor = (carrierCode: string, options: CarrierCallOptions) => Promise<CarrierTransport<unknown>>;
/** Gives a live connector's client for one call: its own `client` unless a test stands in for the carrier. */
export type ClientFor = (connector: Connector, options: CarrierCallOptions, call: LiveCall) => Promise<unknown>;

const ownClient: ClientFor = (connector, options, call) => {
  if (!connector.client) throw new Error('a live connector makes its own client');
  return connector.client(options, call);
};

type Implementation = (...args: unknown[]) => unknown;

/**
 * The port of a loaded connector, as its profile declares it: every call
 * operation runs over the client of the call. A live carrier's is one
 * LiveCall (./live-call.ts): its client gets the call and the call's
 * account, and its error and answer leave scrubbed of every credential the
 * call read or sent. A sandbox carrier's client is its transport.
 */
export function bindConnector<D extends CapabilityDeclarations>(
  profile: CarrierProfile<D>,
  connector: Connector,
  transportFor: TransportFor,
  clientFor: ClientFor = ownClient,
): CarrierPort<D> {
  const overClient =
    profile.network === 'live'
      ? (options: CarrierCallOptions, operation: (client: unknown, options: CarrierCallOptions) => unknown): Promise<unknown> => {
          const call = new LiveCall(profile.code, options.account?.carrierAccountId);
          const callOptions = options.account ? { ...options, account: call.account(options.account) } : options;
          return call.run(async () => operation(await clientFor(connector, callOptions, call), callOptions));
        }
      : async (options: CarrierCallOptions, operation: (client: unknown, options: CarrierCallOptions) => unknown): Promise<unknown> =>
          operation(await transportFor(profile.code, options), options);
  return buildPort(profile, ({ capability, name, kind }) => {
    const holder = (capability ? connector.capabilities?.[capability] : connector) as Readonly<Record<string, unknown>> | undefined;
    const implementation = holder?.[name];
    if (typeof implementation !== 'function') {
      throw new Error(`${profile.code}'s connector has no ${capability ? `${capability}.` : ''}${name}, which its profile says it has`);
    }
    const run = implementation.bind(holder) as Implementation;
    return kind === 'call'
      ? (input: unknown, options: CarrierCallOptions) => overClient(options, (client, callOptions) => run(input, client, callOptions))
      : async (...args: unknown[]) => run(...args);
  });
}
