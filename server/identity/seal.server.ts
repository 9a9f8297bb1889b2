/**
 * Sealed values for cookies that carry secrets (the PKCE verifier of a sign-in flow, the provider's flow state):
 * AES-256-GCM under a key derived (HKDF) from the store's secret and a purpose, so a value sealed for one purpose
 * never opens under another, and the browser can neither read nor alter it.
 */
import crypto from 'node:crypto';

const IV_BYTES = 12;
const TAG_BYTES = 16;

const keys = new Map<string, Buffer>();

function keyFor(secret: string, purpose: string): Buffer {
  const id = `${purpose}\n${secret}`;
  let key = keys.get(id);
  if (!key) {
    key = Buffer.from(crypto.hkdfSync('sha256', secret, 'storefront-seal', purpose, 32));
    keys.set(id, key);
  }
  return key;
}

export function seal(secret: string, purpose: string, value: unknown): string {
  const iv = crypto.randomBytes(IV_BYTES);
  const cipher = crypto.createCipheriv('aes-256-gcm', keyFor(secret, purpose), iv);
  const body = Buffer.concat([cipher.update(JSON.stringify(value), 'utf8'), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url');
}

/** The sealed value, or null when it is malformed, altered or sealed for another purpose or secret. */
export function unseal<T>(secret: string, purpose: string, sealed: string | undefined | null): T | null {
  if (!sealed || sealed.length > 8192) return null;
  try {
    const raw = Buffer.from(sealed, 'base64url');
    if (raw.length <= IV_BYTES + TAG_BYTES) return null;
    const decipher = crypto.createDecipheriv(
      'aes-256-gcm',
      keyFor(secret, purpose),
      raw.subarray(0, IV_BYTES),
    );
    decipher.setAuthTag(raw.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
    const text = Buffer.concat([decipher.update(raw.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]);
    return JSON.parse(text.toString('utf8')) as T;
  } catch {
    return null;
  }
}

/** SHA-256 of a one-time secret (codes, mailed tokens): only the hash is stored. */
export function secretHash(value: string): string {
  return crypto.createHash('sha256').update(value).digest('base64url');
}

export function randomToken(bytes = 32): string {
  return crypto.randomBytes(bytes).toString('base64url');
}
