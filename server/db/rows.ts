/**
 * The rows of a raw `db.execute(sql…)`: PGlite answers `{ rows }`, postgres-js an array. One helper for every
 * context's raw statements (a platform module: it imports nothing).
 */
type Rows<T> = T[] | { rows: T[] };

export function rowsOf<T>(result: unknown): T[] {
  const value = result as Rows<T>;
  return Array.isArray(value) ? value : value.rows;
}
