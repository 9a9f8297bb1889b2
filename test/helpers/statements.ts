/**
 * Counting the statements a use case runs, over a real test database: wraps the driver's query entry point
 * (PGlite `query`, postgres-js `unsafe`), which every Drizzle statement goes through.
 */
import type { Database } from '../../server/db/database.server';
import type { Engine } from './database';

export type StatementCounter = { reset(): void; readonly count: number };

export function countStatements(db: Database, engine: Engine): StatementCounter {
  const client = (db as unknown as { $client: Record<string, (...args: unknown[]) => unknown> }).$client;
  const method = engine === 'pglite' ? 'query' : 'unsafe';
  const original = client[method]!.bind(client);
  let count = 0;
  client[method] = (...args: unknown[]) => {
    count += 1;
    return original(...args);
  };
  return {
    reset: () => (count = 0),
    get count() {
      return count;
    },
  };
}
