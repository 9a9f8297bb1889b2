import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

/**
 * Configuration is read from the environment once, at start-up, and parsed with zod. A bad value stops the
 * process with a message naming the variable. Secrets not given in the environment are generated on first
 * start and kept in `<DATA_DIR>/secrets.json` (mode 0600) so that sessions survive restarts.
 */
const booleanish = z
  .enum(['true', 'false', '1', '0', 'yes', 'no', ''])
  .transform((value) => value === 'true' || value === '1' || value === 'yes');

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
  /** Products generated on first start of an empty database. */
  SEED_PRODUCTS: z.coerce.number().int().min(1).max(100_000).default(320),
  /** Public origin (scheme://host[:port]) used for canonical URLs and the Origin check behind a proxy. */
  PUBLIC_URL: z.string().url().optional(),
  TRUST_PROXY: booleanish.default('false'),
  LOG_LEVEL: z.enum(['debug', 'info', 'warn', 'error']).default('info'),
  SESSION_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  /** Grace period for in-flight requests on SIGTERM/SIGINT. */
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(0).default(10_000),
  /** Benchmarks only: a folder served under /__static/ by the same server, for the static baseline. */
  BENCH_STATIC_DIR: z.string().min(1).optional(),
  /** Milliseconds an anonymous public page is reused from the in-process micro-cache (server/http); 0: off. */
  MICRO_CACHE_TTL_MS: z.coerce.number().int().min(0).max(60_000).default(10_000),
  /** How often the search index applies catalogue changes (server/search); 0: only at start. */
  SEARCH_SYNC_MS: z.coerce.number().int().min(0).max(3_600_000).default(5_000),
  /** Per-term caches of search results and suggestions (entries each); 0: off. */
  SEARCH_CACHE_ENTRIES: z.coerce.number().int().min(0).max(100_000).default(1_000),
});

export type Config = {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  database: { kind: 'postgres'; url: string; poolSize: number } | { kind: 'pglite'; dataDir: string };
  dataDir: string;
  seedProducts: number;
  publicUrl?: string;
  trustProxy: boolean;
  logLevel: 'debug' | 'info' | 'warn' | 'error';
  shutdownTimeoutMs: number;
  benchStaticDir?: string;
  microCacheTtlMs: number;
  search: { syncMs: number; cacheEntries: number };
  secrets: Secrets;
};

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
  const result = envSchema.safeParse(cleaned);
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
  return {
    env: parsed.NODE_ENV,
    port: parsed.PORT,
    host: parsed.HOST,
    database: parsed.DATABASE_URL
      ? { kind: 'postgres', url: parsed.DATABASE_URL, poolSize: parsed.DATABASE_POOL_SIZE }
      : { kind: 'pglite', dataDir: path.join(dataDir, 'db') },
    dataDir,
    seedProducts: parsed.SEED_PRODUCTS,
    publicUrl: parsed.PUBLIC_URL?.replace(/\/$/, ''),
    trustProxy: parsed.TRUST_PROXY,
    logLevel: parsed.LOG_LEVEL,
    shutdownTimeoutMs: parsed.SHUTDOWN_TIMEOUT_MS,
    benchStaticDir: parsed.BENCH_STATIC_DIR && path.resolve(parsed.BENCH_STATIC_DIR),
    microCacheTtlMs: parsed.MICRO_CACHE_TTL_MS,
    search: { syncMs: parsed.SEARCH_SYNC_MS, cacheEntries: parsed.SEARCH_CACHE_ENTRIES },
    secrets: loadSecrets(dataDir, { sessionSecret: parsed.SESSION_SECRET }),
  };
}
