/**
 * ISO 3166-1 alpha-2 country codes. Like the currencies (../currency.ts),
 * the list is the one Node's ICU data carries (region display names, kept up
 * to date with each Node release), not one of our own; ICU also names
 * regions that are no country a carrier ships to (withdrawn codes, groupings,
 * its pseudo-locales), which are left out here. `XK` (Kosovo) stays: it is
 * user-assigned in ISO 3166, and FedEx and UPS both use it.
 */

/** ICU region codes that are no ISO 3166-1 country: withdrawn (BU, CS, DD, YU…), exceptionally reserved (AC, EA, IC, TA…) or groupings (EU, UN, ZZ…). */
const NOT_COUNTRIES = new Set('AC AN BU CP CQ CS DD DG DY EA EU EZ FX HV IC NH QO RH SU TA TP UK UN VD XA XB YD YU ZR ZZ'.split(' '));

let codes: ReadonlySet<string> | undefined;

const build = (): ReadonlySet<string> => {
  const names = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'none' });
  const found = new Set<string>();
  for (let first = 65; first <= 90; first++) {
    for (let second = 65; second <= 90; second++) {
      const code = String.fromCharCode(first, second);
      if (!NOT_COUNTRIES.has(code) && names.of(code) !== undefined) found.add(code);
    }
  }
  return found;
};

/** The upper-case ISO 3166-1 alpha-2 codes known to this runtime, built on first use. */
export const isoCountryCodes = (): ReadonlySet<string> => (codes ??= build());

/** Whether `code` is an ISO 3166-1 alpha-2 country code, exactly as written (upper case). */
export const isIsoCountryCode = (code: string): boolean => isoCountryCodes().has(code);
