import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PGlite } from '@electric-sql/pglite';
import type { TestProject } from 'vitest/node';
import { buildIsStale, runBuild } from '../../scripts/build.mjs';
import { migrate, openDatabase } from '../../server/db/database.server';
import {
  adminConnection,
  adminUrl,
  databaseUrl,
  identifier,
  isCi,
  testDatabasePrefix,
} from '../helpers/postgres-admin';

/**
 * Runs once per `vitest run` of the integration project, in the main process:
 * 1. builds the production app if its sources are newer than `build/` (the HTTP and bundle tests read it);
 * 2. migrates one in-memory PGlite and dumps its data directory, so each test file loads a migrated copy
 *    (≈0.7 s) instead of migrating its own (≈2.9 s; measured on the 2-core machine);
 * 3. on the local PostgreSQL, drops databases left by killed runs, and migrates a template database that each test
 *    file copies with `CREATE DATABASE … TEMPLATE`. If PostgreSQL is unreachable, the PostgreSQL tests are
 *    skipped locally and fail under CI=true (test/helpers/database.ts).
 */
declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplate: string;
    postgres: { available: true; template: string; runId: string } | { available: false; reason: string };
  }
}

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const log = (message: string) => process.stdout.write(`[integration setup] ${message}\n`);

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

async function preparePglite(dir: string): Promise<string> {
  const started = performance.now();
  const handle = await openDatabase({ kind: 'pglite' });
  try {
    await migrate(handle);
    const client = (handle.db as unknown as { $client: PGlite }).$client;
    const image = await client.dumpDataDir('none');
    const file = path.join(dir, 'pglite-migrated.tar');
    fs.writeFileSync(file, Buffer.from(await image.arrayBuffer()));
    log(`migrated PGlite image ready in ${Math.round(performance.now() - started)} ms`);
    return file;
  } finally {
    await handle.close();
  }
}

async function preparePostgres(runId: string) {
  const admin = adminConnection();
  try {
    await admin`select 1`;
  } catch (error) {
    await admin.end({ timeout: 1 }).catch(() => {});
    const reason = `PostgreSQL is unreachable at ${redact(adminUrl)}: ${(error as Error).message}`;
    if (isCi) log(`${reason}. Under CI the PostgreSQL tests FAIL; start it (see .ci/run).`);
    else
      log(
        `${reason}. The PostgreSQL variants of the integration tests are SKIPPED (set TEST_DATABASE_URL?).`,
      );
    return { available: false as const, reason };
  }
  try {
    const started = performance.now();
    const local = ['127.0.0.1', 'localhost', '[::1]'].includes(new URL(adminUrl).hostname);
    if (local) {
      const rows = await admin<{ datname: string }[]>`
        select datname from pg_database where datname like ${testDatabasePrefix + '%'}`;
      for (const { datname } of rows) {
        const pid = Number(datname.slice(testDatabasePrefix.length).split('_')[0]);
        if (Number.isInteger(pid) && pid > 0 && !isRunning(pid)) {
          await admin.unsafe(`drop database if exists ${identifier(datname)} with (force)`);
          log(`dropped ${datname}, left by a run that is gone`);
        }
      }
    }
    const template = `${testDatabasePrefix}${runId}_template`;
    await admin.unsafe(`create database ${identifier(template)}`);
    const handle = await openDatabase({ kind: 'postgres', url: databaseUrl(template), max: 1 });
    try {
      await migrate(handle);
    } finally {
      await handle.close();
    }
    log(`migrated PostgreSQL template ${template} ready in ${Math.round(performance.now() - started)} ms`);
    return { available: true as const, template, runId };
  } finally {
    await admin.end({ timeout: 5 });
  }
}

function redact(url: string): string {
  const safe = new URL(url);
  safe.password = '';
  return safe.toString();
}

export default async function setup(project: TestProject) {
  if (buildIsStale(root)) {
    log('the production build is missing or older than its sources: building it');
    const started = performance.now();
    await runBuild(root);
    log(`built in ${Math.round((performance.now() - started) / 1000)} s`);
  }
  const runId = String(process.pid);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'storefront-test-'));
  const [pgliteTemplate, postgresState] = await Promise.all([preparePglite(dir), preparePostgres(runId)]);
  project.provide('pgliteTemplate', pgliteTemplate);
  project.provide('postgres', postgresState);

  return async () => {
    fs.rmSync(dir, { recursive: true, force: true });
    if (!postgresState.available) return;
    const admin = adminConnection();
    try {
      const ours = `${testDatabasePrefix}${runId}_`;
      const rows = await admin<{ datname: string }[]>`select datname from pg_database`;
      for (const { datname } of rows.filter((row) => row.datname.startsWith(ours))) {
        await admin.unsafe(`drop database if exists ${identifier(datname)} with (force)`);
      }
    } finally {
      await admin.end({ timeout: 5 });
    }
  };
}
