/**
 * A customer deletes their account (issue 26 §4; decision 101). It spans contexts, each removing its own part in
 * one transaction this workflow owns:
 *
 * - customers: the profile, addresses, flags, consents, pro applications and newsletter sign-up go; the row stays
 *   as a tombstone without personal data (`eraseCustomer`; it is locked first, so a second deletion at once waits
 *   and then finds nothing left to do);
 * - identity: every session (store and provider), mailed tokens and unexchanged codes;
 * - checkout: orders kept for accounting, anonymised (as the privacy policy says);
 * - cart: the customer's carts; inventory: back-in-stock requests of the address; repairs: drafts go, submitted
 *   repairs lose the contact details; analytics: events no longer name them.
 *
 * The current password is checked first (the route bounds guessing). Every session is ended before the
 * transaction through the session service, so this process's session cache forgets them at once and the asking
 * browser is signed out whatever happens next. Afterwards, signing in with the old e-mail and password fails as for
 * any unknown address, and the address may register again.
 */
import { forgetCustomerEvents } from '../analytics/index.server';
import { removeCustomerCarts, type CartService } from '../cart/index.server';
import { anonymiseCustomerOrders } from '../checkout/index.server';
import type { Clock } from '../clock';
import { eraseCustomer, type CustomersService } from '../customers/index.server';
import type { Database } from '../db/database.server';
import { forgetCustomerIdentity, verifyPassword } from '../identity/index.server';
import { forgetBackInStockRequests } from '../inventory/index.server';
import type { Logger } from '../logger';
import { anonymiseCustomerRepairs } from '../repairs/index.server';

export type DeleteAccountOutcome =
  /** `deleted` false: another request deleted it first (a double submit): the same outcome for the customer. */
  | { ok: true; deleted: boolean }
  /** The current password does not match (or the account has none). */
  | { ok: false; reason: 'wrong-password' };

export type DeleteAccount = (input: {
  customerId: number;
  password: string;
  /** The asking browser's cart (the header count forgets it). */
  cartId: string | null;
}) => Promise<DeleteAccountOutcome>;

export function createDeleteAccount(deps: {
  db: Database;
  clock: Clock;
  logger: Logger;
  customers: Pick<CustomersService, 'credentialsById'>;
  /** The identity service's `endOtherSessions` with no session kept: every session of the customer ends. */
  endSessions(customerId: number): Promise<number>;
  cart: Pick<CartService, 'write'>;
}): DeleteAccount {
  return async function deleteAccount({ customerId, password, cartId }) {
    const account = await deps.customers.credentialsById(customerId);
    if (!account?.passwordHash || !(await verifyPassword(password, account.passwordHash)))
      return { ok: false, reason: 'wrong-password' };
    await deps.endSessions(customerId);
    let deleted = false;
    // The carts the transaction removes are told to the header count cache once it has ended.
    const result = await deps.cart.write([cartId], () =>
      deps.db.transaction(async (tx) => {
        const erased = await eraseCustomer(tx, customerId);
        if (!erased) return { cartId: null };
        await forgetCustomerIdentity(tx, customerId, deps.clock.now());
        const orders = await anonymiseCustomerOrders(tx, customerId, erased.email);
        const carts = await removeCustomerCarts(tx, customerId);
        const backInStock = await forgetBackInStockRequests(tx, erased.email);
        const repairs = await anonymiseCustomerRepairs(tx, customerId);
        await forgetCustomerEvents(tx, customerId, erased.email);
        deleted = true;
        // Counts only: nothing personal is logged.
        deps.logger.info('account deleted', {
          customerId,
          orders,
          carts: carts.length,
          backInStock,
          ...repairs,
        });
        return { cartId: null };
      }),
    );
    if ('ok' in result && !result.ok) throw new Error('account deletion failed');
    return { ok: true, deleted };
  };
}
