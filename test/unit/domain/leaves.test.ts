import * as leaves from '../../../shared/domain/leaves';
import * as z from '../../../shared/zod';
import { buildOpenApi } from '../../../tooling/openapi';

/**
 * The shared leaves stand for every field of their kind, and `.register`
 * labels the instance it is called on: metadata registered on a leaf would
 * describe every field that uses it. Building the OpenAPI document loads
 * every schema module, so any such registration has happened by then.
 */
it('no schema module registers metadata on a shared leaf', () => {
  buildOpenApi();
  const named = Object.entries(leaves);
  expect(named.length).toBeGreaterThan(0);
  for (const [name, leaf] of named) expect([name, z.globalRegistry.get(leaf as z.ZodMiniType)]).toEqual([name, undefined]);
});
