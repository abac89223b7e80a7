/**
 * The codes of an address validation's messages (docs/addresses.md lists
 * them with the status each leads to). The built-in rules use the first
 * ones; the service adds the carrier ones; a carrier's own note is
 * `CARRIER_NOTE`.
 */
export const ADDRESS_MESSAGE_CODES = {
  MISSING_FIELD: 'a field the country requires is missing or blank: `invalid`',
  COUNTRY_UNKNOWN: '`countryCode` is no ISO 3166-1 alpha-2 country code: `invalid`',
  POSTAL_CODE_FORMAT: "the postal code does not have the country's format (Canada `A1A 1A1`, the US and its territories `12345` or `12345-6789`): `invalid`",
  POSTAL_CODE_UNASSIGNED: "a ZIP code whose 3-digit prefix USPS's list does not assign: `unverified`",
  PROVINCE_UNKNOWN: "the province or state is none of the country's, and the postal code does not settle it: `invalid`",
  PROVINCE_MISMATCH: 'the province or state does not match the postal code, and the postal code does not settle which it is: `invalid`',
  PROVINCE_CORRECTED: 'the province or state was missing, unknown or did not match the postal code; the suggestion takes it from the postal code: `corrected`',
  PO_BOX: 'the address is a post office box, where some services do not deliver: a note, the status is unchanged',
  CARRIER_UNAVAILABLE: 'the carrier that was to validate the address failed or did not answer in time; the built-in rules answered instead',
  CARRIER_COUNTRY_NOT_COVERED: "the carrier named does not validate addresses of the address's country; the built-in rules answered instead",
  CARRIER_NOTE: "the carrier's own note on the address, as it gave it (bounded, nothing of our account in it)",
} as const;

export type AddressMessageCode = keyof typeof ADDRESS_MESSAGE_CODES;
export const ADDRESS_MESSAGE_CODE_LIST = Object.keys(ADDRESS_MESSAGE_CODES) as AddressMessageCode[];
