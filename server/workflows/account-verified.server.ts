/**
 * What follows when a customer proves their e-mail address (issue 26 §3), across the customers context (the
 * account is enabled) and the checkout (their guest orders join the account). The embedded provider calls
 * `customers.enable` when a verification or reset link is used; the composition root hands it this workflow's
 * `enable` in its place, so the provider needs to know nothing of orders.
 */
import type { CustomersService } from '../customers/index.server';
import type { Logger } from '../logger';

export function createAccountVerified(deps: {
  customers: Pick<CustomersService, 'enable' | 'credentialsById'>;
  /** The checkout's `claimGuestOrders` over the store's database. */
  claimGuestOrders(customerId: number, email: string): Promise<number>;
  logger: Logger;
}): Pick<CustomersService, 'enable'> {
  return {
    async enable(customerId) {
      const enabled = await deps.customers.enable(customerId);
      // Called only once a link proved the mailbox; claimed even when the account was enabled already (a reset
      // of an active account, or a first attempt that failed after enabling), since guest orders may be new.
      const account = await deps.customers.credentialsById(customerId);
      if (account) {
        const claimed = await deps.claimGuestOrders(customerId, account.email);
        if (claimed > 0) deps.logger.info('guest orders joined the account', { customerId, orders: claimed });
      }
      return enabled;
    },
  };
}
