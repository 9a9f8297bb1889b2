/**
 * Route tables per URL path (decision 053). Remix matches a document request against the whole route table four
 * times and more (the server's match, the static handler's `query`, React Router's `useRoutes`, and the lazy route
 * discovery's manifest in `<Scripts>` once for the path and once per parent path), each time flattening, ranking
 * and compiling every route's pattern: 15–20 % of a personal render's CPU at 63 routes (profiled, issue 7 §4).
 *
 * The routes a path can match are a function of the path and the route table alone. So a document request (GET or
 * HEAD, not a data or manifest request) is handed to a request handler built over the routes its path and each
 * parent path match, computed once per path with Remix's own `matchRoutes` over the whole table (kept in a bounded
 * LRU), always with the root. Every match over that smaller table finds what it would over the whole one: each
 * path's best-ranked branch is in it, its other branches are a subset of the whole table's, and filtering keeps
 * their order (siblings' indexes compare in the same order). entry.server gives React the manifest of the same
 * routes (`routesOfRequest`), so the page's manifest for lazy discovery is the one the whole table gives.
 */
import { createRequestHandler, type ServerBuild } from '@remix-run/node';
import { matchRoutes } from '@remix-run/react';
import { boundedCache, type BoundedCache } from '../cache/index.server';

type RequestHandler = ReturnType<typeof createRequestHandler>;
/** What matching reads of a route (an index route has no children: `children` is then empty). */
type RouteNode = {
  id: string;
  path?: string;
  index?: boolean;
  caseSensitive?: boolean;
  children?: RouteNode[];
};
type RouteFields = { id: string; parentId?: string; path?: string; index?: boolean; caseSensitive?: boolean };

/** The route tree as Remix builds it from a manifest: children in the manifest's order, grouped by parent. */
function routeTree(manifest: Record<string, RouteFields>): RouteNode[] {
  const byParent = new Map<string, RouteFields[]>();
  for (const route of Object.values(manifest)) {
    const parent = route.parentId ?? '';
    const siblings = byParent.get(parent);
    if (siblings) siblings.push(route);
    else byParent.set(parent, [route]);
  }
  const build = (parentId: string): RouteNode[] =>
    (byParent.get(parentId) ?? []).map((route) => {
      const children = build(route.id);
      return {
        id: route.id,
        path: route.path,
        index: route.index,
        caseSensitive: route.caseSensitive,
        ...(children.length > 0 ? { children } : {}),
      };
    });
  return build('');
}

/**
 * The paths whose matches a page's manifest for lazy route discovery carries (`getPartialManifest` in
 * `@remix-run/react`'s fog-of-war): the path itself and every parent path down to `/`.
 */
export function discoveryPaths(pathname: string): string[] {
  const segments = pathname.split('/').filter(Boolean);
  const paths = [pathname, '/'];
  segments.pop();
  while (segments.length > 0) {
    paths.push(`/${segments.join('/')}`);
    segments.pop();
  }
  return paths;
}

export class RouteSubsets {
  private readonly tree: RouteNode[];
  private readonly rootIds: string[];
  private readonly order: string[];
  private readonly idsByPath: BoundedCache<readonly string[]>;
  /** One array per distinct set of ids, so that the handlers' keys are shared. */
  private readonly interned = new Map<string, readonly string[]>();
  private readonly handlers: BoundedCache<RequestHandler>;
  private readonly whole: RequestHandler;
  private readonly manifestPath: string;

  constructor(
    private readonly build: ServerBuild,
    options: { maxPaths?: number; maxHandlers?: number } = {},
  ) {
    this.tree = routeTree(build.routes);
    this.rootIds = this.tree.map((route) => route.id);
    this.order = Object.keys(build.routes);
    this.idsByPath = boundedCache({ maxEntries: options.maxPaths ?? 5_000 });
    this.handlers = boundedCache({ maxEntries: options.maxHandlers ?? 500 });
    this.whole = createRequestHandler(build, 'production');
    this.manifestPath = `${build.basename ?? '/'}/__manifest`.replace(/\/+/g, '/');
  }

  /** The ids of the routes that `pathname` and each of its parent paths match, and the root's, in manifest order. */
  idsFor(pathname: string): readonly string[] {
    const kept = this.idsByPath.get(pathname);
    if (kept) return kept;
    const ids = new Set(this.rootIds);
    const tree = this.tree as Parameters<typeof matchRoutes>[0];
    for (const path of discoveryPaths(pathname)) {
      for (const match of matchRoutes(tree, path, this.build.basename ?? '/') ?? [])
        ids.add((match.route as RouteNode).id);
    }
    const ordered = this.order.filter((id) => ids.has(id));
    const key = ordered.join('\n');
    let shared = this.interned.get(key);
    if (!shared) {
      shared = ordered;
      this.interned.set(key, shared);
    }
    this.idsByPath.set(pathname, shared);
    return shared;
  }

  /**
   * The handler for a request: a document request's path gets one built over its routes; a data request
   * (`.data`, `?_data`), the lazy-discovery manifest and any other method get the whole table's.
   */
  handlerFor(request: Request): RequestHandler {
    if (request.method !== 'GET' && request.method !== 'HEAD') return this.whole;
    const url = new URL(request.url);
    const { pathname } = url;
    if (pathname.endsWith('.data') || pathname === this.manifestPath || url.searchParams.has('_data'))
      return this.whole;
    const ids = this.idsFor(pathname);
    const key = ids.join('\n');
    let handler = this.handlers.get(key);
    if (!handler) {
      const routes: ServerBuild['routes'] = {};
      for (const id of ids) routes[id] = this.build.routes[id]!;
      handler = createRequestHandler({ ...this.build, routes }, 'production');
      this.handlers.set(key, handler);
    }
    return handler;
  }
}

/**
 * The manifest React renders a document with: the routes the request handler was built over (their route modules
 * are the ones it loaded), so `<Scripts>` and React Router match over the same table as the server did.
 */
const narrowed = new WeakMap<object, Map<string, unknown>>();
export function routesOfRequest<M extends { routes: Record<string, unknown> }>(
  manifest: M,
  routeModules: Record<string, unknown>,
): M {
  const ids = Object.keys(routeModules);
  if (ids.length >= Object.keys(manifest.routes).length) return manifest;
  const key = ids.join('\n');
  let byKey = narrowed.get(manifest);
  if (!byKey) narrowed.set(manifest, (byKey = new Map()));
  let kept = byKey.get(key) as M | undefined;
  if (!kept) {
    const routes: Record<string, unknown> = {};
    for (const id of ids) if (id in manifest.routes) routes[id] = manifest.routes[id];
    kept = { ...manifest, routes };
    // Bounded by the distinct route sets the handlers are built over (RouteSubsets' maxHandlers).
    if (byKey.size >= 1_000) byKey.clear();
    byKey.set(key, kept);
  }
  return kept;
}
