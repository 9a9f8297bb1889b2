/**
 * The do-not-sell choice (SPEC §6 `dns_flag`; issue 26 §4; decision 102), across the customers context (the choice
 * is saved on the customer's flags) and the cart (it reaches the SPEC §3 `dns_flag` metafield of every cart of the
 * customer's now, not only at the cart's next change), in one transaction. Every signed-in session of theirs
 * carries the new flag from its next request (the customer's viewer version moves on: decision 055), so later cart
 * changes write the same value.
 */
import { setCustomerCartsDnsFlag } from '../cart/index.server';
import { setDoNotSell } from '../customers/index.server';
import type { Database } from '../db/database.server';

export type SetDoNotSell = (customerId: number, doNotSell: boolean) => Promise<boolean>;

export function createDoNotSell(deps: { db: Database }): SetDoNotSell {
  return (customerId, doNotSell) =>
    deps.db.transaction(async (tx) => {
      if (!(await setDoNotSell(tx, customerId, doNotSell))) return false;
      await setCustomerCartsDnsFlag(tx, customerId, doNotSell);
      return true;
    });
}
