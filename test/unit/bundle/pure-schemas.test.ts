import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { build } from 'esbuild';
import { markPureSchemas } from '../../../lib/bundle/pure-schemas';
import { esbuildOptions, projectRoot } from '../../../lib/bundling';

const PURE = '/* @__PURE__ */ ';

describe('markPureSchemas', () => {
  it('marks each outermost call chain rooted at the zod namespace, arguments included', async () => {
    const source = [
      "import * as z from '../zod';",
      'export const a = z.object({ b: z.string().check(z.minLength(1)), c: other(z.number()) });',
      "export const d = z.object({}).register(z.globalRegistry, { id: 'D' });",
    ].join('\n');
    expect(await markPureSchemas(source, 'x.ts')).toBe(
      [
        "import * as z from '../zod';",
        `export const a = ${PURE}z.object({ b: ${PURE}z.string().check(${PURE}z.minLength(1)), c: other(${PURE}z.number()) });`,
        `export const d = ${PURE}z.object({}).register(z.globalRegistry, { id: 'D' });`,
      ].join('\n'),
    );
  });

  it('leaves comments, strings, template literals, regular expressions and other namespaces alone', async () => {
    const source = [
      "import * as z from '../../../shared/zod';",
      '/** z.object({}) in a comment */',
      "const s = 'z.string()';",
      'const t = `z.number() ${1}`;',
      'const r = /z.object\\(/;',
      'const o = y.z.object({});',
      '// z.string()',
      'export const u = [s, t, r, o];',
    ].join('\n');
    expect(await markPureSchemas(source, 'x.ts')).toBe(source);
  });

  it('reads only modules that import the namespace from shared/zod.ts', async () => {
    const classic = "import * as z from 'zod';\nexport const a = z.string();";
    expect(await markPureSchemas(classic, 'x.ts')).toBe(classic);
    const none = 'export const a = z.string();';
    expect(await markPureSchemas(none, 'x.ts')).toBe(none);
  });

  it('keeps lines where they were (stack traces map to the right line)', async () => {
    const source = "import * as z from '../zod';\nexport const a = z\n  .object({\n    b: z.string(),\n  });\n";
    const marked = await markPureSchemas(source, 'x.ts');
    expect(marked.split('\n')).toHaveLength(source.split('\n').length);
  });
});

describe('the function bundle', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'pure-schemas-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('drops the schemas a function never uses and keeps those it uses', async () => {
    const module = path.join(dir, 'schemas.ts');
    writeFileSync(
      module,
      `import * as z from '${path.join(projectRoot, 'shared/zod')}';\n` +
        "export const used = z.object({ keptField: z.string() });\nexport const unused = z.object({ droppedField: z.string().check(z.minLength(1)) }).register(z.globalRegistry, { id: 'Dropped' });\n",
    );
    const outfile = path.join(dir, 'out', 'index.mjs');
    await build({
      ...esbuildOptions(outfile),
      sourcemap: false,
      stdin: { contents: `import { used } from '${module}';\nexport const handler = (x: unknown) => used.parse(x);`, resolveDir: projectRoot, loader: 'ts' },
    });
    const code = readFileSync(outfile, 'utf8');
    expect(code).toContain('keptField');
    expect(code).not.toContain('droppedField');
    expect(code).not.toContain('Dropped');
  });
});
