/**
 * A carrier connector: everything the service knows of one carrier, in its
 * folder (`shared/carriers/<carrier>/`). Its pure request builders and its
 * response parsers side by side, its codes and units, its reference data and
 * the network it talks to. The registry (./registry.ts) binds each connector
 * to a transport and hands the services the carrier port (CarrierAdapter).
 */
import type { CarrierKind } from '../domain/types';
import type { ConnectorReference } from './reference-kit';
import type {
  CarrierAdapter,
  CarrierCallOptions,
  CarrierQuote,
  CarrierShipment,
  CarrierTracking,
  CarrierTransport,
  RateInput,
  ShipInput,
  ShipmentRef,
} from './types';

/**
 * Where a connector's requests go: the sandbox network (deterministic, no
 * account, loaded only when needed) or the carrier's own API (a carrier
 * account with credentials; a test key reaches its test environment).
 */
export type CarrierNetwork = 'sandbox' | 'live';

export type ConnectorDefinition<RateRq, ShipRq, TrackRq, VoidRq> = {
  code: string;
  kind: CarrierKind;
  network: CarrierNetwork;
  reference: ConnectorReference;
  /** Every piece needs `packagingType` when this carrier is quoted (carrier X). */
  requiresPackagingType?: boolean;
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

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- each connector has its own request types; the registry holds them side by side
export type CarrierConnector = ConnectorDefinition<any, any, any, any>;

export const defineConnector = <RateRq, ShipRq, TrackRq, VoidRq>(definition: ConnectorDefinition<RateRq, ShipRq, TrackRq, VoidRq>) => definition;

/** Gives the connector's transport for one call: the sandbox network (loaded on first use) or the carrier's API. */
export type TransportFor = (connector: CarrierConnector, options: CarrierCallOptions) => Promise<CarrierTransport<unknown>>;

/** The carrier port over a connector: build, send through the transport, parse. */
export function bindConnector(connector: CarrierConnector, transportFor: TransportFor): CarrierAdapter {
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
