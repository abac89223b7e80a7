/**
 * The bundles lib/bundling.ts's `buildFunction` makes for the functions: a
 * directory of ES modules (`index.mjs`, one module with every chunk it needs
 * at import merged in, and the chunks its dynamic imports load), each able to
 * `require` and with a source map, the very bytes the bench measures, and
 * they actually start. Each HTTP bundle is
 * loaded by a plain Node process (no Jest transform in between) and answers a
 * request without an API key with 401 and the project's error body, which
 * needs no AWS at all. No bundle carries a package that only devDependencies
 * bring (docs/contributing.md, "Commits"). Bundle options do not depend
 * on the stage, so dev stands for both.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { BUNDLE_ALIASES, FUNCTION_NODE_OPTIONS, buildFunction, functionBundling, projectRoot } from '../../lib/bundling';
import { FUNCTION_RUNTIME } from '../../lib/project-function';
import { stages } from '../../lib/stages';
import { FUNCTIONS } from '../../shared/functions';
import { logicalId, resources, synthesize, type Synthesized } from './synth';

let synthesized: Synthesized;
let ownBuilds: string;
beforeAll(() => {
  synthesized = synthesize(stages.dev, { bundle: true });
  ownBuilds = mkdtempSync(path.join(tmpdir(), 'bundle-options-'));
});
afterAll(() => rmSync(ownBuilds, { recursive: true, force: true }));

const bundleDir = (name: string): string => {
  const { app, stack, template } = synthesized;
  const fn = resources(template)[logicalId(stack.functions.get(name)!.handler)]!;
  const key = (fn.Properties!.Code as { S3Key: string }).S3Key;
  return path.join(app.outdir, `asset.${key.replace(/\.zip$/, '')}`);
};

/** The ES modules of a function's directory: `index.mjs` and its chunks. */
const modulesOf = (dir: string): string[] => readdirSync(dir).filter((file) => file.endsWith('.mjs'));

/** The source files a module of a function's directory was built from, as its source map names them. */
const sourcesOf = (dir: string, file: string): string[] => (JSON.parse(readFileSync(path.join(dir, `${file}.map`), 'utf8')) as { sources: string[] }).sources;

/**
 * The installed packages a function's directory carries, as package-lock.json
 * names them (`node_modules/a`, or `node_modules/a/node_modules/b` for a
 * nested copy). Read from the source maps: the metafile buildFunction returns
 * is the merge's, whose inputs are pass one's chunks.
 */
const packagesOf = (dir: string): string[] => {
  const packages = new Set<string>();
  for (const file of modulesOf(dir)) {
    for (const source of sourcesOf(dir, file)) {
      const installed = /(?:^|\/)(node_modules\/.*)$/.exec(source)?.[1];
      const name = installed && /^(.*node_modules\/(?:@[^/]+\/)?[^/]+)\//.exec(installed)?.[1];
      if (name) packages.add(name);
    }
  }
  return [...packages].sort();
};

/** package-lock.json's packages: npm marks `dev` each one that only devDependencies bring, which `npm ci --omit=dev` leaves out. */
const lockedPackages = (JSON.parse(readFileSync(path.join(projectRoot, 'package-lock.json'), 'utf8')) as { packages: Record<string, { dev?: boolean }> })
  .packages;

/** Runs `script` as an ES module in a fresh Node process with the functions' NODE_OPTIONS, with no AWS credentials in reach. */
const runModule = (script: string, cwd: string): string =>
  execFileSync(process.execPath, ['--input-type=module', '-e', script], {
    cwd,
    env: { PATH: process.env.PATH, AWS_REGION: 'us-east-1', LOG_LEVEL: 'SILENT', ...(FUNCTION_NODE_OPTIONS ? { NODE_OPTIONS: FUNCTION_NODE_OPTIONS } : {}) },
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
  });

it('targets the Node major of the runtime', () => {
  expect(FUNCTION_RUNTIME.name).toBe(`nodejs${functionBundling.target.replace(/^node/, '')}.x`);
});

it('has every alias replacement in the repository', () => {
  for (const replacement of Object.values(BUNDLE_ALIASES)) expect(existsSync(path.join(projectRoot, replacement))).toBe(true);
});

describe.each(FUNCTIONS.map((entry) => [entry.name, entry] as const))('%s', (name, entry) => {
  it('is ES modules that define require, each with its source map beside it', () => {
    const dir = bundleDir(name);
    expect(modulesOf(dir)).toContain('index.mjs');
    for (const file of modulesOf(dir)) {
      const code = readFileSync(path.join(dir, file), 'utf8');
      // lib/bundling.ts's banner, its import hoisted and renamed by the merge.
      expect(code).toMatch(/^import\{createRequire as [\w$]+\}from"module";/);
      expect(code).toMatch(new RegExp(`//# sourceMappingURL=${file.replace(/[.]/g, '\\.')}\\.map\\s*$`));
      expect(existsSync(path.join(dir, `${file}.map`))).toBe(true);
    }
  });

  it("is byte for byte what lib/bundling.ts's buildFunction builds (what the bench measures), every file of it", async () => {
    const own = path.join(ownBuilds, name);
    await buildFunction({ entry: entry.entry }, own);
    const files = readdirSync(own).sort();
    expect(readdirSync(bundleDir(name)).sort()).toEqual(files);
    for (const file of files) expect(readFileSync(path.join(own, file)).equals(readFileSync(path.join(bundleDir(name), file)))).toBe(true);
  });

  it('loads one module at import, and every module it may load later is there', () => {
    const dir = bundleDir(name);
    const localImports = (file: string, kind: 'static' | 'dynamic') => {
      const code = readFileSync(path.join(dir, file), 'utf8');
      const pattern = kind === 'static' ? /(?:\bfrom|\bimport)\s*"\.\/([^"]+)"/g : /\bimport\(\s*"\.\/([^"]+)"\s*\)/g;
      return [...code.matchAll(pattern)].map((m) => m[1]!);
    };
    // The chunks the handler needs at once are merged into it (lib/bundle/merge-static.ts).
    expect(localImports('index.mjs', 'static')).toEqual([]);
    for (const file of modulesOf(dir)) {
      for (const target of [...localImports(file, 'static'), ...localImports(file, 'dynamic')]) expect(modulesOf(dir)).toContain(target);
    }
  });

  it('never imports node:http as an ES module (its ES module view loads undici, about 60 ms of every cold start)', () => {
    for (const file of modulesOf(bundleDir(name))) expect(readFileSync(path.join(bundleDir(name), file), 'utf8')).not.toMatch(/\bfrom\s*["'](node:)?http["']/);
  });

  it('carries no X-Ray SDK: neither cls-hooked nor aws-xray-sdk-core in any of its files, and nothing that installs an async hook (shared/observability/tracer.ts)', () => {
    const dir = bundleDir(name);
    for (const file of modulesOf(dir)) {
      expect(
        sourcesOf(dir, file).filter((source) =>
          /node_modules\/(cls-hooked|aws-xray-sdk-core|@aws-lambda-powertools\/tracer|async-hook-jl|emitter-listener)\//.test(source),
        ),
      ).toEqual([]);
      const code = readFileSync(path.join(dir, file), 'utf8');
      for (const mark of ['cls-hooked', 'AWSXRay', 'process.namespaces', 'createHook(']) expect(code).not.toContain(mark);
    }
  });

  it('carries no package that only devDependencies bring, and none the lock file does not list', () => {
    const packages = packagesOf(bundleDir(name));
    // Every function bundles some package (middy, the SDK's environment credentials): an empty list would mean the maps were misread.
    expect(packages.length).toBeGreaterThan(0);
    expect(packages.filter((installed) => lockedPackages[installed] === undefined || lockedPackages[installed].dev === true)).toEqual([]);
  });

  it('installs no async hook: of async_hooks it takes AsyncLocalStorage alone (Node 24 keeps its store without one), and no file names createHook', () => {
    for (const file of modulesOf(bundleDir(name))) {
      const code = readFileSync(path.join(bundleDir(name), file), 'utf8');
      expect(code).not.toMatch(/\bcreateHook\b/);
      expect(code).not.toMatch(/getBuiltinModule\(\s*["'](node:)?async_hooks["']\s*\)/);
      const taken = [...code.matchAll(/import\s*\{([^}]*)\}\s*from\s*["'](?:node:)?async_hooks["']/g)].flatMap((m) =>
        m[1]!.split(',').map((part) => part.trim().split(/\s+as\s+/)[0]),
      );
      expect(taken.filter((imported) => imported !== 'AsyncLocalStorage')).toEqual([]);
      expect(code).not.toMatch(/import\s*\*\s*as\s*[\w$]+\s*from\s*["'](?:node:)?async_hooks["']/);
    }
  });

  it('carries no credential provider but the environment one (Lambda needs no other)', () => {
    const code = modulesOf(bundleDir(name))
      .map((file) => readFileSync(path.join(bundleDir(name), file), 'utf8'))
      .join('\n');
    expect(code).toContain('AWS_SECRET_ACCESS_KEY');
    for (const gone of ['AWS_WEB_IDENTITY_TOKEN_FILE', 'credential_process', 'AWS_CONTAINER_CREDENTIALS_FULL_URI', 'sso_start_url'])
      expect(code).not.toContain(gone);
  });

  if (entry.trigger.kind === 'http') {
    const trigger = entry.trigger;
    it(`loads and answers ${trigger.method} ${trigger.path} without an API key with 401`, () => {
      const event = {
        httpMethod: trigger.method,
        resource: trigger.path,
        path: trigger.path,
        headers: {},
        multiValueHeaders: {},
        queryStringParameters: null,
        multiValueQueryStringParameters: null,
        pathParameters: null,
        requestContext: { requestId: 'bundle-test' },
        body: null,
        isBase64Encoded: false,
      };
      const out = runModule(
        `const { handler } = await import('./index.mjs');
         process.stdout.write(JSON.stringify(await handler(${JSON.stringify(event)}, {})));`,
        bundleDir(name),
      );
      const response = JSON.parse(out) as { statusCode: number; headers: Record<string, string>; body: string };
      expect(response.statusCode).toBe(401);
      expect(response.headers['x-request-id']).toBe('bundle-test');
      expect(JSON.parse(response.body)).toEqual({ error: { code: 'UNAUTHORIZED', message: expect.any(String) } });
    });
  } else {
    it('loads and exports a handler', () => {
      const out = runModule(`const m = await import('./index.mjs'); process.stdout.write(typeof m.handler);`, bundleDir(name));
      expect(out).toBe('function');
    });
  }
});
