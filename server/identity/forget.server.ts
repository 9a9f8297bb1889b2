/**
 * The identity context's part of an account deletion (issue 26 §4; decision 101), in the deletion workflow's
 * transaction: every session of the customer's goes (the store's records, so their cookies are signed out on every
 * app server, and the provider's, so their tokens are refused), with the single-use tokens mailed to them and any
 * authorization code not yet exchanged. The workflow has ended the sessions through the session service first, so
 * this process's session cache forgets them too.
 */
import { and, eq, isNull } from 'drizzle-orm';
import type { Tx } from '../db/database.server';
import { idpAuthorizationCodes, idpOneTimeTokens, idpSessions, sessions } from './schema';

export async function forgetCustomerIdentity(tx: Tx, customerId: number, now: Date): Promise<void> {
  await tx.delete(sessions).where(eq(sessions.customerId, customerId));
  // Revoked rather than removed: a token naming a revoked session is refused (a missing one would be too).
  await tx
    .update(idpSessions)
    .set({ revokedAt: now })
    .where(and(eq(idpSessions.customerId, customerId), isNull(idpSessions.revokedAt)));
  await tx.delete(idpOneTimeTokens).where(eq(idpOneTimeTokens.customerId, customerId));
  await tx.delete(idpAuthorizationCodes).where(eq(idpAuthorizationCodes.customerId, customerId));
}
