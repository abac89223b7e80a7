/**
 * `data.unavailable` of POST /v1/rate (docs/decisions.md, rating): every
 * carrier of the pricing group that gave no rate, each with a code and a
 * sentence, so an integrator need not read our logs to learn why a carrier
 * is missing. A carrier that quoted but whose rates the request's own
 * selection left out (`cheapest`, a service code) did give a rate and is
 * not listed. Carriers the key's mode hides (SANDBOX_CARRIERS) are outside
 * the key's pricing group and are not listed either.
 *
 * A message never carries what the caller must not see: a carrier's words
 * (REFUSED) are cut to UNAVAILABLE_MESSAGE_MAX characters, control
 * characters removed, and every value we sent the carrier that is not the
 * caller's (the plan's account number, its contract id) replaced; every
 * other message is ours, naming no internal id. Pure.
 */
import type { Carrier } from '../entities';
import { sameCode } from './facts';
import type { RateCarrier } from './sanitize';
import { clipWithEllipsis } from '../text-clipping';

export const UNAVAILABLE_CODES = ['REFUSED', 'TIMEOUT', 'UNAVAILABLE', 'ERROR', 'NOT_CONFIGURED', 'NOT_APPLICABLE', 'NO_SERVICE'] as const;
export type UnavailableCode = (typeof UNAVAILABLE_CODES)[number];

/** What each code means, for openapi.json and docs/interface.md. */
export const UNAVAILABLE_CODE_MEANINGS: Record<UnavailableCode, string> = {
  REFUSED: 'the carrier declined this shipment as requested; the message gives its reason (e.g. a field it needs)',
  TIMEOUT: 'the carrier did not answer within its timeout or the rating budget',
  UNAVAILABLE: 'the carrier was not asked: it timed out repeatedly and is skipped for a while (its circuit breaker is open)',
  ERROR:
    'the carrier could not be rated: it answered with an error or with what could not be read (an HTTP 5xx, a malformed document), or our side of the call failed',
  NOT_CONFIGURED: "the pricing group's carrier account for this carrier is missing or unusable; the operator must configure it",
  NOT_APPLICABLE: 'the carrier was not asked: the request selects another carrier or a service it does not offer',
  NO_SERVICE: 'the carrier answered, but with no service we offer for this shipment',
};

/** Characters of a carrier's reason kept in a message. */
export const UNAVAILABLE_MESSAGE_MAX = 300;

/** A value we sent a carrier is replaced from this length on: shorter runs would blank the carrier's own words. */
const MIN_SCRUBBED_CHARS = 4;
const REPLACED = '[redacted]';

/** One entry of `data.unavailable`. */
export type UnavailableCarrier = { carrier: RateCarrier; code: UnavailableCode; message: string };

/** Why one asked carrier gave no rate, as the fan-out or the service found it. */
export type CarrierShortfall = { carrierCode: string; code: Exclude<UnavailableCode, 'NOT_APPLICABLE' | 'NO_SERVICE'>; message: string };

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * A carrier's text as an answer may repeat it: control characters and runs
 * of whitespace become one space, each of `sent` (values of ours the
 * carrier saw) is replaced wherever it stands, ASCII case ignored, and the
 * result is cut to UNAVAILABLE_MESSAGE_MAX characters.
 */
export const scrubCarrierText = (text: string, sent: readonly string[] = []): string => {
  // Cut first, so the work is bounded whatever the carrier sent; a value cut in half at the end is still caught below.
  let scrubbed = text
    .slice(0, UNAVAILABLE_MESSAGE_MAX * 4)
    .replace(/[\p{Cc}\p{Cf}\s]+/gu, ' ')
    .trim();
  for (const value of sent) {
    if (value.length >= MIN_SCRUBBED_CHARS) scrubbed = scrubbed.replace(new RegExp(escapeRegExp(value), 'gi'), REPLACED);
  }
  return clipWithEllipsis(scrubbed, UNAVAILABLE_MESSAGE_MAX);
};

export type UnavailableInput = {
  /** The carriers with a plan in the key's pricing group, in the group's order. */
  groupCarriers: readonly string[];
  /** The catalog, for each carrier's names. */
  catalog: readonly Pick<Carrier, 'code' | 'fullName' | 'shortName'>[];
  /** The carriers the request asked (the rest of the group is NOT_APPLICABLE). */
  asked: readonly string[];
  /** Asked carriers that gave no quote, and why. */
  shortfalls: readonly CarrierShortfall[];
  /** Asked carriers with at least one priced rate (returned or left out by the request's selection). */
  rated: readonly string[];
};

const carrierOf = (code: string, catalog: UnavailableInput['catalog']): RateCarrier => {
  const carrier = catalog.find((c) => c.code === code);
  return carrier ? { code, fullName: { ...carrier.fullName }, shortName: { ...carrier.shortName } } : { code, fullName: { en: code }, shortName: { en: code } };
};

/** `data.unavailable`: one entry per carrier of the group without a rate, in the group's order. */
export const unavailableCarriers = ({ groupCarriers, catalog, asked, shortfalls, rated }: UnavailableInput): UnavailableCarrier[] =>
  groupCarriers.flatMap((code): UnavailableCarrier[] => {
    const carrier = carrierOf(code, catalog);
    if (!asked.some((a) => sameCode(a, code))) {
      return [{ carrier, code: 'NOT_APPLICABLE', message: `${code} was not asked: the request selects another carrier or a service it does not offer` }];
    }
    if (rated.some((r) => sameCode(r, code))) return [];
    const shortfall = shortfalls.find((s) => sameCode(s.carrierCode, code));
    if (shortfall) return [{ carrier, code: shortfall.code, message: shortfall.message }];
    return [{ carrier, code: 'NO_SERVICE', message: `${code} answered with no service we offer for this shipment` }];
  });

/** How a carrier asked for a quote gave none (shared/carriers/fanout.ts). */
export type RateFailureReason = 'timeout' | 'error' | 'refused' | 'unavailable' | 'not-configured';

/**
 * A failure as `data.unavailable` tells it. `sent`: the values of ours the
 * carrier saw that the caller must not (see scrubCarrierText). An error's
 * own text (a status, a parser's complaint, a host) stays in the log line.
 */
export const shortfallOf = (failure: { carrierCode: string; reason: RateFailureReason; message: string }, sent: readonly string[] = []): CarrierShortfall => {
  const { carrierCode } = failure;
  switch (failure.reason) {
    case 'refused':
      return { carrierCode, code: 'REFUSED', message: scrubCarrierText(failure.message, sent) };
    case 'timeout':
      return { carrierCode, code: 'TIMEOUT', message: scrubCarrierText(failure.message, sent) };
    case 'unavailable':
      return { carrierCode, code: 'UNAVAILABLE', message: scrubCarrierText(failure.message, sent) };
    case 'not-configured':
      return {
        carrierCode,
        code: 'NOT_CONFIGURED',
        message: `${carrierCode} has no usable carrier account in your pricing group; the operator must configure it`,
      };
    case 'error':
      return { carrierCode, code: 'ERROR', message: `${carrierCode} could not be rated: an error, or an answer that could not be read` };
  }
};
