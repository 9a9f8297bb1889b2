/**
 * A signed-in customer changes their password (issue 26 §4, issue 23 §2; decision 086): the current password is
 * checked against the stored hash, the new one (already through SPEC §5's shared check) is hashed as the provider
 * hashes it, and every other session of the customer ends on every server; the asking session lasts. Guessing the
 * current password is bounded by the route's limits (per client and per customer).
 */
import type { CustomersService } from '../customers/index.server';
import type { ViewerCustomer } from '../viewer/index.server';
import { hashPassword, verifyPassword } from './password-hash';
import type { CustomerSessions } from './sessions.server';

export type PasswordChangeOutcome =
  | { ok: true; endedSessions: number }
  /** `wrong-current`: the current password does not match (or the account has none). */
  | { ok: false; reason: 'wrong-current' };

export function createPasswordChange(
  deps: { customers: Pick<CustomersService, 'credentialsById' | 'setPassword'> },
  sessions: Pick<CustomerSessions, 'endOthers'>,
) {
  return async function changePassword(input: {
    customer: Pick<ViewerCustomer, 'id' | 'sessionId'>;
    currentPassword: string;
    newPassword: string;
  }): Promise<PasswordChangeOutcome> {
    const account = await deps.customers.credentialsById(input.customer.id);
    if (!account?.passwordHash || !(await verifyPassword(input.currentPassword, account.passwordHash)))
      return { ok: false, reason: 'wrong-current' };
    await deps.customers.setPassword(account.id, await hashPassword(input.newPassword));
    const endedSessions = await sessions.endOthers(account.id, input.customer.sessionId);
    return { ok: true, endedSessions };
  };
}
