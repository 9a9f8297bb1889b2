import { describe, expect, test } from 'vitest';
import { ConfigError, parseEnv as parseProcessEnv } from './config.server';

/** The variables given, and nothing else (NodeJS.ProcessEnv's typing requires NODE_ENV). */
const parseEnv = (variables: Record<string, string>) => parseProcessEnv(variables as NodeJS.ProcessEnv);

/** The message of the ConfigError that parsing `env` throws. */
function failure(env: Record<string, string>): string {
  try {
    parseEnv(env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as ConfigError).message;
  }
  throw new Error(`parseEnv accepted ${JSON.stringify(env)}`);
}

describe('parseEnv', () => {
  test('an empty environment gives the embedded defaults', () => {
    const parsed = parseEnv({});
    expect(parsed).toMatchObject({
      NODE_ENV: 'production',
      PORT: 3000,
      DATA_DIR: './data',
      SEED_PRODUCTS: 320,
      LOG_LEVEL: 'info',
      TRUST_PROXY: false,
    });
    expect(parsed.DATABASE_URL).toBeUndefined();
  });

  test('reads numbers and flags from their string form', () => {
    expect(parseEnv({ PORT: '8080', SEED_PRODUCTS: '40', TRUST_PROXY: 'yes' })).toMatchObject({
      PORT: 8080,
      SEED_PRODUCTS: 40,
      TRUST_PROXY: true,
    });
  });

  test('a blank variable counts as unset', () => {
    const parsed = parseEnv({ PORT: '', DATABASE_URL: '' });
    expect(parsed.PORT).toBe(3000);
    expect(parsed.DATABASE_URL).toBeUndefined();
  });

  test('accepts postgres:// and postgresql:// URLs', () => {
    for (const url of [
      'postgres://u@127.0.0.1:5432/store',
      'postgresql://u:p@db.internal/store?sslmode=require',
    ]) {
      expect(parseEnv({ DATABASE_URL: url }).DATABASE_URL).toBe(url);
    }
  });

  test.each([
    ['PORT', 'http'],
    ['PORT', '70000'],
    ['PORT', '-1'],
    ['PORT', '80.5'],
    ['DATABASE_URL', 'not a url'],
    ['DATABASE_URL', 'mysql://root@localhost/store'],
    ['SEED_PRODUCTS', '0'],
    ['LOG_LEVEL', 'verbose'],
    ['SESSION_SECRET', 'too-short'],
    ['NODE_ENV', 'staging'],
  ])('a bad %s (%j) is refused with a message naming it', (name, value) => {
    const message = failure({ [name]: value });
    expect(message).toMatch(new RegExp(`^\\s+${name}: `, 'm'));
  });

  test('names every bad variable at once, and only those', () => {
    const message = failure({ PORT: 'x', DATABASE_URL: 'ftp://host/db', LOG_LEVEL: 'warn' });
    expect(message).toMatch(/^\s+PORT: /m);
    expect(message).toMatch(/^\s+DATABASE_URL: must start with postgres:\/\/ or postgresql:\/\//m);
    expect(message).not.toContain('LOG_LEVEL');
  });
});
