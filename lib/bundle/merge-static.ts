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
 * 1.7 ms (a catalog function) to 6.4 ms (rate) shorter on this machine
 * (docs/performance.md, "Bundles and cold import"). esbuild has no option to
 * merge chunks (its issues 2419 and 3780, open).
 *
 * How. Pass one is the split build, in a scratch directory. Pass two bundles
 * the handler's static closure into one `index.mjs` that also exports, under
 * prefixed names, every name those chunks exported; then rebuilds every other
 * output (the lazy chunks, each on its own) with each import of a merged
 * chunk replaced by the same names imported from `./index.mjs`. A lazy chunk
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
    for (const dep of metafile.outputs[file]!.imports) if (dep.kind === 'import-statement' && !dep.external) visit(dep.path);
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
  const chunks = [...merged].filter((file) => file !== entryOutput && file.endsWith('.mjs'));
  const dynamicTargets = new Set(Object.values(metafile.outputs).flatMap((o) => o.imports.filter((i) => i.kind === 'dynamic-import').map((i) => i.path)));
  for (const chunk of chunks) {
    if (dynamicTargets.has(chunk)) throw new Error(`merge-static: ${chunk} is imported both statically and dynamically`);
  }
  /** Each merged chunk's exports, renamed in index.mjs: chunk i's `a` is `__chunk<i>_a`. */
  const prefix = new Map(chunks.map((chunk, i) => [path.basename(chunk), `__chunk${i}_`]));
  const exportsOf = (chunk: string) => metafile.outputs[chunk]!.exports;

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
  /** Node's modules, `module` (the createRequire banner) and every import() stay as they are. */
  const keepExternal = (build: Parameters<Plugin['setup']>[0]) => {
    build.onResolve({ filter: /.*/ }, (args) => {
      if (args.kind === 'dynamic-import') return { path: args.path, external: true };
      if (!isLocal(args.path)) return { path: args.path, external: true };
      return undefined;
    });
  };

  // index.mjs: the handler with its static chunks, and their exports for the lazy chunks.
  const indexSource = [
    "export * from './index.mjs';",
    ...chunks.map((chunk) => {
      const names = exportsOf(chunk).map((name) => `${name} as ${prefix.get(path.basename(chunk))}${name}`);
      return `export { ${names.join(', ')} } from './${path.basename(chunk)}';`;
    }),
  ].join('\n');
  const index = await build({
    ...common,
    stdin: { contents: indexSource, resolveDir: scratch, sourcefile: 'merged-entry.mjs', loader: 'js' },
    outfile: path.join(outdir, 'index.mjs'),
    plugins: [{ name: 'keep-external', setup: keepExternal }],
  });

  // Every other output: its imports of merged chunks come from index.mjs instead.
  const lazy = Object.keys(metafile.outputs).filter((file) => file.endsWith('.mjs') && !merged.has(file));
  const fromIndex: Plugin = {
    name: 'merged-chunks-from-index',
    setup(build) {
      build.onResolve({ filter: /.*/ }, (args) => {
        if (args.kind === 'entry-point') return undefined;
        if (args.kind === 'dynamic-import' || !isLocal(args.path)) return { path: args.path, external: true };
        const name = path.basename(args.path);
        if (prefix.has(name)) return { path: name, namespace: 'merged-chunk' };
        // Another lazy output: loaded from its own file, as before.
        return { path: args.path, external: true };
      });
      build.onLoad({ filter: /.*/, namespace: 'merged-chunk' }, (args) => {
        const chunk = chunks.find((c) => path.basename(c) === args.path)!;
        const names = exportsOf(chunk).map((name) => `${prefix.get(args.path)}${name} as ${name}`);
        return { contents: `export { ${names.join(', ')} } from './index.mjs';`, loader: 'js', resolveDir: scratch };
      });
    },
  };
  const rebuilt = await Promise.all(
    lazy.map((file) =>
      build({
        ...common,
        entryPoints: [path.join(workingDir, file)],
        outfile: path.join(outdir, path.basename(file)),
        plugins: [fromIndex],
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
