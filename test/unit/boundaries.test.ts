/**
 * What a deployed function loads at cold start is its static import graph.
 * The sandbox network, its fault and crash injection, and the tooling no
 * function runs (local runtime, bench, OpenAPI builder) stay out of it: the
 * sandbox is loaded by the registry with a dynamic import only when a sandbox
 * carrier is called, and the crash hook is wired by the local runtime.
 */
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
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
];

it('the graph walk follows imports (it is not vacuous)', () => {
  const graph = staticGraph('functions/rate/handler.ts');
  expect(graph).toContain('shared/carriers/registry.ts');
  expect(graph).toContain('shared/carriers/carrier-x/index.ts');
  expect(staticGraph('shared/carriers/sandbox/network.ts')).toContain('shared/carriers/sandbox/transport.ts');
});

/**
 * An order has one carrier: the functions of order operations load each
 * connector on its first call (shared/carriers/shipment-carriers.ts), so no
 * connector is among their static imports. Rating quotes them all and
 * imports them; UPS's Track Alert function reads UPS's events, and imports
 * their parser.
 */
const ORDER_FUNCTIONS = ['ship', 'track', 'cancel', 'tracking-check', 'tracking-refresh'];
const isConnector = (f: string) => /^shared\/carriers\/(carrier-[a-z]|ups)\//.test(f) || f === 'shared/carriers/registry.ts';

it('the functions of order operations exist in the manifest', () => {
  expect(manifest.map((f) => f.name)).toEqual(expect.arrayContaining(ORDER_FUNCTIONS));
  expect([...staticGraph('functions/rate/handler.ts')].filter(isConnector)).toContain('shared/carriers/ups/index.ts');
});

describe.each(manifest.filter((f) => ORDER_FUNCTIONS.includes(f.name)).map((f) => [f.name, f.entry] as const))('%s', (_name, entry) => {
  it('does not statically import a carrier connector', () => {
    expect([...staticGraph(entry)].filter(isConnector)).toEqual([]);
  });
});

describe.each(manifest.map((f) => [f.name, f.entry] as const))('%s', (_name, entry) => {
  it.each(FORBIDDEN.map((f) => [f.what, f] as const))('does not statically import %s', (_what, { test }) => {
    expect([...staticGraph(entry)].filter(test)).toEqual([]);
  });
});
