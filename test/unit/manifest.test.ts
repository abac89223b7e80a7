import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { manifest } from '../../shared/manifest';

const root = join(__dirname, '..', '..');

describe('the function manifest', () => {
  it('names each function once', () => {
    const names = manifest.map((f) => f.name);
    expect(new Set(names).size).toBe(names.length);
  });
  it.each(manifest.map((f) => [f.name, f] as const))('%s has a handler module exporting handler', (_name, f) => {
    const file = join(root, f.entry);
    expect(existsSync(file)).toBe(true);
    expect(readFileSync(file, 'utf8')).toMatch(/export const handler\b/);
    expect(f.entry).toBe(`functions/${f.name}/handler.ts`);
  });
  it('every function folder is in the manifest', () => {
    const folders = readdirSync(join(root, 'functions'));
    expect(folders.sort()).toEqual(manifest.map((f) => f.name).sort());
  });
  it('every HTTP route is unique and under /v1', () => {
    const routes = manifest.flatMap((f) => (f.trigger.kind === 'http' ? [`${f.trigger.method} ${f.trigger.path}`] : []));
    expect(new Set(routes).size).toBe(routes.length);
    for (const r of routes) expect(r).toMatch(/^(GET|POST|DELETE) \/v1\//);
  });
  it('every function has a sample event in events/', () => {
    for (const f of manifest) expect(existsSync(join(root, 'events', `${f.name}.json`))).toBe(true);
  });
});
