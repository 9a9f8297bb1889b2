import { describe, expect, test } from 'vitest';
import { ConfigError, loadConfig, parseEnv as parseProcessEnv } from './config.server';

/** Production needs its public origin; every case starts from it unless it says otherwise. */
const BASE = { PUBLIC_URL: 'https://shop.example.com' };

/** The variables given over BASE, and nothing else (NodeJS.ProcessEnv's typing requires NODE_ENV). */
const parseEnv = (variables: Record<string, string>) =>
  parseProcessEnv({ ...BASE, ...variables } as unknown as NodeJS.ProcessEnv);

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

  test('reads numbers from their string form', () => {
    expect(parseEnv({ PORT: '8080', SEED_PRODUCTS: '40' })).toMatchObject({ PORT: 8080, SEED_PRODUCTS: 40 });
  });

  test('PUBLIC_URL is required in production, and only there', () => {
    expect(failure({ PUBLIC_URL: '' })).toMatch(/^\s+PUBLIC_URL: required in production/m);
    expect(parseEnv({ PUBLIC_URL: '', NODE_ENV: 'development' }).PUBLIC_URL).toBeUndefined();
    expect(parseEnv({ PUBLIC_URL: '', NODE_ENV: 'test' }).PUBLIC_URL).toBeUndefined();
  });

  test.each([
    'https://shop.example.com',
    'https://shop.example.com/',
    'http://127.0.0.1:3115',
    'http://[::1]:8080',
  ])('PUBLIC_URL %j is an origin', (url) => {
    expect(parseEnv({ PUBLIC_URL: url }).PUBLIC_URL).toBe(url);
  });

  test.each([
    'shop.example.com',
    'ftp://shop.example.com',
    'https://shop.example.com/store',
    'https://shop.example.com/?a=1',
    'https://user:pw@shop.example.com',
    'javascript:alert(1)',
  ])('PUBLIC_URL %j is refused', (url) => {
    expect(failure({ PUBLIC_URL: url })).toMatch(/^\s+PUBLIC_URL: /m);
  });

  test.each<[string, false | number | string[]]>([
    ['false', false],
    ['no', false],
    ['0', false],
    ['1', 1],
    ['2', 2],
    ['loopback', ['loopback']],
    ['10.0.0.1', ['10.0.0.1']],
    ['loopback, 10.0.0.0/8,fd00::/8', ['loopback', '10.0.0.0/8', 'fd00::/8']],
    ['uniquelocal,linklocal', ['uniquelocal', 'linklocal']],
  ])('TRUST_PROXY %j → %j', (value, trusted) => {
    expect(parseEnv({ TRUST_PROXY: value }).TRUST_PROXY).toEqual(trusted);
  });

  test.each(['true', 'yes', '10.0.0.0/33', 'example.com', '10.0.0.1/8/1', 'loopback,*'])(
    'TRUST_PROXY %j is refused: any client could pick its address',
    (value) => {
      expect(failure({ TRUST_PROXY: value })).toMatch(/^\s+TRUST_PROXY: /m);
    },
  );

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

  test.each([
    ['smtp://mail.example.com:587', undefined],
    ['smtps://user:p%40ss@mail.example.com:465', undefined],
    ['http://mail.example.com', 'must start with smtp:// or smtps://'],
    ['smtp:///nohost', 'must start with smtp:// or smtps://'],
    ['mail.example.com', 'Invalid url'],
  ])('SMTP_URL %j', (url, problem) => {
    if (problem === undefined) expect(parseEnv({ SMTP_URL: url }).SMTP_URL).toBe(url);
    else expect(failure({ SMTP_URL: url })).toContain(`SMTP_URL: ${problem}`);
  });

  test.each([
    ['no-reply@shop.example.com', true],
    ['Store <no-reply@shop.example.com>', true],
    ['Store no-reply', false],
    ['Store <no-reply@shop.example.com>\r\nBcc: x@y.z', false],
  ])('MAIL_FROM %j is accepted: %s', (from, ok) => {
    if (ok) expect(parseEnv({ MAIL_FROM: from }).MAIL_FROM).toBe(from);
    else expect(failure({ MAIL_FROM: from })).toContain('MAIL_FROM: must be an address');
  });

  test('names every bad variable at once, and only those', () => {
    const message = failure({ PORT: 'x', DATABASE_URL: 'ftp://host/db', LOG_LEVEL: 'warn' });
    expect(message).toMatch(/^\s+PORT: /m);
    expect(message).toMatch(/^\s+DATABASE_URL: must start with postgres:\/\/ or postgresql:\/\//m);
    expect(message).not.toContain('LOG_LEVEL');
  });

  test('STAFF_PASSWORD is gone (decision 088): refused with what to do instead; blank is unset', () => {
    expect(failure({ STAFF_PASSWORD: 'a-shared-desk-password' })).toContain(
      'STAFF_PASSWORD: is gone: staff sign in with their own accounts (npm run staff -- add EMAIL --role …)',
    );
    expect(parseEnv({ STAFF_PASSWORD: '' }).STAFF_PASSWORD).toBeUndefined();
  });
});

describe('SEED_DEMO (issue 10 §8)', () => {
  const PG = 'postgres://u@127.0.0.1:5432/store';
  test.each([
    // [variables, demo accounts seeded]
    [{}, true],
    [{ SEED_DEMO: '' }, true],
    [{ SEED_DEMO: 'false' }, false],
    [{ DATABASE_URL: PG }, false],
    [{ DATABASE_URL: PG, SEED_DEMO: '' }, false],
    [{ DATABASE_URL: PG, SEED_DEMO: 'false' }, false],
    [{ DATABASE_URL: PG, SEED_DEMO: 'true' }, true],
    [{ DATABASE_URL: PG, SEED_DEMO: '1' }, true],
  ])('%o → %s', (variables, seeded) => {
    const env = { ...BASE, ...variables } as unknown as NodeJS.ProcessEnv;
    expect(loadConfig(env).seedDemoAccounts).toBe(seeded);
  });

  test('refuses anything but a yes or a no', () => {
    expect(failure({ SEED_DEMO: 'yes' })).toContain('SEED_DEMO');
  });
});

describe('UPLOAD_STORAGE (decision 084)', () => {
  const PG = 'postgres://u@127.0.0.1:5432/store';
  test.each([
    // [variables, adapter]
    [{}, 'disk'],
    [{ UPLOAD_STORAGE: '' }, 'disk'],
    [{ UPLOAD_STORAGE: 'database' }, 'database'],
    [{ DATABASE_URL: PG }, 'database'],
    [{ DATABASE_URL: PG, UPLOAD_STORAGE: 'disk' }, 'disk'],
  ])('%o → %s', (variables, storage) => {
    const env = { ...BASE, SESSION_SECRET: 'u'.repeat(40), DATA_DIR: '/srv/store', ...variables };
    expect(loadConfig(env as unknown as NodeJS.ProcessEnv).uploads).toEqual({
      storage,
      dir: '/srv/store/uploads',
    });
  });

  test('refuses another adapter', () => {
    expect(failure({ UPLOAD_STORAGE: 's3' })).toMatch(/^\s+UPLOAD_STORAGE: /m);
  });
});

describe('secrets and keys (decision 065)', () => {
  const secret = 'a'.repeat(40);
  const old = 'b'.repeat(40);
  const load = (variables: Record<string, string>) =>
    loadConfig({ ...BASE, SESSION_SECRET: secret, ...variables } as unknown as NodeJS.ProcessEnv);

  test('OLD_SESSION_SECRETS is a comma-separated list of secrets of 32 characters or more', () => {
    expect(load({}).cookies.keys).toHaveLength(2);
    expect(load({ OLD_SESSION_SECRETS: `${old}, ${'c'.repeat(40)}` }).cookies.keys).toHaveLength(6);
    expect(failure({ OLD_SESSION_SECRETS: `${old},short` })).toMatch(
      /^\s+OLD_SESSION_SECRETS\.1: each secret must be at least 32 characters/m,
    );
  });

  test('the secret signs nothing itself', () => {
    const { keys, cookies } = load({});
    expect(cookies.keys[0]).not.toBe(secret);
    expect([keys.uploads, keys.mailViewer, keys.rateLimit, keys.identityProvider]).not.toContain(secret);
  });

  test.each([
    [{ PUBLIC_URL: 'http://shop.example.com' }, false],
    [{ PUBLIC_URL: 'https://shop.example.com' }, true],
  ])('PUBLIC_URL %o → secure %s, for the config and its cookies', (variables, secure) => {
    const config = load(variables);
    expect(config.secure).toBe(secure);
    expect(config.cookies.secure).toBe(secure);
  });
});
