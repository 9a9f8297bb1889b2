import { vitePlugin as remix } from '@remix-run/dev';
import { vanillaExtractPlugin } from '@vanilla-extract/vite-plugin';
import fs from 'node:fs';
import path from 'node:path';
import { defineConfig, type Plugin, type Rollup } from 'vite';

declare module '@remix-run/node' {
  interface Future {
    v3_singleFetch: true;
  }
}

const FRAMEWORK =
  /\/node_modules\/(react|react-dom|scheduler|@remix-run\/[\w-]+|react-router|react-router-dom|turbo-stream)\//;
/**
 * What a product card shows (price, its formatting, rating, swatches, its hydration mark), which the category, search and
 * product pages all load: one chunk instead of four small ones (decision 052).
 */
const CARD =
  /\/(app\/components\/catalogue\/((price|rating-summary|swatch|listing-hydrated)(\.css)?|(product-card|recommendations)\.css)\.tsx?|server\/pricing\/format\.ts|server\/catalogue\/ratings\.ts)($|\?)/;
/**
 * The product card's component (with the list item that pastes its cached markup on the server, decision 058):
 * listings load it at once, the product page only when its strips need it (its "You
 * may also like" block near the viewport, decision 057), so it is a chunk of its own rather than part of `card`. Its
 * styles and the strip's stay in `card`: the product page's HTML carries the strip's cards, styled without JavaScript
 * (and the strip's chunk then imports them from `card`, not from the product page's route chunk).
 */
const PRODUCT_CARD = /\/app\/components\/catalogue\/(product-card|card-markup)\.tsx($|\?)/;
/**
 * The product page's chunk (decision 063): its route module (the module Remix's client build makes of it,
 * `?__remix-build-client-route`, and the route's file) with its wrappers of code it loads later (the back-in-stock
 * form's, the size chart modal's with the link that opens the chart). Left to itself, Rollup gives the wrappers and
 * the small modules the route shares with lazily loaded code chunks of their own, each a request that compresses
 * badly (decision 056 had merged the wrappers into a `product-lazy` chunk). A manual chunk takes the static
 * dependencies of its modules with it unless another manual chunk claims them, so the modules the route shares with
 * other pages or with their lazily loaded code keep a chunk of their own (`SHARED_WITH_PRODUCT`): otherwise those
 * pages would load the product page's chunk for them.
 */
const PRODUCT_ROUTE = /\/app\/routes\/products\.\$url\.\$color\.tsx($|\?)/;
const PRODUCT_LAZY = /\/app\/components\/catalogue\/(back-in-stock-lazy\.tsx|size-chart\.tsx)($|\?)/;
const SHARED_WITH_PRODUCT = {
  // The category page's breadcrumbs (and their JSON-LD element).
  breadcrumbs: /\/app\/components\/(breadcrumbs\.tsx|seo\/json-ld\.tsx)($|\?)/,
  // The cart's styles and Add to Cart's action and form flags, one chunk: Add to Cart's form imports both, and so do
  // the cart's panel and pages (the cart's forms, cart-forms.ts, build their schema from the flags). The styles'
  // import puts the cart's stylesheet in the product page's document, for a cart panel the server renders open.
  'cart-shared': /\/app\/components\/cart\/(cart\.css|add-to-cart-action)\.ts($|\?)/,
  // The back-in-stock form's id and action: the shell's, as when the client entry imported them (the confirmation
  // page and the form's schema import them too).
  shell: /\/app\/components\/catalogue\/back-in-stock-action\.ts($|\?)/,
  // The size chart's styles: the help pages' size charts (size-chart-modal.tsx's table) import them too.
  'size-chart.css': /\/app\/components\/catalogue\/size-chart\.css\.ts($|\?)/,
};
/**
 * The form kit in two chunks (decision 110). `kit`: conform (React and DOM halves) with the kit's hooks, which a page
 * with a kit form loads with its first scripts. `kit-zod`: zod, conform's zod adapter and the modules that read a
 * schema, which a page whose forms are validated lazily loads when the shopper first touches one, and a page with
 * `useKitForm` loads at once. Left to itself Rollup split them into five smaller chunks (zod's, the adapter's, each
 * hook's), 1 to 3 KB more per page for the same code.
 */
const KIT =
  /\/(node_modules\/@conform-to\/(react|dom)\/|app\/components\/forms\/(kit-form-core|use-lazy-kit-form)\.ts)/;
const KIT_ZOD =
  /\/(node_modules\/(zod|@conform-to\/zod)\/|app\/components\/forms\/(use-kit-form|kit-validation)\.ts)/;
const ROOT_ROUTE = new URL('./app/root.tsx', import.meta.url).pathname;
/** The module Remix's client build makes of a route (its browser exports), the entry the manifest names. */
const CLIENT_ROUTE_QUERY = '?__remix-build-client-route';
const PRODUCT_ROUTE_FILE = new URL('./app/routes/products.$url.$color.tsx', import.meta.url).pathname;
const CLIENT_ENTRY = new URL('./app/entry.client.tsx', import.meta.url).pathname;

/**
 * One chunk for the page shell (issue 7 §6): the root route and every module of the app it imports statically (header,
 * footer, panels' frames, consent, the light forms' shell), which every page loads. Left to itself, Rollup splits the
 * ones a page's route module imports too into a dozen small shared chunks, and small files compress badly: the same
 * code costs about 6 KB more gzip that way. A module only a lazily loaded panel or form needs stays out (it is not
 * reachable statically), and so do packages (React, Remix: their own chunk).
 *
 * A re-export is followed only for the names the shell imports through it (decision 052): a context's `public.ts`
 * re-exports a dozen modules, and the root reads one constant from `server/identity/public`; following all of its
 * imports put the password policy, the phone format and the sign-in messages, which only the lazily loaded panels'
 * forms use, into every page's shell.
 */
function shellChunk(): Rollup.GetManualChunk {
  let shell: Set<string> | null = null;
  return (id, { getModuleInfo }) => {
    if (shell === null) {
      // The root's client module too (decision 063): its exports are the shell chunk's, without a file of its own
      // that only re-exports them (entriesMayExportMore).
      shell = new Set([ROOT_ROUTE + CLIENT_ROUTE_QUERY]);
      // The client entry's own imports too (decision 056): a chunk of their own otherwise, loaded by every page.
      const pending = [ROOT_ROUTE, ...(getModuleInfo(CLIENT_ENTRY)?.importedIds ?? [])];
      while (pending.length > 0) {
        const next = pending.pop()!;
        if (shell.has(next) || next.includes('/node_modules/')) continue;
        shell.add(next);
        pending.push(...(getModuleInfo(next)?.importedIds ?? []));
      }
    }
    if (FRAMEWORK.test(id)) return 'framework';
    if (shell.has(id)) return 'shell';
    if (KIT.test(id)) return 'kit';
    if (KIT_ZOD.test(id)) return 'kit-zod';
    if (PRODUCT_CARD.test(id)) return 'product-card';
    if (PRODUCT_ROUTE.test(id) || PRODUCT_LAZY.test(id)) return 'product';
    for (const [chunk, modules] of Object.entries(SHARED_WITH_PRODUCT)) if (modules.test(id)) return chunk;
    return CARD.test(id) ? 'card' : undefined;
  };
}

/**
 * The root's and the product page's chunks may export more than the route's own exports (decision 063). Remix asks
 * Rollup to keep each entry's exports exactly (`preserveEntrySignatures: 'exports-only'`), so a route module that
 * shares a chunk with modules other chunks import (the root in the shell, the product route with the wrappers
 * `entry.client.tsx` loads) got a file of its own that only re-exports the route's names from that chunk: another
 * request and about 0.2 KB gzip per page. With `allow-extension` for these two entries the chunk exports the route's
 * names and its own (short, mangled ones Remix never reads). Per entry rather than for the whole build: Rollup leaves
 * out a resource route's empty client module with `allow-extension`, and Remix then finds no chunk for it.
 * The browser's build only.
 */
function entriesMayExportMore(ids: readonly string[]): Plugin {
  return {
    name: 'storefront:entries-may-export-more',
    apply: 'build',
    buildStart() {
      for (const id of ids) this.emitFile({ type: 'chunk', id, preserveSignature: 'allow-extension' });
    },
  };
}

/** A context's browser-safe surface (issue 7 §8): re-exports of the context's modules. */
const PUBLIC_MODULE = /\/server\/[a-z-]+\/public\.ts$/;
const REEXPORT_LIST = /(?<!type\s)export\s*\{([^}]*)\}\s*from\s*['"](\.[^'"]+)['"]/g;

/**
 * Imports through a context's `public.ts` go straight to the module that defines each name (decision 052), in the
 * browser's build only. Rollup places every module a re-export names in the chunk of whoever imports the `public`
 * module, used or not: the root reads one constant through `server/identity/public`, and the password policy, the
 * phone format and the sign-in messages, which only the lazily loaded panels use, went to every page's shell with
 * it. The sources keep importing the `public` module (the lint rule of issue 7 §8); an import that names anything
 * the `public` module does not re-export by name (an `export *`, a declaration of its own) is left as it is.
 */
function directPublicImports(): Plugin {
  const surfaces = new Map<string, Map<string, { from: string; name: string }>>();
  const surface = (file: string) => {
    let names = surfaces.get(file);
    if (!names) {
      names = new Map();
      const text = fs.readFileSync(file, 'utf8').replace(/\/\*[\s\S]*?\*\/|\/\/.*$/gm, '');
      for (const [, list, source] of text.matchAll(REEXPORT_LIST)) {
        const from = path.resolve(path.dirname(file), source!);
        for (const item of list!.split(',')) {
          const [name, alias] = item.trim().split(/\s+as\s+/);
          if (!name || name.startsWith('type ')) continue;
          names.set(alias ?? name, { from, name });
        }
      }
      surfaces.set(file, names);
    }
    return names;
  };
  return {
    name: 'storefront:direct-public-imports',
    apply: 'build',
    enforce: 'post',
    async transform(code, id, options) {
      if (options?.ssr || id.includes('/node_modules/') || !code.includes('/public')) return null;
      const edits: { start: number; end: number; text: string }[] = [];
      for (const node of this.parse(code).body) {
        if (node.type !== 'ImportDeclaration' || typeof node.source.value !== 'string') continue;
        if (!node.source.value.endsWith('/public') || node.specifiers.length === 0) continue;
        const resolved = (await this.resolve(node.source.value, id))?.id.split('?')[0];
        if (!resolved || !PUBLIC_MODULE.test(resolved)) continue;
        const names = surface(resolved);
        const direct = node.specifiers.map((spec) =>
          spec.type === 'ImportSpecifier' && spec.imported.type === 'Identifier'
            ? { origin: names.get(spec.imported.name), local: spec.local.name }
            : { origin: undefined, local: spec.local.name },
        );
        if (direct.some(({ origin }) => !origin)) continue;
        const text = direct
          .map(
            ({ origin, local }) =>
              `import { ${origin!.name} as ${local} } from ${JSON.stringify(`${origin!.from}`)};`,
          )
          .join('');
        const { start, end } = node as unknown as { start: number; end: number };
        edits.push({ start, end, text });
      }
      if (edits.length === 0) return null;
      let next = code;
      for (const { start, end, text } of edits.reverse())
        next = next.slice(0, start) + text + next.slice(end);
      return { code: next, map: null };
    },
  };
}

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [
    vanillaExtractPlugin(),
    directPublicImports(),
    ...(isSsrBuild
      ? []
      : [entriesMayExportMore([ROOT_ROUTE + CLIENT_ROUTE_QUERY, PRODUCT_ROUTE_FILE + CLIENT_ROUTE_QUERY])]),
    remix({
      // Styles, tests and helpers beside a route must not become routes of their own.
      ignoredRouteFiles: ['**/*.css.ts', '**/*.test.*', '**/*.server.ts'],
      future: {
        v3_fetcherPersist: true,
        v3_relativeSplatPath: true,
        v3_throwAbortReason: true,
        v3_singleFetch: true,
        v3_lazyRouteDiscovery: true,
      },
    }),
  ],
  resolve: { alias: { '~': new URL('./app', import.meta.url).pathname } },
  build: {
    target: 'es2022',
    rollupOptions: isSsrBuild
      ? {}
      : {
          output: { manualChunks: shellChunk() },
          ...(process.env.JS_MSE
            ? { treeshake: { moduleSideEffects: (id: string) => !id.includes('/server/') } }
            : {}),
        },
    // Terser, two passes, for the browser's scripts (issue 7 §6): about 4 % less gzip than esbuild's minifier
    // (3.5 KB of the framework chunk alone), for some seconds more of build. The server build is not minified.
    // `pure_getters`: reading a property has no side effect (no code here forces a layout by reading `offsetHeight`
    // and dropping the value); it lets terser drop reads whose value is unused, 0.5 KB (decision 052).
    ...(isSsrBuild
      ? {}
      : {
          minify: 'terser' as const,
          terserOptions: { module: true, ecma: 2020 as const, compress: { passes: 2, pure_getters: true } },
        }),
  },
  server: { hmr: { port: Number(process.env.HMR_PORT ?? 24678) } },
}));
