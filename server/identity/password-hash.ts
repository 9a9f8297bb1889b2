/**
 * Password hashing with scrypt (node:crypto), stored as `scrypt$N$r$p$saltBase64$hashBase64`.
 * The parameters travel with each hash, so they can be raised later without invalidating stored hashes.
 * The identity provider hashes and checks with it; the seed hashes the demo accounts' password with it.
 */
import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

/**
 * One of OWASP's equivalent scrypt minimums (N 2^15, r 8, p 3): as strong as N 2^17 with p 1 but needs
 * 32 MiB per hash instead of 128 MiB, which matters when many sign-ins run at once.
 */
const COST = 2 ** 15;
const BLOCK_SIZE = 8;
const PARALLELISM = 3;
const SALT_BYTES = 16;
const KEY_BYTES = 32;
/** Bounds on parameters read back from a stored hash, so a tampered row cannot make us burn memory. */
const MAX_COST = 2 ** 20;
const MAX_BLOCK_SIZE = 32;
const MAX_PARALLELISM = 16;

function deriveKey(
  password: string,
  salt: Buffer,
  keyLength: number,
  options: ScryptOptions,
): Promise<Buffer> {
  // scrypt needs 128·N·r bytes; Node's default cap (32 MiB) is just below that for N 2^15, r 8.
  const maxmem = 256 * (options.N ?? COST) * (options.r ?? BLOCK_SIZE);
  return new Promise((resolve, reject) => {
    scrypt(password.normalize('NFKC'), salt, keyLength, { ...options, maxmem }, (error, key) =>
      error ? reject(error) : resolve(key),
    );
  });
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(SALT_BYTES);
  const key = await deriveKey(password, salt, KEY_BYTES, { N: COST, r: BLOCK_SIZE, p: PARALLELISM });
  return ['scrypt', COST, BLOCK_SIZE, PARALLELISM, salt.toString('base64'), key.toString('base64')].join('$');
}

type ParsedHash = { N: number; r: number; p: number; salt: Buffer; key: Buffer };

function parseHash(stored: string): ParsedHash | null {
  const parts = stored.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return null;
  const [N, r, p] = parts.slice(1, 4).map((part) => (/^\d+$/.test(part) ? Number(part) : NaN)) as [
    number,
    number,
    number,
  ];
  const isPowerOfTwo = N > 1 && (N & (N - 1)) === 0;
  if (!isPowerOfTwo || N > MAX_COST || !(r >= 1 && r <= MAX_BLOCK_SIZE) || !(p >= 1 && p <= MAX_PARALLELISM))
    return null;
  const salt = Buffer.from(parts[4] as string, 'base64');
  const key = Buffer.from(parts[5] as string, 'base64');
  if (salt.length === 0 || key.length < 16) return null;
  return { N, r, p, salt, key };
}

/** True when `password` matches `stored`; false for a wrong password or a malformed hash. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parsed = parseHash(stored);
  if (!parsed) return false;
  const key = await deriveKey(password, parsed.salt, parsed.key.length, {
    N: parsed.N,
    r: parsed.r,
    p: parsed.p,
  });
  // Constant-time comparison: the time taken does not depend on where the keys first differ.
  return timingSafeEqual(key, parsed.key);
}
