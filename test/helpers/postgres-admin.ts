import postgres from 'postgres';

/**
 * The local PostgreSQL server that integration tests use besides PGlite. The admin URL points at a maintenance
 * database (`postgres`) of a role allowed to create databases; tests never touch the database it names.
 */
export const adminUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/** Databases made by test runs are named `storefront_test_<pid of the vitest process>_…`. */
export const testDatabasePrefix = 'storefront_test_';

export const isCi = Boolean(process.env.CI) && process.env.CI !== 'false' && process.env.CI !== '0';

export function adminConnection() {
  return postgres(adminUrl, { max: 1, connect_timeout: 5, idle_timeout: 2, onnotice: () => {} });
}

/** The URL of another database on the same server as the admin URL. */
export function databaseUrl(name: string): string {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** Quotes an identifier we generated ourselves (letters, digits, underscores only). */
export function identifier(name: string): string {
  if (!/^[a-z0-9_]+$/.test(name)) throw new Error(`Refusing an unexpected database name: ${name}`);
  return `"${name}"`;
}
