/**
 * Canada Post's reference data: the carrier as GET /v1/carriers lists it,
 * its services as Canada Post names them (the Canada Post service code is
 * each one's `billingCode`) and the two kinds of parcel Canada Post's rating
 * and shipping tell apart beside a box: a mailing tube (`mailing-tube`) and
 * an unpackaged item (`unpackaged`), in CANADA_POST_PACKAGING_FLAGS. Transit
 * days and guarantees are the catalog's defaults for display; Canada Post's
 * own answer (Get Rates' service standard) is what a quote carries.
 */
import { dims, free, service, type ConnectorReference } from '../reference-kit';
import { CANADA_POST_SERVICES } from './services';

/** Canada Post's carrier code. */
export const CANADAPOST = 'CANADAPOST';

/** Our packaging code → the parcel characteristic Canada Post sets for it. */
export const CANADA_POST_PACKAGING_FLAGS: Readonly<Record<string, 'mailing-tube' | 'unpackaged'>> = {
  CANADAPOST_MAILING_TUBE: 'mailing-tube',
  CANADAPOST_UNPACKAGED: 'unpackaged',
};

export const reference: ConnectorReference = {
  carrier: {
    code: CANADAPOST,
    kind: 'parcel',
    fullName: { en: 'Canada Post', fr: 'Postes Canada' },
    shortName: { en: 'Canada Post', fr: 'Postes Canada' },
  },
  services: CANADA_POST_SERVICES.map((s) =>
    service(CANADAPOST, {
      code: s.code,
      billingCode: s.cpCode,
      fullName: { en: `Canada Post ${s.name}`, fr: `Postes Canada ${s.name}` },
      shortName: { en: s.name, fr: s.name },
      ...(s.chips ? { chips: s.chips } : {}),
      transitDays: s.days,
      commitTime: '23:59',
      guaranteed: s.guaranteed,
      priceFactorBp: 10_000,
    }),
  ),
  packaging: [
    {
      id: 'aa36640c-ab52-4ba3-a85b-48ec9e8cbe45',
      code: 'CANADAPOST_MAILING_TUBE',
      name: 'Canada Post mailing tube',
      categoryName: 'Canada Post',
      carrierId: CANADAPOST,
      isEnvelope: false,
      dimensions: dims(free, free, free),
    },
    {
      id: '8e73e925-3df0-4066-90d7-504459fe60d1',
      code: 'CANADAPOST_UNPACKAGED',
      name: 'Canada Post unpackaged item',
      categoryName: 'Canada Post',
      carrierId: CANADAPOST,
      isEnvelope: false,
      dimensions: dims(free, free, free),
    },
  ],
};
