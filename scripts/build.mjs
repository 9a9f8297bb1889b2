/**
 * The production build, in plain JavaScript so that `npm start` can run it with `node` alone.
 *
 *   node scripts/build.mjs              build everything (what `npm run build` runs)
 *   node scripts/build.mjs --if-needed  build only if the build is missing, or older than its sources while the
 *                                       build tools are installed (what `npm start` runs first)
 *
 * Two outputs: the Remix app (`remix vite:build`: `build/client`, `build/server/index.js`) and the HTTP server
 * (`server/main.ts` compiled by Vite's SSR build to `build/node/main.js`, dependencies left as imports), which
 * `npm start` runs with `node` and NODE_ENV=production. Between the two, the client's scripts and styles are
 * compressed once for all (scripts/precompress.mjs, decision 062). The build tools (Vite, the Remix compiler, tsx) are
 * development dependencies; a production install that has been built needs none of them.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { builtinModules } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** The files the build writes last; both must exist for the build to be complete. */
export const BUILD_OUTPUTS = ['build/server/index.js', 'build/node/main.js'];

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
  'scripts/build.mjs',
  'scripts/precompress.mjs',
];

function newestMtime(entry) {
  let stat;
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

/** Whether a build output is missing. */
export function buildIsMissing(root = projectRoot) {
  return BUILD_OUTPUTS.some((output) => !fs.existsSync(path.join(root, output)));
}

/** Whether the build is missing or older than any of its sources. */
export function buildIsStale(root = projectRoot) {
  if (buildIsMissing(root)) return true;
  const built = Math.min(...BUILD_OUTPUTS.map((output) => fs.statSync(path.join(root, output)).mtimeMs));
  return SOURCES.some((source) => newestMtime(path.join(root, source)) > built);
}

/** Whether the build tools (development dependencies) are installed. */
export function buildToolsInstalled(root = projectRoot) {
  return fs.existsSync(path.join(root, 'node_modules', '.bin', 'remix'));
}

/** Compiles `server/main.ts` (and the server modules it imports) into `build/node/main.js`. */
async function buildServer(root) {
  const { build } = await import('vite');
  const bare = (id) => !id.startsWith('.') && !path.isAbsolute(id) && !id.startsWith('\0');
  await build({
    configFile: false,
    root,
    logLevel: 'warn',
    mode: 'production',
    publicDir: false,
    build: {
      ssr: path.join(root, 'server/main.ts'),
      outDir: path.join(root, 'build/node'),
      emptyOutDir: true,
      target: 'node20',
      minify: false,
      sourcemap: true,
      rollupOptions: {
        // Packages stay imports resolved from node_modules at run time (as `npm start` always did).
        external: (id) => bare(id) || builtinModules.includes(id),
        output: { format: 'esm', entryFileNames: 'main.js' },
      },
    },
  });
}

/** Runs the whole production build in this process (the Remix compiler in a child process). */
export async function runBuild(root = projectRoot) {
  const result = spawnSync(path.join(root, 'node_modules', '.bin', 'remix'), ['vite:build'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production' },
  });
  if (result.status !== 0)
    throw new Error(`The production build failed (exit code ${result.status ?? result.signal}).`);
  const { precompressAssets } = await import('./precompress.mjs');
  const started = Date.now();
  const packed = await precompressAssets(path.join(root, 'build/client/assets'));
  const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
  process.stdout.write(
    `Precompressed ${packed.files} assets (${kb(packed.original)}): gzip ${kb(packed.gzipped)}, brotli ${kb(packed.brotli)}, in ${((Date.now() - started) / 1000).toFixed(1)} s.\n`,
  );
  await buildServer(root);
}

async function main() {
  const ifNeeded = process.argv.includes('--if-needed');
  if (ifNeeded && !buildIsStale()) return;
  if (ifNeeded && !buildIsMissing() && !buildToolsInstalled()) {
    process.stderr.write(
      'The build is older than its sources, but the build tools are not installed: using it.\n',
    );
    return;
  }
  if (!buildToolsInstalled()) {
    throw new Error('The build tools are missing: run `npm install` (they are development dependencies).');
  }
  if (ifNeeded)
    process.stdout.write('The production build is missing or older than its sources: building it.\n');
  await runBuild();
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().catch((error) => {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  });
}
