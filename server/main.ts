/**
 * The HTTP server: parse configuration, open (and on first start migrate and seed) the database, serve HTTP, and
 * shut down gracefully on SIGTERM/SIGINT. `npm start` runs it compiled (`build/node/main.js`, made by
 * scripts/build.mjs) with `node` and NODE_ENV=production; `npm run dev` runs it from source through Vite.
 */
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { ServerBuild } from '@remix-run/node';
import { systemClock } from './clock';
import { ConfigError, loadConfig, type Config } from './config.server';
import { createServices, type Services } from './context.server';
import { DataDirectoryLockedError } from './db/lock.server';
import { openDatabase, migrate, type DatabaseHandle } from './db/database.server';
import { isSeeded, seedDatabase } from './db/seed/index';
import { createHttpApp, type HttpAppOptions } from './http/app.server';
import { Health } from './http/health';
import { InFlight } from './http/in-flight';
import { serve, type Serving } from './http/serve';
import { createLogger, type Logger } from './logger';
import { projectRoot as root } from './paths';
import { mailViewerToken } from './mail/index.server';
import { sql } from 'drizzle-orm';

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
      logger.info('seeding an empty database', {
        kind: handle.kind,
        products: config.seedProducts,
        demoAccounts: config.seedDemoAccounts,
      });
      const summary = await seedDatabase(handle.db, {
        products: config.seedProducts,
        demoAccounts: config.seedDemoAccounts,
      });
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
  const file = path.join(root, 'build/server/index.js');
  if (!fs.existsSync(file)) throw new Error(`${file} is missing: run \`npm run build\` (or \`npm start\`).`);
  const serverBuild = (await import(pathToFileURL(file).href)) as ServerBuild;
  return { build: { server: serverBuild, clientDir: path.join(root, 'build/client') } };
}

type Running = {
  serving?: Serving;
  database?: DatabaseHandle;
  services?: Services;
  inFlight: InFlight;
  health?: Health;
  vite?: { close(): Promise<void> };
};

async function start(config: Config, logger: Logger, running: Running): Promise<void> {
  const target = await loadHttpTarget(config);
  running.vite = target.vite as Running['vite'];
  try {
    running.database = await prepareDatabase(config, logger);
  } catch (error) {
    if (error instanceof DataDirectoryLockedError) {
      logger.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  const services = (running.services = await createServices({
    config,
    logger,
    db: running.database.db,
    sync: running.database.sync,
    clock: systemClock,
    contentDir: path.join(root, 'content'),
  }));
  const database = running.database;
  running.health = new Health(() => database.db.execute(sql`select 1`), logger);
  const app = createHttpApp({ services, inFlight: running.inFlight, health: running.health, ...target });
  running.serving = await serve(app, { port: config.port, host: config.host });
  // Scheduled jobs (decision 100): every server runs them; a lease in the database lets one at a time do the work.
  services.jobs.start();
  const address = running.serving.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  logger.info('storefront listening', {
    url: `http://localhost:${port}`,
    publicUrl: config.publicUrl,
    env: config.env,
    database: running.database?.kind,
  });
  // The mail viewer answers this machine, and anyone else only with the operator token (decision 040).
  logger.info('mail viewer', {
    url: `${config.publicUrl ?? `http://localhost:${port}`}/mail?token=${mailViewerToken(config.keys.mailViewer)}`,
  });
}

/**
 * The drain period of a graceful stop (decision 081): /healthz answers 503 at once while every request is still
 * served as usual, for SHUTDOWN_DRAIN_MS, so the CDN's probe takes this server out of rotation before it stops
 * accepting. A second signal ends the period early.
 */
async function drainPeriod(
  running: Running,
  config: Config,
  logger: Logger,
  cut: Promise<void>,
): Promise<void> {
  running.health?.startDraining();
  if (config.shutdownDrainMs <= 0 || !running.serving) return;
  logger.info('draining: /healthz answers 503 while requests are still served', {
    drainMs: config.shutdownDrainMs,
  });
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([
    new Promise<void>((resolve) => (timer = setTimeout(resolve, config.shutdownDrainMs))),
    cut,
  ]);
  clearTimeout(timer);
}

/**
 * The graceful stop (decision 051), in this order: stop accepting connections and close idle keep-alive ones (requests
 * still arriving on an open connection are answered with `Connection: close`); wait for the requests in flight and
 * the request work that outlives its response (a render or action whose client has gone), up to
 * SHUTDOWN_TIMEOUT_MS in all; stop the background work (search and listing syncs, mail delivery) and wait for a run
 * under way; only then close the database, so no statement meets a closed pool.
 */
async function stop(running: Running, config: Config, logger: Logger): Promise<void> {
  const deadline = Date.now() + config.shutdownTimeoutMs;
  await running.serving?.drain(config.shutdownTimeoutMs, () =>
    logger.warn('in-flight requests did not finish in time; closing them'),
  );
  if (!(await running.inFlight.idle(Math.max(0, deadline - Date.now()))))
    logger.warn('request work still running at the shutdown deadline; closing the database under it', {
      inFlight: running.inFlight.count,
    });
  await running.services?.stop();
  await running.vite?.close();
  await running.database?.close();
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
  const running: Running = { inFlight: new InFlight() };
  const started = start(config, logger, running);

  let stopping = false;
  let cutDrain = () => undefined as void;
  const secondSignal = new Promise<void>((resolve) => (cutDrain = resolve));
  const shutdown = async (signal: string) => {
    if (stopping) {
      cutDrain();
      return;
    }
    stopping = true;
    logger.info('shutting down', { signal });
    try {
      // A signal during start-up waits for it, so the database is never left half-open.
      await started.catch(() => undefined);
      await drainPeriod(running, config, logger, secondSignal);
      await stop(running, config, logger);
      logger.info('stopped');
      process.exit(0);
    } catch (error) {
      logger.error('error while shutting down', { error });
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
  await started;
}

main().catch((error: unknown) => {
  process.stderr.write(
    `The storefront could not start: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
  );
  process.exit(1);
});
