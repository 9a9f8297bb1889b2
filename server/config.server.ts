import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { z } from 'zod';
import { deriveKeys, type Keyring, type Keys } from './web/keys';

/**
 * Configuration is read from the environment once, at start-up, and parsed with zod. A bad value stops the
 * process with a message naming the variable. Secrets not given in the environment are generated on first
 * start and kept in `<DATA_DIR>/secrets.json` (mode 0600) so that sessions survive restarts.
 */

/**
 * TRUST_PROXY: which hops may set `X-Forwarded-For`/`-Proto` (issue 8 §4). Off (`false`, unset); a hop count
 * (`1`: the one load balancer in front); or the proxies' addresses: IPs, CIDR ranges and Express's names
 * `loopback`, `linklocal`, `uniquelocal`, comma-separated. `true` (every hop) is refused: any client could then
 * pick its own address and escape the rate limits.
 */
const PROXY_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

function isProxyAddress(entry: string): boolean {
  if (PROXY_NAMES.has(entry)) return true;
  const [address = '', bits, ...rest] = entry.split('/');
  const version = net.isIP(address);
  if (version === 0 || rest.length > 0) return false;
  if (bits === undefined) return true;
  return /^\d{1,3}$/.test(bits) && Number(bits) <= (version === 4 ? 32 : 128);
}

const trustProxy = z.string().transform((value, ctx): false | number | string[] => {
  const text = value.trim().toLowerCase();
  if (['false', '0', 'no', 'off'].includes(text)) return false;
  if (['true', 'yes', 'on'].includes(text)) {
    ctx.addIssue({
      code: 'custom',
      message:
        "trusting every hop lets any client choose its own address; give the hop count (e.g. 1) or the proxies' addresses (e.g. loopback,10.0.0.0/8)",
    });
    return z.NEVER;
  }
  if (/^\d{1,2}$/.test(text)) return Number(text);
  const entries = text.split(',').map((entry) => entry.trim());
  const bad = entries.filter((entry) => !isProxyAddress(entry));
  if (bad.length > 0) {
    ctx.addIssue({
      code: 'custom',
      message: `not a hop count, IP address, CIDR range or loopback/linklocal/uniquelocal: ${bad.join(', ')}`,
    });
    return z.NEVER;
  }
  return entries;
});

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  /** PostgreSQL connection string; when unset the embedded PGlite under DATA_DIR is used. */
  DATABASE_URL: z
    .string()
    .url()
    .refine((url) => /^postgres(ql)?:\/\//.test(url), 'must start with postgres:// or postgresql://')
    .optional(),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(100).default(10),
  DATA_DIR: z.string().min(1).default('./data'),
  /**
   * Where repair photos are kept (decision 084): `database` (the `repair_uploads` table, seen by every app server)
   * or `disk` (`DATA_DIR/uploads`). Unset: `database` with a DATABASE_URL, `disk` for the embedded PGlite.
   */
  UPLOAD_STORAGE: z.enum(['database', 'disk']).optional(),
  /** Products generated on first start of an empty database. */
  SEED_PRODUCTS: z.coerce.number().int().min(1).max(100_000).default(320),
  /**
   * Issue 10 §8: whether the first seed adds the demo accounts (their password is published in the README). Unset:
   * yes for the embedded PGlite, never for a DATABASE_URL database; `true` adds them there too.
   */
  SEED_DEMO: z.enum(['true', 'false', '1', '0', '']).default(''),
  /**
   * Public origin (scheme://host[:port]): every absolute URL (canonical, og:url, sitemap, mailed links) and the
   * Origin check. Required in production (below): request headers never decide it there.
   */
  PUBLIC_URL: z
    .string()
    .url()
    .refine((url) => {
      if (!URL.canParse(url)) return true; // reported by .url()
      const parsed = new URL(url);
      return (
        (parsed.protocol === 'http:' || parsed.protocol === 'https:') &&
        (parsed.pathname === '/' || parsed.pathname === '') &&
        !parsed.search &&
        !parsed.hash &&
        !parsed.username &&
        !parsed.password
      );
    }, 'must be an origin: http(s)://host[:port], without a path, query or credentials')
    .optional(),
  TRUST_PROXY: trustProxy.default('false'),
  LOG_LEVEL: z.enum(['debug', 'info', 'warn', 'error']).default('info'),
  SESSION_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  /** Secrets being rotated out, comma-separated: signed cookies under them stay valid (decision 065). */
  OLD_SESSION_SECRETS: z
    .string()
    .transform((value) => value.split(',').map((secret) => secret.trim()))
    .pipe(z.array(z.string().min(32, 'each secret must be at least 32 characters')))
    .optional(),
  /** Grace period for in-flight requests on SIGTERM/SIGINT. */
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(0).default(10_000),
  /**
   * On SIGTERM/SIGINT, how long /healthz answers 503 while the server still serves every request, so a load
   * balancer's health probe takes it out of rotation before it stops accepting (decision 081). Default: 5 s in
   * production, 0 otherwise.
   */
  SHUTDOWN_DRAIN_MS: z.coerce.number().int().min(0).max(600_000).optional(),
  /** Benchmarks only: a folder served under /__static/ by the same server, for the static baseline. */
  BENCH_STATIC_DIR: z.string().min(1).optional(),
  /**
   * End-to-end tests only: `POST /__test/cart` makes a cart of real catalogue variants and sets its cookie (until
   * the cart's own pages exist); `POST /__test/sold-out` sells out every size of a colourway. Never set it in
   * production.
   */
  TEST_FIXTURES: z
    .enum(['true', 'false', '1', '0', ''])
    .default('false')
    .transform((value) => value === 'true' || value === '1'),
  /** Milliseconds an anonymous public page is reused from the in-process micro-cache (server/http); 0: off. */
  MICRO_CACHE_TTL_MS: z.coerce.number().int().min(0).max(60_000).default(10_000),
  /** Renders at once (server/http/render-gate.ts); more wait in a queue of RENDER_QUEUE, the rest get a 503. */
  RENDER_CONCURRENCY: z.coerce.number().int().min(1).max(256).default(4),
  RENDER_QUEUE: z.coerce.number().int().min(0).max(10_000).default(64),
  /**
   * The catalogue data cache asks the change feed at most once per this many milliseconds (decision 051): a
   * catalogue change shows on cached pages within it; 0: before every answer.
   */
  CATALOGUE_CHECK_MS: z.coerce.number().int().min(0).max(60_000).default(200),
  /** How often the search index applies catalogue changes (server/search); 0: only at start. */
  SEARCH_SYNC_MS: z.coerce.number().int().min(0).max(3_600_000).default(5_000),
  /** Per-term caches of search results and suggestions (entries each); 0: off. */
  SEARCH_CACHE_ENTRIES: z.coerce.number().int().min(0).max(100_000).default(1_000),
  /**
   * The shared repair-desk password is gone (decision 088): refused, so a deployment that still sets it learns that
   * staff now sign in with accounts of their own (`npm run staff -- add EMAIL --role …`).
   */
  STAFF_PASSWORD: z
    .string()
    .max(0, 'is gone: staff sign in with their own accounts (npm run staff -- add EMAIL --role …)')
    .optional(),
  /** The sign-in provider's base URL (SPEC §7 protocol); unset: the embedded provider at this server's /idp. */
  IDP_URL: z
    .string()
    .url()
    .refine((url) => /^https?:\/\//.test(url), 'must start with http:// or https://')
    .optional(),
  /**
   * Company e-mail domains whose customers are pro-program associates (SPEC §1, §6), as `domain=Group name` pairs
   * separated by commas; a sign-up with such an address joins that customer group.
   */
  ASSOCIATE_DOMAINS: z
    .string()
    .regex(
      /^[a-z0-9.-]+=[^=,]+(,[a-z0-9.-]+=[^=,]+)*$/i,
      'must be domain=Group name pairs separated by commas',
    )
    .default('gore.com=Gore Associate,sitkagear.com=Sitka Associate'),
  /**
   * SMTP server the outbox is delivered to: `smtp://user:password@host:587` (STARTTLS when offered) or
   * `smtps://…:465`; unset: mails stay in the outbox for the mail viewer.
   */
  SMTP_URL: z
    .string()
    .url()
    .refine((url) => /^smtps?:\/\/[^/]/.test(url), 'must start with smtp:// or smtps:// and name a host')
    .optional(),
  /**
   * The From of every mail, e.g. `Store <no-reply@shop.example.com>`; default: the brand's name (content `seo.json`
   * siteName) at no-reply at PUBLIC_URL's host.
   */
  MAIL_FROM: z
    .string()
    .max(200)
    .regex(/^([^<>\r\n]*<)?[^\s@<>]+@[^\s@<>]+>?$/, 'must be an address or "Name <address>"')
    .optional(),
  /** This store's client id at the provider. */
  IDP_CLIENT_ID: z
    .string()
    .regex(/^[A-Za-z0-9_.-]{1,64}$/)
    .default('storefront'),
});

export type Config = {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  database: { kind: 'postgres'; url: string; poolSize: number } | { kind: 'pglite'; dataDir: string };
  dataDir: string;
  /** Repair photos (decision 084): the `UploadStorage` adapter, and the folder the disk adapter uses. */
  uploads: { storage: 'database' | 'disk'; dir: string };
  seedProducts: number;
  /** Whether the first seed adds the demo accounts (SEED_DEMO; by default only into the embedded PGlite). */
  seedDemoAccounts: boolean;
  publicUrl?: string;
  /** The store is served over HTTPS (PUBLIC_URL): cookies get `Secure` and, where allowed, the `__Host-` prefix. */
  secure: boolean;
  /** Express's `trust proxy`: off, a hop count, or the proxies' addresses. */
  trustProxy: false | number | string[];
  logLevel: 'debug' | 'info' | 'warn' | 'error';
  shutdownTimeoutMs: number;
  /** SHUTDOWN_DRAIN_MS: unhealthy but serving, before the graceful stop (decision 081). */
  shutdownDrainMs: number;
  benchStaticDir?: string;
  testFixtures: boolean;
  microCacheTtlMs: number;
  render: { concurrency: number; queue: number };
  catalogueCheckMs: number;
  search: { syncMs: number; cacheEntries: number };
  /**
   * The sign-in provider: `url` undefined means the embedded one at `/idp`. `issuer` is the provider's identity in
   * every token (decision 079): `IDP_URL`, else `PUBLIC_URL` + `/idp` (without PUBLIC_URL, development only:
   * `http://localhost:PORT/idp`), the same on every app server, never taken from a request.
   */
  idp: { url?: string; clientId: string; issuer: string };
  /** Lower-cased e-mail domain → associate customer group name. */
  associateDomains: Record<string, string>;
  /** Outbox delivery: `smtpUrl` undefined keeps mails in the outbox (the mail viewer). */
  /**
   * `from`: MAIL_FROM when set; else mails are sent as the brand (content `seo.json` siteName) at `address`
   * (server/mail/html.ts `mailSender`).
   */
  mail: { smtpUrl?: string; from?: string; address: string };
  /** One key per purpose, derived from SESSION_SECRET (decision 065); nothing uses the secret itself. */
  keys: Keys;
  /** What every signed cookie is read and written with (server/web/cookies.server.ts `CookieOptions`). */
  cookies: { secure: boolean; keys: Keyring };
};

/** The secret as stored in DATA_DIR/secrets.json when the environment gives none. */
export type Secrets = { sessionSecret: string };

export class ConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ConfigError';
  }
}

/** Parse the environment; throws ConfigError naming every bad variable. */
export function parseEnv(env: NodeJS.ProcessEnv): z.infer<typeof envSchema> {
  // Blank strings count as unset, as a shell `FOO=` usually means.
  const cleaned = Object.fromEntries(
    Object.entries(env).filter(([, value]) => value !== undefined && value !== ''),
  );
  const result = envSchema
    .superRefine((env, ctx) => {
      if (env.NODE_ENV === 'production' && !env.PUBLIC_URL) {
        ctx.addIssue({
          code: 'custom',
          path: ['PUBLIC_URL'],
          message:
            "required in production: the store's public origin, e.g. https://shop.example.com (absolute URLs are never taken from request headers)",
        });
      }
    })
    .safeParse(cleaned);
  if (!result.success) {
    const lines = result.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration in the environment:\n${lines.join('\n')}`);
  }
  return result.data;
}

export function loadSecrets(dataDir: string, fromEnv: Partial<Secrets>): Secrets {
  if (fromEnv.sessionSecret) return { sessionSecret: fromEnv.sessionSecret };
  const file = path.join(dataDir, 'secrets.json');
  try {
    const stored = z
      .object({ sessionSecret: z.string().min(32) })
      .parse(JSON.parse(fs.readFileSync(file, 'utf8')));
    return stored;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') {
      throw new ConfigError(`${file} is unreadable or malformed; remove it to generate new secrets.`);
    }
  }
  const secrets: Secrets = { sessionSecret: crypto.randomBytes(48).toString('base64url') };
  fs.mkdirSync(dataDir, { recursive: true });
  fs.writeFileSync(file, JSON.stringify(secrets, null, 2) + '\n', { mode: 0o600, flag: 'wx' });
  return secrets;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = parseEnv(env);
  const dataDir = path.resolve(parsed.DATA_DIR);
  const secure = parsed.PUBLIC_URL?.startsWith('https://') ?? false;
  const keys = deriveKeys({
    current: loadSecrets(dataDir, { sessionSecret: parsed.SESSION_SECRET }).sessionSecret,
    previous: parsed.OLD_SESSION_SECRETS ?? [],
  });
  return {
    env: parsed.NODE_ENV,
    port: parsed.PORT,
    host: parsed.HOST,
    database: parsed.DATABASE_URL
      ? { kind: 'postgres', url: parsed.DATABASE_URL, poolSize: parsed.DATABASE_POOL_SIZE }
      : { kind: 'pglite', dataDir: path.join(dataDir, 'db') },
    dataDir,
    uploads: {
      storage: parsed.UPLOAD_STORAGE ?? (parsed.DATABASE_URL ? 'database' : 'disk'),
      dir: path.join(dataDir, 'uploads'),
    },
    seedProducts: parsed.SEED_PRODUCTS,
    seedDemoAccounts:
      parsed.SEED_DEMO === ''
        ? !parsed.DATABASE_URL
        : parsed.SEED_DEMO === 'true' || parsed.SEED_DEMO === '1',
    publicUrl: parsed.PUBLIC_URL?.replace(/\/$/, ''),
    secure,
    trustProxy: parsed.TRUST_PROXY,
    logLevel: parsed.LOG_LEVEL,
    shutdownTimeoutMs: parsed.SHUTDOWN_TIMEOUT_MS,
    shutdownDrainMs: parsed.SHUTDOWN_DRAIN_MS ?? (parsed.NODE_ENV === 'production' ? 5_000 : 0),
    testFixtures: parsed.TEST_FIXTURES,
    benchStaticDir: parsed.BENCH_STATIC_DIR && path.resolve(parsed.BENCH_STATIC_DIR),
    microCacheTtlMs: parsed.MICRO_CACHE_TTL_MS,
    render: { concurrency: parsed.RENDER_CONCURRENCY, queue: parsed.RENDER_QUEUE },
    catalogueCheckMs: parsed.CATALOGUE_CHECK_MS,
    search: { syncMs: parsed.SEARCH_SYNC_MS, cacheEntries: parsed.SEARCH_CACHE_ENTRIES },
    associateDomains: Object.fromEntries(
      parsed.ASSOCIATE_DOMAINS.split(',').map((pair) => {
        const [domain, group] = pair.split('=') as [string, string];
        return [domain.trim().toLowerCase(), group.trim()];
      }),
    ),
    idp: {
      url: parsed.IDP_URL?.replace(/\/$/, ''),
      clientId: parsed.IDP_CLIENT_ID,
      issuer:
        parsed.IDP_URL?.replace(/\/$/, '') ??
        `${parsed.PUBLIC_URL?.replace(/\/$/, '') ?? `http://localhost:${parsed.PORT}`}/idp`,
    },
    mail: {
      smtpUrl: parsed.SMTP_URL,
      from: parsed.MAIL_FROM,
      address: `no-reply@${parsed.PUBLIC_URL ? new URL(parsed.PUBLIC_URL).hostname : 'localhost'}`,
    },
    keys,
    cookies: { secure, keys: keys.cookies },
  };
}
