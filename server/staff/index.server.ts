/**
 * The staff context (decision 088): staff accounts with roles, their sign-in (a session page and HTTP Basic, both
 * behind the same lockouts) and the door every staff screen calls with the role it needs. Other contexts record a
 * staff decision by the `StaffUser`'s id.
 */
import type { Clock } from '../clock';
import type { Database } from '../db/database.server';
import type { CookieOptions } from '../web/cookies.server';
import { createAccounts } from './accounts.server';
import { createStaffDoor } from './door.server';
import { createLockouts } from './lockout.server';
import { createStaffSignIn } from './sign-in.server';

export { StaffAccountError, type StaffUser } from './accounts.server';
export { basicCredentials, BASIC_CHALLENGE } from './door.server';
export { ACCOUNT_LOCK, ADDRESS_LOCK, STAFF_SESSION_MS, type SignInOutcome } from './sign-in.server';
export * from './public';

export type StaffSignIn = ReturnType<typeof createStaffSignIn>;
export type StaffService = ReturnType<typeof createStaffService>;

export function createStaffService(deps: { db: Database; clock: Clock; cookies: CookieOptions }) {
  const accounts = createAccounts(deps);
  const lockouts = createLockouts(deps);
  const signIn = createStaffSignIn({ ...deps, accounts, lockouts });
  const door = createStaffDoor({ signIn, cookies: deps.cookies, now: () => deps.clock.now().getTime() });
  return {
    accounts,
    /** Checks an e-mail and password (counted before the hash); the sign-in page's action calls it. */
    authenticate: signIn.authenticate,
    door,
  };
}
