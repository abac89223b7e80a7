/**
 * Canada Post's XML: its namespaces and media types, and the writing and
 * reading of its documents with fast-xml-parser. A document is written from
 * a plain object whose keys are in the order the documentation lists the
 * elements (the builder keeps it: order matters wherever a schema uses
 * xsd:sequence), without the keys whose value is undefined. Answers are read
 * with the namespace prefixes removed, every value a string (a PIN or a
 * postal code is never made a number), and the elements that may repeat
 * always as arrays.
 */
import { XMLBuilder, XMLParser } from 'fast-xml-parser';
import { CarrierError } from '../../domain/carrier';

import { CANADAPOST } from './reference';

export { CANADAPOST };

export const NS = {
  rate: 'http://www.canadapost.ca/ws/ship/rate-v4',
  shipment: 'http://www.canadapost.ca/ws/shipment-v8',
  ncshipment: 'http://www.canadapost.ca/ws/ncshipment-v4',
  track: 'http://www.canadapost.ca/ws/track',
  manifest: 'http://www.canadapost.ca/ws/manifest-v8',
  messages: 'http://www.canadapost.ca/ws/messages',
} as const;

export const MEDIA = {
  rate: 'application/vnd.cpc.ship.rate-v4+xml',
  shipment: 'application/vnd.cpc.shipment-v8+xml',
  ncshipment: 'application/vnd.cpc.ncshipment-v4+xml',
  track: 'application/vnd.cpc.track-v2+xml',
  manifest: 'application/vnd.cpc.manifest-v8+xml',
} as const;

/** An element's content: text, a nested element, a list of them (repeated elements), or nothing (left out). */
export type XmlValue = string | XmlNode | XmlValue[] | undefined;
export type XmlNode = { [name: string]: XmlValue };

/** Drops undefined values and empty nested objects (depth first), keeping the order of the rest. */
function pruned(node: XmlNode): XmlNode {
  const out: XmlNode = {};
  for (const [key, value] of Object.entries(node)) {
    if (value === undefined) continue;
    if (Array.isArray(value)) {
      const items = value.map((v) => (typeof v === 'object' && v !== null && !Array.isArray(v) ? pruned(v) : v)).filter((v) => v !== undefined);
      if (items.length > 0) out[key] = items;
      continue;
    }
    if (typeof value === 'object') {
      const inner = pruned(value);
      if (Object.keys(inner).length > 0) out[key] = inner;
      continue;
    }
    out[key] = value;
  }
  return out;
}

const builder = new XMLBuilder({ ignoreAttributes: false, attributeNamePrefix: '@_', suppressEmptyNode: false });

/** The document `<root xmlns=namespace>…</root>` with its XML declaration. */
export const xmlDocument = (root: string, namespace: string, content: XmlNode): string =>
  `<?xml version="1.0" encoding="UTF-8"?>\n${builder.build({ [root]: { '@_xmlns': namespace, ...pruned(content) } })}`;

/** Elements that may occur more than once in the answers this connector reads. */
const REPEATED = new Set(['link', 'price-quote', 'option', 'adjustment', 'occurrence', 'message', 'item', 'priced-option', 'group']);

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  removeNSPrefix: true,
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: true,
  // A Get Shipments answer may list shipment-info elements; a shipment-info at the root is one.
  isArray: (name, jpath) => REPEATED.has(name) || jpath === 'shipments.shipment-info',
});

/** The document `text` holds, keyed by its root element; a CarrierError when it is not XML. */
export function readXml(text: string, what: string): Record<string, unknown> {
  let parsed: unknown;
  try {
    parsed = parser.parse(text, true);
  } catch (error) {
    throw new CarrierError(
      CANADAPOST,
      `Canada Post answered ${what} with a body that is not XML: ${error instanceof Error ? error.message.split('\n')[0] : 'unreadable'}`,
    );
  }
  if (typeof parsed !== 'object' || parsed === null) throw new CarrierError(CANADAPOST, `Canada Post answered ${what} with an empty body`);
  const { '?xml': _declaration, ...rest } = parsed as Record<string, unknown>;
  return rest;
}

/** A decimal with `decimals` places as Canada Post's schemas take it (`1.500`, `12.0`). */
export const fixed = (n: number, decimals: number): string => n.toFixed(decimals);

/** Our reference (the rateResponseId, a UUID) as Canada Post keeps it: its 32 hex digits, lower case (customer-request-id and customer-ref-1 take 35 characters). */
export const canadaPostReferenceOf = (reference: string): string => reference.replaceAll('-', '').toLowerCase().slice(0, 35);
