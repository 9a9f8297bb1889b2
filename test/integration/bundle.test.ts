import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, test } from 'vitest';

/**
 * ARCHITECTURE: domain code never reaches the client bundle. The integration global setup builds the app when its
 * sources changed, so `build/` here is the current code.
 *
 * Each marker is a string that only server-side code carries; its `source` is where it comes from, checked below so
 * that a marker cannot silently stop meaning anything (a renamed file, an upgraded package).
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

const markers: { marker: string; what: string; source: string }[] = [
  { marker: 'inventory_records', what: 'the Drizzle schema', source: 'server/inventory/schema.ts' },
  { marker: 'rate_limit_counters', what: 'the Drizzle schema', source: 'server/rate-limit/schema.ts' },
  { marker: 'form_submissions', what: 'the Drizzle schema', source: 'server/forms/schema.ts' },
  {
    marker: 'form honeypot filled',
    what: 'the form kit (server half)',
    source: 'app/components/forms/form.server.ts',
  },
  { marker: 'drizzle:entityKind', what: 'drizzle-orm', source: 'node_modules/drizzle-orm/entity.js' },
  {
    marker: '__drizzle_migrations',
    what: 'the migrator',
    source: 'node_modules/drizzle-orm/pg-core/dialect.js',
  },
  { marker: 'pglite.wasm', what: '@electric-sql/pglite', source: 'node_modules/@electric-sql/pglite/dist' },
  { marker: 'PostgresError', what: 'postgres-js', source: 'node_modules/postgres/src/errors.js' },
  { marker: 'secrets.json', what: 'the configuration (secrets file)', source: 'server/config.server.ts' },
  { marker: 'SESSION_SECRET', what: 'the configuration', source: 'server/config.server.ts' },
  { marker: 'DATABASE_URL', what: 'the configuration', source: 'server/config.server.ts' },
  { marker: 'boot_id', what: 'the data-directory lock', source: 'server/db/lock.server.ts' },
  // What Vite puts in place of a Node built-in (node:fs, node:crypto, …) imported by client code.
  {
    marker: '__vite-browser-external',
    what: 'a Node built-in',
    source: 'node_modules/vite/dist/node/chunks',
  },
];

/** `import … from "node:…"` or `import("node:…")`: only server code may load Node's built-ins. */
const nodeBuiltinImport = /(?:from\s*|import\s*\(\s*)["']node:[a-z_/]+["']/;

function filesUnder(dir: string, extension: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((name) => name.endsWith(extension))
    .map((name) => path.join(dir, name));
}

function contains(source: string, marker: string): boolean {
  const full = path.join(root, source);
  const files = fs.statSync(full).isDirectory() ? filesUnder(full, '.js') : [full];
  return files.some((file) => fs.readFileSync(file, 'utf8').includes(marker));
}

const clientFiles = filesUnder(path.join(root, 'build/client'), '.js');
const client = clientFiles.map((file) => ({
  file: path.relative(root, file),
  text: fs.readFileSync(file, 'utf8'),
}));

describe('the client bundle', () => {
  test('is the real build: several scripts, with the React DOM client in them', () => {
    expect(clientFiles.length).toBeGreaterThanOrEqual(3);
    expect(client.some(({ text }) => text.includes('hydrateRoot'))).toBe(true);
  });

  test.each(markers)('each marker comes from server-side code: $marker ($what)', ({ marker, source }) => {
    expect(contains(source, marker)).toBe(true);
  });

  test('the server build loads Node built-ins, so the import check can find them', () => {
    const server = fs.readFileSync(path.join(root, 'build/server/index.js'), 'utf8');
    expect(server).toMatch(nodeBuiltinImport);
  });

  test('contains no server code', () => {
    const leaks = client.flatMap(({ file, text }) => [
      ...markers
        .filter(({ marker }) => text.includes(marker))
        .map(({ marker, what }) => `${file}: "${marker}" (${what})`),
      ...(nodeBuiltinImport.test(text)
        ? [`${file}: ${text.match(nodeBuiltinImport)![0]} (a Node built-in)`]
        : []),
    ]);
    expect(leaks, `server code in the client bundle:\n${leaks.join('\n')}`).toEqual([]);
  });
});
