/**
 * The repository stands on its own: the README is a short front door, every
 * relative link of README.md and docs/ leads to a file (and heading) that
 * exists, no source file points at design material outside the repository,
 * and every interface section a source file cites (`spec 2.5`, `spec part 5`)
 * is a heading of docs/interface.md.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '..', '..');
const SOURCE_DIRS = ['shared', 'functions', 'lib', 'local', 'bin', 'bench', 'test', 'scripts', 'events', 'client'];
const SOURCE_EXT = /\.(ts|js|mjs)$/;
const SKIP_DIRS = new Set(['node_modules', 'cdk.out', '.data', '.test-data', 'coverage']);

const filesUnder = (dir: string): string[] =>
  readdirSync(path.join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    const relative = path.join(dir, entry.name);
    if (entry.isDirectory()) return SKIP_DIRS.has(entry.name) ? [] : filesUnder(relative);
    return SOURCE_EXT.test(entry.name) ? [relative] : [];
  });

/** Every source file: the source folders, and the configuration files at the root (jest.config.js, eslint.config.mjs). */
const sourceFiles = (): string[] => [
  ...SOURCE_DIRS.filter((dir) => existsSync(path.join(ROOT, dir))).flatMap(filesUnder),
  ...readdirSync(ROOT, { withFileTypes: true }).filter((e) => e.isFile() && SOURCE_EXT.test(e.name)).map((e) => e.name),
];

const read = (file: string): string => readFileSync(path.join(ROOT, file), 'utf8');

/** Comment continuation lines joined, so a citation broken over two comment lines reads as one. */
const joinedText = (text: string): string => text.replace(/\n\s*(?:\*(?!\/)|\/\/)\s*/g, ' ');

// Built, not written, so this file does not name them itself.
const OUTSIDE_DOCUMENTS = ['DESIGN', 'STYLE'].map((name) => `${name}.md`);

/** Where a file's relative paths up to a `shared` folder lead: a problem when that is not the repository's own shared/. */
const sharedPathsLeavingRepo = (file: string, text: string): string[] =>
  [...text.matchAll(/((?:\.\.\/)+)shared\b/g)]
    .map((m) => path.resolve(ROOT, path.dirname(file), `${m[1]}shared`))
    .filter((target) => target !== path.join(ROOT, 'shared'))
    .map((target) => path.relative(ROOT, target));

/** Sections a text cites: "spec 2.5", "spec 4.1–4.3", "spec 2.7, 2.9, part 6", "spec part 5". */
const citedSections = (text: string): string[] => {
  const cited: string[] = [];
  for (const m of joinedText(text).matchAll(/\bspec\s+((?:part\s+)?\d+(?:\.\d+)?(?:\s*(?:,|–|-|and)\s*(?:part\s+)?\d+(?:\.\d+)?)*)/g)) {
    for (const token of m[1]!.matchAll(/(part\s+)?(\d+(?:\.\d+)?)/g)) cited.push(token[1] ? `part ${token[2]}` : token[2]!);
  }
  return cited;
};

/** GitHub's anchor of a heading: lower case, punctuation dropped, spaces to hyphens. */
const slug = (heading: string): string =>
  heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');

const headingsOf = (markdown: string): string[] =>
  markdown
    .replace(/```[\s\S]*?```/g, '')
    .split('\n')
    .filter((line) => /^#{1,6}\s/.test(line))
    .map((line) => line.replace(/^#{1,6}\s+/, ''));

const anchorsOf = (markdown: string): Set<string> => {
  const seen = new Map<string, number>();
  const anchors = new Set<string>();
  for (const heading of headingsOf(markdown)) {
    const base = slug(heading);
    const count = seen.get(base) ?? 0;
    seen.set(base, count + 1);
    anchors.add(count ? `${base}-${count}` : base);
  }
  return anchors;
};

/** Headings of docs/interface.md by the section they carry: "2.5" for "### 2.5 packagingType…", "part 5" for "## 5. Authentication". */
const interfaceSections = (): Set<string> => {
  const sections = new Set<string>();
  for (const heading of headingsOf(read('docs/interface.md'))) {
    const sub = /^(\d+\.\d+)\s/.exec(heading);
    const part = /^(\d+)\.\s/.exec(heading);
    if (sub) sections.add(sub[1]!);
    else if (part) sections.add(`part ${part[1]}`);
  }
  return sections;
};

const markdownFiles = (): string[] => ['README.md', ...readdirSync(path.join(ROOT, 'docs')).filter((f) => f.endsWith('.md')).map((f) => path.join('docs', f))];

/** Relative links of a markdown file (inline `[text](target)`), code blocks excluded. */
const relativeLinksOf = (markdown: string): string[] =>
  [...markdown.replace(/```[\s\S]*?```/g, '').matchAll(/\]\(([^)\s]+)\)/g)].map((m) => m[1]!).filter((target) => !/^[a-z][a-z0-9+.-]*:/i.test(target));

describe('the repository stands on its own', () => {
  const files = sourceFiles();

  it('the scan sees the source files (it is not vacuous)', () => {
    expect(files).toEqual(expect.arrayContaining(['shared/manifest.ts', 'functions/ship/handler.ts', 'jest.config.js', 'test/unit/docs.test.ts']));
    expect(citedSections('/**\n * Rating (spec 2.7, 2.9,\n * part 6; spec 4.1–4.3)\n */')).toEqual(['2.7', '2.9', 'part 6', '4.1', '4.3']);
    const up = '../'; // spelled apart, so this file's own text has no such path
    expect(sharedPathsLeavingRepo('lib/x.ts', `import '${up}shared/manifest'; // ${up}${up}shared/spec`)).toEqual([`${up}shared`]);
  });

  it('no source file names a design document outside the repository', () => {
    const offenders = files.flatMap((file) => {
      const text = read(file);
      return OUTSIDE_DOCUMENTS.filter((name) => text.includes(name)).map((name) => `${file}: ${name}`);
    });
    expect(offenders).toEqual([]);
  });

  it('every relative path of a source file to a shared folder is the repository’s own shared/', () => {
    const offenders = files.flatMap((file) => sharedPathsLeavingRepo(file, read(file)).map((target) => `${file}: ${target}`));
    expect(offenders).toEqual([]);
  });

  it('every interface section a source file cites is a heading of docs/interface.md', () => {
    const sections = interfaceSections();
    expect([...sections]).toEqual(expect.arrayContaining(['part 1', '2.1', '2.16', 'part 3', '4.1', '4.9', 'part 9']));
    const missing = files.flatMap((file) =>
      citedSections(read(file))
        .filter((section) => !sections.has(section))
        .map((section) => `${file}: spec ${section}`),
    );
    expect(missing).toEqual([]);
  });

  it('every docs/ page a source file names exists', () => {
    const missing = files.flatMap((file) =>
      [...read(file).matchAll(/\bdocs\/[\w-]+\.md\b/g)].map((m) => m[0]).filter((page) => !existsSync(path.join(ROOT, page))).map((page) => `${file}: ${page}`),
    );
    expect(missing).toEqual([]);
  });

  it('docs/interface.md says how code comments cite it', () => {
    expect(read('docs/interface.md')).toContain('Code comments cite sections of this page as `spec x.y`.');
  });
});

describe('README.md and docs/', () => {
  it('README.md is a front door of at most 260 lines', () => {
    expect(read('README.md').split('\n').length).toBeLessThanOrEqual(260);
  });

  it.each(markdownFiles())('every relative link of %s leads to a file and heading that exist', (file) => {
    const broken = relativeLinksOf(read(file)).filter((link) => {
      const [target, anchor] = link.split('#') as [string, string | undefined];
      const resolved = target ? path.resolve(ROOT, path.dirname(file), decodeURIComponent(target)) : path.join(ROOT, file);
      if (!existsSync(resolved)) return true;
      if (anchor === undefined || !resolved.endsWith('.md') || statSync(resolved).isDirectory()) return false;
      return !anchorsOf(readFileSync(resolved, 'utf8')).has(anchor);
    });
    expect(broken).toEqual([]);
  });
});
