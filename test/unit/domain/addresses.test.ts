import { ADDRESS_MESSAGE_CODE_LIST, isIsoCountryCode, isoCountryCodes, normaliseAddress, statesOfZip, validateBuiltin } from '../../../shared/domain/addresses';
import type { Address } from '../../../shared/domain/rate/schema';

const toronto: Address = {
  personName: 'Jane Doe',
  addressLine1: '290 Bremner Blvd',
  city: 'Toronto',
  provinceCode: 'ON',
  postalCode: 'M5V 3L9',
  countryCode: 'CA',
};
const beverlyHills: Address = {
  personName: 'John Roe',
  addressLine1: '9461 Charleville Blvd',
  city: 'Beverly Hills',
  provinceCode: 'CA',
  postalCode: '90210',
  countryCode: 'US',
};
const codes = (address: Address) => validateBuiltin(address).messages.map((m) => m.code);

describe('the built-in address rules', () => {
  it('answer a consistent address unverified, normalised, classification unknown', () => {
    expect(validateBuiltin(toronto)).toEqual({ status: 'unverified', classification: 'unknown', suggestions: [toronto], messages: [] });
    expect(validateBuiltin(beverlyHills).status).toBe('unverified');
  });

  it('correct a Toronto address written under QC to ON, with the fixed address as suggestion', () => {
    const result = validateBuiltin({ ...toronto, provinceCode: 'QC' });
    expect(result.status).toBe('corrected');
    expect(result.suggestions).toEqual([toronto]);
    expect(result.messages).toEqual([
      { code: 'PROVINCE_CORRECTED', field: 'provinceCode', message: 'provinceCode QC does not match: postal code M5V 3L9 is in ON' },
    ]);
  });

  it.each([
    ['A1A 1A1', 'NL'],
    ['B3H 1A1', 'NS'],
    ['C1A 1A1', 'PE'],
    ['E1A 1A1', 'NB'],
    ['G1R 1A1', 'QC'],
    ['H2X 1Y4', 'QC'],
    ['J4K 1A1', 'QC'],
    ['K1A 0B1', 'ON'],
    ['L5B 1A1', 'ON'],
    ['N2L 1A1', 'ON'],
    ['P3A 1A1', 'ON'],
    ['R3C 1A1', 'MB'],
    ['S4P 1A1', 'SK'],
    ['T2P 1A1', 'AB'],
    ['V6B 1A1', 'BC'],
    ['X0A 0H0', 'NU'],
    ['X1A 1A1', 'NT'],
    ['Y1A 1A1', 'YT'],
  ])('take the province of %s from its first letter: %s', (postalCode, province) => {
    const result = validateBuiltin({ ...toronto, postalCode, provinceCode: undefined });
    expect(result.status).toBe('corrected');
    expect(result.suggestions[0]?.provinceCode).toBe(province);
  });

  it('fill a missing or unknown province from the postal code, and refuse an X area it cannot settle', () => {
    expect(validateBuiltin({ ...toronto, provinceCode: 'ZZ' }).suggestions[0]?.provinceCode).toBe('ON');
    expect(validateBuiltin({ ...toronto, postalCode: 'X0X 1A1', provinceCode: 'NT' }).status).toBe('unverified');
    expect(codes({ ...toronto, postalCode: 'X0X 1A1', provinceCode: 'ON' })).toEqual(['PROVINCE_MISMATCH']);
    expect(codes({ ...toronto, postalCode: 'X0X 1A1', provinceCode: undefined })).toEqual(['MISSING_FIELD']);
  });

  it('normalise a Canadian postal code and refuse one of the wrong shape', () => {
    expect(validateBuiltin({ ...toronto, postalCode: ' m5v3l9 ' }).suggestions[0]?.postalCode).toBe('M5V 3L9');
    for (const postalCode of ['M5V 3L', 'D5V 3L9', 'M5V 3O9', 'W5V 3L9', '90210']) {
      expect(validateBuiltin({ ...toronto, postalCode })).toMatchObject({
        status: 'invalid',
        suggestions: [],
        messages: [{ code: 'POSTAL_CODE_FORMAT', field: 'postalCode' }],
      });
    }
  });

  it('match a US state to the ZIP prefix of USPS L002, with ZIP+4', () => {
    const result = validateBuiltin({ ...beverlyHills, provinceCode: 'NY', postalCode: '90210-1234' });
    expect(result.status).toBe('corrected');
    expect(result.suggestions[0]).toMatchObject({ provinceCode: 'CA', postalCode: '90210-1234' });
    expect(validateBuiltin({ ...beverlyHills, postalCode: '902101234' }).suggestions[0]?.postalCode).toBe('90210-1234');
    expect(statesOfZip('10001')).toEqual(['NY']);
    expect(statesOfZip('60601')).toEqual(['IL']);
    expect(statesOfZip('73301')).toEqual(['TX']);
    expect(statesOfZip('96799')).toEqual(['AS']);
    expect(statesOfZip('00501')).toEqual(['NY']);
    expect(statesOfZip('00100')).toEqual([]);
  });

  it('refuse a ZIP of the wrong shape, and note an unassigned prefix without refusing it', () => {
    expect(codes({ ...beverlyHills, postalCode: '9021' })).toEqual(['POSTAL_CODE_FORMAT']);
    expect(codes({ ...beverlyHills, postalCode: 'M5V 3L9' })).toEqual(['POSTAL_CODE_FORMAT']);
    expect(validateBuiltin({ ...beverlyHills, postalCode: '21301' })).toMatchObject({ status: 'unverified', messages: [{ code: 'POSTAL_CODE_UNASSIGNED' }] });
  });

  it('accept a territory under its own country code only with its own ZIP codes', () => {
    const sanJuan: Address = { personName: 'A', addressLine1: '1 Calle Luna', city: 'San Juan', postalCode: '00901', countryCode: 'PR' };
    expect(validateBuiltin(sanJuan).status).toBe('unverified');
    expect(codes({ ...sanJuan, postalCode: '90210' })).toEqual(['POSTAL_CODE_FORMAT']);
    expect(validateBuiltin({ ...sanJuan, countryCode: 'US', provinceCode: 'PR' }).status).toBe('unverified');
  });

  it('require the fields the country needs', () => {
    expect(codes({ ...beverlyHills, city: undefined, postalCode: undefined, provinceCode: undefined })).toEqual([
      'MISSING_FIELD',
      'MISSING_FIELD',
      'MISSING_FIELD',
    ]);
    expect(validateBuiltin({ personName: 'A', addressLine1: '1 Raffles Place', postalCode: '048616', countryCode: 'SG' }).status).toBe('unverified');
    expect(validateBuiltin({ personName: 'A', addressLine1: '1 Rue X', city: 'Paris', countryCode: 'FR' }).messages).toEqual([
      { code: 'MISSING_FIELD', field: 'postalCode', message: 'postalCode is required for an address in FR' },
    ]);
    expect(codes({ ...toronto, personName: '   ', addressLine1: '\t' })).toEqual(['MISSING_FIELD', 'MISSING_FIELD']);
  });

  it('refuse a country code no ISO 3166-1 country has, and know the 249 and Kosovo', () => {
    for (const countryCode of ['ZZ', 'EU', 'UK', 'XA', 'QQ', 'constructor', '']) {
      expect(validateBuiltin({ ...toronto, countryCode })).toMatchObject({ status: 'invalid', messages: [{ code: 'COUNTRY_UNKNOWN' }] });
    }
    expect(isIsoCountryCode('GB')).toBe(true);
    expect(isIsoCountryCode('XK')).toBe(true);
    expect(isoCountryCodes().size).toBe(250);
  });

  it('note a post office box in either street line, in English and French', () => {
    for (const line of ['PO Box 123', 'p.o. box 5', 'Post Office Box 9', 'Case postale 42', 'C.P. 1200']) {
      expect(validateBuiltin({ ...toronto, addressLine2: line }).messages).toEqual([
        { code: 'PO_BOX', field: 'addressLine2', message: 'addressLine2 is a post office box' },
      ]);
    }
    expect(codes({ ...toronto, addressLine1: '12 Boxwood Road' })).toEqual([]);
  });

  it('normalise white space and case, dropping a blank optional field', () => {
    expect(
      normaliseAddress({ ...toronto, personName: '  Jane \t Doe ', addressLine2: '   ', city: 'Toronto\n', countryCode: 'ca', provinceCode: 'on ' }),
    ).toEqual(toronto);
  });

  it('stay linear and bounded on hostile input: 400 KB strings, prototype names', () => {
    const huge = 'x '.repeat(200_000);
    const result = validateBuiltin({ ...toronto, personName: huge, addressLine1: `P${' '.repeat(400_000)}`, provinceCode: huge, postalCode: huge });
    expect(result.status).toBe('invalid');
    for (const message of result.messages) expect(message.message.length).toBeLessThan(200);
    expect(codes({ ...toronto, provinceCode: 'constructor', postalCode: '__proto__' })).toEqual(['POSTAL_CODE_FORMAT']);
    expect(codes({ ...beverlyHills, provinceCode: '__proto__' })).toEqual(['PROVINCE_CORRECTED']);
    expect(validateBuiltin({ ...toronto, provinceCode: 'toString' }).suggestions[0]?.provinceCode).toBe('ON');
  });

  it('use only documented codes', () => {
    expect(ADDRESS_MESSAGE_CODE_LIST).toEqual(expect.arrayContaining(['PROVINCE_CORRECTED', 'CARRIER_UNAVAILABLE', 'CARRIER_NOTE']));
  });
});
