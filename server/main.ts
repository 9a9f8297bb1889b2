/**
 * `npm start`: parse configuration, build the app if its sources changed, open (and on first start migrate
 * and seed) the database, serve HTTP, and shut down gracefully on SIGTERM/SIGINT.
 */
import type { Server } from 'node:http';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { ServerBuild } from '@remix-run/node';
import { buildIsStale, runBuild } from './build.server';
import { systemClock } from './clock';
import { ConfigError, loadConfig, type Config } from './config.server';
import { createServices } from './context.server';
import { DataDirectoryLockedError } from './db/lock.server';
import { openDatabase, migrate, type DatabaseHandle } from './db/database.server';
import { isSeeded, seedDatabase } from './db/seed/index';
import { createHttpApp, type HttpAppOptions } from './http/app.server';
import { createLogger, type Logger } from './logger';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

async function prepareDatabase(config: Config, logger: Logger): Promise<DatabaseHandle> {
  const handle =
    config.database.kind === 'postgres'
      ? await openDatabase({ kind: 'postgres', url: config.database.url, max: config.database.poolSize })
      : await openDatabase({ kind: 'pglite', dataDir: config.database.dataDir });
  try {
    await migrate(handle);
    if (await isSeeded(handle.db)) {
      logger.info('database ready', { kind: handle.kind, location: handle.location });
    } else {
      logger.info('seeding an empty database', { kind: handle.kind, products: config.seedProducts });
      const summary = await seedDatabase(handle.db, { products: config.seedProducts });
      logger.info('database seeded', { kind: handle.kind, location: handle.location, ...summary });
    }
    return handle;
  } catch (error) {
    await handle.close();
    throw error;
  }
}

async function loadHttpTarget(config: Config): Promise<Pick<HttpAppOptions, 'build' | 'vite'>> {
  if (config.env === 'development') {
    const vite = await import('vite');
    const server = await vite.createServer({ root, server: { middlewareMode: true } });
    return { vite: server };
  }
  if (buildIsStale(root)) runBuild(root);
  const serverBuild = (await import(pathToFileURL(path.join(root, 'build/server/index.js')).href)) as ServerBuild;
  return { build: { server: serverBuild, clientDir: path.join(root, 'build/client') } };
}

async function main(): Promise<void> {
  let config: Config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }
  const logger = createLogger({ level: config.logLevel });

  const target = await loadHttpTarget(config);
  let database: DatabaseHandle;
  try {
    database = await prepareDatabase(config, logger);
  } catch (error) {
    if (error instanceof DataDirectoryLockedError) {
      logger.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  const services = await createServices({
    config,
    logger,
    db: database.db,
    clock: systemClock,
    contentDir: path.join(root, 'content'),
  });
  const app = createHttpApp({ services, ...target });
  const server: Server = app.listen(config.port, config.host, () => {
    const address = server.address();
    const port = typeof address === 'object' && address ? address.port : config.port;
    logger.info('storefront listening', { url: `http://localhost:${port}`, env: config.env, database: database.kind });
  });
  server.keepAliveTimeout = 65_000;

  let stopping = false;
  const shutdown = (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info('shutting down', { signal });
    const force = setTimeout(() => {
      logger.warn('in-flight requests did not finish in time; closing them');
      server.closeAllConnections();
    }, config.shutdownTimeoutMs);
    force.unref();
    // Stop accepting; idle keep-alive sockets close now, busy ones after their response.
    server.close(async () => {
      clearTimeout(force);
      try {
        if (target.vite && 'close' in target.vite) await (target.vite as { close(): Promise<void> }).close();
        await database.close();
        logger.info('stopped');
        process.exit(0);
      } catch (error) {
        logger.error('error while closing the database', { error });
        process.exit(1);
      }
    });
    server.closeIdleConnections();
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));
}

main().catch((error: unknown) => {
  process.stderr.write(`The storefront could not start: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
