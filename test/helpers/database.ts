import crypto from 'node:crypto';
import fs from 'node:fs';
import { afterAll, beforeAll, describe, inject } from 'vitest';
import { openDatabase, type Database, type DatabaseHandle } from '../../server/db/database.server';
import { adminConnection, databaseUrl, identifier, isCi, testDatabasePrefix } from './postgres-admin';

/**
 * Test databases on both engines the store runs on (CONVENTIONS 16 and 17):
 * - `pglite`: a fresh in-memory PGlite per test file, loaded from the image the integration global setup migrated
 *   once per run (test/setup/integration-global.ts);
 * - `postgres`: a throwaway database per test file on the local server, copied from a migrated template and dropped
 *   at the end. Without a reachable server these variants are skipped locally and fail under CI=true.
 */
export type Engine = 'pglite' | 'postgres';
export const engines: readonly Engine[] = ['pglite', 'postgres'];

export type TestDatabase = {
  engine: Engine;
  db: Database;
  handle: DatabaseHandle;
  /** Close the connection and, on PostgreSQL, drop the database. */
  dispose(): Promise<void>;
};

let image: Blob | undefined;

/** The data directory of a freshly migrated PGlite, as a tarball for `openDatabase({ loadDataDir })`. */
export function migratedPgliteImage(): Blob {
  image ??= new Blob([fs.readFileSync(inject('pgliteTemplate'))]);
  return image;
}

async function createPglite(migrated: boolean): Promise<TestDatabase> {
  const handle = await openDatabase(
    migrated ? { kind: 'pglite', loadDataDir: migratedPgliteImage() } : { kind: 'pglite' },
  );
  return { engine: 'pglite', db: handle.db, handle, dispose: () => handle.close() };
}

async function createPostgres(migrated: boolean): Promise<TestDatabase> {
  const state = inject('postgres');
  if (!state.available) {
    throw new Error(
      `${state.reason}. The integration tests need the local PostgreSQL under CI (see .ci/run).`,
    );
  }
  const name = `${testDatabasePrefix}${state.runId}_${crypto.randomBytes(6).toString('hex')}`;
  const admin = adminConnection();
  try {
    await admin.unsafe(
      migrated
        ? `create database ${identifier(name)} template ${identifier(state.template)}`
        : `create database ${identifier(name)}`,
    );
  } finally {
    await admin.end({ timeout: 5 });
  }
  const handle = await openDatabase({ kind: 'postgres', url: databaseUrl(name), max: 4 });
  return {
    engine: 'postgres',
    db: handle.db,
    handle,
    async dispose() {
      await handle.close();
      const cleanup = adminConnection();
      try {
        await cleanup.unsafe(`drop database if exists ${identifier(name)} with (force)`);
      } finally {
        await cleanup.end({ timeout: 5 });
      }
    },
  };
}

/** A new database of that engine; migrated unless `{ migrated: false }`. The caller disposes of it. */
export async function createTestDatabase(
  engine: Engine,
  options: { migrated?: boolean } = {},
): Promise<TestDatabase> {
  const migrated = options.migrated ?? true;
  return engine === 'pglite' ? createPglite(migrated) : createPostgres(migrated);
}

/**
 * Registers one `describe` block per engine, named `<name> [<engine>]`. Without a reachable PostgreSQL the
 * `postgres` block is skipped, except under CI=true, where its tests fail with the reason.
 */
export function forEachEngine(name: string, body: (engine: Engine) => void): void {
  for (const engine of engines) {
    const unavailable = engine === 'postgres' ? postgresUnavailable() : undefined;
    if (unavailable && !isCi) {
      describe.skip(`${name} [${engine}]`, () => body(engine));
      continue;
    }
    describe(`${name} [${engine}]`, () => {
      if (unavailable) {
        beforeAll(() => {
          throw new Error(
            `${unavailable}. The integration tests need the local PostgreSQL under CI (see .ci/run).`,
          );
        });
      }
      body(engine);
    });
  }
}

function postgresUnavailable(): string | undefined {
  const state = inject('postgres');
  return state.available ? undefined : state.reason;
}

/**
 * `forEachEngine`, with a migrated database shared by the block's tests: the `database()` getter (opened in
 * `beforeAll`, disposed of in `afterAll`). Tests that need an empty or private one call `createTestDatabase`.
 */
export function describeEachEngine(
  name: string,
  body: (context: { engine: Engine; database: () => TestDatabase }) => void,
): void {
  forEachEngine(name, (engine) => {
    let current: TestDatabase | undefined;
    beforeAll(async () => {
      current = await createTestDatabase(engine);
    });
    afterAll(async () => {
      await current?.dispose();
    });
    body({
      engine,
      database() {
        if (!current) throw new Error(`The ${engine} test database is not open (did beforeAll fail?)`);
        return current;
      },
    });
  });
}
