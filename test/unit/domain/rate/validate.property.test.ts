import fc from 'fast-check';
import { AppError } from '../../../../shared/errors';
import { fullBody, minimalBody, validateRateRequest, FIXTURE_NOW } from './fixtures';

/** Returns normally or throws a 400 AppError; anything else fails the property. */
const answersWithoutServerError = (body: unknown) => {
  try {
    validateRateRequest(body, FIXTURE_NOW);
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    expect(error.status).toBe(400);
    expect(error.code).toBe('VALIDATION_FAILED');
    expect(error.message.length).toBeGreaterThan(0);
    expect(error.details?.length).toBeGreaterThan(0);
  }
};

type Json = fc.JsonValue;

/** Every path to a value inside `value`, objects and arrays alike. */
const pathsOf = (value: Json, prefix: (string | number)[] = []): (string | number)[][] => {
  if (Array.isArray(value)) return [prefix, ...value.flatMap((v, i) => pathsOf(v, [...prefix, i]))];
  if (value !== null && typeof value === 'object') {
    return [prefix, ...Object.entries(value).flatMap(([k, v]) => pathsOf(v as Json, [...prefix, k]))];
  }
  return [prefix];
};

const setAt = (root: Json, path: (string | number)[], replacement: Json | undefined): Json => {
  if (path.length === 0) return replacement ?? null;
  const copy = structuredClone(root) as Record<string | number, Json>;
  let node = copy;
  for (const key of path.slice(0, -1)) node = node[key] as Record<string | number, Json>;
  const last = path[path.length - 1] as string | number;
  if (replacement === undefined) delete node[last];
  else node[last] = replacement;
  return copy;
};

/** A valid request with one value replaced by arbitrary JSON, or removed. */
const mutatedRequest = fc
  .constantFrom(minimalBody(), fullBody())
  .chain((body) => fc.tuple(fc.constant(body as Json), fc.constantFrom(...pathsOf(body as Json)), fc.option(fc.jsonValue({ maxDepth: 3 }), { nil: undefined })))
  .map(([body, path, replacement]) => setAt(body, path, replacement));

describe('validation never answers anything but success or 400', () => {
  test('arbitrary JSON values', () => {
    fc.assert(fc.property(fc.jsonValue(), answersWithoutServerError), { numRuns: 500 });
  });

  test('arbitrary JavaScript values (as a body parser could hand over)', () => {
    fc.assert(
      fc.property(fc.anything({ withNullPrototype: true, withMap: true, withSet: true, withBigInt: true, withDate: true }), answersWithoutServerError),
      {
        numRuns: 500,
      },
    );
  });

  test('valid requests with one value replaced or removed', () => {
    fc.assert(fc.property(mutatedRequest, answersWithoutServerError), { numRuns: 1000 });
  });

  test('valid requests with arbitrary pieces and packagingType references', () => {
    const pieces = fc.array(
      fc.record(
        {
          quantity: fc.oneof(fc.integer({ min: -2, max: 3 }), fc.double(), fc.string()),
          weight: fc.oneof(fc.double(), fc.constant(null)),
          length: fc.double({ min: -1, max: 100, noNaN: true }),
          width: fc.integer(),
          height: fc.integer(),
          packagingType: fc.oneof(fc.string(), fc.uuid(), fc.constantFrom('GENERIC_BOX', 'CARRIERX_PAK'), fc.jsonValue({ maxDepth: 2 })),
        },
        { requiredKeys: [] },
      ),
      { maxLength: 4 },
    );
    fc.assert(
      fc.property(pieces, (p) => answersWithoutServerError({ ...minimalBody(), packages: { unitOfMeasure: 'metric', pieces: p } })),
      { numRuns: 500 },
    );
  });

  test('mutations of valid requests that the schema accepts are returned as typed requests', () => {
    fc.assert(
      fc.property(mutatedRequest, (body) => {
        let request: ReturnType<typeof validateRateRequest> | undefined;
        try {
          request = validateRateRequest(body, FIXTURE_NOW);
        } catch {
          return;
        }
        expect(request.packages.pieces.length).toBeGreaterThanOrEqual(1);
        expect(request.shipper.countryCode).toMatch(/^[A-Z]{2}$/);
      }),
      { numRuns: 500 },
    );
  });
});
