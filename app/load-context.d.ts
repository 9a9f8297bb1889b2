import type { RequestContext } from '../server/context.server';

declare module '@remix-run/node' {
  // The Remix load context is the per-request context built by the HTTP layer.
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface AppLoadContext extends RequestContext {}
}
