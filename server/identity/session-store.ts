/**
 * The `SessionStore` port (decision 074): the server-side record of each customer session, so that a session can
 * end (sign-out, password reset) on every app server and every route. The first adapter keeps them in the
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
};

export type SessionStore = {
  /** A new session with a new random id (every sign-in gets one: no fixation). */
  create(input: { customerId: number; ttlMs: number }): Promise<SessionRecord>;
  /** The session, ended or not; null when there is no such id. */
  find(id: string): Promise<SessionRecord | null>;
  /** Notes that the session was used now. */
  touch(id: string): Promise<void>;
  /** Ends one session (no-op when ended already or unknown). */
  end(id: string): Promise<void>;
  /** Ends every session of the customer; answers how many were live. */
  endAll(customerId: number): Promise<number>;
  /** The customer's live sessions, newest first (for a "your sessions" page). */
  list(customerId: number): Promise<SessionRecord[]>;
};

/** Whether a record names a session that lasts at `now`. */
export function isLive(record: SessionRecord | null, now: Date): record is SessionRecord {
  return record !== null && record.endedAt === null && record.expiresAt.getTime() > now.getTime();
}
