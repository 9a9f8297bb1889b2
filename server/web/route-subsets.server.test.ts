import type { ServerBuild } from '@remix-run/node';
import { describe, expect, test } from 'vitest';
import { discoveryPaths, RouteSubsets, routesOfRequest } from './route-subsets.server';

/** A route table shaped like the store's: a root, an index, nested product routes, static pages and a splat. */
const routeFields = [
  { id: 'root', path: '' },
  { id: 'routes/_index', parentId: 'root', index: true },
  { id: 'routes/products.$url.$color', parentId: 'root', path: 'products/:url/:color' },
  { id: 'routes/products.$url._index', parentId: 'root', path: 'products/:url/', index: true },
  { id: 'routes/account', parentId: 'root', path: 'account' },
  { id: 'routes/account._index', parentId: 'routes/account', index: true },
  { id: 'routes/account.orders', parentId: 'routes/account', path: 'orders' },
  { id: 'routes/help.$slug', parentId: 'root', path: 'help/:slug' },
  { id: 'routes/cart', parentId: 'root', path: 'cart' },
  { id: 'routes/$', parentId: 'root', path: '*' },
];
const build = {
  routes: Object.fromEntries(routeFields.map((route) => [route.id, { ...route, module: {} }])),
  entry: { module: {} },
  assets: { routes: {} },
  future: {},
} as unknown as ServerBuild;

describe('discoveryPaths', () => {
  test('the path itself and every parent path down to /, as lazy route discovery matches them', () => {
    expect(discoveryPaths('/products/jacket/Black')).toEqual([
      '/products/jacket/Black',
      '/',
      '/products/jacket',
      '/products',
    ]);
    expect(discoveryPaths('/mens/jackets/')).toEqual(['/mens/jackets/', '/', '/mens']);
    expect(discoveryPaths('/')).toEqual(['/', '/']);
  });
});

describe('RouteSubsets', () => {
  const subsets = new RouteSubsets(build);

  test("a path's routes: its own match and its parent paths' (index routes included), the root always", () => {
    // `/products/jacket/Black` matches the colour route, `/products/jacket` the index, `/products` the splat, `/` the index.
    expect(subsets.idsFor('/products/jacket/Black')).toEqual([
      'root',
      'routes/_index',
      'routes/products.$url.$color',
      'routes/products.$url._index',
      'routes/$',
    ]);
  });

  test('a nested path brings its layout and the layout index of its parent path', () => {
    expect(subsets.idsFor('/account/orders')).toEqual([
      'root',
      'routes/_index',
      'routes/account',
      'routes/account._index',
      'routes/account.orders',
    ]);
  });

  test('a path no specific route claims gets the splat; ids come in manifest order and are shared', () => {
    expect(subsets.idsFor('/mens/jackets/')).toEqual(['root', 'routes/_index', 'routes/$']);
    expect(subsets.idsFor('/womens/vests/')).toBe(subsets.idsFor('/mens/jackets/'));
  });

  test('documents of paths with the same routes share a handler; data, manifest and POST requests get the whole table', () => {
    const document = (path: string, init?: RequestInit) => new Request(`http://store.test${path}`, init);
    const mens = subsets.handlerFor(document('/mens/jackets/'));
    expect(subsets.handlerFor(document('/womens/vests/?page=2'))).toBe(mens);
    expect(subsets.handlerFor(document('/cart'))).not.toBe(mens);
    const whole = subsets.handlerFor(document('/mens/jackets.data'));
    expect(whole).not.toBe(mens);
    expect(subsets.handlerFor(document('/__manifest?p=/cart&version=x'))).toBe(whole);
    expect(subsets.handlerFor(document('/cart?_data=root'))).toBe(whole);
    expect(subsets.handlerFor(document('/cart', { method: 'POST', body: '' }))).toBe(whole);
    expect(subsets.handlerFor(document('/cart', { method: 'HEAD' }))).toBe(
      subsets.handlerFor(document('/cart')),
    );
  });
});

describe('routesOfRequest', () => {
  const manifest = { version: 'v1', routes: { root: { id: 'root' }, a: { id: 'a' }, b: { id: 'b' } } };

  test('keeps the manifest routes whose modules the request loaded, the same object for the same set', () => {
    const narrowed = routesOfRequest(manifest, { root: {}, b: {} });
    expect(narrowed).toEqual({ version: 'v1', routes: { root: { id: 'root' }, b: { id: 'b' } } });
    expect(routesOfRequest(manifest, { root: {}, b: {} })).toBe(narrowed);
  });

  test('a request matched against the whole table gets the whole manifest', () => {
    expect(routesOfRequest(manifest, { root: {}, a: {}, b: {} })).toBe(manifest);
  });
});
