/**
 * The graceful stop of the real server (decision 051), on the local PostgreSQL: the production build started as
 * `npm start` does, two add-to-cart requests held in flight by row locks on their carts, SIGTERM, then the locks
 * released one after the other. The request whose client waits is answered; the one whose client has gone still
 * runs to its end; only then does the pool close: no CONNECTION_ENDED, no error logged, exit code 0. Before all
 * that, the drain period (SHUTDOWN_DRAIN_MS): /healthz answers 503 while requests are still served.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest';
import { mostStockedSizes, Shopper } from '../../scripts/shopper';
import { carts } from '../../server/cart/schema';
import { seedDatabase } from '../../server/db/seed/index';
import { createTestDatabase, type TestDatabase } from '../helpers/database';
import { isCi } from '../helpers/postgres-admin';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

async function freePort(): Promise<number> {
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as net.AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

/** `promise`, or a failure naming `what` after `ms`. */
function within<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  return Promise.race([
    promise,
    new Promise<never>((_, reject) =>
      setTimeout(() => reject(new Error(`timed out waiting for ${what}`)), ms).unref(),
    ),
  ]);
}

async function until(predicate: () => Promise<boolean> | boolean, what: string, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await predicate())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

// The pool that closed too early is PostgreSQL's, and only another connection can hold a row lock for the test
// (PGlite admits one process). Skipped without a reachable PostgreSQL, except under CI, like the other tests.
const postgresState = inject('postgres');
describe.skipIf(!postgresState.available && !isCi)('graceful stop of the server [postgres]', () => {
  let database: TestDatabase;
  let url: string;
  let server: ChildProcess | undefined;
  let output = '';
  let origin: string;
  const exited = () =>
    new Promise<number | null>((resolve) => {
      if (server!.exitCode !== null || server!.signalCode !== null) resolve(server!.exitCode);
      else server!.once('exit', (code) => resolve(code));
    });

  beforeAll(async () => {
    database = await createTestDatabase('postgres');
    await seedDatabase(database.db, { products: 12 });
    url = database.handle.location;
    const port = await freePort();
    origin = `http://127.0.0.1:${port}`;
    server = spawn(process.execPath, ['build/node/main.js'], {
      cwd: root,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: {
        ...process.env,
        NODE_ENV: 'production',
        HOST: '127.0.0.1',
        PORT: String(port),
        PUBLIC_URL: origin,
        DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'graceful-stop-')),
        DATABASE_URL: url,
        TRUST_PROXY: 'loopback',
        LOG_LEVEL: 'info',
        SHUTDOWN_TIMEOUT_MS: '20000',
        SHUTDOWN_DRAIN_MS: '3000',
      },
    });
    server.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    server.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    await until(() => output.includes('storefront listening'), 'the server to listen', 90_000);
  });

  afterAll(async () => {
    if (process.env.GRACEFUL_STOP_LOG) fs.writeFileSync(process.env.GRACEFUL_STOP_LOG, output);
    if (server && server.exitCode === null && server.signalCode === null) {
      server.kill('SIGKILL');
      await exited();
    }
    await database?.dispose();
  });

  test('stops accepting, lets in-flight requests finish (even one whose client has gone), then closes the pool', async () => {
    const [product] = await mostStockedSizes(database.db, { count: 1, minStock: 5 });
    if (!product) throw new Error('the seed has no purchasable size with 5 units');
    const waiting = new Shopper(origin);
    const leaving = new Shopper(origin);
    // Each shopper's first add makes its cart: the one cart that was not there before is theirs.
    const cartIds = async () => (await database.db.select({ id: carts.id }).from(carts)).map((row) => row.id);
    const seeded = await cartIds();
    expect(await waiting.add(product)).toBe(true);
    const waitingCart = (await cartIds()).find((id) => !seeded.includes(id));
    expect(await leaving.add(product)).toBe(true);
    const leavingCart = (await cartIds()).find((id) => !seeded.includes(id) && id !== waitingCart);
    expect([waitingCart, leavingCart].every(Boolean)).toBe(true);

    // Two transactions of our own hold each cart's row, so each shopper's next add waits inside its transaction.
    // Two connections hold the locks; a third watches who waits.
    const sql = postgres(url, { max: 3, onnotice: () => {} });
    const releases: (() => void)[] = [];
    const holding = [waitingCart!, leavingCart!].map(
      (id, index) =>
        new Promise<void>((locked) => {
          void sql.begin(async (tx) => {
            await tx`select id from carts where id = ${id} for update`;
            locked();
            await new Promise<void>((release) => (releases[index] = release));
          });
        }),
    );
    await within(Promise.all(holding), 30_000, 'the row locks');
    const name = new URL(url).pathname.slice(1);
    const blocked = async () =>
      Number(
        (
          await sql`select count(*)::int as n from pg_stat_activity
            where datname = ${name} and wait_event_type = 'Lock'`
        )[0]!.n,
      );

    const answer = waiting.addReply(product);
    const gone = new AbortController();
    const abandoned = leaving.addReply(product, gone.signal).catch(() => 'aborted' as const);
    await until(async () => (await blocked()) === 2, 'both adds to wait for their cart');
    gone.abort();
    expect(await abandoned).toBe('aborted');

    expect((await fetch(`${origin}/healthz`)).status).toBe(200);
    const exit = exited();
    server!.kill('SIGTERM');
    await until(() => output.includes('shutting down'), 'the shutdown to start');
    // The drain period (decision 081): /healthz fails at once, so a CDN stops sending requests, while the server
    // still answers every request for SHUTDOWN_DRAIN_MS.
    const drainStarted = Date.now();
    const health = await fetch(`${origin}/healthz`);
    expect([health.status, await health.text()]).toEqual([503, 'draining']);
    expect((await fetch(`${origin}/healthz`)).status).toBe(503);
    expect((await fetch(`${origin}/favicon.svg`)).status).toBe(200);
    // No new connection is accepted once the stop has begun.
    await until(
      () =>
        fetch(`${origin}/`).then(
          () => false,
          () => true,
        ),
      'the listener to close',
    );
    expect(Date.now() - drainStarted, 'the listener stayed open for the drain period').toBeGreaterThan(2_000);

    // The waiting client's request finishes after the stop began, and is answered.
    releases[0]!();
    const reply = await within(answer, 30_000, 'the waiting add to be answered');
    expect(reply.status).toBe(200);
    expect(Shopper.added(reply)).toBe(true);
    // The abandoned request is still running (its transaction waits): the pool must stay open for it.
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(server!.exitCode).toBeNull();
    releases[1]!();

    expect(await within(exit, 30_000, 'the server to exit')).toBe(0);
    const units = await sql`select sum(quantity)::int as n from cart_lines where cart_id = ${leavingCart!}`;
    await sql.end({ timeout: 5 });
    expect(units[0]!.n, 'the abandoned add ran to its end').toBe(2);
    expect(output).not.toContain('CONNECTION_ENDED');
    expect(output).not.toMatch(/"level":"error"/);
    expect(output).toContain('"stopped"');
    // Nothing waited for the deadline: every request and piece of work was seen to end.
    expect(output).not.toContain('shutdown deadline');
    expect(output).not.toContain('did not finish in time');
  });
});
