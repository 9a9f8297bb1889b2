import { describe, expect, test } from 'vitest';
import { hashPassword, verifyPassword } from './password-hash';

// scrypt is slow by design (about half a second a hash at the production cost, more on a busy machine).
describe('password hashing', { timeout: 30_000 }, () => {
  test('hashes to scrypt$N$r$p$salt$hash and verifies the same password only', async () => {
    const hash = await hashPassword('Outdoors#2026');
    expect(hash).toMatch(/^scrypt\$\d+\$\d+\$\d+\$[A-Za-z0-9+/]+=*\$[A-Za-z0-9+/]+=*$/);
    expect(await verifyPassword('Outdoors#2026', hash)).toBe(true);
    expect(await verifyPassword('Outdoors#2027', hash)).toBe(false);
    expect(await verifyPassword('', hash)).toBe(false);
  });

  test('salts every hash', async () => {
    const [first, second] = await Promise.all([hashPassword('Outdoors#2026'), hashPassword('Outdoors#2026')]);
    expect(first).not.toBe(second);
  });

  test('verifies hashes made with other parameters (they travel with the hash)', async () => {
    // N 2^10, r 8, p 1 and a 32-byte key of "password" with the 16-byte salt "0123456789abcdef".
    const { scryptSync } = await import('node:crypto');
    const salt = Buffer.from('0123456789abcdef');
    const key = scryptSync('password', salt, 32, { N: 1024, r: 8, p: 1 });
    const stored = `scrypt$1024$8$1$${salt.toString('base64')}$${key.toString('base64')}`;
    expect(await verifyPassword('password', stored)).toBe(true);
    expect(await verifyPassword('Password', stored)).toBe(false);
  });

  test.each([
    ['not a hash'],
    ['bcrypt$10$8$1$c2FsdA==$a2V5a2V5a2V5a2V5a2V5a2V5'],
    ['scrypt$1000$8$1$c2FsdA==$a2V5a2V5a2V5a2V5a2V5a2V5'], // N not a power of two
    ['scrypt$2097152$8$1$c2FsdA==$a2V5a2V5a2V5a2V5a2V5a2V5'], // N above the bound
    ['scrypt$1024$0$1$c2FsdA==$a2V5a2V5a2V5a2V5a2V5a2V5'],
    ['scrypt$1024$8$1$$a2V5a2V5a2V5a2V5a2V5a2V5'], // no salt
    ['scrypt$1024$8$1$c2FsdA==$a2V5'], // key too short
  ])('rejects the malformed hash %s without throwing', async (stored) => {
    expect(await verifyPassword('password', stored)).toBe(false);
  });
});
