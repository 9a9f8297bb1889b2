/**
 * The `SessionStore` port (decision 074): the server-side record of each customer session, so that a session can
 * end (sign-out, password reset or change, the customer's own "sign out" of a session) on every app server and every route. The first adapter keeps them in the
 * database (`session-store.server.ts`); another (Redis, a session service) plugs in by passing this contract
 * (`test/contracts/session-store.ts`) and being given to `createIdentityService` and the provider in
 * `server/context.server.ts`.
 */

export type SessionRecord = {
  /** Random, URL-safe; carried in the signed `customer_session` cookie. */
  id: string;
  customerId: number;
  createdAt: Date;
  lastSeenAt: Date;
  expiresAt: Date;
  /** When it was ended (sign-out, password reset); null while it lasts. */
  endedAt: Date | null;
  /** A coarse label of the browser that signed in ("Firefox on Windows"), null when unknown (decision 086). */
  device: string | null;
  /** The provider's session (`sid` claim) of the token issued at this sign-in, null when unknown. */
  providerSid: string | null;
};

export type SessionStore = {
  /** A new session with a new random id (every sign-in gets one: no fixation). */
  create(input: {
    customerId: number;
    ttlMs: number;
    device?: string | null;
    providerSid?: string | null;
  }): Promise<SessionRecord>;
  /** The session, ended or not; null when there is no such id. */
  find(id: string): Promise<SessionRecord | null>;
  /** Notes that the session was used now. */
  touch(id: string): Promise<void>;
  /** Ends one session (no-op when ended already or unknown). */
  end(id: string): Promise<void>;
  /** Ends every session of the customer; answers how many were live. */
  endAll(customerId: number): Promise<number>;
  /** Ends every session of the customer but `keepId` (a password change); answers how many were live. */
  endOthers(customerId: number, keepId: string): Promise<number>;
  /** The customer's live sessions, newest first (for a "your sessions" page). */
  list(customerId: number): Promise<SessionRecord[]>;
  /** The newest session recorded with this provider session id, ended or not; null when none. */
  findByProviderSid(providerSid: string): Promise<SessionRecord | null>;
};

/** Whether a record names a session that lasts at `now`. */
export function isLive(record: SessionRecord | null, now: Date): record is SessionRecord {
  return record !== null && record.endedAt === null && record.expiresAt.getTime() > now.getTime();
}
