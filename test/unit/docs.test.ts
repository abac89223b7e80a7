/**
 * The repository stands on its own: the README is a short front door, every
 * relative link of README.md and docs/ leads to a file (and heading) that
 * exists, no source file points at design material outside the repository,
 * every interface section a source file cites (`spec 2.5`, `spec part 5`)
 * is a heading of docs/interface.md, and every repository path a comment or
 * page names exists: one from a top-level folder (`shared/…`) read from the
 * root, a comment's `./`/`../` one read from its file's folder, a partial one
 * (`wire/ship.ts`) as the end of some repository path.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '..', '..');
const SOURCE_DIRS = ['shared', 'functions', 'lib', 'local', 'admin', 'bin', 'bench', 'test', 'scripts', 'events', 'client', 'tooling'];
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
  ...readdirSync(ROOT, { withFileTypes: true })
    .filter((e) => e.isFile() && SOURCE_EXT.test(e.name))
    .map((e) => e.name),
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

const markdownFiles = (): string[] => [
  'README.md',
  ...readdirSync(path.join(ROOT, 'docs'))
    .filter((f) => f.endsWith('.md'))
    .map((f) => path.join('docs', f)),
];

/** Relative links of a markdown file (inline `[text](target)`), code blocks excluded. */
const relativeLinksOf = (markdown: string): string[] =>
  [...markdown.replace(/```[\s\S]*?```/g, '').matchAll(/\]\(([^)\s]+)\)/g)].map((m) => m[1]!).filter((target) => !/^[a-z][a-z0-9+.-]*:/i.test(target));

/** Top-level folders of the repository: a path starting with one of them is read from the root. */
const TOP_FOLDERS = ['shared', 'functions', 'lib', 'local', 'admin', 'bin', 'bench', 'test', 'scripts', 'events', 'client', 'tooling', 'docs'];

/** The comments of a source file, strings skipped so a `//` or `/*` inside one starts none. */
const commentsOf = (source: string): string =>
  [...source.matchAll(/'(?:\\.|[^'\\\n])*'|"(?:\\.|[^"\\\n])*"|`(?:\\.|[^`\\])*`|\/\*[\s\S]*?\*\/|\/\/[^\n]*/g)]
    .map((m) => m[0])
    .filter((token) => token.startsWith('/'))
    .join('\n');

/**
 * Paths a text names: a token starting with a top-level folder (`shared/labels/render.ts`), read from the root,
 * and, when `relativeTo` is given, a `./` or `../` token, read from that folder. A token inside a longer path or a
 * URL (a host's `/docs/…`) is none, and so is a top-level token of one word and no extension (the client/source of
 * prose): a named path ends in an extension or a `/`, or has two folders at least. A placeholder (`<carrier>`, `*`,
 * `{a,b}`, `…`) ends the part that must exist: `shared/carriers/<carrier>/` asks for shared/carriers/.
 */
const namedPaths = (text: string, relativeTo?: string): { token: string; target: string }[] => {
  const top = `(?:\\./)?(?:${TOP_FOLDERS.join('|')})/`;
  const pattern = new RegExp(`(?<![\\w./@:~-])(${relativeTo === undefined ? top : `${top}|\\.{1,2}/`})[\\w./<>*{},…@-]*`, 'g');
  return [...text.matchAll(pattern)].flatMap((m) => {
    const token = m[0].replace(/[.,]+$/, '');
    const relative = /^\.{1,2}\/$/.test(m[1]!);
    if (!relative && !/\.\w+$|\/$|\/.*\/|[<>*{}…]/.test(token.replace(/^\.\//, ''))) return [];
    const literal = token.split('/');
    const fixed = literal.findIndex((segment) => /[<>*{}…]/.test(segment));
    const kept = (fixed === -1 ? literal : literal.slice(0, fixed)).join('/');
    return [{ token, target: path.join(relative && relativeTo !== undefined ? relativeTo : '', kept) }];
  });
};

/** A named path holds when it is a file or folder, or a module specifier without its extension (`shared/functions`). */
const holds = (target: string): boolean => ['', '.ts', '.js', '.mjs', '.d.ts', '.json'].some((ext) => existsSync(path.join(ROOT, target + ext)));

/** Every file and folder of the repository, by its path from the root (the skipped folders and .git aside). */
const repositoryPaths = (dir = ''): string[] =>
  readdirSync(path.join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    const relative = dir ? `${dir}/${entry.name}` : entry.name;
    if (!entry.isDirectory()) return [relative];
    return SKIP_DIRS.has(entry.name) || entry.name === '.git' ? [] : [relative, ...repositoryPaths(relative)];
  });

/**
 * Partial paths a text names, from any folder and ending in an extension (`wire/ship.ts`, `sandbox/numbers.ts`): each
 * must be the end of some repository path. One starting with an upper-case name is a placeholder (`DATA_DIR/…`).
 */
const partialPaths = (text: string): string[] =>
  [...text.matchAll(/(?<![\w./@:~<>*{}$-])[\w-]+(?:\/[\w.-]+)*\/[\w-]+\.(?:ts|js|mjs|md|json|yaml)\b/g)]
    .map((m) => m[0])
    .filter((token) => !/^[A-Z][A-Z0-9_]*\//.test(token));

/** Whether a partial path is the end of one of `paths`. */
const endsSomePath = (paths: readonly string[], partial: string): boolean => paths.some((p) => p === partial || p.endsWith(`/${partial}`));

/** Pages whose paths are checked: README.md, docs/, events/README.md and the READMEs under shared/. */
const documentFiles = (): string[] => {
  const readmes = (dir: string): string[] =>
    readdirSync(path.join(ROOT, dir), { withFileTypes: true }).flatMap((entry) =>
      entry.isDirectory() ? readmes(path.join(dir, entry.name)) : entry.name === 'README.md' ? [path.join(dir, entry.name)] : [],
    );
  return [...markdownFiles(), 'events/README.md', ...readmes('shared')];
};

describe('the repository stands on its own', () => {
  const files = sourceFiles();

  it('the scan sees the source files (it is not vacuous)', () => {
    expect(files).toEqual(expect.arrayContaining(['shared/functions.ts', 'functions/ship/handler.ts', 'jest.config.js', 'test/unit/docs.test.ts']));
    expect(citedSections('/**\n * Rating (spec 2.7, 2.9,\n * part 6; spec 4.1–4.3)\n */')).toEqual(['2.7', '2.9', 'part 6', '4.1', '4.3']);
    const up = '../'; // spelled apart, so this file's own text has no such path
    expect(sharedPathsLeavingRepo('lib/api.ts', `import '${up}shared/functions'; // ${up}${up}shared/spec`)).toEqual([`${up}shared`]);
  });

  it('the path scan finds a dead path and passes a live one, a placeholder, a URL and prose', () => {
    // A file that does not exist, spelled apart so this file's own text names no dead path.
    const GONE = ['go', 'ne'].join('');
    const dead = (text: string, relativeTo?: string) =>
      namedPaths(text, relativeTo)
        .filter(({ target }) => !holds(target))
        .map(({ token }) => token);
    const source = [
      "const url = 'https://example.com/x'; // a string's slashes start no comment",
      `/** The rates (./wire/rate.ts, ./wire/${GONE}.ts; ../labels/render.ts, ../nowhere/), the port (shared/domain/carrier.ts) */`,
      `// shared/domain/${GONE}.ts, shared/carriers/<carrier>/index.ts, shared/nowhere/<carrier>/, test/unit/*.test.ts`,
      `// https://example.com/shared/domain/${GONE}.ts, a client/source application, shared/functions, shared/carriers/ups.`,
    ].join('\n');
    expect(dead(commentsOf(source), 'shared/carriers')).toEqual([`./wire/${GONE}.ts`, '../nowhere/', `shared/domain/${GONE}.ts`, 'shared/nowhere/<carrier>/']);
    expect(dead(`See \`docs/architecture.md\`, \`./bin/${GONE}.ts\`, [x](https://example.com/lib/${GONE}.ts) and ./${GONE}.ts.`)).toEqual([`./bin/${GONE}.ts`]);
    expect(documentFiles()).toEqual(expect.arrayContaining(['README.md', 'docs/architecture.md', 'events/README.md', 'shared/carriers/ups/spec/README.md']));
    const partial = partialPaths(commentsOf(source) + `\n// carriers/wire/rate.ts, wire/${GONE}.ts, DATA_DIR/runtime.json, x/<carrier>.ts`);
    expect(partial.filter((token) => !endsSomePath(repositoryPaths(), token))).toEqual([`shared/domain/${GONE}.ts`, `wire/${GONE}.ts`]);
    expect(documentFiles().flatMap((file) => namedPaths(read(file))).length).toBeGreaterThan(50);
    expect(files.flatMap((file) => namedPaths(commentsOf(read(file)), path.dirname(file))).length).toBeGreaterThan(200);
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
      [...read(file).matchAll(/\bdocs\/[\w-]+\.md\b/g)]
        .map((m) => m[0])
        .filter((page) => !existsSync(path.join(ROOT, page)))
        .map((page) => `${file}: ${page}`),
    );
    expect(missing).toEqual([]);
  });

  it('every repository path a comment names exists', () => {
    const dead = files.flatMap((file) =>
      namedPaths(commentsOf(read(file)), path.dirname(file))
        .filter(({ target }) => !holds(target))
        .map(({ token }) => `${file}: ${token}`),
    );
    expect(dead).toEqual([]);
  });

  it('every repository path a page names exists', () => {
    const dead = documentFiles().flatMap((file) =>
      namedPaths(read(file))
        .filter(({ target }) => !holds(target))
        .map(({ token }) => `${file}: ${token}`),
    );
    expect(dead).toEqual([]);
  });

  it('every partial path a comment or page names is the end of a repository path', () => {
    const paths = repositoryPaths();
    const dead = [...files.map((file) => [file, commentsOf(read(file))] as const), ...documentFiles().map((file) => [file, read(file)] as const)].flatMap(
      ([file, text]) =>
        partialPaths(text)
          .filter((token) => !endsSomePath(paths, token))
          .map((token) => `${file}: ${token}`),
    );
    expect(dead).toEqual([]);
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
