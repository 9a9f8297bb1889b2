import { once } from 'node:events';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import zlib from 'node:zlib';
import type { ServerBuild } from '@remix-run/node';
import { systemClock } from '../../server/clock';
import { loadConfig } from '../../server/config.server';
import { createServices, type Services } from '../../server/context.server';
import { seedDatabase } from '../../server/db/seed/index';
import { createHttpApp, type HttpAppOptions } from '../../server/http/app.server';
import { createLogger } from '../../server/logger';
import { createTestDatabase, type Engine, type TestDatabase } from './database';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export type Reply = { status: number; headers: http.IncomingHttpHeaders; raw: Buffer; text: string };
export type RequestOptions = { method?: string; headers?: Record<string, string>; body?: string };

export type RunningApp = {
  origin: string;
  services: Services;
  /** Lines the app logged at level error since the last call. */
  takeErrors(): string[];
  request(pathname: string, options?: RequestOptions): Promise<Reply>;
  close(): Promise<void>;
};

/**
 * The production HTTP app in-process over a seeded in-memory PGlite (the production build made by the
 * integration global setup), listening on an ephemeral port of 127.0.0.1. Extra apps over the same services
 * (other micro-cache settings) come from `alsoServe`; their absolute URLs still name the first one's origin.
 */
export async function startHttpApp(
  options: { products?: number; env?: Record<string, string>; engine?: Engine } & Pick<
    HttpAppOptions,
    'microCache'
  > = {},
): Promise<
  RunningApp & {
    alsoServe(
      extra: Pick<HttpAppOptions, 'microCache' | 'routeSubsets' | 'splice' | 'esi'>,
    ): Promise<RunningApp>;
    /**
     * Another app server over the same database and configuration but its own services (caches, provider
     * origin), as a second `npm start` would be.
     */
    anotherServer(): Promise<RunningApp>;
  }
> {
  const database: TestDatabase = await createTestDatabase(options.engine ?? 'pglite');
  await seedDatabase(database.db, { products: options.products ?? 24 });
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'storefront-http-'));
  // The first server listens before the configuration is read: its origin is the store's PUBLIC_URL (required in
  // production), as a deployment's public origin is.
  const first = http.createServer();
  first.listen(0, '127.0.0.1');
  await once(first, 'listening');
  const publicUrl = `http://127.0.0.1:${(first.address() as AddressInfo).port}`;
  const config = loadConfig({
    NODE_ENV: 'production',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'info',
    PUBLIC_URL: publicUrl,
    ...options.env,
  });
  const errors: string[] = [];
  const logger = createLogger({
    level: 'info',
    sink: (line, level) => {
      if (level === 'error') errors.push(line);
    },
  });
  const services = await createServices({
    config,
    logger,
    db: database.db,
    clock: systemClock,
    contentDir: path.join(root, 'content'),
  });
  const build = (await import(pathToFileURL(path.join(root, 'build/server/index.js')).href)) as ServerBuild;
  const servers: http.Server[] = [];

  async function serve(
    extra: Pick<HttpAppOptions, 'microCache' | 'routeSubsets' | 'splice' | 'esi'>,
    server?: http.Server,
    own: Services = services,
  ): Promise<RunningApp> {
    const app = createHttpApp({
      services: own,
      build: { server: build, clientDir: path.join(root, 'build/client') },
      ...extra,
    });
    if (server) {
      server.on('request', app);
      // As server/http/serve.ts does: `Expect: 100-continue` is answered by the edge, not by Node.
      server.on('checkContinue', app);
    } else {
      server = app.listen(0, '127.0.0.1');
      await once(server, 'listening');
    }
    servers.push(server);
    const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    return {
      origin,
      services: own,
      takeErrors: () => errors.splice(0),
      request: (pathname, requestOptions = {}) => request(origin, pathname, requestOptions),
      close: async () => undefined,
    };
  }

  const main = await serve({ microCache: options.microCache }, first);
  return {
    ...main,
    alsoServe: (extra) => serve(extra),
    anotherServer: async () =>
      serve(
        { microCache: options.microCache },
        undefined,
        await createServices({
          config,
          logger,
          db: database.db,
          clock: systemClock,
          contentDir: path.join(root, 'content'),
        }),
      ),
    close: async () => {
      await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
      await database.dispose();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A plain HTTP request with exactly the headers given (no implicit Accept-Encoding), decompressed for `text`. */
export function request(origin: string, pathname: string, options: RequestOptions = {}): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      `${origin}${pathname}`,
      { method: options.method ?? 'GET', headers: options.headers, agent: false },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          const raw = Buffer.concat(chunks);
          const encoding = res.headers['content-encoding'];
          // A HEAD or a 304 has no body to decode, whatever its headers say.
          const body =
            raw.length === 0
              ? raw
              : encoding === 'gzip'
                ? zlib.gunzipSync(raw)
                : encoding === 'br'
                  ? zlib.brotliDecompressSync(raw)
                  : raw;
          resolve({ status: res.statusCode ?? 0, headers: res.headers, raw, text: body.toString('utf8') });
        });
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(options.body);
  });
}
