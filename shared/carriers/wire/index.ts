/**
 * The answers of the sandbox network, one format for every sandbox carrier
 * (./rate.ts, ./ship.ts, ./track.ts): the response parsers of the sandbox
 * carriers' connectors. A live carrier's connector parses its own API's answers.
 */
import type { SandboxConnectorDefinition } from '../connector';
import { parseRateWire } from './rate';
import { parseShipWire } from './ship';
import { parseCancelWire, parseTrackWire } from './track';

type Parsers = Pick<SandboxConnectorDefinition<unknown, unknown, unknown, unknown>, 'parseRate' | 'parseShip' | 'parseTrack' | 'parseCancel'>;

export const sandboxWireParsers = (carrierCode: string): Parsers => ({
  parseRate: (raw) => parseRateWire(carrierCode, raw),
  parseShip: (raw, input) => parseShipWire(carrierCode, input.reference, raw),
  parseTrack: (raw, shipment) => parseTrackWire(carrierCode, shipment.trackingNumber, raw),
  parseCancel: (raw, shipment) => parseCancelWire(carrierCode, shipment.trackingNumber, raw),
});
