/**
 * What the embedded provider keeps in the database (server/identity/schema.ts): signing keys, one-time codes,
 * sessions, lockouts and mailed single-use tokens. Every claim of a one-time value is one conditional UPDATE, so
 * two concurrent exchanges of one code never both succeed, on PGlite or on PostgreSQL behind several app servers.
 */
import { and, desc, eq, gt, isNull, lte, sql } from 'drizzle-orm';
import { exportJWK, generateKeyPair, importJWK, type CryptoKey, type JWK } from 'jose';
import type { Clock } from '../../clock';
import type { Database } from '../../db/database.server';
import { idpAuthorizationCodes, idpLockouts, idpOneTimeTokens, idpSessions, idpSigningKeys } from '../schema';
import { randomToken, secretHash } from '../seal.server';

export const SIGNING_ALGORITHM = 'ES256';

export type SigningKey = { kid: string; privateKey: CryptoKey; publicJwk: JWK };

export type CodeClaim =
  | { kind: 'ok'; customerId: number; clientId: string; codeChallenge: string }
  | { kind: 'unknown' }
  | { kind: 'reused' }
  | { kind: 'expired' };

export type OneTimeClaim = { kind: 'ok'; customerId: number } | { kind: 'invalid' } | { kind: 'expired' };

/** How long an app server signs with the key it read before reading again (decision 079). */
export const SIGNING_KEY_CACHE_MS = 60_000;

export type KeyInfo = { kid: string; createdAt: Date; signsFrom: Date; retiredAt: Date | null };

export function createProviderStore({ db, clock }: { db: Database; clock: Clock }) {
  let signing: { key: Promise<SigningKey>; readAt: number } | undefined;
  const now = () => clock.now();

  /** A new key pair, stored; it signs from `signsFrom` (now by default) and verifies from now on. */
  async function createKey(signsFrom: Date = now()): Promise<string> {
    const { privateKey, publicKey } = await generateKeyPair(SIGNING_ALGORITHM, { extractable: true });
    const kid = randomToken(12);
    const publicJwk = { ...(await exportJWK(publicKey)), kid, alg: SIGNING_ALGORITHM, use: 'sig' };
    const privateJwk = { ...(await exportJWK(privateKey)), kid, alg: SIGNING_ALGORITHM };
    await db.insert(idpSigningKeys).values({ kid, privateJwk, publicJwk, signsFrom, createdAt: now() });
    return kid;
  }

  /** The key that signs now: unretired, its `signs_from` come, the latest such. */
  async function currentKey() {
    const at = now();
    return (
      await db
        .select()
        .from(idpSigningKeys)
        .where(and(isNull(idpSigningKeys.retiredAt), lte(idpSigningKeys.signsFrom, at)))
        .orderBy(desc(idpSigningKeys.signsFrom), desc(idpSigningKeys.createdAt), desc(idpSigningKeys.kid))
        .limit(1)
    )[0];
  }

  async function loadOrCreateKey(): Promise<SigningKey> {
    let row = await currentKey();
    if (!row) {
      // The first server to start makes the first key; two that start at once each make one, and both verify.
      await createKey();
      row = await currentKey();
      if (!row) throw new Error('the provider could not store its signing key');
    }
    const privateKey = (await importJWK(row.privateJwk as JWK, SIGNING_ALGORITHM)) as CryptoKey;
    return { kid: row.kid, privateKey, publicJwk: row.publicJwk as JWK };
  }

  return {
    /** The key to sign with, read again after SIGNING_KEY_CACHE_MS so a rotation reaches every server. */
    signingKey(): Promise<SigningKey> {
      const at = now().getTime();
      if (!signing || at - signing.readAt >= SIGNING_KEY_CACHE_MS || at < signing.readAt) {
        const key = loadOrCreateKey();
        signing = { key, readAt: at };
        key.catch(() => {
          if (signing?.key === key) signing = undefined;
        });
      }
      return signing.key;
    },

    /** The public keys every token is verified with: every unretired key (one that signs later, too). */
    async publicKeys(): Promise<JWK[]> {
      await this.signingKey();
      const rows = await db
        .select({ publicJwk: idpSigningKeys.publicJwk })
        .from(idpSigningKeys)
        .where(isNull(idpSigningKeys.retiredAt));
      return rows.map((row) => row.publicJwk as JWK);
    },

    /** Rotation (decision 079): a new key, published now, signing from `signsFrom`; old keys verify until retired. */
    async rotateKey(options: { signsFrom?: Date } = {}): Promise<string> {
      const kid = await createKey(options.signsFrom ?? now());
      signing = undefined;
      return kid;
    },

    /**
     * Retires a key: tokens it signed verify nowhere after the verifiers' key cache (KEY_CACHE_MS). Refused for the
     * key that signs now while no other would (rotate first).
     */
    async retireKey(kid: string): Promise<'retired' | 'unknown' | 'signing'> {
      const current = await currentKey();
      if (current?.kid === kid) {
        const others = await db
          .select({ kid: idpSigningKeys.kid })
          .from(idpSigningKeys)
          .where(and(isNull(idpSigningKeys.retiredAt), lte(idpSigningKeys.signsFrom, now())));
        if (others.length < 2) return 'signing';
      }
      const [row] = await db
        .update(idpSigningKeys)
        .set({ retiredAt: now() })
        .where(and(eq(idpSigningKeys.kid, kid), isNull(idpSigningKeys.retiredAt)))
        .returning({ kid: idpSigningKeys.kid });
      signing = undefined;
      return row ? 'retired' : 'unknown';
    },

    async listKeys(): Promise<KeyInfo[]> {
      return db
        .select({
          kid: idpSigningKeys.kid,
          createdAt: idpSigningKeys.createdAt,
          signsFrom: idpSigningKeys.signsFrom,
          retiredAt: idpSigningKeys.retiredAt,
        })
        .from(idpSigningKeys)
        .orderBy(desc(idpSigningKeys.signsFrom));
    },

    async createCode(input: { customerId: number; clientId: string; codeChallenge: string; ttlMs: number }) {
      const code = randomToken(32);
      await db.insert(idpAuthorizationCodes).values({
        codeHash: secretHash(code),
        customerId: input.customerId,
        clientId: input.clientId,
        codeChallenge: input.codeChallenge,
        expiresAt: new Date(clock.now().getTime() + input.ttlMs),
      });
      return code;
    },

    /** Marks the code used (whatever happens next: a failed exchange burns it too) and says what it was. */
    async claimCode(code: string): Promise<CodeClaim> {
      const codeHash = secretHash(code);
      const now = clock.now();
      const [claimed] = await db
        .update(idpAuthorizationCodes)
        .set({ usedAt: now })
        .where(and(eq(idpAuthorizationCodes.codeHash, codeHash), isNull(idpAuthorizationCodes.usedAt)))
        .returning();
      if (!claimed) {
        const [existing] = await db
          .select({ codeHash: idpAuthorizationCodes.codeHash })
          .from(idpAuthorizationCodes)
          .where(eq(idpAuthorizationCodes.codeHash, codeHash))
          .limit(1);
        return existing ? { kind: 'reused' } : { kind: 'unknown' };
      }
      if (claimed.expiresAt.getTime() <= now.getTime()) return { kind: 'expired' };
      return {
        kind: 'ok',
        customerId: claimed.customerId,
        clientId: claimed.clientId,
        codeChallenge: claimed.codeChallenge,
      };
    },

    async createSession(input: { customerId: number; clientId: string; ttlMs: number }) {
      const sid = randomToken(24);
      const expiresAt = new Date(clock.now().getTime() + input.ttlMs);
      await db
        .insert(idpSessions)
        .values({ sid, customerId: input.customerId, clientId: input.clientId, expiresAt });
      return { sid, expiresAt };
    },

    async sessionIsLive(sid: string): Promise<boolean> {
      const [row] = await db
        .select({ sid: idpSessions.sid })
        .from(idpSessions)
        .where(
          and(
            eq(idpSessions.sid, sid),
            isNull(idpSessions.revokedAt),
            gt(idpSessions.expiresAt, clock.now()),
          ),
        )
        .limit(1);
      return row !== undefined;
    },

    async revokeSession(sid: string): Promise<void> {
      await db
        .update(idpSessions)
        .set({ revokedAt: clock.now() })
        .where(and(eq(idpSessions.sid, sid), isNull(idpSessions.revokedAt)));
    },

    async revokeCustomerSessions(customerId: number): Promise<void> {
      await db
        .update(idpSessions)
        .set({ revokedAt: clock.now() })
        .where(and(eq(idpSessions.customerId, customerId), isNull(idpSessions.revokedAt)));
    },

    /**
     * Claims one sign-in attempt of an account before its password is checked (decision 075): one guarded upsert,
     * so concurrent attempts take turns on the row and none is counted twice. Refused while the account is locked;
     * the `maxFailures`-th attempt in a row locks it for `lockMs` at once (`locksOut`), before its own password is
     * checked, so attempts that arrive meanwhile are refused without a hash. A right password ends the count
     * (`clearFailures`), which lifts a lock its own attempt started. A lock that has ended starts a new count.
     */
    async claimAttempt(
      key: string,
      options: { maxFailures: number; lockMs: number },
    ): Promise<{ allowed: true; locksOut: boolean } | { allowed: false; secondsLeft: number }> {
      const now = clock.now();
      const lockedUntil = new Date(now.getTime() + options.lockMs);
      const at = sql`${now.toISOString()}::timestamptz`;
      const ended = sql`(${idpLockouts.lockedUntil} is not null and ${idpLockouts.lockedUntil} <= ${at})`;
      const count = sql`case when ${ended} then 1 else ${idpLockouts.failures} + 1 end`;
      const [claimed] = await db
        .insert(idpLockouts)
        .values({
          key,
          failures: 1,
          lockedUntil: options.maxFailures <= 1 ? lockedUntil : null,
          updatedAt: now,
        })
        .onConflictDoUpdate({
          target: idpLockouts.key,
          set: {
            failures: count,
            lockedUntil: sql`case when ${count} >= ${options.maxFailures} then ${lockedUntil.toISOString()}::timestamptz else null end`,
            updatedAt: now,
          },
          setWhere: sql`${idpLockouts.lockedUntil} is null or ${idpLockouts.lockedUntil} <= ${at}`,
        })
        .returning({ lockedUntil: idpLockouts.lockedUntil });
      if (claimed) return { allowed: true, locksOut: claimed.lockedUntil !== null };
      const [row] = await db
        .select({ lockedUntil: idpLockouts.lockedUntil })
        .from(idpLockouts)
        .where(eq(idpLockouts.key, key))
        .limit(1);
      const left = (row?.lockedUntil?.getTime() ?? now.getTime()) - now.getTime();
      return { allowed: false, secondsLeft: Math.max(1, Math.ceil(left / 1000)) };
    },

    async clearFailures(key: string): Promise<void> {
      await db.delete(idpLockouts).where(eq(idpLockouts.key, key));
    },

    /** A new single-use token for `purpose`; earlier unused ones of the same purpose stop working. */
    async createOneTimeToken(
      customerId: number,
      purpose: 'verify' | 'reset',
      ttlMs: number,
    ): Promise<string> {
      const token = randomToken(32);
      const now = clock.now();
      await db
        .update(idpOneTimeTokens)
        .set({ usedAt: now })
        .where(
          and(
            eq(idpOneTimeTokens.customerId, customerId),
            eq(idpOneTimeTokens.purpose, purpose),
            isNull(idpOneTimeTokens.usedAt),
          ),
        );
      await db.insert(idpOneTimeTokens).values({
        tokenHash: secretHash(token),
        purpose,
        customerId,
        expiresAt: new Date(now.getTime() + ttlMs),
      });
      return token;
    },

    async claimOneTimeToken(token: string, purpose: 'verify' | 'reset'): Promise<OneTimeClaim> {
      const now = clock.now();
      const [claimed] = await db
        .update(idpOneTimeTokens)
        .set({ usedAt: now })
        .where(
          and(
            eq(idpOneTimeTokens.tokenHash, secretHash(token)),
            eq(idpOneTimeTokens.purpose, purpose),
            isNull(idpOneTimeTokens.usedAt),
          ),
        )
        .returning();
      if (!claimed) return { kind: 'invalid' };
      if (claimed.expiresAt.getTime() <= now.getTime()) return { kind: 'expired' };
      return { kind: 'ok', customerId: claimed.customerId };
    },

    /** Whether a reset token is usable, without using it (the reset page checks before showing its form). */
    async oneTimeTokenIsLive(token: string, purpose: 'verify' | 'reset'): Promise<boolean> {
      const [row] = await db
        .select({ tokenHash: idpOneTimeTokens.tokenHash })
        .from(idpOneTimeTokens)
        .where(
          and(
            eq(idpOneTimeTokens.tokenHash, secretHash(token)),
            eq(idpOneTimeTokens.purpose, purpose),
            isNull(idpOneTimeTokens.usedAt),
            gt(idpOneTimeTokens.expiresAt, clock.now()),
          ),
        )
        .limit(1);
      return row !== undefined;
    },
  };
}

export type ProviderStore = ReturnType<typeof createProviderStore>;
