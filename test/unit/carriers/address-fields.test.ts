/**
 * A carrier's own fields of an address live in its folder: its profile's
 * `addressFields` (Canada Post: `canadaPostId`, spec 2.3). The domain's
 * address names none; the documented rate body (openapi.json) and the
 * validation of POST /v1/rate add every profile's, each an optional code,
 * bounded as any code is.
 */
import { CARRIER_PROFILES, createCarrierRegistry, defaultRegistry } from '../../../shared/carriers/registry';
import { createSandboxTransports } from '../../../shared/carriers/sandbox/network';
import { rateBody } from '../../../shared/contract/rate';
import { RATE_LIMITS } from '../../../shared/domain/rate/limits';
import { addressSchema } from '../../../shared/domain/rate/schema';
import { validateRateRequest } from '../../../shared/domain/rate/validate';
import { appErrorOf, FIXTURE_NOW, minimalBody, withPath } from '../domain/rate/fixtures';

const FIELDS = CARRIER_PROFILES.flatMap((p) => p.addressFields ?? []);
const PARTIES = ['shipper', 'recipient', 'buyer', 'broker'] as const;

it('a profile declares one (the check is not vacuous), and the registry lists every profile\'s', () => {
  expect(FIELDS).toContain('canadaPostId');
  expect(defaultRegistry.addressFields).toEqual(FIELDS);
  expect(createCarrierRegistry(createSandboxTransports(), {}, CARRIER_PROFILES.filter((p) => !p.addressFields)).addressFields).toEqual([]);
});

it("the domain's address names no carrier's field", () => {
  expect(Object.keys(addressSchema.shape).filter((key) => FIELDS.includes(key))).toEqual([]);
});

it.each(PARTIES)("the documented body's %s has them, before the caller's own id and type", (party) => {
  const schema = rateBody.shape[party] as unknown as { shape?: Record<string, unknown>; def: { innerType?: { shape: Record<string, unknown> } } };
  const keys = Object.keys(schema.shape ?? schema.def.innerType!.shape);
  expect(keys.slice(-(FIELDS.length + 2))).toEqual([...FIELDS, 'id', 'type']);
});

describe('validation, with the fields of the registry', () => {
  const validate = (body: unknown) => validateRateRequest(body, FIXTURE_NOW, defaultRegistry.addressFields);

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
    const request = validateRateRequest(withPath(minimalBody(), ['shipper', 'canadaPostId'], 'x'.repeat(RATE_LIMITS.code + 1)), FIXTURE_NOW, []);
    expect(request.shipper).not.toHaveProperty('canadaPostId');
  });
});
