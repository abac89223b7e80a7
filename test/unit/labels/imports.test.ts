/**
 * "The renderer is loaded only by the functions that render" (issue 9): the
 * renderer modules and the PDF and barcode libraries are reached through
 * shared/labels/render.ts alone, so the label types and documents bundle
 * without them, and the renderer bundles and runs as a function would.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { build } from 'esbuild';
import { esbuildOptions, projectRoot } from '../../../lib/bundling';
import { documentOf, manyPieces, record } from './fixtures';
import { readPdf, zplFormats } from './inspect';

const SOURCE_DIRS = ['shared', 'functions', 'lib', 'local', 'bin', 'bench', 'scripts', 'events'];

const sourceFiles = (dir: string): string[] =>
  readdirSync(path.join(projectRoot, dir), { withFileTypes: true }).flatMap((entry) => {
    const relative = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : sourceFiles(relative);
    return /\.(ts|mts|js|mjs)$/.test(entry.name) && !entry.name.endsWith('.d.ts') ? [relative] : [];
  });

/** Every module a file imports (static, dynamic, require), relative paths resolved from the repository root. */
const importsOf = (file: string): string[] => {
  const text = readFileSync(path.join(projectRoot, file), 'utf8');
  const specifiers = [
    ...text.matchAll(/(?:^|\n)\s*(?:import|export)[^'"]*?from\s+['"]([^'"]+)['"]/g),
    ...text.matchAll(/(?:import|require)\(\s*['"]([^'"]+)['"]\s*\)/g),
  ].map((m) => m[1]!);
  return specifiers.map((s) => (s.startsWith('.') ? path.relative(projectRoot, path.resolve(projectRoot, path.dirname(file), s)) : s));
};

const RENDERERS = 'shared/labels/renderers';
const isRenderer = (file: string) => file.startsWith(`${RENDERERS}/`);
const files = SOURCE_DIRS.flatMap(sourceFiles);

describe('the renderers are reached through shared/labels/render.ts only', () => {
  it('the check reads imports (it is not vacuous)', () => {
    expect(importsOf('shared/labels/render.ts')).toEqual(expect.arrayContaining([`${RENDERERS}/pdf`, 'shared/labels/catalog']));
    expect(files).toContain('shared/labels/catalog.ts');
  });

  // The second face: a carrier's text report, drawn with our PDF writer alone (no renderer of labels, no PDF library).
  const TEXT_REPORT = 'shared/labels/text-report.ts';
  it(`${TEXT_REPORT} takes the PDF writer and the carrier limits, nothing else of the renderers and no library`, () => {
    expect(importsOf(TEXT_REPORT).sort()).toEqual([`${RENDERERS}/carrier-limits`, `${RENDERERS}/pdf-writer`]);
    expect(importsOf(`${RENDERERS}/pdf-writer.ts`).filter((target) => !target.startsWith('node:'))).toEqual([]);
  });

  it.each(files.filter((f) => f !== 'shared/labels/render.ts' && f !== TEXT_REPORT && !isRenderer(f)))(
    '%s imports no renderer module and no PDF or barcode library',
    (file) => {
      const imported = importsOf(file).filter(
        (target) => target.startsWith(`${RENDERERS}/`) || target === RENDERERS || /^(@cantoo\/pdf-lib|jsbarcode)(\/|$)/.test(target),
      );
      expect(imported).toEqual([]);
    },
  );
});

describe('bundles', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'labels-bundle-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  const bundle = async (name: string, contents: string): Promise<{ file: string; bytes: number; inputs: string[] }> => {
    const file = path.join(dir, `${name}.mjs`);
    const result = await build({ ...esbuildOptions(file), stdin: { contents, resolveDir: projectRoot, loader: 'ts' }, metafile: true });
    const metafile = result.metafile;
    return { file, bytes: metafile.outputs[path.relative(projectRoot, file)]?.bytes ?? readFileSync(file).length, inputs: Object.keys(metafile.inputs) };
  };

  it('the label types and documents bundle without the PDF and barcode libraries', async () => {
    const { inputs } = await bundle('catalog', "export * from './shared/labels/catalog'; export * from './shared/labels/document';");
    expect(inputs.filter((input) => /node_modules\/(@cantoo|jsbarcode)\/|shared\/labels\/render/.test(input))).toEqual([]);
  });

  it('the renderer bundle starts in a plain Node process and renders a PDF and a ZPL label', async () => {
    const { file, inputs } = await bundle('render', "export { renderDocument } from './shared/labels/render';");
    expect(inputs.some((input) => input.includes('node_modules/@cantoo/pdf-lib/'))).toBe(true);
    const document = documentOf(manyPieces(2), record(2));
    const script = `
      const { renderDocument } = await import(${JSON.stringify(`file://${file}`)});
      const document = JSON.parse(process.argv[1]);
      const pdf = await renderDocument('SHIPPING_LABEL_PDF', document);
      const zpl = await renderDocument('SHIPPING_LABEL_ZPL', document);
      console.log(JSON.stringify({ pdf: pdf.body.toString('base64'), zpl: zpl.body.toString('latin1') }));`;
    const out = execFileSync(process.execPath, ['--input-type=module', '-e', script, JSON.stringify(document)], {
      env: { PATH: process.env.PATH },
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const { pdf, zpl } = JSON.parse(out) as { pdf: string; zpl: string };
    expect((await readPdf(Buffer.from(pdf, 'base64'))).pageCount).toBe(2);
    expect(zplFormats(zpl)).toHaveLength(2);
  });
});
