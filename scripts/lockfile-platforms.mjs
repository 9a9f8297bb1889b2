#!/usr/bin/env node
// Completes package-lock.json with the other platforms' optional binaries of rollup.
//
// Why: the registry this project is developed against serves only the linux x64/arm64 builds of
// `@rollup/rollup-*`, so `npm install` writes a lockfile without the other platforms' entries, and `npm ci`
// then refuses it ("Missing: @rollup/rollup-darwin-x64@ from lock file"). An entry that names its os, cpu and
// libc is all `npm ci` needs to skip a package that does not fit the machine, so this script writes those
// entries (version from rollup's own optionalDependencies). Run it after any `npm install` that changes the
// lockfile: `node scripts/lockfile-platforms.mjs`. It is idempotent and leaves existing entries alone.
import { readFileSync, writeFileSync } from 'node:fs';

const path = new URL('../package-lock.json', import.meta.url);
const lock = JSON.parse(readFileSync(path, 'utf8'));
const packages = lock.packages;

/** `rollup-darwin-x64` → { os: 'darwin', cpu: 'x64' }; `rollup-linux-arm-musleabihf` → libc musl. */
function platformOf(name) {
  const parts = name.replace(/^@rollup\/rollup-/, '').split('-');
  const [os, cpu, abi] = parts;
  const platform = { os: [os], cpu: [cpu] };
  if (os === 'linux' && abi) {
    if (abi.startsWith('musl')) platform.libc = ['musl'];
    else if (abi.startsWith('gnu')) platform.libc = ['glibc'];
  }
  return platform;
}

let added = 0;
for (const [key, entry] of Object.entries(packages)) {
  if (!key.endsWith('node_modules/rollup') || !entry.optionalDependencies) continue;
  const prefix = key.slice(0, -'rollup'.length);
  for (const [name, version] of Object.entries(entry.optionalDependencies)) {
    const target = `${prefix}${name}`;
    const hoisted = `node_modules/${name}`;
    if (packages[target] || packages[hoisted]) continue;
    const { os, cpu, libc } = platformOf(name);
    packages[hoisted] = { version, cpu, ...(libc ? { libc } : {}), license: 'MIT', optional: true, os };
    added += 1;
  }
}

const sorted = Object.fromEntries(
  Object.entries(packages).sort(([a], [b]) => (a === '' ? -1 : b === '' ? 1 : a.localeCompare(b))),
);
lock.packages = sorted;
writeFileSync(path, `${JSON.stringify(lock, null, 2)}\n`);
process.stdout.write(`package-lock.json: ${added} platform entries added\n`);
