/**
 * ISO 4217 currency codes. The list is the one Node's ICU data carries
 * (`Intl.supportedValuesOf('currency')`: the codes in current use, kept up to
 * date with each Node release), not a list of our own: a hand-typed list would
 * drift from the standard. Built once, on first use, so importing this module
 * costs nothing.
 */
let codes: ReadonlySet<string> | undefined;

/** The upper-case ISO 4217 codes known to this runtime. */
export const isoCurrencyCodes = (): ReadonlySet<string> => (codes ??= new Set(Intl.supportedValuesOf('currency')));

/** Whether `code` is an ISO 4217 currency code, exactly as written (upper case). */
export const isIsoCurrencyCode = (code: string): boolean => isoCurrencyCodes().has(code);
