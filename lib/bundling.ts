/**
 * How a function is bundled: the one definition of the esbuild options and
 * the one build (`buildFunction`). lib/project-function.ts runs
 * `bundleFunction` as the local bundler of each function's asset, and the
 * bench (bench/bundles.ts) and the bundle tests call `buildFunction`, so what
 * is measured is what deploys; test/infra/bundle.test.ts checks that both give
 * the same bytes.
 *
 * A function is a directory, not one file: `index.mjs` (the handler) and the
 * chunks esbuild splits off (`splitting`). Each dynamic `import()` of the code
 * (the sandbox network, secrets, the UPS transport, the PNG decoder, the PDF
 * renderer, the SQS and KMS clients) becomes a chunk loaded when
 * it is first called. The modules that both sides use land in shared chunks,
 * which a second pass merges into `index.mjs` (./bundle/merge-static.ts), so
 * the handler's import loads one module; the lazy chunks import them from
 * `index.mjs`. Without splitting (one `--outfile`, as CDK's
 * NodejsFunction bundles) esbuild has to wrap every module a dynamic import
 * reaches in a lazy initializer (`__esm`), zod and the domain included, and
 * compile the lazily loaded code with the rest: about a fifth of rate's cold
 * import (docs/performance.md, "Bundles and cold import").
 *
 * No CDK import here: the bench loads this module and should not pay for
 * aws-cdk-lib.
 */
import { execFileSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import * as path from 'node:path';
import { build, type BuildOptions, type Metafile, type StdinOptions } from 'esbuild';
import { mergeStaticChunks } from './bundle/merge-static';
import { pureSchemas } from './bundle/pure-schemas';

/** The repository root: function entries and the aliases below are relative to it. */
export const projectRoot = path.resolve(__dirname, '..');

/** esbuild's ESM output has no `require`; bundled CommonJS dependencies still call it. */
export const ESM_REQUIRE_BANNER = "import { createRequire } from 'module'; const require = createRequire(import.meta.url);";

/**
 * Modules replaced in every function bundle, the replacement's path relative
 * to the repository root. Only bundles see them; tsx and Jest run the real
 * modules.
 */
export const BUNDLE_ALIASES: Readonly<Record<string, string>> = {
  // Lambda's credentials are the environment's: lib/bundle/env-credentials.ts.
  '@aws-sdk/credential-provider-node': './lib/bundle/env-credentials.ts',
};

export const functionBundling = {
  /** ESM: middy 7 ships ESM only, `module` entry points let esbuild drop what is not used, and splitting needs it. */
  format: 'esm',
  /** Dynamic imports as chunks of their own, beside `index.mjs` (see above). */
  splitting: true,
  /** Chunks are named after their first module, with a content hash: `network-J67VKRFH.mjs`. */
  chunkNames: '[name]-[hash]',
  /** The Node major of the runtime the stack deploys (FUNCTION_RUNTIME; test/infra/bundle.test.ts keeps them in step). */
  target: 'node24',
  mainFields: ['module', 'main'],
  banner: ESM_REQUIRE_BANNER,
  minify: true,
  /**
   * An external `.map` beside each output file, with line mappings only
   * (the sources stay out). Node does not read it when a function starts (see
   * FUNCTION_NODE_OPTIONS); shared/observability/source-maps.ts reads it the first time an
   * error is logged.
   */
  sourceMap: true,
  sourcesContent: false,
  alias: BUNDLE_ALIASES,
  /** Nothing left out, the AWS SDK included: the version we test against, not the runtime's copy. */
  external: [] as readonly string[],
  logLevel: 'warning',
} as const;

/**
 * NODE_OPTIONS of every function: none. `--enable-source-maps` reads and
 * parses the source map at every cold start: measured on Node 24 (medians of
 * 21 fresh processes, 2-core machine), +11 to +22 ms (12–27 %) on the import
 * of the baseline, carriers and rate. Stacks are mapped only when an error is
 * logged instead (shared/observability/source-maps.ts).
 */
export const FUNCTION_NODE_OPTIONS: string | undefined = undefined;

/**
 * esbuild options of a function's build (`functionBundling`, run in the
 * repository root): the entry written to `outfile` (`<dir>/index.mjs` for a
 * function), its chunks beside it in the same directory. Add one entry, in
 * `entryPoints` or `stdin`.
 */
export const esbuildOptions = (outfile: string): BuildOptions => ({
  bundle: true,
  absWorkingDir: projectRoot,
  platform: 'node',
  format: functionBundling.format,
  target: functionBundling.target,
  outdir: path.dirname(outfile),
  entryNames: path.basename(outfile, '.mjs'),
  outExtension: { '.js': '.mjs' },
  splitting: functionBundling.splitting,
  chunkNames: functionBundling.chunkNames,
  minify: functionBundling.minify,
  sourcemap: functionBundling.sourceMap,
  sourcesContent: functionBundling.sourcesContent,
  mainFields: [...functionBundling.mainFields],
  banner: { js: functionBundling.banner },
  alias: { ...functionBundling.alias },
  external: [...functionBundling.external],
  logLevel: functionBundling.logLevel,
  /** Schemas a bundle never uses are dropped, not built at its cold start (./bundle/pure-schemas.ts). */
  plugins: [pureSchemas],
});

/**
 * Builds a function into `outdir` (which must not exist or be empty):
 * `index.mjs`, which exports `handler`, and the chunks its dynamic imports
 * load, each with its map. Two passes: esbuild's split build
 * (`esbuildOptions`) in a scratch directory, then every chunk the handler
 * imports statically merged into `index.mjs` (./bundle/merge-static.ts).
 * `source` is an entry relative to the repository root, or a module's text
 * (the bench's baseline). Returns the metafile of what was written.
 */
export async function buildFunction(source: { entry: string } | { stdin: StdinOptions }, outdir: string): Promise<Metafile> {
  // Inside outdir, so that the maps' references to pass one's helper chunk are the same relative path in every build.
  const scratch = path.join(outdir, '.pass-one');
  try {
    const options = esbuildOptions(path.join(scratch, 'index.mjs'));
    const first = await build({
      ...options,
      ...('entry' in source ? { entryPoints: [path.join(projectRoot, source.entry)] } : { stdin: source.stdin }),
      metafile: true,
    });
    return await mergeStaticChunks({ metafile: first.metafile, workingDir: projectRoot, scratch, outdir, options });
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

/**
 * Builds the function of `entry` (relative to the repository root) into
 * `outdir`: `index.mjs`, which exports `handler`, its chunks and their maps.
 * Synchronous, as CDK calls it (an asset's local bundler,
 * lib/project-function.ts): esbuild runs plugins only in its asynchronous
 * API, so the build runs in a child process (./bundle/build-function.ts),
 * its errors on this process's stderr.
 */
export const bundleFunction = (entry: string, outdir: string): void => {
  execFileSync(process.execPath, ['--import', 'tsx', path.join(projectRoot, 'lib/bundle/build-function.ts'), entry, outdir], {
    cwd: projectRoot,
    stdio: ['ignore', 'inherit', 'inherit'],
  });
};
