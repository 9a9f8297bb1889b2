// @ts-check
/**
 * The module boundary of the domain layer (decisions 004 and 064, ARCHITECTURE "Boundaries"), run by `npm run lint`.
 *
 * A context is a folder `server/<ctx>/`. Its public surfaces are `public.ts` (browser-safe types, constants, pure
 * rules) and `index.server.ts` (service factory, service type and the types callers need); every other file in it
 * is internal. Platform modules anyone may import: the clock, the logger, the configuration, the database handle's
 * types and column helpers (`server/db/database.server.ts`, `server/db/columns.ts`), and the low-level web helpers
 * in `server/web/`, which import no context.
 *
 * Type-only imports count for the boundary rules (a type couples the importer to the file that declares it) but not
 * for cycles: TypeScript erases them, so they cannot change the order in which modules initialise, and an internal
 * file naming its own context's service type (declared in `index.server.ts`) is the ordinary shape of a context.
 *
 * There is no known-violations baseline: the tree has none (the one issue 22's branches repaired was removed at
 * their merge), so a new violation fails `npm run lint`.
 */

/**
 * Folders under `server/` that are not contexts: the platform (`db`, `web`, and `cache`, the one bounded cache
 * module of decision 073, which imports no context; `jobs`, the scheduled-job runner of decision 100, likewise), the
 * entry point and the workflows.
 */
const notContexts = ['cache', 'db', 'http', 'jobs', 'web', 'workflows'];
const context = `server/(?!(?:${notContexts.join('|')})/)([^/]+)/`;
const surfaces = '(?:public|index\\.server)\\.tsx?$';
const platform = [
  '^server/(?:clock|logger|config\\.server|paths)\\.ts$',
  '^server/db/(?:database\\.server|columns)\\.ts$',
  '^server/web/',
];
/** Tests, test fixtures and the seed may reach inside a context (they build and check its state). */
const testsAndTools = ['\\.test\\.tsx?$', '(?:^|/)test-fixtures\\.server\\.ts$', '^test/', '^scripts/'];

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'app-imports-public-surfaces',
      comment:
        "app/ imports from server/ only a context's `public` or `index.server` (types included), the platform " +
        'modules, and the request context type from `server/context.server`.',
      severity: 'error',
      from: { path: '^app/', pathNot: testsAndTools },
      to: {
        path: '^server/',
        pathNot: [`^${context}${surfaces}`, ...platform, '^server/context\\.server\\.ts$'],
      },
    },
    {
      // The composition root opens the database: a route that imported it at runtime would open a second handle.
      name: 'app-imports-context-server-types-only',
      severity: 'error',
      from: { path: '^app/', pathNot: testsAndTools },
      to: { path: '^server/context\\.server\\.ts$', dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'context-imports-other-context-surfaces',
      comment:
        'A context imports another context only through its `public` or `index.server`, never its tables.',
      severity: 'error',
      from: { path: `^${context}`, pathNot: testsAndTools },
      to: { path: `^${context}`, pathNot: ['^server/$1/', `^${context}${surfaces}`] },
    },
    {
      name: 'entry-point-imports-context-surfaces',
      comment:
        'The process, the composition root (`server/context.server.ts`), the entry point (`server/http`) and the ' +
        "workflows reach a context through its `public` or `index.server` too (or its test fixtures' routes).",
      severity: 'error',
      from: {
        path: '^server/(?:main\\.ts$|context\\.server\\.ts$|http/|workflows/)',
        pathNot: testsAndTools,
      },
      to: {
        path: `^${context}`,
        pathNot: [`^${context}${surfaces}`, `^${context}test-fixtures\\.server\\.ts$`],
      },
    },
    {
      name: 'context-imports-own-schema-only',
      comment:
        'A context queries only its own tables: it imports its own `./schema`, never the `server/db/schema.ts` ' +
        'barrel (kept for drizzle-kit, the migrations, the typed handle, the seed, tests and scripts).',
      severity: 'error',
      from: { path: [`^${context}`, '^server/(?:http|web|workflows)/'], pathNot: testsAndTools },
      to: { path: '^server/db/(?:schema|meta-schema)\\.ts$' },
    },
    {
      name: 'web-helpers-import-no-context',
      comment:
        '`server/web/`, `server/cache/` and `server/jobs/` are the low-level layer every other one uses: they import ' +
        'no context and not the entry point.',
      severity: 'error',
      from: { path: '^server/(?:web|cache|jobs)/' },
      to: { path: `^(?:${context}|server/http/|server/workflows/|server/context\\.server\\.ts$)` },
    },
    {
      name: 'only-the-process-imports-the-entry-point',
      comment: '`server/http` is the entry point: only `server/main.ts`, its tests and scripts import it.',
      severity: 'error',
      from: { path: ['^app/', `^${context}`, '^server/(?:web|workflows|db)/'], pathNot: testsAndTools },
      to: { path: '^server/http/' },
    },
    {
      name: 'no-cycles',
      comment:
        'No import cycle among runtime imports (type-only imports are erased and cannot order module initialisation).',
      severity: 'error',
      from: {},
      to: { circular: true, viaOnly: { dependencyTypesNot: ['type-only', 'dynamic-import'] } },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: ['^build/', '^data/', '^public/', '^node_modules/', '^server/db/migrations/'] },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: {
      extensions: ['.ts', '.tsx', '.js'],
      conditionNames: ['import', 'require', 'node', 'default'],
    },
    skipAnalysisNotInRules: true,
  },
};
