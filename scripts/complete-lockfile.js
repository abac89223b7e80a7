#!/usr/bin/env node
// Adds lock entries for platform-specific optional binaries that the registry
// mirror of this workplace does not serve, so `npm ci` accepts the lock file.
const fs = require('fs');
const file = process.argv[2] || 'package-lock.json';
const lock = JSON.parse(fs.readFileSync(file, 'utf8'));
const pkgs = lock.packages;
const OS = ['darwin', 'linux', 'win32', 'android', 'freebsd', 'openharmony', 'sunos', 'aix', 'netbsd', 'openbsd'];
const CPU = ['arm64', 'x64', 'ia32', 'arm', 'ppc64', 's390x', 'loong64', 'riscv64', 'wasm32', 'mips64el'];
let added = 0;
for (const [path, meta] of Object.entries(pkgs)) {
  for (const [name, spec] of Object.entries(meta.optionalDependencies || {})) {
    const base = path === '' ? '' : path + '/';
    if (pkgs[`${base}node_modules/${name}`] || pkgs[`node_modules/${name}`]) continue;
    if (!/^\d+\.\d+\.\d+/.test(spec)) {
      console.error(`skip ${name}@${spec}: not exact`);
      continue;
    }
    const parts = name.split('/').pop().split('-');
    const os = OS.find((o) => parts.includes(o));
    const cpu = CPU.find((c) => parts.includes(c)) || (parts.includes('arm') ? 'arm' : undefined);
    if (!os || !cpu) {
      console.error(`skip ${name}: platform unknown`);
      continue;
    }
    const entry = { version: spec, cpu: [cpu], dev: meta.dev || undefined, license: meta.license, optional: true, os: [os] };
    if (parts.includes('gnu') || parts.includes('gnueabihf')) entry.libc = ['glibc'];
    if (parts.includes('musl') || parts.includes('musleabihf')) entry.libc = ['musl'];
    pkgs[`node_modules/${name}`] = JSON.parse(JSON.stringify(entry));
    added++;
  }
}
const sorted = Object.fromEntries(Object.entries(pkgs).sort(([a], [b]) => (a === '' ? -1 : b === '' ? 1 : a.localeCompare(b))));
lock.packages = sorted;
fs.writeFileSync(file, JSON.stringify(lock, null, 2) + '\n');
console.log(`added ${added} entries`);
