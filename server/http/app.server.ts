import crypto from 'node:crypto';
import path from 'node:path';
import { createRequestHandler } from '@remix-run/express';
import type { ServerBuild } from '@remix-run/node';
import compression from 'compression';
import express, { type NextFunction, type Request, type Response } from 'express';
import type { RequestContext, Services } from '../context.server';
import { newNonce, originCheck, securityHeaders } from './security';
import { ServerTiming } from './timing';

export type HttpAppOptions = {
  services: Services;
  /** Production: the built server bundle and the folder of built client files. */
  build?: { server: ServerBuild; clientDir: string };
  /** Development: Vite's dev server in middleware mode. */
  vite?: {
    middlewares: express.RequestHandler;
    ssrLoadModule(id: string): Promise<Record<string, unknown>>;
  };
};

const REQUEST_ID = /^[A-Za-z0-9_.:-]{1,64}$/;

/** Builds the per-request context, echoes the request id, adds `Server-Timing` and logs each response. */
function requestContext(services: Services) {
  return (req: Request, res: Response, next: NextFunction) => {
    const incoming = req.get('x-request-id');
    const requestId = incoming && REQUEST_ID.test(incoming) ? incoming : crypto.randomUUID();
    const started = performance.now();
    const timing = new ServerTiming();
    const context: RequestContext = {
      services,
      requestId,
      cspNonce: newNonce(),
      timing,
      logger: services.logger.child({ requestId }),
    };
    res.locals.requestContext = context;
    res.setHeader('X-Request-Id', requestId);

    // Headers go out at writeHead: that is the last moment to report the timings gathered so far.
    const writeHead = res.writeHead;
    res.writeHead = function patchedWriteHead(this: Response, ...args: Parameters<Response['writeHead']>) {
      if (!res.headersSent) {
        const existing = res.getHeader('Server-Timing');
        const ours = timing.header({ total: performance.now() - started });
        res.setHeader('Server-Timing', existing ? `${String(existing)}, ${ours}` : ours);
      }
      return writeHead.apply(this, args);
    } as Response['writeHead'];

    res.on('finish', () => {
      context.logger.info('request', {
        method: req.method,
        path: req.path,
        status: res.statusCode,
        durationMs: Math.round((performance.now() - started) * 10) / 10,
      });
    });
    next();
  };
}

export function createHttpApp(options: HttpAppOptions): express.Express {
  const { services } = options;
  const { config } = services;
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', config.trustProxy);

  app.use(requestContext(services));
  app.use(
    securityHeaders({
      development: Boolean(options.vite),
      https: config.publicUrl?.startsWith('https://') ?? false,
    }),
  );
  app.use(compression());

  if (options.vite) {
    app.use(options.vite.middlewares);
  } else if (options.build) {
    const { clientDir } = options.build;
    // Fingerprinted build output never changes under the same name.
    app.use(
      '/assets',
      express.static(path.join(clientDir, 'assets'), { immutable: true, maxAge: '1y', index: false }),
    );
    app.use(express.static(clientDir, { maxAge: '1h', index: false }));
  }
  if (config.benchStaticDir) {
    // The benchmark's baseline: the same page bytes served as files by this same server.
    app.use('/__static', express.static(config.benchStaticDir, { index: false }));
  }

  app.use(originCheck(config.publicUrl));

  const getLoadContext = (_req: Request, res: Response): RequestContext => res.locals.requestContext;
  const vite = options.vite;
  const handler = vite
    ? createRequestHandler({
        build: () => vite.ssrLoadModule('virtual:remix/server-build') as unknown as Promise<ServerBuild>,
        mode: 'development',
        getLoadContext,
      })
    : createRequestHandler({ build: options.build!.server, mode: 'production', getLoadContext });
  app.all('*', handler);

  app.use((error: unknown, req: Request, res: Response, _next: NextFunction) => {
    const context = res.locals.requestContext as RequestContext | undefined;
    (context?.logger ?? services.logger).error('unhandled request error', { error, path: req.path });
    if (!res.headersSent) res.status(500).type('text/plain').send('Internal Server Error');
    else res.end();
  });
  return app;
}
