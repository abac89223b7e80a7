/**
 * A carrier connector: everything the service knows of one carrier, in its
 * folder (`shared/carriers/<carrier>/`). Its pure request builders and its
 * response parsers side by side, its codes and units, its reference data and
 * the network it talks to. The registry (./registry.ts) binds each connector
 * to a transport, on the first call of its carrier, and hands the services
 * the carrier port (CarrierAdapter). What is known of the carrier before
 * that is its profile (./profile.ts).
 */
import type { CarrierKind } from '../domain/entities';
import { LiveCall } from './live-call';
import type { ConnectorReference } from './reference-kit';
import type {
  CarrierAdapter,
  CarrierCallOptions,
  CarrierCloseOut,
  CarrierPush,
  CarrierQuote,
  CarrierShipment,
  CarrierTracking,
  CarrierTransport,
  CloseOutInput,
  FoundPackage,
  PushSubscription,
  PushSubscriptionInput,
  RateInput,
  ShipInput,
  ShipmentRef,
} from './port';

/**
 * Where a connector's requests go: the sandbox network (deterministic, no
 * account, loaded only when needed) or the carrier's own API (a carrier
 * account with credentials; a test key reaches its test environment).
 */
export type CarrierNetwork = 'sandbox' | 'live';

type ConnectorBase = {
  code: string;
  kind: CarrierKind;
  reference: ConnectorReference;
  /** Every piece needs `packagingType` when this carrier is quoted (carrier X). */
  requiresPackagingType?: boolean;
};

/**
 * A sandbox connector: pure builders and parsers around the sandbox network,
 * one request and one answer per operation.
 */
export type ConnectorDefinition<RateRq, ShipRq, TrackRq, VoidRq> = ConnectorBase & {
  network: 'sandbox';
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
};

/**
 * A live connector: a carrier's own API, reached through a client made for
 * one call's account and mode (`client`, loaded only when the carrier is
 * called), with operations that may take several of its calls (UPS: a ship,
 * a label recovery, a reference search). Its builders and parsers are pure
 * and tested against the carrier's published documents.
 */
export type LiveConnectorDefinition<RateRq, Client> = ConnectorBase & {
  network: 'live';
  /** The fields an account's credentials must have (non-empty strings), checked when the account is added. */
  credentialFields: readonly string[];
  buildRateRequest(input: RateInput): RateRq;
  /**
   * The client of one call: `call` registers what it sends of the account's
   * credentials (`basic`, `bearer`, `sends`) and makes the error of an account
   * that cannot be used (`unusable`; CarrierAccountUnusable when the call has
   * no account with the credentials it needs). `options.account` already
   * registers every credential value the client reads (./live-call.ts).
   */
  client(options: CarrierCallOptions, call: LiveCall): Promise<Client>;
  rate(request: RateRq, client: Client, signal: AbortSignal): Promise<CarrierQuote[]>;
  ship(input: ShipInput, client: Client, signal: AbortSignal): Promise<CarrierShipment>;
  track(shipment: ShipmentRef, client: Client, signal: AbortSignal): Promise<CarrierTracking>;
  cancel(shipment: ShipmentRef, client: Client, signal: AbortSignal): Promise<void>;
  /** A carrier that pushes tracking events: subscribes packages to them (the port's `subscribePush`). */
  subscribePush?(input: PushSubscriptionInput, client: Client, signal: AbortSignal): Promise<PushSubscription>;
  /**
   * With `subscribePush`: reads what the carrier pushes to the generic inbound
   * routes (`/v1/carriers/{carrier}/push/…`; the port's `push`). No client:
   * receiving calls nothing of the carrier's.
   */
  push?: CarrierPush;
  /** A carrier without an idempotency key: the packages it holds under our reference for the account (the port's `findShipments`). */
  findShipments?(reference: string, accountNumber: string, client: Client, signal: AbortSignal): Promise<FoundPackage[]>;
  /** With `findShipments`: the days after a ship during which the carrier voids it. */
  voidWindowDays?: number;
  /** A carrier whose day ends with a transmit (Canada Post): the port's `closeOut`, `findCloseOuts` and `requestRefund`, all three. */
  closeOut?(input: CloseOutInput, client: Client, signal: AbortSignal): Promise<CarrierCloseOut>;
  findCloseOuts?(reference: string, client: Client, signal: AbortSignal): Promise<CarrierCloseOut | undefined>;
  requestRefund?(shipment: ShipmentRef, client: Client, signal: AbortSignal): Promise<void>;
};

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- each connector has its own request types; the registry holds them side by side
export type SandboxConnector = ConnectorDefinition<any, any, any, any>;
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- as above, and each live connector has its own client
export type LiveConnector = LiveConnectorDefinition<any, any>;
export type CarrierConnector = SandboxConnector | LiveConnector;

export const defineConnector = <RateRq, ShipRq, TrackRq, VoidRq>(definition: ConnectorDefinition<RateRq, ShipRq, TrackRq, VoidRq>) => definition;
export const defineLiveConnector = <RateRq, Client>(definition: LiveConnectorDefinition<RateRq, Client>) => definition;

/** Gives a sandbox connector's transport for one call (the sandbox network, loaded on first use). */
export type TransportFor = (connector: SandboxConnector, options: CarrierCallOptions) => Promise<CarrierTransport<unknown>>;
/** Gives a live connector's client for one call: its own `client` unless a test stands in for the carrier. */
export type ClientFor = (connector: LiveConnector, options: CarrierCallOptions, call: LiveCall) => Promise<unknown>;

/** The carrier port over a loaded connector, whose rate request is built at once (the port's, by ./shipment-carriers.ts, loads the connector first). */
export type BoundConnector = Omit<CarrierAdapter, 'buildRateRequest'> & { buildRateRequest(input: RateInput): unknown };

/**
 * The carrier port over a connector: build, send, parse. Each operation of a
 * live connector is one LiveCall (./live-call.ts): its client gets the call
 * and the call's account, and its error and answer leave scrubbed of every
 * credential the call read or sent.
 */
export function bindConnector(connector: CarrierConnector, transportFor: TransportFor, clientFor: ClientFor = (c, options, call) => c.client(options, call)): BoundConnector {
  if (connector.network === 'live') {
    const live = <T>(options: CarrierCallOptions, operation: (client: unknown) => Promise<T>): Promise<T> => {
      const call = new LiveCall(connector.code, options.account?.carrierAccountId);
      const account = options.account ? { account: call.account(options.account) } : {};
      return call.run(async () => operation(await clientFor(connector, { ...options, ...account }, call)));
    };
    return {
      code: connector.code,
      kind: connector.kind,
      buildRateRequest: (input) => connector.buildRateRequest(input),
      rate: (request, options) => live(options, (client) => connector.rate(request, client, options.signal)),
      ship: (input, options) => live(options, (client) => connector.ship(input, client, options.signal)),
      track: (shipment, options) => live(options, (client) => connector.track(shipment, client, options.signal)),
      cancel: (shipment, options) => live(options, (client) => connector.cancel(shipment, client, options.signal)),
      ...(connector.subscribePush ? { subscribePush: (input, options) => live(options, (client) => connector.subscribePush!(input, client, options.signal)) } : {}),
      ...(connector.push ? { push: connector.push } : {}),
      ...(connector.findShipments
        ? {
            findShipments: (reference, options) =>
              live(options, (client) => connector.findShipments!(reference, options.account?.accountNumber ?? '', client, options.signal)),
            ...(connector.voidWindowDays !== undefined ? { voidWindowDays: connector.voidWindowDays } : {}),
          }
        : {}),
      ...(connector.closeOut ? { closeOut: (input, options) => live(options, (client) => connector.closeOut!(input, client, options.signal)) } : {}),
      ...(connector.findCloseOuts ? { findCloseOuts: (reference, options) => live(options, (client) => connector.findCloseOuts!(reference, client, options.signal)) } : {}),
      ...(connector.requestRefund ? { requestRefund: (shipment, options) => live(options, (client) => connector.requestRefund!(shipment, client, options.signal)) } : {}),
    };
  }
  return {
    code: connector.code,
    kind: connector.kind,
    buildRateRequest: (input) => connector.buildRateRequest(input),
    async rate(request, options) {
      const transport = await transportFor(connector, options);
      return connector.parseRate(await transport.rate(request, options));
    },
    async ship(input, options) {
      const request = connector.buildShipRequest(input);
      const transport = await transportFor(connector, options);
      return connector.parseShip(await transport.ship(request, options), input);
    },
    async track(shipment, options) {
      const request = connector.buildTrackRequest(shipment);
      const transport = await transportFor(connector, options);
      return connector.parseTrack(await transport.track(request, options), shipment);
    },
    async cancel(shipment, options) {
      const request = connector.buildVoidRequest(shipment);
      const transport = await transportFor(connector, options);
      connector.parseCancel(await transport.cancel(request, options), shipment);
    },
  };
}
