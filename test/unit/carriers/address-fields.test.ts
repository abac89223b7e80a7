/**
 * A carrier's own fields of an address live in its folder: its profile's
 * `addressFields` (Canada Post: `canadaPostId`, spec 2.3). The domain's
 * address names none; the documented rate body (openapi.json) and the
 * validation of POST /v1/rate add every profile's, each an optional code,
 * bounded as any code is.
 */
import { ADDRESS_FIELDS, addressFieldsOf, CARRIER_PROFILES } from '../../../shared/carriers/registry';
import { rateBody } from '../../../shared/contract/rate';
import { RATE_LIMITS } from '../../../shared/domain/rate/limits';
import { addressSchema, rateRequestBodySchema } from '../../../shared/domain/rate/schema';
import { appErrorOf, FIXTURE_NOW, minimalBody, validateRateRequest, withPath } from '../domain/rate/fixtures';

const FIELDS = CARRIER_PROFILES.flatMap((p) => p.addressFields ?? []);
const PARTIES = ['shipper', 'recipient', 'buyer', 'broker'] as const;

it("a profile declares one (the check is not vacuous), and the list is every profile's", () => {
  expect(FIELDS).toContain('canadaPostId');
  expect(ADDRESS_FIELDS).toEqual([...new Set(FIELDS)]);
  expect(addressFieldsOf(CARRIER_PROFILES.filter((p) => !p.addressFields))).toEqual([]);
});

it("the domain's address names no carrier's field", () => {
  expect(Object.keys(addressSchema.shape).filter((key) => FIELDS.includes(key))).toEqual([]);
});

it.each(PARTIES)("the documented body's %s has them, before the caller's own id and type", (party) => {
  const schema = rateBody.shape[party] as unknown as { shape?: Record<string, unknown>; def: { innerType?: { shape: Record<string, unknown> } } };
  const keys = Object.keys(schema.shape ?? schema.def.innerType!.shape);
  expect(keys.slice(-(FIELDS.length + 2))).toEqual([...FIELDS, 'id', 'type']);
});

describe("the route's validation, with every profile's fields", () => {
  const validate = (body: unknown) => validateRateRequest(body, FIXTURE_NOW);

  it.each(PARTIES)('keeps %s.canadaPostId, a code', (party) => {
    const body = party === 'buyer' || party === 'broker' ? { ...minimalBody(), [party]: minimalBody().shipper } : minimalBody();
    const request = validate(withPath(body, [party, 'canadaPostId'], 'CP-1')) as unknown as Record<string, Record<string, unknown>>;
    expect(request[party]!.canadaPostId).toBe('CP-1');
  });

  it('refuses one that is too long or not a string, naming the field', () => {
    const long = appErrorOf(() => validate(withPath(minimalBody(), ['shipper', 'canadaPostId'], 'x'.repeat(RATE_LIMITS.code + 1))));
    expect(long).toMatchObject({ status: 400, code: 'VALIDATION_FAILED' });
    expect(long.message).toContain('shipper.canadaPostId');
    expect(appErrorOf(() => validate(withPath(minimalBody(), ['recipient', 'canadaPostId'], 42))).message).toContain('recipient.canadaPostId');
  });

  it('without carriers that add fields, it is an unknown field: dropped, as any other', () => {
    const result = rateRequestBodySchema.safeParse(withPath(minimalBody(), ['shipper', 'canadaPostId'], 'x'.repeat(RATE_LIMITS.code + 1)));
    expect(result.success).toBe(true);
    expect(result.data!.shipper).not.toHaveProperty('canadaPostId');
  });
});
