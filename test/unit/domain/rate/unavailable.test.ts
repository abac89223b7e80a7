import { scrubCarrierText, shortfallOf, unavailableCarriers, UNAVAILABLE_MESSAGE_MAX, type UnavailableInput } from '../../../../shared/domain/rate';

const catalog: UnavailableInput['catalog'] = [
  { code: 'CANADAPOST', fullName: { en: 'Canada Post', fr: 'Postes Canada' }, shortName: { en: 'Canada Post', fr: 'Postes Canada' } },
  { code: 'CARRIERX', fullName: { en: 'Carrier X' }, shortName: { en: 'X' } },
  { code: 'CARRIERY', fullName: { en: 'Carrier Y' }, shortName: { en: 'Y' } },
];
const group = ['CANADAPOST', 'CARRIERX', 'CARRIERY'];

describe('data.unavailable of POST /v1/rate', () => {
  it('is empty when every carrier of the group rated', () => {
    expect(unavailableCarriers({ groupCarriers: group, catalog, asked: group, shortfalls: [], rated: group })).toEqual([]);
  });

  it("names each carrier without a rate once, in the group's order, with the rate's carrier shape", () => {
    const unavailable = unavailableCarriers({
      groupCarriers: group,
      catalog,
      asked: group,
      shortfalls: [
        { carrierCode: 'CARRIERY', code: 'TIMEOUT', message: 'CARRIERY did not answer within 3000 ms' },
        { carrierCode: 'CANADAPOST', code: 'REFUSED', message: 'Canada Post needs shipper.phoneNumber' },
      ],
      rated: ['CARRIERX'],
    });
    expect(unavailable).toEqual([
      {
        carrier: { code: 'CANADAPOST', fullName: { en: 'Canada Post', fr: 'Postes Canada' }, shortName: { en: 'Canada Post', fr: 'Postes Canada' } },
        code: 'REFUSED',
        message: 'Canada Post needs shipper.phoneNumber',
      },
      {
        carrier: { code: 'CARRIERY', fullName: { en: 'Carrier Y' }, shortName: { en: 'Y' } },
        code: 'TIMEOUT',
        message: 'CARRIERY did not answer within 3000 ms',
      },
    ]);
  });

  it('a carrier the request did not ask is NOT_APPLICABLE; one that answered with nothing usable is NO_SERVICE', () => {
    const unavailable = unavailableCarriers({ groupCarriers: group, catalog, asked: ['CARRIERX', 'CARRIERY'], shortfalls: [], rated: ['CARRIERY'] });
    expect(unavailable.map((u) => [u.carrier.code, u.code])).toEqual([
      ['CANADAPOST', 'NOT_APPLICABLE'],
      ['CARRIERX', 'NO_SERVICE'],
    ]);
  });

  it('a carrier missing from the catalog is named by its code', () => {
    const [entry] = unavailableCarriers({ groupCarriers: ['CARRIERQ'], catalog, asked: [], shortfalls: [], rated: [] });
    expect(entry?.carrier).toEqual({ code: 'CARRIERQ', fullName: { en: 'CARRIERQ' }, shortName: { en: 'CARRIERQ' } });
  });
});

describe('a fan-out failure as data.unavailable tells it', () => {
  it("a refusal keeps the carrier's reason; a timeout and an open breaker keep ours", () => {
    expect(shortfallOf({ carrierCode: 'CANADAPOST', reason: 'refused', message: 'Canada Post needs shipper.phoneNumber' })).toEqual({
      carrierCode: 'CANADAPOST',
      code: 'REFUSED',
      message: 'Canada Post needs shipper.phoneNumber',
    });
    expect(shortfallOf({ carrierCode: 'CARRIERY', reason: 'timeout', message: 'CARRIERY did not answer within 3000 ms' }).code).toBe('TIMEOUT');
    expect(shortfallOf({ carrierCode: 'CARRIERY', reason: 'unavailable', message: 'CARRIERY is skipped after 3 timeouts in a row' })).toEqual({
      carrierCode: 'CARRIERY',
      code: 'UNAVAILABLE',
      message: 'CARRIERY is skipped after 3 timeouts in a row',
    });
  });

  it("an error or an unusable account says so in our words, never the error's text", () => {
    const error = shortfallOf({ carrierCode: 'UPS', reason: 'error', message: 'UPS answered HTTP 500 from https://internal.example/x at 10.0.0.7' });
    expect(error).toEqual({ carrierCode: 'UPS', code: 'ERROR', message: 'UPS could not be rated: an error, or an answer that could not be read' });
    const account = shortfallOf({
      carrierCode: 'UPS',
      reason: 'not-configured',
      message: 'carrier account not configured; the operator must fix the carrier account',
    });
    expect(account).toEqual({
      carrierCode: 'UPS',
      code: 'NOT_CONFIGURED',
      message: 'UPS has no usable carrier account in your pricing group; the operator must configure it',
    });
  });

  it('a refusal quoting what we sent the carrier has it replaced', () => {
    const { message } = shortfallOf({ carrierCode: 'CANADAPOST', reason: 'refused', message: 'Customer 2004381 has no contract 42708517' }, [
      '2004381',
      '42708517',
    ]);
    expect(message).toBe('Customer [redacted] has no contract [redacted]');
  });
});

describe("a carrier's text in an answer", () => {
  it('has control characters and runs of whitespace made one space', () => {
    expect(scrubCarrierText('needs\r\n\tshipper\u0000.phoneNumber\u202e ')).toBe('needs shipper .phoneNumber');
  });

  it(`is cut to ${UNAVAILABLE_MESSAGE_MAX} characters, whatever its length`, () => {
    const scrubbed = scrubCarrierText('x'.repeat(1_000_000));
    expect(scrubbed).toHaveLength(UNAVAILABLE_MESSAGE_MAX);
    expect(scrubbed.endsWith('…')).toBe(true);
  });

  it('replaces each value we sent in any ASCII case, but not one too short to tell from words', () => {
    expect(scrubCarrierText('account ab12cd unknown (AB12CD)', ['ab12cd'])).toBe('account [redacted] unknown ([redacted])');
    expect(scrubCarrierText('a 123 b', ['123'])).toBe('a 123 b');
  });

  it('treats a sent value as text, not a pattern', () => {
    expect(scrubCarrierText('no a.b+c here, a.b+c there', ['a.b+c'])).toBe('no [redacted] here, [redacted] there');
  });
});
