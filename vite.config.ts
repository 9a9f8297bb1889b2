import { vitePlugin as remix } from '@remix-run/dev';
import { vanillaExtractPlugin } from '@vanilla-extract/vite-plugin';
import { defineConfig } from 'vite';

declare module '@remix-run/node' {
  interface Future {
    v3_singleFetch: true;
  }
}

export default defineConfig({
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
  build: { target: 'es2022' },
  server: { hmr: { port: Number(process.env.HMR_PORT ?? 24678) } },
});
