import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { setCookieHeader } from '../../server/web/cookies.server';
import { startHttpApp, type Reply, type RunningApp } from '../helpers/http-app';

/**
 * Route tables per URL path (server/web/route-subsets.server.ts, decision 053) change what a request is matched
 * against, never what it gets: every page here, personal and anonymous, is the same answer from an app that
 * matches against the whole route table, down to the manifest the page gives lazy route discovery.
 */
let app: RunningApp;
let whole: RunningApp;
let cartCookie: string;

beforeAll(async () => {
  app = await startHttpApp({ env: { MICRO_CACHE_TTL_MS: '0' } });
  whole = await (app as Awaited<ReturnType<typeof startHttpApp>>).alsoServe({ routeSubsets: false });
  cartCookie = setCookieHeader('cart', crypto.randomUUID(), app.services.config.cookies).split(';')[0]!;
});

afterAll(async () => {
  await app?.close();
});

/** What differs between two answers by design: nonces, request ids, form idempotency keys, timings. */
function comparable(reply: Reply) {
  const body = reply.text
    .replace(/nonce="[^"]*"/g, 'nonce=""')
    .replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g, 'UUID')
    .replace(/name="_key" value="[^"]*"/g, 'name="_key" value=""');
  return {
    status: reply.status,
    location: reply.headers.location,
    type: reply.headers['content-type'],
    body,
  };
}

const manifestRoutes = (html: string) => {
  const manifest = /window\.__remixManifest = (\{[\s\S]*?\});\n/.exec(html)?.[1];
  return manifest ? Object.keys((JSON.parse(manifest) as { routes: object }).routes).sort() : null;
};

describe('route tables per path', () => {
  test('pages are the same as when matched against the whole route table', async () => {
    const home = await app.request('/');
    const category = /href="(\/mens\/[a-z0-9-]+\/)"/.exec(home.text)?.[1];
    expect(category, 'a category link on the home page').toBeDefined();
    const product = /href="(\/products\/[^"?]+)"/.exec((await app.request(category!)).text)?.[1];
    expect(product, 'a product link on a category page').toBeDefined();
    const productIndex = product!.slice(0, product!.lastIndexOf('/') + 1);
    const paths = [
      '/',
      '/?utm_campaign=x',
      '/?cart',
      '/?login',
      category!,
      `${category!}?sort=price-asc`,
      category!.slice(0, -1),
      product!,
      `${product!}?size=M`,
      productIndex,
      '/products/no-such-product/Black',
      '/cart',
      '/account/',
      '/account/orders',
      '/help/shipping',
      '/search?q=jacket',
      '/cookie-settings',
      '/warranties/repair/',
      '/no/such/page',
      '/robots.txt',
    ];
    let manifests = 0;
    for (const path of paths) {
      for (const headers of [{ Cookie: cartCookie }, {}] as Record<string, string>[]) {
        const [narrow, full] = await Promise.all([
          app.request(path, { headers }),
          whole.request(path, { headers }),
        ]);
        expect(comparable(narrow), `${path} ${JSON.stringify(headers)}`).toEqual(comparable(full));
        const routes = manifestRoutes(narrow.text);
        if (routes) {
          manifests += 1;
          expect(routes).toEqual(manifestRoutes(full.text));
        }
      }
    }
    expect(manifests, 'pages that carry a manifest for lazy route discovery').toBeGreaterThan(20);
    expect(app.takeErrors()).toEqual([]);
  });

  test('data requests and lazy route discovery answer as before', async () => {
    const home = await app.request('/');
    const category = /href="(\/mens\/[a-z0-9-]+)\/"/.exec(home.text)![1]!;
    for (const path of [
      `${category}.data`,
      '/_root.data',
      `/__manifest?p=${encodeURIComponent(category + '/')}&version=x`,
    ]) {
      const [narrow, full] = await Promise.all([app.request(path), whole.request(path)]);
      expect(narrow.status, path).toBe(full.status);
      expect(narrow.text, path).toBe(full.text);
    }
  });
});
