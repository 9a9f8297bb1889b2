import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { appRuntimeImportsOutsideSurfaces, cruiseViolations, type Violation } from './boundaries';

/**
 * A small tree with one module per kind of import the boundary allows or forbids (decision 064), cruised with the
 * project's own configuration. Two contexts, `shop` and `till`; every forbidden import is planted once.
 */
const TREE: Record<string, string> = {
  'tsconfig.json': JSON.stringify({
    compilerOptions: { module: 'ESNext', moduleResolution: 'Bundler', strict: true },
  }),
  'server/shop/public.ts': 'export const LIMIT = 3;\n',
  'server/shop/index.server.ts':
    "import { rows } from './internal';\nexport const createShop = () => rows;\n",
  'server/shop/internal.ts': "import { shopTable } from './schema';\nexport const rows = [shopTable];\n",
  'server/shop/schema.ts': "export const shopTable = 'shop';\n",
  'server/db/schema.ts': "export * from '../shop/schema';\nexport * from '../till/schema';\n",
  'server/db/database.server.ts': 'export type Database = { name: string };\n',
  'server/db/seed/index.ts': "import { shopTable } from '../schema';\nexport const seed = [shopTable];\n",
  'server/context.server.ts':
    "import { createShop } from './shop/index.server';\nexport const services = createShop();\nexport type RequestContext = { id: string };\n",
  'server/http/app.server.ts':
    "import { services } from '../context.server';\nexport const app = services;\n",
  'server/main.ts': "import { app } from './http/app.server';\nexport const main = app;\n",
  'server/web/cookies.ts': 'export const COOKIE = "c";\n',
  'server/till/schema.ts': "export const tillTable = 'till';\n",
  // Allowed: another context's surfaces, its own tables, the platform, a cycle of type-only imports.
  'server/till/index.server.ts': [
    "import { LIMIT } from '../shop/public';",
    "import { createShop } from '../shop/index.server';",
    "import type { Database } from '../db/database.server';",
    "import { COOKIE } from '../web/cookies';",
    "import { tillTable } from './schema';",
    "import { typeCycleA } from './type-cycle-a';",
    'export const createTill = (db: Database) => [LIMIT, createShop, db, COOKIE, tillTable, typeCycleA];',
    '',
  ].join('\n'),
  'server/till/type-cycle-a.ts':
    "import type { B } from './type-cycle-b';\nexport type A = { b?: B };\nexport const typeCycleA = 1;\n",
  'server/till/type-cycle-b.ts': "import type { A } from './type-cycle-a';\nexport type B = { a?: A };\n",
  // Forbidden, one of each.
  'server/till/reads-internal.ts': "import { rows } from '../shop/internal';\nexport const r = rows;\n",
  'server/till/reads-tables.ts': "import { shopTable } from '../shop/schema';\nexport const t = shopTable;\n",
  'server/till/reads-barrel.ts': "import { tillTable } from '../db/schema';\nexport const t = tillTable;\n",
  'server/till/cycle-a.ts': "import { b } from './cycle-b';\nexport const a = () => b;\n",
  'server/till/cycle-b.ts': "import { a } from './cycle-a';\nexport const b = () => a;\n",
  'server/till/imports-entry.ts': "import { app } from '../http/app.server';\nexport const x = app;\n",
  'server/http/reads-internal.ts': "import { rows } from '../shop/internal';\nexport const z = rows;\n",
  'server/web/imports-context.ts': "import { LIMIT } from '../shop/public';\nexport const y = LIMIT;\n",
  'app/routes/allowed.tsx': [
    "import { LIMIT } from '../../server/shop/public';",
    "import { createShop } from '../../server/shop/index.server';",
    "import type { RequestContext } from '../../server/context.server';",
    "import { COOKIE } from '../../server/web/cookies';",
    'export const loader = (context: RequestContext) => [LIMIT, createShop, COOKIE, context];',
    '',
  ].join('\n'),
  'app/routes/internal.tsx':
    "import { rows } from '../../server/shop/internal';\nexport const loader = () => rows;\n",
  'app/routes/internal-type.tsx':
    "import type { Database } from '../../server/db/database.server';\nimport type { rows } from '../../server/shop/internal';\nexport type T = [typeof rows, Database];\n",
  'app/routes/composition-root.tsx':
    "import { services } from '../../server/context.server';\nexport const loader = () => services;\n",
  'app/routes/internal.test.ts':
    "import { rows } from '../../server/shop/internal';\nexport const t = rows;\n",
};

const describeViolation = (violation: Violation) =>
  violation.type === 'cycle'
    ? `${violation.rule.name}: ${[violation.from, ...(violation.cycle ?? []).map((step) => step.name)].join(' → ')}`
    : `${violation.rule.name}: ${violation.from} → ${violation.to}`;

describe('the boundary rule (.dependency-cruiser.cjs)', () => {
  let root: string;
  let violations: Violation[];

  beforeAll(() => {
    root = mkdtempSync(path.join(os.tmpdir(), 'boundaries-'));
    for (const [file, source] of Object.entries(TREE)) {
      mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
      writeFileSync(path.join(root, file), source);
    }
    violations = cruiseViolations({ cwd: root, paths: ['app', 'server'] });
  });
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  test('catches each planted violation, and nothing else', () => {
    expect(violations.map(describeViolation).sort()).toEqual(
      [
        'app-imports-context-server-types-only: app/routes/composition-root.tsx → server/context.server.ts',
        'app-imports-public-surfaces: app/routes/internal-type.tsx → server/shop/internal.ts',
        'app-imports-public-surfaces: app/routes/internal.tsx → server/shop/internal.ts',
        'context-imports-other-context-surfaces: server/till/reads-internal.ts → server/shop/internal.ts',
        'context-imports-other-context-surfaces: server/till/reads-tables.ts → server/shop/schema.ts',
        'context-imports-own-schema-only: server/till/reads-barrel.ts → server/db/schema.ts',
        'no-cycles: server/till/cycle-a.ts → server/till/cycle-b.ts → server/till/cycle-a.ts',
        'entry-point-imports-context-surfaces: server/http/reads-internal.ts → server/shop/internal.ts',
        'only-the-process-imports-the-entry-point: server/till/imports-entry.ts → server/http/app.server.ts',
        'web-helpers-import-no-context: server/web/imports-context.ts → server/shop/public.ts',
      ].sort(),
    );
  });

  test('counts the runtime imports of app/ outside the public surfaces, not the type-only ones', () => {
    expect(appRuntimeImportsOutsideSurfaces(violations).map(describeViolation).sort()).toEqual([
      'app-imports-context-server-types-only: app/routes/composition-root.tsx → server/context.server.ts',
      'app-imports-public-surfaces: app/routes/internal.tsx → server/shop/internal.ts',
    ]);
  });
});

describe('the project', () => {
  test('keeps the boundary: no violation at all (there is no baseline to hide one)', () => {
    expect(cruiseViolations({}).map(describeViolation)).toEqual([]);
  });
});
