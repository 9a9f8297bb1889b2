/**
 * The customers context's service: customers, their group and flags (SPEC §3) as other contexts need them. The
 * sign-in provider keeps credentials here (`credentials`, `setPassword`, `enable`); the storefront loads a signed-in
 * customer's profile, group and flags with `profile`. Made of three parts: accounts (`accounts.server.ts`),
 * addresses (`addresses.server.ts`) and the pro program (`pro-program.server.ts`).
 */
import type { Database } from '../db/database.server';
import type { Logger } from '../logger';
import { createAccounts } from './accounts.server';
import { createAddresses } from './addresses.server';
import { createProProgram } from './pro-program.server';
import type { CustomersService } from './types';

export * from './types';
export type { CustomerGroup } from './groups.server';

export function createCustomersService({
  db,
  logger,
  viewerCheckMs = 0,
}: {
  db: Database;
  logger: Logger;
  /** How often at most `viewerVersionOf` looks for changes made elsewhere; 0: before every answer. */
  viewerCheckMs?: number;
}): CustomersService {
  return {
    ...createAccounts({ db, logger }),
    ...createAddresses({ db }),
    ...createProProgram({ db, viewerCheckMs }),
  };
}

// Queries other contexts' services are built with (server/context.server.ts), and the types they answer.
export { selectCustomerGroups } from './groups.server';
export { customerExists } from './lookup.server';
export { eraseCustomer, isErasedCustomer, setDoNotSell } from './erase.server';
export { promoLookups, type ApproverPage, type PromoApprover } from './promo-approvers.server';
export { repairUserInfo, type RepairUserInfoPrefill } from './repair-user-info.server';
export { isUnsubscribeToken, unsubscribeHeaders, unsubscribeUrl } from './unsubscribe-link';
