/**
 * What a deployed function loads at cold start is its static import graph.
 * The sandbox network, its fault and crash injection, and the tooling no
 * function runs (local runtime, admin CLI, bench, OpenAPI builder) stay out of it: the
 * sandbox is loaded by the registry with a dynamic import only when a sandbox
 * carrier is called, and the crash hook is wired by the local runtime.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import * as path from 'node:path';
import { CARRIER_PROFILES } from '../../shared/carriers/registry';
import { FUNCTIONS } from '../../shared/functions';

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
  { what: 'the admin CLI', test: (f: string) => f.startsWith('admin/') },
  { what: 'the bench', test: (f: string) => f.startsWith('bench/') },
  { what: 'the tooling (the OpenAPI builder, entry points)', test: (f: string) => f.startsWith('tooling/') || f.startsWith('bin/') },
  // Both read every route object, so every endpoint's schemas: a function takes its own route from its contract file.
  { what: 'the function list or the list of every route', test: (f: string) => f === 'shared/functions.ts' || f === 'shared/contract/routes.ts' },
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
  const profiles = await Promise.all(
    carrierFolders.map(async (folder) => ((await import(path.join(root, folder, 'profile.ts'))) as { profile: unknown }).profile),
  );
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
 * (shared/carriers/registry.ts): no connector is among the static
 * imports of any function, so an order's operations build only the
 * connector of its carrier and rating builds those it quotes. UPS's and
 * Canada Post's connectors load their HTTP clients the same way.
 */
describe.each(FUNCTIONS.map((f) => [f.name, f.entry] as const))('%s', (_name, entry) => {
  it('does not statically import a carrier connector', () => {
    expect([...staticGraph(entry)].filter(isConnector)).toEqual([]);
  });
});

describe.each(FUNCTIONS.map((f) => [f.name, f.entry] as const))('%s', (_name, entry) => {
  it.each(FORBIDDEN.map((f) => [f.what, f] as const))('does not statically import %s', (_what, { test }) => {
    expect([...staticGraph(entry)].filter(test)).toEqual([]);
  });
});

/**
 * The rooms of shared/ with one public face (docs/architecture.md, Layout):
 * observability (logger, log lines and their output, EMF, metrics, tracer,
 * source maps) and the AWS plumbing (signed HTTP, the clients' configuration,
 * the DynamoDB and S3 clients, attribute values). Code outside a room imports
 * its index.ts, never a file behind it; tests may reach inside to test one
 * piece. The S3 client is the one exception, loaded by a dynamic import where
 * S3 is touched, so that no function's cold start carries it for nothing
 * (shared/aws/index.ts says why it is not exported by the face).
 */
const ROOMS = ['shared/observability', 'shared/aws'];
// The bench's capacity part counts the S3 client's requests, so it loads the client as the store does.
const S3_LOADERS = ['shared/store/label-files.ts', 'shared/store/carrier-documents.ts', 'bench/capacity.ts'];

const sourceFiles = (dir: string): string[] =>
  readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    const rel = `${dir}/${entry.name}`;
    if (entry.isDirectory()) return sourceFiles(rel);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.d.ts') ? [rel] : [];
  });

const PRODUCT_CODE = ['shared', 'functions', 'lib', 'local', 'admin', 'bin', 'tooling', 'bench']
  .filter((dir) => existsSync(path.join(root, dir)))
  .flatMap(sourceFiles);

/** Every relative module a file names (static, type-only and dynamic imports), resolved. */
const modulesNamedBy = (file: string): Array<{ target: string; dynamic: boolean }> => {
  const text = readFileSync(path.join(root, file), 'utf8');
  const found = [
    ...[...text.matchAll(/(?:^|\n)\s*(?:import|export)\s[^'";]*?from\s+['"](\.[^'"]+)['"]/g)].map((m) => ({ spec: m[1]!, dynamic: false })),
    ...[...text.matchAll(/\bimport\(\s*['"](\.[^'"]+)['"]\s*\)/g)].map((m) => ({ spec: m[1]!, dynamic: true })),
  ];
  return found.flatMap(({ spec, dynamic }) => {
    const base = path.normalize(path.join(path.dirname(file), spec));
    // A module of the repository; a name that is none (a specifier inside a string the code writes) is not an import.
    const target = [`${base}.ts`, `${base}.d.ts`, path.join(base, 'index.ts'), base].find((candidate) => existsSync(path.join(root, candidate)));
    return target ? [{ target, dynamic }] : [];
  });
};

it('the rooms are walled (the check sees what it should)', () => {
  expect(PRODUCT_CODE.length).toBeGreaterThan(200);
  expect(modulesNamedBy('shared/store/label-files.ts')).toContainEqual({ target: 'shared/aws/s3.ts', dynamic: true });
  expect(modulesNamedBy('functions/rate/handler.ts').length).toBeGreaterThan(0);
});

describe.each(ROOMS)('%s', (room) => {
  it('is entered through its index.ts only', () => {
    const through = PRODUCT_CODE.filter((file) => !file.startsWith(`${room}/`)).flatMap((file) =>
      modulesNamedBy(file)
        .filter(({ target }) => target.startsWith(`${room}/`) && target !== `${room}/index.ts`)
        .filter(({ target, dynamic }) => !(dynamic && target === 'shared/aws/s3.ts' && S3_LOADERS.includes(file)))
        .map(({ target }) => `${file} -> ${target}`),
    );
    expect(through).toEqual([]);
  });
});

it('the S3 client is reached by no static import, so no function loads it at cold start', () => {
  expect(PRODUCT_CODE.filter((file) => modulesNamedBy(file).some(({ target, dynamic }) => target === 'shared/aws/s3.ts' && !dynamic))).toEqual([]);
  expect(readFileSync(path.join(root, 'shared/aws/index.ts'), 'utf8')).not.toMatch(/['"]\.\/s3['"]/);
});
