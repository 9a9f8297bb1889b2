import { vitePlugin as remix } from '@remix-run/dev';
import { vanillaExtractPlugin } from '@vanilla-extract/vite-plugin';
import { defineConfig, type Rollup } from 'vite';

declare module '@remix-run/node' {
  interface Future {
    v3_singleFetch: true;
  }
}

const FRAMEWORK =
  /\/node_modules\/(react|react-dom|scheduler|@remix-run\/[\w-]+|react-router|react-router-dom|turbo-stream)\//;
const ROOT_ROUTE = new URL('./app/root.tsx', import.meta.url).pathname;

/**
 * One chunk for the page shell (issue 7 §6): the root route and every module of the app it imports statically (header,
 * footer, panels' frames, consent, the light forms' shell), which every page loads. Left to itself, Rollup splits the
 * ones a page's route module imports too into a dozen small shared chunks, and small files compress badly: the same
 * code costs about 6 KB more gzip that way. A module only a lazily loaded panel or form needs stays out (it is not
 * reachable statically), and so do packages (React, Remix: their own chunk).
 */
function shellChunk(): Rollup.GetManualChunk {
  let shell: Set<string> | null = null;
  return (id, { getModuleInfo }) => {
    if (shell === null) {
      shell = new Set();
      const pending = [ROOT_ROUTE];
      while (pending.length > 0) {
        const next = pending.pop()!;
        if (shell.has(next) || next.includes('/node_modules/')) continue;
        shell.add(next);
        pending.push(...(getModuleInfo(next)?.importedIds ?? []));
      }
    }
    if (FRAMEWORK.test(id)) return 'framework';
    return shell.has(id) ? 'shell' : undefined;
  };
}

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [
    vanillaExtractPlugin(),
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
    rollupOptions: isSsrBuild ? {} : { output: { manualChunks: shellChunk() } },
    // Terser, two passes, for the browser's scripts (issue 7 §6): about 4 % less gzip than esbuild's minifier
    // (3.5 KB of the framework chunk alone), for some seconds more of build. The server build is not minified.
    ...(isSsrBuild
      ? {}
      : {
          minify: 'terser' as const,
          terserOptions: { module: true, ecma: 2020 as const, compress: { passes: 2 } },
        }),
  },
  server: { hmr: { port: Number(process.env.HMR_PORT ?? 24678) } },
}));
