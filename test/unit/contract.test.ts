/**
 * The contract module (shared/contract/): the schemas handlers validate with
 * give the answers the API always gave, and openapi.json names its
 * components from them.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { orderIdParam } from '../../shared/contract/labels';
import { shipParams } from '../../shared/contract/ship';
import { AppError } from '../../shared/errors';
import { shipOptionsOf } from '../../shared/services/shipping';

const refusal = (fn: () => unknown) => {
  try {
    fn();
  } catch (e) {
    return e instanceof AppError ? { status: e.status, code: e.code, message: e.message } : e;
  }
  throw new Error('no refusal');
};

describe('the ship body, read with its contract', () => {
  it('is optional; labelFormat is kept, other fields ignored', () => {
    expect(shipOptionsOf(undefined)).toEqual({});
    expect(shipOptionsOf(null)).toEqual({});
    expect(shipOptionsOf({})).toEqual({});
    expect(shipOptionsOf({ labelFormat: 'ZPL', billing: 'ignored' })).toEqual({ labelFormat: 'ZPL' });
  });

  it.each([[[]], ['text'], [42]])('a body that is not an object (%j) is 400 "body must be a JSON object"', (body) => {
    expect(refusal(() => shipOptionsOf(body))).toEqual({ status: 400, code: 'VALIDATION_FAILED', message: 'body must be a JSON object' });
  });

  it.each([['GIF'], [1], [null]])('labelFormat %j is 400 naming the formats', (labelFormat) => {
    expect(refusal(() => shipOptionsOf({ labelFormat }))).toEqual({ status: 400, code: 'VALIDATION_FAILED', message: 'labelFormat must be PDF or ZPL' });
  });
});

describe('path ids', () => {
  it('are UUIDs in any case, as the service issues them; anything else is refused', () => {
    for (const schema of [orderIdParam, shipParams.shape.rateResponseId]) {
      expect(schema.safeParse('3f2c9a7e-5b1d-4c8e-9f0a-1b2c3d4e5f60').success).toBe(true);
      expect(schema.safeParse('3F2C9A7E-5B1D-4C8E-9F0A-1B2C3D4E5F60').success).toBe(true);
      for (const bad of ['not-a-uuid', '..%2F..%2Fetc', 'x'.repeat(500), '3f2c9a7e5b1d4c8e9f0a1b2c3d4e5f60', '']) expect(schema.safeParse(bad).success).toBe(false);
    }
  });

  it('are documented as format uuid in openapi.json', () => {
    const doc = JSON.parse(readFileSync(path.join(__dirname, '../../openapi.json'), 'utf8')) as {
      paths: Record<string, Record<string, { parameters?: Array<{ name: string; in: string; schema: { format?: string } }> }>>;
    };
    const ids = Object.values(doc.paths)
      .flatMap((ops) => Object.values(ops).flatMap((op) => op.parameters ?? []))
      .filter((p) => p.in === 'path' && ['orderId', 'rateResponseId'].includes(p.name));
    expect(ids.length).toBeGreaterThanOrEqual(5);
    for (const p of ids) expect(p.schema.format).toBe('uuid');
  });
});
