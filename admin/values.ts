/**
 * One admin value at a time: what no value may hold, and the parsers the
 * options of the command table name (admin/command.ts). A parser is given
 * the value trimmed and never blank, and the option as written (`--length`);
 * it throws InvalidValue, which the parse prefixes with the command.
 */
import { keyModeSchema, type KeyMode } from '../shared/domain/entities';
import { isUuid } from '../shared/domain/ids';
import { carriers } from '../shared/reference/carriers';

/** A value an option refuses; the message names the option, never the command. */
export class InvalidValue extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'InvalidValue';
  }
}

export type ValueParser<T> = (value: string, option: string) => T;

/**
 * What no admin value may hold (docs/configuration.md, "Admin CLI"): control
 * characters (C0, DEL, C1: an ANSI escape rewrites the terminal of whoever
 * lists the value, a newline forges a line), format characters (the
 * bidirectional marks, embeddings, overrides and isolates, U+202E showing a
 * name reversed, and the zero-width ones, which make two names look alike)
 * and the line and paragraph separators. No name, id, code, number or path
 * an operator types needs one.
 */
const UNSAFE_CHARACTER = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/u;

/** Where `text` holds an unsafe character: the character as U+XXXX and its position (1-based, in characters); undefined when it holds none. */
export const unsafeCharacter = (text: string): string | undefined => {
  const characters = [...text];
  const at = characters.findIndex((c) => UNSAFE_CHARACTER.test(c));
  if (at < 0) return undefined;
  return `U+${characters[at]!.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')} at character ${at + 1}`;
};

export const unsafeRefusal = (subject: string, found: string) => `${subject} may not hold control, bidirectional or invisible characters; it holds ${found}`;

export const positiveNumber: ValueParser<number> = (value, option) => {
  const n = /^[0-9]*\.?[0-9]+([eE][-+]?[0-9]+)?$/.test(value) ? Number(value) : Number.NaN;
  if (!Number.isFinite(n) || n <= 0) throw new InvalidValue(`${option} must be a positive number, got "${value}"`);
  return n;
};

/** A percentage with at most two decimals, from 0 to `max`, as basis points (12.5 -> 1250). */
export const percentBp =
  (max: number): ValueParser<number> =>
  (value, option) => {
    if (!/^[0-9]+(\.[0-9]{1,2})?$/.test(value))
      throw new InvalidValue(`${option} must be a percentage from 0 to ${max} with at most two decimals, got "${value}"`);
    const bp = Math.round(Number(value) * 100);
    if (bp > max * 100) throw new InvalidValue(`${option} must be a percentage from 0 to ${max}, got "${value}"`);
    return bp;
  };

/** A UUID, lower-cased; `what` names it in the refusal ("an order id"). */
export const uuidOf =
  (what: string): ValueParser<string> =>
  (value, option) => {
    if (!isUuid(value)) throw new InvalidValue(`${option} must be ${what} (UUID), got "${value}"`);
    return value.toLowerCase();
  };

const CARRIER_CODES = carriers.map((c) => c.code);

/** A carrier of the reference data, in any case. */
export const carrierCode: ValueParser<string> = (value) => {
  const code = value.toUpperCase();
  if (!CARRIER_CODES.includes(code)) throw new InvalidValue(`unknown carrier "${code}"; known: ${CARRIER_CODES.join(', ')}`);
  return code;
};

/** A carrier account number, as carriers spell them (and the blacklist holds them). */
export const accountNumber: ValueParser<string> = (value, option) => {
  if (!/^[A-Za-z0-9-]{1,64}$/.test(value)) throw new InvalidValue(`${option} must be 1 to 64 letters, digits or dashes, got "${value}"`);
  return value;
};

export const keyMode: ValueParser<KeyMode> = (value, option) => {
  const mode = keyModeSchema.safeParse(value);
  if (!mode.success) throw new InvalidValue(`${option} must be ${keyModeSchema.options.join(' or ')}, got "${value}"`);
  return mode.data;
};

const ISO_8601 = /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?(?:Z|[+-](\d{2}):(\d{2})))?$/;

/** An ISO 8601 date, or date-time with zone, that names a real calendar instant; normalized to UTC (`toISOString`). */
export const parseIsoDate = (raw: string): string | undefined => {
  const m = ISO_8601.exec(raw);
  if (!m) return undefined;
  const [year, month, day, hour = 0, minute = 0, second = 0, zoneHours = 0, zoneMinutes = 0] = m
    .slice(1)
    .map((part) => (part === undefined ? undefined : Number(part)));
  // Date would roll 2025-02-30 over to March 2; a typo must not become another day.
  const daysInMonth = new Date(Date.UTC(year!, month, 0)).getUTCDate();
  if (month! < 1 || month! > 12 || day! < 1 || day! > daysInMonth) return undefined;
  if (hour > 23 || minute > 59 || second > 59 || zoneHours > 14 || zoneMinutes > 59) return undefined;
  return new Date(raw).toISOString();
};

export const isoDate: ValueParser<string> = (value, option) => {
  const iso = parseIsoDate(value);
  if (iso === undefined) throw new InvalidValue(`${option} must be an ISO 8601 date or date-time with zone (e.g. 2030-01-31T00:00:00Z), got "${value}"`);
  return iso;
};
