/**
 * What a deployed function loads at cold start is its static import graph.
 * The sandbox network, its fault and crash injection, and the tooling no
 * function runs (local runtime, bench, OpenAPI builder) stay out of it: the
 * sandbox is loaded by the registry with a dynamic import only when a sandbox
 * carrier is called, and the crash hook is wired by the local runtime.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import * as path from 'node:path';
import { CARRIER_PROFILES } from '../../shared/carriers/registry';
import { manifest } from '../../shared/manifest';

const root = path.resolve(__dirname, '../..');

/** Static imports of a module (`import … from`, `export … from`), type-only ones excluded, resolved to repository files. */
const staticImportsOf = (file: string): string[] => {
  const text = readFileSync(path.join(root, file), 'utf8');
  return [...text.matchAll(/(?:^|\n)\s*(import|export)\s+(type\s+)?[^'";]*?from\s+['"]([^'"]+)['"]/g)]
    .filter((m) => !m[2])
    .map((m) => m[3]!)
    .filter((s) => s.startsWith('.'))
    .map((s) => resolveModule(path.join(path.dirname(file), s)));
};

const resolveModule = (base: string): string => {
  for (const candidate of [`${base}.ts`, path.join(base, 'index.ts'), base]) {
    try {
      readFileSync(path.join(root, candidate));
      return path.normalize(candidate);
    } catch {
      // next candidate
    }
  }
  throw new Error(`cannot resolve ${base}`);
};

const staticGraph = (entry: string): Set<string> => {
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    for (const next of staticImportsOf(file)) visit(next);
  };
  visit(entry);
  return seen;
};

const FORBIDDEN = [
  { what: 'the sandbox network', test: (f: string) => f.startsWith('shared/carriers/sandbox/') },
  { what: 'the local runtime', test: (f: string) => f.startsWith('local/') },
  { what: 'the bench', test: (f: string) => f.startsWith('bench/') },
  { what: 'the tooling (the OpenAPI builder, entry points)', test: (f: string) => f.startsWith('tooling/') || f.startsWith('bin/') },
  // Both read every route object, so every endpoint's schemas: a function takes its own route from its contract file.
  { what: 'the manifest or the list of every route', test: (f: string) => f === 'shared/manifest.ts' || f === 'shared/contract/routes.ts' },
];

/**
 * The carrier folders, from the registry: a folder of shared/carriers whose
 * profile.ts gives one of the registry's profiles (a folder with a profile
 * nobody registered is a mistake too).
 */
const carrierFolders = readdirSync(path.join(root, 'shared/carriers'), { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && existsSync(path.join(root, 'shared/carriers', entry.name, 'profile.ts')))
  .map((entry) => `shared/carriers/${entry.name}`);

it('every carrier folder is registered, once, and every registered carrier has its folder', async () => {
  const profiles = await Promise.all(carrierFolders.map(async (folder) => ((await import(path.join(root, folder, 'profile.ts'))) as { profile: unknown }).profile));
  expect(new Set(profiles).size).toBe(carrierFolders.length);
  expect(profiles.filter((p) => !CARRIER_PROFILES.includes(p as never))).toEqual([]);
  expect(carrierFolders).toHaveLength(CARRIER_PROFILES.length);
});

/** What a profile may bring along (its reference data); the rest of the folder is the connector. */
const profileFiles = new Set(carrierFolders.flatMap((folder) => [...staticGraph(`${folder}/profile.ts`)]));
const isConnector = (f: string) => carrierFolders.some((folder) => f.startsWith(`${folder}/`)) && !profileFiles.has(f);

it('the graph walk follows imports (it is not vacuous)', () => {
  const graph = staticGraph('functions/rate/handler.ts');
  expect(graph).toContain('shared/carriers/registry.ts');
  expect(graph).toContain('shared/carriers/carriers.ts');
  expect(graph).toContain('shared/carriers/carrier-x/profile.ts');
  expect(staticGraph('shared/carriers/sandbox/network.ts')).toContain('shared/carriers/sandbox/transport.ts');
  expect(isConnector('shared/carriers/ups/index.ts')).toBe(true);
  expect(isConnector('shared/carriers/ups/profile.ts')).toBe(false);
});

/**
 * A function loads a carrier's connector on the first call to that carrier
 * (shared/carriers/shipment-carriers.ts): no connector is among the static
 * imports of any function, so an order's operations build only the
 * connector of its carrier and rating builds those it quotes. UPS's and
 * Canada Post's connectors load their HTTP clients the same way.
 */
describe.each(manifest.map((f) => [f.name, f.entry] as const))('%s', (_name, entry) => {
  it('does not statically import a carrier connector', () => {
    expect([...staticGraph(entry)].filter(isConnector)).toEqual([]);
  });
});

describe.each(manifest.map((f) => [f.name, f.entry] as const))('%s', (_name, entry) => {
  it.each(FORBIDDEN.map((f) => [f.what, f] as const))('does not statically import %s', (_what, { test }) => {
    expect([...staticGraph(entry)].filter(test)).toEqual([]);
  });
});
