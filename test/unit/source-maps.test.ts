/**
 * Stacks of a function bundle mapped when an error is logged
 * (shared/observability/source-maps.ts) read exactly as Node's `--enable-source-maps`
 * prints them, which the functions no longer run with. A small module is
 * bundled with the functions' options (lib/bundling.ts) and fails in a plain
 * Node process, once without and once with the flag.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { build } from 'esbuild';
import { esbuildOptions } from '../../lib/bundling';
import { redact } from '../../shared/observability/logger';
import { sourceMappedStack, sourceMapStack } from '../../shared/observability/source-maps';

const FIXTURE = `class Service {
  rate(input: number): number {
    return validate(input) * 2;
  }
}
function validate(value: number): number {
  if (value > 1) throw new Error(\`too big: \${value}\`);
  return value;
}
const service = new Service();
export const handler = async (event: { n: number }) => {
  await Promise.resolve();
  return service.rate(event.n);
};
`;

let dir: string;
let bundle: string;
/** The stack of the fixture's error, printed by a fresh Node process with `flags`. */
const stackOf = (flags: string[]): string =>
  execFileSync(
    process.execPath,
    [
      ...flags,
      '--input-type=module',
      '-e',
      `const m = await import(${JSON.stringify(bundle)}); try { await m.handler({ n: 5 }); } catch (e) { process.stdout.write(e.stack); }`,
    ],
    { encoding: 'utf8', env: { PATH: process.env.PATH } },
  );

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'source-maps-'));
  writeFileSync(path.join(dir, 'fixture.ts'), FIXTURE);
  bundle = path.join(dir, 'out', 'index.mjs');
  await build({ ...esbuildOptions(bundle), entryPoints: [path.join(dir, 'fixture.ts')] });
}, 30_000);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

it("maps a bundle's frames as --enable-source-maps does", () => {
  const raw = stackOf([]);
  expect(raw).toMatch(/index\.mjs:\d+:\d+/);
  const mapped = sourceMappedStack(raw);
  expect(mapped).toBe(stackOf(['--enable-source-maps']));
  expect(mapped).toContain(`at validate (${path.join(dir, 'fixture.ts')}:7:24)`);
});

it('maps a logged error and its cause in place, once', () => {
  const raw = stackOf([]);
  const cause = Object.assign(new Error('too big: 5'), { stack: raw });
  const error = new Error('wrapped', { cause });
  const own = error.stack;
  expect(redact('error', error)).toBe(error);
  expect(cause.stack).toBe(sourceMappedStack(raw));
  expect(error.stack).toBe(own);
  sourceMapStack(cause);
  expect(cause.stack).toBe(sourceMappedStack(raw));
});

it('leaves stacks without a bundle as they are (TypeScript sources under Jest and tsx)', () => {
  const error = new Error('plain');
  const stack = error.stack;
  sourceMapStack(error);
  expect(error.stack).toBe(stack);
  expect(sourceMappedStack('Error: x\n    at f (file:///nowhere/index.mjs:1:2)\n    at node:internal/x:1:1')).toBe(
    'Error: x\n    at f (file:///nowhere/index.mjs:1:2)\n    at node:internal/x:1:1',
  );
});
