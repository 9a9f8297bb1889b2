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

export type RecordedStatement = { text: string; params: unknown[] };

/** Records the statements a use case sends (text and parameters), to inspect their plans with `explainWithoutSeqScan`. */
export function recordStatements(
  db: Database,
  engine: Engine,
): { readonly statements: RecordedStatement[]; stop(): void } {
  const client = (db as unknown as { $client: Record<string, (...args: unknown[]) => unknown> }).$client;
  const method = engine === 'pglite' ? 'query' : 'unsafe';
  const original = client[method]!.bind(client);
  const statements: RecordedStatement[] = [];
  client[method] = (text: unknown, params: unknown, ...rest: unknown[]) => {
    statements.push({ text: String(text), params: Array.isArray(params) ? [...params] : [] });
    return original(text, params, ...rest);
  };
  return { statements, stop: () => void (client[method] = original) };
}

/**
 * The plan of a recorded statement with sequential scans switched off for its transaction: a plan that still reads
 * a table sequentially has no index it can use (the planner only falls back to a disabled scan when nothing else
 * answers the query), whatever the table's size.
 */
export async function explainWithoutSeqScan(
  db: Database,
  engine: Engine,
  { text, params }: RecordedStatement,
): Promise<string> {
  const client = (db as unknown as { $client: unknown }).$client;
  if (engine === 'pglite') {
    type Tx = { query(sql: string, params?: unknown[]): Promise<{ rows: Record<string, string>[] }> };
    const pglite = client as { transaction<T>(run: (tx: Tx) => Promise<T>): Promise<T> };
    const rows = await pglite.transaction(async (tx) => {
      await tx.query('set local enable_seqscan = off');
      return (await tx.query(`explain ${text}`, params)).rows;
    });
    return rows.map((row) => Object.values(row).join(' ')).join('\n');
  }
  type Sql = { unsafe(sql: string, params?: unknown[]): Promise<Record<string, string>[]> };
  const postgres = client as { begin<T>(run: (sql: Sql) => Promise<T>): Promise<T> };
  const rows = await postgres.begin(async (sql) => {
    await sql.unsafe('set local enable_seqscan = off');
    return sql.unsafe(`explain ${text}`, params);
  });
  return rows.map((row) => Object.values(row).join(' ')).join('\n');
}
