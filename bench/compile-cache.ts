/**
 * Node's compile cache for a function bundle (issue 35, item 4), measured and
 * not shipped (docs/performance.md, "Compile cache"): what it would save if
 * the cache matched, and that a cache that does not match only loses the
 * speed-up.
 *
 * For each function of FUNCTIONS, built by lib/bundling.ts: a V8 compile
 * cache filled at "bundle time" (`module.enableCompileCache({ directory,
 * portable: true })`, the bundle imported and one request without an API key
 * answered, `module.flushCompileCache()`), and an entry module that enables
 * that cache before importing `index.mjs` (`cached.mjs`, what a build would
 * ship). Then, in fresh Node processes, alternately: `index.mjs` alone and
 * `cached.mjs`, each timed over the import and that request; the saving is
 * the median of the paired differences. Then the cases where the cache cannot
 * serve, each of which must answer 401 as usual: a cache written by another
 * Node version (its directory renamed, as Node names it), corrupted entries,
 * and a read-only directory (Lambda's /var/task) read by another user, whose
 * uid is part of Node's key as well.
 *
 *   npx tsx bench/compile-cache.ts       this part alone
 */
import { spawn } from 'node:child_process';
import { chmodSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync, cpSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { buildFunction } from '../lib/bundling';
import { check, type BenchContext, type BenchPart } from './checks';
import { fmt, round, table } from './stats';

const FUNCTIONS = [
  { name: 'carriers', entry: 'functions/carriers/handler.ts', path: '/v1/carriers', method: 'GET' },
  { name: 'rate', entry: 'functions/rate/handler.ts', path: '/v1/rate', method: 'POST' },
] as const;
const ROUNDS = 15;
const CACHE_DIR = '.compile-cache';

/** The entry a build would ship: the cache enabled before the bundle is compiled (a module cannot cache itself). */
const CACHED_ENTRY = `import module from 'node:module';
module.enableCompileCache({ directory: new URL('./${CACHE_DIR}', import.meta.url).pathname, portable: true });
export const { handler } = await import('./index.mjs');
`;

const eventOf = (f: (typeof FUNCTIONS)[number]) => ({
  httpMethod: f.method,
  resource: f.path,
  path: f.path,
  headers: {},
  requestContext: { requestId: 'cc' },
  body: null,
  isBase64Encoded: false,
});

/** Imports `entry`, answers one request, reports both times on fd 3; `fill` flushes the cache after. */
const childScript = (entry: string, event: unknown, fill: boolean) => `
const t0 = performance.now();
${fill ? `const module = process.getBuiltinModule('node:module'); module.enableCompileCache({ directory: ${JSON.stringify(CACHE_DIR)}, portable: true });` : ''}
const { handler } = await import(${JSON.stringify(entry)});
const importMs = performance.now() - t0;
const response = await handler(${JSON.stringify(event)}, { functionName: 'cc', awsRequestId: 'cc', getRemainingTimeInMillis: () => 15000 });
const totalMs = performance.now() - t0;
${fill ? 'module.flushCompileCache();' : ''}
process.getBuiltinModule('node:fs').writeSync(3, JSON.stringify({ importMs, totalMs, status: response.statusCode }));
`;

type Sample = { importMs: number; totalMs: number; status: number };

const median = (values: readonly number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
};

export const runCompileCacheBench = async (ctx: BenchContext): Promise<BenchPart> => {
  const started = performance.now();
  const dir = mkdtempSync(path.join(tmpdir(), 'shipping-compile-cache-'));
  ctx.defer('compile cache bench: temporary directory', () => rmSync(dir, { recursive: true, force: true }));
  const run = (cwd: string, script: string, uid?: number): Promise<Sample> =>
    new Promise((resolve, reject) => {
      const child = spawn(process.execPath, ['--input-type=module', '-e', script], {
        cwd,
        env: { PATH: process.env.PATH, AWS_REGION: 'us-east-1', LOG_LEVEL: 'SILENT' },
        stdio: ['ignore', 'ignore', 'pipe', 'pipe'],
        ...(uid === undefined ? {} : { uid, gid: uid }),
      });
      let report = '';
      let errors = '';
      child.stdio[3]!.on('data', (chunk: Buffer) => (report += chunk.toString()));
      child.stderr!.on('data', (chunk: Buffer) => (errors += chunk.toString()));
      child.on('error', reject);
      child.on('close', (code) =>
        code === 0 && report ? resolve(JSON.parse(report) as Sample) : reject(new Error(`compile cache child exited with ${code}: ${errors.slice(-500)}`)),
      );
    });

  ctx.log(`compile cache: building ${FUNCTIONS.map((f) => f.name).join(', ')} and filling their caches ...`);
  const rows = [];
  const fallbacks: Array<{ name: string; status: number; ms: number }> = [];
  for (const f of FUNCTIONS) {
    const out = path.join(dir, f.name);
    await buildFunction({ entry: f.entry }, out);
    writeFileSync(path.join(out, 'cached.mjs'), CACHED_ENTRY);
    await run(out, childScript('./index.mjs', eventOf(f), true));
    const cacheBytes = readdirSync(path.join(out, CACHE_DIR), { recursive: true, withFileTypes: true })
      .filter((e) => e.isFile())
      .reduce((sum, e) => sum + statSync(path.join(e.parentPath, e.name)).size, 0);
    const plain: Sample[] = [];
    const cached: Sample[] = [];
    for (let i = 0; i < ROUNDS; i++) {
      if (ctx.stopped()) throw new Error('compile cache bench stopped');
      plain.push(await run(out, childScript('./index.mjs', eventOf(f), false)));
      cached.push(await run(out, childScript('./cached.mjs', eventOf(f), false)));
    }
    rows.push({
      name: f.name,
      cacheBytes,
      importPlainMs: median(plain.map((s) => s.importMs)),
      importCachedMs: median(cached.map((s) => s.importMs)),
      totalPlainMs: median(plain.map((s) => s.totalMs)),
      totalCachedMs: median(cached.map((s) => s.totalMs)),
      savingMs: median(plain.map((s, i) => s.totalMs - cached[i]!.totalMs)),
    });

    // The cache cannot serve: each must answer as usual.
    const variant = (label: string, change: (cacheDir: string) => void) => {
      const copy = path.join(dir, `${f.name}-${label.replace(/\W+/g, '-')}`);
      cpSync(out, copy, { recursive: true });
      change(path.join(copy, CACHE_DIR));
      return copy;
    };
    const otherVersion = variant('another Node version', (cacheDir) => {
      for (const sub of readdirSync(cacheDir)) renameSync(path.join(cacheDir, sub), path.join(cacheDir, sub.replace(/^v\d+\.\d+\.\d+/, 'v24.0.0')));
    });
    const corrupted = variant('corrupted', (cacheDir) => {
      for (const e of readdirSync(cacheDir, { recursive: true, withFileTypes: true }).filter((x) => x.isFile())) {
        const file = path.join(e.parentPath, e.name);
        const bytes = readFileSync(file);
        for (let i = 64; i < bytes.length; i += 97) bytes[i] = bytes[i]! ^ 0xff;
        writeFileSync(file, bytes);
      }
    });
    const readOnly = variant('read-only', (cacheDir) => {
      for (const e of [cacheDir, ...readdirSync(cacheDir, { recursive: true }).map((p) => path.join(cacheDir, String(p)))])
        chmodSync(e, statSync(e).isDirectory() ? 0o555 : 0o444);
    });
    const asRoot = process.getuid?.() === 0;
    for (const [label, copy, uid] of [
      ['another Node version', otherVersion, undefined],
      ['corrupted', corrupted, undefined],
      [asRoot ? 'read-only, another user (uid 65534)' : 'read-only', readOnly, asRoot ? 65534 : undefined],
    ] as const) {
      chmodSync(path.dirname(copy), 0o755);
      const sample = await run(copy, childScript('./cached.mjs', eventOf(f), false), uid);
      fallbacks.push({ name: `${f.name}, ${label}`, status: sample.status, ms: sample.totalMs });
    }
  }
  const wallMs = performance.now() - started;
  const ms = (v: number) => `${fmt(v)} ms`;
  return {
    name: 'compile-cache',
    checks: fallbacks.map((b) => check(`compile cache ${b.name}: still answers`, b.status === 401 ? 1 : 0, 'min', 1, '', `HTTP ${b.status} in ${ms(b.ms)}`)),
    details: [
      table(
        ['function', 'cache', 'import', 'import, cache', 'import + first request', 'with the cache', 'saving (paired median)'],
        rows.map((r) => [
          r.name,
          `${fmt(r.cacheBytes / 1024)} KB`,
          ms(r.importPlainMs),
          ms(r.importCachedMs),
          ms(r.totalPlainMs),
          ms(r.totalCachedMs),
          ms(r.savingMs),
        ]),
      ),
      table(
        ['cache that cannot serve', 'answer', 'import + first request'],
        fallbacks.map((b) => [b.name, String(b.status), ms(b.ms)]),
      ),
      `(Node ${process.version} ${process.arch}, uid ${process.getuid?.() ?? '?'}: the cache is filled and read by this very Node, architecture and user, which a Lambda function on arm64 with the runtime's Node never is (docs/performance.md); ${ROUNDS} pairs of fresh processes, a request without an API key (401); ${fmt(wallMs / 1000)} s)`,
    ],
    figures: {
      node: process.version,
      arch: process.arch,
      rounds: ROUNDS,
      functions: Object.fromEntries(rows.map(({ name, ...r }) => [name, Object.fromEntries(Object.entries(r).map(([k, v]) => [k, round(v)]))])),
      fallbacks: fallbacks.map((b) => ({ ...b, ms: round(b.ms) })),
      wallMs: round(wallMs),
    },
  };
};

if (require.main === module) {
  const cleanups: Array<() => Promise<void> | void> = [];
  const ctx: BenchContext = { log: (line) => process.stderr.write(`${line}\n`), defer: (_name, fn) => cleanups.push(fn), stopped: () => false };
  runCompileCacheBench(ctx)
    .then(async (part) => {
      for (const fn of cleanups.reverse()) await fn();
      process.stdout.write(`${part.details.join('\n')}\n${JSON.stringify(part.figures)}\n`);
      process.exit(part.checks.every((c) => c.ok) ? 0 : 1);
    })
    .catch(async (error: unknown) => {
      for (const fn of cleanups.reverse()) await fn();
      process.stderr.write(`${(error as Error)?.stack ?? String(error)}\n`);
      process.exit(1);
    });
}
