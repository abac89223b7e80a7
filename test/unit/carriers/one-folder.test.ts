/**
 * A live carrier is its folder and its line in shared/carriers/carriers.ts
 * (docs/contributing.md, "Adding a carrier"): nothing else names it, neither
 * its code as a string nor a path into its folder: not what the service runs
 * (shared/, functions/, lib/), nor the entry points (bin/), nor the admin CLI
 * (admin/), nor the local runtime (local/), whose `local/<carrier>/` alone, the
 * carrier's local stand-in, is the carrier's own. Prose may name it (a
 * comment saying "Canada Post, for example"); code may not. Sandbox carriers
 * also have their place in the sandbox network (shared/carriers/sandbox/),
 * which stands in for their APIs, so the rule is the live carriers'.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import * as path from 'node:path';
import { CARRIER_PROFILES } from '../../../shared/carriers/registry';

const root = path.resolve(__dirname, '../../..');
const REGISTRATION = 'shared/carriers/carriers.ts';

const filesUnder = (dir: string): string[] =>
  readdirSync(path.join(root, dir)).flatMap((name) => {
    const rel = `${dir}/${name}`;
    if (statSync(path.join(root, rel)).isDirectory()) return filesUnder(rel);
    return rel.endsWith('.ts') ? [rel] : [];
  });

/** Each line of code, comments left out (a line that opens with `*` or `//`, and what follows `//` on a line). */
const codeLines = (file: string) =>
  readFileSync(path.join(root, file), 'utf8')
    .split('\n')
    .map((line, i) => ({ line: line.replace(/\s\/\/.*$/, ''), at: `${file}:${i + 1}` }))
    .filter(({ line }) => !/^\s*(\*|\/\*|\/\/)/.test(line));

const carrierFolders = readdirSync(path.join(root, 'shared/carriers')).filter((name) => existsSync(path.join(root, 'shared/carriers', name, 'profile.ts')));

const liveCarriers = async () => {
  const found: Array<{ code: string; folder: string }> = [];
  for (const folder of carrierFolders) {
    const { profile } = (await import(path.join(root, 'shared/carriers', folder, 'profile.ts'))) as { profile: (typeof CARRIER_PROFILES)[number] };
    if (CARRIER_PROFILES.includes(profile) && profile.network === 'live') found.push({ code: profile.code, folder });
  }
  return found;
};

/** Where a code names the carrier: its code as a string, or a path into its folder. */
const mentions = (code: string, folder: string) => {
  const asString = new RegExp(`['"\`]${code}['"\`]`, 'i');
  const intoFolder = new RegExp(`['"\`][^'"\`]*(?:^|/|\\.)${folder}(?:/[^'"\`]*)?['"\`]`);
  return (line: string) => asString.test(line) || intoFolder.test(line);
};

const SCANNED = ['shared', 'functions', 'lib', 'bin', 'admin', 'local'].flatMap(filesUnder);
/** A carrier's own: its folder, and its local stand-in. */
const ownFiles = (folder: string) => (file: string) => file.startsWith(`shared/carriers/${folder}/`) || file.startsWith(`local/${folder}/`);

it('finds the live carriers from the registry (it is not vacuous)', async () => {
  expect((await liveCarriers()).map((c) => c.code).sort()).toEqual(['CANADAPOST', 'FEDEX', 'UPS']);
  expect(SCANNED.length).toBeGreaterThan(100);
  for (const dir of ['lib/', 'bin/', 'admin/', 'local/', 'local/ups/']) expect(SCANNED.some((file) => file.startsWith(dir))).toBe(true);
  expect(ownFiles('ups')('local/ups/simulator.ts')).toBe(true);
  expect(ownFiles('ups')('local/runtime.ts')).toBe(false);
  // The check sees a mention where there is one: the registration line itself.
  const named = mentions('CANADAPOST', 'canada-post');
  expect(
    codeLines(REGISTRATION)
      .filter(({ line }) => named(line))
      .map(({ at }) => at),
  ).toHaveLength(1);
  expect(named("const postal = 'CANADAPOSTAL';")).toBe(false);
  expect(named("if (code === 'CANADAPOST')")).toBe(true);
  expect(named("import { x } from '../carriers/canada-post/xml';")).toBe(true);
});

it('no code names a live carrier outside its folder and its local stand-in, but its one registration line', async () => {
  for (const { code, folder } of await liveCarriers()) {
    const named = mentions(code, folder);
    const own = ownFiles(folder);
    const elsewhere = SCANNED.filter((file) => !own(file)).flatMap((file) =>
      codeLines(file)
        .filter(({ line }) => named(line))
        .map(({ at, line }) => `${at}: ${line.trim()}`),
    );
    expect(elsewhere).toEqual([expect.stringMatching(new RegExp(`^${REGISTRATION}:\\d+: export \\{ profile as \\w+ \\} from './${folder}/profile';$`))]);
  }
});
