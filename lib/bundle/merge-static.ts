/**
 * The second pass of a function's build: every chunk `index.mjs` imports
 * statically is merged into `index.mjs`, so a cold start loads one module
 * where it loaded up to eighteen.
 *
 * Why. esbuild's code splitting (lib/bundling.ts) assigns whole files to
 * chunks, one chunk per set of entry points that reach a file (esbuild issue
 * 2869), and each dynamic `import()` is an entry point: every file the
 * handler shares with a lazily loaded part (zod, the SDK's core, the config,
 * the logger) lands in a chunk the handler imports. rate's import loaded 18
 * modules, track's 11, the SDK-only baseline's 3. Node resolves, reads,
 * compiles and links each ES module on its own; merged, the import was
 * 1.0 ms (label-file) to 6.9 ms (rate) shorter on this machine
 * (docs/performance.md, "Bundles and cold import"). esbuild has no option to
 * merge chunks (its issues 2419 and 3780, open).
 *
 * How. Pass one is the split build, in a scratch directory. Pass two bundles
 * the handler's static closure into one `index.mjs` that also exports, under
 * prefixed names, every name those chunks exported; then rebuilds every other
 * output (the lazy chunks, each on its own) with each import of a merged
 * chunk replaced by the same names imported from that `index.mjs`. A lazy chunk
 * therefore shares the handler's module instances (one config, one logger,
 * one class per error type) as it did, and no code is in two files
 * (test/unit/bundle/merge-static.test.ts, test/infra/bundle.test.ts).
 * esbuild reads pass one's source maps, so the maps still point at the
 * sources; only esbuild's own helpers, which have none, are mapped to pass
 * one's file, by a path relative to the output.
 *
 * esbuild gives every `import()` target a module of its own (which imports
 * any code the handler shares), so a merged chunk is never one; the build
 * fails loudly if that ever changes.
 */
import { build, type BuildOptions, type Metafile, type Plugin } from 'esbuild';
import * as path from 'node:path';

/** The handler's output and every chunk it imports statically, transitively (output paths as the metafile has them). */
export const staticClosure = (metafile: Metafile, entryOutput: string): Set<string> => {
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file) || !metafile.outputs[file]) return;
    seen.add(file);
    for (const dep of metafile.outputs[file].imports) if (dep.kind === 'import-statement' && !dep.external) visit(dep.path);
  };
  visit(entryOutput);
  return seen;
};

const isLocal = (specifier: string) => specifier.startsWith('./') || specifier.startsWith('../');

/**
 * Merges pass one's outputs (in `scratch`, described by `metafile`, whose
 * paths are relative to `workingDir`) into `outdir`. `options` are pass
 * one's: target, minification and source maps carry over. Returns the merged
 * build's metafile (outputs relative to `workingDir`).
 */
export async function mergeStaticChunks(input: {
  metafile: Metafile;
  workingDir: string;
  scratch: string;
  outdir: string;
  options: BuildOptions;
}): Promise<Metafile> {
  const { metafile, workingDir, scratch, outdir, options } = input;
  const rel = (absolute: string) => path.relative(workingDir, absolute);
  const entryOutput = rel(path.join(scratch, 'index.mjs'));
  const merged = staticClosure(metafile, entryOutput);
  const chunks = [...merged].filter((file) => file !== entryOutput);
  const dynamicTargets = new Set(Object.values(metafile.outputs).flatMap((o) => o.imports.filter((i) => i.kind === 'dynamic-import').map((i) => i.path)));
  for (const chunk of chunks) {
    if (dynamicTargets.has(chunk)) throw new Error(`merge-static: ${chunk} is imported both statically and dynamically`);
  }
  /** Each merged chunk by file name: its exports, renamed in index.mjs (chunk i's `a` is `__chunk<i>_a`). */
  const mergedChunks = new Map(chunks.map((chunk, i) => [path.basename(chunk), { prefix: `__chunk${i}_`, exports: metafile.outputs[chunk]!.exports }]));

  const common: BuildOptions = {
    absWorkingDir: workingDir,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: options.target,
    minify: options.minify,
    sourcemap: options.sourcemap,
    sourcesContent: options.sourcesContent,
    logLevel: options.logLevel,
    metafile: true,
    write: true,
  };
  /**
   * Node's modules, `module` (the createRequire banner), every import() and,
   * in a lazy chunk, every other lazy output stay imports as they are; a
   * merged chunk is bundled into index.mjs (`merged: 'bundle'`) or, in a lazy
   * chunk, taken from index.mjs (`merged: 'from-index'`).
   */
  const resolver = (merged: 'bundle' | 'from-index'): Plugin => ({
    name: `merge-static-${merged}`,
    setup(build) {
      build.onResolve({ filter: /.*/ }, (args) => {
        if (args.kind === 'entry-point') return undefined;
        if (args.kind === 'dynamic-import' || !isLocal(args.path)) return { path: args.path, external: true };
        const name = path.basename(args.path);
        if (merged === 'bundle') return undefined;
        if (mergedChunks.has(name)) return { path: name, namespace: 'merged-chunk' };
        return { path: args.path, external: true };
      });
      build.onLoad({ filter: /.*/, namespace: 'merged-chunk' }, (args) => {
        const { prefix, exports } = mergedChunks.get(args.path)!;
        const names = exports.map((name) => `${prefix}${name} as ${name}`);
        return { contents: `export { ${names.join(', ')} } from './index.mjs';`, loader: 'js', resolveDir: scratch };
      });
    },
  });

  // index.mjs: the handler with its static chunks, and their exports for the lazy chunks.
  const indexSource = [
    "export * from './index.mjs';",
    ...[...mergedChunks].map(([name, { prefix, exports }]) => `export { ${exports.map((e) => `${e} as ${prefix}${e}`).join(', ')} } from './${name}';`),
  ].join('\n');
  const index = await build({
    ...common,
    stdin: { contents: indexSource, resolveDir: scratch, sourcefile: 'merged-entry.mjs', loader: 'js' },
    outfile: path.join(outdir, 'index.mjs'),
    plugins: [resolver('bundle')],
  });

  // Every other output: its imports of merged chunks come from index.mjs instead.
  const lazy = Object.keys(metafile.outputs).filter((file) => file.endsWith('.mjs') && !merged.has(file));
  const rebuilt = await Promise.all(
    lazy.map((file) =>
      build({
        ...common,
        entryPoints: [path.join(workingDir, file)],
        outfile: path.join(outdir, path.basename(file)),
        plugins: [resolver('from-index')],
      }),
    ),
  );

  const result: Metafile = { inputs: {}, outputs: {} };
  for (const part of [index, ...rebuilt]) {
    Object.assign(result.inputs, part.metafile!.inputs);
    Object.assign(result.outputs, part.metafile!.outputs);
  }
  return result;
}
