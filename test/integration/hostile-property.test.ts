import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { ServerBuild } from '@remix-run/node';
import { count } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { analyticsEvents, backInStockRequests, formSubmissions, mailOutbox } from '../../server/db/schema';
import { startHttpApp, type RunningApp } from '../helpers/http-app';
import { sendRaw, type RawReply } from '../hostile/raw-http';

/**
 * Issue 8 §8, the property test: arbitrary and hostile query strings to every route with a loader, and arbitrary
 * and hostile bodies to every route with an action, against the production build. The routes come from the
 * build's route manifest, so a new route joins by being a route. Every answer is a 2xx, 3xx or 4xx with a message,
 * never a 5xx or a stack trace, and a refused POST writes no row.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const LOADER_RUNS = 160;
const ACTION_RUNS = 120;

let app: RunningApp;
let routes: { pattern: string; action: boolean }[];
let products: { url: string; color: string }[];
let categories: string[];
let sent = 0;
/** Answers by status, printed at the end: the spread shows the generators reach past the edge's 400s. */
const statuses = new Map<number, number>();
const tally = (reply: RawReply) => {
  sent += 1;
  statuses.set(reply.status, (statuses.get(reply.status) ?? 0) + 1);
};

/** URL patterns (`products/:url/:color`, `*`) of the build's routes, joined with their parents'. */
function routePatterns(build: ServerBuild): { pattern: string; action: boolean }[] {
  const full = (id: string): string => {
    const route = build.routes[id]!;
    const own = route.path ?? '';
    const parent = route.parentId ? full(route.parentId) : '';
    return [parent, own].filter(Boolean).join('/');
  };
  return Object.keys(build.routes)
    .filter((id) => id !== 'root')
    .map((id) => ({ pattern: `/${full(id)}`, action: Boolean(build.routes[id]!.module.action) }));
}

beforeAll(async () => {
  app = await startHttpApp();
  const build = (await import(pathToFileURL(path.join(root, 'build/server/index.js')).href)) as ServerBuild;
  routes = routePatterns(build);
  const sitemap = await sendRaw(app.origin, { method: 'GET', target: '/sitemap.xml' });
  const paths = [...sitemap.body.matchAll(/<loc>([^<]+)<\/loc>/g)].map(
    (match) => new URL(match[1]!).pathname,
  );
  products = paths
    .filter((p) => p.startsWith('/products/'))
    .map((p) => {
      const [, , url = '', color = ''] = p.split('/');
      return { url, color };
    });
  categories = paths.filter((p) => p !== '/' && p.endsWith('/'));
  expect(routes.length).toBeGreaterThan(10);
  expect(products.length).toBeGreaterThan(0);
});

afterAll(async () => {
  await app?.close();
  // The number of requests this file sent (issue 8: "with the number of requests it sent").
  const spread = [...statuses].sort(([a], [b]) => a - b).map(([status, n]) => `${status}: ${n}`);
  process.stdout.write(`[hostile-property] ${sent} requests sent (${spread.join(', ')})\n`);
});

afterEach(() => {
  const logged = app.takeErrors();
  expect(logged, `the app logged errors:\n${logged.join('\n')}`).toEqual([]);
});

/** Percent-encodes every byte but the unreserved ones; a lone surrogate goes out as its 3-byte (CESU-8) form. */
function percentEncode(text: string): string {
  let out = '';
  for (const char of text) {
    const code = char.charCodeAt(0);
    const bytes =
      char.length === 1 && code >= 0xd800 && code <= 0xdfff
        ? [0xe0 | (code >> 12), 0x80 | ((code >> 6) & 0x3f), 0x80 | (code & 0x3f)]
        : [...Buffer.from(char, 'utf8')];
    for (const byte of bytes) {
      const c = String.fromCharCode(byte);
      out += /[A-Za-z0-9._~-]/.test(c) ? c : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
    }
  }
  return out;
}

/** Hostile text: NUL, lone surrogates, SQL and HTML fragments, huge numbers, controls, long strings, any text. */
const hostileText = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 20 }),
  fc.constantFrom(
    '\u0000',
    'a\u0000b',
    '\uD800',
    '\uDFFF',
    "' OR 1=1--",
    "'; DROP TABLE products;--",
    '<script>alert(1)</script>',
    '"><img src=x onerror=alert(1)>',
    '2147483648',
    '-1',
    '1e309',
    'NaN',
    '99999999999999999999',
    '//evil.example',
    '/\\evil.example',
    'javascript:alert(1)',
    '\r\nSet-Cookie: x=1',
    'shopper@example.com',
    'a'.repeat(5_000),
  ),
);
/** Raw pieces of a query or path that are not valid escapes at all. */
const malformedEscape = fc.constantFrom('%', '%zz', '%E0%A4%A', '%C3%28', '%ED%A0%80', '%00', '%F0%9F');

const knownParams = fc.constantFrom(
  'q',
  'size',
  'color',
  'sort',
  'page',
  'ids',
  'sku',
  'redirectTo',
  'filters',
  'utm_source',
  'gclid',
  'cart',
  'login',
  'size-chart',
  'resultsPerPage',
);
const param = fc.tuple(fc.oneof(knownParams, hostileText), fc.oneof(hostileText, fc.integer().map(String)));
const queryString = fc
  .tuple(fc.array(param, { maxLength: 6 }), fc.option(malformedEscape, { freq: 4 }))
  .map(([pairs, broken]) => {
    const query = pairs.map(([name, value]) => `${percentEncode(name)}=${percentEncode(value)}`).join('&');
    return broken === null ? query : `${query}&x=${broken}`;
  });

/** A concrete path for a route pattern: real products and categories, or hostile values in their place. */
function pathFor(pattern: string, pick: { index: number; hostile: string | null }): string {
  const product = products[pick.index % products.length]!;
  const category = categories[pick.index % categories.length] ?? '/';
  const hostile = pick.hostile === null ? null : percentEncode(pick.hostile) || '%00';
  return pattern
    .replace(':url', hostile ?? product.url)
    .replace(':color', product.color)
    .replace('/*', hostile === null ? category.replace(/\/$/, '') : `/${hostile}`);
}

const pathPick = fc.record({
  index: fc.nat(),
  hostile: fc.option(hostileText, { freq: 3 }),
});

/** Complaints about one answer. */
function complaints(reply: RawReply): string[] {
  const found: string[] = [];
  if (reply.status < 200 || reply.status >= 500) found.push(`status ${reply.status}`);
  if (reply.status >= 400 && reply.body.trim() === '') found.push('an error without a message');
  if (/\n\s+at [^\n]+:\d+:\d+\)?/.test(reply.body)) found.push('a stack trace in the body');
  return found;
}

async function writtenRows(): Promise<number[]> {
  const { db } = app.services;
  return Promise.all(
    [backInStockRequests, mailOutbox, formSubmissions, analyticsEvents].map(async (table) => {
      const [row] = await db.select({ n: count() }).from(table);
      return row?.n ?? 0;
    }),
  );
}

describe('hostile input, generated (fast-check)', () => {
  test(`${LOADER_RUNS} arbitrary query strings to every loader: never a 5xx`, async () => {
    await fc.assert(
      fc.asyncProperty(fc.nat(), pathPick, queryString, async (routeIndex, pick, query) => {
        const route = routes[routeIndex % routes.length]!;
        const target = `${pathFor(route.pattern, pick)}${query ? `?${query}` : ''}`;
        const reply = await sendRaw(app.origin, { method: 'GET', target });
        tally(reply);
        expect(complaints(reply), `GET ${target} → ${reply.status} ${reply.body.slice(0, 200)}`).toEqual([]);
      }),
      { numRuns: LOADER_RUNS },
    );
  });

  const contentType = fc.constantFrom(
    'application/x-www-form-urlencoded',
    'application/x-www-form-urlencoded',
    'application/x-www-form-urlencoded',
    'multipart/form-data; boundary=XYZ',
    'application/json',
    'text/plain',
    'application/xml',
    '',
  );
  const field = fc.tuple(
    fc.oneof(
      fc.constantFrom('email', 'sku', 'redirectTo', '_key', 'intent', 'C0002', 'C0003', 'event', 'website'),
      hostileText,
    ),
    hostileText,
  );
  const formBody = fc.tuple(
    fc.array(field, { maxLength: 8 }),
    fc.boolean(),
    fc.option(fc.constant('x'.repeat(1024 * 1024)), { freq: 10 }),
  );

  function encodeBody(type: string, fields: [string, string][], huge: string | null): string {
    const all: [string, string][] = huge === null ? fields : [...fields, ['email', huge]];
    if (type.startsWith('multipart/')) {
      return (
        all
          .map(
            ([name, value]) => `--XYZ\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
          )
          .join('') + '--XYZ--\r\n'
      );
    }
    if (type === 'application/json') return JSON.stringify(Object.fromEntries(all));
    return all.map(([name, value]) => `${percentEncode(name)}=${percentEncode(value)}`).join('&');
  }

  test(`${ACTION_RUNS} arbitrary bodies to every action: never a 5xx, and a refused one writes nothing`, async () => {
    const actions = routes.filter((route) => route.action);
    expect(actions.length).toBeGreaterThan(0);
    await fc.assert(
      fc.asyncProperty(
        fc.nat(),
        pathPick,
        contentType,
        formBody,
        async (routeIndex, pick, type, [fields, duplicate, huge]) => {
          const route = actions[routeIndex % actions.length]!;
          const target = pathFor(route.pattern, { ...pick, hostile: null });
          const all = duplicate && fields[0] ? [...fields, fields[0]] : fields;
          const before = await writtenRows();
          const reply = await sendRaw(app.origin, {
            method: 'POST',
            target,
            headers: { Origin: app.origin, ...(type ? { 'Content-Type': type } : {}) },
            body: encodeBody(type, all, huge),
          });
          tally(reply);
          expect(
            complaints(reply),
            `POST ${target} (${type}) → ${reply.status} ${reply.body.slice(0, 200)}`,
          ).toEqual([]);
          if (reply.status >= 400)
            expect(await writtenRows(), `POST ${target} → ${reply.status}`).toEqual(before);
        },
      ),
      { numRuns: ACTION_RUNS },
    );
  });
});
