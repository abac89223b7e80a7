/** The README's table of carriers lists the registered carriers, each with its network, and no other. */
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { CARRIER_PROFILES } from '../../shared/carriers/registry';

const readme = readFileSync(path.resolve(__dirname, '../../README.md'), 'utf8');
const rows = [...readme.matchAll(/^\| `([A-Z0-9]+)` [^|]+\| (live|sandbox)\b/gm)].map((m) => [m[1], m[2]]);

it("the README's carrier table is the registry's carriers", () => {
  expect(rows).toEqual(CARRIER_PROFILES.map((p) => [p.code, p.network]));
});
