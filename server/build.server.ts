import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

/** Sources whose change makes the production build stale. */
const SOURCES = [
  'app',
  'styles',
  'server',
  'content',
  'public',
  'vite.config.ts',
  'package.json',
  'tsconfig.json',
];

function newestMtime(entry: string): number {
  let stat: fs.Stats;
  try {
    stat = fs.statSync(entry);
  } catch {
    return 0;
  }
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const child of fs.readdirSync(entry)) {
    if (child === 'node_modules' || child.startsWith('.')) continue;
    newest = Math.max(newest, newestMtime(path.join(entry, child)));
  }
  return newest;
}

export function buildIsStale(root: string): boolean {
  const marker = path.join(root, 'build', 'server', 'index.js');
  if (!fs.existsSync(marker)) return true;
  const built = fs.statSync(marker).mtimeMs;
  return SOURCES.some((source) => newestMtime(path.join(root, source)) > built);
}

/** Runs the production build (`remix vite:build`) in a child process, inheriting its output. */
export function runBuild(root: string): void {
  const bin = path.join(root, 'node_modules', '.bin', 'remix');
  const result = spawnSync(bin, ['vite:build'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production' },
  });
  if (result.status !== 0)
    throw new Error(`The production build failed (exit code ${result.status ?? result.signal}).`);
}
