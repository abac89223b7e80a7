/**
 * Canada Post Get Tracking Details (track.xsd, `GET {base}/vis/track/pin/{pin}/detail`,
 * `application/vnd.cpc.track-v2+xml`): the significant events of a PIN,
 * mapped onto our carrier-neutral codes by Canada Post's event identifier
 * (docs/canada-post.md has the table); Canada Post's words stay in the
 * event's description with the identifier after them.
 *
 * Event times are Canada Post's local date and time with a zone name
 * (`EST`, `PDT`, …): the Canadian zones' offsets make them UTC; an unknown
 * or empty zone is read as UTC, as UPS's local times are.
 */
import * as z from '../../zod';
import type { CarrierTracking, TrackingEvent, TrackingEventCode, TransitStatus } from '../../domain/carrier';
import { malformed } from './messages';
import { readXml } from './xml';

export const canadaPostTrackPath = (pin: string) => `/vis/track/pin/${encodeURIComponent(pin)}/detail`;

const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => String(from + i));
const mapped = (codes: readonly string[], code: TrackingEventCode, status: TransitStatus) => codes.map((c) => [c, { code, status }] as const);

/** Canada Post's event identifier (leading zeros dropped) → our code and status; any other is an arrival in transit. */
const BY_IDENTIFIER: ReadonlyMap<string, { code: TrackingEventCode; status: TransitStatus }> = new Map([
  // Electronic shipping information received: the label exists, nothing is moving.
  ...mapped(['3000'], 'LABEL_CREATED', 'pending'),
  // Picked up, or accepted at a post office. 0100 is "Item processed at postal facility" in Canada Post's own
  // example: an arrival in transit, not a pickup.
  ...mapped([...range(101, 107), ...range(1300, 1302), ...range(1400, 1405)], 'PICKED_UP', 'intransit'),
  ...mapped(['174', '500'], 'OUT_FOR_DELIVERY', 'intransit'),
  ...mapped(['1408', '1409', ...range(1421, 1434), '1441', '1442', ...range(1496, 1499)], 'DELIVERED', 'delivered'),
  // Held (customs, incomplete address), delivery attempted or refused, delayed, damaged or lost, returned: a problem on the way.
  ...mapped(
    [
      ...[
        '117',
        '119',
        '120',
        '121',
        '122',
        '123',
        '124',
        '125',
        '126',
        '127',
        '810',
        '1411',
        '1413',
        '1414',
        '1440',
        '1443',
        '1484',
        '1485',
        '1486',
        '1487',
        '1489',
        '1490',
        '1494',
        '2411',
        '2414',
        '4700',
      ],
      ...range(128, 138),
      ...range(142, 155),
      ...['157', '158', ...range(159, 169), '172', '173', '179', ...range(180, 190), '1100'],
      ...['1415', '1416', '1417', '1418', '1419', '1420', '1450', '1481', '1482', '1483', '1491', '1492', '1493', '2412', '2600', '2802', '3001', '4650'],
    ],
    'EXCEPTION',
    'exception',
  ),
]);

/** Offsets from UTC of the zone names Canada Post's events carry (Canadian zones, standard and daylight). */
const ZONES: Readonly<Record<string, string>> = {
  NST: '-03:30',
  NDT: '-02:30',
  AST: '-04:00',
  ADT: '-03:00',
  EST: '-05:00',
  EDT: '-04:00',
  CST: '-06:00',
  CDT: '-05:00',
  MST: '-07:00',
  MDT: '-06:00',
  PST: '-08:00',
  PDT: '-07:00',
  UTC: '+00:00',
  GMT: '+00:00',
};

const PROVINCES = new Set(['AB', 'BC', 'MB', 'NB', 'NL', 'NS', 'NT', 'NU', 'ON', 'PE', 'QC', 'SK', 'YT']);

const occurrenceSchema = z.object({
  'event-identifier': z.string().check(z.regex(/^\d{1,6}$/, 'must be an event identifier')),
  'event-date': z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date (YYYY-MM-DD)')),
  'event-time': z.string().check(z.regex(/^\d{2}:\d{2}(:\d{2})?$/, 'must be a time (HH:MM:SS)')),
  'event-time-zone': z.optional(z.string()),
  'event-description': z.optional(z.string()),
  'event-site': z.optional(z.string()),
  'event-province': z.optional(z.string()),
});
const trackingDetailSchema = z.object({
  'tracking-detail': z.object({
    pin: z.string(),
    'expected-delivery-date': z.optional(z.string()),
    'significant-events': z.union([z.literal(''), z.object({ occurrence: z.optional(z.array(occurrenceSchema)) })]),
  }),
});
type Occurrence = z.infer<typeof occurrenceSchema>;

/** The moment of an occurrence in UTC (ISO 8601). */
export function occurredAtOf(date: string, time: string, zone: string | undefined): string {
  const hms = time.length === 5 ? `${time}:00` : time;
  const offset = ZONES[(zone ?? '').trim().toUpperCase()];
  const instant = new Date(`${date}T${hms}${offset ?? 'Z'}`);
  if (Number.isNaN(instant.getTime())) return `${date}T${hms}.000Z`;
  return instant.toISOString();
}

/** Our event of a Canada Post occurrence. */
export function canadaPostEventOf(o: Occurrence): TrackingEvent {
  const identifier = String(Number(o['event-identifier']));
  const known = BY_IDENTIFIER.get(identifier) ?? { code: 'ARRIVED' as const, status: 'intransit' as const };
  const site = o['event-site']?.trim();
  const province = o['event-province']?.trim().toUpperCase();
  const location = site ? (province && PROVINCES.has(province) ? `${site}, ${province}, CA` : site) : undefined;
  return {
    status: known.status,
    code: known.code,
    description: `${o['event-description']?.trim() || 'Canada Post update'} (Canada Post ${identifier})`,
    ...(location ? { location } : {}),
    occurredAt: occurredAtOf(o['event-date'], o['event-time'], o['event-time-zone']),
  };
}

/** What a tracking-detail answer says: our tracking, and Canada Post's expected delivery date (YYYY-MM-DD) when it gives one. */
export function parseCanadaPostTrack(xml: string, pin: string): CarrierTracking & { expectedDeliveryDate?: string } {
  const parsed = trackingDetailSchema.safeParse(readXml(xml, 'a tracking request'));
  if (!parsed.success) throw malformed('tracking response', parsed.error);
  const detail = parsed.data['tracking-detail'];
  const occurrences = detail['significant-events'] === '' ? [] : (detail['significant-events'].occurrence ?? []);
  const events = occurrences.map(canadaPostEventOf).sort((a, b) => b.occurredAt.localeCompare(a.occurredAt));
  const expected = detail['expected-delivery-date'];
  return {
    trackingNumber: pin,
    transitStatus: events[0]?.status ?? 'pending',
    events,
    ...(expected && /^\d{4}-\d{2}-\d{2}$/.test(expected) ? { expectedDeliveryDate: expected } : {}),
  };
}
