/**
 * Canada Post's end of day for contract shipping (manifest.xsd, media type
 * `application/vnd.cpc.manifest-v8+xml`): Transmit Shipments
 * (`POST {base}/rs/{customer}/{customer}/manifest`, a `transmit-set`), and
 * the answers the close reads: `manifests` (links to the manifests a
 * transmit made, or those of a date range: Get Manifests), `manifest` (its
 * PO number and links: `details`, `artifact`, the PDF Canada Post prints)
 * and `manifest-details` (the `customer-ref` the transmit carried); and
 * `groups` (shipment.xsd, Get Groups), the groups not yet transmitted.
 *
 * Decisions (docs/canada-post.md, "Labels, groups and transmit"):
 *
 * - The shipments are deposited where the shipper is: `requested-shipping-point`
 *   is the shipper's postal code (no `cpc-pickup-indicator`: a pickup is the
 *   shipper's arrangement with Canada Post, not ours to declare).
 * - `detailed-manifests` true (one line per shipment, the sheet the driver
 *   signs), `method-of-payment` `Account` (the contract's, as the shipments
 *   were created), `manifest-address` from the shipper's address.
 * - `customer-reference` is the first 12 hex digits of our manifest id (the
 *   schema takes 12 characters): how Get Manifest Details ties a manifest of
 *   Canada Post's list to our close after a transmit whose answer was lost.
 * - `excluded-shipments`: the shipments of the groups transmitted that are
 *   not on our manifest (made after the close began, or kept for another).
 */
import * as z from '../../zod';
import type { Address } from '../../domain/rate/schema';
import { clip } from '../../domain/text-clipping';
import { contactOf, placeOf } from '../request-mapping';
import { CarrierRefusal } from '../../domain/carrier';
import { phoneOf } from './mapping';
import { malformed } from './messages';
import { linkOf, linkSchema, type CanadaPostLink } from './ship';
import { CANADAPOST, NS, readXml, xmlDocument, type XmlNode } from './xml';

/** Transmit Shipments (POST) and Get Manifests (GET, `?start=&end=`). */
export const manifestPath = (customer: string) => `/rs/${encodeURIComponent(customer)}/${encodeURIComponent(customer)}/manifest`;
/** Get Groups: the groups with shipments not yet transmitted. */
export const groupsPath = (customer: string) => `/rs/${encodeURIComponent(customer)}/${encodeURIComponent(customer)}/group`;

/** What a transmit carries of our close, and for whom: our manifest id becomes its customer-reference. */
export const customerReferenceOf = (manifestId: string): string => manifestId.replaceAll('-', '').toLowerCase().slice(0, 12);

export type TransmitSet = {
  /** Our manifest id (its first 12 hex digits go as the customer-reference). */
  reference: string;
  groupIds: readonly string[];
  /** Shipments of those groups that are not on our manifest. */
  excludedShipmentIds: readonly string[];
  /** The manifest's shipper: where the shipments are deposited and whose address the manifest prints. */
  shipper: Address;
};

const CA_POSTAL = /^[A-Z]\d[A-Z]\d[A-Z]\d$/;
const cut = (text: string | undefined, max: number): string | undefined => {
  const t = text?.replace(/\s+/g, ' ').trim();
  return t ? clip(t, max) : undefined;
};
const refuse = (what: string): never => {
  throw new CarrierRefusal(CANADAPOST, `Canada Post transmits the day's shipments with the shipper's ${what}`);
};

/** `manifest-address`: the shipper as Canada Post prints it on the manifest. */
function manifestAddressOf(shipper: Address): XmlNode {
  const contact = contactOf(CANADAPOST, 'shipper', shipper);
  const place = placeOf(shipper);
  if (place.countryCode !== 'CA') refuse('Canadian address');
  if (!place.postalCode || !CA_POSTAL.test(place.postalCode)) refuse('Canadian postal code (A1A1A1)');
  return {
    'manifest-company': cut(contact.companyName ?? contact.personName, 44),
    'manifest-name': cut(contact.personName, 44),
    'phone-number': phoneOf(contact.phoneNumber) ?? refuse('phone number'),
    'address-details': {
      'address-line-1': cut(contact.addressLines[0], 44),
      'address-line-2': cut(contact.addressLines[1], 44),
      city: cut(shipper.city, 40) ?? refuse('city'),
      'prov-state': clip(place.provinceCode ?? refuse('province code'), 2),
      'country-code': 'CA',
      'postal-zip-code': place.postalCode,
    },
  };
}

/** The `transmit-set` of Transmit Shipments; CarrierRefusal when the shipper's address cannot be printed on a manifest. */
export function buildTransmitSetXml(set: TransmitSet): string {
  if (set.groupIds.length === 0) throw new Error('a transmit names at least one group');
  const address = manifestAddressOf(set.shipper);
  return xmlDocument('transmit-set', NS.manifest, {
    'group-ids': { 'group-id': [...set.groupIds] },
    'requested-shipping-point': placeOf(set.shipper).postalCode,
    'detailed-manifests': 'true',
    'method-of-payment': 'Account',
    'manifest-address': address,
    'customer-reference': customerReferenceOf(set.reference),
    'excluded-shipments': set.excludedShipmentIds.length > 0 ? { 'shipment-id': [...set.excludedShipmentIds] } : undefined,
  });
}

// ---------------------------------------------------------------------------
// The answers.

const groupsSchema = z.union([z.literal(''), z.object({ group: z.optional(z.array(z.object({ 'group-id': z.string().check(z.minLength(1)) }))) })]);

/** The group ids of a `groups` answer (Get Groups), in Canada Post's order. */
export function parseGroupIds(xml: string): string[] {
  const parsed = groupsSchema.safeParse(readXml(xml, 'the groups')['groups']);
  if (!parsed.success) throw malformed('groups answer', parsed.error);
  return parsed.data === '' ? [] : (parsed.data.group ?? []).map((g) => g['group-id']);
}

const manifestsSchema = z.union([z.literal(''), z.object({ link: z.optional(z.array(linkSchema)) })]);

/** The manifest links of a `manifests` answer (Transmit Shipments, Get Manifests); none when it lists none. */
export function parseManifestLinks(xml: string): CanadaPostLink[] {
  const parsed = manifestsSchema.safeParse(readXml(xml, 'the manifests')['manifests']);
  if (!parsed.success) throw malformed('manifests answer', parsed.error);
  return parsed.data === '' ? [] : (parsed.data.link ?? []).map(linkOf).filter((l) => l.rel === 'manifest');
}

const PO_NUMBER = z.string().check(z.regex(/^[A-Za-z0-9]{1,10}$/, 'must be a PO number of 1 to 10 letters and digits'));
const manifestSchema = z.object({ 'po-number': PO_NUMBER, links: z.object({ link: z.array(linkSchema) }) });

/** A Canada Post manifest (Get Manifest): its PO number and links (`details`, `artifact`). */
export type CanadaPostManifest = { poNumber: string; links: CanadaPostLink[] };

/** A `manifest` answer. */
export function parseManifest(xml: string): CanadaPostManifest {
  const parsed = manifestSchema.safeParse(readXml(xml, 'a manifest')['manifest']);
  if (!parsed.success) throw malformed('manifest answer', parsed.error);
  return { poNumber: parsed.data['po-number'], links: parsed.data.links.link.map(linkOf) };
}

const detailsSchema = z.object({ 'po-number': PO_NUMBER, 'customer-ref': z.optional(z.string()) });

/** A `manifest-details` answer: its PO number and the customer-reference its transmit carried. */
export function parseManifestDetails(xml: string): { poNumber: string; customerReference?: string } {
  const parsed = detailsSchema.safeParse(readXml(xml, 'manifest details')['manifest-details']);
  if (!parsed.success) throw malformed('manifest details answer', parsed.error);
  const reference = parsed.data['customer-ref']?.trim();
  return { poNumber: parsed.data['po-number'], ...(reference ? { customerReference: reference } : {}) };
}
