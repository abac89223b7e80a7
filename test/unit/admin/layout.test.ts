/**
 * Where the admin CLI lives (docs/architecture.md, Layout): its own top-level
 * folder admin/, one file per command of its table, no file over 300 lines,
 * nothing of it in local/ (the local runtime).
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { COMMANDS } from '../../../admin/cli';

const ROOT = path.resolve(__dirname, '..', '..', '..');
const MAX_ADMIN_FILE_LINES = 300;

const filesUnder = (dir: string): string[] =>
  readdirSync(path.join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    const relative = `${dir}/${entry.name}`;
    return entry.isDirectory() ? filesUnder(relative) : [relative];
  });

const linesOf = (file: string) => readFileSync(path.join(ROOT, file), 'utf8').trimEnd().split('\n').length;

it('the scans see the files (they are not vacuous)', () => {
  expect(filesUnder('admin')).toEqual(expect.arrayContaining(['admin/cli.ts', 'admin/commands/company-create.ts']));
  expect(filesUnder('local')).toContain('local/runtime-files.ts');
  expect(linesOf('admin/cli.ts')).toBeGreaterThan(50);
});

it(`no file of admin/ is over ${MAX_ADMIN_FILE_LINES} lines`, () => {
  expect(filesUnder('admin').filter((file) => linesOf(file) > MAX_ADMIN_FILE_LINES)).toEqual([]);
});

it('each command of the table is its own file of admin/commands/, named by its words', () => {
  expect(COMMANDS.map((c) => `admin/commands/${c.words.replace(/ /g, '-')}.ts`).filter((file) => !existsSync(path.join(ROOT, file)))).toEqual([]);
  expect(filesUnder('admin/commands')).toHaveLength(COMMANDS.length);
});

it('nothing of the admin CLI is left in local/: no file there imports admin/ or declares an admin command', () => {
  const offenders = filesUnder('local')
    .filter((file) => file.endsWith('.ts'))
    .filter((file) => /from\s+['"](?:\.\.\/)+admin\/|\bdefineCommand\(|\bparseAdminCommand\b/.test(readFileSync(path.join(ROOT, file), 'utf8')));
  expect(offenders).toEqual([]);
  expect(existsSync(path.join(ROOT, 'local', 'admin.ts'))).toBe(false);
});
