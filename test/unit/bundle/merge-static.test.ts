import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { buildFunction } from '../../../lib/bundling';

/**
 * A handler and a lazily loaded module that share a stateful module and a
 * class: esbuild's split build puts the shared module in a chunk of its own,
 * which the merge moves into index.mjs.
 */
const SHARED = `let count = 0;
export const bump = (): number => (count += 1);
export class Marker {}
export const sharedMarkerText = 'shared-module-body';`;
const LAZY = `import { bump, Marker } from './shared';
export const bumpLater = (): number => bump();
export const isMarker = (value: unknown): boolean => value instanceof Marker;
export const lazyText = 'lazy-module-body';`;
const HANDLER = `import { bump, Marker, sharedMarkerText } from './shared';
export const handler = async () => {
  const first = bump();
  const lazy = await import('./lazy');
  return { first, second: lazy.bumpLater(), sameClass: lazy.isMarker(new Marker()), texts: [sharedMarkerText, lazy.lazyText] };
};`;

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'merge-static-'));
  writeFileSync(path.join(dir, 'shared.ts'), SHARED);
  writeFileSync(path.join(dir, 'lazy.ts'), LAZY);
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const build = (contents: string, out: string) =>
  buildFunction({ stdin: { contents, resolveDir: dir, sourcefile: 'handler.ts', loader: 'ts' } }, path.join(dir, out));
const modules = (out: string) => readdirSync(path.join(dir, out)).filter((f) => f.endsWith('.mjs'));
const read = (out: string, file: string) => readFileSync(path.join(dir, out, file), 'utf8');

describe('merging the chunks a handler imports into index.mjs', () => {
  let out: string;
  beforeAll(async () => {
    out = 'merged';
    await build(HANDLER, out);
  }, 60_000);

  it('leaves index.mjs without a static import of a chunk, and the lazy module in a file of its own', () => {
    expect(read(out, 'index.mjs')).not.toMatch(/(?:\bfrom|\bimport)\s*"\.\//);
    expect(read(out, 'index.mjs')).toContain('shared-module-body');
    const lazy = modules(out).filter((f) => read(out, f).includes('lazy-module-body'));
    expect(lazy).toHaveLength(1);
    expect(lazy[0]).not.toBe('index.mjs');
    // The shared module is in index.mjs only: the lazy module takes it from there.
    for (const file of modules(out).filter((f) => f !== 'index.mjs')) expect(read(out, file)).not.toContain('shared-module-body');
    expect(read(out, lazy[0]!)).toMatch(/from\s*"\.\/index\.mjs"/);
  });

  it('runs with one instance of the shared module: its state and its classes are the handler’s', () => {
    const result = execFileSync(
      process.execPath,
      ['--input-type=module', '-e', "const { handler } = await import('./index.mjs'); process.stdout.write(JSON.stringify(await handler()));"],
      { cwd: path.join(dir, out), encoding: 'utf8', env: { PATH: process.env.PATH } },
    );
    expect(JSON.parse(result)).toEqual({ first: 1, second: 2, sameClass: true, texts: ['shared-module-body', 'lazy-module-body'] });
  });

  it('keeps source maps that point at the sources, not at the first pass', () => {
    const map = JSON.parse(read(out, 'index.mjs.map')) as { sources: string[] };
    expect(map.sources.some((s) => s.endsWith('shared.ts'))).toBe(true);
    // esbuild's own helpers have no source: only they may name the first pass's files.
    for (const source of map.sources.filter((s) => s.includes('.pass-one'))) expect(source).toMatch(/^\.pass-one\/chunk-[A-Z0-9]+\.mjs$/);
    expect(readdirSync(path.join(dir, out))).not.toContain('.pass-one');
  });

  it('builds the same bytes twice', async () => {
    await build(HANDLER, 'again');
    expect(modules('again').sort()).toEqual(modules(out).sort());
    for (const file of readdirSync(path.join(dir, out))) expect(read('again', file)).toBe(read(out, file));
  }, 60_000);
});

it('gives a module imported both statically and by import() once, from index.mjs', async () => {
  const both = `import { bump } from './shared';
export const handler = async () => [bump(), (await import('./shared')).bump()];`;
  await build(both, 'both');
  expect(read('both', 'index.mjs')).not.toMatch(/(?:\bfrom|\bimport)\s*"\.\//);
  const result = execFileSync(
    process.execPath,
    ['--input-type=module', '-e', "const { handler } = await import('./index.mjs'); process.stdout.write(JSON.stringify(await handler()));"],
    { cwd: path.join(dir, 'both'), encoding: 'utf8', env: { PATH: process.env.PATH } },
  );
  expect(JSON.parse(result)).toEqual([1, 2]);
}, 60_000);
