/**
 * The production topology on one machine (issue 23 §7, decision 083), for the topology test and
 * `npm run bench -- --topology`:
 *
 *   client ──TLS──▶ nginx (deploy/nginx/storefront.conf) ──▶ Varnish (deploy/varnish/storefront.vcl)
 *          ──▶ app servers 1..N (build/node/main.js, NODE_ENV=production) ──▶ one PostgreSQL database
 *
 * `startTopology` creates a fresh database on the local PostgreSQL (unique name, dropped by `close`), migrates and
 * seeds it once with the demo accounts (as `SEED_DEMO=true npm run seed` does), starts the app servers from the
 * production build with one shared SESSION_SECRET, then Varnish with the shipped VCL (its backends pointed at the
 * app servers) and nginx with the shipped server block (its upstream pointed at Varnish, a self-signed certificate
 * made by openssl for 127.0.0.1). Every process is started in a process group of its own and `close` ends each
 * group; so does the exit of this process, whatever ended the run.
 *
 * Ports: nginx (TLS) at `basePort`, Varnish at `basePort + 1`, app server i (0-based) at `basePort + 2 + i`.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Agent, request } from 'undici';
import { migrate, openDatabase } from '../../server/db/database.server';
import { seedDatabase } from '../../server/db/seed/index';
import {
  adminConnection,
  databaseUrl as urlOfDatabase,
  identifier,
  testDatabasePrefix,
} from '../../test/helpers/postgres-admin';
import { nginxConfig, varnishConfig } from './configs';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const VCL_FILE = path.join(root, 'deploy/varnish/storefront.vcl');
export const NGINX_FILE = path.join(root, 'deploy/nginx/storefront.conf');
const VARNISHD = '/usr/sbin/varnishd';
/** The operator's switch in the shipped VCL (decision 115), as shipped and turned on. */
const ESI_SWITCH_OFF = 'set req.http.X-Esi-Personal = "off";';
const ESI_SWITCH_ON = 'set req.http.X-Esi-Personal = "on";';
const VARNISHADM = '/usr/bin/varnishadm';
const NGINX = '/usr/sbin/nginx';
/** The app servers' health endpoint (decision 081): 200 when ready, 503 while draining or without the database. */
const HEALTH_PATH = '/healthz';

/**
 * TRUST_PROXY of the app servers: the two proxies in front (nginx, then Varnish) both on this machine's loopback,
 * so the client's address is the last one they did not add to X-Forwarded-For (issue 23 §6, the cdn engineer's
 * README section "Production deployment").
 */
export const TRUST_PROXY = 'loopback';

export type TopologyOptions = {
  /** App servers to start (each gets a Varnish backend). */
  servers: number;
  /** nginx at basePort, Varnish at basePort + 1, app servers from basePort + 2. */
  basePort: number;
  /** Products seeded (default 48). */
  products?: number;
  /** More environment for every app server. */
  env?: Record<string, string>;
  /** Progress lines (default: none). */
  log?: (line: string) => void;
};

export type AppServer = {
  readonly index: number;
  readonly port: number;
  /** The server itself, over plain HTTP (what Varnish talks to). */
  readonly url: string;
  /** The Varnish backend that points at it. */
  readonly backend: string;
  readonly running: boolean;
  /** SIGTERM (the graceful stop) and wait for the exit. */
  stop(): Promise<void>;
  /** Start again (same port, same configuration) and wait until /healthz answers 200. */
  start(): Promise<void>;
};

export type Topology = {
  /** https://127.0.0.1:<basePort>: the store's PUBLIC_URL, served by nginx. */
  publicUrl: string;
  /** http://127.0.0.1:<basePort + 1>: Varnish itself. */
  varnishUrl: string;
  databaseUrl: string;
  sessionSecret: string;
  servers: AppServer[];
  /** An undici dispatcher that trusts the topology's self-signed certificate (and nothing else). */
  dispatcher: Agent;
  /** Varnish's view of its backends: backend name → "healthy" | "sick" (and the admin state). */
  backendHealth(): Promise<Map<string, string>>;
  /** Waits until Varnish's probe reports this server's backend healthy (or sick). */
  waitForBackend(server: AppServer, health: 'healthy' | 'sick', timeoutMs?: number): Promise<void>;
  /** `varnishadm` against this Varnish (e.g. `backend.set_health app2 sick`). */
  varnishadm(...args: string[]): string;
  /**
   * The VCL's ESI switch (decision 115) turned on or off while Varnish runs, as an operator does it: the shipped
   * file with the switch's line changed, loaded and used (`vcl.load`, `vcl.use`); off goes back to the boot VCL
   * and discards the other. Stored shells and copies stay in the cache either way.
   */
  useEsi(on: boolean): void;
  /** The last lines each process wrote (for a failure message). */
  logTail(lines?: number): string;
  close(): Promise<void>;
};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Process groups started here and not yet ended, killed if this process exits first. */
const live = new Set<number>();
process.once('exit', () => {
  for (const pid of live) killGroup(pid, 'SIGKILL');
});

function killGroup(pid: number, signal: NodeJS.Signals): void {
  try {
    process.kill(-pid, signal);
  } catch {
    // already gone
  }
}

type Child = { name: string; process: ChildProcess; output: string[]; exited: Promise<number | null> };

function startChild(name: string, command: string, args: string[], env: NodeJS.ProcessEnv): Child {
  const child = spawn(command, args, { cwd: root, env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  const output: string[] = [];
  const keep = (chunk: Buffer) => {
    output.push(...chunk.toString('utf8').split('\n').filter(Boolean));
    if (output.length > 400) output.splice(0, output.length - 400);
  };
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  const pid = child.pid;
  if (pid === undefined) throw new Error(`${name}: ${command} did not start`);
  live.add(pid);
  const exited = new Promise<number | null>((resolve) =>
    child.once('exit', (code) => {
      resolve(code);
    }),
  );
  // The group (nginx's workers, Varnish's cache process) may outlive the leader; `stopChild` ends it.
  return { name, process: child, output, exited };
}

/** Ends a child's process group: SIGTERM, then SIGKILL after `graceMs`. */
async function stopChild(child: Child, graceMs = 15_000): Promise<void> {
  const pid = child.process.pid!;
  if (child.process.exitCode === null && child.process.signalCode === null) {
    killGroup(pid, 'SIGTERM');
    const timer = setTimeout(() => killGroup(pid, 'SIGKILL'), graceMs);
    await child.exited;
    clearTimeout(timer);
  }
  // Whatever of the group is left (workers of a leader that died).
  killGroup(pid, 'SIGKILL');
  live.delete(pid);
}

async function waitUntil(
  what: string,
  check: () => Promise<boolean>,
  options: { timeoutMs: number; child?: Child },
): Promise<void> {
  const deadline = Date.now() + options.timeoutMs;
  for (;;) {
    if (options.child && options.child.process.exitCode !== null)
      throw new Error(
        `${what}: ${options.child.name} exited (${options.child.process.exitCode}):\n${options.child.output.slice(-30).join('\n')}`,
      );
    if (await check().catch(() => false)) return;
    if (Date.now() > deadline)
      throw new Error(
        `${what}: not ready within ${options.timeoutMs} ms` +
          (options.child ? `:\n${options.child.output.slice(-30).join('\n')}` : ''),
      );
    await sleep(100);
  }
}

async function answers(url: string, dispatcher?: Agent): Promise<number> {
  const response = await request(url, { dispatcher, headersTimeout: 2_000, bodyTimeout: 2_000 });
  await response.body.dump();
  return response.statusCode;
}

/** Refuses ports something already listens on: a health check would otherwise ask that process, not ours. */
async function assertFree(ports: number[]): Promise<void> {
  const taken: number[] = [];
  for (const port of ports) {
    const inUse = await new Promise<boolean>((resolve) => {
      const socket = net.connect({ host: '127.0.0.1', port });
      socket.once('connect', () => {
        socket.destroy();
        resolve(true);
      });
      socket.once('error', () => resolve(false));
    });
    if (inUse) taken.push(port);
  }
  if (taken.length > 0) throw new Error(`Ports in use on 127.0.0.1: ${taken.join(', ')} (another topology?)`);
}

/** A new database on the local PostgreSQL, migrated and seeded with the demo accounts; its URL and a drop. */
async function createDatabase(products: number, log: (line: string) => void) {
  // The integration setup drops `storefront_test_<pid>_…` databases whose process is gone (a killed run's).
  const name = `${testDatabasePrefix}${process.pid}_topology_${crypto.randomBytes(4).toString('hex')}`;
  const admin = adminConnection();
  try {
    await admin.unsafe(`create database ${identifier(name)}`);
  } finally {
    await admin.end({ timeout: 5 });
  }
  const url = urlOfDatabase(name);
  const drop = async () => {
    const cleanup = adminConnection();
    try {
      await cleanup.unsafe(`drop database if exists ${identifier(name)} with (force)`);
    } finally {
      await cleanup.end({ timeout: 5 });
    }
  };
  try {
    const started = performance.now();
    const handle = await openDatabase({ kind: 'postgres', url, max: 2 });
    try {
      await migrate(handle);
      // As `SEED_DEMO=true npm run seed` does: the demo accounts (password Outdoors#2026) into PostgreSQL too.
      await seedDatabase(handle.db, { products, demoAccounts: true });
    } finally {
      await handle.close();
    }
    log(
      `database ${name}: migrated and seeded (${products} products) in ${Math.round(performance.now() - started)} ms`,
    );
  } catch (error) {
    await drop();
    throw error;
  }
  return { name, url, drop };
}

/** A self-signed certificate for 127.0.0.1 (openssl), valid one day. */
function selfSignedCertificate(dir: string): { cert: string; key: string } {
  const cert = path.join(dir, 'cert.pem');
  const key = path.join(dir, 'key.pem');
  const result = spawnSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:prime256v1',
      '-nodes',
      '-days',
      '1',
      '-subj',
      '/CN=127.0.0.1',
      '-addext',
      'subjectAltName=IP:127.0.0.1',
      '-keyout',
      key,
      '-out',
      cert,
    ],
    { encoding: 'utf8' },
  );
  if (result.status !== 0) throw new Error(`openssl req -x509 failed: ${result.stderr}`);
  return { cert, key };
}

export async function startTopology(options: TopologyOptions): Promise<Topology> {
  const log = options.log ?? (() => {});
  const products = options.products ?? 48;
  const { basePort } = options;
  const nginxPort = basePort;
  const varnishPort = basePort + 1;
  const publicUrl = `https://127.0.0.1:${nginxPort}`;
  const varnishUrl = `http://127.0.0.1:${varnishPort}`;
  const sessionSecret = crypto.randomBytes(32).toString('base64url');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'storefront-topology-'));
  const children: Child[] = [];
  const appChildren = new Map<number, Child>();
  let database: Awaited<ReturnType<typeof createDatabase>> | undefined;
  let dispatcher: Agent | undefined;

  const close = async () => {
    await dispatcher?.close().catch(() => {});
    // Front to back: nginx, Varnish, then the app servers (each a graceful stop).
    for (const child of [...children].reverse()) await stopChild(child);
    await Promise.all([...appChildren.values()].map((child) => stopChild(child)));
    if (database) await database.drop().catch((error: unknown) => log(`dropping the database: ${error}`));
    fs.rmSync(dir, { recursive: true, force: true });
  };

  try {
    await assertFree(Array.from({ length: options.servers + 2 }, (_, index) => basePort + index));
    database = await createDatabase(products, log);
    const databaseUrl = database.url;

    const serverEnv = (index: number): NodeJS.ProcessEnv => {
      const dataDir = path.join(dir, `app-${index + 1}`);
      fs.mkdirSync(dataDir, { recursive: true });
      return {
        ...process.env,
        NODE_ENV: 'production',
        HOST: '127.0.0.1',
        PORT: String(basePort + 2 + index),
        DATABASE_URL: databaseUrl,
        PUBLIC_URL: publicUrl,
        TRUST_PROXY,
        SESSION_SECRET: sessionSecret,
        // Each server its own data directory: nothing a server keeps locally may be needed by another.
        DATA_DIR: dataDir,
        LOG_LEVEL: 'warn',
        SHUTDOWN_TIMEOUT_MS: '10000',
        ...options.env,
      };
    };

    const servers: AppServer[] = [];
    const backendNames: string[] = [];
    const startServer = async (index: number) => {
      const port = basePort + 2 + index;
      const child = startChild(
        `app server ${index + 1}`,
        process.execPath,
        ['build/node/main.js'],
        serverEnv(index),
      );
      appChildren.set(index, child);
      await waitUntil(
        `app server ${index + 1} (port ${port})`,
        async () => (await answers(`http://127.0.0.1:${port}${HEALTH_PATH}`)) === 200,
        { timeoutMs: 300_000, child },
      );
    };
    const started = performance.now();
    // The first server alone, then the others together: two servers starting at once on a new database both build
    // its search lexicon, and the second fails on a unique key (server/search/engine.server.ts, rebuildLexicon).
    await startServer(0);
    await Promise.all(Array.from({ length: options.servers - 1 }, (_, index) => startServer(index + 1)));
    log(`${options.servers} app servers ready in ${Math.round(performance.now() - started)} ms`);

    // Varnish with the shipped VCL, its backends pointed at the app servers.
    const shippedVcl = fs.readFileSync(VCL_FILE, 'utf8');
    const vcl = varnishConfig(
      shippedVcl,
      Array.from({ length: options.servers }, (_, index) => ({
        host: '127.0.0.1',
        port: basePort + 2 + index,
      })),
    );
    backendNames.push(...vcl.backends);
    const vclFile = path.join(dir, 'storefront.vcl');
    fs.writeFileSync(vclFile, vcl.text);
    const esiVclFile = path.join(dir, 'storefront-esi.vcl');
    const esiVcl = vcl.text.replace(ESI_SWITCH_OFF, ESI_SWITCH_ON);
    if (esiVcl === vcl.text) throw new Error(`The VCL lacks its ESI switch (${ESI_SWITCH_OFF})`);
    fs.writeFileSync(esiVclFile, esiVcl);
    const varnishDir = path.join(dir, 'varnish');
    fs.mkdirSync(varnishDir);
    const varnishArgs = [
      '-F',
      '-n',
      varnishDir,
      '-a',
      `127.0.0.1:${varnishPort}`,
      '-f',
      vclFile,
      '-s',
      'malloc,128m',
      // The management interface on loopback only (varnishadm finds it through -n).
      '-T',
      '127.0.0.1:0',
    ];
    // As root, Varnish drops its workers to the varnish user unless told otherwise; the work directory is ours.
    if (process.getuid?.() === 0) varnishArgs.push('-j', 'none');
    const varnish = startChild('varnishd', VARNISHD, varnishArgs, process.env);
    children.push(varnish);

    const varnishadm = (...args: string[]): string => {
      const result = spawnSync(VARNISHADM, ['-n', varnishDir, ...args], {
        encoding: 'utf8',
        timeout: 10_000,
      });
      if (result.status !== 0)
        throw new Error(`varnishadm ${args.join(' ')}: ${result.stdout}${result.stderr}`.trim());
      return result.stdout;
    };
    const backendHealth = async () => {
      const health = new Map<string, string>();
      // "boot.app1   probe   healthy   3/3 good   Sat, …" (Varnish 7: name, admin, probe, health, …)
      for (const line of varnishadm('backend.list').split('\n').slice(1)) {
        const [name, admin, , health2] = line.trim().split(/\s+/);
        if (!name || !health2) continue;
        const short = name.replace(/^[^.]+\./, '');
        health.set(short, admin === 'probe' ? health2.toLowerCase() : admin!.toLowerCase());
      }
      return health;
    };
    await waitUntil(
      'Varnish',
      async () => {
        const health = await backendHealth();
        return backendNames.every((name) => health.get(name) === 'healthy');
      },
      { timeoutMs: 30_000, child: varnish },
    );
    log(`Varnish ready on ${varnishUrl} (backends ${backendNames.join(', ')} healthy)`);

    // nginx with the shipped server block: TLS with a self-signed certificate, upstream Varnish.
    const certificate = selfSignedCertificate(dir);
    const nginxDir = path.join(dir, 'nginx');
    fs.mkdirSync(nginxDir);
    const nginxConf = path.join(nginxDir, 'nginx.conf');
    fs.writeFileSync(
      nginxConf,
      nginxConfig(fs.readFileSync(NGINX_FILE, 'utf8'), {
        tlsPort: nginxPort,
        varnish: { host: '127.0.0.1', port: varnishPort },
        certificate,
        dir: nginxDir,
        runAsRoot: process.getuid?.() === 0,
      }),
    );
    const nginx = startChild(
      'nginx',
      NGINX,
      ['-p', nginxDir, '-e', 'stderr', '-c', nginxConf, '-g', 'daemon off;'],
      process.env,
    );
    children.push(nginx);
    dispatcher = new Agent({
      connect: { ca: fs.readFileSync(certificate.cert, 'utf8') },
      connections: 64,
      keepAliveTimeout: 10_000,
    });
    const trusted = dispatcher;
    await waitUntil('nginx', async () => (await answers(`${publicUrl}${HEALTH_PATH}`, trusted)) === 200, {
      timeoutMs: 20_000,
      child: nginx,
    });
    log(`nginx ready on ${publicUrl}`);

    for (let index = 0; index < options.servers; index += 1) {
      const port = basePort + 2 + index;
      servers.push({
        index,
        port,
        url: `http://127.0.0.1:${port}`,
        backend: backendNames[index]!,
        get running() {
          const child = appChildren.get(index);
          return Boolean(child && child.process.exitCode === null && child.process.signalCode === null);
        },
        async stop() {
          const child = appChildren.get(index);
          if (child) await stopChild(child, 30_000);
        },
        async start() {
          await startServer(index);
        },
      });
    }

    return {
      publicUrl,
      varnishUrl,
      databaseUrl,
      sessionSecret,
      servers,
      dispatcher,
      backendHealth,
      async waitForBackend(server, health, timeoutMs = 30_000) {
        await waitUntil(
          `Varnish backend ${server.backend} ${health}`,
          async () => (await backendHealth()).get(server.backend) === health,
          { timeoutMs },
        );
      },
      varnishadm,
      useEsi(on) {
        if (on) {
          varnishadm('vcl.load', 'esi_on', esiVclFile);
          varnishadm('vcl.use', 'esi_on');
        } else {
          varnishadm('vcl.use', 'boot');
          varnishadm('vcl.discard', 'esi_on');
        }
      },
      logTail(lines = 20) {
        return [...children, ...appChildren.values()]
          .map((child) => `--- ${child.name}\n${child.output.slice(-lines).join('\n')}`)
          .join('\n');
      },
      close,
    };
  } catch (error) {
    await close();
    throw error;
  }
}
