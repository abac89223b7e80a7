/**
 * `node --import tsx lib/bundle/build-function.ts <entry> <outdir>`: builds
 * one function with lib/bundling.ts's `buildFunction`. Both of its passes run
 * esbuild plugins (./pure-schemas.ts, and ./merge-static.ts's resolvers),
 * which esbuild runs only in its asynchronous API, while CDK's local bundler
 * must finish synchronously:
 * bundleFunction runs this in a child process and waits for it.
 */
import * as path from 'node:path';
import { buildFunction } from '../bundling';

const [entry, outdir] = process.argv.slice(2);
if (!entry || !outdir) {
  process.stderr.write('usage: build-function.ts <entry relative to the repository> <output directory>\n');
  process.exit(2);
}
buildFunction({ entry }, path.resolve(outdir)).catch((error: unknown) => {
  process.stderr.write(`${(error as Error)?.message ?? String(error)}\n`);
  process.exit(1);
});
