/**
 * How a function is bundled: the one definition of the esbuild options.
 * lib/project-function.ts hands them to CDK's NodejsFunction, and the bench
 * (bench/bundles.ts) and the bundle tests build with `esbuildOptions`, so
 * what is measured is what deploys; test/infra/bundle.test.ts checks that
 * both give the same bytes.
 *
 * No CDK import here: the bench loads this module and should not pay for
 * aws-cdk-lib.
 */
import * as path from 'node:path';
import type { BuildOptions } from 'esbuild';

/** The repository root: manifest entries and the aliases below are relative to it. */
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
  /** ESM: middy 7 ships ESM only, and `module` entry points let esbuild drop what is not used. */
  format: 'esm',
  /** The Node major of the runtime the stack deploys (FUNCTION_RUNTIME; test/infra/bundle.test.ts keeps them in step). */
  target: 'node24',
  mainFields: ['module', 'main'],
  banner: ESM_REQUIRE_BANNER,
  minify: true,
  /**
   * An external `index.mjs.map` beside the bundle, with line mappings only
   * (the sources stay out). Node does not read it when a function starts (see
   * FUNCTION_NODE_OPTIONS); shared/source-maps.ts reads it the first time an
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
 * logged instead (shared/source-maps.ts).
 */
export const FUNCTION_NODE_OPTIONS: string | undefined = undefined;

/**
 * esbuild options equal to the command NodejsFunction runs with
 * `functionBundling` (`--bundle --target --platform=node --format --outfile
 * --minify --sourcemap --sources-content=false --log-level --banner:js
 * --main-fields --alias:…`, no --external, run in the repository root).
 * Add `entryPoints` or `stdin`.
 */
export const esbuildOptions = (outfile: string): BuildOptions => ({
  bundle: true,
  absWorkingDir: projectRoot,
  platform: 'node',
  format: functionBundling.format,
  target: functionBundling.target,
  outfile,
  minify: functionBundling.minify,
  sourcemap: functionBundling.sourceMap,
  sourcesContent: functionBundling.sourcesContent,
  mainFields: [...functionBundling.mainFields],
  banner: { js: functionBundling.banner },
  alias: { ...functionBundling.alias },
  external: [...functionBundling.external],
  logLevel: functionBundling.logLevel,
});
