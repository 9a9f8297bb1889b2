/**
 * One key per purpose, derived from the store's secret (decision 065). Nothing signs or seals with `SESSION_SECRET`
 * itself: each purpose gets its own key by HKDF-SHA256 (salt `storefront`, info the purpose), so a value signed for
 * one purpose (an upload URL) is never valid for another (a cookie), and a leaked derived key reveals neither the
 * secret nor the other keys.
 *
 * Rotation (`OLD_SESSION_SECRETS`): signed cookies are signed with the current secret's key and accepted under
 * the previous secrets' keys too, so a rotation signs no one out. The other purposes live minutes (upload links,
 * rate-limit windows, the embedded provider's flow) or are printed at start-up (the mail viewer token): they use
 * the current secret only.
 */
import crypto from 'node:crypto';

/** The purposes a key is derived for; a new purpose is a new name here, never a reused key. */
export type KeyPurpose =
  | 'cookies'
  | 'uploads'
  | 'mail-viewer'
  | 'rate-limit'
  | 'identity-provider'
  | 'unsubscribe'
  | 'esi-fragments';

/** Keys to sign with and to verify against: the first signs, every one verifies (never empty). */
export type Keyring = readonly [string, ...string[]];

export type Secrets = {
  /** SESSION_SECRET (or the generated one in DATA_DIR/secrets.json). */
  current: string;
  /** OLD_SESSION_SECRETS: secrets being rotated out, accepted for signed cookies, never used to sign. */
  previous: readonly string[];
};

export type Keys = {
  /** Signed cookies (server/web/cookies.server.ts), and the key the store's sealed cookies derive theirs from. */
  cookies: Keyring;
  /** Signed photo URLs of the repair desk. */
  uploads: string;
  /** The operator token of the mail viewer (`/mail?token=…`). */
  mailViewer: string;
  /** The keyed hash of rate-limited values (e-mail addresses) in the rate-limit table. */
  rateLimit: string;
  /** The embedded sign-in provider's sealed cookies and keyed hashes. */
  identityProvider: string;
  /**
   * The unsubscribe links of marketing mails. Mailed links live for years, so this key is derived from every
   * secret: the first signs, every one verifies (a rotation breaks no link already sent).
   */
  unsubscribe: Keyring;
  /**
   * The fragment URLs of the shells the CDN keeps (decision 115). A shell lives in the CDN up to a day past its
   * expiry, so this key is derived from every secret too: a rotation breaks no shell already stored.
   */
  esiFragments: Keyring;
};

export function deriveKey(secret: string, purpose: KeyPurpose): string {
  return Buffer.from(crypto.hkdfSync('sha256', secret, 'storefront', purpose, 32)).toString('base64url');
}

export function deriveKeys(secrets: Secrets): Keys {
  return {
    cookies: [
      deriveKey(secrets.current, 'cookies'),
      ...secrets.previous.map((secret) => deriveKey(secret, 'cookies')),
      // Cookies signed before per-purpose keys (with the secret itself) stay valid, so the upgrade signs no one out
      // and empties no cart. They are re-signed with the derived key when next written; drop these two lines once
      // a release has run for 30 days (the longest signed cookie, `cart`).
      secrets.current,
      ...secrets.previous,
    ],
    uploads: deriveKey(secrets.current, 'uploads'),
    mailViewer: deriveKey(secrets.current, 'mail-viewer'),
    rateLimit: deriveKey(secrets.current, 'rate-limit'),
    identityProvider: deriveKey(secrets.current, 'identity-provider'),
    unsubscribe: [
      deriveKey(secrets.current, 'unsubscribe'),
      ...secrets.previous.map((secret) => deriveKey(secret, 'unsubscribe')),
    ],
    esiFragments: [
      deriveKey(secrets.current, 'esi-fragments'),
      ...secrets.previous.map((secret) => deriveKey(secret, 'esi-fragments')),
    ],
  };
}
