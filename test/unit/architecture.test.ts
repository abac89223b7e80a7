/**
 * The layering of docs/architecture.md, checked on the import statements: the domain
 * is pure and owns its ports, handlers reach the store only through services.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '..', '..');

const sourceFiles = (dir: string): string[] =>
  readdirSync(path.join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    const relative = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(relative);
    return entry.name.endsWith('.ts') ? [relative] : [];
  });

/** Every module a file imports, resolved to a path relative to the repository root (packages as they are). */
const importsOf = (file: string): string[] => {
  const text = readFileSync(path.join(ROOT, file), 'utf8');
  const specifiers = [
    ...text.matchAll(/(?:^|\n)\s*(?:import|export)[^'"]*?from\s+['"]([^'"]+)['"]/g),
    ...text.matchAll(/import\(\s*['"]([^'"]+)['"]\s*\)/g),
  ].map((m) => m[1]!);
  return specifiers.map((s) => (s.startsWith('.') ? path.relative(ROOT, path.resolve(ROOT, path.dirname(file), s)) : s));
};

describe('layering (docs/architecture.md)', () => {
  it('the check reads imports (it is not vacuous)', () => {
    expect(importsOf('shared/services/rating.ts')).toEqual(expect.arrayContaining(['shared/carriers/fanout', 'shared/store/rates']));
  });

  it.each(sourceFiles('shared/domain'))('%s imports nothing from carriers/, store/, services/, http/ or local/', (file) => {
    const outside = importsOf(file).filter((target) => /^shared\/(carriers|store|services|http|local)(\/|$)/.test(target));
    expect(outside).toEqual([]);
  });

  it.each([...sourceFiles('shared'), ...sourceFiles('functions')])(
    '%s imports nothing of the local runtime or the admin CLI (local/ and admin/ are never bundled)',
    (file) => {
      expect(importsOf(file).filter((target) => /^(local|admin)(\/|$)/.test(target))).toEqual([]);
    },
  );

  it.each(sourceFiles('bin'))('%s is a thin entry point (at most 80 lines): what it runs lives in a folder of its own', (file) => {
    expect(readFileSync(path.join(ROOT, file), 'utf8').trimEnd().split('\n').length).toBeLessThanOrEqual(80);
  });

  /**
   * The UPS connector's generated wire types are the product's: what makes
   * them (tooling/ups-types.ts, and the document errata it patches) reaches
   * nothing of the local runtime, which only stands in for UPS.
   */
  it('the UPS wire types are generated from nothing in local/', () => {
    const reached = new Set<string>();
    const visit = (file: string) => {
      if (reached.has(file)) return;
      reached.add(file);
      for (const target of importsOf(file).filter((t) => /^(shared|tooling|local)\//.test(t))) visit(target.endsWith('.ts') ? target : `${target}.ts`);
    };
    visit('tooling/ups-types.ts');
    expect(reached.size).toBeGreaterThan(1);
    expect([...reached].filter((file) => /^local(\/|$)/.test(file))).toEqual([]);
  });

  it.each(sourceFiles('functions'))('%s reaches the store and the domain only through services', (file) => {
    const direct = importsOf(file).filter((target) => /^shared\/(store|domain)(\/|$)/.test(target) || target.startsWith('@aws-sdk/'));
    expect(direct).toEqual([]);
  });
});

describe('habits (issue 44)', () => {
  const deployed = [...sourceFiles('shared'), ...sourceFiles('functions')];
  const text = (file: string) => readFileSync(path.join(ROOT, file), 'utf8');

  it.each(deployed)('%s waits with timers/promises, never a promise of its own around setTimeout', (file) => {
    expect(text(file).match(/setTimeout\(\s*(?:r|res|resolve)\s*,[^)]*\)/g) ?? []).toEqual([]);
  });

  it.each(deployed.filter((file) => file !== 'shared/config.ts'))('%s reads no environment but through shared/config.ts, and writes none', (file) => {
    expect(text(file).match(/process\.env\b/g) ?? []).toEqual([]);
  });

  it.each([...sourceFiles('shared/http'), 'shared/batch-handler.ts'])('%s types its middy wiring: no cast of a handler or a middleware', (file) => {
    expect(text(file).match(/as unknown as|as MiddlewareObj\b/g) ?? []).toEqual([]);
  });
});
